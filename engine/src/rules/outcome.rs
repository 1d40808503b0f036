//! How a game ends and what the rule set in force makes of it: the result, the reason in
//! words and the law (docs/RULES.md §4–5). Pure functions over positions and odds terms; the
//! game (or a front end) decides *when* a game ends, this file decides *what the ending
//! means*.
//!
//! The citations, per rule set:
//! - `american-1897`: checkmate "Am. I 15 (a)", stalemate "Am. I 15 (b), II 8 (e)",
//!   resignation "Am. II 9"; a conditional mate "Am. IV 6, 8" (with a marked Pawn) or
//!   "Am. IV 7, 8" (on a square).
//! - `fide`: checkmate "FIDE 5.1.1", stalemate "FIDE 5.2.1", resignation "FIDE 5.1.2";
//!   the odds terms, unknown to FIDE, are cited from the American Code.
//! - `british-1894`: checkmate "Br. II 10" ("If the King cannot avoid the attack in any
//!   way, he is "checkmated" or "mated," and the game is completed."), stalemate
//!   "Br. III 4 (2)" ("The King of the side having the move is said to be Stalemated, and
//!   the game is drawn."), resignation "Br. IV 16" ("If a player ... voluntarily resigns
//!   ... he shall be deemed to have lost the game"); draw odds "Br. VI 1"; a conditional
//!   mate "Br. VI 4, 7" (the Pawn "must not be converted into a Piece"; "The player who
//!   undertakes to win in a particular manner, and either draws the game or wins in some
//!   other manner, must be adjudged to be the loser") or "Br. VI 6, 7" (on a square).
//! - a draw by agreement: "Am. II 8 (a)" ("A game in which checkmate has not legally
//!   occurred may, by agreement between the players, be treated as drawn."), "FIDE 5.2.3",
//!   "Staunton, Drawn Games (a)"; the British draft, as we have it, states no such law.
//! - a game that cannot be won: "Am. I 15 (c)", "Br. II 9 (3)", "FIDE 5.2.2", "Staunton,
//!   The Umpire; Am. I 15 (c)" ([`super::draws::ruling::dead_position_law`]); like every draw,
//!   the giver's loss under draw odds or a conditional mate.
//! - `staunton-1910`: the Code numbers no laws and states none on mate, so a mate cites
//!   "Staunton Code, no article"; stalemate "Staunton, Drawn Games (e)" ("When a
//!   stale-mate occurs."), resignation "Staunton, Abandoning the Game" ("by momentarily
//!   resigning the game ... the game must be scored against him"), and the odds terms
//!   (draw odds, a conditional mate) "Staunton odds I".

use super::draws::ruling::Ruling;
use super::draws::DrawClaim;
use super::odds::{MarkLost, MarkedManLaws, MateCondition, OddsTerms};
use super::RuleSet;
use crate::position::Position;
use crate::types::{Color, Square};

/// How a game stopped.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Ending {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The side to move claimed a draw the rule set allows.
    Claimed(DrawClaim),
    /// A game that cannot be won, whatever legal moves are made: drawn at once under every
    /// rule set (Am. I 15 (c), Br. II 9 (3), FIDE 5.2.2; Staunton by its Umpire's law),
    /// and so, under draw odds, the receiver's win.
    DeadPosition,
    /// A player resigned.
    Resigned(Color),
    /// The players agreed to a draw (one offered, the other accepted).
    Agreed,
    /// The giver's marked man was captured, or the marked Pawn promoted: the mate he
    /// undertook can no longer be given, so he forfeits (Am. IV 8).
    ConditionLost(MarkLost),
    /// This side's time ran out on its clock.
    TimeForfeit(Color),
    /// Left off (`quit`, end of input): no result.
    Unfinished,
}

/// The result of a game under the rule set in force, with its reason.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Verdict {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The reason in words, ending with the law in brackets.
    pub reason: String,
}

