//! PGN for `morphy play`: tags, the move text in SAN, the result. Pure functions that
//! return text; writing the file is the caller's business.
//!
//! A turn of several moves (Am. IV 4) has no PGN form: the giver's pass between the
//! receiver's moves is written as the null move `--` (read by most PGN tools), with a
//! comment saying so. The odds and the rule set go in tags of their own (`Odds`,
//! `OddsGiver`, `Rules`, `DrawOdds`, `MateCondition`), beside `SetUp`/`FEN` when the
//! start is not the standard array.
//!
//! A move that programs following FIDE rules reject (castling without the Rook, Am. IV 5;
//! a Pawn that remains a Pawn, Br. IV 15: the engine judges which, see
//! [`engine::rules::fide`]) is named in a comment before the move text, with its law,
//! because such programs stop reading the game there.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use engine::pgn::Ply;
use engine::session::Session;
use engine::{Color, Move, Position};

/// A move as the player reads it: `12. Nf3` or `12... Nf6`, numbered as the game counts.
pub fn numbered(before: &Position, san: &str) -> String {
    match before.turn() {
        Color::White => format!("{}. {san}", before.fullmove_number()),
        Color::Black => format!("{}... {san}", before.fullmove_number()),
    }
}

/// Every ply of a game from `start` with its place in the move text: each move's SAN,
/// and `--` for the giver's pass after a move that leaves the same side to move (a
/// turn of several moves, Am. IV 4). The pass takes a ply, as PGN readers count.
fn plies(start: &Position, moves: &[Move]) -> Vec<(Ply, String)> {
    let mut out = Vec::new();
    let mut pos = start.clone();
    let mut ply = Ply::start(start);
    for &mv in moves {
        let mover = pos.turn();
        out.push((ply, pos.san(mv)));
        ply = ply.next();
        pos.play(mv);
        if pos.turn() == mover {
            out.push((ply, "--".to_string()));
            ply = ply.next();
        }
    }
    out
}

/// The move text tokens of a game from `start`: move numbers, SAN, and `--` for the
/// giver's pass inside a turn of several moves.
pub fn movetext(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut tokens = Vec::new();
    for (i, (ply, text)) in plies(start, moves).into_iter().enumerate() {
        if ply.turn == Color::White || i == 0 {
            tokens.push(ply.prefix());
        }
        tokens.push(text);
    }
    tokens
}

