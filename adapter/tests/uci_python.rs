//! Runs the python-chess conformance test (`tests/python/test_uci.py`) against the real
//! binary. Skipped with a note when `python3` or the `chess` package is missing, unless
//! `CI` is set, where it must run (`.ci/run` installs `chess`).

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
