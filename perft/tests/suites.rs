//! Every suite under `perft/suites/` at shallow depth (the default `cargo test` budget),
//! and at full depth behind `--ignored`. Standard-chess suites are also counted under
//! `fide`, where the counts must be the same.

use crate::common;

use common::{check, suites};

/// Expected counts above this are skipped in the default run.
const SHALLOW_NODES: u64 = 1_000_000;

/// Checks every suite's counts up to `max_nodes`, each standard-chess suite also under
/// `fide` when `also_fide`; panics listing every mismatch.
fn check_every_suite(max_nodes: u64, also_fide: bool) {
    let mut failures = Vec::new();
    for (name, entries) in suites() {
        // The published standard-chess suites hold under fide too; the Code's own suites
        // (castling without Rook) do not, by design.
        let standard_chess =
            ["standard.epd", "perftsuite.epd", "sedlak.epd"].contains(&name.as_str());
        failures.extend(check(
            &name,
            &entries,
            max_nodes,
            also_fide && standard_chess,
        ));
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_suite_matches_at_shallow_depth() {
    check_every_suite(SHALLOW_NODES, true);
}

#[test]
fn bulk_count_agrees_with_playing_every_move() {
    // perft_slow plays every leaf move and checks the position's invariants at each node.
    for (name, entries) in suites() {
        for e in entries.iter().step_by(7) {
            let pos = e.position().unwrap();
            let depth = e
                .depths
                .iter()
                .filter(|(_, n)| *n <= 50_000)
                .map(|(d, _)| *d)
                .max()
                .unwrap_or(1);
            assert_eq!(
                perft::perft_slow(&pos, depth),
                perft::perft(&pos, depth),
                "{name}:{}",
                e.line
            );
        }
    }
}

#[test]
#[ignore = "deep: minutes; run with --release --test integration -- --ignored"]
fn every_suite_matches_at_full_depth() {
    check_every_suite(u64::MAX, false);
}

#[test]
fn parallel_and_hashed_counts_match_the_plain_count() {
    let kiwipete = perft::suite::build_position(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        engine::Rules::default(),
        engine::Odds::None,
    )
    .unwrap();
    let hash = perft::PerftHash::new(4);
    assert_eq!(perft::perft_parallel(&kiwipete, 4, None), 4_085_603);
    assert_eq!(perft::perft_parallel(&kiwipete, 4, Some(&hash)), 4_085_603);
    assert_eq!(perft::perft_hashed(&kiwipete, 4, &hash), 4_085_603);
    let divided: u64 = perft::divide(&kiwipete, 3).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, 97_862);
}
