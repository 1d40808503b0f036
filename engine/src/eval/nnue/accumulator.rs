//! The accumulator: the first layer's sums for both points of view, kept with the men
//! they were summed for, so that it can be brought to any other position by subtracting
//! the columns of the men gone and adding those of the men arrived.
//!
//! Diffing the men rather than replaying a move covers every move alike: captures, en
//! passant, promotions, castling with or without the Rook (the American Code lets the
//! King move two squares with no Rook, Am. II 7; the position reports only what stands
//! where), null moves and the several moves of a turn at odds (Am. IV 4). When as many men
//! changed as stand on the board, or more, summing from scratch is cheaper and is done instead.

use arrayvec::ArrayVec;

use super::network::{feature, Network, FEATURES};
use super::simd::apply;
use crate::position::Position;
use crate::types::{ByColor, Color, PieceKind};

/// The first layer's sums of one position, both points of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's point of view, then Black's: `hidden` sums each.
    values: Vec<i16>,
    /// The men summed: bitboards by colour and kind.
    men: ByColor<[u64; 6]>,
    /// Whether `values` hold the sums of `men` (false before the first refresh).
    valid: bool,
}

impl Accumulator {
    /// An accumulator for `net`, not yet holding any position.
    pub fn new(net: &Network) -> Accumulator {
        Accumulator {
            values: vec![0; 2 * net.hidden],
            men: ByColor::new([0; 6], [0; 6]),
            valid: false,
        }
    }

    /// The sums for the point of view of `color`.
    pub fn side(&self, color: Color) -> &[i16] {
        let h = self.values.len() / 2;
        &self.values[color as usize * h..(color as usize + 1) * h]
    }

    /// Sums the men of `pos` from scratch.
    pub fn refresh(&mut self, net: &Network, pos: &Position) {
        let h = net.hidden;
        self.values.resize(2 * h, 0);
        let mut men = ByColor::new([0u64; 6], [0; 6]);
        // Every man's column for each point of view: 64 at most, not 32 (`Validation
        // off` lets any position in).
        let mut all = ByColor::new(ArrayVec::<u16, 64>::new(), ArrayVec::new());
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let bb = pos.pieces_of(color, kind);
                men[color][kind as usize] = bb.0;
                for sq in bb {
                    for persp in Color::ALL {
                        all[persp].push(column(persp, color, kind as usize, sq as usize));
                    }
                }
            }
        }
        for persp in Color::ALL {
            let acc = &mut self.values[persp as usize * h..(persp as usize + 1) * h];
            let columns = &all[persp];
            apply(
                net.kernel,
                acc,
                Some(&net.feature_bias),
                &net.feature_weights,
                &[],
                columns,
            );
        }
        self.men = men;
        self.valid = true;
    }

    /// Brings the sums to `pos`: the columns of the men that left subtracted, of those
    /// that arrived added; from scratch when that is less work or nothing is held yet.
    pub fn update(&mut self, net: &Network, pos: &Position) {
        self.bring(net, None, pos);
    }

    /// Brings the sums to `pos` starting from `from` (a parent's accumulator).
    pub fn update_from(&mut self, net: &Network, from: &Accumulator, pos: &Position) {
        self.bring(net, Some(from), pos);
    }

    /// `update` from `from`'s sums, or from this accumulator's own when `None`: the
    /// columns of every man that changed applied in one pass ([`apply`]).
    fn bring(&mut self, net: &Network, from: Option<&Accumulator>, pos: &Position) {
        let h = net.hidden;
        let base = from.unwrap_or(self);
        let (was, usable) = (base.men, base.valid && base.values.len() == 2 * h);
        let mut now = ByColor::new([0u64; 6], [0; 6]);
        let mut changed = 0;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let bb = pos.pieces_of(color, kind).0;
                now[color][kind as usize] = bb;
                changed += (bb ^ was[color][kind as usize]).count_ones();
            }
        }
        if !usable || changed >= pos.occupied().len() {
            self.refresh(net, pos);
            return;
        }
        // The columns that leave and arrive, for each point of view: fewer than the men
        // on the board, who are at most 64 (`Validation off` lets any position in).
        let mut gone = ByColor::new(ArrayVec::<u16, 64>::new(), ArrayVec::new());
        let mut arrived = ByColor::new(ArrayVec::<u16, 64>::new(), ArrayVec::new());
        for color in Color::ALL {
            let (old, new) = (was[color], now[color]);
            for kind in 0..6 {
                let (o, n) = (old[kind], new[kind]);
                for (bits, lists) in [(o & !n, &mut gone), (n & !o, &mut arrived)] {
                    let mut bits = bits;
                    while bits != 0 {
                        let sq = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        for persp in Color::ALL {
                            lists[persp].push(column(persp, color, kind, sq));
                        }
                    }
                }
            }
        }
        self.values.resize(2 * h, 0);
        for persp in Color::ALL {
            let p = persp as usize;
            let range = p * h..(p + 1) * h;
            let src = from.map(|f| &f.values[range.clone()]);
            let acc = &mut self.values[range];
            apply(
                net.kernel,
                acc,
                src,
                &net.feature_weights,
                &gone[persp],
                &arrived[persp],
            );
        }
        self.men = now;
        self.valid = true;
    }
}

