//! The games kept by `morphy play`, read back from the terminal: the real binary on a
//! real database file in a temporary folder. A game is played, left, listed, shown,
//! exported (the PGN read back by the engine and replayed under the Code), gone on with
//! from the same position and finished; a damaged file is named and left alone while
//! the game plays on.

use std::path::{Path, PathBuf};

use engine::RuleSet;
use morphy_adapter::pgn_check::resume_game;

use crate::common::{morphy, morphy_with, stderr, stdout};

/// A new empty folder under the system's temporary one, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let path =
            std::env::temp_dir().join(format!("morphy-games-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        Folder(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `morphy ARGS` with `input`; the exit code, stdout and stderr.
fn run(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = morphy_with(args, input);
    (out.status.code(), stdout(&out), stderr(&out))
}

/// The line after `> echo` in a transcript.
fn after<'a>(out: &'a str, echo: &str) -> &'a str {
    let mut lines = out.lines();
    lines
        .position(|l| l == echo)
        .unwrap_or_else(|| panic!("no '{echo}' in {out}"));
    lines.next().unwrap_or("")
}

/// The id `morphy play` says it keeps its game under.
fn kept_id(out: &str, file: &Path) -> String {
    let said = format!("This game is kept in {} as game ", file.display());
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix(said.as_str()))
        .unwrap_or_else(|| panic!("no '{said}' in {out}"));
    line.split(';').next().unwrap_or_default().to_string()
}

