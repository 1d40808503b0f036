//! How a game of `morphy play` ends, and what the Code makes of it: the result, the
//! reason in words and the law (CODE.md §4–5). Also the draws the side to move may claim,
//! in words, and whether Morphy claims one.
//!
//! Pure functions over positions and odds terms; the game loop decides *when* a game
//! ends, this file decides *what the ending means*. Nothing is printed here.

use engine::game::DrawClaim;
use engine::search::{MateCondition, OddsTerms, Score};
use engine::{Color, FiftyMoveRule, Position, RepetitionRule, RuleSet, Square};

/// How a game stopped.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Ending {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The side to move claimed a draw the rule set allows.
    Claimed(DrawClaim),
    /// A dead position (`fide` only): drawn at once.
    DeadPosition,
    /// A player resigned.
    Resigned(Color),
    /// Left off (`quit`, end of input): no result.
    Unfinished,
}

/// The result of a game under the Code, with its reason.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Verdict {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The reason in words, ending with the law in brackets.
    pub reason: String,
}

/// "White" or "Black".
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

const fn win_for(color: Color) -> &'static str {
    match color {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

fn is_fide(pos: &Position) -> bool {
    pos.rules().set == RuleSet::Fide
}

/// A draw the side to move of `pos` may claim, in words, and its law.
pub fn claim_reason(claim: DrawClaim, pos: &Position) -> (String, &'static str) {
    let side = color_name(pos.turn());
    let rules = pos.rules();
    match claim {
        // RULE(repetition): the law and the reading of "the same position".
        DrawClaim::Repetition => match rules.repetition {
            RepetitionRule::SameMenThirdTime => (
                format!(
                    "the same men stand on the same squares with {side} to move for the third time"
                ),
                "Am. II 8 (c), I 16",
            ),
            RepetitionRule::SamePositionAndRightsThirdTime => (
                "the same position with the same rights has occurred three times".to_string(),
                "FIDE 9.2",
            ),
            RepetitionRule::ThreeInSuccession => (
                "the same line of play has been repeated three times in succession".to_string(),
                "Br. IV 12",
            ),
        },
        // RULE(fifty_moves): what resets the count.
        DrawClaim::FiftyMoves => match rules.fifty_moves {
            FiftyMoveRule::WithoutCapture => (
                "fifty moves on each side without a capture".to_string(),
                "Am. II 8 (b)",
            ),
            FiftyMoveRule::WithoutCaptureOrPawnMove => (
                "fifty moves on each side without a capture or a Pawn move".to_string(),
                "FIDE 9.3",
            ),
            FiftyMoveRule::CallToMate => (
                "the weaker side's call to mate within fifty moves has run out".to_string(),
                "Br. IV 11",
            ),
        },
        DrawClaim::DeadPosition => (
            "neither side can possibly mate: a dead position".to_string(),
            "FIDE 5.2.2",
        ),
    }
}

/// Whether the giver's conditional mate is fulfilled by the mate on the board of `pos`
/// (the mated side to move); `marked` is where the marked Pawn stands.
pub fn condition_fulfilled(
    condition: MateCondition,
    pos: &Position,
    marked: Option<Square>,
) -> bool {
    match condition {
        MateCondition::None => true,
        MateCondition::Square(sq) => pos.king(pos.turn()) == sq,
        MateCondition::Pawn(_) => marked.is_some_and(|m| pos.checkers().has(m)),
    }
}

/// The result of a game that ended so in `pos` (the position at the end), under the odds
/// `terms`; `marked` is where the giver's marked Pawn stands, if there is one.
pub fn verdict(
    ending: Ending,
    pos: &Position,
    terms: OddsTerms,
    marked: Option<Square>,
) -> Verdict {
    let fide = is_fide(pos);
    let to_move = pos.turn();
    let draw = |why: String, law: &str| -> Verdict {
        match terms.giver {
            Some(giver) if terms.draws_lose() => {
                let (term, odds_law) = if terms.mate_condition == MateCondition::None {
                    (
                        "draw odds: a drawn game counts as won by the receiver",
                        "Br. VI 1; Staunton I",
                    )
                } else {
                    ("he undertook a conditional mate, and neither mated so nor was mated, so he forfeits", "Am. IV 8")
                };
                Verdict {
                    result: win_for(!giver),
                    reason: format!(
                        "{why} ({law}); by the odds terms the draw is a loss for {}, the giver ({term}; {odds_law})",
                        color_name(giver)
                    ),
                }
            }
            _ => Verdict {
                result: "1/2-1/2",
                reason: format!("{why} ({law})"),
            },
        }
    };
    match ending {
        Ending::Checkmate => {
            let mated = to_move;
            let mater = !mated;
            let law = if fide { "FIDE 5.1.1" } else { "Am. I 15 (a)" };
            let conditional = terms.giver == Some(mater)
                && terms.mate_condition != MateCondition::None
                && !condition_fulfilled(terms.mate_condition, pos, marked);
            if conditional {
                let (undertaking, law) = match terms.mate_condition {
                    MateCondition::Pawn(sq) => {
                        (format!("with the Pawn that started on {sq}"), "Am. IV 6, 8")
                    }
                    MateCondition::Square(sq) => {
                        (format!("with the mated King on {sq}"), "Am. IV 7, 8")
                    }
                    MateCondition::None => (String::new(), ""),
                };
                return Verdict {
                    result: win_for(mated),
                    reason: format!(
                        "{} is checkmated, but {} undertook to mate {undertaking}: {} forfeits the game ({law})",
                        color_name(mated),
                        color_name(mater),
                        color_name(mater)
                    ),
                };
            }
            Verdict {
                result: win_for(mater),
                reason: format!("{} is checkmated ({law})", color_name(mated)),
            }
        }
        Ending::Stalemate => draw(
            format!("{} is stalemated", color_name(to_move)),
            if fide {
                "FIDE 5.2.1"
            } else {
                "Am. I 15 (b), II 8 (e)"
            },
        ),
        Ending::Claimed(claim) => {
            let (why, law) = claim_reason(claim, pos);
            draw(format!("{} claims a draw: {why}", color_name(to_move)), law)
        }
        Ending::DeadPosition => {
            let (why, law) = claim_reason(DrawClaim::DeadPosition, pos);
            draw(why, law)
        }
        Ending::Resigned(by) => Verdict {
            result: win_for(!by),
            reason: format!(
                "{} resigns ({})",
                color_name(by),
                if fide { "FIDE 5.1.2" } else { "Am. II 9" }
            ),
        },
        Ending::Unfinished => Verdict {
            result: "*",
            reason: "the game was left unfinished".to_string(),
        },
    }
}

/// Whether Morphy, playing `morphy` and to move, claims a draw it may claim, given its
/// search score. It claims when the draw favours it under the odds terms, or when it is
/// not winning (its score is no better than what a draw is worth to it); it never claims
/// a draw that the odds terms make its own loss.
pub fn morphy_claims(terms: OddsTerms, morphy: Color, score: Option<Score>) -> bool {
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
    use engine::{Rules, Setup};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap()
    }

    /// Black's King mated on g8 by a Queen on g7 that the King on g6 guards.
    const MATED_ON_G8: &str = "6k1/6Q1/6K1/8/8/8/8/8 b - - 0 1";

    fn giver_white(condition: MateCondition, draw_odds: bool) -> OddsTerms {
        OddsTerms {
            giver: Some(Color::White),
            draw_odds,
            mate_condition: condition,
            contempt: 0,
        }
    }

    #[test]
    fn a_plain_mate_wins() {
        let v = verdict(
            Ending::Checkmate,
            &pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
            OddsTerms::default(),
            None,
        );
        assert_eq!(v.result, "1-0");
        assert_eq!(v.reason, "Black is checkmated (Am. I 15 (a))");
    }

    #[test]
    fn a_mate_off_the_square_forfeits_the_giver() {
        let p = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        let v = verdict(
            Ending::Checkmate,
            &p,
            giver_white(MateCondition::Square(Square::E8), false),
            None,
        );
        assert_eq!(v.result, "0-1");
        assert!(v.reason.contains("White forfeits") && v.reason.ends_with("(Am. IV 7, 8)"));
        let on = verdict(
            Ending::Checkmate,
            &pos(MATED_ON_G8),
            giver_white(MateCondition::Square(Square::G8), false),
            None,
        );
        assert_eq!(on.result, "1-0");
    }

    #[test]
    fn a_mate_without_the_marked_pawn_forfeits() {
        // The Pawn on g7 gives the mate (f7 Queen guards it): fulfilled with it marked.
        let p = pos("7k/5QP1/6K1/8/8/8/8/8 b - - 0 1");
        let terms = giver_white(MateCondition::Pawn(Square::G2), false);
        assert_eq!(
            verdict(Ending::Checkmate, &p, terms, Some(Square::G7)).result,
            "1-0"
        );
        let v = verdict(Ending::Checkmate, &p, terms, None);
        assert_eq!(v.result, "0-1");
        assert!(v.reason.ends_with("(Am. IV 6, 8)"), "{}", v.reason);
    }

    #[test]
    fn draws_under_the_odds_terms() {
        let stale = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        let plain = verdict(Ending::Stalemate, &stale, OddsTerms::default(), None);
        assert_eq!(plain.result, "1/2-1/2");
        assert_eq!(plain.reason, "Black is stalemated (Am. I 15 (b), II 8 (e))");
        let odds = verdict(
            Ending::Stalemate,
            &stale,
            giver_white(MateCondition::None, true),
            None,
        );
        assert_eq!(odds.result, "0-1");
        assert!(odds.reason.contains("Br. VI 1"), "{}", odds.reason);
        let cond = verdict(
            Ending::Claimed(DrawClaim::Repetition),
            &stale,
            giver_white(MateCondition::Square(Square::E8), false),
            None,
        );
        assert_eq!(cond.result, "0-1");
        assert!(cond.reason.contains("Am. II 8 (c), I 16") && cond.reason.contains("Am. IV 8"));
    }

    #[test]
    fn resignation() {
        let p = Position::startpos(Rules::default());
        let v = verdict(
            Ending::Resigned(Color::Black),
            &p,
            OddsTerms::default(),
            None,
        );
        assert_eq!(v.result, "1-0");
        assert_eq!(v.reason, "Black resigns (Am. II 9)");
    }

    #[test]
    fn when_morphy_claims() {
        let plain = OddsTerms::default();
        assert!(morphy_claims(plain, Color::White, Some(Score::Cp(0))));
        assert!(morphy_claims(plain, Color::White, Some(Score::Cp(-80))));
        assert!(!morphy_claims(plain, Color::White, Some(Score::Cp(30))));
        assert!(morphy_claims(plain, Color::White, Some(Score::Mate(-3))));
        assert!(!morphy_claims(plain, Color::White, Some(Score::Mate(2))));
        // Under draw odds a draw is the giver's loss: he plays on; the receiver claims.
        let odds = giver_white(MateCondition::None, true);
        assert!(!morphy_claims(odds, Color::White, Some(Score::Cp(-500))));
        assert!(morphy_claims(odds, Color::Black, Some(Score::Cp(900))));
        // Odds contempt: the giver claims only when clearly worse.
        let contempt = OddsTerms {
            giver: Some(Color::White),
            contempt: 50,
            ..OddsTerms::default()
        };
        assert!(!morphy_claims(contempt, Color::White, Some(Score::Cp(-20))));
        assert!(morphy_claims(contempt, Color::White, Some(Score::Cp(-60))));
    }
}
