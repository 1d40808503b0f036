//! What the perft integration tests share: the suites under `perft/suites/`, and the
//! check of an entry's counts.

use std::path::PathBuf;

use engine::RuleSet;
use perft::suite::{parse_suite, SuiteEntry};
use rayon::prelude::*;

/// Every suite file, by name, parsed (each must carry a `# Source:` header).
pub fn suites() -> Vec<(String, Vec<SuiteEntry>)> {
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
pub fn check(name: &str, entries: &[SuiteEntry], limit: u64, also_fide: bool) -> Vec<String> {
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
