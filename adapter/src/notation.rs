//! `morphy notation`: a game's moves read in any notation — PGN movetext, SAN, UCI, or a
//! descriptive score (Am. I 13) — and written in another. The notations themselves are
//! the engine's ([`engine::notation::descriptive`], [`engine::notation::san`],
//! [`engine::notation::uci`]); this file only finds which one a text is in and splits it
//! into moves. Pure functions returning values; printing is `main`'s business.

use std::fmt;

use engine::notation::descriptive::{self, ScoreError};
use engine::{Game, Move, Position, SanError, UciMoveError};

use crate::play::pgn;

/// The notation a game's text was read in.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Source {
    /// PGN movetext, SAN or UCI moves.
    Algebraic,
    /// A descriptive score.
    Descriptive,
}

/// The notations a game can be written in.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Target {
    /// A numbered descriptive score ([`descriptive::score`]).
    Descriptive,
    /// UCI moves on one line, `0000` for the giver's pass in a turn of several moves.
    Uci,
    /// SAN movetext, numbered as PGN counts, `--` for the giver's pass.
    San,
}

engine::named_enum!(
    Target,
    "notation",
    [Descriptive => "descriptive", Uci => "uci", San => "san"]
);

/// A move of algebraic text that could not be played.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum AlgebraicError {
    /// A SAN move that names no one legal move.
    San(SanError),
    /// A UCI move that is not legal.
    Uci(UciMoveError),
    /// A pass (`--`, `0000`) other than the giver's inside a turn of several moves.
    MisplacedPass(String),
}

impl fmt::Display for AlgebraicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlgebraicError::San(e) => write!(f, "{e}"),
            AlgebraicError::Uci(e) => write!(f, "{e}"),
            AlgebraicError::MisplacedPass(t) => write!(
                f,
                "'{t}': a pass is only {}",
                engine::rules::odds::GIVERS_PASS_LAW
            ),
        }
    }
}

/// Why a game's text was not read.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum GameTextError {
    /// Read as algebraic moves, the `index`-th (from 0) failed.
    Algebraic {
        /// How many moves were read before it.
        index: usize,
        /// What went wrong.
        error: AlgebraicError,
    },
    /// Read as a descriptive score, a record failed.
    Descriptive(ScoreError),
    /// The text reads completely both as algebraic moves and as a descriptive score,
    /// and the two are different games.
    TwoReadings,
}

impl fmt::Display for GameTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameTextError::Algebraic { index, error } => {
                write!(f, "move {} of the movetext: {error}", index + 1)
            }
            GameTextError::Descriptive(e) => write!(f, "descriptive score, {e}"),
            GameTextError::TwoReadings => write!(
                f,
                "the text reads both as algebraic moves and as a descriptive score, as two different games"
            ),
        }
    }
}

impl std::error::Error for GameTextError {}

/// Whether a word has the shape of a UCI move (`e2e4`, `e7e8q`).
fn looks_like_uci(word: &str) -> bool {
    let b = word.as_bytes();
    (4..=5).contains(&b.len())
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

/// PGN movetext without tags, comments, variations, NAGs, move numbers and results.
fn movetext_words(text: &str) -> Vec<String> {
    let mut clean = String::new();
    let (mut brace, mut paren) = (false, 0usize);
    for line in text.lines() {
        if !brace && paren == 0 && line.trim_start().starts_with('[') {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' if paren == 0 => brace = true,
                '}' if brace => brace = false,
                _ if brace => {}
                ';' if paren == 0 => break,
                '(' => paren += 1,
                ')' => paren = paren.saturating_sub(1),
                _ if paren > 0 => {}
                _ => clean.push(c),
            }
        }
        clean.push(' ');
    }
    clean
        .split_whitespace()
        .filter(|w| !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*" | "e.p." | "ep"))
        .map(|w| {
            // A move number, alone (`12`, `12.`, `12...`) or before a move (`12.e4`).
            let digits = w.chars().take_while(char::is_ascii_digit).count();
            if digits > 0 && (digits == w.len() || w[digits..].starts_with('.')) {
                w[digits..].trim_start_matches('.')
            } else {
                w
            }
        })
        .filter(|w| !w.is_empty() && !w.starts_with('$'))
        .map(str::to_string)
        .collect()
}

/// Reads algebraic move text from `start`: SAN or UCI words, `--`/`0000` for the giver's
/// pass between the receiver's moves of a turn of several moves (Am. IV 4).
pub fn read_algebraic(start: &Position, text: &str) -> Result<Vec<Move>, GameTextError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut pass_allowed = false;
    for word in movetext_words(text) {
        let fail = |error| GameTextError::Algebraic {
            index: moves.len(),
            error,
        };
        if matches!(word.as_str(), "--" | "0000" | "Z0") {
            if !(pass_allowed && pos.in_multi_move_turn()) {
                return Err(fail(AlgebraicError::MisplacedPass(word)));
            }
            pass_allowed = false;
            continue;
        }
        let mv = if looks_like_uci(&word) {
            pos.parse_uci_move(&word)
                .map_err(|e| fail(AlgebraicError::Uci(e)))?
        } else {
            pos.parse_san(&word)
                .map_err(|e| fail(AlgebraicError::San(e)))?
        };
        let mover = pos.turn();
        pos.play(mv);
        pass_allowed = pos.turn() == mover;
        moves.push(mv);
    }
    Ok(moves)
}

