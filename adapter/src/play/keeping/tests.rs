//! `morphy play` keeping its game in a real database file: written after every change,
//! opened again where it stood, and a file that cannot be opened said and left alone
//! while the game plays on.

use std::io::Cursor;

use engine::Color;

use super::*;
use crate::game_db::test_folder::TestFolder;
use crate::play::{run_kept, Limit, Status};

fn config() -> PlayConfig {
    PlayConfig {
        limit: Limit::Depth(1),
        hash_mb: 1,
        ..PlayConfig::default()
    }
}

fn session(config: &PlayConfig, keep: Keep, lines: &str) -> String {
    let mut out = Vec::new();
    let status = run_kept(
        config,
        keep,
        Cursor::new(lines.as_bytes().to_vec()),
        &mut out,
    )
    .unwrap();
    assert_eq!(status, Status::Played);
    String::from_utf8(out).unwrap()
}

#[test]
fn every_move_is_written_and_the_game_goes_on_where_it_stood() {
    let dir = TestFolder::new("play-keep");
    let out = session(
        &config(),
        Keep::New(GameDb::open(dir.path())),
        "e4\nd4\nundo\nNf3\nquit\n",
    );
    assert!(out.contains("This game is kept in "), "{out}");
    let db = GameDb::open(dir.path()).unwrap();
    let games = db.all().unwrap();
    assert_eq!(games.len(), 1);
    let stored = &games[0];
    assert!(out.contains(&format!("as game {}", stored.id)), "{out}");
    // e4, Morphy, d4, Morphy; the take-back leaves e4 and Morphy's reply; Nf3, Morphy.
    assert_eq!(stored.moves.len(), 4, "{:?}", stored.moves);
    assert_eq!(stored.moves[0].uci, "e2e4");
    assert_eq!(stored.moves[2].uci, "g1f3");
    assert_eq!(stored.result, None);
    assert_eq!(stored.human, "white");
    let kept = crate::kept::rebuild(stored, Limit::Depth(1)).unwrap();
    let fen = kept.session.game().current().fen();
    let id = stored.id.clone();
    let resumed = Keep::Resumed {
        db,
        id: id.clone(),
        kept: Box::new(kept),
    };
    let out = session(&config(), resumed, "fen\nresign\n");
    assert!(
        out.contains(&format!("Game {id} opened again from "))
            && out.contains("after 4 half-moves"),
        "{out}"
    );
    assert!(out.contains(&format!("> fen\n{fen}\n")), "{out}");
    let stored = GameDb::open(dir.path())
        .unwrap()
        .load(&id)
        .unwrap()
        .unwrap();
    assert_eq!(stored.result.as_deref(), Some("0-1"));
    assert_eq!(stored.reason.as_deref(), Some("White resigns (Am. II 9)"));
    assert_eq!(stored.ending.as_deref(), Some("resigned white"));
}

#[test]
fn a_call_to_mate_is_kept_br_iv_12() {
    let dir = TestFolder::new("play-call");
    let config = PlayConfig {
        spec: engine::GameSpec {
            rule_set: engine::RuleSet::British1894,
            ..engine::GameSpec::default()
        },
        fen: Some("4k3/8/8/8/8/8/8/R3K3 b - - 0 1".to_string()),
        color: Some(Color::Black),
        ..config()
    };
    let out = session(&config, Keep::New(GameDb::open(dir.path())), "call\nquit\n");
    assert!(out.contains("You call: "), "{out}");
    let stored = &GameDb::open(dir.path()).unwrap().all().unwrap()[0];
    assert_eq!(stored.calls, [(0, "black".to_string())]);
}

#[test]
fn a_file_that_is_no_database_is_named_left_alone_and_the_game_plays_on() {
    let dir = TestFolder::new("play-bad");
    std::fs::create_dir_all(dir.path()).unwrap();
    let file = dir.path().join(crate::game_db::FILE);
    let junk = "not a database, and not to be overwritten ".repeat(200);
    std::fs::write(&file, &junk).unwrap();
    let out = session(&config(), Keep::New(GameDb::open(dir.path())), "e4\nquit\n");
    assert!(
        out.contains(&format!(
            "warning: cannot open the games' database {}",
            file.display()
        )),
        "{out}"
    );
    assert!(
        out.contains("This game is not being kept; it plays on."),
        "{out}"
    );
    assert!(out.contains("You play 1. e4"), "{out}");
    assert!(out.contains("Morphy plays 1... "), "{out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), junk);
}

/// The player's lines, one at a time; when the line numbered `release` (from 0) is
/// reached, `lock` (another program's hold on the file) is let go.
struct Gate {
    lines: Vec<Vec<u8>>,
    next: usize,
    at: usize,
    release: usize,
    lock: Option<rusqlite::Connection>,
}

impl std::io::Read for Gate {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let have = std::io::BufRead::fill_buf(self)?;
            let n = have.len().min(buf.len());
            buf[..n].copy_from_slice(&have[..n]);
            n
        };
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl std::io::BufRead for Gate {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.next < self.lines.len() && self.at == self.lines[self.next].len() {
            self.next += 1;
            self.at = 0;
        }
        if self.next == self.release {
            self.lock = None;
        }
        Ok(self.lines.get(self.next).map_or(&[][..], |l| &l[self.at..]))
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

#[test]
fn a_file_another_program_locks_is_said_once_and_the_game_kept_when_it_is_free() {
    let dir = TestFolder::new("play-locked");
    let db = GameDb::open(dir.path()).unwrap();
    let file = db.path().to_path_buf();
    let lock = rusqlite::Connection::open(&file).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let lines = ["e4\n", "d4\n", "Nf3\n", "quit\n"];
    let input = Gate {
        lines: lines.iter().map(|l| l.as_bytes().to_vec()).collect(),
        next: 0,
        at: 0,
        // Let go when the third line (Nf3) is read.
        release: 2,
        lock: Some(lock),
    };
    let mut out = Vec::new();
    run_kept(&config(), Keep::New(Ok(db)), input, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let failed = format!(
        "warning: cannot read or write the games' database {}",
        file.display()
    );
    assert_eq!(out.matches(&failed).count(), 1, "said once: {out}");
    assert!(out.contains("this game is not being kept"), "{out}");
    assert!(out.contains("You play 2. d4"), "the game plays on: {out}");
    assert!(
        out.contains(&format!("The game is kept again in {}.", file.display())),
        "{out}"
    );
    let stored = GameDb::open(dir.path()).unwrap().all().unwrap().remove(0);
    assert_eq!(stored.moves.len(), 6, "the whole game written once free");
    assert_eq!(stored.moves[4].uci, "g1f3");
}
