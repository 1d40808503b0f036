//! The quiescence search: at the horizon, only captures and Queen promotions (all moves
//! when in check) are searched, so that the static evaluation is taken in a quiet
//! position. Losing captures (by SEE) and captures that cannot lift the score to alpha
//! (delta pruning) are skipped.

use crate::position::Position;
use crate::types::MoveList;

use super::odds::marked_after;
use super::ordering::{
    captured, is_noisy, moved, noisy_moves, pick, put_first, see_ge, Scores, SEE_VALUE,
};
use super::score::{INF, MATE_BOUND, MAX_PLY};
use super::tt::{from_tt, to_tt, TtBound};
use super::worker::{Worker, NO_EVAL};

/// How much a capture may fall short of alpha and still be tried.
const DELTA_MARGIN: i32 = 200;

impl Worker<'_> {
    /// The quiescence score of `pos` for its side to move, within `(alpha, beta)`.
    pub(crate) fn qsearch<const PV: bool>(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if PV {
            self.pv[ply].clear();
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = pos.in_check();
        if self.mark_lost(ply) {
            return self.shared.terms.forfeit(pos.turn());
        }
        if ply >= MAX_PLY {
            return if in_check {
                0
            } else {
                self.static_eval(pos, ply)
            };
        }

        let key = pos.key();
        let tt_hit = self.shared.tt.probe(key);
        if let Some(h) = tt_hit {
            let s = from_tt(h.score, ply);
            if !PV
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

        // Stand pat: the side to move may decline every capture (not when in check).
        let raw_eval;
        let mut best;
        if in_check {
            raw_eval = NO_EVAL;
            best = -INF;
        } else {
            raw_eval = match tt_hit {
                Some(h) if h.eval != NO_EVAL => h.eval,
                _ => self.static_eval(pos, ply),
            };
            best = raw_eval;
            if let Some(h) = tt_hit {
                let s = from_tt(h.score, ply);
                if s.abs() < MATE_BOUND
                    && match h.bound {
                        TtBound::Lower => s > best,
                        TtBound::Upper => s < best,
                        TtBound::Exact => true,
                        TtBound::None => false,
                    }
                {
                    best = s;
                }
            }
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }

        // A legal noisy hash move is tried before the others are generated, which are
        // then ordered as if it had been picked from the whole list (as in the main
        // search), so the tree is the same.
        let tt_move = tt_hit.and_then(|h| h.mv);
        let hash_first = tt_move.filter(|&mv| is_noisy(pos, mv) && pos.is_legal(mv));
        let marked = self.stack[ply].marked;
        let mut moves = MoveList::new();
        let mut scores = Scores::new();
        let mut generated = false;
        let futility = raw_eval + DELTA_MARGIN;
        let mut best_move = None;
        let mut n = 0;
        for i in 0.. {
            let mv = match hash_first {
                Some(mv) if i == 0 => mv,
                _ => {
                    if !generated {
                        generated = true;
                        noisy_moves(pos, &mut moves);
                        if in_check && moves.is_empty() {
                            return self.shared.terms.mated(pos, ply, marked);
                        }
                        scores.extend(moves.iter().map(|&mv| {
                            if Some(mv) == tt_move {
                                1 << 20
                            } else {
                                captured(pos, mv).map_or(0, |v| SEE_VALUE[v as usize] * 8)
                                    - SEE_VALUE[moved(pos, mv) as usize] / 8
                                    + i32::from(mv.promotion().is_some()) * 4000
                            }
                        }));
                        put_first(&mut moves, &mut scores, hash_first);
                        n = moves.len();
                    }
                    if i >= n {
                        break;
                    }
                    pick(&mut moves[..n], &mut scores[..n], i).0
                }
            };
            if !in_check {
                let victim = captured(pos, mv);
                if mv.promotion().is_none()
                    && futility + victim.map_or(0, |v| SEE_VALUE[v as usize]) <= alpha
                {
                    continue;
                }
                if !see_ge(pos, mv, 0) {
                    continue;
                }
            }
            let mut next = pos.clone();
            next.play_unchecked(mv);
            self.stack[ply + 1].marked = marked_after(pos, marked, mv);
            let score = if next.turn() == pos.turn() {
                self.qsearch::<PV>(&next, alpha, beta, ply + 1)
            } else {
                -self.qsearch::<PV>(&next, -beta, -alpha, ply + 1)
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if best == -INF {
            // In check and every evasion skipped (cannot happen: evasions are not pruned).
            return self.shared.terms.mated(pos, ply, marked);
        }

        let bound = if best >= beta {
            TtBound::Lower
        } else {
            TtBound::Upper
        };
        self.shared
            .tt
            .store(key, best_move, to_tt(best, ply), raw_eval, 0, bound);
        best
    }
}
