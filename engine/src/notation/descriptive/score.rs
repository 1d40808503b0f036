//! A whole game as a numbered descriptive score, and back.
//!
//! One line a move number, White's records then Black's in two columns:
//!
//! ```text
//!  1. P-K4          P-K4
//!  2. Kt-KB3        P-Q3
//! 11. BxKtP ch      QKt-Q2
//! ```
//!
//! A turn of several moves (Am. IV 4: the receiver's moves "count together as his first
//! move") is one move number, its records joined by `, ` in the mover's column; the
//! giver's pass between them is not written (`1. P-K4, P-Q4    P-K3`). A game that starts
//! with Black to move has `...` in White's first cell.
//!
//! Reading a score takes the same text, and the looser forms of old scores: numbers with
//! or without a dot (`1 P-K4 P-K4 2 Kt-KB3`), `1...`, records spread over several words
//! (`Kt-K B 3`, `Q x P ch`), commas, PGN comments `{…}`, tag lines `[…]`, and a result.

use std::fmt;

use super::DescriptiveError;
use crate::game::Game;
use crate::position::Position;
use crate::types::{Color, Move};

/// One numbered line of a score.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct ScoreLine {
    /// The move number.
    pub number: u32,
    /// White's records in this move (several in a turn of several moves).
    pub white: Vec<String>,
    /// Black's records in this move.
    pub black: Vec<String>,
}

/// The lines of a game's score: each move's record ([`Position::descriptive`]) in its
/// move number and column.
pub fn score_lines(game: &Game) -> Vec<ScoreLine> {
    lines_by_turn(game, Position::descriptive)
}

/// The lines of a game's score with each move written by `record` (descriptive, SAN):
/// one line a move number, a turn of several moves in one cell (Am. IV 4).
pub fn lines_by_turn(game: &Game, record: impl Fn(&Position, Move) -> String) -> Vec<ScoreLine> {
    let mut lines: Vec<ScoreLine> = Vec::new();
    for (before, mv) in game.positions().iter().zip(game.moves()) {
        let number = before.fullmove_number();
        if lines.last().is_none_or(|l| l.number != number) {
            lines.push(ScoreLine {
                number,
                white: Vec::new(),
                black: Vec::new(),
            });
        }
        let line = lines.last_mut().expect("a line was pushed");
        let record = record(before, *mv);
        match before.turn() {
            Color::White => line.white.push(record),
            Color::Black => line.black.push(record),
        }
    }
    lines
}

/// A game's score as text, one line a move number, the columns aligned (see the module
/// docs).
///
/// ```
/// use engine::notation::descriptive::score;
/// use engine::{Game, Odds, Position, Rules};
/// let rules = Rules::default();
/// let start = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
/// let mut game = Game::new(start);
/// for m in ["e2e4", "d2d4", "e7e6", "g1f3"] {
///     let mv = game.current().parse_uci_move(m).unwrap();
///     game.try_play(mv).unwrap();
/// }
/// assert_eq!(score(&game), "1. P-K4, P-Q4  P-K3\n2. Kt-KB3");
/// ```
pub fn score(game: &Game) -> String {
    layout(&score_lines(game))
}

