//! The web board end to end: `morphy serve --port 0` and the selenium script
//! `tests/browser/play_at_odds.py` in headless Chromium (Morphy opens as the giver, the
//! person answers, an illegal move changes nothing, a draw claim refused and one
//! granted with the law, castling without the Rook, the PGN read by python-chess, bad
//! parameters answered on the page, no sideways scroll from a 320 px phone to a 2560 px
//! monitor and, playing Black, the person's clock at the bottom, a resignation's result
//! under the board), then `tests/browser/board_features.py` (the men as pictures or glyphs,
//! board colours and sounds remembered, moves typed in SAN and descriptive notation, a
//! move animated, squares named for a screen reader, the evaluation bar, a hint's arrow,
//! a look back at an earlier move, the dark theme) and `tests/browser/hostile_text.py`
//! (script in a PGN's tags, comments and moves and in a FEN shown as text on every page),
//! then Ctrl-C stops the server cleanly;
//! and `tests/browser/games_kept.py` (a game at its own address, the server killed with
//! SIGKILL and started again, the game reopened with its position, score and clocks, the
//! history listed, filtered and replayed with the keys, the next game suggested and
//! started in one click).
//!
//! Needs /usr/bin/chromium, /usr/bin/chromedriver and python's selenium and chess. Where
//! they are missing the test says so and passes, except under `CI`, where it fails.
//! Screenshots go to `MORPHY_SCREENSHOTS` (docs/screenshots, shown in README.md and
//! docs/PLAY.md), else to a directory under the target dir.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn missing() -> Option<String> {
    for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
        if !Path::new(path).exists() {
            return Some(format!(
                "{path} is missing (apt-get install chromium chromium-driver)"
            ));
        }
    }
    let python = Command::new("python3")
        .args(["-c", "import selenium, chess"])
        .output();
    match python {
        Ok(out) if out.status.success() => None,
        _ => Some("python3 with selenium and chess is missing (pip install selenium chess)".into()),
    }
}

/// The repository's root and the screenshots' folder, or `None` (the test skipped, said
/// why) where Chromium or selenium is missing; under `CI` a missing part fails the test.
fn ready() -> Option<(PathBuf, PathBuf)> {
    if let Some(why) = missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "under CI the browser test must run: {why}"
        );
        eprintln!("skipped: {why}");
        return None;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shots = std::env::var("MORPHY_SCREENSHOTS").map_or_else(
        |_| root.join("target").join("screenshots"),
        |dir| root.join(dir),
    );
    Some((root, shots))
}

#[test]
fn the_web_board_plays_a_game_at_odds_in_chromium() {
    let Some((root, shots)) = ready() else {
        return;
    };
    // The games are kept in a folder of the test's own, never the user's data folder.
    let data = std::env::temp_dir().join(format!("morphy-browser-{}", std::process::id()));
    let mut server = Command::new(env!("CARGO_BIN_EXE_morphy"))
        .args(["serve", "--port", "0", "--depth", "3", "--data"])
        .arg(&data)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("morphy serve starts");
    let mut line = String::new();
    let stdout = server.stdout.take().expect("stdout");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the address line");
    let url = line
        .trim()
        .strip_prefix("Morphy board at ")
        .unwrap_or_else(|| panic!("not an address line: {line}"))
        .to_string();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
        "{url}"
    );
    let script = |name: &str| root.join("tests").join("browser").join(name);
    let run = Command::new("python3")
        .arg(script("play_at_odds.py"))
        .arg(&url)
        .arg(&shots)
        .output()
        .expect("python3 runs");
    // The board's features (pictures, typed moves, hint, look back, sounds, themes) on
    // the same server.
    let features = Command::new("python3")
        .arg(script("board_features.py"))
        .arg(&url)
        .arg(&shots)
        .output()
        .expect("python3 runs");
    // Script and markup from outside (a PGN's tags, comments and moves, a FEN) shown as
    // text on every page.
    let hostile = Command::new("python3")
        .arg(script("hostile_text.py"))
        .arg(&url)
        .arg(&shots)
        .output()
        .expect("python3 runs");
    // Ctrl-C: the server stops cleanly, open event streams and all.
    let stopped = Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(stopped.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = server.kill();
            panic!("the server did not stop within 10 s of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = std::fs::remove_dir_all(&data);
    let out = String::from_utf8_lossy(&run.stdout);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "the browser test failed:\n{out}\n{err}"
    );
    assert!(out.contains("8 passed, 0 failed"), "{out}");
    let out = String::from_utf8_lossy(&features.stdout);
    let err = String::from_utf8_lossy(&features.stderr);
    assert!(
        features.status.success() && out.contains("board features: all steps passed"),
        "the board's features failed:\n{out}\n{err}"
    );
    let out = String::from_utf8_lossy(&hostile.stdout);
    let err = String::from_utf8_lossy(&hostile.stderr);
    assert!(
        hostile.status.success() && out.contains("hostile text: all steps passed"),
        "hostile text was not shown as text:\n{out}\n{err}"
    );
    assert!(
        status.success(),
        "morphy serve exited {status} after Ctrl-C"
    );
}

#[test]
fn the_web_board_keeps_its_games_across_a_kill_and_shows_the_history_in_chromium() {
    let Some((root, shots)) = ready() else {
        return;
    };
    // The script starts `morphy serve` itself, on a data folder of its own, kills it
    // with SIGKILL and starts it again.
    let run = Command::new("python3")
        .arg(root.join("tests").join("browser").join("games_kept.py"))
        .arg(env!("CARGO_BIN_EXE_morphy"))
        .arg(&shots)
        .output()
        .expect("python3 runs");
    let out = String::from_utf8_lossy(&run.stdout);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success() && out.contains("games kept: all steps passed"),
        "the games' browser test failed:\n{out}\n{err}"
    );
}
