//! The UCI options: their table (names, types, bounds) and their current values.
//!
//! Setting an option only records its value and says what the server must do about it
//! ([`Effect`]); clearing tables or re-reading the position is the server's business.
//! Out-of-range numbers are clamped and the clamp is reported, never refused.

use std::fmt;

use engine::search::{Strength, MAX_ELO, MIN_ELO};
use engine::{Named, Odds, OddsGiver, RuleSet};

use super::command::{parse_number, shorten};
use super::response::{OptionType, UciOption};
use crate::game_settings::GameSettings;
use crate::validate::Validation;

/// Hash table size bounds in MiB (the search owns the table; this is what it is told).
pub const HASH_MAX_MB: i64 = 65_536;

/// The current option values.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Options {
    /// `Hash`, MiB.
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
    fn default() -> Options {
        Options {
            hash_mb: 16,
            threads: 1,
            multi_pv: 1,
            ponder: false,
            move_overhead_ms: 10,
            show_wdl: false,
            limit_strength: false,
            elo: ELO.default,
            seed: SEED.default,
            eval_net: true,
            game: GameSettings::default(),
        }
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

/// A spin option's bounds.
struct Spin {
    name: &'static str,
    default: i64,
    min: i64,
    max: i64,
}

const HASH: Spin = Spin {
    name: "Hash",
    default: 16,
    min: 1,
    max: HASH_MAX_MB,
};
const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: 1024,
};
const MULTI_PV: Spin = Spin {
    name: "MultiPV",
    default: 1,
    min: 1,
    max: 256,
};
const MOVE_OVERHEAD: Spin = Spin {
    name: "Move Overhead",
    default: 10,
    min: 0,
    max: 5000,
};
const ODDS_CONTEMPT: Spin = Spin {
    name: "OddsContempt",
    default: 0,
    min: 0,
    max: 1000,
};

const ELO: Spin = Spin {
    name: "UCI_Elo",
    default: 1500,
    min: MIN_ELO as i64,
    max: MAX_ELO as i64,
};
const SEED: Spin = Spin {
    name: "Seed",
    default: 0,
    min: 0,
    max: i32::MAX as i64,
};

impl Spin {
    fn option(&self) -> UciOption {
        UciOption {
            name: self.name,
            kind: OptionType::Spin {
                default: self.default,
                min: self.min,
                max: self.max,
            },
        }
    }

    /// Reads and clamps a value; the note says what was clamped.
    fn read(&self, value: Option<&str>) -> Result<(i64, Option<String>), OptionError> {
        let text = value.ok_or(OptionError::MissingValue(self.name))?;
        let n = parse_number("value", text.trim()).map_err(|_| OptionError::BadValue {
            name: self.name,
            value: text.to_string(),
            expected: format!("a whole number from {} to {}", self.min, self.max),
        })?;
        let clamped = n.clamp(self.min, self.max);
        let note = (clamped != n).then(|| {
            format!(
                "{} {} is out of range {}..{}; clamped to {clamped}",
                self.name,
                shorten(text.trim()),
                self.min,
                self.max
            )
        });
        Ok((clamped, note))
    }
}

fn read_check(name: &'static str, value: Option<&str>) -> Result<bool, OptionError> {
    let text = value.ok_or(OptionError::MissingValue(name))?;
    match text.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::BadValue {
            name,
            value: text.to_string(),
            expected: "true or false".to_string(),
        }),
    }
}

