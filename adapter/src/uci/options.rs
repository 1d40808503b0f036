//! The UCI options: one table, [`OPTIONS`], declares each option once (its name, type,
//! default, bounds, and the value of [`Options`] it sets), and everything else is read
//! from it: the `option name ...` lines after `uci` ([`Options::list`]), `setoption`
//! ([`Options::set`]) and the defaults ([`Options::default`]).
//!
//! Setting an option only records its value and says what the server must do about it
//! ([`Effect`]); clearing tables or re-reading the position is the server's business.
//! Out-of-range numbers are clamped and the clamp is reported, except Morphy's level
//! (`UCI_Elo`), which is refused as `play --elo` and the web board refuse it: a level
//! outside the calibrated range has no meaning, and a different one would mislead.

use std::fmt;
use std::ops::RangeInclusive;

use engine::search::{Strength, MAX_ELO, MIN_ELO};
use engine::{Named, Odds, OddsGiver, RuleSet, UnknownName};

use super::command::{parse_number, shorten};
use super::response::{OptionType, UciOption};
use crate::game_settings::GameSettings;
use crate::validate::Validation;

/// Hash table size bounds in MiB (the search owns the table; this is what it is told).
pub const HASH_MAX_MB: i64 = 65_536;

/// The current option values; each field's option is in [`OPTIONS`].
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Options {
    /// [`HASH`], MiB.
    pub hash_mb: i64,
    /// `Threads`.
    pub threads: i64,
    /// `MultiPV`.
    pub multi_pv: i64,
    /// `Ponder`.
    pub ponder: bool,
    /// `Move Overhead`, ms.
    pub move_overhead_ms: i64,
    /// `UCI_ShowWDL`.
    pub show_wdl: bool,
    /// `UCI_LimitStrength`: play at `UCI_Elo` rather than at full strength.
    pub limit_strength: bool,
    /// `UCI_Elo`: the strength played at while `UCI_LimitStrength` is set.
    pub elo: i64,
    /// `Seed`: the seed of the limited strength's choices (the same seed, the same moves).
    pub seed: i64,
    /// `EvalNet`: evaluate with the learned network built into the engine (on by default)
    /// rather than the hand-crafted evaluation.
    pub eval_net: bool,
    /// The game: `Rules`, `UCI_Chess960`, `Odds`, `OddsGiver`, `MateCondition` (docs/RULES.md
    /// §4), `DrawOdds`, `OddsContempt` (centipawns); and `Validation`.
    pub game: GameSettings,
}

impl Default for Options {
    /// Every option at its default in [`OPTIONS`].
    fn default() -> Options {
        let mut options = Options {
            hash_mb: 0,
            threads: 0,
            multi_pv: 0,
            ponder: false,
            move_overhead_ms: 0,
            show_wdl: false,
            limit_strength: false,
            elo: 0,
            seed: 0,
            eval_net: false,
            game: GameSettings::default(),
        };
        options.reset();
        options
    }
}

/// What the server must do after an option changed.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Effect {
    /// Nothing beyond recording the value.
    Nothing,
    /// Tell the searcher its new hash size.
    ResizeHash,
    /// Empty the searcher's tables (`Clear Hash`).
    ClearHash,
    /// Tell the searcher its thread count.
    Threads,
    /// Tell the searcher the odds terms (`DrawOdds`, `OddsGiver`, `MateCondition`,
    /// `OddsContempt`).
    OddsTerms,
    /// The rules of reading positions changed: read the last position again.
    Recheck,
}

