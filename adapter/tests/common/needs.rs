//! What a test needs from the machine, shared by the adapter's and the perft crate's
//! integration tests (the perft tests include this file by path).

use std::process::Command;

/// Whether `program args` runs and succeeds: a tool a test needs (python-chess, tmux).
/// When it does not, under `CI` the test fails (`.ci/run` installs what tests need);
/// elsewhere it says so and the caller skips.
pub fn needs(what: &str, program: &str, args: &[&str]) -> bool {
    let found = Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs {what} ({program} {})",
            args.join(" ")
        );
        eprintln!("skipped: {what} not found");
    }
    found
}
