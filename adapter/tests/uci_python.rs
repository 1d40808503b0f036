//! Runs the python-chess conformance test (`tests/python/test_uci.py`) against the real
//! binary, and the match runner's adjudication test. Skipped with a note when `python3`
//! or the `chess` package is missing, unless `CI` is set, where they must run (`.ci/run`
//! installs `chess`).

mod common;

use std::process::Command;

#[test]
fn python_chess_conformance() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/python/test_uci.py");
    if !common::needs(
        "python3 with python-chess (pip install chess)",
        "python3",
        &["-c", "import chess.engine"],
    ) {
        return;
    }
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_morphy"))
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("0 failed"), "{text}");
}

/// The match runner's adjudication (`scripts/strength_match.py`): a repetition or
/// fifty-move draw only once it stands on the board (`tests/python/test_match_adjudication.py`).
#[test]
fn match_runner_declares_draws_only_once_on_the_board() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/python/test_match_adjudication.py"
    );
    if !common::needs(
        "python3 with python-chess (pip install chess)",
        "python3",
        &["-c", "import chess"],
    ) {
        return;
    }
    let out = Command::new("python3")
        .arg(script)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("0 failed"), "{text}");
}
