//! `GameSettings`: the game played ([`engine::GameSpec`]) and how positions are checked
//! against the Code ([`Validation`]), as the UCI options and the command line set them.
//!
//! Parsing and listing each name is the engine's (`RuleSet`, `Odds`, `OddsGiver`) or the
//! validator's (`Validation`) through [`engine::Named`]; this file only pairs the game
//! with the validation mode.

use engine::{GameSpec, Odds, OddsTerms, Rules};

use crate::validate::Validation;

/// Everything that decides how a position is read and played: the game (rule set,
/// Chess960, odds, giver, mate condition, draw odds, contempt) and the validation mode.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct GameSettings {
    /// The game played.
    pub spec: GameSpec,
    /// What to do with positions the Code finds wrong.
    pub validation: Validation,
}

impl GameSettings {
    /// The engine's rule switches.
    pub const fn rules(&self) -> Rules {
        self.spec.rules()
    }

    /// The odds start.
    pub const fn odds(&self) -> Odds {
        self.spec.odds
    }

    /// The odds terms the searcher plays under.
    pub const fn terms(&self) -> OddsTerms {
        self.spec.terms()
    }
}

impl std::fmt::Display for GameSettings {
    /// `american-1897, odds rook, chess960, draw odds, validation refuse`: the rule set,
    /// then only what differs from the default among the odds, Chess960 and draw odds,
    /// then the validation mode.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let spec = &self.spec;
        write!(f, "{}", spec.rule_set)?;
        if spec.odds != Odds::None {
            write!(f, ", odds {}", spec.odds)?;
        }
        if spec.chess960 {
            f.write_str(", chess960")?;
        }
        if spec.draw_odds {
            f.write_str(", draw odds")?;
        }
        write!(f, ", validation {}", self.validation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Named, RuleSet};

    #[test]
    fn default_is_the_american_code_without_odds() {
        let settings = GameSettings::default();
        assert_eq!(settings.rules(), Rules::new(RuleSet::American1897));
        assert_eq!(RuleSet::names()[0], "american-1897");
        assert_eq!(Odds::names()[0], "none");
        assert_eq!(Validation::names(), ["refuse", "flag", "off"]);
        assert_eq!(settings.to_string(), "american-1897, validation refuse");
    }

    #[test]
    fn chess960_reaches_the_rules() {
        let settings = GameSettings {
            spec: GameSpec {
                chess960: true,
                ..GameSpec::default()
            },
            ..GameSettings::default()
        };
        assert!(settings.rules().chess960);
        assert!(!settings.rules().allows_castling_without_rook());
    }
}
