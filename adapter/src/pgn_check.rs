//! `morphy pgn check FILE`: replays every game of a PGN file under the game its tags
//! say (`Rules`, `Odds`, `OddsGiver`, `DrawOdds`, `MateCondition`, and `SetUp`/`FEN`),
//! and says for each that it replays, or which move is the first that cannot be played,
//! why and by which law.
//!
//! The engine reads the PGN ([`engine::pgn::read_games`]), the tags
//! ([`engine::pgn::spec_from_tags`]) and judges the moves ([`engine::pgn::replay()`]); the
//! start is validated as `morphy check` and the UCI server validate theirs
//! ([`crate::validate::check`]). This file only puts the findings in lines.

use std::fmt;

use engine::pgn::{read_games, replay, spec_from_tags, PgnError, PgnGame, Replayed};
use engine::session::Session;
use engine::{GameSpec, RuleSet};

use crate::play::pgn::code_only_note;
use crate::validate::{check, FindingKind, Request, Start, Validation};

/// What became of one game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Verdict {
    /// Every move replays.
    Replayed {
        /// The moves and passes played.
        replayed: Replayed,
        /// The result written at the end of the move text (or in the `Result` tag).
        result: String,
        /// The first move programs following FIDE rules reject, in words, if any.
        code_only: Option<String>,
    },
    /// A move cannot be played (or the start cannot): why, with the law.
    Illegal(String),
    /// The tags do not say a game that can be set up (an unknown rule set or odds, a FEN
    /// that cannot be read).
    Unreadable(String),
}

/// One game's check.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct GameCheck {
    /// The game's number in the file, from 1.
    pub number: usize,
    /// The line it starts on.
    pub line: usize,
    /// The game its tags say, once they could be read.
    pub spec: Option<GameSpec>,
    /// What became of it.
    pub verdict: Verdict,
}

impl fmt::Display for GameCheck {
    /// `game 2 (line 14, american-1897, odds rook): ok, 23 moves and 1 pass, result 1-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (line {}", self.number, self.line)?;
        if let Some(spec) = &self.spec {
            write!(f, ", {spec}")?;
        }
        f.write_str("): ")?;
        match &self.verdict {
            Verdict::Replayed {
                replayed,
                result,
                code_only,
            } => {
                write!(f, "ok, {} moves", replayed.moves)?;
                match replayed.passes {
                    0 => {}
                    1 => f.write_str(" and 1 pass")?,
                    n => write!(f, " and {n} passes")?,
                }
                write!(f, ", result {result}")?;
                if let Some(note) = code_only {
                    write!(f, "; note: {note}")?;
                }
                Ok(())
            }
            Verdict::Illegal(why) => write!(f, "illegal: {why}"),
            Verdict::Unreadable(why) => write!(f, "unreadable: {why}"),
        }
    }
}

/// A game of a PGN file set up under its tags and replayed in a [`Session`]: the spec
/// its tags say, and the session with every move played, or the verdict that stopped it
/// (the session so far beside an illegal move).
pub struct Resumed {
    /// The game its tags say, once they could be read.
    pub spec: Option<GameSpec>,
    /// The session, with the moves that could be played.
    pub session: Option<Session>,
    /// What became of the game.
    pub verdict: Verdict,
}

/// Sets up one game under its tags (games without a `Rules` tag are played under
/// `default`), validates its start as `morphy check` does, and replays its moves.
pub fn resume_game(game: &PgnGame, default: RuleSet) -> Resumed {
    let done = |spec, session, verdict| Resumed {
        spec,
        session,
        verdict,
    };
    let spec = match spec_from_tags(&game.tags, default) {
        Ok(spec) => spec,
        Err(e) => return done(None, None, Verdict::Unreadable(e.to_string())),
    };
    let fen = game.tag("FEN").filter(|_| game.tag("SetUp") != Some("0"));
    let report = check(&Request {
        start: fen.map_or(Start::Standard, Start::Fen),
        moves: &[],
        spec,
        mode: Validation::Refuse,
    });
    let Some(start) = report.game else {
        let words: Vec<String> = report.findings.iter().map(ToString::to_string).collect();
        let words = format!("the start is refused: {}", words.join("; "));
        let unreadable = report
            .findings
            .iter()
            .any(|f| f.kind == FindingKind::MalformedFen);
        let verdict = if unreadable {
            Verdict::Unreadable(words)
        } else {
            Verdict::Illegal(words)
        };
        return done(Some(spec), None, verdict);
    };
    let mut session = match Session::new(spec, start) {
        Ok(session) => session,
        Err(ruling) => return done(Some(spec), None, Verdict::Illegal(ruling.to_string())),
    };
    let verdict = match replay(&mut session, &game.moves) {
        Ok(replayed) => {
            let played = session.game();
            Verdict::Replayed {
                replayed,
                result: game
                    .result
                    .as_deref()
                    .or(game.tag("Result"))
                    .unwrap_or("*")
                    .to_string(),
                code_only: code_only_note(played.start(), played.moves()),
            }
        }
        Err(e) => Verdict::Illegal(e.to_string()),
    };
    done(Some(spec), Some(session), verdict)
}

