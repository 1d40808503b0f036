//! The PGN files morphy writes, read back by python-chess (a PGN reader that follows FIDE
//! rules) and by `morphy pgn check`.
//!
//! The python-chess tests are skipped with a note when `python3` or the `chess` package
//! is missing, unless `CI` is set, where they must run (`.ci/run` installs `chess`).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use engine::rng::Rng;
use engine::rules::fide::first_code_only_move;
use engine::session::Session;
use engine::{Game, GameSpec, Odds, Position, RuleSet};
use morphy_adapter::play::pgn::session_game;

/// The words of the comment that names a move only the Code allows.
const STOP_NOTE: &str = "programs that follow FIDE rules stop reading here";

/// A file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("morphy-{name}-{}.pgn", std::process::id()));
        std::fs::write(&path, text).expect("temporary PGN written");
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// What python-chess read of one game.
#[derive(Debug)]
struct PythonRead {
    /// Plies in its main line, null moves included.
    plies: usize,
    /// The placement of the men after them.
    board: String,
    /// `w` or `b`.
    turn: String,
    /// What it could not read (empty when nothing).
    errors: String,
}

/// python-chess's reading of every game of the file, or `None` when python-chess is not
/// installed (a failure under CI).
fn python_reads(path: &Path) -> Option<Vec<PythonRead>> {
    if !common::needs(
        "python3 with python-chess (pip install chess)",
        "python3",
        &["-c", "import chess.pgn"],
    ) {
        return None;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/python/pgn_replay.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    Some(
        text.lines()
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                assert_eq!(f.len(), 4, "{l}");
                PythonRead {
                    plies: f[0].parse().expect("a count"),
                    board: f[1].to_string(),
                    turn: f[2].to_string(),
                    errors: f[3].to_string(),
                }
            })
            .collect(),
    )
}

/// Runs `morphy pgn check ARGS`; returns the exit code and stdout + stderr.
fn pgn_check(args: &[&str]) -> (Option<i32>, String) {
    let args: Vec<&str> = ["pgn", "check"].iter().chain(args).copied().collect();
    let run = common::morphy(&args);
    (
        run.status.code(),
        common::stdout(&run) + &common::stderr(&run),
    )
}

/// A session of `spec` from its start.
fn session(spec: GameSpec) -> Session {
    let start = Position::from_setup(&spec.start(), spec.rules()).expect("odds start");
    Session::new(spec, Game::new(start)).expect("session")
}

/// A game of random legal moves (seeded, so the same each run), to the end or `plies`.
fn random_game(spec: GameSpec, seed: u64, plies: usize) -> Session {
    let mut s = session(spec);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if s.settle().is_some() {
            break;
        }
        let moves = s.moves();
        s.play(moves[rng.below(moves.len())]).expect("a legal move");
    }
    s
}

/// A session with these SAN moves played.
fn scripted(spec: GameSpec, sans: &[&str]) -> Session {
    let mut s = session(spec);
    for san in sans {
        let mv = s.game().current().parse_san(san).expect(san);
        s.play(mv).expect(san);
    }
    s
}

/// What a program following FIDE rules can read of the session's game, as the engine
/// judges it: the plies (moves and the giver's passes) before the first move only the
/// Code allows, the position there, and whether there is such a move.
fn fide_readable(s: &Session) -> (usize, Position, bool) {
    let game = s.game();
    let first = first_code_only_move(game.start(), game.moves());
    let upto = first.map_or(game.moves().len(), |(i, _)| i);
    let mut pos = game.start().clone();
    let mut plies = 0;
    for &mv in &game.moves()[..upto] {
        let mover = pos.turn();
        pos.play(mv);
        plies += if pos.turn() == mover { 2 } else { 1 };
    }
    (plies, pos, first.is_some())
}

