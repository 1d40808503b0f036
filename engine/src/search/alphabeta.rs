//! The principal variation search below the root: draws by rule, the transposition
//! table, whole-node pruning (reverse futility, null move, razoring), internal iterative
//! reduction, move-level pruning (late move pruning, futility, history, SEE), the check and
//! singular extensions (the test is in `singular`) and late move reductions.
//!
//! Copy-make: each child is a fresh copy of the position. A move after which the same
//! side is still to move (a turn of several moves, Am. IV 4) keeps the score's sign.

use crate::position::Position;
use crate::rules::draws::repetition::{repetition_claimable, repetition_key};
use crate::rules::draws::{fifty_move_claimable, is_dead_position};
use crate::types::{Move, MoveList, PieceKind};

use super::odds::marked_after;
use super::ordering::{
    history_bonus, is_bad_capture_score, is_tactical, keep_tactical, moved, pick, piece_to,
    put_first, score_moves, score_quiets, see_ge, Scores, HASH_MOVE, QUIET_PENDING,
};
use super::score::{INF, MATE, MATE_BOUND, MAX_PLY};
use super::singular::Singularity;
use super::tt::{from_tt, to_tt, TtBound};
use super::worker::{Worker, NO_EVAL};

/// History pruning skips quiet moves only where the depth left after the late move
/// reduction is at most this.
const HISTORY_PRUNING_DEPTH: i32 = 3;
/// A quiet move whose history score is below `-HISTORY_PRUNING_MARGIN × depth` is skipped
/// there.
const HISTORY_PRUNING_MARGIN: i32 = 1500;

/// A reduced move that beat the best score so far by more than this (plus
/// `DEEPER_MARGIN_PER_PLY` a ply) is searched again a ply deeper than unreduced.
const DEEPER_MARGIN: i32 = 60;
const DEEPER_MARGIN_PER_PLY: i32 = 2;
/// One that beat it by less than this is searched again a ply shallower than unreduced.
const SHALLOWER_MARGIN: i32 = 8;

/// The depth at which a move searched at `new_depth - r` (`r > 0`) that scored `score`,
/// above alpha, is searched again, given the node's best score so far: unreduced, a ply
/// deeper when it beat the best by far, a ply shallower when it barely did. `None` when
/// that is no deeper than the reduced search already was.
fn research_depth(score: i32, best: i32, new_depth: i32, r: i32) -> Option<i32> {
    let deeper = score > best + DEEPER_MARGIN + DEEPER_MARGIN_PER_PLY * new_depth;
    let shallower = score < best + SHALLOWER_MARGIN;
    let again = new_depth + i32::from(deeper) - i32::from(shallower);
    (again > new_depth - r).then_some(again)
}

/// Whether history pruning skips the quiet move `mv`, of ordering score `order`, at a node
/// of `depth` where the reduced depth is `lmr_depth`.
#[inline]
fn history_prunes(mv: Move, order: i32, depth: i32, lmr_depth: i32) -> bool {
    lmr_depth <= HISTORY_PRUNING_DEPTH
        && order < -HISTORY_PRUNING_MARGIN * depth
        && mv.promotion().is_none()
}

