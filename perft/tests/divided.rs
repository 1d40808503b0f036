//! A divided perft end to end through GNU parallel, as docs/PERFT.md shows it: `perft split`,
//! `parallel --pipe -N 40 perft job`, `perft merge`; then results lost, `merge` naming
//! the missing jobs, `merge --missing` writing them, rerun, merged again.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const PERFT: &str = env!("CARGO_BIN_EXE_perft");

// The convention of the adapter's tests: fail under `CI`, else skip and say so.
#[path = "../../adapter/tests/common/needs.rs"]
mod needs;
use needs::needs;

/// A fresh directory for one test's files.
fn workdir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("divided-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `perft args`, standard output to `out` when given.
fn perft(args: &[&str], out: Option<&Path>) -> Output {
    let mut command = Command::new(PERFT);
    command.args(args);
    if let Some(path) = out {
        command.stdout(File::create(path).expect("output file"));
    }
    command.output().expect("perft runs")
}

/// The `Nodes: N` of an output.
fn nodes(output: &Output) -> u128 {
    let stdout = text(&output.stdout);
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("Nodes: "))
        .unwrap_or_else(|| panic!("no Nodes line in {stdout:?} ({})", text(&output.stderr)))
        .parse()
        .expect("a count")
}

/// The undivided count.
fn undivided(root: &[&str], depth: u32) -> u128 {
    let depth = depth.to_string();
    let args = [root, &["--depth", depth.as_str()]].concat();
    let output = perft(&args, None);
    assert!(output.status.success(), "{}", text(&output.stderr));
    nodes(&output)
}

/// Splits, runs the jobs through `parallel --pipe -N 40 perft job`, loses the results of
/// every `lose`-th job, checks that merge names them, reruns them, and returns the
/// merged count.
fn divided(name: &str, root: &[&str], depth: u32, split_depth: u32, lose: usize) -> u128 {
    let dir = workdir(name);
    let (jobs, results, rerun, rerun_results) = (
        dir.join("jobs"),
        dir.join("results"),
        dir.join("rerun"),
        dir.join("rerun-results"),
    );
    let (d, k) = (depth.to_string(), split_depth.to_string());
    let args = [&["split", "--depth", &d, "--split-depth", &k], root].concat();
    let split = perft(&args, Some(&jobs));
    assert!(split.status.success(), "{}", text(&split.stderr));

    let parallel = Command::new("parallel")
        .args(["--pipe", "-N", "40", PERFT, "job"])
        .stdin(File::open(&jobs).expect("jobs"))
        .stdout(File::create(&results).expect("results"))
        .stderr(Stdio::piped())
        .output()
        .expect("parallel runs");
    assert!(parallel.status.success(), "{}", text(&parallel.stderr));

    // Lose every `lose`-th result line (in the order parallel wrote them).
    let all = std::fs::read_to_string(&results).expect("results");
    let job_count = std::fs::read_to_string(&jobs)
        .expect("jobs")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .count();
    assert_eq!(all.lines().count(), job_count, "one result per job");
    let (mut kept, mut lost) = (String::new(), Vec::new());
    for (i, line) in all.lines().enumerate() {
        if i % lose == lose / 2 {
            lost.push(line.split_whitespace().next().unwrap().to_string());
        } else {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    assert!(!lost.is_empty());
    std::fs::write(&results, kept).expect("results");

    let (j, r, rr) = (
        jobs.to_str().unwrap(),
        results.to_str().unwrap(),
        rerun_results.to_str().unwrap(),
    );
    let merge = perft(&["merge", j, r], None);
    assert_eq!(merge.status.code(), Some(1), "{}", text(&merge.stderr));
    let message = text(&merge.stderr);
    let named = message
        .lines()
        .find_map(|l| l.strip_prefix(&format!("missing {} jobs: ", lost.len())))
        .unwrap_or_else(|| panic!("{message}"));
    let mut named: Vec<&str> = named.split(' ').collect();
    named.sort_unstable();
    lost.sort_unstable();
    assert_eq!(named, lost);

    let missing = perft(&["merge", "--missing", j, r], Some(&rerun));
    assert_eq!(missing.status.code(), Some(1), "{}", text(&missing.stderr));
    let again = perft(&["job", rerun.to_str().unwrap()], Some(&rerun_results));
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(
        std::fs::read_to_string(&rerun_results)
            .unwrap()
            .lines()
            .count(),
        lost.len()
    );

    let merge = perft(&["merge", j, r, rr], None);
    assert!(merge.status.success(), "{}", text(&merge.stderr));
    // A job counted twice with the same count is fine.
    let twice = perft(&["merge", j, r, rr, rr], None);
    assert!(twice.status.success(), "{}", text(&twice.stderr));
    assert_eq!(nodes(&twice), nodes(&merge));
    let _ = std::fs::remove_dir_all(&dir);
    nodes(&merge)
}

#[test]
fn start_position_depth_7_through_gnu_parallel() {
    if !needs("GNU parallel", "parallel", &["--version"]) {
        return;
    }
    assert_eq!(divided("start-7", &[], 7, 3, 500), 3_195_901_860);
}

#[test]
fn rook_odds_castling_without_rook_through_gnu_parallel() {
    if !needs("GNU parallel", "parallel", &["--version"]) {
        return;
    }
    // Am. IV 5: the giver of the Queen's Rook keeps castling on that side without it.
    let root = ["--odds", "rook", "--rules", "american-1897"];
    let expected = undivided(&root, 6);
    assert_eq!(divided("rook-odds", &root, 6, 2, 37), expected);
}

#[test]
fn pawn_and_two_moves_through_gnu_parallel() {
    if !needs("GNU parallel", "parallel", &["--version"]) {
        return;
    }
    // Am. IV 4: the split falls inside White's first turn of two moves and moves to its end.
    let root = ["--odds", "pawn-and-two-moves", "--rules", "american-1897"];
    let expected = undivided(&root, 5);
    assert_eq!(divided("two-moves", &root, 5, 1, 41), expected);
}