fn read_combo<T: Named>(name: &'static str, value: Option<&str>) -> Result<T, OptionError> {
    let text = value.ok_or(OptionError::MissingValue(name))?;
    T::parse_name(text).map_err(|e| OptionError::BadValue {
        name,
        value: text.to_string(),
        expected: format!("one of {}", e.known.join(", ")),
    })
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
        vec![
            HASH.option(),
            THREADS.option(),
            MULTI_PV.option(),
            UciOption {
                name: "Ponder",
                kind: OptionType::Check(false),
            },
            MOVE_OVERHEAD.option(),
            UciOption {
                name: "Clear Hash",
                kind: OptionType::Button,
            },
            UciOption {
                name: "UCI_Chess960",
                kind: OptionType::Check(false),
            },
            UciOption {
                name: "UCI_ShowWDL",
                kind: OptionType::Check(false),
            },
            UciOption {
                name: "UCI_LimitStrength",
                kind: OptionType::Check(false),
            },
            ELO.option(),
            SEED.option(),
            UciOption {
                name: "EvalNet",
                kind: OptionType::Check(true),
            },
            UciOption {
                name: "Rules",
                kind: OptionType::Combo {
                    default: RuleSet::default().name(),
                    vars: RuleSet::names(),
                },
            },
            UciOption {
                name: "Odds",
                kind: OptionType::Combo {
                    default: Odds::default().name(),
                    vars: Odds::names(),
                },
            },
            UciOption {
                name: "DrawOdds",
                kind: OptionType::Check(false),
            },
            UciOption {
                name: "OddsGiver",
                kind: OptionType::Combo {
                    default: OddsGiver::default().name(),
                    vars: OddsGiver::names(),
                },
            },
            UciOption {
                name: "MateCondition",
                kind: OptionType::String("none"),
            },
            ODDS_CONTEMPT.option(),
            UciOption {
                name: "Validation",
                kind: OptionType::Combo {
                    default: Validation::default().name(),
                    vars: Validation::names(),
                },
            },
        ]
    }

    /// Sets an option by name (any case). Returns what the server must do and a note
    /// when the value was clamped.
    pub fn set(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<(Effect, Option<String>), OptionError> {
        let key = name.trim().to_ascii_lowercase();
        match key.as_str() {
            "hash" => {
                let (n, note) = HASH.read(value)?;
                self.hash_mb = n;
                Ok((Effect::ResizeHash, note))
            }
            "threads" => {
                let (n, note) = THREADS.read(value)?;
                self.threads = n;
                Ok((Effect::Threads, note))
            }
            "multipv" => {
                let (n, note) = MULTI_PV.read(value)?;
                self.multi_pv = n;
                Ok((Effect::Nothing, note))
            }
            "move overhead" => {
                let (n, note) = MOVE_OVERHEAD.read(value)?;
                self.move_overhead_ms = n;
                Ok((Effect::Nothing, note))
            }
            "ponder" => {
                self.ponder = read_check("Ponder", value)?;
                Ok((Effect::Nothing, None))
            }
            "clear hash" => Ok((Effect::ClearHash, None)),
            "uci_showwdl" => {
                self.show_wdl = read_check("UCI_ShowWDL", value)?;
                Ok((Effect::Nothing, None))
            }
            "uci_limitstrength" => {
                self.limit_strength = read_check("UCI_LimitStrength", value)?;
                Ok((Effect::Nothing, None))
            }
            "uci_elo" => {
                let (n, note) = ELO.read(value)?;
                self.elo = n;
                Ok((Effect::Nothing, note))
            }
            "seed" => {
                let (n, note) = SEED.read(value)?;
                self.seed = n;
                Ok((Effect::Nothing, note))
            }
            "evalnet" => {
                self.eval_net = read_check("EvalNet", value)?;
                Ok((Effect::Nothing, None))
            }
            "uci_chess960" => {
                self.game.spec.chess960 = read_check("UCI_Chess960", value)?;
                Ok((Effect::Recheck, None))
            }
            "drawodds" => {
                self.game.spec.draw_odds = read_check("DrawOdds", value)?;
                Ok((Effect::OddsTerms, None))
            }
            "oddsgiver" => {
                self.game.spec.giver = read_combo("OddsGiver", value)?;
                Ok((Effect::OddsTerms, None))
            }
            "matecondition" => {
                // An empty string value arrives as no value at all.
                let text = value.unwrap_or("none");
                self.game.spec.mate_condition =
                    text.parse().map_err(|_| OptionError::BadValue {
                        name: "MateCondition",
                        value: text.to_string(),
                        expected: "none, pawn:<square> (Am. IV 6), man:<square> (Staunton odds I) or square:<square> (Am. IV 7)".to_string(),
                    })?;
                Ok((Effect::OddsTerms, None))
            }
            "oddscontempt" => {
                let (n, note) = ODDS_CONTEMPT.read(value)?;
                self.game.spec.contempt = n as i32;
                Ok((Effect::OddsTerms, note))
            }
            "rules" => {
                self.game.spec.rule_set = read_combo("Rules", value)?;
                Ok((Effect::Recheck, None))
            }
            "odds" => {
                self.game.spec.odds = read_combo("Odds", value)?;
                Ok((Effect::Recheck, None))
            }
            "validation" => {
                self.game.validation = read_combo("Validation", value)?;
                Ok((Effect::Recheck, None))
            }
            _ => Err(OptionError::Unknown(name.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::search::{MateCondition, OddsTerms};
    use engine::Color;

    #[test]
    fn absurd_hash_is_clamped_with_a_note() {
        let mut o = Options::default();
        let (effect, note) = o.set("hash", Some("1000000000")).unwrap();
        assert_eq!(effect, Effect::ResizeHash);
        assert_eq!(o.hash_mb, HASH_MAX_MB);
        assert!(note.unwrap().contains("clamped"));
        assert!(o.set("Hash", Some("lots")).is_err());
    }

    #[test]
    fn combos_and_checks_are_read_in_any_case() {
        let mut o = Options::default();
        o.set("RULES", Some("FIDE")).unwrap();
        assert_eq!(o.game.spec.rule_set, RuleSet::Fide);
        o.set("odds", Some("Rook-And-Knight")).unwrap();
        assert_eq!(o.game.spec.odds, Odds::RookAndKnight);
        o.set("uci_chess960", Some("TRUE")).unwrap();
        assert!(o.game.spec.chess960);
        assert!(o.set("Odds", Some("castle")).is_err());
        assert!(o.set("Nonsense", Some("1")).is_err());
    }

    #[test]
    fn odds_options_make_the_searchers_terms() {
        let mut o = Options::default();
        assert_eq!(o.game.terms(), OddsTerms::default());
        o.set("Odds", Some("knight")).unwrap();
        assert_eq!(o.game.terms().giver, Some(Color::White));
        o.set("OddsGiver", Some("Black")).unwrap();
        o.set("MateCondition", Some("pawn:f7")).unwrap();
        o.set("OddsContempt", Some("80")).unwrap();
        let t = o.game.terms();
        assert_eq!(t.giver, Some(Color::Black));
        assert_eq!(t.mate_condition, MateCondition::Pawn(engine::Square::F7));
        assert_eq!(t.contempt, 80);
        o.set("OddsGiver", Some("none")).unwrap();
        assert_eq!(o.game.terms().giver, None);
        let err = o.set("MateCondition", Some("pawn:z9")).unwrap_err();
        assert!(err.to_string().contains("Am. IV 6"), "{err}");
        assert_eq!(
            o.game.spec.mate_condition,
            MateCondition::Pawn(engine::Square::F7)
        );
        o.set("MateCondition", None).unwrap();
        assert_eq!(o.game.spec.mate_condition, MateCondition::None);
        assert!(o.set("OddsGiver", Some("grey")).is_err());
    }

    #[test]
    fn eval_net_is_on_until_turned_off() {
        let mut o = Options::default();
        assert!(o.eval_net);
        let listed = Options::list()
            .into_iter()
            .find(|opt| opt.name == "EvalNet");
        assert!(matches!(
            listed.map(|opt| opt.kind),
            Some(OptionType::Check(true))
        ));
        assert_eq!(o.set("evalnet", Some("false")).unwrap().0, Effect::Nothing);
        assert!(!o.eval_net);
        assert!(o.set("EvalNet", Some("maybe")).is_err());
        o.set("EvalNet", Some("true")).unwrap();
        assert!(o.eval_net);
    }

    #[test]
    fn strength_options_make_the_searchers_strength() {
        let mut o = Options::default();
        assert_eq!(o.strength(), None, "full strength unless limited");
        o.set("UCI_Elo", Some("1400")).unwrap();
        o.set("Seed", Some("9")).unwrap();
        assert_eq!(o.strength(), None);
        o.set("uci_limitstrength", Some("true")).unwrap();
        assert_eq!(o.strength(), Some(Strength { elo: 1400, seed: 9 }));
        let (_, note) = o.set("UCI_Elo", Some("800")).unwrap();
        assert!(note.unwrap().contains("clamped"));
        assert_eq!(o.strength().unwrap().elo, MIN_ELO);
        assert!(o.set("Seed", Some("-1")).unwrap().1.is_some());
        assert!(o.set("UCI_LimitStrength", Some("maybe")).is_err());
    }

    #[test]
    fn every_listed_option_can_be_set() {
        for opt in Options::list() {
            let value = match &opt.kind {
                OptionType::Check(d) => Some(d.to_string()),
                OptionType::Spin { default, .. } => Some(default.to_string()),
                OptionType::Combo { default, .. } => Some((*default).to_string()),
                OptionType::Button => None,
                OptionType::String(d) => Some((*d).to_string()),
            };
            let mut o = Options::default();
            assert!(o.set(opt.name, value.as_deref()).is_ok(), "{}", opt.name);
        }
    }
}