impl Worker<'_> {
    /// Searches `next`, a child of the node at `ply`, and returns its score for the side
    /// to move at `ply`: negated when the turn passed, as it is when the same side moves again.
    #[inline]
    #[expect(
        clippy::too_many_arguments,
        reason = "the node's search state, passed by value on the hot path"
    )]
    pub(crate) fn child<const PV: bool>(
        &mut self,
        next: &Position,
        flip: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        if flip {
            -self.search::<PV>(next, depth, -beta, -alpha, ply + 1, cut)
        } else {
            self.search::<PV>(next, depth, alpha, beta, ply + 1, cut)
        }
    }

    /// Whether the side to move at a non-root node may claim a draw, or the game cannot
    /// be won (every rule set). The rulings are [`crate::rules::draws`]'s; only positions
    /// at the commencement of a turn are compared, and their key must already be pushed
    /// on the key stack.
    pub(crate) fn drawn_by_rule(&self, pos: &Position) -> bool {
        let rules = pos.rules();
        if is_dead_position(pos) {
            return true;
        }
        // Inside a turn of several moves no claim is made and no position counts.
        if !pos.at_turn_start() {
            return false;
        }
        if fifty_move_claimable(pos) {
            return true;
        }
        // Repetition: only positions since the last capture or pawn move can match.
        let keys = &self.keys;
        let now = keys.len() - 1;
        let window = (pos.halfmove_clock() as usize).min(now);
        let key = keys[now];
        let mut before_root = false;
        for i in (now - window..now.saturating_sub(1)).rev() {
            if keys[i] == key {
                // Inside the tree one return is enough to call it a draw: the side that
                // steered into it can repeat it again.
                if i >= self.root_index {
                    return true;
                }
                before_root = true;
                break;
            }
        }
        before_root && repetition_claimable(keys, window, rules.repetition)
    }

    /// The main search: the score of `pos` for its side to move, within `(alpha, beta)`.
    pub(crate) fn search<const PV: bool>(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch::<PV>(pos, alpha, beta, ply);
        }
        // RULE(repetition): only the commencement of a turn counts (Am. I 16 (a)).
        let turn_start = pos.at_turn_start();
        if turn_start {
            self.keys.push(repetition_key(pos));
        }
        let score = self.search_node::<PV>(pos, depth, alpha, beta, ply, cut);
        if turn_start {
            self.keys.pop();
        }
        score
    }

    pub(super) fn search_node<const PV: bool>(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        // Step 1. Count the node, look at the clock and the stop flag.
        if self.tick() {
            return 0;
        }
        if PV {
            self.pv[ply].clear();
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = pos.in_check();
        let us = pos.turn();
        // Set while this node is searched again without its hash move (`singular`).
        let excluded = self.stack[ply].excluded;

        // Step 2. Draws by rule, the ply limit, mate distance pruning.
        if self.drawn_by_rule(pos) {
            return self.shared.terms.draw(us);
        }
        if self.mark_lost(ply) {
            return self.shared.terms.forfeit(us);
        }
        if ply >= MAX_PLY {
            return if in_check {
                0
            } else {
                self.static_eval(pos, ply)
            };
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        self.hist.killers[ply + 2] = [None; 2];

        // Step 3. The transposition table.
        let key = pos.key();
        let tt_hit = self.shared.tt.probe(key);
        let tt_move = tt_hit.and_then(|h| h.mv);
        if let Some(h) = tt_hit {
            let s = from_tt(h.score, ply);
            if !PV
                && excluded.is_none()
                && h.depth >= depth
                && match h.bound {
                    TtBound::Exact => true,
                    TtBound::Lower => s >= beta,
                    TtBound::Upper => s <= alpha,
                    TtBound::None => false,
                }
            {
                return s;
            }
        }

        // Step 4. The static evaluation, sharpened by the table's bound.
        let raw_eval = if in_check {
            NO_EVAL
        } else {
            match tt_hit {
                Some(h) if h.eval != NO_EVAL => h.eval,
                _ => self.static_eval(pos, ply),
            }
        };
        let mut eval = raw_eval;
        if let Some(h) = tt_hit {
            let s = from_tt(h.score, ply);
            if !in_check
                && s.abs() < MATE_BOUND
                && match h.bound {
                    TtBound::Lower => s > eval,
                    TtBound::Upper => s < eval,
                    _ => h.bound == TtBound::Exact,
                }
            {
                eval = s;
            }
        }
        self.stack[ply].eval = raw_eval;
        let improving = !in_check
            && ply >= 2
            && self.stack[ply - 2].eval != NO_EVAL
            && raw_eval > self.stack[ply - 2].eval;

        // Step 5. Prune the whole node when the evaluation is far enough from the window.
        if !PV && !in_check && excluded.is_none() && ply > 0 && beta.abs() < MATE_BOUND {
            // Reverse futility: so far above beta that a quiet move will not change it.
            if depth <= 7 && eval - 80 * (depth - i32::from(improving)) >= beta {
                return eval;
            }
            // Null move: even passing keeps us above beta.
            let pieces = pos.colors(us) - pos.pieces(PieceKind::Pawn) - pos.pieces(PieceKind::King);
            if depth >= 3 && eval >= beta && !self.stack[ply - 1].null && pieces.is_nonempty() {
                let mut next = pos.clone();
                if next.play_null() {
                    let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                    self.stack[ply].null = true;
                    self.stack[ply].piece_to = None;
                    self.stack[ply + 1].marked = self.stack[ply].marked;
                    self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
                    let s =
                        -self.search::<false>(&next, depth - r, -beta, -beta + 1, ply + 1, !cut);
                    self.stack[ply].null = false;
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        return if s >= MATE_BOUND { beta } else { s };
                    }
                }
            }
            // Razoring: hopeless at low depth unless a capture saves it.
            if depth <= 3 && eval + 250 * depth < alpha {
                let s = self.qsearch::<false>(pos, alpha, alpha + 1, ply);
                if s <= alpha {
                    return s;
                }
            }
        }

        // Step 6. Internal iterative reduction: no hash move, so this node was not searched
        // before; search it shallower and let the next iteration fill in.
        if depth >= 4 && tt_move.is_none() && (PV || cut) {
            depth -= 1;
        }

        // Step 7. Order the moves. A legal hash move (outside the search without it) is
        // searched before the others are generated, so that a cut-off on it costs only the
        // legality test's part of a generation. The others are generated after it and
        // ordered as if it had been picked from the whole list (it takes the first place,
        // the move there takes its place), so the tree is the same either way. The
        // killers and the counter move are read before it, as they were when the whole
        // list was generated first.
        let marked = self.stack[ply].marked;
        let prev = [
            ply.checked_sub(1).and_then(|p| self.stack[p].piece_to),
            ply.checked_sub(2).and_then(|p| self.stack[p].piece_to),
        ];
        let counter = prev[0].and_then(|p| self.hist.counter[p]);
        let killers = self.hist.killers[ply];
        let hash_first = tt_move.filter(|&mv| excluded.is_none() && pos.is_legal(mv));
        let mut moves = MoveList::new();
        let mut scores = Scores::new();
        let mut generated = false;

        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets: arrayvec::ArrayVec<(Move, usize), 64> = arrayvec::ArrayVec::new();
        let lmp_limit = (3 + depth * depth) / (2 - i32::from(improving));
        let mut n = 0;
        for i in 0.. {
            let (mv, order) = match hash_first {
                Some(mv) if i == 0 => (mv, HASH_MOVE),
                _ => {
                    if !generated {
                        generated = true;
                        // Into the node's lists in place, not copied (half a kilobyte).
                        pos.generate_moves(|batch| {
                            pos.push_moves(batch, &mut moves);
                            false
                        });
                        if moves.is_empty() {
                            return if in_check {
                                self.shared.terms.mated(pos, ply, marked)
                            } else {
                                self.shared.terms.draw(us)
                            };
                        }
                        score_moves(pos, &moves, tt_move, killers, counter, &mut scores);
                        put_first(&mut moves, &mut scores, hash_first);
                        n = moves.len();
                    }
                    if i >= n {
                        break;
                    }
                    let (mut mv, mut order) = pick(&mut moves[..n], &mut scores[..n], i);
                    if order == QUIET_PENDING {
                        score_quiets(pos, &moves[i..n], &mut scores[i..n], self.hist, prev);
                        (mv, order) = pick(&mut moves[..n], &mut scores[..n], i);
                    }
                    (mv, order)
                }
            };
            if Some(mv) == excluded {
                continue;
            }
            let tactical = is_tactical(pos, mv);
            let pt = piece_to(moved(pos, mv), mv.to());
            let reduction = i32::from(self.lmr[depth.min(63) as usize][searched.min(63)]);

            // Step 8. Prune late, hopeless or losing moves once a move has been searched;
            // not once a mate is in hand (alpha a mate score): then only a shorter mate
            // can raise it, and its moves (a quiet check) are what pruning would skip.
            if ply > 0 && best > -MATE_BOUND && alpha < MATE_BOUND && !in_check {
                if tactical {
                    if depth <= 8 && order != HASH_MOVE && !see_ge(pos, mv, -100 * depth) {
                        continue;
                    }
                } else {
                    // Late move pruning and futility prune every quiet move after this
                    // one as well: the quiets come together in the order, so until the
                    // next is picked neither `searched` (so the reduction) nor alpha
                    // changes. Only the captures and Queen promotions are kept. (An
                    // under-promotion that takes nothing comes after the bad captures;
                    // one of those that lifted alpha to a mate score would have let it be
                    // searched: it is dropped too.)
                    let lmr_depth = (depth - 1 - reduction).max(0);
                    if (depth <= 8 && searched as i32 >= lmp_limit)
                        || (lmr_depth <= 8 && eval + 110 + 90 * lmr_depth <= alpha)
                    {
                        let rest = keep_tactical(pos, &mut moves[i + 1..n], &mut scores[i + 1..n]);
                        n = i + 1 + rest;
                        continue;
                    }
                    // History pruning: at a shallow node, a quiet move that the
                    // histories score far below zero (never a killer or the counter
                    // move, whose scores are above every history score, nor an
                    // under-promotion, scored below them all) is not tried.
                    if history_prunes(mv, order, depth, lmr_depth) {
                        continue;
                    }
                    if lmr_depth <= 8 && !see_ge(pos, mv, -25 * lmr_depth * lmr_depth) {
                        continue;
                    }
                }
            }

            // Step 9. Test the hash move for singularity; make the move; extend checks and
            // a singular hash move, each by one ply and none past twice the root depth, so
            // that the tree stays bounded (the root itself is `root_search`'s, never here);
            // a clearly singular one off the principal variation by two plies, at most
            // `MAX_DOUBLE_EXTENSIONS` times along a line; reduce a hash move that is not
            // singular but whose stored score reaches beta.
            let extendable = ply < 2 * self.root_depth as usize;
            let mut singular = Singularity::None;
            if let Some(h) = tt_hit.filter(|_| extendable && Some(mv) == tt_move) {
                singular = self.singularity(pos, mv, &h, depth, beta, ply, cut, PV);
                if self.stopped {
                    return 0;
                }
                if let Singularity::MultiCut(s) = singular {
                    return s;
                }
            }
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let gives_check = next.in_check();
            let flip = next.turn() != us;
            self.stack[ply].piece_to = Some(pt);
            self.stack[ply + 1].marked = marked_after(pos, marked, mv);
            let doubled = singular == Singularity::DoubleExtend;
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + u8::from(doubled);
            let extension = if doubled {
                2
            } else {
                i32::from(extendable && (gives_check || singular == Singularity::Extend))
                    - i32::from(singular == Singularity::Reduce)
            };
            let new_depth = depth - 1 + extension;

            // Step 10. Principal variation search with late move reductions.
            let mut score = -INF;
            let reduce = depth >= 3
                && searched > usize::from(PV)
                && (!tactical || is_bad_capture_score(order));
            if reduce {
                let mut r = reduction;
                r += i32::from(!PV) + i32::from(cut);
                r -= i32::from(improving) + i32::from(gives_check);
                if !tactical {
                    if Some(mv) == killers[0] || Some(mv) == killers[1] || Some(mv) == counter {
                        r -= 1;
                    } else {
                        r -= order / 6000;
                    }
                }
                let r = r.clamp(0, (new_depth - 1).max(0));
                score =
                    self.child::<false>(&next, flip, new_depth - r, alpha, alpha + 1, ply, true);
                if score > alpha && r > 0 {
                    if let Some(again) = research_depth(score, best, new_depth, r) {
                        score =
                            self.child::<false>(&next, flip, again, alpha, alpha + 1, ply, !cut);
                    }
                }
            } else if !PV || searched > 0 {
                score = self.child::<false>(&next, flip, new_depth, alpha, alpha + 1, ply, !cut);
            }
            if PV && (searched == 0 || score > alpha) {
                score = self.child::<true>(&next, flip, new_depth, alpha, beta, ply, false);
            }
            searched += 1;
            if self.stopped {
                return 0;
            }

            // Step 11. Keep the best move; at a cut-off, teach the history tables.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if !tactical {
                            self.reward_quiet(us, ply, (mv, pt), prev, &quiets, depth);
                        }
                        break;
                    }
                }
            }
            if !tactical && Some(mv) != best_move {
                let _ = quiets.try_push((mv, pt));
            }
        }

        if best == -INF {
            // The hash move, left out, was the only one: the others cannot reach alpha.
            if excluded.is_some() {
                return alpha;
            }
            // No move was searched (cannot happen: the first move always is); score the
            // node as if it had none.
            return if in_check {
                self.shared.terms.mated(pos, ply, marked)
            } else {
                self.shared.terms.draw(us)
            };
        }

        // Step 12. Store the result (not that of a search without the hash move).
        if excluded.is_some() {
            return best;
        }
        let bound = if best >= beta {
            TtBound::Lower
        } else if PV && best_move.is_some() {
            TtBound::Exact
        } else {
            TtBound::Upper
        };
        self.shared
            .tt
            .store(key, best_move, to_tt(best, ply), raw_eval, depth, bound);
        best
    }

    /// Rewards the quiet move that caused a cut-off and punishes the quiets tried before it.
    fn reward_quiet(
        &mut self,
        side: crate::types::Color,
        ply: usize,
        (mv, pt): (Move, usize),
        prev: [Option<usize>; 2],
        tried: &[(Move, usize)],
        depth: i32,
    ) {
        let bonus = history_bonus(depth);
        self.hist.update_quiet(side, mv, pt, prev, bonus);
        for &(q, qpt) in tried {
            self.hist.update_quiet(side, q, qpt, prev, -bonus);
        }
        let k = &mut self.hist.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(p) = prev[0] {
            self.hist.counter[p] = Some(mv);
        }
    }

    /// Makes `mv` followed by the child's line the principal variation at `ply`.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{MoveKind, Square};

    #[test]
    fn a_reduced_move_is_searched_again_deeper_or_shallower_by_its_margin() {
        // Unadjusted depth 10: deeper above best + 80, shallower below best + 8.
        assert_eq!(research_depth(81, 0, 10, 3), Some(11));
        assert_eq!(research_depth(80, 0, 10, 3), Some(10));
        assert_eq!(research_depth(8, 0, 10, 3), Some(10));
        assert_eq!(research_depth(7, 0, 10, 3), Some(9));
        // A ply shallower is the reduced search itself when it was reduced by one ply.
        assert_eq!(research_depth(7, 0, 10, 1), None);
        assert_eq!(research_depth(7, 0, 10, 2), Some(9));
    }

    #[test]
    fn history_pruning_skips_only_shallow_quiets_scored_far_below_zero() {
        let quiet = Move::new(Square::G1, Square::F3, MoveKind::Normal);
        let under = Move::new(Square::A7, Square::A8, MoveKind::PromoteKnight);
        // Depth 2: the margin is -3000.
        assert!(history_prunes(quiet, -3001, 2, 1));
        assert!(!history_prunes(quiet, -3000, 2, 1));
        // Too deep after the reduction, however bad the history.
        assert!(!history_prunes(
            quiet,
            -40_000,
            6,
            HISTORY_PRUNING_DEPTH + 1
        ));
        assert!(history_prunes(quiet, -40_000, 6, HISTORY_PRUNING_DEPTH));
        // An under-promotion's ordering score is below every history score: never skipped.
        assert!(!history_prunes(under, -2_001_000, 2, 1));
    }
}
