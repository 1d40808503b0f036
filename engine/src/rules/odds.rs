//! The odds catalogue: which men the giver removes and how the first turn is played.
//!
//! Odds are pure data producing a [`Setup`]; the move generator never sees them, only
//! the position's first-turn fields (several moves, none beyond the fourth rank).
//! Men given follow Am. IV 3: a Pawn is the King's Bishop's Pawn, a Knight the Queen's
//! Knight, a Bishop the Queen's Bishop, a Rook the Queen's Rook.

use std::fmt;
use std::str::FromStr;

use crate::setup::{CastleSide, Setup};
use crate::types::{Color, Square};
use crate::Rules;

/// A start at odds, from the catalogue of the period's common odds (CODE.md §4).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum Odds {
    /// No odds: the standard game.
    #[default]
    None,
    /// White gives the King's Bishop's Pawn (f2) and moves first (Am. IV 2, 3).
    Pawn,
    /// Black gives the f7 Pawn; White, the receiver, moves first.
    PawnAndMove,
    /// Black gives the f7 Pawn; White makes two moves in his first turn (Am. IV 4).
    PawnAndTwoMoves,
    /// White gives the Queen's Knight (b1).
    Knight,
    /// White gives the Queen's Bishop (c1).
    Bishop,
    /// White gives the Queen's Rook (a1).
    Rook,
    /// White gives the Queen's Rook and Knight (a1, b1).
    RookAndKnight,
    /// Black gives the Queen's Rook (a8) and the f7 Pawn; White moves first.
    RookPawnAndMove,
    /// White gives both Rooks (a1, h1).
    TwoRooks,
    /// White gives the Queen (d1).
    Queen,
    /// No man given; White makes two moves in his first turn (Am. IV 4).
    TwoMoves,
    /// No man given; White makes three moves in his first turn (Am. IV 4).
    ThreeMoves,
}

impl Odds {
    /// The whole catalogue, `none` first.
    pub const ALL: [Odds; 13] = [
        Odds::None,
        Odds::Pawn,
        Odds::PawnAndMove,
        Odds::PawnAndTwoMoves,
        Odds::Knight,
        Odds::Bishop,
        Odds::Rook,
        Odds::RookAndKnight,
        Odds::RookPawnAndMove,
        Odds::TwoRooks,
        Odds::Queen,
        Odds::TwoMoves,
        Odds::ThreeMoves,
    ];

    /// The name used in options and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Odds::None => "none",
            Odds::Pawn => "pawn",
            Odds::PawnAndMove => "pawn-and-move",
            Odds::PawnAndTwoMoves => "pawn-and-two-moves",
            Odds::Knight => "knight",
            Odds::Bishop => "bishop",
            Odds::Rook => "rook",
            Odds::RookAndKnight => "rook-and-knight",
            Odds::RookPawnAndMove => "rook-pawn-and-move",
            Odds::TwoRooks => "two-rooks",
            Odds::Queen => "queen",
            Odds::TwoMoves => "two-moves",
            Odds::ThreeMoves => "three-moves",
        }
    }

    /// The side that gives the odds, if any.
    pub const fn giver(self) -> Option<Color> {
        match self {
            Odds::None => None,
            Odds::PawnAndMove
            | Odds::PawnAndTwoMoves
            | Odds::RookPawnAndMove
            | Odds::TwoMoves
            | Odds::ThreeMoves => Some(Color::Black),
            _ => Some(Color::White),
        }
    }

    /// The squares whose men the giver removes before the game.
    pub const fn removed(self) -> &'static [Square] {
        match self {
            Odds::None | Odds::TwoMoves | Odds::ThreeMoves => &[],
            Odds::Pawn => &[Square::F2],
            Odds::PawnAndMove | Odds::PawnAndTwoMoves => &[Square::F7],
            Odds::Knight => &[Square::B1],
            Odds::Bishop => &[Square::C1],
            Odds::Rook => &[Square::A1],
            Odds::RookAndKnight => &[Square::A1, Square::B1],
            Odds::RookPawnAndMove => &[Square::A8, Square::F7],
            Odds::TwoRooks => &[Square::A1, Square::H1],
            Odds::Queen => &[Square::D1],
        }
    }

    /// How many moves White makes in the first turn (Am. IV 4).
    pub const fn first_turn_moves(self) -> u8 {
        match self {
            Odds::PawnAndTwoMoves | Odds::TwoMoves => 2,
            Odds::ThreeMoves => 3,
            _ => 1,
        }
    }

    /// The start position under `rules`. Castling letters stay for a removed Rook where
    /// the rules allow castling without Rook (CODE.md §3); elsewhere they are dropped.
    ///
    /// ```
    /// use engine::{Odds, Rules, RuleSet, fen::CastlingNotation};
    /// let s = Odds::Rook.setup(&Rules::new(RuleSet::American1897));
    /// assert_eq!(s.to_fen(CastlingNotation::Standard), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1");
    /// let s = Odds::Rook.setup(&Rules::new(RuleSet::Fide));
    /// assert_eq!(s.castling_fen(CastlingNotation::Standard), "Kkq");
    /// ```
    pub fn setup(self, rules: &Rules) -> Setup {
        let mut setup = Setup::standard();
        for sq in self.removed() {
            setup.board[*sq as usize] = None;
        }
        if !rules.allows_castling_without_rook() {
            for color in Color::ALL {
                for side in CastleSide::ALL {
                    let rook_sq = Square::new(
                        side.standard_rook_file(),
                        crate::Rank::First.relative_to(color),
                    );
                    if setup.piece_on(rook_sq).is_none() {
                        setup.castling.get_mut(color).set(side, None);
                    }
                }
            }
        }
        setup.turn_moves = self.first_turn_moves();
        setup
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown odds name; the message lists the catalogue.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct UnknownOdds(pub String);

impl fmt::Display for UnknownOdds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Odds::ALL.iter().map(|o| o.name()).collect();
        write!(f, "unknown odds '{}' (known: {})", self.0, known.join(", "))
    }
}

impl std::error::Error for UnknownOdds {}

impl FromStr for Odds {
    type Err = UnknownOdds;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Odds::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownOdds(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;

    #[test]
    fn names_round_trip_and_unknown_lists_catalogue() {
        for o in Odds::ALL {
            assert_eq!(o.name().parse::<Odds>(), Ok(o));
        }
        let err = "castle".parse::<Odds>().unwrap_err().to_string();
        assert!(
            err.contains("rook-and-knight") && err.contains("three-moves"),
            "{err}"
        );
    }

    #[test]
    fn giver_lacks_exactly_the_removed_men() {
        let rules = Rules::new(RuleSet::American1897);
        for o in Odds::ALL {
            let s = o.setup(&rules);
            let men = s.board.iter().flatten().count();
            assert_eq!(men, 32 - o.removed().len(), "{o}");
            for sq in o.removed() {
                assert!(s.piece_on(*sq).is_none());
                assert_eq!(
                    Some(if sq.rank() as u8 <= 1 {
                        Color::White
                    } else {
                        Color::Black
                    }),
                    o.giver()
                );
            }
        }
    }

    #[test]
    fn two_rooks_keeps_both_rookless_rights_under_the_code_only() {
        let s = Odds::TwoRooks.setup(&Rules::new(RuleSet::American1897));
        assert!(s.castling.white.king_side.is_some() && s.castling.white.queen_side.is_some());
        let s = Odds::TwoRooks.setup(&Rules::new(RuleSet::Fide));
        assert!(s.castling.white.is_empty());
        assert!(!s.castling.black.is_empty());
    }
}
