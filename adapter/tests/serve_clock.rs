//! The machine's clock jumping under a running `morphy serve`: set back 400 days, then
//! ten years ahead, while games are played and written. The wall clock is moved for the
//! real binary alone by libfaketime (Debian's `faketime` package: `LD_PRELOAD`, the
//! offset read from a file at every call), the monotonic clock left alone, as a real
//! jump leaves it. Nothing is lost or reordered: the list goes by the database's own
//! count of writes, a game's clock by the monotonic clock, and the dates shown are
//! what the machine's clock said.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use crate::serve_faults::{new_game, stored, Server};
use crate::serve_kept::Folder;

/// libfaketime's library for programs with threads, as Debian installs it.
const LIBFAKETIME: &str = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";
const DAY: i64 = 86_400;

/// Seconds since 1970 by this (unmoved) process's clock.
fn real_now() -> i64 {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    i64::try_from(secs).expect("in range")
}

/// `morphy serve` whose wall clock is the real one moved by the offset in `offset_file`
/// (libfaketime's syntax: `+0`, `-400d`, `+3650d`), read again at every call.
fn server_on_a_movable_clock(data: &Path, offset_file: &Path) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_morphy"));
    command
        .env("LD_PRELOAD", LIBFAKETIME)
        .env("FAKETIME_TIMESTAMP_FILE", offset_file)
        .env("FAKETIME_NO_CACHE", "1")
        .env("FAKETIME_DONT_FAKE_MONOTONIC", "1");
    Server::start_with(command, data, &[])
}

/// Writes the offset whole (a new file renamed over the old), so that the server never
/// reads a half-written one.
fn move_clock(offset_file: &Path, offset: &str) {
    let next = offset_file.with_extension("next");
    std::fs::write(&next, format!("{offset}\n")).expect("the offset is written");
    std::fs::rename(&next, offset_file).expect("the offset is put in place");
}

/// The games as the history lists them (newest first).
fn history(server: &Server) -> Vec<Value> {
    let (status, list) = server
        .request("GET", "/api/history", None)
        .expect("the server answers");
    assert_eq!(status, 200, "{list}");
    list["games"].as_array().expect("a list").clone()
}

fn ids(rows: &[Value]) -> Vec<String> {
    rows.iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

/// The person's (White's) time left in the timed game `id`, at its turn.
fn whites_time(server: &Server, id: &str) -> u64 {
    let state = server.persons_turn(id).expect("the server answers");
    assert_ne!(state["over"], true, "the timed game goes on: {state}");
    state["clocks"]["white"].as_u64().expect("timed")
}

#[test]
fn a_clock_set_back_or_ahead_loses_no_game_and_reorders_none() {
    if !Path::new(LIBFAKETIME).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "under CI the clock test must run: install Debian's faketime"
        );
        eprintln!("skipped: {LIBFAKETIME} is missing (Debian's faketime package)");
        return;
    }
    let dir = Folder::new("clock-jump");
    let data = dir.0.join("morphy");
    std::fs::create_dir_all(&dir.0).expect("the folder is made");
    let offset = dir.0.join("offset");
    move_clock(&offset, "+0");
    let mut server = server_on_a_movable_clock(&data, &offset);

    // Before the jumps: an untimed game and a timed one, a move in each.
    let first = new_game(&server);
    assert_eq!(server.plays(&first, 0).unwrap().0, 200);
    let (status, timed) = server
        .request(
            "POST",
            "/api/games",
            Some(&json!({ "color": "white", "clock": "1+0" })),
        )
        .unwrap();
    assert_eq!(status, 201, "{timed}");
    let timed = timed["id"].as_str().unwrap().to_string();
    assert_eq!(server.plays(&timed, 0).unwrap().0, 200);
    let before = whites_time(&server, &timed);

    // Set back 400 days: a new game, and a move in the timed one half a second later.
    move_clock(&offset, "-400d");
    let back = new_game(&server);
    assert_eq!(server.plays(&back, 1).unwrap().0, 200);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(server.plays(&timed, 1).unwrap().0, 200);
    let after_back = whites_time(&server, &timed);

    // Ten years ahead: another new game, then a move in the first.
    move_clock(&offset, "+3650d");
    let ahead = new_game(&server);
    assert_eq!(server.plays(&ahead, 2).unwrap().0, 200);
    assert_eq!(server.plays(&first, 1).unwrap().0, 200);
    let after_ahead = whites_time(&server, &timed);
    // Morphy's replies written before the list is read.
    for id in [&first, &back, &ahead] {
        server.persons_turn(id).expect("the server answers");
    }

    // The timed game's clock ran by the real time only: neither 400 days given back
    // nor ten years taken (a 1-minute clock; the moves above took seconds at most).
    // At least the half second slept, at most seconds, either way.
    let spent_back = before.checked_sub(after_back);
    let spent_ahead = before.checked_sub(after_ahead);
    assert!(
        spent_back.is_some_and(|ms| (400..30_000).contains(&ms))
            && spent_ahead.is_some_and(|ms| ms < 30_000),
        "White's clock: {before} ms, {after_back} ms after the clock was set back, \
         {after_ahead} ms after it jumped ahead"
    );

    // Newest first by when each was begun, whatever the clock said; each dated as
    // the clock said when it was begun (so the jumps did happen).
    let rows = history(&server);
    assert_eq!(
        ids(&rows),
        [
            ahead.as_str(),
            back.as_str(),
            timed.as_str(),
            first.as_str()
        ],
        "{rows:?}"
    );
    let now = real_now();
    let created = |row: &Value| row["created"].as_i64().unwrap();
    assert!(
        (created(&rows[0]) - (now + 3650 * DAY)).abs() < DAY,
        "{rows:?}"
    );
    assert!(
        (created(&rows[1]) - (now - 400 * DAY)).abs() < DAY,
        "{rows:?}"
    );
    assert!((created(&rows[3]) - now).abs() < DAY, "{rows:?}");
    let plies: Vec<u64> = rows.iter().map(|g| g["plies"].as_u64().unwrap()).collect();

    // Killed, and started again on the right time: every game where it stood, the
    // file intact, the same order.
    server.kill();
    move_clock(&offset, "+0");
    let server = server_on_a_movable_clock(&data, &offset);
    let again = history(&server);
    assert_eq!(ids(&again), ids(&rows));
    let plies_again: Vec<u64> = again.iter().map(|g| g["plies"].as_u64().unwrap()).collect();
    assert_eq!(plies_again, plies);
    for id in ids(&rows) {
        let (check, _) = stored(&data, &id);
        assert_eq!(check, "ok");
    }
    let console = server.console();
    assert!(!console.contains("panic"), "{console}");

    // A move in the game begun when the clock was set back, now on the right time: it is
    // the one written last, though the clock dated `ahead` and `first` ten years later.
    assert_eq!(server.plays(&back, 3).unwrap().0, 200);
    server.persons_turn(&back).expect("the server answers");
    drop(server);
    let out = Command::new(env!("CARGO_BIN_EXE_morphy"))
        .args(["play", "--resume", "--depth", "1", "--data"])
        .arg(&data)
        .env("XDG_DATA_HOME", dir.0.join("xdg"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("morphy play runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains(&back),
        "resumed another game than {back}: {text}"
    );
}
