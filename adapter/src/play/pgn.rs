//! PGN for `morphy play`: tags, the move text in SAN, the result. Pure functions that
//! return text; writing the file is the caller's business.
//!
//! A turn of several moves (Am. IV 4) has no PGN form: the giver's pass between the
//! receiver's moves is written as the null move `--` (read by most PGN tools), with a
//! comment saying so. The odds and the rule set go in tags of their own (`Odds`,
//! `OddsGiver`, `Rules`, `DrawOdds`, `MateCondition`), beside `SetUp`/`FEN` when the
//! start is not the standard array.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use engine::{Color, Move, Position};

/// A move as the player reads it: `12. Nf3` or `12... Nf6`, numbered as the game counts.
pub fn numbered(before: &Position, san: &str) -> String {
    match before.turn() {
        Color::White => format!("{}. {san}", before.fullmove_number()),
        Color::Black => format!("{}... {san}", before.fullmove_number()),
    }
}

/// The move text tokens of a game from `start`: move numbers, SAN, and `--` for the
/// giver's pass inside a turn of several moves. Numbers count PGN plies (so a pass
/// takes a number, as a PGN reader counts).
pub fn movetext(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut pos = start.clone();
    let mut number = start.fullmove_number();
    let mut turn = start.turn();
    let mut first = true;
    let mut ply = |text: String, tokens: &mut Vec<String>, turn: &mut Color, number: &mut u32| {
        match *turn {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if first => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        first = false;
        tokens.push(text);
        if *turn == Color::Black {
            *number += 1;
        }
        *turn = !*turn;
    };
    for &mv in moves {
        let mover = pos.turn();
        ply(pos.san(mv), &mut tokens, &mut turn, &mut number);
        pos.play(mv);
        if pos.turn() == mover {
            ply("--".to_string(), &mut tokens, &mut turn, &mut number);
        }
    }
    tokens
}

/// Escapes a tag value (`\` and `"`).
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment's text without braces (which would end it).
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace(['{', '}'], ""))
}

/// Joins tokens into lines of at most 79 characters.
fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for t in tokens {
        if line_len > 0 && line_len + 1 + t.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(t);
        line_len += t.len();
    }
    out
}

/// The move text with the result, and comments: `note` before the moves, `reason`
/// after them.
pub fn body(
    start: &Position,
    moves: &[Move],
    result: &str,
    note: Option<&str>,
    reason: Option<&str>,
) -> String {
    let mut tokens: Vec<String> = Vec::new();
    if let Some(n) = note {
        tokens.extend(comment(n).split(' ').map(str::to_string));
    }
    tokens.extend(movetext(start, moves));
    if let Some(r) = reason {
        tokens.extend(comment(r).split(' ').map(str::to_string));
    }
    tokens.push(result.to_string());
    wrap(&tokens)
}

/// A whole PGN game: the tags in the order given (the seven-tag roster first is the
/// caller's job), `SetUp`/`FEN` added when the start is not the standard array, then
/// the move text.
pub fn game(
    tags: &[(&str, String)],
    start: &Position,
    moves: &[Move],
    result: &str,
    reason: Option<&str>,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    if !is_standard_start(start) {
        out.push_str("[SetUp \"1\"]\n");
        let _ = writeln!(out, "[FEN \"{}\"]", escape(&start.fen()));
    }
    out.push('\n');
    let note =
        has_pass(start, moves).then(|| format!("-- is {}", engine::rules::odds::GIVERS_PASS_LAW));
    out.push_str(&body(start, moves, result, note.as_deref(), reason));
    out.push('\n');
    out
}

/// Whether the game has a turn of several moves (and so a `--` in its move text).
fn has_pass(start: &Position, moves: &[Move]) -> bool {
    let mut pos = start.clone();
    for &mv in moves {
        let mover = pos.turn();
        pos.play(mv);
        if pos.turn() == mover {
            return true;
        }
    }
    false
}

/// Whether the position is the standard start.
pub fn is_standard_start(pos: &Position) -> bool {
    pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        && !pos.in_multi_move_turn()
}

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Odds, RuleSet, Rules, Setup};

    fn play(pos: &Position, sans: &[&str]) -> Vec<Move> {
        let mut p = pos.clone();
        sans.iter()
            .map(|s| {
                let mv = p.parse_san(s).unwrap();
                p.play(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn movetext_numbers_moves() {
        let start = Position::startpos(Rules::default());
        let moves = play(&start, &["e4", "e5", "Nf3"]);
        assert_eq!(movetext(&start, &moves).join(" "), "1. e4 e5 2. Nf3");
        let text = game(&[("Result", "*".into())], &start, &moves, "*", None);
        assert_eq!(text, "[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n");
    }

    #[test]
    fn black_to_move_starts_with_dots_and_setup_tags() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
        let start =
            Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap();
        let moves = play(&start, &["Kd7", "e4"]);
        let text = game(&[], &start, &moves, "1/2-1/2", Some("drawn {really}"));
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]"));
        assert!(
            text.ends_with("7... Kd7 8. e4 {drawn really} 1/2-1/2\n"),
            "{text}"
        );
    }

    #[test]
    fn a_turn_of_several_moves_has_the_givers_pass() {
        let rules = Rules::new(RuleSet::American1897);
        let start = Position::from_setup(&Odds::PawnAndTwoMoves.setup(&rules), rules).unwrap();
        let moves = play(&start, &["e4", "d4", "e6"]);
        assert_eq!(movetext(&start, &moves).join(" "), "1. e4 -- 2. d4 e6");
        let text = game(&[], &start, &moves, "*", None);
        assert!(text.replace('\n', " ").contains("(Am. IV 4)}"), "{text}");
        assert!(text.contains("[FEN \"rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"));
    }

    #[test]
    fn long_games_wrap_and_tags_escape() {
        let start = Position::startpos(Rules::default());
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"].repeat(6);
        let moves = play(&start, &shuffle);
        let text = game(&[("White", "a \"b\"".into())], &start, &moves, "*", None);
        assert!(text.starts_with("[White \"a \\\"b\\\"\"]\n"));
        assert!(text.lines().all(|l| l.len() <= 79));
        assert!(text.lines().count() > 3);
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(today().len(), 10);
    }
}