/// Games from the odds starts under the American and British Codes: random ones, and a
/// scripted game of each kind the issue names.
fn morphys_games() -> Vec<Session> {
    let mut games = Vec::new();
    for set in [RuleSet::American1897, RuleSet::British1894] {
        for odds in [
            Odds::None,
            Odds::Rook,
            Odds::Knight,
            Odds::PawnAndMove,
            Odds::TwoMoves,
            Odds::PawnAndTwoMoves,
            Odds::ThreeMoves,
            Odds::Queen,
            Odds::TwoRooks,
        ] {
            for seed in 1..=3 {
                let spec = GameSpec {
                    odds,
                    ..GameSpec::new(set)
                };
                games.push(random_game(spec, seed * 31 + odds as u64, 160));
            }
        }
    }
    let am = |odds| GameSpec {
        odds,
        ..GameSpec::new(RuleSet::American1897)
    };
    games.push(scripted(
        am(Odds::None),
        &[
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
        ],
    ));
    games.push(scripted(
        am(Odds::Rook),
        &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "d6"],
    ));
    games.push(scripted(am(Odds::Knight), &["d4", "d5", "c4", "e6"]));
    games.push(scripted(am(Odds::PawnAndMove), &["e4", "e6", "d4", "d5"]));
    games.push(scripted(am(Odds::TwoMoves), &["e4", "d4", "d5", "exd5"]));
    games.push(scripted(am(Odds::Queen), &["e4", "e5", "Nf3", "Nc6"]));
    games
}

#[test]
fn python_chess_reads_every_move_of_morphys_pgn_up_to_a_move_only_the_code_allows() {
    let games = morphys_games();
    let texts: Vec<String> = games
        .iter()
        .map(|s| session_game(s, "Test", "A", "B"))
        .collect();
    let file = TempFile::new("python-games", &texts.join("\n"));
    let Some(read) = python_reads(&file.0) else {
        return;
    };
    assert_eq!(read.len(), games.len());
    let mut whole = 0;
    for ((s, text), py) in games.iter().zip(&texts).zip(&read) {
        let (plies, pos, code_only) = fide_readable(s);
        let fen = pos.fen();
        let mut fields = fen.split(' ');
        assert_eq!(py.plies, plies, "{py:?}\n{text}");
        assert_eq!(Some(py.board.as_str()), fields.next(), "{text}");
        assert_eq!(Some(py.turn.as_str()), fields.next(), "{text}");
        // python-chess stops exactly where the comment says it will, and only there.
        assert_eq!(!py.errors.is_empty(), code_only, "{py:?}\n{text}");
        assert_eq!(text.contains(STOP_NOTE), code_only, "{text}");
        whole += usize::from(!code_only);
    }
    eprintln!(
        "{whole} of {} games read whole by python-chess",
        games.len()
    );
    // Both kinds are there: games read whole, and games cut short at the Code's move.
    assert!(whole >= games.len() / 2, "{whole} of {}", games.len());
    assert!(
        whole < games.len(),
        "no move only the Code allows in {}",
        games.len()
    );
}

/// White, giving the Queen's Rook, castles on that side without it (Am. IV 5) at move
/// 6; the game goes on after it.
fn castling_without_the_rook() -> Session {
    scripted(
        GameSpec {
            odds: Odds::Rook,
            ..GameSpec::new(RuleSet::American1897)
        },
        &[
            "e4", "e5", "Nc3", "Nc6", "d3", "d6", "Be3", "Be6", "Qd2", "Qd7", "O-O-O", "O-O-O",
            "Kb1", "Kb8",
        ],
    )
}

#[test]
fn castling_without_the_rook_stops_python_chess_but_not_morphy_am_iv_5() {
    let text = session_game(&castling_without_the_rook(), "Test", "A", "B");
    assert!(
        text.contains("[Rules \"american-1897\"]\n[Odds \"rook\"]"),
        "{text}"
    );
    let one_line = text.replace('\n', " ");
    assert!(
        one_line.contains(&format!(
            "{{6. O-O-O is castling without the Rook on the Queen's side, legal under Am. IV 5; {STOP_NOTE}}}"
        )),
        "{text}"
    );
    let file = TempFile::new("rookless", &text);
    let (code, out) = pgn_check(&[file.0.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("(line 1, american-1897, odds rook): ok, 14 moves, result *; note: 6. O-O-O is castling without the Rook"),
        "{out}"
    );
    if let Some(read) = python_reads(&file.0) {
        // The ten moves before it, then python-chess's complaint about the castling.
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].plies, 10, "{:?}", read[0]);
        assert!(read[0].errors.contains("'O-O-O'"), "{:?}", read[0]);
    }
}

