//! The rules code: the names of rule sets, odds and validation modes as options and
//! command-line values, and the [`engine::Rules`] they stand for.
//!
//! Parsing each name is the engine's (`RuleSet`, `Odds`) or the validator's
//! (`Validation`) `FromStr`; this file only gathers them into the settings a game is
//! played under.

use engine::{Odds, RuleSet, Rules};

use crate::validate::Validation;

/// Everything that decides how a position is read and played: rule set, odds,
/// Chess960, draw odds and the validation mode.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct RulesCode {
    /// The body of law in force.
    pub set: RuleSet,
    /// The odds of the game.
    pub odds: Odds,
    /// Chess960 castling (switched on explicitly only).
    pub chess960: bool,
    /// Drawn games count as won for the odds receiver (Br. VI 1; Staunton I).
    pub draw_odds: bool,
    /// What to do with positions the Code finds wrong.
    pub validation: Validation,
}

impl RulesCode {
    /// The engine's rule switches.
    pub const fn rules(&self) -> Rules {
        Rules::new(self.set).with_chess960(self.chess960)
    }

    /// The rule-set names, default first (the `Rules` combo).
    pub fn rule_set_names() -> Vec<&'static str> {
        RuleSet::ALL.iter().map(|r| r.name()).collect()
    }

    /// The odds names, `none` first (the `Odds` combo).
    pub fn odds_names() -> Vec<&'static str> {
        Odds::ALL.iter().map(|o| o.name()).collect()
    }

    /// The validation modes, default first (the `Validation` combo).
    pub fn validation_names() -> Vec<&'static str> {
        Validation::ALL.iter().map(|v| v.name()).collect()
    }
}

impl std::fmt::Display for RulesCode {
    /// `american-1897, odds rook, chess960, draw odds`: only what differs from the default
    /// beyond the rule set.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.set)?;
        if self.odds != Odds::None {
            write!(f, ", odds {}", self.odds)?;
        }
        if self.chess960 {
            f.write_str(", chess960")?;
        }
        if self.draw_odds {
            f.write_str(", draw odds")?;
        }
        write!(f, ", validation {}", self.validation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_the_american_code_without_odds() {
        let code = RulesCode::default();
        assert_eq!(code.rules(), Rules::new(RuleSet::American1897));
        assert_eq!(RulesCode::rule_set_names()[0], "american-1897");
        assert_eq!(RulesCode::odds_names()[0], "none");
        assert_eq!(RulesCode::validation_names(), ["refuse", "flag", "off"]);
    }

    #[test]
    fn chess960_reaches_the_rules() {
        let code = RulesCode {
            chess960: true,
            ..RulesCode::default()
        };
        assert!(code.rules().chess960);
        assert!(!code.rules().allows_castling_without_rook());
    }
}