/// Score lines as text, one line a move number, the columns aligned.
pub fn layout(lines: &[ScoreLine]) -> String {
    let cells: Vec<(String, String, String)> = lines
        .iter()
        .map(|l| {
            let white = if l.white.is_empty() {
                "...".to_string()
            } else {
                l.white.join(", ")
            };
            (format!("{}.", l.number), white, l.black.join(", "))
        })
        .collect();
    let number_width = cells.iter().map(|c| c.0.len()).max().unwrap_or(0);
    let white_width = cells
        .iter()
        .filter(|c| !c.2.is_empty())
        .map(|c| c.1.len())
        .max()
        .unwrap_or(0);
    cells
        .iter()
        .map(|(n, w, b)| {
            if b.is_empty() {
                format!("{n:>number_width$} {w}")
            } else {
                format!("{n:>number_width$} {w:<white_width$}  {b}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A record of a score that could not be read.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct ScoreError {
    /// The move number of the position the record was read in.
    pub number: u32,
    /// The side to move there.
    pub side: Color,
    /// How many moves were read before it.
    pub moves_read: usize,
    /// Why the record was not read as one legal move.
    pub error: DescriptiveError,
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.number, self.side, self.error)
    }
}

impl std::error::Error for ScoreError {}

/// The most words one record may be spread over (`Kt - K B 3 ch`).
const MAX_WORDS: usize = 8;

/// What a word of a score is, before records are read.
#[derive(Clone, Debug, Eq, PartialEq)]
enum Word {
    /// Part of a record; `ends` when a `,` or `;` closed it.
    Text { text: String, ends: bool },
    /// A bare number (`12`): a move number, or the rank of a record spread over words.
    Number(String),
    /// A move number with dots, a result, `...`: never part of a record.
    Break,
}

/// The words of a score, with comments and tag lines removed.
fn words(text: &str) -> Vec<Word> {
    let mut clean = String::new();
    let mut depth = 0usize;
    for line in text.lines() {
        if depth == 0 && line.trim_start().starts_with('[') {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                _ => clean.push(c),
            }
        }
        clean.push('\n');
    }
    let mut out = Vec::new();
    for raw in clean.split_whitespace() {
        let results = [
            "1-0", "0-1", "1/2-1/2", "½-½", "*", "resigns", "resigned", "drawn", "draw",
        ];
        if results.contains(&raw.to_ascii_lowercase().as_str())
            || raw.chars().all(|c| matches!(c, '.' | '…'))
        {
            out.push(Word::Break);
            continue;
        }
        // `12.` or `12...` alone, or glued to a record: `1.P-K4`.
        let digits = raw.chars().take_while(char::is_ascii_digit).count();
        let dots = raw[digits..]
            .chars()
            .take_while(|c| matches!(c, '.' | '…'))
            .count();
        if digits > 0 && dots == 0 && digits == raw.len() {
            out.push(Word::Number(raw.to_string()));
            continue;
        }
        let rest = if digits > 0 && dots > 0 {
            out.push(Word::Break);
            raw[digits..].trim_start_matches(['.', '…'])
        } else {
            raw
        };
        if rest.is_empty() {
            continue;
        }
        let ends = rest.ends_with([',', ';']);
        let text = rest.trim_end_matches([',', ';']).to_string();
        if !text.is_empty() {
            out.push(Word::Text { text, ends });
        }
    }
    out
}

/// Reads a score from `start` and returns its moves (the giver's pass inside a turn of
/// several moves is not a move here; the position keeps the turn). A record spread over
/// several words is the longest run of words that reads as a legal move; a bare number
/// joins a record only when the record needs it (`Kt-K B 3`), otherwise it is a move
/// number. A record that expresses no legal move, or several (Am. III 3), stops the
/// reading with an error.
///
/// ```
/// use engine::notation::descriptive::read_score;
/// use engine::{Position, Rules};
/// let start = Position::startpos(Rules::default());
/// let moves = read_score(&start, "1 P-K4 P-K4 2 Kt-K B 3 Kt-QB3 3 B-Kt5").unwrap();
/// let uci: Vec<String> = moves.iter().scan(start.clone(), |p, m| {
///     let u = p.uci_move(*m);
///     p.play(*m);
///     Some(u)
/// }).collect();
/// assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
/// ```
pub fn read_score(start: &Position, text: &str) -> Result<Vec<Move>, ScoreError> {
    let words = words(text);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let Word::Text { .. } = &words[i] else {
            i += 1;
            continue;
        };
        let fail = |error| ScoreError {
            number: pos.fullmove_number(),
            side: pos.turn(),
            moves_read: moves.len(),
            error,
        };
        // The words this record may take: up to a break, a closing comma, or MAX_WORDS.
        let mut run: Vec<&Word> = Vec::new();
        for w in &words[i..] {
            if run.len() == MAX_WORDS || *w == Word::Break {
                break;
            }
            run.push(w);
            if matches!(w, Word::Text { ends: true, .. }) {
                break;
            }
        }
        let texts: Vec<&str> = run
            .iter()
            .map(|w| match w {
                Word::Text { text, .. } | Word::Number(text) => text.as_str(),
                Word::Break => "",
            })
            .collect();
        let results: Vec<Result<Vec<Move>, DescriptiveError>> = (1..=run.len())
            .map(|k| pos.read_descriptive(&texts[..k].join(" ")))
            .collect();
        // The longest run that reads, unless it ends in a number the shorter run did
        // not need.
        let chosen = (1..=run.len()).rev().find(|&k| {
            results[k - 1].is_ok()
                && !(matches!(run[k - 1], Word::Number(_)) && k > 1 && results[k - 2].is_ok())
        });
        let Some(k) = chosen else {
            // The longest run that is at least a record says best what is wrong.
            let error = results
                .iter()
                .rev()
                .find_map(|r| match r {
                    Err(e @ DescriptiveError::NoLegalMove { .. }) => Some(e.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| DescriptiveError::Malformed(texts[0].to_string()));
            return Err(fail(error));
        };
        let found = results[k - 1].clone().expect("chosen runs read");
        let record = texts[..k].join(" ");
        let [mv] = found.as_slice() else {
            let candidates = found
                .iter()
                .map(|m| format!("{} ({})", pos.descriptive(*m), pos.uci_move(*m)))
                .collect();
            return Err(fail(DescriptiveError::Ambiguous {
                text: record,
                candidates,
            }));
        };
        moves.push(*mv);
        pos.play(*mv);
        i += k;
    }
    Ok(moves)
}
