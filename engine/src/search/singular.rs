//! The singular extension: a hash move whose stored score no other move comes near is
//! searched one ply deeper; when even the other moves reach beta, the node is cut at once
//! (multi-cut); when another move comes close but the stored score already reaches beta,
//! the hash move is searched one ply shallower (a negative extension): the node is
//! likely to fail high with some move, and not only with this one.
//!
//! Off the principal variation, a hash move that the others stay far below
//! ([`DOUBLE_MARGIN`]) is searched two plies deeper, at most [`MAX_DOUBLE_EXTENSIONS`]
//! times along one line, so that the tree stays bounded.
//!
//! The test is a null-window search of the same node at half depth with the hash move
//! left out ([`super::worker::Frame::excluded`]) against a bound a little below the
//! stored score. That search stores nothing in the transposition table (the node's entry
//! would otherwise hold a score that leaves its best move out), tries no whole-node
//! pruning, and never tests a move of its own node for singularity again.

use crate::position::Position;
use crate::types::Move;

use super::score::MATE_BOUND;
use super::tt::{from_tt, TtBound, TtHit};
use super::worker::Worker;

/// The shallowest depth at which the hash move is tested.
const SINGULAR_DEPTH: i32 = 8;
/// How much shallower than the node the stored entry may be.
const TT_DEPTH_MARGIN: i32 = 3;
/// How far below the stored score, per ply of depth, the other moves must stay.
const MARGIN_PER_PLY: i32 = 2;
/// How far below the test's bound the other moves must stay for a double extension.
pub(crate) const DOUBLE_MARGIN: i32 = 25;
/// The most double extensions along one line from the root.
pub(crate) const MAX_DOUBLE_EXTENSIONS: u8 = 6;

/// What the singularity test found.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Singularity {
    /// Not tested, or another move comes close: search the hash move as usual.
    None,
    /// Every other move fails low: extend the hash move by one ply.
    Extend,
    /// Every other move fails low by far, off the principal variation: extend the hash
    /// move by two plies.
    DoubleExtend,
    /// The other moves reach beta without the hash move: the node fails high with this.
    MultiCut(i32),
    /// Another move comes close, and the stored score reaches beta: search the hash move
    /// one ply shallower.
    Reduce,
}

/// Whether the stored entry `hit`, seen at `ply`, is good enough to test its move at
/// `depth`: a lower bound or exact score, not much shallower, and not a mate.
fn worth_testing(hit: &TtHit, depth: i32, ply: usize) -> bool {
    depth >= SINGULAR_DEPTH
        && hit.depth >= depth - TT_DEPTH_MARGIN
        && matches!(hit.bound, TtBound::Lower | TtBound::Exact)
        && from_tt(hit.score, ply).abs() < MATE_BOUND
}

