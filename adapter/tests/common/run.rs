//! Runs the `morphy` binary once: its arguments, text written to its stdin (then closed),
//! and its whole output, within a deadline.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

use super::PATIENCE;

/// The data folder every run is given as `XDG_DATA_HOME` (one for this test binary), so
/// that the games `morphy play` keeps by default go there, never into the home of
/// whoever runs the tests.
pub fn data_home() -> &'static PathBuf {
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    HOME.get_or_init(|| {
        std::env::temp_dir().join(format!("morphy-tests-data-{}", std::process::id()))
    })
}

/// Runs `morphy ARGS` with nothing on stdin.
pub fn morphy(args: &[&str]) -> Output {
    morphy_with(args, "")
}

/// Runs `morphy ARGS` with `input` on stdin; panics if it has not ended after
/// [`PATIENCE`] (it is killed first).
pub fn morphy_with(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_morphy"))
        .args(args)
        .env("XDG_DATA_HOME", data_home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("morphy starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_owned();
    // Written from a thread and read from two, so that no pipe fills while another waits.
    let writer = thread::spawn(move || {
        // A program that ends before reading everything closes the pipe: not an error here.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).expect("stdout read");
        bytes
    });
    let err = thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr.read_to_end(&mut bytes).expect("stderr read");
        bytes
    });
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("morphy {args:?} did not end within {PATIENCE:?}");
        }
        thread::sleep(Duration::from_millis(10));
    };
    writer.join().expect("writer");
    Output {
        status,
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
    }
}

/// What a run wrote to stdout, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a run wrote to stderr, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
