//! Iterative deepening at the root: aspiration windows around the last score, `MultiPV`
//! (each line searched with the better lines' moves left out), `searchmoves`, the
//! limits (depth, nodes, time, mate), reports, and Lazy SMP: helper threads run the
//! same iterations on their own histories, sharing only the transposition table, and
//! stop when the main thread does.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::game::Game;
use crate::position::Position;
use crate::rules::draws::repetition::{repetition_key, turn_start_keys};
use crate::types::Move;

use super::limits::Limits;
use super::odds::{marked_after, marked_now, Terms};
use super::ordering::{is_tactical, moved, piece_to, score_moves, score_quiets, Histories, Scores};
use super::report::{Reporter, SearchInfo, SearchResult};
use super::score::{Bound, Score, INF, MATE, MATE_BOUND, MAX_PLY};
use super::time::{budget, stability_factor};
use super::tt::TranspositionTable;
use super::worker::{RootMove, Shared, Worker};

impl Worker<'_> {
    /// Searches the root moves from `pv_idx` on within `(alpha, beta)`. The best move found
    /// is rotated to `pv_idx`; the first move's score is always recorded.
    fn root_search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_idx: usize,
    ) -> i32 {
        // RULE(repetition): only the commencement of a turn counts (Am. I 16 (a)).
        let turn_start = pos.at_turn_start();
        if turn_start {
            self.keys.push(repetition_key(pos));
        }
        let us = pos.turn();
        let marked = self.stack[0].marked;
        let mut best = -INF;
        for i in pv_idx..self.root_moves.len() {
            if self.tick() {
                break;
            }
            let mv = self.root_moves[i].mv;
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let flip = next.turn() != us;
            let gives_check = next.in_check();
            self.stack[0].piece_to = Some(piece_to(moved(pos, mv), mv.to()));
            self.stack[1].marked = marked_after(pos, marked, mv);
            self.stack[1].double_extensions = 0;
            let new_depth = depth - 1 + i32::from(gives_check);
            let mut score = -INF;
            if i > pv_idx {
                let r = i32::from(
                    depth >= 3 && i > pv_idx + 3 && !gives_check && !is_tactical(pos, mv),
                );
                score = self.child::<false>(&next, flip, new_depth - r, alpha, alpha + 1, 0, true);
                if score > alpha && r > 0 {
                    score = self.child::<false>(&next, flip, new_depth, alpha, alpha + 1, 0, false);
                }
            }
            if i == pv_idx || score > alpha {
                score = self.child::<true>(&next, flip, new_depth, alpha, beta, 0, false);
            }
            if self.stopped {
                break;
            }
            best = best.max(score);
            if i == pv_idx || score > alpha {
                let mut line = vec![mv];
                line.extend_from_slice(&self.pv[1]);
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.pv = line;
                if score > alpha {
                    self.root_moves[pv_idx..=i].rotate_right(1);
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if turn_start {
            self.keys.pop();
        }
        best
    }

    /// Iterative deepening. The main thread (`reporter` given) reports and decides when
    /// to stop; helpers run until told. Returns the last completed depth and that
    /// iteration's best score (`-INF` before the first is completed).
    fn iterate(
        &mut self,
        pos: &Position,
        limits: &Limits,
        mut reporter: Option<&mut dyn Reporter>,
    ) -> (u32, i32) {
        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 8, |d| {
            d.clamp(1, MAX_PLY as u32 - 8) as i32
        });
        let lines = limits.multi_pv.clamp(1, self.root_moves.len());
        let mut completed = 0;
        let mut completed_score = -INF;
        let mut stable = 0;
        let mut last_best = None;
        for depth in 1..=max_depth {
            // Helpers skip some depths so the threads spread over different work.
            if self.id > 0 && depth > 1 && (depth + self.id as i32) % 3 == 0 {
                continue;
            }
            self.root_depth = depth;
            self.seldepth = 0;
            for pv_idx in 0..lines {
                let prev = self.root_moves[pv_idx].score;
                let mut delta = 18;
                let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                    ((prev - delta).max(-INF), (prev + delta).min(INF))
                } else {
                    (-INF, INF)
                };
                loop {
                    let score = self.root_search(pos, depth, alpha, beta, pv_idx);
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = alpha + (beta - alpha) / 2;
                        alpha = (score - delta).max(-INF);
                    } else if score >= beta {
                        beta = (score + delta).min(INF);
                    } else {
                        break;
                    }
                    delta += delta / 2;
                    if delta > 800 {
                        alpha = -INF;
                        beta = INF;
                    }
                }
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth as u32;
            completed_score = self.root_moves[0].score;
            let Some(reporter) = reporter.as_deref_mut() else {
                continue;
            };

            // The main thread: report, then decide whether another iteration is worth it.
            let elapsed = self.shared.start.elapsed();
            for (i, rm) in self.root_moves[..lines].iter().enumerate() {
                reporter.info(&SearchInfo {
                    depth: completed,
                    seldepth: self.seldepth.max(1) as u32,
                    multipv: i + 1,
                    score: Score::from_internal(rm.score),
                    bound: Bound::Exact,
                    wdl: None,
                    nodes: self.total_nodes(),
                    time: elapsed,
                    hashfull: self.shared.tt.hashfull(),
                    pv: rm.pv.clone(),
                });
            }
            let best = self.root_moves[0].mv;
            stable = if Some(best) == last_best {
                stable + 1
            } else {
                0
            };
            last_best = Some(best);
            let score = self.root_moves[0].score;
            if let Some(n) = limits.mate {
                if score >= MATE_BOUND && (MATE - score + 1) / 2 <= n as i32 {
                    break;
                }
            }
            if self.shared.pondering() {
                continue;
            }
            if let Some(soft) = self.shared.budget.soft {
                let target = soft * stability_factor(stable) / 100;
                if elapsed >= target {
                    break;
                }
            }
            if self.root_moves.len() == 1 && !limits.infinite && self.shared.budget.soft.is_some() {
                break;
            }
        }
        self.flush();
        // A move that beat the last iteration's best in the unfinished one is played: say
        // so, so that the last line reported starts with the move played.
        if let Some(reporter) = reporter {
            let rm = &self.root_moves[0];
            if self.stopped && last_best.is_some_and(|m| m != rm.mv) {
                reporter.info(&SearchInfo {
                    depth: completed.max(1),
                    seldepth: self.seldepth.max(1) as u32,
                    multipv: 1,
                    score: Score::from_internal(rm.score),
                    bound: Bound::Lower,
                    wdl: None,
                    nodes: self.total_nodes(),
                    time: self.shared.start.elapsed(),
                    hashfull: self.shared.tt.hashfull(),
                    pv: rm.pv.clone(),
                });
            }
        }
        (completed, completed_score)
    }
}

