//! [`GameSpec`]: the one value that says which game is played — the rule set, Chess960,
//! the odds and who gives them, the giver's conditional mate, draw odds, and the giver's
//! odds contempt. The UCI options, `play`, `check`, `perft` and the web board each embed
//! one; none rebuilds it from loose fields.

use std::fmt;

use super::odds::{MateCondition, Odds, OddsGiver, OddsTerms};
use super::{RuleSet, Rules};
use crate::setup::Setup;
use crate::types::Color;

/// Which game is played.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct GameSpec {
    /// The body of law in force.
    pub rule_set: RuleSet,
    /// Chess960 castling (switched on explicitly only; no castling without Rook).
    pub chess960: bool,
    /// The odds start.
    pub odds: Odds,
    /// Who gives the odds: by default the giver of [`GameSpec::odds`].
    pub giver: OddsGiver,
    /// The giver's conditional mate (Am. IV 6–8).
    pub mate_condition: MateCondition,
    /// Drawn games count as won by the receiver (Br. VI 1; Staunton I).
    pub draw_odds: bool,
    /// Odds contempt in centipawns (0: off): a playing setting of the giver, not a term
    /// of the game.
    pub contempt: i32,
}

impl GameSpec {
    /// The standard game under `rule_set`, nobody giving odds.
    pub fn new(rule_set: RuleSet) -> GameSpec {
        GameSpec {
            rule_set,
            ..GameSpec::default()
        }
    }

    /// The engine's rule switches.
    pub const fn rules(&self) -> Rules {
        Rules::new(self.rule_set).with_chess960(self.chess960)
    }

    /// The side giving the odds, if any.
    pub const fn giver(&self) -> Option<Color> {
        self.giver.giver(self.odds)
    }

    /// The side giving the odds in a game starting at `start`: the one named, or, with
    /// `auto`, the side the start shows without the odds' men
    /// ([`super::start::giver_in`]; the preset's giver when neither side lacks them).
    pub fn giver_at(&self, start: &Setup) -> Option<Color> {
        match self.giver {
            OddsGiver::Auto => super::start::giver_in(start, self.odds),
            _ => self.giver(),
        }
    }

    /// The odds terms of a game starting at `start` ([`GameSpec::giver_at`]).
    pub fn terms_at(&self, start: &Setup) -> OddsTerms {
        OddsTerms {
            giver: self.giver_at(start),
            ..self.terms()
        }
    }

    /// The odds terms the game is played under (what the search scores).
    pub const fn terms(&self) -> OddsTerms {
        OddsTerms {
            giver: self.giver(),
            draw_odds: self.draw_odds,
            mate_condition: self.mate_condition,
            contempt: self.contempt,
        }
    }

    /// The start array: the standard one with the men the odds remove taken off.
    pub fn start(&self) -> Setup {
        self.odds.setup(&self.rules())
    }
}

impl fmt::Display for GameSpec {
    /// `american-1897, odds rook, chess960, draw odds …`: the rule set, then only what
    /// differs from the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rule_set)?;
        if self.odds != Odds::None {
            write!(f, ", odds {}", self.odds)?;
        }
        if self.giver != OddsGiver::Auto {
            write!(f, ", giver {}", self.giver)?;
        }
        if self.chess960 {
            f.write_str(", chess960")?;
        }
        if self.mate_condition != MateCondition::None {
            write!(f, ", mate condition {}", self.mate_condition)?;
        }
        if self.draw_odds {
            f.write_str(", draw odds")?;
        }
        if self.contempt != 0 {
            write!(f, ", odds contempt {}", self.contempt)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    #[test]
    fn the_giver_follows_the_odds_unless_named() {
        let mut spec = GameSpec {
            odds: Odds::PawnAndMove,
            ..GameSpec::default()
        };
        assert_eq!(spec.giver(), Some(Color::Black));
        spec.giver = OddsGiver::White;
        assert_eq!(spec.terms().giver, Some(Color::White));
        spec.giver = OddsGiver::Nobody;
        assert!(!spec.terms().draws_lose());
    }

    #[test]
    fn display_names_only_what_differs() {
        assert_eq!(GameSpec::default().to_string(), "american-1897");
        let spec = GameSpec {
            rule_set: RuleSet::British1894,
            odds: Odds::Rook,
            mate_condition: MateCondition::Square(Square::E8),
            draw_odds: true,
            ..GameSpec::default()
        };
        assert_eq!(
            spec.to_string(),
            "british-1894, odds rook, mate condition square:e8, draw odds"
        );
    }
}
