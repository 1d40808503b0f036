//! What bounds a search: depth, nodes, time, moves to search, principal variations.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::types::Move;

/// What bounds a search. Fields left at their defaults do not limit it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Search no deeper than this many plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (exact with one thread).
    pub nodes: Option<u64>,
    /// Spend exactly this long (UCI `movetime`), less the move overhead.
    pub movetime: Option<Duration>,
    /// Clock of the side to move.
    pub time_left: Option<Duration>,
    /// Increment of the side to move.
    pub increment: Duration,
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// Look for a mate in this many moves: stop once one is found.
    pub mate: Option<u32>,
    /// Search until stopped (UCI `infinite`): the time limits above are ignored.
    pub infinite: bool,
    /// Set while the search ponders (UCI `go ponder`): the time limits wait until the
    /// flag is cleared (`ponderhit`), then count from the start of the search, and a
    /// search already past its normal time stops at once.
    pub pondering: Option<Arc<AtomicBool>>,
    /// Only these root moves (UCI `searchmoves`); empty means all.
    pub search_moves: Vec<Move>,
    /// How many principal variations to report (UCI `MultiPV`; 0 counts as 1).
    pub multi_pv: usize,
    /// Time kept back per move for communication (UCI `Move Overhead`); at least 15 ms is
    /// always kept.
    pub move_overhead: Duration,
}
