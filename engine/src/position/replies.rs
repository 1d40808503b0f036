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

use super::{MoveGenState, Position};
use crate::attacks::{king_attacks, knight_attacks, pawn_attacks, SliderLookup};
use crate::movegen::{free_pawn_moves, CountParts};
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, File, PieceKind, Square};

/// The replier's count shared across the mover's quiet moves outside [`ReplyBase::core`].
#[derive(Copy, Clone, Debug)]
pub(super) struct ReplyBase {
    /// The squares a move must not leave nor reach to use the shared count.
    pub(super) core: Bitboard,
    /// Where a double step would give the replier an en passant capture: beside its pawns.
    pub(super) double_step_zone: Bitboard,
    /// A move leaving or reaching one of these is followed by the replier's check and
    /// pins found again, and goes the long way if they changed (or if the replier has a
    /// pinned pawn): the King's lines up to the first man, and past a first man of the
    /// replier's own up to the second; the Knight's steps from the King.
    check_lines: Bitboard,
    /// A move leaving or reaching one of these is followed by the replier's sliders'
    /// moves counted again: the squares they command.
    sliders_see: Bitboard,
    /// A move leaving or reaching one of these is followed by the replier's King's moves
    /// and castlings counted again: the King's steps, and the squares from which a man
    /// could command a square the King may step to or must cross.
    king_reach: Bitboard,
    /// The three above together: outside them, only the free pawns are counted again.
    recount: Bitboard,
    /// The replier's count as if it were to move now, in parts, and all but the free
    /// pawns' moves together.
    parts: CountParts,
    fixed: u64,
    /// The replier's pinned men, and whether a pawn is among them.
    pinned: Bitboard,
    pinned_pawn: bool,
    /// The replier's unpinned pawns, none on its last rank, and its promotion choices.
    free_pawns: Bitboard,
    choices: u64,
    /// The occupied squares and the mover's men, before the move.
    occupied: Bitboard,
    mover_men: Bitboard,
    /// The move-generation state with the replier to move.
    replier: MoveGenState,
}

impl ReplyBase {
    /// The replier's count after the mover's quiet move of `piece` along `path` (its
    /// from and to squares, both outside [`ReplyBase::core`]); `None` where the move gives check or
    /// changes the replier's pins (then the move must be played). `scratch` holds
    /// `before`'s move-generation state on entry and on return.
    #[inline(always)]
    pub(super) fn count_after(
        &self,
        scratch: &mut Position,
        before: &Position,
        sliders: impl SliderLookup,
        them: Color,
        piece: PieceKind,
        path: Bitboard,
    ) -> Option<u64> {
        let mover_men = self.mover_men ^ path;
        // The replier's pawns never take the mover's King after a legal move, nor step
        // onto a man: no target mask is needed.
        let pawns = free_pawn_moves(
            them,
            self.free_pawns,
            self.occupied ^ path,
            mover_men,
            Bitboard::FULL,
            self.choices,
        );
        if (path & self.recount).is_empty() {
            return Some(self.fixed + pawns);
        }
        let rest = self.recount(scratch, sliders, them, piece, path);
        scratch.gen = before.gen;
        rest.map(|rest| rest + pawns)
    }

