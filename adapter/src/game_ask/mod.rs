//! How a game against Morphy is asked for, the same for every front end: the web
//! board's form or address (`/?odds=rook&rules=american-1897&color=black&elo=1600`),
//! and `morphy play`'s flags written as the same parameters ([`asked_of`]), which the
//! games' database keeps to open the game again. Read into the [`PlayConfig`] that
//! `morphy play` uses, plus the clock and Morphy's level. Every name is read by the
//! engine's own parser, so a bad value is answered in the engine's words; whether the
//! start can be played is `play::start`'s to say.
//!
//! - [`from_pgn`]: a game asked for by a PGN text (the web board's upload).

pub mod from_pgn;

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use engine::rules::odds::MateConditionParseError;
use engine::search::{MAX_ELO, MIN_ELO};
use engine::{Color, GameSpec, MateCondition, Odds, RuleSet, UnknownName};

use crate::play::{Limit, PlayConfig};
use crate::uci::options::ODDS_CONTEMPT;

/// The lowest and highest Elo Morphy's level may be set to.
pub const ELO_RANGE: std::ops::RangeInclusive<u32> = MIN_ELO..=MAX_ELO;

/// The odds contempt a game may be given, centipawns (as UCI `OddsContempt`).
pub const CONTEMPT_RANGE: std::ops::RangeInclusive<i64> = ODDS_CONTEMPT.spin().1;

/// The parameters a new game may be given.
pub const NAMES: [&str; 9] = [
    "odds",
    "rules",
    "color",
    "draw_odds",
    "mate",
    "elo",
    "clock",
    "fen",
    "contempt",
];

/// A clock for each side: a base time and an increment a move (`5+3`: five minutes,
/// three seconds a move).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// Why a clock text was not read ([`TimeControl::parse`]); the message says what was
/// expected.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ClockError {
    /// Neither `untimed` nor minutes and seconds (the text, trimmed).
    Unreadable(String),
    /// Minutes and seconds, but too few or too many (the text, trimmed).
    OutOfRange(String),
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::Unreadable(t) => write!(
                f,
                "bad clock '{t}' (expected untimed, or minutes+seconds as 5+3)"
            ),
            ClockError::OutOfRange(t) => write!(
                f,
                "bad clock '{t}' (from a quarter of a minute to 180 minutes, and at most 60 seconds a move)"
            ),
        }
    }
}

impl std::error::Error for ClockError {}

impl TimeControl {
    /// `5+3` (minutes + seconds), `5` (minutes), or `untimed`/`none`/empty for no clocks.
    ///
    /// # Errors
    /// A text of neither shape, or a clock out of range.
    pub fn parse(text: &str) -> Result<Option<TimeControl>, ClockError> {
        let t = text.trim();
        if t.is_empty() || t == "untimed" || t == "none" {
            return Ok(None);
        }
        let bad = || ClockError::Unreadable(t.to_string());
        let (base, inc) = t.split_once('+').unwrap_or((t, "0"));
        let base: f64 = base.trim().parse().map_err(|_| bad())?;
        let inc: u64 = inc.trim().parse().map_err(|_| bad())?;
        if !(0.25..=180.0).contains(&base) || inc > 60 {
            return Err(ClockError::OutOfRange(t.to_string()));
        }
        Ok(Some(TimeControl {
            base: Duration::from_secs_f64(base * 60.0),
            increment: Duration::from_secs(inc),
        }))
    }
}

/// The side the player asks for.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Side {
    /// A colour.
    Color(Color),
    /// The side that gives the odds.
    Giver,
    /// The side that receives them.
    Receiver,
}

/// A new game as asked for.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The game, as `morphy play` takes it (the colour settled from `side`).
    pub config: PlayConfig,
    /// Morphy's level (also in `config.elo`): `None` for full strength.
    pub elo: Option<u32>,
    /// The clocks, if the game is timed.
    pub clock: Option<TimeControl>,
    /// The parameters as given (what the database keeps to open the game again).
    pub asked: BTreeMap<String, String>,
}

/// A bad new-game parameter ([`read`]), in the engine's words where the engine reads it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ParamError {
    /// `odds`: no odds of the engine's catalogue.
    Odds(UnknownName),
    /// `rules`: no rule set.
    Rules(UnknownName),
    /// `mate`: no mate condition.
    Mate(MateConditionParseError),
    /// `color`: no colour or side (the value given).
    Colour(String),
    /// A yes/no parameter that is neither.
    Flag {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
    },
    /// `elo`: not `full` nor a level in [`ELO_RANGE`] (the value given).
    Elo(String),
    /// `clock`.
    Clock(ClockError),
    /// `contempt`: not a number of centipawns in the range (the value given).
    Contempt(String),
    /// A parameter that is none of [`NAMES`] (its name).
    Unknown(String),
    /// `color` names the giver or the receiver of odds, and nobody gives odds.
    NoGiver,
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Odds(e) | ParamError::Rules(e) => write!(f, "{e}"),
            ParamError::Mate(e) => write!(f, "{e}"),
            ParamError::Colour(value) => write!(
                f,
                "unknown colour '{value}' (expected {}, {}, giver or receiver)",
                Color::White.name(),
                Color::Black.name()
            ),
            ParamError::Flag { name, value } => {
                write!(f, "bad {name} '{value}' (expected true or false)")
            }
            ParamError::Elo(v) => write!(
                f,
                "bad elo '{v}' (expected full, or {} to {})",
                ELO_RANGE.start(),
                ELO_RANGE.end()
            ),
            ParamError::Clock(e) => write!(f, "{e}"),
            ParamError::Contempt(v) => write!(
                f,
                "bad contempt '{v}' (expected centipawns, {} to {})",
                CONTEMPT_RANGE.start(),
                CONTEMPT_RANGE.end()
            ),
            ParamError::Unknown(name) => {
                write!(
                    f,
                    "unknown parameter '{name}' (known: {})",
                    NAMES.join(", ")
                )
            }
            ParamError::NoGiver => {
                write!(
                    f,
                    "no side gives odds in this game: choose {} or {}",
                    Color::White.name(),
                    Color::Black.name()
                )
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// A random seed for Morphy's choices at a limited strength (0 when the system has
/// no randomness to give).
fn seed() -> u64 {
    let mut bytes = [0u8; 8];
    match getrandom::fill(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => 0,
    }
}

/// A yes/no parameter.
fn flag(name: &str, value: &str) -> Result<bool, ParamError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "0" | "false" | "no" | "off" => Ok(false),
        "1" | "true" | "yes" | "on" => Ok(true),
        _ => Err(ParamError::Flag {
            name: name.to_string(),
            value: value.to_string(),
        }),
    }
}

