//! Castling compiled into data: for each side and wing, the squares that must be empty,
//! the squares the King must cross unattacked, and the Rook that moves, if any.
//!
//! The rule sets differ here only: castling without Rook (Am. IV 5) is a path with no
//! Rook, whose Rook square must be empty. Built once when a position is set up, so the
//! move generator runs the same three mask tests for every rule set.

use crate::attacks::between;
use crate::setup::CastleSide;
use crate::types::{Bitboard, ByColor, Color, Rank, Square};

/// Everything needed to generate and play one castling.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct CastlePath {
    /// The King's square.
    pub king_from: Square,
    /// Where the King lands (g- or c-file).
    pub king_to: Square,
    /// The Rook that moves; `None` when castling without Rook (only the King moves).
    pub rook_from: Option<Square>,
    /// The square that belongs to the right: the Rook's square, present or not. Any man
    /// arriving there ends the right (docs/RULES.md §3).
    pub rook_square: Square,
    /// Where the Rook lands (f- or d-file).
    pub rook_to: Square,
    /// Squares that must hold no man (the King and the castling Rook themselves excepted).
    pub must_be_empty: Bitboard,
    /// Whether the King's landing square must be tested again once the Rook has moved:
    /// only in Chess960 can the castling Rook itself shield that square.
    pub recheck_king_to: bool,
    /// Squares no adverse man may command: the King's square, the squares it crosses and
    /// the one it lands on (Am. I 11 E(e)).
    pub must_be_safe: Bitboard,
}

impl CastlePath {
    /// The path of a castling by `color` on `side`, with the King on `king_from` and the
    /// right belonging to `rook_square`; `rook_present` is false for castling without Rook.
    /// Under `chess960` the King's landing square is tested again after the Rook moves.
    pub fn new(
        chess960: bool,
        color: Color,
        side: CastleSide,
        king_from: Square,
        rook_square: Square,
        rook_present: bool,
    ) -> CastlePath {
        let rank = Rank::First.relative_to(color);
        let king_to = Square::new(side.king_to_file(), rank);
        let rook_to = Square::new(side.rook_to_file(), rank);
        let king_walk = between(king_from, king_to) | king_to;
        if rook_present {
            let rook_walk = between(rook_square, rook_to) | rook_to;
            CastlePath {
                king_from,
                king_to,
                rook_from: Some(rook_square),
                rook_square,
                rook_to,
                must_be_empty: (king_walk | rook_walk) - king_from - rook_square,
                must_be_safe: king_walk | king_from,
                recheck_king_to: chess960,
            }
        } else {
            // RULE(castling_without_rook): Am. IV 5. The squares between the King and the
            // Rook's original square must be empty, and that square too.
            CastlePath {
                king_from,
                king_to,
                rook_from: None,
                rook_square,
                rook_to,
                must_be_empty: between(king_from, rook_square) | rook_square,
                must_be_safe: king_walk | king_from,
                recheck_king_to: false,
            }
        }
    }

    /// The squares whose occupation or vacating ends this right.
    #[inline]
    pub fn touch(&self) -> Bitboard {
        Bitboard::from(self.king_from) | self.rook_square
    }
}

/// The four castling paths of a position, by colour and side.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct CastlingPaths {
    paths: ByColor<[Option<CastlePath>; 2]>,
    /// Union of every path's [`CastlePath::touch`] squares: a move that touches none of
    /// them leaves the rights alone.
    touch: Bitboard,
}

/// The bit of one castling right in the rights mask.
#[inline]
pub const fn right_bit(color: Color, side: CastleSide) -> u8 {
    1 << (color as u8 * 2 + side as u8)
}

impl CastlingPaths {
    /// No castling at all.
    pub const NONE: CastlingPaths = CastlingPaths {
        paths: ByColor::new([None; 2], [None; 2]),
        touch: Bitboard::EMPTY,
    };

    /// Records a path.
    pub fn set(&mut self, color: Color, side: CastleSide, path: CastlePath) {
        self.paths[color][side as usize] = Some(path);
        self.touch |= path.touch();
    }

    /// The path of a right, if the position has one.
    #[inline]
    pub fn get(&self, color: Color, side: CastleSide) -> Option<&CastlePath> {
        self.paths[color][side as usize].as_ref()
    }

    /// The rights that survive a move between `from` and `to`.
    #[inline]
    pub fn rights_after(&self, rights: u8, from: Square, to: Square) -> u8 {
        let moved = Bitboard::from(from) | to;
        if (moved & self.touch).is_empty() {
            return rights;
        }
        let mut kept = rights;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(p) = &self.paths[color][side as usize] {
                    if (p.touch() & moved).is_nonempty() {
                        kept &= !right_bit(color, side);
                    }
                }
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rookless_queen_side_needs_b1_c1_d1_a1_empty_and_e1_d1_c1_safe() {
        let p = CastlePath::new(
            false,
            Color::White,
            CastleSide::Queen,
            Square::E1,
            Square::A1,
            false,
        );
        assert_eq!(p.king_to, Square::C1);
        assert_eq!(p.rook_from, None);
        let empty: Bitboard = [Square::A1, Square::B1, Square::C1, Square::D1]
            .into_iter()
            .collect();
        let safe: Bitboard = [Square::E1, Square::D1, Square::C1].into_iter().collect();
        assert_eq!(p.must_be_empty, empty);
        assert_eq!(p.must_be_safe, safe);
    }

    #[test]
    fn ordinary_king_side_path() {
        let p = CastlePath::new(
            false,
            Color::Black,
            CastleSide::King,
            Square::E8,
            Square::H8,
            true,
        );
        assert_eq!(p.must_be_empty, Bitboard::from(Square::F8) | Square::G8);
        assert_eq!(
            p.must_be_safe,
            Bitboard::from(Square::E8) | Square::F8 | Square::G8
        );
        assert_eq!(p.rook_to, Square::F8);
    }

    #[test]
    fn chess960_king_already_on_g1() {
        let p = CastlePath::new(
            false,
            Color::White,
            CastleSide::King,
            Square::G1,
            Square::H1,
            true,
        );
        assert_eq!(p.must_be_empty, Bitboard::from(Square::F1));
        assert_eq!(p.must_be_safe, Bitboard::from(Square::G1));
    }
}
