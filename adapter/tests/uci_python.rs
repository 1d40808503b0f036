//! Runs the python-chess conformance test (`tests/python/test_uci.py`) against the real
//! binary. Skipped with a note when `python3` or the `chess` package is missing, unless
//! `CI` is set, where it must run (`.ci/run` installs `chess`).

use std::process::Command;

#[test]
fn python_chess_conformance() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/python/test_uci.py");
    let have_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .status()
        .is_ok_and(|s| s.success());
    if !have_chess {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs python3 with python-chess (pip install chess)"
        );
        eprintln!("skipped: python3 with python-chess not found (pip install chess)");
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
