//! Whether Morphy takes a draw, by claim or by accepting an offer (and, under the
//! British draft, whether it calls to mate, which leads to a draw unless it is mated): a
//! playing decision of
//! `morphy play`. What
//! an ending means under the rule set in force, with its law, is the engine's
//! ([`engine::rules::outcome`], [`engine::rules::draws`]); nothing is cited here.

use engine::search::{OddsTerms, Score};
use engine::{Color, Odds, PieceKind, Setup};

/// How much worse than the odds themselves the giver's position must be before he
/// takes a draw, in centipawns.
const GIVERS_MARGIN: i32 = 150;

/// The material the odds take from the giver, in centipawns (a Pawn 100, a minor piece
/// 300, a Rook 500, a Queen 900): the deficit he agreed to play with.
pub fn odds_handicap(odds: Odds) -> i32 {
    let standard = Setup::standard();
    odds.removed()
        .iter()
        .filter_map(|sq| standard.piece_on(*sq))
        .map(|p| match p.kind {
            PieceKind::Pawn => 100,
            PieceKind::Knight | PieceKind::Bishop => 300,
            PieceKind::Rook => 500,
            PieceKind::Queen => 900,
            PieceKind::King => 0,
        })
        .sum()
}

/// Whether Morphy, playing `morphy`, takes a draw (claims one it may claim, or accepts
/// an offer), given its search score. It takes one when the draw favours it under the
/// odds terms, or when it is not winning (its score is no better than what a draw is
/// worth to it); it never takes a draw that the odds terms make its own loss. As the
/// giver it measures its score against the `handicap` it agreed to ([`odds_handicap`]):
/// a Knight down in a game at knight odds is the game it chose, and Morphy, like the
/// odds-givers of old, plays on until it stands clearly worse than that.
pub fn morphy_takes_draw(
    terms: OddsTerms,
    morphy: Color,
    score: Option<Score>,
    handicap: i32,
) -> bool {
    if let Some(giver) = terms.giver {
        if terms.draws_lose() {
            return giver != morphy;
        }
    }
    let draw_value = match terms.giver {
        Some(giver) if giver == morphy => -terms.contempt - handicap - GIVERS_MARGIN,
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
        assert!(morphy_takes_draw(
            plain,
            Color::White,
            Some(Score::Cp(0)),
            0
        ));
        assert!(morphy_takes_draw(
            plain,
            Color::White,
            Some(Score::Cp(-80)),
            0
        ));
        assert!(!morphy_takes_draw(
            plain,
            Color::White,
            Some(Score::Cp(30)),
            0
        ));
        assert!(morphy_takes_draw(
            plain,
            Color::White,
            Some(Score::Mate(-3)),
            0
        ));
        assert!(!morphy_takes_draw(
            plain,
            Color::White,
            Some(Score::Mate(2)),
            0
        ));
        // Under draw odds a draw is the giver's loss: he plays on; the receiver claims.
        let odds = giver_white(MateCondition::None, true);
        assert!(!morphy_takes_draw(
            odds,
            Color::White,
            Some(Score::Cp(-500)),
            0
        ));
        assert!(morphy_takes_draw(
            odds,
            Color::Black,
            Some(Score::Cp(900)),
            0
        ));
        // Odds contempt: the giver claims only when clearly worse.
        let contempt = OddsTerms {
            giver: Some(Color::White),
            contempt: 50,
            ..OddsTerms::default()
        };
        assert!(!morphy_takes_draw(
            contempt,
            Color::White,
            Some(Score::Cp(-20)),
            0
        ));
        assert!(!morphy_takes_draw(
            contempt,
            Color::White,
            Some(Score::Cp(-60)),
            0
        ));
        assert!(morphy_takes_draw(
            contempt,
            Color::White,
            Some(Score::Cp(-250)),
            0
        ));
        // A Knight down at knight odds is the game the giver chose: he plays on, and
        // takes a draw only when clearly worse than that.
        let knight = OddsTerms {
            giver: Some(Color::White),
            ..OddsTerms::default()
        };
        let handicap = odds_handicap(Odds::Knight);
        assert_eq!(handicap, 300);
        assert!(!morphy_takes_draw(
            knight,
            Color::White,
            Some(Score::Cp(-299)),
            handicap
        ));
        assert!(morphy_takes_draw(
            knight,
            Color::White,
            Some(Score::Cp(-500)),
            handicap
        ));
        // The receiver of the odds takes a draw when he is not winning.
        assert!(morphy_takes_draw(
            knight,
            Color::Black,
            Some(Score::Cp(-10)),
            handicap
        ));
        assert_eq!(odds_handicap(Odds::RookPawnAndMove), 600);
        assert_eq!(odds_handicap(Odds::TwoMoves), 0);
    }
}
