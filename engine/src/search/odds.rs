//! The Code's odds terms as the search sees them (CODE.md §4): draw odds and conditional
//! mates. They change only how final positions (mate, stalemate, a claimable draw) are
//! scored, and forbid the marked Pawn to promote.
//!
//! Readings taken:
//! - **Draw odds** (Br. VI 1; Staunton I): every draw, claimable or stalemate, is a loss
//!   for the giver and a win for the receiver.
//! - **Mate with a marked Pawn** (Am. IV 6–8; Br. VI 4, 6, 7): the marked Pawn may not go
//!   beyond the seventh rank; the giver wins only by a mate in which the marked Pawn is
//!   one of the checking men.
//! - **Mate on a square**: the giver wins only by a mate with the mated King on the square.
//! - In a game with a conditional mate, an ordinary mate by the giver, or any draw, is a
//!   loss for the giver (he "forfeits"); being mated is of course a loss too.
//!
//! Besides the law, one playing setting: **odds contempt** (UCI `OddsContempt`). The
//! giver, down material by design, would otherwise welcome the exchanges and the draws
//! a strong receiver heads for. With a contempt of `c` centipawns the giver scores a
//! draw as `-c`, and his evaluation gains `c` scaled by the pieces left on the board
//! (the game phase), so every exchange of pieces costs him a share of it.

use std::fmt;
use std::str::FromStr;

use crate::eval::{evaluate, phase, MAX_PHASE};
use crate::position::Position;
use crate::types::{Color, Move, MoveKind, Square};

/// A conditional mate the odds-giver has undertaken (UCI option `MateCondition`).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum MateCondition {
    /// No condition: any mate wins.
    #[default]
    None,
    /// Mate with the Pawn that stood on this square at the start of the game; it may
    /// not promote. Written `pawn:e2`.
    Pawn(Square),
    /// Mate with the mated King on this square. Written `square:e8`.
    Square(Square),
}

/// A `MateCondition` text that is not `none`, `pawn:<square>` or `square:<square>`.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct MateConditionParseError(pub String);

impl fmt::Display for MateConditionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad mate condition '{}' (expected none, pawn:<square> or square:<square>)",
            self.0
        )
    }
}

impl std::error::Error for MateConditionParseError {}

impl FromStr for MateCondition {
    type Err = MateConditionParseError;

    /// ```
    /// use engine::search::MateCondition;
    /// use engine::Square;
    /// assert_eq!("pawn:e2".parse(), Ok(MateCondition::Pawn(Square::E2)));
    /// assert_eq!("square:e8".parse(), Ok(MateCondition::Square(Square::E8)));
    /// assert_eq!("none".parse(), Ok(MateCondition::None));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || MateConditionParseError(s.to_string());
        let t = s.trim().to_ascii_lowercase();
        if t.is_empty() || t == "none" {
            return Ok(MateCondition::None);
        }
        let (what, sq) = t.split_once(':').ok_or_else(err)?;
        let sq = Square::parse(sq.trim()).ok_or_else(err)?;
        match what.trim() {
            "pawn" => Ok(MateCondition::Pawn(sq)),
            "square" => Ok(MateCondition::Square(sq)),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for MateCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MateCondition::None => f.write_str("none"),
            MateCondition::Pawn(sq) => write!(f, "pawn:{sq}"),
            MateCondition::Square(sq) => write!(f, "square:{sq}"),
        }
    }
}

/// The odds terms agreed for a game (UCI options `OddsGiver`, `DrawOdds`, `MateCondition`).
/// Without a giver, none of them applies.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct OddsTerms {
    /// The side giving the odds.
    pub giver: Option<Color>,
    /// Draws count as losses for the giver.
    pub draw_odds: bool,
    /// The giver must mate in this way; any other result is his loss.
    pub mate_condition: MateCondition,
    /// Odds contempt in centipawns (0: off): the giver's dislike of draws and of
    /// exchanges. A playing setting, not a term of the game.
    pub contempt: i32,
}

impl OddsTerms {
    /// Whether a draw is a loss for the giver under these terms.
    pub fn draws_lose(&self) -> bool {
        self.giver.is_some() && (self.draw_odds || self.mate_condition != MateCondition::None)
    }
}

/// The score of a draw for the side to move: zero, or a loss for the giver under draw
/// odds. Lower than any evaluation, higher than any mate.
pub(crate) const DRAW_LOST: i32 = 20_000;

/// How a search scores the end of a game under the odds terms.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Terms {
    pub terms: OddsTerms,
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
        let score = evaluate(pos);
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

    /// The score for the side to move of `pos`, mated at `ply`. `marked` is where the
    /// marked Pawn stands, if it still does.
    #[inline]
    pub fn mated(self, pos: &Position, ply: usize, marked: Option<Square>) -> i32 {
        let loss = -super::MATE + ply as i32;
        let Some(giver) = self.terms.giver else {
            return loss;
        };
        let mated = pos.turn();
        if mated == giver {
            return loss;
        }
        let fulfilled = match self.terms.mate_condition {
            MateCondition::None => true,
            MateCondition::Square(sq) => pos.king(mated) == sq,
            MateCondition::Pawn(_) => marked.is_some_and(|m| pos.checkers().has(m)),
        };
        if fulfilled {
            loss
        } else {
            // The giver mated, but not as he undertook: he forfeits (Am. IV 6–8).
            -loss - 1
        }
    }
}

/// Whether `mv` would promote the giver's marked Pawn (standing on `marked`).
#[inline]
pub(crate) fn forbidden(marked: Option<Square>, mv: Move) -> bool {
    marked == Some(mv.from()) && mv.promotion().is_some()
}

/// Where the marked Pawn stands after `mv` is played in `pos` (`None` once it is taken).
#[inline]
pub(crate) fn marked_after(marked: Option<Square>, mv: Move) -> Option<Square> {
    let m = marked?;
    if mv.from() == m {
        return Some(mv.to());
    }
    let victim = match mv.kind() {
        MoveKind::EnPassant => Square::new(mv.to().file(), mv.from().rank()),
        MoveKind::Castle => return Some(m),
        _ => mv.to(),
    };
    (victim != m).then_some(m)
}

/// Where the giver's marked Pawn stands after the game's moves, following it from its
/// start square (`None` once it is taken, or without a marked-Pawn condition).
pub fn marked_now(condition: MateCondition, game: &crate::Game) -> Option<Square> {
    let MateCondition::Pawn(start) = condition else {
        return None;
    };
    let mut marked = Some(start);
    for mv in game.moves() {
        marked = marked_after(marked, *mv);
    }
    marked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Rules, Setup};

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
        };
        assert_eq!(phase(&white), 22);
        assert_eq!(terms(0).eval(&white), evaluate(&white));
        assert_eq!(terms(120).eval(&white), evaluate(&white) + 110);
        assert_eq!(terms(120).eval(&black), evaluate(&black) - 110);
    }
}
