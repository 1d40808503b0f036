//! Whether Morphy takes a draw, by claim or by accepting an offer (and, under the
//! British draft, whether it calls to mate, which leads to a draw unless it is mated): a
//! playing decision of
//! `morphy play`. What
//! an ending means under the rule set in force, with its law, is the engine's
//! ([`engine::rules::outcome`], [`engine::rules::draws`]); nothing is cited here.

use engine::search::{OddsTerms, Score};
use engine::Color;

/// Whether Morphy, playing `morphy`, takes a draw (claims one it may claim, or accepts
/// an offer), given its search score. It claims when the draw favours it under the odds terms, or when it is
/// not winning (its score is no better than what a draw is worth to it); it never claims
/// a draw that the odds terms make its own loss.
pub fn morphy_takes_draw(terms: OddsTerms, morphy: Color, score: Option<Score>) -> bool {
    if let Some(giver) = terms.giver {
        if terms.draws_lose() {
            return giver != morphy;
        }
    }
    let draw_value = match terms.giver {
        Some(giver) if giver == morphy => -terms.contempt,
        Some(_) => terms.contempt,
        None => 0,
    };
    match score {
        None => true,
        Some(Score::Cp(cp)) => cp <= draw_value,
        Some(Score::Mate(n)) => n < 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::MateCondition;

    fn giver_white(condition: MateCondition, draw_odds: bool) -> OddsTerms {
        OddsTerms {
            giver: Some(Color::White),
            draw_odds,
            mate_condition: condition,
            contempt: 0,
        }
    }

    #[test]
    fn when_morphy_takes_draw() {
        let plain = OddsTerms::default();
        assert!(morphy_takes_draw(plain, Color::White, Some(Score::Cp(0))));
        assert!(morphy_takes_draw(plain, Color::White, Some(Score::Cp(-80))));
        assert!(!morphy_takes_draw(plain, Color::White, Some(Score::Cp(30))));
        assert!(morphy_takes_draw(
            plain,
            Color::White,
            Some(Score::Mate(-3))
        ));
        assert!(!morphy_takes_draw(
            plain,
            Color::White,
            Some(Score::Mate(2))
        ));
        // Under draw odds a draw is the giver's loss: he plays on; the receiver claims.
        let odds = giver_white(MateCondition::None, true);
        assert!(!morphy_takes_draw(
            odds,
            Color::White,
            Some(Score::Cp(-500))
        ));
        assert!(morphy_takes_draw(odds, Color::Black, Some(Score::Cp(900))));
        // Odds contempt: the giver claims only when clearly worse.
        let contempt = OddsTerms {
            giver: Some(Color::White),
            contempt: 50,
            ..OddsTerms::default()
        };
        assert!(!morphy_takes_draw(
            contempt,
            Color::White,
            Some(Score::Cp(-20))
        ));
        assert!(morphy_takes_draw(
            contempt,
            Color::White,
            Some(Score::Cp(-60))
        ));
    }
}