/// Why an option was not set.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum OptionError {
    /// No option has this name.
    Unknown(String),
    /// The option needs a value.
    MissingValue(&'static str),
    /// The value is not one the option takes.
    BadValue {
        /// The option.
        name: &'static str,
        /// The value sent.
        value: String,
        /// What it takes.
        expected: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(n) => write!(f, "unknown option '{}'", shorten(n)),
            OptionError::MissingValue(n) => write!(f, "option '{n}' needs a value"),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => write!(
                f,
                "option '{name}' does not take '{}' (expected {expected})",
                shorten(value)
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// One UCI option: its name, type, default and bounds, what setting it does to
/// [`Options`], and what the server must do then.
pub struct OptionSpec {
    /// The name a GUI sees and sends (matched in any case).
    pub name: &'static str,
    kind: Kind,
    effect: Effect,
}

/// An option's type with its default and bounds, and the field a value goes to.
/// What a `spin` does with a value out of its range.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Outside {
    /// Takes the nearest bound, with a note.
    Clamp,
    /// Refuses it; the option keeps its value.
    Refuse,
}

enum Kind {
    /// `check`.
    Check {
        default: bool,
        set: fn(&mut Options, bool),
    },
    /// `spin`: values outside `min..=max` are clamped (with a note), or refused.
    Spin {
        default: i64,
        min: i64,
        max: i64,
        set: fn(&mut Options, i64),
        outside: Outside,
    },
    /// `combo` over the names of a [`Named`] enum (see [`combo`]).
    Combo {
        default: fn() -> &'static str,
        names: fn() -> Vec<&'static str>,
        set: fn(&mut Options, &str) -> Result<(), UnknownName>,
    },
    /// `string`; no value (how an empty string arrives) means the default. `set` says
    /// whether it took the text; `expected` is what it takes, in words.
    Text {
        default: &'static str,
        expected: &'static str,
        set: fn(&mut Options, &str) -> bool,
    },
    /// `button`: no value, only its effect.
    Button,
}

/// A combo over the names of `T`, whose default is `T::default()`.
const fn combo<T: Named + Default>(set: fn(&mut Options, &str) -> Result<(), UnknownName>) -> Kind {
    Kind::Combo {
        default: || T::default().name(),
        names: T::names,
        set,
    }
}

/// `Hash`: the transposition table's size, MiB.
pub const HASH: OptionSpec = OptionSpec {
    name: "Hash",
    kind: Kind::Spin {
        default: 16,
        min: 1,
        max: HASH_MAX_MB,
        set: |o, n| o.hash_mb = n,
        outside: Outside::Clamp,
    },
    effect: Effect::ResizeHash,
};

/// `Threads`: the search threads.
pub const THREADS: OptionSpec = OptionSpec {
    name: "Threads",
    kind: Kind::Spin {
        default: 1,
        min: 1,
        max: 1024,
        set: |o, n| o.threads = n,
        outside: Outside::Clamp,
    },
    effect: Effect::Threads,
};

/// `OddsContempt`: how much the giver dislikes draws and exchanges, centipawns.
pub const ODDS_CONTEMPT: OptionSpec = OptionSpec {
    name: "OddsContempt",
    kind: Kind::Spin {
        default: 0,
        min: 0,
        max: 1000,
        set: |o, n| o.game.spec.contempt = n as i32,
        outside: Outside::Clamp,
    },
    effect: Effect::OddsTerms,
};

/// Every option, in the order announced after `uci`.
pub static OPTIONS: [OptionSpec; 19] = [
    HASH,
    THREADS,
    OptionSpec {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
            set: |o, n| o.multi_pv = n,
            outside: Outside::Clamp,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            set: |o, b| o.ponder = b,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: 10,
            min: 0,
            max: 5000,
            set: |o, n| o.move_overhead_ms = n,
            outside: Outside::Clamp,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "Clear Hash",
        kind: Kind::Button,
        effect: Effect::ClearHash,
    },
    OptionSpec {
        name: "UCI_Chess960",
        kind: Kind::Check {
            default: false,
            set: |o, b| o.game.spec.chess960 = b,
        },
        effect: Effect::Recheck,
    },
    OptionSpec {
        name: "UCI_ShowWDL",
        kind: Kind::Check {
            default: false,
            set: |o, b| o.show_wdl = b,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "UCI_LimitStrength",
        kind: Kind::Check {
            default: false,
            set: |o, b| o.limit_strength = b,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: 1500,
            min: MIN_ELO as i64,
            max: MAX_ELO as i64,
            set: |o, n| o.elo = n,
            outside: Outside::Refuse,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "Seed",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: i32::MAX as i64,
            set: |o, n| o.seed = n,
            outside: Outside::Clamp,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "EvalNet",
        kind: Kind::Check {
            default: true,
            set: |o, b| o.eval_net = b,
        },
        effect: Effect::Nothing,
    },
    OptionSpec {
        name: "Rules",
        kind: combo::<RuleSet>(|o, v| {
            o.game.spec.rule_set = v.parse()?;
            Ok(())
        }),
        effect: Effect::Recheck,
    },
    OptionSpec {
        name: "Odds",
        kind: combo::<Odds>(|o, v| {
            o.game.spec.odds = v.parse()?;
            Ok(())
        }),
        effect: Effect::Recheck,
    },
    OptionSpec {
        name: "DrawOdds",
        kind: Kind::Check {
            default: false,
            set: |o, b| o.game.spec.draw_odds = b,
        },
        effect: Effect::OddsTerms,
    },
    OptionSpec {
        name: "OddsGiver",
        kind: combo::<OddsGiver>(|o, v| {
            o.game.spec.giver = v.parse()?;
            Ok(())
        }),
        effect: Effect::OddsTerms,
    },
    OptionSpec {
        name: "MateCondition",
        kind: Kind::Text {
            default: "none",
            expected: "none, pawn:<square> (Am. IV 6), man:<square> (Staunton odds I) or square:<square> (Am. IV 7)",
            set: |o, v| v.parse().map(|c| o.game.spec.mate_condition = c).is_ok(),
        },
        effect: Effect::OddsTerms,
    },
    ODDS_CONTEMPT,
    OptionSpec {
        name: "Validation",
        kind: combo::<Validation>(|o, v| {
            o.game.validation = v.parse()?;
            Ok(())
        }),
        effect: Effect::Recheck,
    },
];

impl OptionSpec {
    /// The option with this name, in any case and with surrounding blanks ignored.
    pub fn find(name: &str) -> Option<&'static OptionSpec> {
        OPTIONS
            .iter()
            .find(|spec| spec.name.eq_ignore_ascii_case(name.trim()))
    }

    /// A spin option's default and range, for the command-line flags that set the
    /// same thing (`morphy play --hash`).
    ///
    /// # Panics
    /// When the option is not a spin.
    pub const fn spin(&self) -> (i64, RangeInclusive<i64>) {
        match self.kind {
            Kind::Spin {
                default, min, max, ..
            } => (default, RangeInclusive::new(min, max)),
            _ => panic!("not a spin option"),
        }
    }

    /// Its `option name ...` line.
    pub fn option(&self) -> UciOption {
        let kind = match self.kind {
            Kind::Check { default, .. } => OptionType::Check(default),
            Kind::Spin {
                default, min, max, ..
            } => OptionType::Spin { default, min, max },
            Kind::Combo { default, names, .. } => OptionType::Combo {
                default: default(),
                vars: names(),
            },
            Kind::Text { default, .. } => OptionType::String(default),
            Kind::Button => OptionType::Button,
        };
        UciOption {
            name: self.name,
            kind,
        }
    }

    /// Reads `value` into `options`; the note says what was clamped.
    fn set(
        &self,
        options: &mut Options,
        value: Option<&str>,
    ) -> Result<Option<String>, OptionError> {
        let name = self.name;
        let bad = |text: &str, expected: String| OptionError::BadValue {
            name,
            value: text.to_string(),
            expected,
        };
        let needed = || value.ok_or(OptionError::MissingValue(name));
        match self.kind {
            Kind::Check { set, .. } => {
                let text = needed()?;
                match text.trim().to_ascii_lowercase().as_str() {
                    "true" => set(options, true),
                    "false" => set(options, false),
                    _ => return Err(bad(text, "true or false".to_string())),
                }
                Ok(None)
            }
            Kind::Spin {
                min,
                max,
                set,
                outside,
                ..
            } => {
                let text = needed()?;
                let n = parse_number("value", text.trim())
                    .map_err(|_| bad(text, format!("a whole number from {min} to {max}")))?;
                if outside == Outside::Refuse && !(min..=max).contains(&n) {
                    return Err(bad(
                        text,
                        format!("a level from {min} to {max}; it stays as it was"),
                    ));
                }
                let clamped = n.clamp(min, max);
                set(options, clamped);
                Ok((clamped != n).then(|| {
                    format!(
                        "{name} {} is out of range {min}..{max}; clamped to {clamped}",
                        shorten(text.trim())
                    )
                }))
            }
            Kind::Combo { set, .. } => {
                let text = needed()?;
                set(options, text)
                    .map_err(|e| bad(text, format!("one of {}", e.known.join(", "))))?;
                Ok(None)
            }
            Kind::Text {
                default,
                expected,
                set,
            } => {
                let text = value.unwrap_or(default);
                if set(options, text) {
                    Ok(None)
                } else {
                    Err(bad(text, expected.to_string()))
                }
            }
            Kind::Button => Ok(None),
        }
    }

    /// Sets the option's default in `options` (a button has none).
    fn reset(&self, options: &mut Options) {
        let value = match self.kind {
            Kind::Check { default, .. } => default.to_string(),
            Kind::Spin { default, .. } => default.to_string(),
            Kind::Combo { default, .. } => default().to_string(),
            Kind::Text { default, .. } => default.to_string(),
            Kind::Button => return,
        };
        let set = self.set(options, Some(&value));
        debug_assert!(
            set == Ok(None),
            "{}'s default {value} is its own",
            self.name
        );
    }
}

impl Options {
    /// The strength to play at: `UCI_Elo` with `Seed` while `UCI_LimitStrength` is set,
    /// else full strength (`None`).
    pub fn strength(&self) -> Option<Strength> {
        self.limit_strength.then_some(Strength {
            elo: self.elo as u32,
            seed: self.seed as u64,
        })
    }

    /// Every option, in the order announced after `uci`.
    pub fn list() -> Vec<UciOption> {
        OPTIONS.iter().map(OptionSpec::option).collect()
    }

    /// Every option back to its default.
    fn reset(&mut self) {
        for spec in &OPTIONS {
            spec.reset(self);
        }
    }

    /// Sets an option by name (any case). Returns what the server must do and a note
    /// when the value was clamped.
    pub fn set(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<(Effect, Option<String>), OptionError> {
        let spec = OptionSpec::find(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let note = spec.set(self, value)?;
        Ok((spec.effect, note))
    }
}

#[cfg(test)]
mod tests;