#[test]
fn morphy_pgn_check_replays_every_game_morphy_writes() {
    let games = morphys_games();
    let texts: Vec<String> = games
        .iter()
        .map(|s| session_game(s, "Test", "A", "B"))
        .collect();
    let file = TempFile::new("own-games", &texts.join("\n"));
    let (code, out) = pgn_check(&[file.0.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "{out}");
    let n = games.len();
    assert!(
        out.ends_with(&format!(
            "{n} games: {n} replayed, 0 with an illegal move, 0 unreadable\n"
        )),
        "{out}"
    );
    for (i, s) in games.iter().enumerate() {
        let moves = s.game().moves().len();
        let result = s.verdict().result;
        assert!(
            out.contains(&format!("game {}", i + 1))
                && out
                    .lines()
                    .nth(i)
                    .is_some_and(|l| l.contains(&format!("ok, {moves} moves"))
                        && l.contains(&format!("result {result}"))),
            "game {}: {out}",
            i + 1
        );
    }
}

#[test]
fn a_game_written_by_morphy_play_replays_in_python_chess_and_morphy() {
    let path = std::env::temp_dir().join(format!("morphy-played-{}.pgn", std::process::id()));
    let path_text = path.to_str().expect("utf-8 path").to_string();
    let played = common::morphy_with(
        &[
            "play",
            "--odds",
            "two-moves",
            "--depth",
            "1",
            "--pgn",
            &path_text,
        ],
        "e4\nd4\nNf3\nquit\n",
    );
    assert!(played.status.success(), "{}", common::stderr(&played));
    let file = TempFile(path);
    let (code, out) = pgn_check(&[&path_text]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("american-1897, odds two-moves): ok, 5 moves and 1 pass, result *"),
        "{out}"
    );
    if let Some(read) = python_reads(&file.0) {
        assert_eq!(read[0].plies, 6, "{:?}", read[0]);
        assert!(read[0].errors.is_empty(), "{:?}", read[0]);
    }
}

#[test]
fn morphy_pgn_check_names_the_first_illegal_move_with_its_law() {
    let two_moves = scripted(
        GameSpec {
            odds: Odds::PawnAndTwoMoves,
            ..GameSpec::new(RuleSet::American1897)
        },
        &["e4", "d4", "e6", "Nf3", "Nc6"],
    );
    let good = session_game(&two_moves, "Test", "A", "B");
    assert!(good.contains("1. e4 -- 2. d4 e6 3. Nf3 Nc6"), "{good}");
    // The receiver's second move beyond his fourth rank; a Knight that cannot go there.
    let beyond = good.replace("2. d4 e6", "2. e5 e6");
    let knight = good.replace("3. Nf3 Nc6", "3. Nf6 Nc6");
    let text = [beyond, good.clone(), knight].join("\n");
    let file = TempFile::new("corrupted", &text);
    let (code, out) = pgn_check(&[file.0.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(1), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].ends_with("illegal: 2. e5: in a turn of several moves no man may go beyond the fourth rank (Am. IV 4)"),
        "{out}"
    );
    assert!(lines[1].contains("ok, 5 moves and 1 pass"), "{out}");
    assert!(
        lines[2]
            .ends_with("illegal: 3. Nf6: no Knight of yours can go to f6 (Am. I 9, I 11 E (a))"),
        "{out}"
    );
    assert_eq!(
        lines[3],
        "3 games: 1 replayed, 2 with an illegal move, 0 unreadable"
    );
}

#[test]
fn unreadable_input_exits_2() {
    let (code, out) = pgn_check(&["/nonexistent/morphy.pgn"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("error: cannot read /nonexistent/morphy.pgn"),
        "{out}"
    );
    let file = TempFile::new("broken", "[Event \"x\"]\n\n1. e4 {never closed\n");
    let (code, out) = pgn_check(&[file.0.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("line 3: a '{' comment is never closed"),
        "{out}"
    );
}