#[test]
fn a_game_played_in_the_terminal_is_listed_shown_exported_and_gone_on_with() {
    let dir = Folder::new("round");
    let file = dir.0.join("morphy.db");
    let data = ["--data", dir.arg()];
    let play = [
        "play", "--odds", "knight", "--depth", "2", "--elo", "1400", "--seed", "3",
    ];
    let args: Vec<&str> = play.iter().chain(&data).copied().collect();
    let (code, out, _) = run(&args, "e5\nNc6\nfen\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    let id = kept_id(&out, &file);
    assert_eq!(id.len(), 32, "{id}");
    let fen = after(&out, "> fen").to_string();
    assert!(fen.contains(" b "), "Black, the person, to move: {fen}");

    // Listed, newest first, with its odds, level, colour and that it goes on.
    let (code, list, _) = run(&["games", "--data", dir.arg()], "");
    assert_eq!(code, Some(0), "{list}");
    let row = list
        .lines()
        .find(|l| l.contains(&id[..8]))
        .unwrap_or_else(|| panic!("no row for {id} in {list}"));
    for word in ["knight", "american-1897", "Elo 1400", "black", "unfinished"] {
        assert!(row.contains(word), "{word}: {row}");
    }
    let (code, none, _) = run(
        &["games", "list", "--result", "won", "--data", dir.arg()],
        "",
    );
    assert_eq!(code, Some(0));
    assert!(none.starts_with("No games in "), "{none}");

    // Shown with its score and where it stands.
    let (code, shown, _) = run(&["games", "show", &id[..6], "--data", dir.arg()], "");
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.starts_with(&format!("Game {id}\n")), "{shown}");
    assert!(shown.contains(" e5 "), "{shown}");
    assert!(shown.contains("Black to move (you), move 3;"), "{shown}");

    // Exported as PGN the engine reads back and replays to the same position.
    let pgn_file = dir.0.join("games.pgn");
    let (code, _, err) = run(
        &[
            "games",
            "export",
            "--data",
            dir.arg(),
            pgn_file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let pgn = std::fs::read_to_string(&pgn_file).unwrap();
    let games = engine::pgn::read_games(&pgn).unwrap();
    assert_eq!(games.len(), 1, "{pgn}");
    assert_eq!(games[0].tag("Odds"), Some("knight"));
    assert_eq!(games[0].tag("Result"), Some("*"));
    let replayed = resume_game(&games[0], RuleSet::default());
    let session = replayed.session.expect("the exported game replays");
    assert_eq!(session.game().current().fen(), fen);
    let check = morphy(&["pgn", "check", pgn_file.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert!(
        stdout(&check).contains("1 game: 1 replayed, 0 with an illegal move"),
        "{}",
        stdout(&check)
    );
    if crate::common::needs(
        "python3 with python-chess (pip install chess)",
        "python3",
        &["-c", "import chess.pgn"],
    ) {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/python/pgn_replay.py");
        let read = std::process::Command::new("python3")
            .arg(script)
            .arg(&pgn_file)
            .output()
            .expect("python3 runs");
        let read = String::from_utf8_lossy(&read.stdout).into_owned();
        let fields: Vec<&str> = read.trim_end_matches('\n').split('\t').collect();
        let placement = fen.split(' ').next().unwrap();
        assert_eq!(fields.len(), 4, "{read}");
        assert_eq!(
            fields[0],
            session.game().moves().len().to_string(),
            "{read}"
        );
        assert_eq!(
            (fields[1], fields[2], fields[3]),
            (placement, "b", ""),
            "{read}"
        );
    }
    let (code, to_stdout, _) = run(
        &["games", "export", "--odds", "knight", "--data", dir.arg()],
        "",
    );
    assert_eq!(code, Some(0));
    assert_eq!(to_stdout, pgn);

    // Gone on with from the same position, then resigned: the file has the result.
    let (code, out, _) = run(
        &["play", "--resume", "--depth", "2", "--data", dir.arg()],
        "fen\nresign\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains(&format!("Game {id} opened again from {}", file.display())),
        "{out}"
    );
    assert_eq!(after(&out, "> fen"), fen);
    let (_, list, _) = run(&["games", "--data", dir.arg()], "");
    assert!(
        list.contains("lost 1-0: Black resigns (Am. II 9)"),
        "{list}"
    );
    let (code, stats, _) = run(&["games", "stats", "--data", dir.arg()], "");
    assert_eq!(code, Some(0));
    assert!(
        stats.contains(
            "\nknight               Elo 1400 Morphy        1    0      0     1    0.0%\n"
        ),
        "{stats}"
    );

    assert!(stats.contains("Your strength: about "), "{stats}");
    assert!(stats.contains("from 1 game."), "{stats}");

    // A finished game, no game left to go on with, and an unknown id: refused, exit 2.
    let (code, _, err) = run(&["play", "--resume", &id, "--data", dir.arg()], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "game {id} is over (1-0: Black resigns (Am. II 9))"
        )),
        "{err}"
    );
    let (code, _, err) = run(&["play", "--resume", "--data", dir.arg()], "");
    assert_eq!(code, Some(2));
    assert_eq!(
        err.trim_end(),
        format!(
            "error: no unfinished game in {}; 'morphy games' lists the games",
            file.display()
        )
    );
    let (code, _, err) = run(&["games", "show", "nosuch", "--data", dir.arg()], "");
    assert_eq!(code, Some(2));
    assert_eq!(
        err.trim_end(),
        format!(
            "error: no game nosuch in {}; 'morphy games' lists them",
            file.display()
        )
    );
    let (code, _, err) = run(
        &["play", "--resume", "--odds", "rook", "--data", dir.arg()],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
    let bad = morphy(&["games", "--odds", "castle", "--data", dir.arg()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("unknown odds 'castle'"),
        "{}",
        stderr(&bad)
    );

    // The suggested game: the odds and level the ladder gives, kept like any other.
    let (code, out, _) = run(
        &["play", "--suggested", "--depth", "1", "--data", dir.arg()],
        "quit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    let said = out.lines().next().unwrap_or_default();
    let rest = said
        .strip_prefix("The suggested game: odds ")
        .unwrap_or_else(|| panic!("{out}"));
    let (odds, rest) = rest.split_once(", Morphy at ").unwrap();
    let level = rest.split(' ').next().unwrap();
    assert!(
        out.contains(&format!("Morphy plays at about {level} Elo")),
        "{out}"
    );
    let next = kept_id(&out, &file);
    let (_, shown, _) = run(&["games", "show", &next, "--data", dir.arg()], "");
    assert!(
        shown.contains(&format!(
            "Odds: {odds}; rules: american-1897; Morphy: Elo {level};"
        )),
        "{shown}"
    );
    let (code, _, _) = run(
        &["play", "--suggested", "--odds", "rook", "--data", dir.arg()],
        "",
    );
    assert_eq!(code, Some(2));
}

#[test]
fn a_damaged_file_is_named_and_left_alone_and_the_game_plays_on() {
    let dir = Folder::new("damaged");
    std::fs::create_dir_all(&dir.0).unwrap();
    let file = dir.0.join("morphy.db");
    let junk = "no database here; never to be overwritten\n".repeat(100);
    std::fs::write(&file, &junk).unwrap();
    let (code, out, _) = run(&["play", "--depth", "1", "--data", dir.arg()], "e4\nquit\n");
    assert_eq!(code, Some(0), "{out}");
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
    assert!(out.contains("Morphy plays 1... "), "{out}");
    let (code, _, err) = run(&["games", "--data", dir.arg()], "");
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with(&format!(
            "error: cannot open the games' database {}",
            file.display()
        )),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), junk);
}

#[test]
fn by_default_play_keeps_its_game_in_the_xdg_data_folder() {
    let (code, out, _) = run(&["play", "--depth", "1"], "quit\n");
    assert_eq!(code, Some(0), "{out}");
    let file = crate::common::data_home().join("morphy").join("morphy.db");
    let id = kept_id(&out, &file);
    let (code, shown, _) = run(&["games", "show", &id], "");
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.starts_with(&format!("Game {id}\n")), "{shown}");
}
