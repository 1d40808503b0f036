//! Search: finds the best move of a [`Game`]'s current position within [`Limits`],
//! reporting progress through a [`Reporter`]. It never prints; the adapter turns
//! reports into UCI `info` lines.
//!
//! This first version is a plain iterative-deepening alpha-beta on material, enough to
//! play legal moves under any limit; the search issue replaces its insides while
//! keeping this interface.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::position::Position;
use crate::types::{Color, Move, PieceKind};

/// What bounds a search. Fields left at their defaults do not limit it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Search no deeper than this many plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Spend exactly this long (UCI `movetime`).
    pub movetime: Option<Duration>,
    /// Clock of the side to move.
    pub time_left: Option<Duration>,
    /// Increment of the side to move.
    pub increment: Duration,
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search until stopped (UCI `infinite` or `ponder`): the time limits above are ignored.
    pub infinite: bool,
    /// Only these root moves (UCI `searchmoves`); empty means all.
    pub search_moves: Vec<Move>,
    /// How many principal variations to report.
    pub multi_pv: usize,
    /// Time kept back per move for communication (UCI `Move Overhead`).
    pub move_overhead: Duration,
}

/// A score from the side to move's point of view.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Whether a reported score is exact or a bound.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least this (fail high).
    Lower,
    /// At most this (fail low).
    Upper,
}

/// One progress report.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation (1-based).
    pub multipv: usize,
    /// The score.
    pub score: Score,
    /// Exact or a bound.
    pub bound: Bound,
    /// Win/draw/loss per mille, if known.
    pub wdl: Option<(u32, u32, u32)>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Transposition table fill, per mille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Receives progress reports.
pub trait Reporter {
    /// Called after each completed iteration (and principal variation).
    fn info(&mut self, info: &SearchInfo);
}

/// A reporter that ignores everything (tests, benches).
pub struct NullReporter;

impl Reporter for NullReporter {
    fn info(&mut self, _: &SearchInfo) {}
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// Nodes searched.
    pub nodes: u64,
}

/// A searcher, keeping its tables between searches.
#[derive(Debug, Default)]
pub struct Searcher {
    nodes: u64,
}

const MATE: i32 = 30_000;

fn material(pos: &Position) -> i32 {
    const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
    let mut score = 0;
    for kind in PieceKind::ALL {
        let n = pos.pieces_of(Color::White, kind).len() as i32
            - pos.pieces_of(Color::Black, kind).len() as i32;
        score += n * VALUE[kind as usize];
    }
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

struct Context<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    nodes: u64,
    aborted: bool,
}

impl Context<'_> {
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let too_many = self.max_nodes.is_some_and(|n| self.nodes >= n);
            if late || too_many || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }
}

fn alpha_beta(
    pos: &Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    ply: i32,
    ctx: &mut Context,
) -> i32 {
    ctx.nodes += 1;
    if ctx.should_stop() {
        return 0;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.in_check() { -MATE + ply } else { 0 };
    }
    if depth == 0 {
        return material(pos);
    }
    for mv in moves {
        let next = pos.played(mv);
        let sign = if next.turn() == pos.turn() { 1 } else { -1 };
        let score = if sign == 1 {
            alpha_beta(&next, depth - 1, alpha, beta, ply + 1, ctx)
        } else {
            -alpha_beta(&next, depth - 1, -beta, -alpha, ply + 1, ctx)
        };
        if score > alpha {
            alpha = score;
            if alpha >= beta {
                break;
            }
        }
    }
    alpha
}

impl Searcher {
    /// A searcher with empty tables.
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// Searches the game's current position. Returns at once with `best: None` when
    /// there is no legal move.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let start = Instant::now();
        let pos = game.current();
        let mut root: Vec<Move> = pos.legal_moves().into_iter().collect();
        if !limits.search_moves.is_empty() {
            root.retain(|m| limits.search_moves.contains(m));
        }
        let Some(&first) = root.first() else {
            return SearchResult::default();
        };
        let deadline = if limits.infinite {
            None
        } else if let Some(t) = limits.movetime {
            Some(start + t.saturating_sub(limits.move_overhead))
        } else {
            limits.time_left.map(|t| {
                let togo = limits.moves_to_go.unwrap_or(30).max(1);
                let budget = t / togo + limits.increment / 2;
                start + budget.min(t / 2).saturating_sub(limits.move_overhead)
            })
        };
        let mut ctx = Context {
            stop,
            deadline,
            max_nodes: limits.nodes,
            nodes: 0,
            aborted: false,
        };
        let mut best = first;
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        for depth in 1..=max_depth {
            let mut alpha = -MATE - 1;
            let mut iteration_best = None;
            for &mv in &root {
                let next = pos.played(mv);
                let score = if next.turn() == pos.turn() {
                    alpha_beta(&next, depth - 1, alpha, MATE + 1, 1, &mut ctx)
                } else {
                    -alpha_beta(&next, depth - 1, -MATE - 1, -alpha, 1, &mut ctx)
                };
                if ctx.aborted {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    iteration_best = Some(mv);
                }
            }
            if ctx.aborted {
                break;
            }
            if let Some(mv) = iteration_best {
                best = mv;
                root.retain(|m| *m != mv);
                root.insert(0, mv);
            }
            let score = if alpha.abs() >= MATE - 1000 {
                let plies = MATE - alpha.abs();
                Score::Mate(alpha.signum() * (plies + 1) / 2)
            } else {
                Score::Cp(alpha)
            };
            reporter.info(&SearchInfo {
                depth,
                seldepth: depth,
                multipv: 1,
                score,
                bound: Bound::Exact,
                wdl: None,
                nodes: ctx.nodes,
                time: start.elapsed(),
                hashfull: 0,
                pv: vec![best],
            });
            if matches!(score, Score::Mate(_)) && limits.mate.is_some() {
                break;
            }
        }
        self.nodes += ctx.nodes;
        SearchResult {
            best: Some(best),
            ponder: None,
            nodes: ctx.nodes,
        }
    }
}
