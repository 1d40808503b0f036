//! `Move`: a move packed in 16 bits, and `MoveList`, a fixed-capacity list of moves.
//!
//! A move is only meaningful together with the position it was generated in; this file
//! does not check legality and knows nothing of UCI text (see `notation`).

use std::fmt;
use std::num::NonZeroU16;

use arrayvec::ArrayVec;

use super::{PieceKind, Square};

/// What a move does beyond carrying a man from one square to another.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A plain move or capture (of anything but a pawn en passant).
    Normal = 0,
    /// A pawn's first move of two squares.
    DoublePush = 1,
    /// A pawn capturing en passant.
    EnPassant = 2,
    /// Castling: `from` is the King's square and `to` the King's destination (g- or c-file).
    /// Whether a Rook moves is decided by the position (castling without Rook, Am. IV 5).
    Castle = 3,
    /// A pawn reaching its eighth rank becomes a Knight.
    PromoteKnight = 4,
    /// … a Bishop.
    PromoteBishop = 5,
    /// … a Rook.
    PromoteRook = 6,
    /// … a Queen.
    PromoteQueen = 7,
    /// The pawn remains a Pawn on its eighth rank (British Code 1894, IV 15 only).
    RemainPawn = 8,
}

impl MoveKind {
    /// Every kind, in the order of their codes.
    pub(crate) const ALL: [MoveKind; 9] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
        MoveKind::RemainPawn,
    ];

    /// The promotion kind for a pawn reaching its last rank as `kind`.
    pub const fn promotion(kind: PieceKind) -> Option<MoveKind> {
        match kind {
            PieceKind::Knight => Some(MoveKind::PromoteKnight),
            PieceKind::Bishop => Some(MoveKind::PromoteBishop),
            PieceKind::Rook => Some(MoveKind::PromoteRook),
            PieceKind::Queen => Some(MoveKind::PromoteQueen),
            PieceKind::Pawn => Some(MoveKind::RemainPawn),
            PieceKind::King => None,
        }
    }
}

/// A move, packed in 16 bits; `Option<Move>` is 16 bits too.
///
/// ```text
///  15  12 11      6 5       0
/// +------+---------+---------+
/// | kind |   to    |  from   |
/// +------+---------+---------+
/// ```
/// `kind` is a [`MoveKind`]. No move has `from == to` with kind `Normal`, so the all-zero
/// pattern never occurs and is the niche for `Option<Move>`.
#[derive(Copy, Clone, Eq, PartialEq, Hash)]
pub struct Move(NonZeroU16);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 2);

impl Move {
    /// Builds a move.
    ///
    /// # Panics
    /// When `from == to` and `kind` is `Normal` (no such move exists).
    #[inline]
    #[track_caller]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let bits = from as u16 | (to as u16) << 6 | (kind as u16) << 12;
        match NonZeroU16::new(bits) {
            Some(nz) => Move(nz),
            None => panic!("a1a1 is not a move"),
        }
    }

    /// The square the man leaves (the King's square for castling).
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_low_bits(self.0.get() as u32)
    }

    /// The square the man arrives on (the King's destination for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_low_bits((self.0.get() >> 6) as u32)
    }

    /// What kind of move it is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0.get() >> 12) as usize]
    }

    /// The kind a promoting pawn becomes (`Pawn` when it remains a Pawn), if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        match self.kind() {
            MoveKind::PromoteKnight => Some(PieceKind::Knight),
            MoveKind::PromoteBishop => Some(PieceKind::Bishop),
            MoveKind::PromoteRook => Some(PieceKind::Rook),
            MoveKind::PromoteQueen => Some(PieceKind::Queen),
            MoveKind::RemainPawn => Some(PieceKind::Pawn),
            _ => None,
        }
    }

    /// Whether this is castling (with or without a Rook).
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::Castle)
    }

    /// The raw 16 bits, for hashing and tables.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0.get()
    }

    /// Rebuilds a move from [`Move::bits`]; `None` for patterns no move has.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        if (bits >> 12) as usize >= MoveKind::ALL.len() {
            return None;
        }
        match NonZeroU16::new(bits) {
            Some(nz) => Some(Move(nz)),
            None => None,
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            if p == PieceKind::Pawn {
                write!(f, "=p")?;
            } else {
                write!(f, "{}", p.to_char())?;
            }
        }
        if self.is_castle() {
            write!(f, "(castle)")?;
        }
        Ok(())
    }
}

/// The most moves any reachable chess position has is 218; 256 leaves room for the
/// "remains a Pawn" choice of the British Code.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::new(Square::E7, Square::E8, MoveKind::PromoteQueen);
        assert_eq!(m.from(), Square::E7);
        assert_eq!(m.to(), Square::E8);
        assert_eq!(m.kind(), MoveKind::PromoteQueen);
        assert_eq!(m.promotion(), Some(PieceKind::Queen));
        assert_eq!(Move::from_bits(m.bits()), Some(m));
    }

    #[test]
    fn castle_may_keep_the_king_in_place() {
        // Chess960: King on g1 castles short; only the Rook moves.
        let m = Move::new(Square::G1, Square::G1, MoveKind::Castle);
        assert!(m.is_castle());
        assert_eq!(m.from(), m.to());
    }

    #[test]
    fn invalid_bits_are_rejected() {
        assert_eq!(Move::from_bits(0), None);
        assert_eq!(Move::from_bits(0xF000), None);
    }
}
