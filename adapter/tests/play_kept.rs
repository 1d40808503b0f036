//! `morphy play` killed (SIGKILL) the moment it has answered: every change it answered
//! is in the games' database, since each is committed before its answer is printed, and
//! the file opens intact. The real binary on a real file in a temporary folder.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;

use crate::common::{data_home, morphy, stdout, PATIENCE};

/// A running `morphy play`, its lines read as they come.
struct Game {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Game {
    fn start(args: &[&str]) -> Game {
        let mut child = Command::new(env!("CARGO_BIN_EXE_morphy"))
            .arg("play")
            .args(args)
            .env("XDG_DATA_HOME", data_home())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("morphy starts");
        let stdin = child.stdin.take().expect("stdin");
        let out = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Game {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("morphy reads");
        self.stdin.flush().expect("flush");
    }

    /// Waits for a line starting with `start`; returns it.
    fn wait_for(&mut self, start: &str) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no line starting '{start}' in {:?}", self.seen));
            self.seen.push(line.clone());
            if line.starts_with(start) {
                return line;
            }
        }
    }

    /// Kills it at once (SIGKILL), no chance to write anything more.
    fn kill(mut self) {
        self.child.kill().expect("kill");
        let _ = self.child.wait();
    }
}

/// A new empty folder under the system's temporary one, removed when dropped.
struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn play_killed_as_it_answers_has_kept_every_change_it_answered() {
    let dir = Folder(std::env::temp_dir().join(format!("morphy-play-kept-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir.0);
    let data = dir.0.to_str().expect("a UTF-8 path").to_string();
    let mut game = Game::start(&["--depth", "1", "--data", &data]);
    let kept = game.wait_for("This game is kept in ");
    let id = kept
        .split(" as game ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .expect("the id")
        .to_string();
    game.send("e4");
    game.wait_for("You play 1. e4");
    game.wait_for("Morphy plays 1... ");
    game.send("d4");
    // Killed the moment the move is answered: it was written before the answer.
    game.wait_for("You play 2. d4");
    game.kill();
    let shown = morphy(&["games", "show", &id, "--data", &data]);
    assert_eq!(shown.status.code(), Some(0), "{}", stdout(&shown));
    let text = stdout(&shown);
    let score = text
        .lines()
        .find(|l| l.starts_with("1. e4 "))
        .unwrap_or_else(|| panic!("no score in {text}"));
    assert!(score.contains(" 2. d4"), "{score}");

    // Gone on with, a take-back answered, killed again: the take-back is in the file.
    let mut game = Game::start(&["--resume", &id, "--depth", "1", "--data", &data]);
    game.wait_for("Game ");
    game.send("undo");
    game.wait_for("Took back ");
    game.kill();
    let shown = stdout(&morphy(&["games", "show", &id, "--data", &data]));
    let score = shown
        .lines()
        .find(|l| l.starts_with("1. e4 "))
        .unwrap_or_else(|| panic!("no score in {shown}"));
    assert!(!score.contains("d4"), "the take-back was kept: {score}");
    assert!(score.ends_with(" *"), "{score}");
}