    /// The replier's moves but the free pawns' after a move along `path` that crosses
    /// [`ReplyBase::recount`], counted on `scratch` (its state is left changed).
    #[inline(always)]
    fn recount(
        &self,
        scratch: &mut Position,
        sliders: impl SliderLookup,
        them: Color,
        piece: PieceKind,
        path: Bitboard,
    ) -> Option<u64> {
        let us = !them;
        scratch.gen = self.replier;
        let g = &mut scratch.gen;
        *g.by_color.get_mut(us) ^= path;
        g.by_kind[piece as usize] ^= path;
        if (path & self.check_lines).is_nonempty() {
            scratch.update_check_info();
            if scratch.checkers().is_nonempty()
                || scratch.pinned() != self.pinned
                || self.pinned_pawn
            {
                return None;
            }
        }
        let targets = !scratch.colors(them) - scratch.pieces(PieceKind::King);
        let mut n = self.parts.rest;
        n += if (path & self.sliders_see).is_nonempty() {
            scratch.slider_moves(sliders, them, targets).0
        } else {
            self.parts.sliders
        };
        n += if (path & self.king_reach).is_nonempty() {
            let king = scratch.king(them);
            let (steps, castlings) =
                scratch.king_and_castle_targets(sliders, them, king, targets, Bitboard::FULL);
            u64::from(steps.len()) + u64::from(castlings.len())
        } else {
            self.parts.king
        };
        Some(n)
    }
}

impl Position {
    /// The shared count of `!us`'s replies to `self`'s moves (`us` to move), where one
    /// can be made: one move a turn, neither side in check, no Chess960 castling path.
    /// `scratch` holds `self`'s move-generation state on entry and on return.
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
        let g = &mut scratch.gen;
        g.turn = !us;
        g.ep_square = None;
        g.turn_begun = false;
        g.move_limit = Bitboard::FULL;
        scratch.update_check_info();
        let base = if scratch.checkers().is_empty() {
            scratch.reply_base_as(sliders, !us)
        } else {
            None
        };
        scratch.gen = self.gen;
        base
    }

    /// [`Position::reply_base`] on `self`, with `them` to move and not in check.
    #[inline(always)]
    fn reply_base_as(&self, sliders: impl SliderLookup, them: Color) -> Option<ReplyBase> {
        let king = self.king(them);
        let occupied = self.occupied();
        let replier_men = self.colors(them);

        // The replier's men (a capture), and castling's squares that must be empty or end
        // a right; the King's steps and, for an open path, the squares to cross
        // unattacked are watched.
        let mut core = replier_men;
        let mut watched = king_attacks(king) - replier_men;
        for side in CastleSide::ALL {
            if let Some(path) = self.castle_path(them, side) {
                if path.recheck_king_to {
                    return None;
                }
                core |= path.must_be_empty | path.touch();
                if (occupied & path.must_be_empty).is_empty() {
                    watched |= path.must_be_safe;
                }
            }
        }

        // Checks and pins: the King's lines up to the first man, and past a first man of
        // the replier's own up to the second; a Knight's check.
        let check_lines = view_lines(sliders, king, occupied, replier_men, true)
            | view_lines(sliders, king, occupied, replier_men, false)
            | knight_attacks(king);

        // The King's steps, and whatever could command a watched square.
        let without_king = occupied - king;
        let mut king_reach = king_attacks(king);
        for sq in watched {
            king_reach |= Bitboard::from(sq)
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
            core,
            double_step_zone: beside,
            check_lines,
            sliders_see: parts.sliders_see,
            king_reach,
            recount: check_lines | parts.sliders_see | king_reach,
            parts,
            fixed: parts.king + parts.sliders + parts.rest,
            pinned: self.pinned(),
            pinned_pawn: (self.pinned() & pawns).is_nonempty(),
            free_pawns: (pawns - Position::promotion_rank(them)) - self.pinned(),
            choices: self.promotion_choices(),
            occupied,
            mover_men: self.colors(!them),
            replier: self.gen,
        })
    }
}

/// The squares on `king`'s straight (or diagonal) lines up to the first man, and past a
/// first man among `own` up to the second.
#[inline(always)]
fn view_lines(
    sliders: impl SliderLookup,
    king: Square,
    occupied: Bitboard,
    own: Bitboard,
    straight: bool,
) -> Bitboard {
    let look = |occ: Bitboard| {
        if straight {
            sliders.rook(king, occ)
        } else {
            sliders.bishop(king, occ)
        }
    };
    let first = look(occupied);
    look(occupied - (first & own))
}
