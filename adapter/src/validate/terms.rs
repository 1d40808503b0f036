//! The odds terms of the game checked against the game played: a mate condition that
//! names no man of the giver's (or binds nobody) is refused, draw odds nobody gives are
//! a warning, and a marked man already lost is said with its law. What each means is the
//! engine's ([`MateCondition::check_start`], [`engine::rules::outcome::verdict`]); this
//! file only maps the rulings to findings.

use engine::rules::odds::mark_history;
use engine::rules::outcome::{ending_laws, marked_man_laws, verdict, Ending};
use engine::{Game, GameSpec, MateCondition, OddsTerms};

use super::finding::{Finding, FindingKind};

/// The terms to play the game under, with the findings on them.
pub fn terms(spec: &GameSpec, game: &Game, out: &mut Vec<Finding>) -> OddsTerms {
    let mut terms = spec.terms_at(&game.start().to_setup());
    let laws = marked_man_laws(spec.rule_set);
    if let Err(ruling) = spec
        .mate_condition
        .check_start(game.start(), terms.giver, laws)
    {
        out.push(Finding::new(
            FindingKind::MateConditionRefused,
            ruling.law,
            Vec::new(),
            ruling.words,
        ));
        terms.mate_condition = MateCondition::None;
        return terms;
    }
    if spec.draw_odds && terms.giver.is_none() {
        out.push(Finding::new(
            FindingKind::DrawOddsWithoutGiver,
            ending_laws(spec.rule_set).draw_odds,
            Vec::new(),
            "DrawOdds is set, but nobody gives odds in this game (OddsGiver none, or no odds and no giver named): draws count as draws".to_string(),
        ));
    }
    if let Err(how) = mark_history(terms.mate_condition, game) {
        if terms.giver.is_some() {
            let v = verdict(Ending::ConditionLost(how), game.current(), terms, None);
            out.push(Finding::new(
                FindingKind::ConditionLost,
                "",
                Vec::new(),
                format!("result {}: {}", v.result, v.reason),
            ));
        }
    }
    terms
}
