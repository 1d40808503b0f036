//! What the adapter's integration tests share: the real `morphy` binary driven over pipes
//! (send lines, wait for lines with a deadline), a single run of it, and what a test needs
//! from the machine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

mod needs;
mod run;
pub use needs::needs;
pub use run::{data_home, morphy, morphy_with, stderr, stdout};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single expected answer may take (debug builds on a busy machine).
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl Engine {
    /// Starts `morphy` with no arguments (the UCI server).
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_morphy"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("morphy starts");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        };
        // The one-line greeting comes first, before any command.
        let banner = engine
            .next_line(Duration::from_secs(10))
            .expect("a greeting line");
        assert!(banner.starts_with("Morphy "), "{banner}");
        engine
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Sends bytes as they are.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to morphy");
        stdin.flush().expect("flush");
    }

    /// Closes stdin (EOF).
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `wait`.
    pub fn next_line(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(l) => {
                self.seen.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads until a line satisfies `pred`; returns every line read, the match last.
    /// Panics after [`PATIENCE`].
    pub fn until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_line(left) else {
                panic!("no matching line within {PATIENCE:?}; got {got:#?}");
            };
            let done = pred(&line);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// Reads until the line starting with `prefix`, returning it.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        let lines = self.until(|l| l.starts_with(prefix));
        lines.last().cloned().unwrap_or_default()
    }

    /// Sends `isready` and returns everything before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Lines that arrive within `wait` (for checking that nothing comes).
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut got = Vec::new();
        while let Some(l) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            got.push(l);
        }
        got
    }

    /// Waits for the process to end; returns its success.
    pub fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            assert!(Instant::now() < deadline, "morphy did not exit");
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether a `bestmove` line names a move (not `(none)`).
pub fn best_of(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "{line}");
    let m = words.next()?;
    (m != "(none)").then(|| m.to_string())
}