/// Reads a game's text from `start` in whichever notation it is in: algebraic (PGN
/// movetext, SAN, UCI) or a descriptive score. When neither reads to the end, the error
/// of the reading that got further is returned.
pub fn read_game(start: &Position, text: &str) -> Result<(Game, Source), GameTextError> {
    let algebraic = read_algebraic(start, text);
    let descriptive = descriptive::read_score(start, text).map_err(GameTextError::Descriptive);
    let (moves, source) = match (algebraic, descriptive) {
        (Ok(a), Ok(d)) if a == d => (a, Source::Algebraic),
        (Ok(_), Ok(_)) => return Err(GameTextError::TwoReadings),
        (Ok(a), Err(_)) => (a, Source::Algebraic),
        (Err(_), Ok(d)) => (d, Source::Descriptive),
        (Err(a), Err(d)) => {
            let read = |e: &GameTextError| match e {
                GameTextError::Algebraic { index, .. } => *index,
                GameTextError::Descriptive(s) => s.moves_read,
                GameTextError::TwoReadings => 0,
            };
            let descriptive_malformed = matches!(
                &d,
                GameTextError::Descriptive(ScoreError {
                    error: engine::DescriptiveError::Malformed(_),
                    ..
                })
            );
            return Err(
                if read(&a) > read(&d) || (read(&a) == read(&d) && descriptive_malformed) {
                    a
                } else {
                    d
                },
            );
        }
    };
    let mut game = Game::new(start.clone());
    for mv in moves {
        game.try_play(mv)
            .expect("the moves were read as legal moves");
    }
    Ok((game, source))
}

/// A game written in a notation (see [`Target`]).
pub fn write_game(game: &Game, target: Target) -> String {
    match target {
        Target::Descriptive => descriptive::score(game),
        Target::San => pgn::movetext(game.start(), game.moves()).join(" "),
        Target::Uci => {
            let mut words = Vec::new();
            let mut last_mover = None;
            for (before, mv) in game.positions().iter().zip(game.moves()) {
                if last_mover == Some(before.turn()) {
                    words.push("0000".to_string());
                }
                last_mover = Some(before.turn());
                words.push(before.uci_move(*mv));
            }
            words.join(" ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Odds, RuleSet, Rules};

    #[test]
    fn movetext_keeps_moves_and_drops_the_rest() {
        let words = movetext_words(
            "[Event \"x\"]\n1. e4 {best} e5 2.Nf3 $1 (2. f4 exf4) 0-0 ; comment\n12... O-O-O 1-0",
        );
        assert_eq!(words, ["e4", "e5", "Nf3", "0-0", "O-O-O"]);
    }

    #[test]
    fn a_game_is_read_in_the_notation_it_is_written_in() {
        let start = Position::startpos(Rules::default());
        let (game, source) = read_game(&start, "1. e4 e5 2. Nf3").unwrap();
        assert_eq!((game.moves().len(), source), (3, Source::Algebraic));
        let (again, source) = read_game(&start, &write_game(&game, Target::Descriptive)).unwrap();
        assert_eq!((again.moves(), source), (game.moves(), Source::Descriptive));
        assert_eq!(write_game(&game, Target::Uci), "e2e4 e7e5 g1f3");
        // Neither reading gets to the end: the error of the one that got further is kept.
        let e = read_game(&start, "1. e4 e5 2. Nf4").unwrap_err();
        assert!(
            matches!(e, GameTextError::Algebraic { index: 2, .. }),
            "{e}"
        );
        let e = read_game(&start, "1. P-K4 P-K4 2. Kt-B3").unwrap_err();
        assert!(matches!(e, GameTextError::Descriptive(_)), "{e}");
    }

    #[test]
    fn the_givers_pass_is_allowed_only_inside_the_turn() {
        // Am. IV 4: the pass comes between the receiver's moves of his first turn.
        let rules = Rules::new(RuleSet::American1897);
        let start = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
        let (game, _) = read_game(&start, "e4 -- d4 e5").unwrap();
        assert_eq!(write_game(&game, Target::Uci), "e2e4 0000 d2d4 e7e5");
        assert_eq!(write_game(&game, Target::San), "1. e4 -- 2. d4 e5");
        let e = read_game(&start, "e4 -- -- d4").unwrap_err();
        assert!(
            matches!(
                e,
                GameTextError::Algebraic {
                    index: 1,
                    error: AlgebraicError::MisplacedPass(_)
                }
            ),
            "{e}"
        );
    }
}
