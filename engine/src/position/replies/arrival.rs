//! One move of the mover as the shared count reads it: the squares it empties and fills
//! on the men's boards, made and taken back by the same exclusive-ors.

use crate::position::{CastlePath, MoveGenState};
use crate::types::{Bitboard, Color, PieceKind, Square};

/// One move of the mover, as the shared count reads it.
#[derive(Copy, Clone, Debug)]
pub(in crate::position) struct Arrival {
    /// The kind of man moving (for castling, the King).
    pub(in crate::position) piece: PieceKind,
    /// Its from and to squares.
    pub(in crate::position) path: Bitboard,
    /// Its to square.
    pub(in crate::position) to: Square,
    /// The kind of the replier's man taken there, if any.
    pub(in crate::position) victim: Option<PieceKind>,
    /// The castling Rook's from and to squares; empty for any other move.
    pub(in crate::position) rook_path: Bitboard,
}

impl Arrival {
    /// Makes the move on the men's boards of `gen` (the mover is `!them`), or takes it
    /// back: the same exclusive-ors do both.
    #[inline(always)]
    pub(super) fn toggle(&self, gen: &mut MoveGenState, them: Color) {
        *gen.by_color.get_mut(!them) ^= self.changed();
        gen.by_kind[self.piece as usize] ^= self.path;
        gen.by_kind[PieceKind::Rook as usize] ^= self.rook_path;
        if let Some(victim) = self.victim {
            *gen.by_color.get_mut(them) ^= self.to;
            gen.by_kind[victim as usize] ^= self.to;
        }
    }

    /// Every square the mover leaves or reaches.
    #[inline(always)]
    pub(in crate::position) fn changed(&self) -> Bitboard {
        self.path | self.rook_path
    }

    /// Whether the move leaves or reaches a square of `by_kind`, the squares that matter
    /// for a man of each kind.
    #[inline(always)]
    pub(super) fn crosses(&self, by_kind: &[Bitboard; 6]) -> bool {
        ((self.path & by_kind[self.piece as usize])
            | (self.rook_path & by_kind[PieceKind::Rook as usize]))
            .is_nonempty()
    }

    /// A move of `piece` from `from` to `to`, taking `victim` there if any.
    #[inline(always)]
    pub(in crate::position) fn new(
        piece: PieceKind,
        from: Square,
        to: Square,
        victim: Option<PieceKind>,
    ) -> Arrival {
        Arrival {
            piece,
            path: Bitboard::from(from) | to,
            to,
            victim,
            rook_path: Bitboard::EMPTY,
        }
    }

    /// Castling along `path`, where the King and the Rook (if one moves) each change
    /// square and no square is both's; `None` otherwise (some Chess960 castlings), for
    /// such a castling is played in full.
    #[inline(always)]
    pub(in crate::position) fn castling(path: &CastlePath) -> Option<Arrival> {
        let king_path = Bitboard::from(path.king_from) | path.king_to;
        let rook_path = match path.rook_from {
            Some(from) => Bitboard::from(from) | path.rook_to,
            None => Bitboard::EMPTY,
        };
        let distinct = path.king_from != path.king_to
            && path.rook_from != Some(path.rook_to)
            && (king_path & rook_path).is_empty();
        distinct.then_some(Arrival {
            piece: PieceKind::King,
            path: king_path,
            to: path.king_to,
            victim: None,
            rook_path,
        })
    }
}
