//! `bench`: a fixed-depth search over a fixed list of positions, printing the total node
//! count (the "Bench: N" signature of functional commits) and the speed.
//!
//! The positions are the engine's (`engine::search::bench::POSITIONS`, with a few odds
//! starts); this file runs them through any [`SearchBackend`] and prints the result.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use engine::search::{bench, Limits, NullReporter};

use crate::backend::SearchBackend;

/// The depth `bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 4;
/// The deepest `bench` accepted over UCI (it runs on the input thread; the command line
/// has no such limit).
pub const MAX_DEPTH: i64 = 12;

/// The outcome of a bench run.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct BenchResult {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
    /// Positions searched.
    pub positions: usize,
}

impl fmt::Display for BenchResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.time.as_millis().max(1) as u64;
        writeln!(f, "Positions: {}", self.positions)?;
        writeln!(f, "Total time (ms): {ms}")?;
        writeln!(f, "Nodes searched: {}", self.nodes)?;
        write!(f, "Nodes/second: {}", self.nodes.saturating_mul(1000) / ms)
    }
}

/// Searches every position to `depth` with a cleared searcher and sums the nodes.
pub fn run(backend: &mut impl SearchBackend, depth: u32) -> BenchResult {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth.max(1)),
        multi_pv: 1,
        ..Limits::default()
    };
    let start = Instant::now();
    let mut nodes = 0;
    let mut positions = 0;
    for game in bench::games() {
        backend.clear();
        nodes += backend
            .search(&game, &limits, &stop, &mut NullReporter)
            .nodes;
        positions += 1;
    }
    BenchResult {
        nodes,
        time: start.elapsed(),
        positions,
    }
}
