//! Move generation benchmarks: legal move lists, copy-make, and perft, ours and
//! cozy-chess's side by side on the same positions (cozy-chess is a dev-dependency used
//! only here). Every perft bench asserts its count, so a fast wrong generator fails.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use engine::search::bench;
use engine::{Position, Rules, Setup};

/// The first six bench positions (the chessprogramming wiki's "Perft Results" positions 1,
/// 2, 3, 4, 5 and 6, as in perft/suites/standard.epd), then positions from
/// perft/suites/perftsuite.epd.
fn fens() -> impl Iterator<Item = &'static str> {
    bench::POSITIONS[..6].iter().chain(&MORE_FENS).copied()
}

/// Positions from perft/suites/perftsuite.epd, and two openings.
const MORE_FENS: [&str; 19] = [
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/1R2K2R w Kkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "8/1n4N1/2k5/8/8/5K2/1N4n1/8 w - - 0 1",
    "B6b/8/8/8/2K5/4k3/8/b6B w - - 0 1",
    "7k/RR6/8/8/8/8/rr6/7K w - - 0 1",
    "6kq/8/8/8/8/8/8/7K w - - 0 1",
    "K7/8/2n5/1n6/8/8/8/k6N w - - 0 1",
    "8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
    "7k/3p4/8/8/3P4/8/8/K7 w - - 0 1",
    "8/8/k7/p7/P7/K7/8/8 w - - 0 1",
    "3k4/3pp3/8/8/8/8/3PP3/3K4 w - - 0 1",
    "8/Pk6/8/8/8/8/6Kp/8 w - - 0 1",
    "n1n5/1Pk5/8/8/8/8/5Kp1/5N1N w - - 0 1",
    "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp1p1ppp/2p5/4P3/2B5/8/PPP1NnPP/RNBQK2R w KQkq - 0 6",
];

fn ours() -> Vec<Position> {
    fens()
        .map(|f| {
            Position::from_setup(&Setup::from_fen(f, false).unwrap(), Rules::default()).unwrap()
        })
        .collect()
}

fn cozy() -> Vec<cozy_chess::Board> {
    fens().map(|f| f.parse().unwrap()).collect()
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut next = board.clone();
                next.play_unchecked(mv);
                nodes += cozy_perft(&next, depth - 1);
            }
            false
        });
    }
    nodes
}

fn movegen(c: &mut Criterion) {
    let positions = ours();
    let boards = cozy();
    let mut group = c.benchmark_group("movegen");
    group.bench_function("morphy/legal_moves x25", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        });
    });
    group.bench_function("cozy-chess/generate_moves x25", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| {
                    let mut n = 0;
                    black_box(board).generate_moves(|m| {
                        n += m.into_iter().count();
                        false
                    });
                    n
                })
                .sum::<usize>()
        });
    });
    group.bench_function("morphy/count_legal_moves x25", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_legal_moves())
                .sum::<u64>()
        });
    });
    group.finish();
}

fn make(c: &mut Criterion) {
    let positions = ours();
    let lists: Vec<_> = positions.iter().map(Position::legal_moves).collect();
    c.bench_function("make/copy-make every legal move x25", |b| {
        b.iter(|| {
            let mut keys = 0u64;
            for (pos, moves) in positions.iter().zip(&lists) {
                for mv in moves {
                    let mut next = pos.clone();
                    next.play_unchecked(*mv);
                    keys ^= next.key();
                }
            }
            keys
        });
    });
}

fn perft_side_by_side(c: &mut Criterion) {
    // (position index, depth, published count)
    let cases = [
        (0usize, 5u32, 4_865_609u64),
        (1, 4, 4_085_603),
        (2, 5, 674_624),
        (3, 4, 422_333),
        (4, 4, 2_103_487),
    ];
    let positions = ours();
    let boards = cozy();
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (i, depth, expected) in cases {
        let id = format!("pos{}-d{depth}", i + 1);
        group.bench_with_input(BenchmarkId::new("morphy", &id), &i, |b, &i| {
            b.iter(|| {
                let n = perft::perft(black_box(&positions[i]), depth);
                assert_eq!(n, expected);
                n
            });
        });
        group.bench_with_input(BenchmarkId::new("cozy-chess", &id), &i, |b, &i| {
            b.iter(|| {
                let n = cozy_perft(black_box(&boards[i]), depth);
                assert_eq!(n, expected);
                n
            });
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, make, perft_side_by_side);
criterion_main!(benches);
