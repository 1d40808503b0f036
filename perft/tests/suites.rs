//! Every suite under `perft/suites/` at shallow depth (the default `cargo test` budget),
//! and at full depth behind `--ignored`. Standard-chess suites are also counted under
//! `fide`, where the counts must be the same.

use std::path::PathBuf;

use engine::RuleSet;
use perft::suite::{parse_suite, SuiteEntry};
use rayon::prelude::*;

/// Expected counts above this are skipped in the default run.
const SHALLOW_NODES: u64 = 1_000_000;

fn suites() -> Vec<(String, Vec<SuiteEntry>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("suites");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("perft/suites exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "epd"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "suites missing in {}", dir.display());
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable suite");
            assert!(
                text.lines().any(|l| l.starts_with("# Source:")),
                "{} lacks a # Source: header",
                path.display()
            );
            let entries = parse_suite(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                entries,
            )
        })
        .collect()
}

/// Checks every entry up to `limit` expected nodes; returns the failures.
fn check(name: &str, entries: &[SuiteEntry], limit: u64, also_fide: bool) -> Vec<String> {
    entries
        .par_iter()
        .flat_map_iter(|entry| {
            let mut failures = Vec::new();
            let mut variants = vec![entry.clone()];
            let standard = entry.spec.rule_set == RuleSet::American1897
                && entry.spec.odds == engine::Odds::None
                && !entry.spec.chess960;
            if also_fide && standard {
                let mut fide = entry.clone();
                fide.spec.rule_set = RuleSet::Fide;
                variants.push(fide);
            }
            for e in variants {
                let pos = match e.position() {
                    Ok(p) => p,
                    Err(err) => {
                        failures.push(format!("{name}:{} {}: {err}", e.line, e.fen));
                        continue;
                    }
                };
                for &(depth, expected) in e.depths.iter().filter(|(_, n)| *n <= limit) {
                    let got = perft::perft(&pos, depth);
                    if got != expected {
                        failures.push(format!(
                            "{name}:{} [{}] {} D{depth}: got {got}, expected {expected}",
                            e.line, e.spec, e.fen
                        ));
                    }
                }
            }
            failures
        })
        .collect()
}

#[test]
fn every_suite_matches_at_shallow_depth() {
    let mut failures = Vec::new();
    for (name, entries) in suites() {
        // The published standard-chess suites hold under fide too; the Code's own suites
        // (castling without Rook) do not, by design.
        let standard_chess =
            ["standard.epd", "perftsuite.epd", "sedlak.epd"].contains(&name.as_str());
        failures.extend(check(&name, &entries, SHALLOW_NODES, standard_chess));
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
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
#[ignore = "deep: minutes; run with --release -- --ignored"]
fn every_suite_matches_at_full_depth() {
    let mut failures = Vec::new();
    for (name, entries) in suites() {
        failures.extend(check(&name, &entries, u64::MAX, false));
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
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
