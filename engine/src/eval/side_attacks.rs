//! What each side's men attack ([`SideInfo`]), gathered once per evaluation for
//! mobility, threats, placement and pressure.

use super::masks::{FILE_A, FILE_H};
use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::position::Position;
use crate::types::{Bitboard, Color, PieceKind};

/// What one side's men attack, gathered once for mobility, threats, placement and pressure.
pub(super) struct SideInfo {
    pub(super) pawns: Bitboard,
    pub(super) knights: Bitboard,
    pub(super) bishops: Bitboard,
    pub(super) rooks: Bitboard,
    pub(super) queens: Bitboard,
    pub(super) all: Bitboard,
}

impl SideInfo {
    pub(super) fn new(pos: &Position, us: Color) -> SideInfo {
        let occ = pos.occupied();
        let pawn = pawn_set_attacks(pos.pieces_of(us, PieceKind::Pawn), us);
        let mut knight = Bitboard::EMPTY;
        for sq in pos.pieces_of(us, PieceKind::Knight) {
            knight |= knight_attacks(sq);
        }
        let mut bishop = Bitboard::EMPTY;
        for sq in pos.pieces_of(us, PieceKind::Bishop) {
            bishop |= bishop_attacks(sq, occ);
        }
        let mut rook = Bitboard::EMPTY;
        for sq in pos.pieces_of(us, PieceKind::Rook) {
            rook |= rook_attacks(sq, occ);
        }
        let mut queen = Bitboard::EMPTY;
        for sq in pos.pieces_of(us, PieceKind::Queen) {
            queen |= rook_attacks(sq, occ) | bishop_attacks(sq, occ);
        }
        SideInfo {
            pawns: pawn,
            knights: knight,
            bishops: bishop,
            rooks: rook,
            queens: queen,
            all: pawn | knight | bishop | rook | queen | king_attacks(pos.king(us)),
        }
    }
}

/// The squares a set of `color` Pawns attacks.
#[inline]
pub fn pawn_set_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    let west = Bitboard(pawns.0 & !FILE_A);
    let east = Bitboard(pawns.0 & !FILE_H);
    match color {
        Color::White => Bitboard(west.0 << 7 | east.0 << 9),
        Color::Black => Bitboard(west.0 >> 9 | east.0 >> 7),
    }
}