/// The laws of the endings under one rule set.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct EndingLaws {
    /// A checkmate wins.
    pub checkmate: &'static str,
    /// A stalemate is a draw.
    pub stalemate: &'static str,
    /// A resignation loses.
    pub resignation: &'static str,
    /// A draw by agreement.
    pub agreement: &'static str,
    /// The time limit: a player whose time runs out forfeits.
    pub time_limit: &'static str,
    /// The conditional mate with a marked Pawn needs that Pawn on its square at the start.
    pub marked_pawn: &'static str,
    /// Draw odds: a drawn game counts as won by the receiver.
    pub draw_odds: &'static str,
    /// A mate with the marked Pawn, and the forfeit of any other ending.
    pub mate_with_pawn: &'static str,
    /// A mate with the mated King on a square, and the forfeit of any other ending.
    pub mate_on_square: &'static str,
    /// A mate with another particular man, and the forfeit of any other ending.
    pub mate_with_man: &'static str,
    /// A draw is the conditional mater's loss.
    pub conditional_draw: &'static str,
}

/// The laws of the endings under `set`.
pub const fn ending_laws(set: RuleSet) -> EndingLaws {
    match set {
        RuleSet::American1897 => EndingLaws {
            checkmate: "Am. I 15 (a)",
            stalemate: "Am. I 15 (b), II 8 (e)",
            resignation: "Am. II 9",
            agreement: "Am. II 8 (a)",
            time_limit: "Am. II 10",
            marked_pawn: "Am. IV 6",
            draw_odds: "Br. VI 1; Staunton I",
            mate_with_pawn: "Am. IV 6, 8",
            mate_on_square: "Am. IV 7, 8",
            mate_with_man: "Am. IV 8",
            conditional_draw: "Am. IV 8",
        },
        RuleSet::Fide => EndingLaws {
            checkmate: "FIDE 5.1.1",
            stalemate: "FIDE 5.2.1",
            resignation: "FIDE 5.1.2",
            agreement: "FIDE 5.2.3",
            time_limit: "FIDE 6.9",
            marked_pawn: "Am. IV 6",
            draw_odds: "Br. VI 1; Staunton I",
            mate_with_pawn: "Am. IV 6, 8",
            mate_on_square: "Am. IV 7, 8",
            mate_with_man: "Am. IV 8",
            conditional_draw: "Am. IV 8",
        },
        RuleSet::British1894 => EndingLaws {
            checkmate: "Br. II 10",
            stalemate: "Br. III 4 (2)",
            resignation: "Br. IV 16",
            agreement: "British draft, no article",
            time_limit: "Br. IV 18",
            marked_pawn: "Br. VI 4",
            draw_odds: "Br. VI 1",
            mate_with_pawn: "Br. VI 4, 7",
            mate_on_square: "Br. VI 6, 7",
            mate_with_man: "Br. VI 1, 7",
            conditional_draw: "Br. VI 7",
        },
        RuleSet::Staunton1910 => EndingLaws {
            checkmate: "Staunton Code, no article",
            stalemate: "Staunton, Drawn Games (e)",
            resignation: "Staunton, Abandoning the Game",
            agreement: "Staunton, Drawn Games (a)",
            time_limit: "Staunton, Time Limit",
            marked_pawn: "Staunton odds I",
            draw_odds: "Staunton odds I",
            mate_with_pawn: "Staunton odds I",
            mate_on_square: "Staunton odds I",
            mate_with_man: "Staunton odds I",
            conditional_draw: "Staunton odds I",
        },
    }
}

/// The laws of the marked man under `set`.
pub const fn marked_man_laws(set: RuleSet) -> MarkedManLaws {
    let laws = ending_laws(set);
    MarkedManLaws {
        pawn: laws.marked_pawn,
        man: laws.mate_with_man,
        forfeit: laws.conditional_draw,
    }
}