/// The comment for a game with a move that programs following FIDE rules reject (the
/// engine judges which, [`engine::rules::fide`]): which move, and the law that makes it
/// legal. `None` when they replay every move.
pub fn code_only_note(start: &Position, moves: &[Move]) -> Option<String> {
    let (index, why) = engine::rules::fide::first_code_only_move(start, moves)?;
    // The move's ply, counted with the passes before it; a SAN is never `--`.
    let (ply, san) = plies(start, &moves[..=index])
        .into_iter()
        .filter(|(_, text)| text != "--")
        .nth(index)?;
    let label = ply.label(&san);
    Some(format!(
        "{label} {why}; programs that follow FIDE rules stop reading here"
    ))
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

/// The move text with the result, and comments: `notes` before the moves, `reason`
/// after them.
pub fn body(
    start: &Position,
    moves: &[Move],
    result: &str,
    notes: &[String],
    reason: Option<&str>,
) -> String {
    let mut tokens: Vec<String> = Vec::new();
    for n in notes {
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
    let mut notes = Vec::new();
    if has_pass(start, moves) {
        notes.push(format!("-- is {}", engine::rules::odds::GIVERS_PASS_LAW));
    }
    notes.extend(code_only_note(start, moves));
    out.push_str(&body(start, moves, result, &notes, reason));
    out.push('\n');
    out
}

/// The PGN of a session's game: the seven-tag roster (`Event`, `Site`, `Date`, `Round`,
/// `White`, `Black`, `Result`), the session's tags (`Rules` always), the moves, and the
/// result with its reason and law (none while the game goes on).
pub fn session_game(session: &Session, event: &str, white: &str, black: &str) -> String {
    session_game_on(session, event, white, black, &today())
}

/// [`session_game`], the game played on `date` (`YYYY.MM.DD`, as [`date_of`] writes it).
pub fn session_game_on(
    session: &Session,
    event: &str,
    white: &str,
    black: &str,
    date: &str,
) -> String {
    let verdict = session.verdict();
    let mut tags = vec![
        ("Event", event.to_string()),
        ("Site", "?".to_string()),
        ("Date", date.to_string()),
        ("Round", "-".to_string()),
        (Color::White.title(), white.to_string()),
        (Color::Black.title(), black.to_string()),
        ("Result", verdict.result.to_string()),
    ];
    tags.extend(session.pgn_tags());
    let game = session.game();
    // An unfinished game (saved on the way) has no reason to give.
    let reason = session.ending().map(|_| verdict.reason.as_str());
    self::game(&tags, game.start(), game.moves(), verdict.result, reason)
}

/// The PGN of a game between a person (`human`'s side, "Player") and Morphy, under the
/// event name `event` ([`session_game`]).
pub fn player_game(session: &Session, event: &str, human: Color) -> String {
    player_game_on(session, event, human, &today())
}

/// [`player_game`], the game played on `date` (`YYYY.MM.DD`).
pub fn player_game_on(session: &Session, event: &str, human: Color, date: &str) -> String {
    let name = |c: Color| if c == human { "Player" } else { "Morphy" };
    session_game_on(session, event, name(Color::White), name(Color::Black), date)
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
    date_of(i64::try_from(secs).unwrap_or(i64::MAX))
}

/// The date (UTC) of `secs` seconds since 1970 as PGN writes it, `YYYY.MM.DD`.
pub fn date_of(secs: i64) -> String {
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
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
    fn a_move_only_the_code_allows_is_named_with_its_law_before_the_moves() {
        let rules = Rules::new(RuleSet::American1897);
        let start = Position::from_setup(&Odds::Rook.setup(&rules), rules).unwrap();
        let mut sans = vec![
            "e4", "e5", "Nc3", "Nc6", "d3", "d6", "Be3", "Be6", "Qd2", "Qd7",
        ];
        assert_eq!(code_only_note(&start, &play(&start, &sans)), None);
        sans.extend(["O-O-O", "O-O-O"]);
        let moves = play(&start, &sans);
        let note = "6. O-O-O is castling without the Rook on the Queen's side, legal under Am. IV 5; programs that follow FIDE rules stop reading here";
        assert_eq!(code_only_note(&start, &moves).as_deref(), Some(note));
        let text = game(&[], &start, &moves, "*", None).replace('\n', " ");
        assert!(text.contains(&format!("{{{note}}} 1. e4 e5")), "{text}");
        // Black's castling with the Rook is no concern.
        assert!(!text.contains("6... O-O-O is"), "{text}");
    }

    #[test]
    fn the_session_writes_the_roster_and_the_rules_tag() {
        use engine::session::Session;
        use engine::{Game, GameSpec};
        let spec = GameSpec {
            odds: Odds::Knight,
            ..GameSpec::new(RuleSet::Staunton1910)
        };
        let start = Position::from_setup(&spec.start(), spec.rules()).unwrap();
        let mut session = Session::new(spec, Game::new(start)).unwrap();
        session.resign(Color::Black);
        let text = session_game(&session, "Test", "A", "B");
        let tags: Vec<&str> = text.lines().take_while(|l| l.starts_with('[')).collect();
        let names: Vec<&str> = tags
            .iter()
            .map(|t| t[1..].split(' ').next().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "Rules",
                "Odds",
                "OddsGiver",
                "SetUp",
                "FEN"
            ]
        );
        assert!(text.contains("[Rules \"staunton-1910\"]\n[Odds \"knight\"]"));
        assert!(text.contains("[Result \"1-0\"]"));
        assert!(
            text.ends_with("{Black resigns (Staunton, Abandoning the Game)} 1-0\n"),
            "{text}"
        );
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