/// The number of the column of `net.feature_weights` for a man of `color` and `kind` on
/// `sq`, seen by `persp`: the feature's index (below 768).
#[inline]
fn column(persp: Color, color: Color, kind: usize, sq: usize) -> u16 {
    let f = feature(persp, color, kind, sq);
    debug_assert!(f < FEATURES);
    f as u16
}

/// Accumulators by ply for one search thread: a node's accumulator is brought from its
/// parent's (or, if none was made there, from whatever its own slot last held).
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    frames: Vec<Accumulator>,
}

impl AccumulatorStack {
    /// A stack of `plies` accumulators for `net`.
    pub fn new(net: &Network, plies: usize) -> AccumulatorStack {
        AccumulatorStack {
            frames: vec![Accumulator::new(net); plies],
        }
    }

    /// The network's score of `pos`, reached at `ply`, for the side to move.
    pub fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        if ply > 0 && self.frames[ply - 1].valid {
            let (before, after) = self.frames.split_at_mut(ply);
            after[0].update_from(net, &before[ply - 1], pos);
        } else {
            self.frames[ply].update(net, pos);
        }
        net.output(&self.frames[ply], pos)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_network;
    use super::super::Kernel;
    use super::*;
    use crate::rules::RuleSet;
    use crate::rules::Rules;
    use crate::setup::Setup;

