//! Search benchmark: the fixed-depth `bench` signature over the engine's bench positions
//! (prints total nodes and nodes/s), then a criterion measurement of one search.
//!
//! Run: `cargo bench -p morphy-benches --bench search` (`MORPHY_BENCH_DEPTH` sets the signature depth, 9
//! by default).

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{criterion_group, Criterion};
use engine::search::{bench, Limits, NullReporter, Searcher};
use engine::{Game, Position, Rules, Setup};

fn signature() {
    let depth = std::env::var("MORPHY_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(9);
    let result = bench::run(depth);
    // The same run twice gives the same count: the signature is deterministic.
    assert_eq!(bench::run(4).nodes, bench::run(4).nodes);
    #[expect(clippy::print_stderr, reason = "the bench's report")]
    {
        eprintln!(
            "bench depth {depth}: {} nodes {} nps ({:.2}s)",
            result.nodes,
            result.nps(),
            result.time.as_secs_f64()
        );
    }
}

fn middlegame_search(c: &mut Criterion) {
    let setup = Setup::from_fen(bench::POSITIONS[5], false).unwrap();
    let game = Game::new(Position::from_setup(&setup, Rules::default()).unwrap());
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    c.bench_function("search depth 7 (middlegame)", |b| {
        b.iter(|| {
            let mut s = Searcher::new();
            black_box(s.search(black_box(&game), &limits, &stop, &mut NullReporter))
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = middlegame_search
}

fn main() {
    signature();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
