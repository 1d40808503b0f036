//! The odds perft suites, checked against an independent oracle.
//!
//! `tests/oracle` is a second move generator (0x88 mailbox, make-and-test legality) that
//! shares nothing with the `engine` crate. It first earns trust on the published standard
//! counts in `perft/suites/` (standard.epd, perftsuite.epd), then recomputes every count of our own suites
//! `perft/suites/odds.epd` and `perft/suites/castling_without_rook.epd`, for which no
//! published numbers exist. The same code generated those counts (`print_suite_counts`).
//!
//! Default tests stay shallow (a few seconds in the test profile); the deep ones are
//! `#[ignore]`d: `cargo test --release -p morphy --test integration odds_oracle -- --ignored --nocapture`.

use crate::oracle;

use std::path::PathBuf;
use std::time::Instant;

use oracle::{divide, perft, perft_parallel, RuleSet, SuiteLine};

/// Counts up to this many leaf nodes are recomputed by the default test.
const SHALLOW_NODE_LIMIT: u64 = 200_000;

/// When growing a line without counts, the next depth is taken while its estimated count
/// (the last count times the last branching factor) stays under this, so that the deepest
/// count lands roughly between 10 and 150 million.
const GROW_NODE_LIMIT: u64 = 150_000_000;

/// Our odds suites, relative to the root package.
const OUR_SUITES: [&str; 2] = [
    "perft/suites/odds.epd",
    "perft/suites/castling_without_rook.epd",
];

fn root_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn read(relative: &str) -> String {
    let path = root_path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Checks every count of `line` at a depth up to `max_depth` and with at most
/// `max_nodes` nodes; returns how many counts it checked.
fn check_line(line: &SuiteLine, max_depth: u32, max_nodes: u64) -> usize {
    let pos = line
        .position()
        .unwrap_or_else(|error| panic!("{}: {error}", line.label()));
    let mut checked = 0;
    for &(depth, expected) in &line.counts {
        if depth > max_depth || expected > max_nodes {
            continue;
        }
        let found = if expected > 1_000_000 {
            perft_parallel(&pos, depth)
        } else {
            perft(&pos, depth)
        };
        if found != expected {
            // Leave the per-move counts for hunting the disagreement down the tree.
            for (mv, nodes) in divide(&pos, depth) {
                println!("{mv}: {nodes}");
            }
        }
        assert_eq!(
            found,
            expected,
            "{} depth {depth}: the oracle counts {found}, the suite says {expected}",
            line.label()
        );
        checked += 1;
    }
    checked
}

#[test]
fn oracle_matches_published_counts() {
    let classic = SuiteLine::parse_file(&read("perft/suites/perftsuite.epd"));
    let cpw = SuiteLine::parse_file(&read("perft/suites/standard.epd"));
    assert_eq!(classic.len(), 126);
    assert_eq!(cpw.len(), 7);
    let mut checked = 0;
    // Standard positions count the same under american-1897 and fide: every castling
    // letter has its Rook, and promotion offers the same four pieces.
    for rules in [RuleSet::American1897, RuleSet::Fide] {
        for suite_line in classic.iter().chain(&cpw) {
            let line = SuiteLine {
                rules,
                ..suite_line.clone()
            };
            let max_depth = if cpw.iter().any(|c| c.fen == line.fen) {
                4
            } else {
                3
            };
            checked += check_line(&line, max_depth, u64::MAX);
        }
    }
    assert!(checked > 700, "only {checked} counts checked");
}

#[test]
fn oracle_matches_odds_suites_shallow() {
    for suite in OUR_SUITES {
        let lines = SuiteLine::parse_file(&read(suite));
        assert!(
            lines.len() >= 15,
            "{suite} has only {} positions",
            lines.len()
        );
        for line in &lines {
            let id = line
                .id
                .as_deref()
                .unwrap_or_else(|| panic!("{suite}: {} has no id", line.fen));
            assert!(
                !id.contains(';'),
                "{suite}: an id with ';' breaks other EPD readers: {id}"
            );
            assert!(
                !line.counts.is_empty(),
                "{suite}: {} has no counts",
                line.label()
            );
            assert!(
                check_line(line, u32::MAX, SHALLOW_NODE_LIMIT) > 0,
                "{}: nothing shallow",
                line.label()
            );
        }
    }
}

#[test]
fn suites_declare_their_source_and_cover_the_catalogue() {
    for suite in OUR_SUITES {
        assert!(
            read(suite).starts_with("# Source:"),
            "{suite} must start with its # Source: lines"
        );
    }
    let odds = SuiteLine::parse_file(&read(OUR_SUITES[0]));
    for entry in oracle::CATALOGUE {
        let covered = odds
            .iter()
            .any(|line| line.odds == Some(entry) && line.rules == RuleSet::American1897);
        assert!(
            covered,
            "odds.epd lacks odds {} under american-1897",
            entry.name
        );
    }
}

#[test]
#[ignore = "deep: a few minutes in release"]
fn oracle_matches_odds_suites_deep() {
    for suite in OUR_SUITES {
        for line in SuiteLine::parse_file(&read(suite)) {
            let started = Instant::now();
            let checked = check_line(&line, u32::MAX, u64::MAX);
            println!(
                "{suite}: {} ({checked} counts) in {:.1?}",
                line.label(),
                started.elapsed()
            );
        }
    }
}

/// How the suites' counts were made: every position line of each suite is counted again,
/// at the depths it lists or — for a line with no counts yet — depth by depth until the
/// next depth would pass about `GROW_NODE_LIMIT` nodes. The regenerated files are printed
/// and written to `target/tmp/`, comments kept as they are.
#[test]
#[ignore = "generates the suites' counts: a few minutes in release"]
fn print_suite_counts() {
    for suite in OUR_SUITES {
        let mut out = String::new();
        for text in read(suite).lines() {
            let Some(mut line) = SuiteLine::parse(text).unwrap() else {
                out.push_str(text);
                out.push('\n');
                continue;
            };
            let pos = line
                .position()
                .unwrap_or_else(|error| panic!("{}: {error}", line.label()));
            let depths: Vec<u32> = line.counts.iter().map(|&(depth, _)| depth).collect();
            line.counts.clear();
            if depths.is_empty() {
                for depth in 1.. {
                    let nodes = perft_parallel(&pos, depth);
                    line.counts.push((depth, nodes));
                    let previous = if depth == 1 {
                        1
                    } else {
                        line.counts[depth as usize - 2].1
                    };
                    if nodes == 0 || nodes.saturating_mul(nodes) / previous.max(1) > GROW_NODE_LIMIT
                    {
                        break;
                    }
                }
            } else {
                line.counts = depths
                    .into_iter()
                    .map(|depth| (depth, perft_parallel(&pos, depth)))
                    .collect();
            }
            println!("{line}");
            out.push_str(&line.to_string());
            out.push('\n');
        }
        let name = PathBuf::from(suite).file_name().unwrap().to_owned();
        let written = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&written, out).unwrap();
        println!("# wrote {}", written.display());
    }
}
