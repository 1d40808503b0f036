//! How the search scores the Code's odds terms (docs/RULES.md §4): draw odds and conditional
//! mates change only how final positions (mate, stalemate, a claimable draw) are scored.
//! The terms themselves, and the law of the marked Pawn, are [`crate::rules::odds`]'s.
//!
//! Readings taken:
//! - **Draw odds** (Br. VI 1; Staunton I): every draw (claimable, stalemate, or a game
//!   that cannot be won, Am. I 15 (c)) is a loss for the giver and a win for the receiver.
//! - **Mate with a particular man** (Am. IV 6–8; Br. VI 4, 6, 7; Staunton odds I): the
//!   giver wins only by a mate in which the marked man is one of the checking men. A
//!   marked Pawn that promotes is that man no more (Am. IV 6), and a marked man taken is
//!   gone: from then on every position is scored as the giver's loss (he can only
//!   forfeit or be mated, Am. IV 8).
//! - **Mate on a square**: the giver wins only by a mate with the mated King on the square.
//! - In a game with a conditional mate, an ordinary mate by the giver, or any draw, is a
//!   loss for the giver (he "forfeits"); being mated is of course a loss too.
//!
//! Besides the law, one playing setting: **odds contempt** (UCI `OddsContempt`). The
//! giver, down material by design, would otherwise welcome the exchanges and the draws
//! a strong receiver heads for. With a contempt of `c` centipawns the giver scores a
//! draw as `-c`, and his evaluation gains `c` scaled by the pieces left on the board
//! (the game phase), so every exchange of pieces costs him a share of it.

use crate::eval::nnue::Network;
use crate::eval::{evaluate, phase, MAX_PHASE};
use crate::position::Position;
use crate::types::{Color, Square};

pub(crate) use crate::rules::odds::marked_after;
pub use crate::rules::odds::{marked_now, MateCondition, MateConditionParseError, OddsTerms};

/// The score of a draw for the side to move: zero, or a loss for the giver under draw
/// odds. Lower than any evaluation, higher than any mate.
pub(crate) const DRAW_LOST: i32 = 20_000;

/// How a search scores the end of a game under the odds terms, and which static
/// evaluation it uses between.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Terms {
    pub terms: OddsTerms,
    /// The learned evaluation, when it replaces the hand-crafted one (UCI `EvalNet`;
    /// used by the search threads, `Worker::static_eval`).
    pub net: Option<&'static Network>,
}

impl Terms {
    /// The score of a draw for `side`.
    #[inline]
    pub fn draw(self, side: Color) -> i32 {
        let Some(giver) = self.terms.giver else {
            return 0;
        };
        let for_giver = if self.terms.draws_lose() {
            -DRAW_LOST
        } else {
            -self.terms.contempt
        };
        if side == giver {
            for_giver
        } else {
            -for_giver
        }
    }

    /// The static evaluation of `pos` for the side to move, with the giver's odds
    /// contempt: `contempt × phase / MAX_PHASE` in his favour, so that trading pieces
    /// lowers his score.
    #[inline]
    pub fn eval(self, pos: &Position) -> i32 {
        self.with_contempt(pos, evaluate(pos))
    }

    /// `score`, a static evaluation of `pos` for the side to move, with the giver's odds
    /// contempt added.
    #[inline]
    pub fn with_contempt(self, pos: &Position, score: i32) -> i32 {
        match self.terms.giver {
            Some(giver) if self.terms.contempt != 0 => {
                let keep = self.terms.contempt * phase(pos) / MAX_PHASE;
                if pos.turn() == giver {
                    score + keep
                } else {
                    score - keep
                }
            }
            _ => score,
        }
    }

    /// The score of `side` once the giver's marked man is lost: he can only forfeit or
    /// be mated (Am. IV 8), a loss as sure as a draw under draw odds.
    #[inline]
    pub fn forfeit(self, side: Color) -> i32 {
        if self.terms.giver == Some(side) {
            -DRAW_LOST
        } else {
            DRAW_LOST
        }
    }

    /// The score for the side to move of `pos`, mated at `ply`. `marked` is where the
    /// marked Pawn stands, if it still does.
    #[inline]
    pub fn mated(self, pos: &Position, ply: usize, marked: Option<Square>) -> i32 {
        let loss = -super::score::MATE + ply as i32;
        let Some(giver) = self.terms.giver else {
            return loss;
        };
        let mated = pos.turn();
        if mated == giver {
            return loss;
        }
        if self.terms.mate_condition.fulfilled(pos, marked) {
            loss
        } else {
            // The giver mated, but not as he undertook: he forfeits (Am. IV 6–8).
            -loss - 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::setup::Setup;

    #[test]
    fn odds_contempt_pays_the_giver_for_the_pieces_left() {
        // Rook odds: White lacks the a1 Rook, so the phase is 22 of 24.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1";
        let setup = Setup::from_fen(fen, false).unwrap();
        let white = Position::from_setup(&setup, Rules::default()).unwrap();
        let mut black = white.clone();
        assert!(black.play_null());
        let terms = |contempt| Terms {
            terms: OddsTerms {
                giver: Some(Color::White),
                contempt,
                ..OddsTerms::default()
            },
            net: None,
        };
        assert_eq!(phase(&white), 22);
        assert_eq!(terms(0).eval(&white), evaluate(&white));
        assert_eq!(terms(120).eval(&white), evaluate(&white) + 110);
        assert_eq!(terms(120).eval(&black), evaluate(&black) - 110);
    }
}
