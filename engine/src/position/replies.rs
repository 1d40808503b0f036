//! Perft's last two plies with the replier's count shared: most of the mover's quiet
//! moves leave everything the replier's count reads unchanged but its pawns' squares, so
//! that count is made once, in parts, and each such move adds only its pawns again.
//!
//! For a position where `us` is to move (one move a turn, not in check) and `them` will
//! reply, [`ReplyBase`] holds `them`'s count as if `them` were to move now, split into
//! the free pawns' moves and the rest ([`crate::movegen::CountParts`]), and the *zone*:
//! every square whose emptying or filling could change the rest. A move of `us` that is
//! neither a capture, castling, en passant nor a promotion, and whose from and to
//! squares both lie outside the zone, leaves the rest as it was: the reply count after it
//! is the rest plus the free pawns' moves counted again on the new squares.
//!
//! Why the zone is enough (`k` is `them`'s King, `O` the occupied squares; a square
//! outside a slider's attack set never changes that set by being emptied or filled):
//! - `them`'s sliders (pinned or not): every square they command.
//! - Checks and pins against `k`: the lines from `k` up to and including the second man
//!   on each (a discovered check empties the first, a pin made or broken moves the
//!   second or fills a square before it), and the Knight's and King's steps around `k`
//!   (a Knight's check; a Pawn's check lands on a King's step).
//! - `k`'s steps and the squares a castling must find unattacked: each such square, and
//!   every square from which a man could command it (a slider's line with `O` less `k`,
//!   a Knight's, King's or Pawn's step). Outside those, no commander arrives or leaves
//!   and no line to the square opens or closes.
//! - Castling: the squares that must be empty and the squares that end a right.
//! - `them`'s men (a move there is a capture).
//!
//! `them`'s Knights and pinned pawns need nothing more: their targets are `us`'s men and
//! empty squares alike, and `us`'s King never stands where `them` commands (`us` is not
//! in check, and its King cannot step into check). A double step that `them` could take
//! en passant, and positions under a Chess960 castling path (whose landing square is
//! tested again after the Rook moves), go the long way.

use super::Position;
use crate::attacks::{king_attacks, knight_attacks, pawn_attacks, SliderLookup};
use crate::movegen::free_pawn_moves;
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, File, PieceKind, Square};

/// The replier's count shared across the mover's quiet moves outside [`ReplyBase::zone`].
#[derive(Copy, Clone, Debug)]
pub(super) struct ReplyBase {
    /// The squares a move must not leave nor reach to use the shared count.
    pub(super) zone: Bitboard,
    /// Where a double step would give the replier an en passant capture: beside its pawns.
    pub(super) double_step_zone: Bitboard,
    /// The replier's moves other than its free pawns'.
    others: u64,
    /// The replier's unpinned pawns, none on its last rank.
    free_pawns: Bitboard,
    /// The mover's men, the replier's men, the Kings, all as before the move.
    mover_men: Bitboard,
    replier_men: Bitboard,
    kings: Bitboard,
    /// The replier's promotion choices.
    choices: u64,
}

impl ReplyBase {
    /// The replier's count after the mover's quiet move between `from` and `to`, both
    /// outside the zone (`king_moved`: the man moved is the mover's King).
    #[inline(always)]
    pub(super) fn count_after(
        &self,
        them: Color,
        from: Square,
        to: Square,
        king_moved: bool,
    ) -> u64 {
        let path = Bitboard::from(from) | to;
        let mover_men = self.mover_men ^ path;
        let kings = if king_moved {
            self.kings ^ path
        } else {
            self.kings
        };
        self.others
            + free_pawn_moves(
                them,
                self.free_pawns,
                mover_men | self.replier_men,
                mover_men,
                !self.replier_men - kings,
                self.choices,
            )
    }
}

impl Position {
    /// The shared count of `!us`'s replies to `self`'s moves (`us` to move), where one
    /// can be made: one move a turn, neither side in check, no Chess960 castling path.
    /// `scratch` holds `self`'s state on entry and on return.
    #[inline(always)]
    pub(super) fn reply_base(
        &self,
        scratch: &mut Position,
        sliders: impl SliderLookup,
        us: Color,
    ) -> Option<ReplyBase> {
        // RULE(multi_move_turn): in a turn of several moves the same side moves again.
        if self.gen.turn_moves != 1 || self.gen.checkers.is_nonempty() {
            return None;
        }
        let them = !us;
        let g = &mut scratch.gen;
        g.turn = them;
        g.ep_square = None;
        g.turn_begun = false;
        g.move_limit = Bitboard::FULL;
        scratch.update_check_info();
        let base = if scratch.gen.checkers.is_empty() {
            scratch.reply_base_as(sliders, them)
        } else {
            None
        };
        scratch.gen = self.gen;
        base
    }

    /// [`Position::reply_base`] on `self`, the position with `them` to move and not in
    /// check.
    #[inline(always)]
    fn reply_base_as(&self, sliders: impl SliderLookup, them: Color) -> Option<ReplyBase> {
        let us = !them;
        let king = self.king(them);
        let occupied = self.occupied();
        let replier_men = self.colors(them);

        // Castling: the squares that must be empty, those that end a right, and (for an
        // open path) the squares that must stay unattacked.
        let mut watched = king_attacks(king) - replier_men;
        let mut zone = replier_men | knight_attacks(king) | king_attacks(king) | self.paths.touch();
        for side in CastleSide::ALL {
            if let Some(path) = self.castle_path(them, side) {
                if path.recheck_king_to {
                    return None;
                }
                zone |= path.must_be_empty;
                if (occupied & path.must_be_empty).is_empty() {
                    watched |= path.must_be_safe;
                }
            }
        }

        // Checks and pins: the King's lines up to the second man on each.
        let straight = sliders.rook(king, occupied);
        let diagonal = sliders.bishop(king, occupied);
        zone |= sliders.rook(king, occupied - (straight & occupied))
            | sliders.bishop(king, occupied - (diagonal & occupied));

        // The King's steps and the castling squares: whatever could command them.
        let without_king = occupied - king;
        for sq in watched {
            zone |= Bitboard::from(sq)
                | sliders.queen(sq, without_king)
                | knight_attacks(sq)
                | king_attacks(sq)
                | pawn_attacks(them, sq);
        }

        let parts = self.count_legal_moves_in_parts(sliders, them);
        let pawns = self.pieces_of(them, PieceKind::Pawn);
        let beside = Bitboard((pawns - Bitboard::file(File::A)).0 >> 1)
            | Bitboard((pawns - Bitboard::file(File::H)).0 << 1);
        Some(ReplyBase {
            zone: zone | parts.sliders_see,
            double_step_zone: beside,
            others: parts.others,
            free_pawns: (pawns - Position::promotion_rank(them)) - self.pinned(),
            mover_men: self.colors(us),
            replier_men,
            kings: self.pieces(PieceKind::King),
            choices: self.promotion_choices(),
        })
    }
}