impl Worker<'_> {
    /// Tests whether `mv`, the hash move of `pos` (its entry `hit`), is singular at this
    /// node (below the root: `ply` ≥ 1). The node's repetition key must be on the key
    /// stack, as it is inside `search`. After a stop the answer is meaningless and the
    /// caller must look at `stopped`.
    #[expect(
        clippy::too_many_arguments,
        reason = "the node's search state, passed by value on the hot path"
    )]
    pub(crate) fn singularity(
        &mut self,
        pos: &Position,
        mv: Move,
        hit: &TtHit,
        depth: i32,
        beta: i32,
        ply: usize,
        cut: bool,
        pv: bool,
    ) -> Singularity {
        debug_assert!(ply > 0, "the root is never extended");
        if self.stack[ply].excluded.is_some() || !worth_testing(hit, depth, ply) {
            return Singularity::None;
        }
        let singular_beta = from_tt(hit.score, ply) - MARGIN_PER_PLY * depth;
        let singular_depth = (depth - 1) / 2;
        self.stack[ply].excluded = Some(mv);
        let score = self.search_node::<false>(
            pos,
            singular_depth,
            singular_beta - 1,
            singular_beta,
            ply,
            cut,
        );
        self.stack[ply].excluded = None;
        if score < singular_beta - DOUBLE_MARGIN
            && !pv
            && self.stack[ply].double_extensions < MAX_DOUBLE_EXTENSIONS
        {
            Singularity::DoubleExtend
        } else if score < singular_beta {
            Singularity::Extend
        } else if singular_beta >= beta {
            Singularity::MultiCut(singular_beta)
        } else if from_tt(hit.score, ply) >= beta {
            Singularity::Reduce
        } else {
            Singularity::None
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use std::time::Instant;

    use super::*;
    use crate::game::game_from;
    use crate::rules::draws::repetition::repetition_key;
    use crate::rules::RuleSet;
    use crate::search::odds::{OddsTerms, Terms};
    use crate::search::ordering::Histories;
    use crate::search::time::budget;
    use crate::search::worker::Shared;
    use crate::search::{Limits, TranspositionTable};
    use crate::types::Move;

    /// A node on the principal variation, and one off it with no double extension above.
    const PV: (bool, u8) = (true, 0);
    const OFF_PV: (bool, u8) = (false, 0);

    /// The Rook takes the Queen; every other move leaves White a Queen down at best.
    const ROOK_TAKES_QUEEN: (&str, &str) = ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5");

    /// Tests the Rook's capture in [`ROOK_TAKES_QUEEN`] for singularity at depth 10 one
    /// ply below the root, the table claiming `score` (a bound of kind `bound`) for it.
    /// Returns the answer and whether the node's entry came through unchanged.
    fn test_move(
        score: i32,
        bound: TtBound,
        beta: i32,
        (pv, doubled): (bool, u8),
    ) -> (Singularity, bool) {
        let (fen, mv) = ROOK_TAKES_QUEEN;
        let game = game_from(fen, RuleSet::American1897, &[]);
        let pos = game.current();
        let mv = pos.parse_uci_move(mv).unwrap();
        let tt = TranspositionTable::new(1);
        // As shallow as an entry may be (three plies): one the half-depth search without
        // the move would overwrite if it stored its result.
        tt.store(pos.key(), Some(mv), score, 0, 10 - TT_DEPTH_MARGIN, bound);
        let before = tt.probe(pos.key()).unwrap();
        let stop = AtomicBool::new(false);
        let shared = Shared {
            tt: &tt,
            stop: &stop,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            budget: budget(&Limits::default()),
            pondering: None,
            max_nodes: None,
            terms: Terms {
                terms: OddsTerms::default(),
                net: None,
            },
        };
        let mut hist = Histories::new();
        let mut w = Worker::new(0, &shared, &mut hist, Vec::new(), Vec::new(), None);
        w.root_depth = 10;
        w.keys.push(repetition_key(pos));
        w.stack[1].double_extensions = doubled;
        let answer = w.singularity(pos, mv, &before, 10, beta, 1, false, pv);
        assert!(!w.stopped);
        assert_eq!(w.stack[1].excluded, None);
        let after = tt.probe(pos.key()).unwrap();
        let kept = (after.mv, after.score, after.depth, after.bound)
            == (before.mv, before.score, before.depth, before.bound);
        (answer, kept)
    }

    #[test]
    fn the_only_recapture_is_singular_and_a_false_low_score_cuts_the_node() {
        assert_eq!(
            test_move(900, TtBound::Exact, 1000, PV),
            (Singularity::Extend, true)
        );
        // Told the capture scores -10000, the other moves clear its bound: they reach
        // beta too (multi-cut) when beta is below it, and otherwise nothing is decided.
        assert_eq!(
            test_move(-10_000, TtBound::Lower, -10_100, PV),
            (Singularity::MultiCut(-10_000 - 2 * 10), true)
        );
        assert_eq!(
            test_move(-10_000, TtBound::Lower, 0, PV),
            (Singularity::None, true)
        );
        // Beta between the bound the others cleared and the stored score: the capture
        // is not singular, and its score reaches beta, so it is searched shallower.
        assert_eq!(
            test_move(-10_000, TtBound::Lower, -10_015, PV),
            (Singularity::Reduce, true)
        );
    }

    #[test]
    fn a_clearly_singular_move_off_the_principal_variation_is_extended_twice() {
        assert_eq!(
            test_move(900, TtBound::Exact, 1000, OFF_PV),
            (Singularity::DoubleExtend, true)
        );
        // Not on the principal variation, nor once the line has had its share.
        assert_eq!(
            test_move(900, TtBound::Exact, 1000, (false, MAX_DOUBLE_EXTENSIONS)),
            (Singularity::Extend, true)
        );
    }

    fn hit(score: i32, depth: i32, bound: TtBound) -> TtHit {
        TtHit {
            mv: None::<Move>,
            score,
            eval: 0,
            depth,
            bound,
        }
    }

    #[test]
    fn only_deep_enough_lower_or_exact_non_mate_entries_are_tested() {
        assert!(worth_testing(&hit(50, 7, TtBound::Lower), 10, 3));
        assert!(worth_testing(&hit(50, 9, TtBound::Exact), 9, 3));
        // Too shallow a node, too shallow an entry, an upper bound, a mate.
        assert!(!worth_testing(&hit(50, 9, TtBound::Lower), 7, 3));
        assert!(!worth_testing(&hit(50, 6, TtBound::Lower), 10, 3));
        assert!(!worth_testing(&hit(50, 9, TtBound::Upper), 9, 3));
        assert!(!worth_testing(
            &hit(super::super::score::MATE - 10, 9, TtBound::Exact),
            9,
            3
        ));
    }
}
