//! What a search tells: a progress report after each iteration ([`SearchInfo`], to a
//! [`Reporter`]) and what it found ([`SearchResult`]).

use std::time::Duration;

use super::score::{Bound, Score};
use crate::types::Move;

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
    /// Nodes searched so far (all threads).
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
    /// Called after each completed iteration, once per principal variation.
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
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// The score of the best move, from the side to move's point of view. When the search
    /// stopped inside an iteration this may be a bound from that iteration's aspiration
    /// window (the move failed low or high and its re-search was cut short).
    pub score: Option<Score>,
    /// The best score of the last completed iteration, from the side to move's point of
    /// view: always exact, never an aspiration bound. It values the position at
    /// [`SearchResult::depth`], which is what training data wants; the move played may be
    /// one that beat that iteration's best in the unfinished one, or (under a
    /// [`Strength`](crate::search::strength::Strength)) a weaker move chosen on purpose, whose score `score` then gives.
    pub completed_score: Option<Score>,
    /// The last completed depth.
    pub depth: u32,
}
