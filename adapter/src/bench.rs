//! `bench`: a fixed-depth search over a fixed list of positions, printing the total node
//! count (the "Bench: N" signature of functional commits) and the speed.
//!
//! The positions, the loop and the summary are the engine's (`engine::search::bench`);
//! this file runs them through any [`SearchBackend`].

use std::sync::atomic::AtomicBool;

use engine::search::bench::{self, BenchResult};
use engine::search::NullReporter;

use crate::backend::SearchBackend;

/// The depth `bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 4;
/// The deepest `bench` accepted over UCI (it runs on the input thread; the command line
/// has no such limit).
pub const MAX_DEPTH: i64 = 12;

/// Searches every bench position to `depth` through `backend`, cleared before each, at
/// full strength (the signature is the full search's; a later `go` sets the strength
/// again).
pub fn run(backend: &mut impl SearchBackend, depth: u32) -> BenchResult {
    let stop = AtomicBool::new(false);
    backend.set_strength(None);
    bench::run_with(depth, |game, limits| {
        backend.clear();
        backend.search(game, limits, &stop, &mut NullReporter).nodes
    })
}
