//! The PGN tags that say which game was played, both ways: [`spec_tags`] writes them
//! from a [`GameSpec`], [`spec_from_tags`] reads them back.
//!
//! `Rules` (always written: `american-1897`, `british-1894`, `staunton-1910`, `fide`),
//! and with odds `Odds` (`rook`, `pawn-and-two-moves`, …), `OddsGiver` (`White`,
//! `Black`), `DrawOdds` (`yes`) and `MateCondition` (`pawn:e2`, `square:e8`). A `Variant`
//! tag naming Chess960 switches Chess960 on; the standard start and a `FEN` are the
//! caller's business.

use std::fmt;

use crate::named::UnknownName;
use crate::rules::odds::{MateCondition, MateConditionParseError, Odds, OddsGiver};
use crate::rules::spec::GameSpec;
use crate::rules::RuleSet;

/// The tags that say which game `spec` is: `Rules`, and with odds `Odds`, `OddsGiver`,
/// `DrawOdds`, `MateCondition`.
pub fn spec_tags(spec: &GameSpec) -> Vec<(&'static str, String)> {
    let mut tags = vec![("Rules", spec.rule_set.name().to_string())];
    if spec.odds != Odds::None {
        tags.push(("Odds", spec.odds.name().to_string()));
    }
    if let Some(giver) = spec.giver() {
        tags.push(("OddsGiver", giver.to_string()));
        if spec.draw_odds {
            tags.push(("DrawOdds", "yes".to_string()));
        }
        if spec.mate_condition != MateCondition::None {
            tags.push(("MateCondition", spec.mate_condition.to_string()));
        }
    }
    tags
}

/// A tag whose value does not say a game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum TagError {
    /// `Rules`, `Odds` or `OddsGiver` names no known value.
    Unknown(UnknownName),
    /// `MateCondition` is not `none`, `pawn:<square>` or `square:<square>`.
    MateCondition(MateConditionParseError),
    /// `DrawOdds` is not yes or no.
    DrawOdds(String),
    /// `Variant` names a game other than standard chess or Chess960.
    Variant(String),
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagError::Unknown(e) => write!(f, "{e}"),
            TagError::MateCondition(e) => write!(f, "{e}"),
            TagError::DrawOdds(v) => write!(f, "DrawOdds '{v}' is neither yes nor no"),
            TagError::Variant(v) => {
                write!(f, "Variant '{v}' is neither standard chess nor Chess960")
            }
        }
    }
}

impl std::error::Error for TagError {}

/// The game the tags say; a game without a `Rules` tag is played under `default`.
///
/// ```
/// use engine::pgn::{spec_from_tags, spec_tags};
/// use engine::{GameSpec, Odds, RuleSet};
/// let spec = GameSpec { odds: Odds::Rook, draw_odds: true, ..GameSpec::new(RuleSet::Staunton1910) };
/// let tags: Vec<(String, String)> = spec_tags(&spec).into_iter().map(|(n, v)| (n.to_string(), v)).collect();
/// let read = spec_from_tags(&tags, RuleSet::American1897).unwrap();
/// assert_eq!((read.rule_set, read.odds, read.terms()), (spec.rule_set, spec.odds, spec.terms()));
/// ```
pub fn spec_from_tags(tags: &[(String, String)], default: RuleSet) -> Result<GameSpec, TagError> {
    let mut spec = GameSpec::new(default);
    for (name, value) in tags {
        match name.as_str() {
            "Rules" => spec.rule_set = value.parse().map_err(TagError::Unknown)?,
            "Odds" => spec.odds = value.parse().map_err(TagError::Unknown)?,
            "OddsGiver" => spec.giver = value.parse::<OddsGiver>().map_err(TagError::Unknown)?,
            "DrawOdds" => {
                spec.draw_odds = match value.trim().to_ascii_lowercase().as_str() {
                    "yes" | "true" | "1" => true,
                    "no" | "false" | "0" | "" => false,
                    _ => return Err(TagError::DrawOdds(value.clone())),
                }
            }
            "MateCondition" => {
                spec.mate_condition = value.parse().map_err(TagError::MateCondition)?;
            }
            "Variant" => {
                let v = value.trim().to_ascii_lowercase().replace([' ', '-'], "");
                spec.chess960 = match v.as_str() {
                    "" | "standard" => false,
                    "chess960" | "fischerandom" | "fischerrandom" => true,
                    _ => return Err(TagError::Variant(value.clone())),
                };
            }
            _ => {}
        }
    }
    // A giver named as the odds name him is the odds' own giver.
    if spec.odds != Odds::None && spec.giver.giver(spec.odds) == spec.odds.giver() {
        spec.giver = OddsGiver::Auto;
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    fn owned(tags: &[(&str, &str)]) -> Vec<(String, String)> {
        tags.iter()
            .map(|(n, v)| ((*n).to_string(), (*v).to_string()))
            .collect()
    }

    #[test]
    fn every_spec_round_trips_through_its_tags() {
        for set in RuleSet::ALL {
            for odds in Odds::ALL {
                for (draw_odds, mate_condition) in [
                    (false, MateCondition::None),
                    (true, MateCondition::Square(Square::E8)),
                    (false, MateCondition::Pawn(Square::E2)),
                ] {
                    let spec = GameSpec {
                        odds,
                        mate_condition,
                        draw_odds,
                        ..GameSpec::new(set)
                    };
                    let tags: Vec<(String, String)> = spec_tags(&spec)
                        .into_iter()
                        .map(|(n, v)| (n.to_string(), v))
                        .collect();
                    let read = spec_from_tags(&tags, RuleSet::Fide).unwrap();
                    assert_eq!(read.rule_set, set);
                    assert_eq!(read.odds, odds);
                    // Without a giver no term applies, and none is written.
                    assert_eq!(read.giver(), spec.giver(), "{spec}");
                    if spec.giver().is_some() {
                        assert_eq!(read.terms(), spec.terms(), "{spec}");
                    }
                }
            }
        }
    }

    #[test]
    fn missing_rules_take_the_default_and_bad_values_are_named() {
        let spec = spec_from_tags(&owned(&[("Event", "x")]), RuleSet::British1894).unwrap();
        assert_eq!(spec, GameSpec::new(RuleSet::British1894));
        let err = spec_from_tags(&owned(&[("Rules", "fide-2023")]), RuleSet::Fide).unwrap_err();
        assert!(
            err.to_string().starts_with("unknown rule set 'fide-2023'"),
            "{err}"
        );
        let err = spec_from_tags(&owned(&[("DrawOdds", "maybe")]), RuleSet::Fide).unwrap_err();
        assert_eq!(err, TagError::DrawOdds("maybe".into()));
        let err = spec_from_tags(&owned(&[("Variant", "Atomic")]), RuleSet::Fide).unwrap_err();
        assert_eq!(err, TagError::Variant("Atomic".into()));
        let spec = spec_from_tags(&owned(&[("Variant", "Chess960")]), RuleSet::Fide).unwrap();
        assert!(spec.chess960);
    }
}
