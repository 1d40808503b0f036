//! Legal move generation with check and pin masks (no make-and-test).
//!
//! Moves come out in batches, [`PieceMoves`]: one man and the set of squares it may go
//! to. A batch is cheap to count (perft's last ply adds up set sizes) and expands into
//! [`Move`]s when a list is wanted. Nothing here branches on the rule set: the rules
//! arrive as data compiled by the position (castling paths, the move limit of a turn of
//! several moves, the number of promotion choices).

use arrayvec::ArrayVec;

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{Bitboard, Move, MoveKind, MoveList, PieceKind, Rank, Square};
use crate::PromotionRule;

/// The legal moves of one man: where it may go from `from`.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PieceMoves {
    /// The kind of man moving.
    pub piece: PieceKind,
    /// Its square.
    pub from: Square,
    /// The squares it may move to (for castling: the King's destinations).
    pub to: Bitboard,
    /// Whether these are castlings.
    pub is_castle: bool,
}

/// The promotion kinds, most valuable first; the British draft adds "remains a Pawn".
const PROMOTIONS: [MoveKind; 5] = [
    MoveKind::PromoteQueen,
    MoveKind::PromoteKnight,
    MoveKind::PromoteRook,
    MoveKind::PromoteBishop,
    MoveKind::RemainPawn,
];

impl Position {
    /// How many promotion choices a pawn reaching its last rank has: 4, or 5 where it may
    /// remain a Pawn (Br. IV 15).
    #[inline(always)]
    fn promotion_choices(&self) -> u64 {
        // RULE(remain_pawn)
        match self.rules().promotion {
            PromotionRule::Piece => 4,
            PromotionRule::PieceOrRemainPawn => 5,
        }
    }