/// Reads the parameters (any subset of [`NAMES`]; the rest take `morphy play`'s
/// defaults). Morphy searches by `limit` when untimed.
///
/// # Errors
/// Every bad parameter, one each.
pub fn read(params: &BTreeMap<String, String>, limit: Limit) -> Result<NewGame, Vec<ParamError>> {
    let mut errors = Vec::new();
    let mut spec = GameSpec::default();
    let mut side = None;
    let mut elo = None;
    let mut clock = None;
    let mut fen = None;
    for (name, value) in params {
        let value = value.trim();
        let read: Result<(), ParamError> = match name.as_str() {
            "odds" => value
                .parse::<Odds>()
                .map(|o| spec.odds = o)
                .map_err(ParamError::Odds),
            "rules" => value
                .parse::<RuleSet>()
                .map(|r| spec.rule_set = r)
                .map_err(ParamError::Rules),
            "color" => match value.to_ascii_lowercase().as_str() {
                "" | "auto" => Ok(()),
                "giver" => {
                    side = Some(Side::Giver);
                    Ok(())
                }
                "receiver" => {
                    side = Some(Side::Receiver);
                    Ok(())
                }
                _ => match value.parse::<Color>() {
                    Ok(color) => {
                        side = Some(Side::Color(color));
                        Ok(())
                    }
                    Err(_) => Err(ParamError::Colour(value.to_string())),
                },
            },
            "draw_odds" => flag(name, value).map(|b| spec.draw_odds = b),
            "mate" => value
                .parse::<MateCondition>()
                .map(|m| spec.mate_condition = m)
                .map_err(ParamError::Mate),
            "elo" => match value {
                "" | "full" => Ok(()),
                v => match v.parse::<u32>() {
                    Ok(e) if ELO_RANGE.contains(&e) => {
                        elo = Some(e);
                        Ok(())
                    }
                    _ => Err(ParamError::Elo(v.to_string())),
                },
            },
            "clock" => TimeControl::parse(value)
                .map(|c| clock = c)
                .map_err(ParamError::Clock),
            "fen" => {
                fen = (!value.is_empty()).then(|| value.to_string());
                Ok(())
            }
            "contempt" => match value.parse::<i64>().map(|cp| (cp, i32::try_from(cp))) {
                Ok((cp, Ok(contempt))) if CONTEMPT_RANGE.contains(&cp) => {
                    spec.contempt = contempt;
                    Ok(())
                }
                _ => Err(ParamError::Contempt(value.to_string())),
            },
            _ => Err(ParamError::Unknown(name.clone())),
        };
        if let Err(e) = read {
            errors.push(e);
        }
    }
    let mut config = PlayConfig {
        spec,
        fen,
        limit,
        elo,
        // Each game its own choices at a limited strength.
        seed: elo.map(|_| seed()),
        ..PlayConfig::default()
    };
    config.color = match side {
        None => None,
        Some(Side::Color(c)) => Some(c),
        Some(Side::Giver | Side::Receiver) => match config.sides().giver {
            Some(giver) if side == Some(Side::Giver) => Some(giver),
            Some(giver) => Some(!giver),
            None => {
                errors.push(ParamError::NoGiver);
                None
            }
        },
    };
    if errors.is_empty() {
        Ok(NewGame {
            config,
            elo,
            clock,
            asked: params.clone(),
        })
    } else {
        Err(errors)
    }
}

/// The parameters that ask for the game `config` names, with the person at `human`
/// (what `morphy play` keeps in the games' database, read back by [`read`]): the odds,
/// the rules, the colour, the terms, Morphy's level and the start, each only when it is
/// not the default. How Morphy searches is the front end's, not the game's.
pub fn asked_of(config: &PlayConfig, human: Color) -> BTreeMap<String, String> {
    let spec = &config.spec;
    let default = GameSpec::default();
    let mut asked = BTreeMap::new();
    let mut put = |name: &str, value: String| {
        asked.insert(name.to_string(), value);
    };
    put("odds", spec.odds.name().to_string());
    put("rules", spec.rule_set.name().to_string());
    put("color", human.name().to_string());
    if spec.draw_odds {
        put("draw_odds", "true".to_string());
    }
    if spec.mate_condition != MateCondition::None {
        put("mate", spec.mate_condition.to_string());
    }
    if let Some(elo) = config.elo {
        put("elo", elo.to_string());
    }
    if let Some(fen) = &config.fen {
        put("fen", fen.clone());
    }
    if spec.contempt != default.contempt {
        put("contempt", spec.contempt.to_string());
    }
    asked
}

#[cfg(test)]
mod tests;
