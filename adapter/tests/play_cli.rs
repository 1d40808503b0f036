//! `morphy play` over pipes: the real binary, shallow searches, input written up front
//! and closed (end of input ends the game cleanly, exit code 0).

use engine::{GameSpec, Odds, Position, RuleSet};
use morphy_adapter::validate::{check, Request, Start, Validation};

use crate::common::{morphy_with, stdout};

/// Runs `morphy play ARGS` with `input` on stdin; returns the exit code and stdout.
fn play(args: &[&str], input: &str) -> (Option<i32>, String) {
    let args: Vec<&str> = std::iter::once("play")
        .chain(args.iter().copied())
        .collect();
    let run = morphy_with(&args, input);
    (run.status.code(), stdout(&run))
}

#[test]
fn bad_moves_are_refused_and_moves_undo_and_resign_work() {
    let (code, out) = play(&["--depth", "2"], "e5\nNf4\nmoves\ne4\nundo\nd4\nresign\n");
    assert_eq!(code, Some(0), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let after = |echo: &str| {
        let i = lines
            .iter()
            .position(|l| *l == echo)
            .unwrap_or_else(|| panic!("no '{echo}' in {out}"));
        lines[i + 1]
    };
    assert_eq!(
        after("> e5"),
        "error: 'e5' is not a legal move: no Pawn of yours can go to e5 (Am. I 9, I 11 E (a))"
    );
    assert_eq!(
        after("> Nf4"),
        "error: 'Nf4' is not a legal move: no Knight of yours can go to f4 (Am. I 9, I 11 E (a))"
    );
    assert_eq!(
        after("> moves"),
        "Legal moves (20): Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4"
    );
    assert_eq!(after("> e4"), "You play 1. e4");
    assert!(out.contains("Morphy plays 1... "), "{out}");
    let took = after("> undo");
    assert!(
        took.starts_with("Took back 1. e4 1... ") && took.ends_with("; White to move."),
        "{took}"
    );
    assert_eq!(after("> d4"), "You play 1. d4");
    assert!(
        out.contains("Result 0-1: White resigns (Am. II 9)."),
        "{out}"
    );
    // The move list at the end has d4 and Morphy's reply, not e4.
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("1. d4 ") && last.ends_with(" 0-1"),
        "{last}"
    );
}

#[test]
fn at_rook_odds_morphy_plays_white_without_the_a1_rook_and_moves_first() {
    let (code, out) = play(&["--odds", "rook", "--nodes", "2000"], "");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Morphy gives the odds and plays White; you play Black."));
    // The board is seen from Black's side: rank 1 on top, the a-file on the right.
    let first_row = out
        .lines()
        .find(|l| l.starts_with("  1 |"))
        .expect("a board");
    assert_eq!(first_row, "  1 | R N B K Q B N .");
    let morphy = out.find("Morphy plays 1. ").expect("Morphy moves");
    let end = out.find("End of input.").expect("end of input");
    assert!(morphy < end);
    assert!(out.contains("Result *: the game was left unfinished."));
}

#[test]
fn morphy_mates_in_one_from_a_fen() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let (code, out) = play(&["--color", "black", "--depth", "2", "--fen", fen], "");
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("Morphy plays 4. Qxf7# (Morphy mates in 1, depth"),
        "{out}"
    );
    assert!(out.contains("Result 1-0: Black is checkmated (Am. I 15 (a))."));
    assert!(out.trim_end().ends_with("4. Qxf7# 1-0"));
}

#[test]
fn an_invalid_start_is_refused() {
    let (code, out) = play(&["--fen", "4k3/8/8/8/8/8/8/4K2P w - - 0 1"], "");
    assert_eq!(code, Some(1));
    assert!(out.contains("error: White Pawn on its own first rank: h1 (Am. I 4)"));
}

/// The move text of a PGN: SAN moves and `--` passes, without numbers, comments, result.
fn pgn_moves(pgn: &str) -> Vec<String> {
    let text: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = Vec::new();
    let mut in_comment = false;
    for token in text.split_whitespace() {
        if in_comment || token.starts_with('{') {
            in_comment = !token.ends_with('}');
            continue;
        }
        let is_number = token
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit());
        if is_number || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        out.push(token.to_string());
    }
    out
}

fn tag<'a>(pgn: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    pgn.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|rest| rest.strip_suffix("\"]"))
}

#[test]
fn the_pgn_file_replays_with_the_engines_san_reader() {
    let path = std::env::temp_dir().join(format!("morphy-play-{}.pgn", std::process::id()));
    let path_text = path.to_str().expect("utf-8 temp path");
    let (code, out) = play(
        &[
            "--odds",
            "pawn-and-two-moves",
            "--depth",
            "2",
            "--pgn",
            path_text,
        ],
        "e4\nd4\nNf3\nfen\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains(&format!("PGN written to {path_text}")),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().collect();
    let fen_now = lines[lines.iter().position(|l| *l == "> fen").expect("fen") + 1];
    let pgn = std::fs::read_to_string(&path).expect("PGN file");
    let _ = std::fs::remove_file(&path);
    assert_eq!(tag(&pgn, "SetUp"), Some("1"));
    assert_eq!(tag(&pgn, "Rules"), Some("american-1897"));
    assert_eq!(tag(&pgn, "Odds"), Some("pawn-and-two-moves"));
    assert_eq!(tag(&pgn, "Result"), Some("*"));
    // Replay: the start as the UCI server reads it (the odds give the first turn two
    // moves), then every SAN move with the engine's reader; `--` is the giver's pass.
    let fen = tag(&pgn, "FEN").expect("FEN tag");
    let odds: Odds = tag(&pgn, "Odds").unwrap().parse().unwrap();
    let report = check(&Request {
        start: Start::Fen(fen),
        moves: &[],
        spec: GameSpec {
            odds,
            ..GameSpec::new(RuleSet::American1897)
        },
        mode: Validation::Refuse,
    });
    let mut pos: Position = report.game.expect("valid start").current().clone();
    let moves = pgn_moves(&pgn);
    assert_eq!(&moves[..3], ["e4", "--", "d4"], "{pgn}");
    for san in moves.iter().filter(|m| *m != "--") {
        let mv = pos
            .parse_san(san)
            .unwrap_or_else(|e| panic!("{e} in {pgn}"));
        pos.play(mv);
    }
    assert_eq!(pos.fen(), fen_now, "{pgn}");
}

#[test]
fn a_level_outside_the_calibrated_range_is_refused_as_serve_refuses_it() {
    for elo in ["1000", "3000"] {
        let run = crate::common::morphy_with(&["play", "--elo", elo, "--depth", "1"], "quit\n");
        assert_eq!(run.status.code(), Some(2), "--elo {elo}");
        let said = crate::common::stderr(&run);
        assert!(said.contains("1200..=2600"), "{said}");
    }
}
