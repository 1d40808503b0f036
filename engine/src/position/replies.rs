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
use crate::movegen::{free_pawn_moves, CountParts};
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, File, PieceKind, Square};

/// The replier's count shared across the mover's quiet moves outside [`ReplyBase::core`].
#[derive(Clone, Debug)]
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
    /// The replier's pinned men, and whether a pawn is among them.
    pinned: Bitboard,
    pinned_pawn: bool,
    /// A move leaving or reaching one of these is followed by the replier's sliders'
    /// moves counted again: the squares they command.
    sliders_see: Bitboard,
    /// A move leaving or reaching one of these is followed by the replier's King's moves
    /// and castlings counted again: the squares from which a man could command a square
    /// the King may step to or must cross.
    king_reach: Bitboard,
    /// The replier's count as if it were to move now, in parts.
    parts: CountParts,
    /// The replier's unpinned pawns, none on its last rank.
    free_pawns: Bitboard,
    /// The replier's promotion choices.
    choices: u64,
    /// The position with the replier to move and its check information.
    view: Position,
}

impl ReplyBase {
    /// The replier's count after the mover's quiet move of `piece` between `from` and
    /// `to`, both outside [`ReplyBase::core`]; `None` where the move gives check or
    /// changes the replier's pins (then the move must be played).
    #[inline(always)]
    pub(super) fn count_after(
        &mut self,
        sliders: impl SliderLookup,
        them: Color,
        piece: PieceKind,
        from: Square,
        to: Square,
    ) -> Option<u64> {
        let us = !them;
        let path = Bitboard::from(from) | to;
        let replier_men = self.view.colors(them);
        let mover_men = self.view.colors(us) ^ path;
        let mut kings = self.view.pieces(PieceKind::King);
        if piece == PieceKind::King {
            kings ^= path;
        }
        let targets = !replier_men - kings;
        let mut n = self.parts.rest
            + free_pawn_moves(
                them,
                self.free_pawns,
                mover_men | replier_men,
                mover_men,
                targets,
                self.choices,
            );
        let sliders_again = (path & self.sliders_see).is_nonempty();
        let king_again = (path & self.king_reach).is_nonempty();
        let lines_again = (path & self.check_lines).is_nonempty();
        if !sliders_again && !king_again && !lines_again {
            return Some(n + self.parts.sliders + self.parts.king);
        }
        let g = &mut self.view.gen;
        *g.by_color.get_mut(us) ^= path;
        g.by_kind[piece as usize] ^= path;
        if lines_again {
            self.view.update_check_info();
            let g = &mut self.view.gen;
            if g.checkers.is_nonempty() || g.pinned != self.pinned || self.pinned_pawn {
                *g.by_color.get_mut(us) ^= path;
                g.by_kind[piece as usize] ^= path;
                g.checkers = Bitboard::EMPTY;
                g.pinned = self.pinned;
                return None;
            }
        }
        n += if sliders_again {
            self.view.slider_moves(sliders, them, targets).0
        } else {
            self.parts.sliders
        };
        n += if king_again {
            let king = self.view.king(them);
            let (steps, castlings) =
                self.view
                    .king_and_castle_targets(sliders, them, king, targets, Bitboard::FULL);
            u64::from(steps.len()) + u64::from(castlings.len())
        } else {
            self.parts.king
        };
        let g = &mut self.view.gen;
        *g.by_color.get_mut(us) ^= path;
        g.by_kind[piece as usize] ^= path;
        Some(n)
    }
}

impl Position {
    /// The shared count of `!us`'s replies to `self`'s moves (`us` to move), where one
    /// can be made: one move a turn, neither side in check, no Chess960 castling path.
    #[inline(always)]
    pub(super) fn reply_base(&self, sliders: impl SliderLookup, us: Color) -> Option<ReplyBase> {
        // RULE(multi_move_turn): in a turn of several moves the same side moves again.
        if self.gen.turn_moves != 1 || self.gen.checkers.is_nonempty() {
            return None;
        }
        let them = !us;
        let mut view = self.clone();
        let g = &mut view.gen;
        g.turn = them;
        g.ep_square = None;
        g.turn_begun = false;
        g.move_limit = Bitboard::FULL;
        view.update_check_info();
        if view.gen.checkers.is_nonempty() {
            return None;
        }
        let king = view.king(them);
        let occupied = view.occupied();
        let replier_men = view.colors(them);

        // The replier's men (a capture), and castling's squares that must be empty or end
        // a right; the King's steps and, for an open path, the squares to cross
        // unattacked are watched.
        let mut core = replier_men;
        let mut watched = king_attacks(king) - replier_men;
        for side in CastleSide::ALL {
            if let Some(path) = view.castle_path(them, side) {
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

        let parts = view.count_legal_moves_in_parts(sliders, them);
        let pawns = view.pieces_of(them, PieceKind::Pawn);
        let beside = Bitboard((pawns - Bitboard::file(File::A)).0 >> 1)
            | Bitboard((pawns - Bitboard::file(File::H)).0 << 1);
        Some(ReplyBase {
            core,
            double_step_zone: beside,
            check_lines,
            pinned: view.pinned(),
            pinned_pawn: (view.pinned() & pawns).is_nonempty(),
            sliders_see: parts.sliders_see,
            king_reach,
            parts,
            free_pawns: (pawns - Position::promotion_rank(them)) - view.pinned(),
            choices: view.promotion_choices(),
            view,
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