    /// Calls `listener` with every batch of legal moves; it returns `true` to stop early.
    /// Returns whether it was stopped.
    #[inline]
    pub fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_moves_to(Bitboard::FULL, &mut listener)
    }

    /// Like [`Position::generate_moves`], but only moves landing on `mask` (e.g. the
    /// opponent's men for captures). En passant lands on the en passant square and
    /// castling on the King's destination.
    pub fn generate_moves_to(
        &self,
        mask: Bitboard,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = self.turn();
        let them = !us;
        let king = self.king(us);
        let occupied = self.occupied();
        let theirs = self.colors(them);
        // The opponent's King is never a target (it could only be reached in a turn of
        // several moves, where the first gave check).
        let base = !self.colors(us) - self.pieces(PieceKind::King) & self.move_limit() & mask;

        macro_rules! emit {
            ($piece:expr, $from:expr, $to:expr, $castle:expr) => {
                let to = $to;
                if to.is_nonempty()
                    && listener(PieceMoves {
                        piece: $piece,
                        from: $from,
                        to,
                        is_castle: $castle,
                    })
                {
                    return true;
                }
            };
        }

        // Step 1. King moves: each target must be safe with the King gone from its square.
        let without_king = occupied - king;
        let mut king_to = Bitboard::EMPTY;
        for to in king_attacks(king) & base {
            if !self.is_attacked(to, them, without_king) {
                king_to |= to;
            }
        }
        emit!(PieceMoves::KING, king, king_to, false);

        // Step 2. In double check only the King moves; in single check the others must
        // take the checker or block.
        let checkers = self.checkers();
        if checkers.has_more_than_one() {
            return false;
        }
        let targets = match checkers.first() {
            Some(checker) => base & (between(king, checker) | checker),
            None => base,
        };
        let pinned = self.pinned();

        // Step 3. Knights: a pinned Knight never moves.
        for from in self.pieces_of(us, PieceKind::Knight) - pinned {
            emit!(
                PieceKind::Knight,
                from,
                knight_attacks(from) & targets,
                false
            );
        }

        // Step 4. Sliders: a pinned one stays on the line through its King.
        let sliders = [
            (
                PieceKind::Bishop,
                bishop_attacks as fn(Square, Bitboard) -> Bitboard,
            ),
            (PieceKind::Rook, rook_attacks),
            (PieceKind::Queen, queen_attacks),
        ];
        for (kind, attacks) in sliders {
            for from in self.pieces_of(us, kind) {
                let mut to = attacks(from, occupied) & targets;
                if pinned.has(from) {
                    to &= line(king, from);
                }
                emit!(kind, from, to, false);
            }
        }

        // Step 5. Pawns. RULE(remain_pawn): one that remained on its eighth rank never moves.
        let double_rank = Bitboard::rank(Rank::Second.relative_to(us));
        for from in self.pieces_of(us, PieceKind::Pawn) - Position::promotion_rank(us) {
            let from_bb = Bitboard::from(from);
            let one = from_bb.forward(us) - occupied;
            let two = if (from_bb & double_rank).is_nonempty() {
                one.forward(us) - occupied
            } else {
                Bitboard::EMPTY
            };
            let mut to = (one | two | (pawn_attacks(us, from) & theirs)) & targets;
            if pinned.has(from) {
                to &= line(king, from);
            }
            if let Some(ep) = self.ep_square() {
                if pawn_attacks(us, from).has(ep)
                    && (base.has(ep))
                    && self.en_passant_is_legal(from, ep)
                {
                    to |= ep;
                }
            }
            emit!(PieceKind::Pawn, from, to, false);
        }

        // Step 6. Castling, never out of check: empty path, no commanded square, and the
        // King safe where it lands once the Rook (if any) has moved.
        if checkers.is_empty() {
            let mut castle_to = Bitboard::EMPTY;
            for side in CastleSide::ALL {
                let Some(path) = self.castle_path(us, side) else {
                    continue;
                };
                // The King may "land" on its own square (Chess960), so test the limit, not `base`.
                if (occupied & path.must_be_empty).is_nonempty()
                    || !(self.move_limit() & mask).has(path.king_to)
                {
                    continue;
                }
                if path
                    .must_be_safe
                    .iter()
                    .any(|sq| self.is_attacked(sq, them, occupied))
                {
                    continue;
                }
                let mut after = occupied - path.king_from | path.king_to;
                if let Some(rook_from) = path.rook_from {
                    after = after - rook_from | path.rook_to;
                }
                if !self.is_attacked(path.king_to, them, after) {
                    castle_to |= path.king_to;
                }
            }
            emit!(PieceKind::King, king, castle_to, true);
        }
        false
    }

    /// Whether taking en passant from `from` leaves the King safe: both pawns leave
    /// their ranks at once, which can open a line no pin mask sees.
    fn en_passant_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.turn();
        let victim = Square::new(ep.file(), from.rank());
        let occupied = (self.occupied() - from - victim) | ep;
        (self.attackers(self.king(us), !us, occupied) - victim).is_empty()
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|batch| {
            self.push_moves(batch, &mut list);
            false
        });
        list
    }

    /// The number of legal moves, counted batch by batch without building moves.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let promotion = Position::promotion_rank(self.turn());
        let choices = self.promotion_choices();
        let mut n = 0u64;
        self.generate_moves(|batch| {
            n += if batch.piece == PieceKind::Pawn {
                (batch.to - promotion).len() as u64 + (batch.to & promotion).len() as u64 * choices
            } else {
                batch.to.len() as u64
            };
            false
        });
        n
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }

    /// Adds a batch's moves to a list.
    #[inline]
    pub fn push_moves(&self, batch: PieceMoves, list: &mut MoveList) {
        for m in self.expand(batch) {
            list.push(m);
        }
    }

    /// A batch's moves, with their kinds (promotions, double steps, en passant, castling).
    pub fn expand(&self, batch: PieceMoves) -> ArrayVec<Move, 32> {
        let mut out = ArrayVec::new();
        let from = batch.from;
        if batch.is_castle {
            for to in batch.to {
                out.push(Move::new(from, to, MoveKind::Castle));
            }
            return out;
        }
        if batch.piece != PieceKind::Pawn {
            for to in batch.to {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
            return out;
        }
        let promotion = Position::promotion_rank(self.turn());
        let choices = self.promotion_choices() as usize;
        for to in batch.to {
            if promotion.has(to) {
                for kind in &PROMOTIONS[..choices] {
                    out.push(Move::new(from, to, *kind));
                }
            } else if (from as i8 - to as i8).abs() == 16 {
                out.push(Move::new(from, to, MoveKind::DoublePush));
            } else if Some(to) == self.ep_square() && from.file() != to.file() {
                out.push(Move::new(from, to, MoveKind::EnPassant));
            } else {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
        }
        out
    }
}

impl PieceMoves {
    const KING: PieceKind = PieceKind::King;
}
