//! The deep perft records of the odds starts (`perft/records/odds_american_1897.txt`,
//! written by `scripts/odds_records.sh`) cannot rot: every figure up to depth 5 is counted
//! again here through the library, the suite written beside them says the same figures,
//! and the standard start's records are the published counts (`perft/suites/standard.epd`).
//! The deep figures stay data: `perft suite perft/records/odds_american_1897.epd` rechecks
//! any depth.

use std::collections::BTreeMap;
use std::path::PathBuf;

use engine::fen::CastlingNotation;
use engine::{Odds, RuleSet, Rules};
use perft::suite::{parse_suite, root_position};
use rayon::prelude::*;

/// Records up to this depth are counted again in the default test run.
const RECHECKED_DEPTH: u32 = 5;
/// Every preset must be recorded to at least this depth (issue 14 asked for depth 8; issue
/// 74 for depth 9).
const REQUIRED_DEPTH: u32 = 9;

/// One line of the records: a count and how it was reached.
#[derive(Debug)]
struct Record {
    odds: Odds,
    depth: u32,
    count: u64,
    line: usize,
}

fn read(relative: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads the records, checking each line's columns:
/// `odds depth count a_user_s a_wall_s b_user_s b_wall_s b_method utc_date`.
fn records() -> Vec<Record> {
    let text = read("records/odds_american_1897.txt");
    assert!(
        text.lines().any(|l| l.starts_with("# Columns:")),
        "the records lack their # Columns: header"
    );
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let place = format!("records line {}", i + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 9, "{place}: {line}");
        for seconds in &fields[3..7] {
            let s: f64 = seconds
                .parse()
                .unwrap_or_else(|e| panic!("{place}: time '{seconds}': {e}"));
            assert!(s >= 0.0, "{place}: negative time");
        }
        let method = fields[7];
        assert!(
            method == "plain"
                || method
                    .strip_prefix("split")
                    .map(|k| k.strip_suffix("-hash").unwrap_or(k))
                    .is_some_and(|k| k.parse::<u32>().is_ok()),
            "{place}: check B method '{method}'"
        );
        out.push(Record {
            odds: fields[0].parse().unwrap_or_else(|e| panic!("{place}: {e}")),
            depth: fields[1].parse().expect("a depth"),
            count: fields[2].parse().expect("a count"),
            line: i + 1,
        });
    }
    out
}

/// The records as (odds, depth) → count, each figure recorded once.
fn by_odds_and_depth(records: &[Record]) -> BTreeMap<(String, u32), u64> {
    let mut map = BTreeMap::new();
    for r in records {
        let before = map.insert((r.odds.to_string(), r.depth), r.count);
        assert!(
            before.is_none(),
            "records line {}: {} D{} recorded twice",
            r.line,
            r.odds,
            r.depth
        );
    }
    map
}

#[test]
fn every_preset_is_recorded_from_depth_1_to_at_least_9() {
    let map = by_odds_and_depth(&records());
    for odds in Odds::ALL {
        for depth in 1..=REQUIRED_DEPTH {
            assert!(
                map.contains_key(&(odds.to_string(), depth)),
                "{odds} D{depth} is not recorded"
            );
        }
    }
}

#[test]
fn shallow_records_are_counted_again() {
    let rules = Rules::new(RuleSet::American1897);
    let shallow: Vec<Record> = records()
        .into_iter()
        .filter(|r| r.depth <= RECHECKED_DEPTH)
        .collect();
    assert!(shallow.len() >= Odds::ALL.len() * RECHECKED_DEPTH as usize);
    let failures: Vec<String> = shallow
        .par_iter()
        .filter_map(|r| {
            let pos = root_position(None, rules, r.odds).expect("an odds start");
            let got = perft::perft(&pos, r.depth);
            (got != r.count).then(|| {
                format!(
                    "records line {}: {} D{} is {got}, recorded {}",
                    r.line, r.odds, r.depth, r.count
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_suite_says_what_the_records_say() {
    let rules = Rules::new(RuleSet::American1897);
    let map = by_odds_and_depth(&records());
    let suite = parse_suite(&read("records/odds_american_1897.epd")).expect("a suite");
    let mut from_suite = BTreeMap::new();
    for entry in &suite {
        assert_eq!(
            entry.spec.rule_set,
            RuleSet::American1897,
            "line {}",
            entry.line
        );
        let start = entry
            .spec
            .odds
            .setup(&rules)
            .to_fen(CastlingNotation::Standard);
        assert_eq!(
            entry.fen, start,
            "line {}: not the {} start",
            entry.line, entry.spec.odds
        );
        entry.position().expect("the suite's position builds");
        for &(depth, count) in &entry.depths {
            from_suite.insert((entry.spec.odds.to_string(), depth), count);
        }
    }
    assert_eq!(from_suite, map, "suite and records differ");
}

/// The start position's counts from depth 1, as published (chessprogramming wiki,
/// "Perft Results"; perft/suites/README.md). D1-D7 are also in
/// `perft/suites/standard.epd`, which the test below reads too.
const PUBLISHED_START: [u64; 9] = [
    20,
    400,
    8_902,
    197_281,
    4_865_609,
    119_060_324,
    3_195_901_860,
    84_998_978_956,
    2_439_530_234_167,
];

#[test]
fn the_standard_start_records_are_the_published_counts() {
    let suite = parse_suite(&read("suites/standard.epd")).expect("a suite");
    let start = suite
        .iter()
        .find(|e| e.fen == engine::fen::STARTING_FEN)
        .expect("the start position in standard.epd");
    for &(depth, count) in &start.depths {
        assert_eq!(
            PUBLISHED_START[depth as usize - 1],
            count,
            "standard.epd D{depth}"
        );
    }
    let map = by_odds_and_depth(&records());
    let mut compared = 0;
    for (depth, &count) in (1..).zip(PUBLISHED_START.iter()) {
        if let Some(&ours) = map.get(&("none".to_string(), depth)) {
            assert_eq!(
                ours, count,
                "start position D{depth}: recorded {ours}, published {count}"
            );
            compared += 1;
        }
    }
    assert!(
        compared >= REQUIRED_DEPTH,
        "only {compared} depths compared"
    );
}

#[test]
fn stockfish_agrees_with_the_records_it_could_count() {
    // Lines: odds depth stockfish ours_fide american_1897 sf_user_s ours_user_s date FEN.
    let map = by_odds_and_depth(&records());
    let text = read("records/odds_stockfish_fide.txt");
    let mut same_start = 0;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 14, "stockfish line {}: {line}", i + 1);
        assert_eq!(
            f[2],
            f[3],
            "stockfish line {}: Stockfish and ours under fide",
            i + 1
        );
        let depth: u32 = f[1].parse().expect("a depth");
        let odds: Odds = f[0].parse().expect("odds");
        let american = odds
            .setup(&Rules::new(RuleSet::American1897))
            .to_fen(CastlingNotation::Standard);
        let fide_fen = f[8..].join(" ");
        if fide_fen == american {
            let recorded = map.get(&(f[0].to_string(), depth)).expect("a record");
            assert_eq!(f[4], recorded.to_string(), "stockfish line {}", i + 1);
            assert_eq!(f[2], f[4], "stockfish line {}", i + 1);
            same_start += 1;
        } else {
            assert_eq!(
                f[4],
                "-",
                "stockfish line {}: not the american-1897 start",
                i + 1
            );
        }
    }
    assert!(
        same_start > 0,
        "no Stockfish count of an american-1897 start"
    );
}