const fn win_for(color: Color) -> &'static str {
    match color {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

/// Whether the giver's conditional mate is fulfilled by the mate on the board of `pos`
/// (the mated side to move); `marked` is where the marked Pawn stands.
pub fn condition_fulfilled(
    condition: MateCondition,
    pos: &Position,
    marked: Option<Square>,
) -> bool {
    condition.fulfilled(pos, marked)
}

/// The result of a game that ended so in `pos` (the position at the end), under the odds
/// `terms`; `marked` is where the giver's marked Pawn stands, if there is one.
///
/// ```
/// use engine::rules::outcome::{verdict, Ending};
/// use engine::{OddsTerms, Position, Rules, RuleSet, Setup};
/// let fen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
/// let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::new(RuleSet::Fide)).unwrap();
/// let v = verdict(Ending::Checkmate, &pos, OddsTerms::default(), None);
/// assert_eq!((v.result, v.reason.as_str()), ("1-0", "Black is checkmated (FIDE 5.1.1)"));
/// ```
pub fn verdict(
    ending: Ending,
    pos: &Position,
    terms: OddsTerms,
    marked: Option<Square>,
) -> Verdict {
    let laws = ending_laws(pos.rules().set);
    let to_move = pos.turn();
    let draw = |why: String, law: &str| -> Verdict {
        match terms.giver {
            Some(giver) if terms.draws_lose() => {
                let (term, odds_law) = if terms.mate_condition == MateCondition::None {
                    (
                        "draw odds: a drawn game counts as won by the receiver",
                        laws.draw_odds,
                    )
                } else {
                    ("he undertook a conditional mate, and neither mated so nor was mated, so he forfeits", laws.conditional_draw)
                };
                Verdict {
                    result: win_for(!giver),
                    reason: format!(
                        "{why} ({law}); by the odds terms the draw is a loss for {giver}, the giver ({term}; {odds_law})"
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
            let conditional = terms.giver == Some(mater)
                && terms.mate_condition != MateCondition::None
                && !condition_fulfilled(terms.mate_condition, pos, marked);
            if conditional {
                let (undertaking, law) = match terms.mate_condition {
                    MateCondition::Pawn(sq) => (
                        format!("with the Pawn that started on {sq}"),
                        laws.mate_with_pawn,
                    ),
                    MateCondition::Square(sq) => {
                        (format!("with the mated King on {sq}"), laws.mate_on_square)
                    }
                    MateCondition::Man(sq) => (
                        format!("with the man that started on {sq}"),
                        laws.mate_with_man,
                    ),
                    MateCondition::None => (String::new(), ""),
                };
                return Verdict {
                    result: win_for(mated),
                    reason: format!(
                        "{mated} is checkmated, but {mater} undertook to mate {undertaking}: {mater} forfeits the game ({law})"
                    ),
                };
            }
            Verdict {
                result: win_for(mater),
                reason: format!("{} is checkmated ({})", mated, laws.checkmate),
            }
        }
        Ending::Stalemate => draw(format!("{to_move} is stalemated"), laws.stalemate),
        Ending::Claimed(claim) => {
            let Ruling { words, law } = claim.ruling(pos);
            draw(format!("{to_move} claims a draw: {words}"), law)
        }
        Ending::DeadPosition => {
            let Ruling { words, law } = DrawClaim::DeadPosition.ruling(pos);
            draw(words, law)
        }
        Ending::Agreed => draw("the players agree to a draw".to_string(), laws.agreement),
        Ending::Resigned(by) => Verdict {
            result: win_for(!by),
            reason: format!("{} resigns ({})", by, laws.resignation),
        },
        Ending::ConditionLost(how) => {
            let giver = terms.giver.unwrap_or(to_move);
            let (man, law) = match terms.mate_condition {
                MateCondition::Pawn(sq) => (
                    format!("the Pawn that started on {sq}"),
                    laws.mate_with_pawn,
                ),
                MateCondition::Man(sq) => {
                    (format!("the man that started on {sq}"), laws.mate_with_man)
                }
                _ => ("the marked man".to_string(), laws.conditional_draw),
            };
            let fate = match how {
                MarkLost::Captured(sq) => format!("was captured on {sq}"),
                MarkLost::Promoted(sq) => format!(
                    "promoted on {sq}, and the piece it became is not that Pawn ({})",
                    laws.marked_pawn
                ),
            };
            Verdict {
                result: win_for(!giver),
                reason: format!(
                    "{giver} undertook to mate with {man}, which {fate}: {giver} can no longer mate so, and can only forfeit or be mated, so {giver} forfeits the game ({law})"
                ),
            }
        }
        Ending::TimeForfeit(by) => {
            // FIDE 6.9: a draw when the opponent cannot mate at all (here: a lone King).
            let lone = pos.colors(!by) == pos.pieces_of(!by, crate::types::PieceKind::King);
            if pos.rules().set == RuleSet::Fide && lone {
                draw(
                    format!("{by}'s time ran out, but {} has only the King", !by),
                    laws.time_limit,
                )
            } else {
                Verdict {
                    result: win_for(!by),
                    reason: format!(
                        "{by}'s time ran out: {by} forfeits the game ({})",
                        laws.time_limit
                    ),
                }
            }
        }
        Ending::Unfinished => Verdict {
            result: "*",
            reason: "the game was left unfinished".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::setup::Setup;

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

    fn pos_under(fen: &str, set: RuleSet) -> Position {
        Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::new(set)).unwrap()
    }

    #[test]
    fn each_rule_set_cites_its_own_law_for_the_endings() {
        let mate = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
        let stale = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
        for (set, checkmate, stalemate, resigns) in [
            (
                RuleSet::American1897,
                "Am. I 15 (a)",
                "Am. I 15 (b), II 8 (e)",
                "Am. II 9",
            ),
            (RuleSet::Fide, "FIDE 5.1.1", "FIDE 5.2.1", "FIDE 5.1.2"),
            (
                RuleSet::British1894,
                "Br. II 10",
                "Br. III 4 (2)",
                "Br. IV 16",
            ),
            (
                RuleSet::Staunton1910,
                "Staunton Code, no article",
                "Staunton, Drawn Games (e)",
                "Staunton, Abandoning the Game",
            ),
        ] {
            let none = OddsTerms::default();
            let v = verdict(Ending::Checkmate, &pos_under(mate, set), none, None);
            assert_eq!(v.reason, format!("Black is checkmated ({checkmate})"));
            let v = verdict(Ending::Stalemate, &pos_under(stale, set), none, None);
            assert_eq!(v.reason, format!("Black is stalemated ({stalemate})"));
            let v = verdict(
                Ending::Resigned(Color::White),
                &pos_under(stale, set),
                none,
                None,
            );
            assert_eq!(v.reason, format!("White resigns ({resigns})"));
        }
    }

    #[test]
    fn each_rule_set_cites_its_own_law_for_the_draw_claims() {
        let p = |set| pos_under("7k/8/6K1/8/8/8/8/8 b - - 0 1", set);
        for (set, repetition, fifty, checks) in [
            (
                RuleSet::American1897,
                "Am. II 8 (c), I 16",
                "Am. II 8 (b)",
                "Am. II 8 (d)",
            ),
            (RuleSet::Fide, "FIDE 9.2", "FIDE 9.3", "FIDE 9.2"),
            (
                RuleSet::British1894,
                "Br. IV 11",
                "Br. IV 12",
                "Br. III 4 (1), IV 11",
            ),
            (
                RuleSet::Staunton1910,
                "Staunton, Drawn Games (c)",
                "Staunton, Drawn Games (b)",
                "Staunton, Drawn Games (d)",
            ),
        ] {
            let v = verdict(
                Ending::Claimed(DrawClaim::EndlessChecks),
                &p(set),
                OddsTerms::default(),
                None,
            );
            assert!(
                v.reason
                    .ends_with(&format!("endless series of checks ({checks})")),
                "{}",
                v.reason
            );
            let v = verdict(
                Ending::Claimed(DrawClaim::Repetition),
                &p(set),
                OddsTerms::default(),
                None,
            );
            assert!(
                v.reason.ends_with(&format!("({repetition})")),
                "{}",
                v.reason
            );
            let v = verdict(
                Ending::Claimed(DrawClaim::FiftyMoves),
                &p(set),
                OddsTerms::default(),
                None,
            );
            assert!(v.reason.ends_with(&format!("({fifty})")), "{}", v.reason);
        }
        let v = verdict(
            Ending::DeadPosition,
            &p(RuleSet::Fide),
            OddsTerms::default(),
            None,
        );
        assert_eq!(
            v.reason,
            "neither side can possibly mate: a dead position (FIDE 5.2.2)"
        );
        assert_eq!(
            crate::rules::draws::no_claim(&p(RuleSet::British1894)).law,
            "Br. IV 11, 12"
        );
    }

    #[test]
    fn the_odds_terms_cite_the_rule_set_in_force() {
        let stale = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
        let br = verdict(
            Ending::Stalemate,
            &pos_under(stale, RuleSet::British1894),
            giver_white(MateCondition::None, true),
            None,
        );
        assert!(
            br.reason
                .ends_with("(draw odds: a drawn game counts as won by the receiver; Br. VI 1)"),
            "{}",
            br.reason
        );
        let mate = pos_under("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", RuleSet::Staunton1910);
        let v = verdict(
            Ending::Checkmate,
            &mate,
            giver_white(MateCondition::Square(Square::E8), false),
            None,
        );
        assert!(v.reason.ends_with("(Staunton odds I)"), "{}", v.reason);
    }
}
