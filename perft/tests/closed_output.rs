//! `perft … | head -1`: when the reader closes standard output, the binary stops quietly
//! (exit 0, nothing on standard error) instead of panicking on the broken pipe.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Starts `perft ARGS`, reads one line of its output, closes the pipe, and returns the
/// exit code and standard error. Each command writes far more than a pipe buffer
/// (64 KiB), so its later writes must meet the closed pipe.
fn read_one_line_then_close(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("perft starts");
    let mut reader = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("one line");
    assert!(!first.is_empty(), "perft {args:?} printed nothing");
    drop(reader);
    let output = child.wait_with_output().expect("perft ends");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn suite_output_to_a_closed_pipe_ends_quietly() {
    // 960 result lines of about 100 bytes: 96 KB.
    let (code, stderr) =
        read_one_line_then_close(&["suite", "suites/chess960.epd", "--max-depth", "1"]);
    assert_eq!(code, Some(0), "stderr: {stderr}");
    assert!(stderr.is_empty(), "stderr: {stderr}");
}

#[test]
fn split_output_to_a_closed_pipe_ends_quietly() {
    // 5362 job lines of about 70 bytes: 375 KB.
    let (code, stderr) = read_one_line_then_close(&["split", "--depth", "4", "--split-depth", "3"]);
    assert_eq!(code, Some(0), "stderr: {stderr}");
    assert!(!stderr.contains("Broken pipe"), "stderr: {stderr}");
}
