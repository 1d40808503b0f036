//! Runs the python-chess conformance test (`tests/python/test_uci.py`) against the real
//! binary, and the match runner's adjudication test. Skipped with a note when `python3`
//! or the `chess` package is missing, unless `CI` is set, where they must run (`.ci/run`
//! installs `chess`).

// `pub`: each test binary uses only part of the shared helpers, and a public module's
// public items are not dead code.
pub mod common;

use std::process::Command;

/// Runs `tests/python/<script>` with `args` and asserts that it exits cleanly and reports
/// "0 failed"; returns without running when python-chess is missing (`common::needs`).
fn run_python_test(script: &str, args: &[&str]) {
    if !common::needs(
        "python3 with python-chess (pip install chess)",
        "python3",
        &["-c", "import chess.engine"],
    ) {
        return;
    }
    let path = format!("{}/../tests/python/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(path)
        .args(args)
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

#[test]
fn python_chess_conformance() {
    run_python_test("test_uci.py", &[env!("CARGO_BIN_EXE_morphy")]);
}

/// The match runner's adjudication (`scripts/strength_match.py`): a repetition or
/// fifty-move draw only once it stands on the board.
#[test]
fn match_runner_declares_draws_only_once_on_the_board() {
    run_python_test("test_match_adjudication.py", &[]);
}
