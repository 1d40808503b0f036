//! Perft suites: EPD lines `FEN ;D1 20 ;D2 400 … [;rules NAME] [;odds NAME] [;chess960] [;id "…"]`.
//!
//! Lines starting with `#` are comments (each suite file opens with `# Source:` lines).
//! `;odds NAME` says the FEN is that odds' start and its first turn has the odds' turn
//! structure (several moves, Am. IV 4). Chess960 is read from `;chess960`, or from
//! castling letters other than `KQkq`. This file parses and builds positions only; the
//! counting is the caller's.

use std::fmt;

use engine::rules::start::{recognise, OddsStart};
use engine::{FenError, GameSpec, Odds, Position, PositionError, RuleSet, Rules, Setup};

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SuiteEntry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The FEN as written.
    pub fen: String,
    /// (depth, expected leaf count), in file order.
    pub depths: Vec<(u32, u64)>,
    /// Which game is played: the rule set (default american-1897), the odds whose first
    /// turn the position starts (default none), and Chess960 castling letters.
    pub spec: GameSpec,
    /// The `id` field, if any.
    pub id: Option<String>,
}

/// A line of a suite that could not be read.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SuiteError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SuiteError {}

fn castling_field_is_chess960(fen: &str) -> bool {
    fen.split_whitespace()
        .nth(2)
        .is_some_and(|c| c != "-" && c.chars().any(|ch| !"KQkq".contains(ch)))
}

/// Splits a line at `;`, except inside double quotes (an `id` may contain `;`).
fn split_fields(text: &str) -> Vec<&str> {
    let mut fields = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                fields.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    fields.push(&text[start..]);
    fields
}

/// Reads one suite line; `Ok(None)` for blank and comment lines.
pub fn parse_line(text: &str, line: usize) -> Result<Option<SuiteEntry>, SuiteError> {
    let err = |message: String| SuiteError { line, message };
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let mut fields = split_fields(text).into_iter();
    let fen = fields.next().unwrap_or_default().trim().to_string();
    let mut entry = SuiteEntry {
        line,
        spec: GameSpec {
            chess960: castling_field_is_chess960(&fen),
            ..GameSpec::default()
        },
        fen,
        depths: Vec::new(),
        id: None,
    };
    for field in fields {
        let field = field.trim();
        let (name, value) = field.split_once(char::is_whitespace).unwrap_or((field, ""));
        let value = value.trim();
        match name {
            "" => {}
            "rules" => entry.spec.rule_set = value.parse().map_err(|e| err(format!("{e}")))?,
            "odds" => entry.spec.odds = value.parse().map_err(|e| err(format!("{e}")))?,
            "chess960" => entry.spec.chess960 = true,
            "id" => entry.id = Some(value.trim_matches('"').to_string()),
            _ if name.starts_with('D') => {
                let depth: u32 = name[1..]
                    .parse()
                    .map_err(|_| err(format!("bad depth field '{name}'")))?;
                let count: u64 = value
                    .parse()
                    .map_err(|_| err(format!("bad count '{value}' for {name}")))?;
                entry.depths.push((depth, count));
            }
            _ => {
                return Err(err(format!(
                    "unknown field '{name}' (expected Dn, rules, odds, chess960 or id)"
                )))
            }
        }
    }
    Ok(Some(entry))
}

/// Reads a whole suite.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(entry) = parse_line(line, i + 1)? {
            out.push(entry);
        }
    }
    Ok(out)
}

/// Why a suite's FEN, rules and odds give no position to count from.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum BuildError {
    /// The FEN cannot be read.
    Fen(FenError),
    /// The FEN is not the start position of the odds named.
    NotOddsStart {
        /// The odds named.
        odds: Odds,
        /// The rule set in force.
        rule_set: RuleSet,
        /// That odds' start, as FEN.
        expected: String,
    },
    /// The engine cannot play the position.
    Position(PositionError),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Fen(e) => write!(f, "{e}"),
            BuildError::NotOddsStart {
                odds,
                rule_set,
                expected,
            } => write!(
                f,
                "the FEN is not the start position of the '{odds}' odds under {rule_set} (expected {expected})"
            ),
            BuildError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Builds the position a FEN, rules and odds describe. With odds, the FEN must be that
/// odds' start, and the first turn gets the odds' number of moves.
pub fn build_position(fen: &str, rules: Rules, odds: Odds) -> Result<Position, BuildError> {
    let mut setup = Setup::from_fen(fen, rules.chess960).map_err(BuildError::Fen)?;
    if odds != Odds::None {
        if recognise(&setup, odds, &rules) != OddsStart::Exact {
            return Err(BuildError::NotOddsStart {
                odds,
                rule_set: rules.set,
                expected: odds
                    .setup(&rules)
                    .to_fen(engine::fen::CastlingNotation::Standard),
            });
        }
        setup.turn_moves = odds.first_turn_moves();
    }
    Position::from_setup(&setup, rules).map_err(BuildError::Position)
}

/// The root of a count: the FEN given (which must be the odds' start when odds are
/// named), or else the start position of the odds.
pub fn root_position(fen: Option<&str>, rules: Rules, odds: Odds) -> Result<Position, BuildError> {
    match fen {
        Some(fen) => build_position(fen, rules, odds),
        None => Position::from_setup(&odds.setup(&rules), rules).map_err(BuildError::Position),
    }
}

impl SuiteEntry {
    /// The rules of this entry.
    pub fn rules(&self) -> Rules {
        self.spec.rules()
    }

    /// The position to count from.
    pub fn position(&self) -> Result<Position, BuildError> {
        build_position(&self.fen, self.rules(), self.spec.odds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fields() {
        let e = parse_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1 ;D1 19 ;D2 380 ;rules fide ;odds rook ;id \"x\"", 3)
            .unwrap()
            .unwrap();
        assert_eq!(e.depths, vec![(1, 19), (2, 380)]);
        assert_eq!(e.spec.rule_set, RuleSet::Fide);
        assert_eq!(e.spec.odds, Odds::Rook);
        assert_eq!(e.id.as_deref(), Some("x"));
        assert!(!e.spec.chess960);
    }

    #[test]
    fn an_id_may_contain_a_semicolon() {
        let e = parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;id \"a; b\"", 1)
            .unwrap()
            .unwrap();
        assert_eq!(e.id.as_deref(), Some("a; b"));
        assert_eq!(e.depths, vec![(1, 3)]);
    }

    #[test]
    fn shredder_letters_mean_chess960() {
        let e = parse_line(
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21",
            1,
        )
        .unwrap()
        .unwrap();
        assert!(e.spec.chess960);
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let e = parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 x", 7).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.message.contains("D1"));
        assert!(parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;odds castle", 1)
            .unwrap_err()
            .message
            .contains("known"));
    }

    #[test]
    fn odds_fen_must_match_the_start() {
        let rules = Rules::default();
        assert!(build_position(engine::fen::STARTING_FEN, rules, Odds::Rook).is_err());
        let pos = build_position(engine::fen::STARTING_FEN, rules, Odds::TwoMoves).unwrap();
        assert_eq!(pos.turn_moves(), 2);
    }
}