    /// Random games (American rules: castling without the Rook may occur; FIDE for
    /// en passant and promotions), checking every position.
    fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Vec<Position>> {
        let mut rng = crate::rng::Rng::new(seed);
        let mut next = move || rng.next_u64();
        let starts = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                RuleSet::Fide,
            ),
            (
                "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R w KQkq - 0 1",
                RuleSet::Fide,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
                RuleSet::American1897,
            ),
            ("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", RuleSet::American1897),
        ];
        (0..games)
            .map(|g| {
                let (fen, rules) = starts[g % starts.len()];
                let mut pos =
                    Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::new(rules))
                        .unwrap();
                let mut line = vec![pos.clone()];
                for _ in 0..plies {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[next() as usize % moves.len()]);
                    line.push(pos.clone());
                }
                line
            })
            .collect()
    }

    #[test]
    fn incremental_sums_equal_sums_from_scratch_over_random_games() {
        let net = random_network(32, 3);
        for line in random_positions(11, 24, 160) {
            let mut running = Accumulator::new(&net);
            for (i, pos) in line.iter().enumerate() {
                running.update(&net, pos);
                let mut fresh = Accumulator::new(&net);
                fresh.refresh(&net, pos);
                assert_eq!(running, fresh, "ply {i}: {}", pos.fen());
                assert_eq!(net.output(&running, pos), net.evaluate(pos));
            }
        }
    }

    #[test]
    fn castling_without_the_rook_updates_like_a_fresh_sum_am_iv_5() {
        // Am. IV 5: the King may castle where the Rook has been given at odds; only the
        // King moves, and the accumulator must follow it alone.
        let net = random_network(16, 4);
        let rules = Rules::new(RuleSet::American1897);
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/4K2R w KQkq - 0 1";
        let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), rules).unwrap();
        let castles: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_castle())
            .collect();
        assert_eq!(castles.len(), 2, "both castlings, one without the Rook");
        for mv in castles {
            let mut acc = Accumulator::new(&net);
            acc.refresh(&net, &pos);
            let after = pos.played(mv);
            acc.update(&net, &after);
            let mut fresh = Accumulator::new(&net);
            fresh.refresh(&net, &after);
            assert_eq!(acc, fresh, "{mv:?}");
        }
    }

    #[test]
    fn a_board_full_of_men_is_summed_and_brought_up_to_date_like_a_fresh_sum() {
        // More men than a game holds: the adapter lets such a position in with
        // `Validation off`, so the sums must not assume 32. Width 144: the AVX2 pass's
        // eight registers at a time and one left over.
        let net = random_network(144, 6);
        let rules = Rules::new(RuleSet::Fide);
        let fen =
            "QQQQQQQK/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqk w - - 0 1";
        let full = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), rules).unwrap();
        let kings = "7K/8/8/8/8/8/8/7k w - - 0 1";
        let kings = Position::from_setup(&Setup::from_fen(kings, false).unwrap(), rules).unwrap();
        let fresh = |pos: &Position| {
            let mut acc = Accumulator::new(&net);
            acc.refresh(&net, pos);
            acc
        };
        assert_eq!(full.occupied().len(), 64);
        // From the two Kings to 64 men and back: every man changes but two.
        let mut running = fresh(&kings);
        running.update(&net, &full);
        assert_eq!(running, fresh(&full));
        running.update(&net, &kings);
        assert_eq!(running, fresh(&kings));
        // Move by move from the full board, in place and from the last position's sums.
        let (mut pos, mut before) = (full.clone(), fresh(&full));
        let mut played = 0;
        for ply in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.played(moves[(ply * 7) % moves.len()]);
            let mut after = Accumulator::new(&net);
            after.update_from(&net, &before, &pos);
            assert_eq!(after, fresh(&pos), "ply {ply}: {}", pos.fen());
            before.update(&net, &pos);
            assert_eq!(before, after, "ply {ply}");
            played += 1;
        }
        assert!(played >= 20, "only {played} moves from the full board");
    }

    #[test]
    fn the_stack_scores_like_a_fresh_evaluation_whatever_its_slots_held() {
        let net = random_network(16, 5);
        let mut stack = AccumulatorStack::new(&net, 8);
        // Walk down and back up lines of different games, as a search does, leaving
        // slots from other branches behind.
        for (g, line) in random_positions(2, 8, 60).iter().enumerate() {
            for (i, pos) in line.iter().enumerate() {
                let ply = (i + g) % 8;
                assert_eq!(
                    stack.evaluate(&net, pos, ply),
                    net.evaluate(pos),
                    "{}",
                    pos.fen()
                );
            }
        }
    }

    #[test]
    fn scalar_and_avx2_networks_score_every_position_alike() {
        let Some(avx2) = Kernel::avx2() else {
            // No AVX2 on this CPU: only the scalar path runs, nothing to compare.
            return;
        };
        let mut fast = super::super::tests::random_bucketed_network(64, 8, 9);
        fast.kernel = avx2;
        let mut slow = fast.clone();
        slow.kernel = Kernel::SCALAR;
        let mut nonzero = 0;
        for line in random_positions(5, 16, 120) {
            let (mut a, mut b) = (Accumulator::new(&fast), Accumulator::new(&slow));
            for pos in &line {
                a.update(&fast, pos);
                b.update(&slow, pos);
                assert_eq!(a, b);
                let score = fast.output(&a, pos);
                assert_eq!(score, slow.output(&b, pos), "{}", pos.fen());
                nonzero += usize::from(score != 0);
            }
        }
        assert!(nonzero > 100, "the random network scores positions");
    }
}
