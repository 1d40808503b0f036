//! `morphy play` as a person meets it: in a terminal (a tmux pane, so a real
//! pseudo-terminal), typing at the prompt, reading the board on the screen. Under `CI` the
//! test fails when tmux is missing (`.ci/run` installs it); elsewhere it is skipped.

use crate::common;

use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

/// How long to wait for the screen to show something (a debug build on a busy machine).
const PATIENCE: Duration = Duration::from_mins(1);

/// A tmux session running one command, on a tmux server of its own; killed when dropped.
///
/// Each pane has its own server (`-L`, its own socket): a shared server exits when its last
/// session ends, and a session started at that moment fails with "server exited
/// unexpectedly". Tests run in parallel, and one test starts a pane as it drops another.
struct Pane {
    name: String,
}

impl Pane {
    fn start(test: &str, command: &str) -> Pane {
        let pane = Pane {
            name: format!("morphy-play-tty-{test}-{}", std::process::id()),
        };
        let ok = pane
            .tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                &pane.name,
                "-x",
                "100",
                "-y",
                "60",
            ])
            .arg(command)
            .status()
            .expect("tmux runs")
            .success();
        assert!(ok, "tmux new-session failed");
        pane
    }

    /// A tmux command for this pane's own server, which reads no configuration file.
    fn tmux(&self) -> Command {
        let mut tmux = Command::new("tmux");
        tmux.args(["-L", &self.name, "-f", "/dev/null"]);
        tmux
    }

    fn screen(&self) -> String {
        let out = self
            .tmux()
            .args(["capture-pane", "-p", "-S", "-500", "-t", &self.name])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn type_line(&self, text: &str) {
        let ok = self
            .tmux()
            .args(["send-keys", "-t", &self.name, text, "Enter"])
            .status()
            .expect("tmux send-keys")
            .success();
        assert!(ok, "tmux send-keys failed");
    }

    /// Waits until a FEN (a line of eight ranks) follows the prompt's `fen`; returns it.
    fn wait_for_fen(&self) -> String {
        self.wait_until("a FEN after 'fen'", |screen| {
            screen
                .lines()
                .skip_while(|l| !l.ends_with("> fen"))
                .find(|l| {
                    l.split(' ')
                        .next()
                        .is_some_and(|b| b.matches('/').count() == 7)
                })
                .map(|fen| fen.trim().to_string())
        })
    }

    /// Waits until the screen shows `want`; returns the screen.
    fn wait_for(&self, want: &str) -> String {
        self.wait_until(&format!("{want:?}"), |screen| {
            screen.contains(want).then(|| screen.to_string())
        })
    }

    /// Reads the screen until `found` finds what it looks for (`what`), and returns it.
    fn wait_until<T>(&self, what: &str, found: impl Fn(&str) -> Option<T>) -> T {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.screen();
            if let Some(it) = found(&screen) {
                return it;
            }
            assert!(
                Instant::now() < deadline,
                "the screen never showed {what}:\n{screen}"
            );
            thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = self.tmux().arg("kill-server").status();
    }
}

#[test]
fn a_game_at_knight_odds_in_a_terminal() {
    if !common::needs("tmux", "tmux", &["-V"]) {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_morphy");
    let data = common::data_home().display().to_string();
    // `sleep` keeps the pane open after the game, so its last screen can be read.
    let pane = Pane::start(
        "knight",
        &format!(
            "{bin} play --odds knight --depth 2 --notation descriptive --data '{data}'; echo EXIT=$?; sleep 30"
        ),
    );
    // Morphy gives the Knight and moves first; the person, Black, sees the board from
    // his side (rank 8 at the bottom) and the prompt.
    let screen = pane.wait_for("Black to move (you), move 1.");
    assert!(screen.contains("Morphy gives the odds and plays White; you play Black."));
    assert!(screen.contains("  8 | r n b k q b n r"), "{screen}");
    assert!(screen.contains("      h g f e d c b a"), "{screen}");
    assert!(screen.contains("Morphy plays 1. "), "{screen}");
    assert!(screen.contains("cp for you"), "{screen}");
    // A move in the Code's notation, then an illegal one with its reason.
    pane.type_line("P-K4");
    pane.wait_for("You play 1... P-K4");
    pane.wait_for("Black to move (you), move 2.");
    pane.type_line("Kd7");
    pane.wait_for("error: 'Kd7' is not a legal move: your own Pawn stands on d7 (Am. I 11 E (a))");
    pane.type_line("help");
    pane.wait_for("undo         take back your last turn and Morphy's reply to it");
    pane.type_line("undo");
    pane.wait_for("Took back 1... P-K4 2. ");
    pane.type_line("resign");
    let screen = pane.wait_for("EXIT=0");
    assert!(
        screen.contains("Result 1-0: Black resigns (Am. II 9)."),
        "{screen}"
    );
    // A person at a terminal sees the prompt, and his lines are not echoed twice.
    assert!(screen.contains("> P-K4"), "{screen}");
    assert!(!screen.contains("> > "), "{screen}");
}

#[test]
fn a_game_left_in_one_terminal_goes_on_in_another() {
    if !common::needs("tmux", "tmux", &["-V"]) {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_morphy");
    let data = std::env::temp_dir().join(format!("morphy-play-tty-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let dir = data.display().to_string();
    let pane = Pane::start(
        "left",
        &format!("{bin} play --odds rook --depth 2 --data '{dir}'; echo EXIT=$?; sleep 30"),
    );
    pane.wait_for("Black to move (you), move 1.");
    pane.type_line("e5");
    pane.wait_for("Black to move (you), move 2.");
    pane.type_line("fen");
    // Waits for the FEN before typing on: a line typed early is echoed by the terminal
    // before the answer, and would be taken for it.
    let fen = pane.wait_for_fen();
    pane.type_line("quit");
    pane.wait_for("EXIT=0");
    drop(pane);
    let pane = Pane::start(
        "resumed",
        &format!("{bin} play --resume --depth 2 --data '{dir}'; echo EXIT=$?; sleep 30"),
    );
    let screen = pane.wait_for("Black to move (you), move 2.");
    // The line may wrap at the pane's edge (the folder's name holds the process id).
    let unwrapped = screen.replace('\n', "");
    assert!(unwrapped.contains(" opened again from "), "{screen}");
    assert!(unwrapped.contains("after 3 half-moves"), "{screen}");
    pane.type_line("fen");
    pane.type_line("resign");
    let screen = pane.wait_for("EXIT=0");
    assert!(screen.contains(&fen), "the same position: {fen}\n{screen}");
    assert!(
        screen.contains("Result 1-0: Black resigns (Am. II 9)."),
        "{screen}"
    );
    let _ = std::fs::remove_dir_all(&data);
}