/// Checks one game; games without a `Rules` tag are played under `default`.
pub fn check_game(number: usize, game: &PgnGame, default: RuleSet) -> GameCheck {
    let resumed = resume_game(game, default);
    GameCheck {
        number,
        line: game.line,
        spec: resumed.spec,
        verdict: resumed.verdict,
    }
}

/// Checks every game of a PGN text.
///
/// # Errors
/// When the text cannot be read as PGN.
pub fn check_text(text: &str, default: RuleSet) -> Result<Vec<GameCheck>, PgnError> {
    let games = read_games(text)?;
    Ok(games
        .iter()
        .enumerate()
        .map(|(i, g)| check_game(i + 1, g, default))
        .collect())
}

/// The exit code of `morphy pgn check` for these checks: 0 when every game replays, 1
/// when one has a move (or start) that cannot be played, 2 when one cannot be read or
/// there is no game at all.
pub fn exit_code(checks: &[GameCheck]) -> u8 {
    let any = |f: fn(&Verdict) -> bool| checks.iter().any(|c| f(&c.verdict));
    if checks.is_empty() || any(|v| matches!(v, Verdict::Unreadable(_))) {
        2
    } else {
        u8::from(any(|v| matches!(v, Verdict::Illegal(_))))
    }
}

/// The closing line: `3 games: 1 replayed, 1 with an illegal move, 1 unreadable`.
pub fn summary(checks: &[GameCheck]) -> String {
    let count = |f: fn(&Verdict) -> bool| checks.iter().filter(|c| f(&c.verdict)).count();
    let ok = count(|v| matches!(v, Verdict::Replayed { .. }));
    let illegal = count(|v| matches!(v, Verdict::Illegal(_)));
    let unreadable = count(|v| matches!(v, Verdict::Unreadable(_)));
    let games = if checks.len() == 1 { "game" } else { "games" };
    format!(
        "{} {games}: {ok} replayed, {illegal} with an illegal move, {unreadable} unreadable",
        checks.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOK_ODDS: &str = "[Rules \"american-1897\"]\n[Odds \"rook\"]\n[SetUp \"1\"]\n\
        [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1\"]\n\n\
        1. e4 e5 2. Nc3 Nc6 3. d3 d6 4. Be3 Be6 5. Qd2 Qd7 6. O-O-O O-O-O *\n";

    #[test]
    fn a_game_with_castling_without_the_rook_replays_and_is_noted() {
        let checks = check_text(ROOK_ODDS, RuleSet::Fide).unwrap();
        assert_eq!(exit_code(&checks), 0);
        let line = checks[0].to_string();
        assert!(
            line.starts_with("game 1 (line 1, american-1897, odds rook): ok, 12 moves, result *; note: 6. O-O-O is castling without the Rook on the Queen's side, legal under Am. IV 5"),
            "{line}"
        );
    }

    #[test]
    fn under_fide_the_same_game_stops_with_the_law() {
        let text = ROOK_ODDS.replace("american-1897", "fide");
        let checks = check_text(&text, RuleSet::American1897).unwrap();
        assert_eq!(exit_code(&checks), 1);
        // The right without its Rook is dropped from the start, as FIDE programs drop
        // it; the castling is then the first move that cannot be played.
        assert_eq!(
            checks[0].to_string(),
            "game 1 (line 1, fide, odds rook): illegal: 6. O-O-O: castling without the Rook on a1 is not allowed under fide (docs/RULES.md §3)"
        );
    }

    #[test]
    fn unknown_tags_and_bad_fens_are_unreadable_and_no_game_is_too() {
        let checks = check_text("[Rules \"modern\"]\n1. e4 *\n", RuleSet::Fide).unwrap();
        assert_eq!(exit_code(&checks), 2);
        assert!(checks[0]
            .to_string()
            .contains("unreadable: unknown rule set 'modern'"));
        let checks = check_text("[SetUp \"1\"]\n[FEN \"8/8 w\"]\n*\n", RuleSet::Fide).unwrap();
        assert!(
            matches!(checks[0].verdict, Verdict::Unreadable(_)),
            "{checks:?}"
        );
        assert_eq!(exit_code(&[]), 2);
        assert_eq!(
            summary(&checks),
            "1 game: 0 replayed, 0 with an illegal move, 1 unreadable"
        );
    }
}