/// Runs one search over all threads and returns the main thread's result.
pub(crate) fn run(
    tt: &TranspositionTable,
    histories: &mut [Histories],
    terms: Terms,
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    reporter: &mut dyn Reporter,
) -> SearchResult {
    let pos = game.current();
    let marked = marked_now(terms.terms.mate_condition, game);

    // Step 1. The root moves: legal, in `searchmoves`; ordered.
    let mut moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| limits.search_moves.is_empty() || limits.search_moves.contains(m))
        .collect();
    if moves.is_empty() {
        return SearchResult::default();
    }
    let tt_move = tt.probe(pos.key()).and_then(|h| h.mv);
    let mut scores = Scores::new();
    score_moves(pos, &moves, tt_move, [None; 2], None, &mut scores);
    score_quiets(pos, &moves, &mut scores, &histories[0], [None; 2]);
    let mut order: Vec<(Move, i32)> = moves.drain(..).zip(scores).collect();
    order.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    let root_moves: Vec<RootMove> = order
        .into_iter()
        .map(|(mv, _)| RootMove {
            mv,
            score: -INF,
            pv: vec![mv],
        })
        .collect();

    // Step 2. The repetition keys of the game before the root (turn starts only).
    let positions = game.positions();
    let keys = turn_start_keys(&positions[..positions.len() - 1]);

    let shared = Shared {
        tt,
        stop,
        abort: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        start: Instant::now(),
        budget: budget(limits),
        pondering: limits.pondering.as_deref(),
        max_nodes: limits.nodes,
        terms,
    };

    // Step 3. Lazy SMP: helpers on scoped threads, the main search on this one.
    let (main_hist, helper_hists) = histories.split_first_mut().expect("at least one thread");
    let (best_root, (completed, completed_score)) = std::thread::scope(|scope| {
        for (i, hist) in helper_hists.iter_mut().enumerate() {
            let (shared, keys, root_moves) = (&shared, keys.clone(), root_moves.clone());
            std::thread::Builder::new()
                .stack_size(16 << 20)
                .spawn_scoped(scope, move || {
                    let mut w = Worker::new(i + 1, shared, hist, keys, root_moves, marked);
                    w.iterate(pos, limits, None);
                })
                .expect("spawning a search thread");
        }
        let mut main = Worker::new(
            0,
            &shared,
            main_hist,
            keys.clone(),
            root_moves.clone(),
            marked,
        );
        let completed = main.iterate(pos, limits, Some(reporter));
        shared.abort.store(true, Ordering::Relaxed);
        (main.root_moves[0].clone(), completed)
    });

    SearchResult {
        best: Some(best_root.mv),
        ponder: best_root.pv.get(1).copied(),
        nodes: shared.nodes.load(Ordering::Relaxed),
        score: (best_root.score > -INF).then(|| Score::from_internal(best_root.score)),
        completed_score: (completed_score > -INF).then(|| Score::from_internal(completed_score)),
        depth: completed,
    }
}
