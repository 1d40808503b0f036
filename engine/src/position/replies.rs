//! Perft's last two plies with the replier's count shared. Most of the mover's moves
//! change only a little of what the replier's count reads, so that count is made once
//! for the position, in parts, and after each move only the parts the move can reach are
//! counted again.
//!
//! For a position where `us` is to move (one move a turn, not in check) and `them` will
//! reply, [`ReplyBase`] holds `them`'s moves as if `them` were to move now: the free
//! pawns', each slider's with the squares it commands, the King's with the squares it
//! may step to or must cross and what could command them, and the rest (the Knights' and
//! the pinned pawns'). After a move of `us` between `from` and `to`:
//! - The free pawns are counted again, always (a few set operations). Where nothing
//!   else is counted again, a piece's quiet moves are summed at once: each square it
//!   reaches blocks a step or takes a capture from the replier's pawns by masks.
//! - A slider is counted again where `from` or `to` is a square it commands (a square
//!   outside a slider's attack set never changes that set by being emptied or filled).
//! - A square the King may step to or must cross to castle is tested again where `from`
//!   or `to` lies on a line from it (with `them`'s King taken away), a Knight's, King's or
//!   Pawn's step from it, or on it: elsewhere no man that commands it arrives or leaves
//!   and no line to it opens or closes. The King's steps themselves change only by a
//!   capture beside it.
//! - Checks and pins against `them`'s King are found again where the move crosses its
//!   lines (up to the first man, and past a first man of `them`'s own up to the second),
//!   by a man of the kind that matters there ([`ReplyBase::check_lines`]); a move that
//!   gives check or changes a pin is played in full instead.
//! - The Knights are counted again after a capture (the square taken becomes a target).
//!
//! `them`'s Knights need nothing more after a quiet move: their targets are `us`'s men
//! and empty squares alike, and `us`'s King never stands where `them` commands (`us` is
//! not in check, and its King cannot step into check). A pinned pawn of `them` moves
//! only along its pin line, which lies within the King's lines: a move crossing those
//! lines while `them` has a pinned pawn is played in full.
//!
//! Castling is two arrivals, the King's and the Rook's, read as one move. After a double
//! step beside a pawn of `them`, its captures en passant are added to the shared count,
//! each tested for a line opened on its King.
//!
//! Played in full: en passant, promotions; a move from or to a castling square of `them`
//! (one that must be empty or whose occupation ends a right); a Chess960 castling whose
//! King or Rook stays or lands where the other stood; a move that gives check or changes
//! a pin; a move crossing the King's lines while `them` has a pinned pawn; and every move
//! of a position where `us` is in check, where `us` moves again after this move (inside a
//! turn of several moves, Am. IV 4), where `them` has a Chess960 castling path (whose
//! landing square is tested again after the Rook moves), or where `them` has more sliders
//! than the table holds.

mod arrival;

use arrayvec::ArrayVec;

pub(super) use arrival::Arrival;

use super::{CastlePath, MoveGenState, Position};
use crate::attacks::{king_attacks, knight_attacks, line, pawn_attacks, SliderLookup};
use crate::movegen::PawnReach;
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, File, PieceKind, Rank, Square};

/// One of the replier's sliders: its square, what it commands, how many moves it has.
#[derive(Copy, Clone, Debug)]
struct SliderEntry {
    from: Square,
    diagonal: bool,
    straight: bool,
    /// Its King's line where it is pinned, else every square.
    confined_to: Bitboard,
    attacks: Bitboard,
    moves: u32,
}

impl SliderEntry {
    /// The squares it commands, with `occupied` as the blockers.
    #[inline(always)]
    fn attacks_with(&self, sliders: impl SliderLookup, occupied: Bitboard) -> Bitboard {
        let mut attacks = Bitboard::EMPTY;
        if self.diagonal {
            attacks |= sliders.bishop(self.from, occupied);
        }
        if self.straight {
            attacks |= sliders.rook(self.from, occupied);
        }
        attacks
    }
}

/// A square the replier's King may step to or must cross, and the squares whose
/// emptying or filling could change whether the mover commands it.
#[derive(Copy, Clone, Debug)]
struct Watched {
    square: Square,
    reach: Bitboard,
}

/// The replier's count shared across the mover's moves.
#[derive(Clone, Debug)]
pub(super) struct ReplyBase {
    /// The squares a move must not leave nor reach to use the shared count: castling's
    /// squares that must be empty or end a right.
    pub(super) core: Bitboard,
    /// Where a double step would give the replier an en passant capture: beside its pawns
    /// (on the mover's fourth rank; restricting the set here instead of where it is read
    /// ran 1.2% more instructions at perft 6).
    pub(super) double_step_zone: Bitboard,
    /// For a man of each kind leaving or reaching them, the squares after which the
    /// replier's check and pins are found again: the mover's men on the King's lines,
    /// whose leaving may open a line; the squares between the King and a man pinning one
    /// of the replier's, where any arrival breaks the pin; for a slider, the lines
    /// themselves, where it may give check or pin; a Knight's or a Pawn's checking squares.
    check_lines: [Bitboard; 6],
    /// Every square a slider of the replier commands.
    sliders_see: Bitboard,
    /// Every square in a [`Watched`] reach.
    king_reach: Bitboard,
    /// The three above together, by the mover's kind: outside them, only the free pawns
    /// are counted again after a quiet move.
    recount: [Bitboard; 6],
    /// The replier's sliders: 13 at most in a game (five, and eight promoted pawns).
    sliders: ArrayVec<SliderEntry, 16>,
    /// The watched squares: at most 11 (the King's eight steps and the three more a
    /// castling King crosses or stands on, on the first rank).
    watched: ArrayVec<Watched, 16>,
    /// The King's steps (no man of its own there), the watched squares the mover
    /// commands (`attacked`), and the open castlings.
    steps: Bitboard,
    attacked: Bitboard,
    castlings: [Option<CastlePath>; 2],
    /// The parts of the count: the King's moves and castlings, the sliders', the
    /// Knights' and pinned pawns', and all but the free pawns' together.
    king_moves: u64,
    slider_moves: u64,
    rest: u64,
    pinned_pawn_moves: u64,
    fixed: u64,
    /// The replier's pinned men, and whether a pawn is among them.
    pinned: Bitboard,
    pinned_pawn: bool,
    /// The replier's unpinned pawns, none on its last rank, where they step and take, and
    /// its promotion choices.
    free_pawns: Bitboard,
    pawn_reach: PawnReach,
    choices: u64,
    /// The occupied squares and the mover's men, before the move.
    occupied: Bitboard,
    mover_men: Bitboard,
    /// The move-generation state with the replier to move.
    replier: MoveGenState,
}

impl ReplyBase {
    /// A base to fill with [`Position::reply_base`]; until then it shares nothing.
    pub(super) fn blank(state_of: &Position) -> ReplyBase {
        ReplyBase {
            core: Bitboard::FULL,
            double_step_zone: Bitboard::FULL,
            check_lines: [Bitboard::FULL; 6],
            sliders_see: Bitboard::FULL,
            king_reach: Bitboard::FULL,
            recount: [Bitboard::FULL; 6],
            sliders: ArrayVec::new(),
            watched: ArrayVec::new(),
            steps: Bitboard::EMPTY,
            attacked: Bitboard::EMPTY,
            castlings: [None, None],
            king_moves: 0,
            slider_moves: 0,
            rest: 0,
            pinned_pawn_moves: 0,
            fixed: 0,
            pinned: Bitboard::EMPTY,
            pinned_pawn: false,
            free_pawns: Bitboard::EMPTY,
            pawn_reach: PawnReach::of(Color::White, Bitboard::EMPTY),
            choices: 0,
            occupied: Bitboard::EMPTY,
            mover_men: Bitboard::EMPTY,
            replier: state_of.gen,
        }
    }

    /// The replier's count after the mover's move `arrival` (a plain move, double step
    /// or castling, with or without a capture; its squares outside [`ReplyBase::core`]),
    /// or `None` where it gives check or changes the replier's pins, or where the replier
    /// has a pinned pawn and the move crosses the King's lines (then the move must be
    /// played). `scratch` holds the replier's state
    /// ([`ReplyBase::replier`]) on return, and on entry where `holds_replier`, which is
    /// then set.
    #[inline(always)]
    pub(super) fn count_after(
        &self,
        scratch: &mut Position,
        holds_replier: &mut bool,
        sliders: impl SliderLookup,
        them: Color,
        arrival: Arrival,
    ) -> Option<u64> {
        let path = arrival.changed();
        let mover_men = self.mover_men ^ path;
        let occupied = (self.occupied ^ path) | arrival.to;
        // The replier's pawns never take the mover's King after a legal move, nor step
        // onto a man: no target mask is needed.
        let reach = match arrival.victim {
            None => self.pawn_reach,
            Some(_) => PawnReach::of(them, self.free_pawns - arrival.to),
        };
        let pawns = reach.moves(them, occupied, mover_men, Bitboard::FULL, self.choices);
        if arrival.victim.is_none() && !arrival.crosses(&self.recount) {
            return Some(self.fixed + pawns);
        }
        if !*holds_replier {
            scratch.gen = self.replier;
            *holds_replier = true;
        }
        arrival.toggle(&mut scratch.gen, them);
        let rest = self.recount(scratch, sliders, them, arrival, occupied);
        // Back to the replier's state: the same exclusive-ors, and its check information.
        arrival.toggle(&mut scratch.gen, them);
        let g = &mut scratch.gen;
        g.checkers = Bitboard::EMPTY;
        g.pinned = self.pinned;
        debug_assert!(scratch.gen == self.replier, "the replier's state restored");
        rest.map(|rest| rest + pawns)
    }

    /// Of the mover's quiet moves of `piece` from `from` to the squares of `quiet`,
    /// those after which only the free pawns are counted again (no square of theirs in
    /// [`ReplyBase::recount`]; for a pawn, no double step the replier could take en
    /// passant), with the replier's count summed over them, at once. None of them (an
    /// empty set) where a pawn of the replier may promote.
    #[inline(always)]
    pub(super) fn count_after_quiet_set(
        &self,
        them: Color,
        piece: PieceKind,
        from: Square,
        quiet: Bitboard,
    ) -> (Bitboard, u64) {
        let recount = self.recount[piece as usize];
        if recount.has(from) || self.pawn_reach.may_promote() {
            return (Bitboard::EMPTY, 0);
        }
        let mut set = quiet - recount;
        if piece == PieceKind::Pawn {
            set -= self.double_step_zone & Bitboard::rank(Rank::Fourth.relative_to(!them));
        }
        let pawns = self.pawn_reach.moves_summed_over_arrivals(
            them,
            self.occupied - from,
            self.mover_men - from,
            set,
        );
        (set, u64::from(set.len()) * self.fixed + pawns)
    }

    /// The replier's en passant captures after the mover's double step from `from`,
    /// which the shared count leaves out: each pawn of the replier beside the square
    /// reached takes, unless its King is then exposed along a line (both pawns leave the rank at
    /// once). `before` is the position before the step, which gives no check (the shared
    /// count was made). Under every rule set the capture is open on the next move only.
    #[inline(never)]
    pub(super) fn en_passant_replies(
        &self,
        before: &Position,
        sliders: impl SliderLookup,
        them: Color,
        from: Square,
    ) -> u64 {
        let ep = from.passed_by_double_step(!them);
        let king = before.king(them);
        let mut n = 0;
        for taker in pawn_attacks(!them, ep) & before.pieces_of(them, PieceKind::Pawn) {
            let occupied = (self.occupied - from - taker) | ep;
            if !before.is_attacked_with(sliders, king, !them, occupied) {
                n += 1;
            }
        }
        n
    }

    /// The replier's moves but the free pawns' after `arrival` (whose path crosses
    /// [`ReplyBase::recount`], or a capture), counted on `scratch` (the replier's state
    /// with the move made, its check information found again here where needed) with the
    /// occupied squares after it.
    #[inline(always)]
    fn recount(
        &self,
        scratch: &mut Position,
        sliders: impl SliderLookup,
        them: Color,
        arrival: Arrival,
        occupied: Bitboard,
    ) -> Option<u64> {
        let us = !them;
        let path = arrival.changed();
        let capture = arrival.victim.is_some();
        // A capture off those lines changes neither: the man arriving stands where the
        // man taken stood, and gives no check from there.
        if arrival.crosses(&self.check_lines) {
            if self.pinned_pawn {
                return None;
            }
            scratch.update_check_info();
            if scratch.checkers().is_nonempty() || scratch.pinned() != self.pinned - arrival.to {
                return None;
            }
        }
        let targets = !scratch.colors(them) - scratch.pieces(PieceKind::King);
        let mut n = if capture {
            scratch.knight_moves(them, targets) + self.pinned_pawn_moves
        } else {
            self.rest
        };
        let slider_taken = matches!(
            arrival.victim,
            Some(PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen)
        );
        n += if slider_taken || (path & self.sliders_see).is_nonempty() {
            let mut moves = 0;
            for s in &self.sliders {
                if s.from == arrival.to {
                    // Taken.
                } else if (s.attacks & path).is_empty() {
                    moves += u64::from(s.moves);
                } else {
                    let attacks = s.attacks_with(sliders, occupied);
                    moves += u64::from((attacks & targets & s.confined_to).len());
                }
            }
            moves
        } else {
            self.slider_moves
        };
        n += if capture || (path & self.king_reach).is_nonempty() {
            let king = scratch.king(them);
            let without_king = occupied - king;
            let mut attacked = self.attacked;
            for w in &self.watched {
                if (w.reach & path).is_nonempty() {
                    attacked -= w.square;
                    if scratch.is_attacked_with(sliders, w.square, us, without_king) {
                        attacked |= w.square;
                    }
                }
            }
            let mut steps = self.steps;
            if capture && king_attacks(king).has(arrival.to) {
                // The man taken beside the King leaves a square it may step to.
                steps |= arrival.to;
                if scratch.is_attacked_with(sliders, arrival.to, us, without_king) {
                    attacked |= arrival.to;
                }
            }
            let castlings = scratch.castle_targets(sliders, them, &self.castlings, attacked);
            u64::from((steps - attacked).len()) + u64::from(castlings.len())
        } else {
            self.king_moves
        };
        Some(n)
    }
}

impl Position {
    /// Makes `base` the shared count of `!us`'s replies to `self`'s moves (`us` to move),
    /// and says whether one can be made: `us` moves once in this turn, neither side is in
    /// check, `them` has no Chess960 castling path and no more sliders than the table
    /// holds. `base` is filled in place (its tables are not moved); `scratch` holds
    /// `self`'s move-generation state on entry and on return.
    #[inline(always)]
    pub(super) fn reply_base(
        &self,
        scratch: &mut Position,
        sliders: impl SliderLookup,
        us: Color,
        base: &mut ReplyBase,
    ) -> bool {
        // RULE(multi_move_turn): in a turn of several moves the same side moves again.
        if self.gen.turn_moves != 1 || self.gen.checkers.is_nonempty() {
            return false;
        }
        let g = &mut scratch.gen;
        g.turn = !us;
        g.ep_square = None;
        g.turn_begun = false;
        g.move_limit = Bitboard::FULL;
        scratch.update_check_info();
        let made = scratch.checkers().is_empty() && scratch.reply_base_as(sliders, !us, base);
        scratch.gen = self.gen;
        made
    }

    /// [`Position::reply_base`] on `self`, with `them` to move and not in check.
    #[inline(always)]
    fn reply_base_as(&self, sliders: impl SliderLookup, them: Color, base: &mut ReplyBase) -> bool {
        let us = !them;
        let king = self.king(them);
        let occupied = self.occupied();
        let replier_men = self.colors(them);
        let targets = !replier_men - self.pieces(PieceKind::King);

        // Castling: its squares that must be empty or end a right are the core; for an
        // open path, the squares to cross unattacked are watched.
        let mut core = Bitboard::EMPTY;
        for side in CastleSide::ALL {
            if let Some(path) = self.castle_path(them, side) {
                if path.recheck_king_to {
                    return false;
                }
                core |= path.must_be_empty | path.touch();
            }
        }
        let castlings = self.open_castle_paths(them, Bitboard::FULL);
        let steps = king_attacks(king) & targets;
        let mut watched_squares = steps;
        for path in castlings.iter().flatten() {
            watched_squares |= path.must_be_safe;
        }

        // Checks and pins: the King's lines up to the first man, and past a first man of
        // the replier's own up to the second.
        let straight = view_lines(sliders, king, occupied, replier_men, true);
        let diagonal = view_lines(sliders, king, occupied, replier_men, false);
        let lines = straight | diagonal;
        let mut pin_lines = Bitboard::EMPTY;
        for pinned in self.pinned() {
            pin_lines |= line(king, pinned) & lines;
        }
        let any = (lines & self.colors(us)) | pin_lines;
        let check_lines = [
            any | pawn_attacks(them, king),
            any | knight_attacks(king),
            any | diagonal,
            any | straight,
            any | lines,
            any,
        ];

        // The watched squares: whatever could command them, and whether the mover does.
        let without_king = occupied - king;
        let mover = |kind: PieceKind| self.pieces_of(us, kind);
        let queens = mover(PieceKind::Queen);
        base.watched.clear();
        let mut king_reach = Bitboard::EMPTY;
        let mut attacked = Bitboard::EMPTY;
        for square in watched_squares {
            let straight = sliders.rook(square, without_king);
            let diagonal = sliders.bishop(square, without_king);
            let (knight, step, pawn) = (
                knight_attacks(square),
                king_attacks(square),
                pawn_attacks(them, square),
            );
            let reach = Bitboard::from(square) | straight | diagonal | knight | step | pawn;
            if ((straight & (mover(PieceKind::Rook) | queens))
                | (diagonal & (mover(PieceKind::Bishop) | queens))
                | (knight & mover(PieceKind::Knight))
                | (step & mover(PieceKind::King))
                | (pawn & mover(PieceKind::Pawn)))
            .is_nonempty()
            {
                attacked |= square;
            }
            king_reach |= reach;
            base.watched.push(Watched { square, reach });
        }
        let castle_to = self.castle_targets(sliders, them, &castlings, attacked);
        let king_moves = u64::from((steps - attacked).len()) + u64::from(castle_to.len());

        // The sliders, one by one.
        let pinned = self.pinned();
        let all_queens = self.pieces(PieceKind::Queen);
        let diagonal_men = (self.pieces(PieceKind::Bishop) | all_queens) & replier_men;
        let straight_men = (self.pieces(PieceKind::Rook) | all_queens) & replier_men;
        base.sliders.clear();
        let mut sliders_see = Bitboard::EMPTY;
        let mut slider_moves = 0;
        for from in diagonal_men | straight_men {
            let mut entry = SliderEntry {
                from,
                diagonal: diagonal_men.has(from),
                straight: straight_men.has(from),
                confined_to: if pinned.has(from) {
                    line(king, from)
                } else {
                    Bitboard::FULL
                },
                attacks: Bitboard::EMPTY,
                moves: 0,
            };
            entry.attacks = entry.attacks_with(sliders, occupied);
            entry.moves = (entry.attacks & targets & entry.confined_to).len();
            sliders_see |= entry.attacks;
            slider_moves += u64::from(entry.moves);
            if base.sliders.try_push(entry).is_err() {
                // More sliders than a game can have (see the field): count the long way.
                return false;
            }
        }

        let pinned_pawn_moves = self.pinned_pawn_moves(sliders, them, targets, targets);
        let rest = self.knight_moves(them, targets) + pinned_pawn_moves;
        let pawns = self.pieces_of(them, PieceKind::Pawn);
        let beside = Bitboard((pawns - Bitboard::file(File::A)).0 >> 1)
            | Bitboard((pawns - Bitboard::file(File::H)).0 << 1);
        let recount_common = sliders_see | king_reach;
        base.core = core;
        base.double_step_zone = beside;
        base.check_lines = check_lines;
        base.sliders_see = sliders_see;
        base.king_reach = king_reach;
        base.recount = check_lines.map(|lines| lines | recount_common);
        base.steps = steps;
        base.attacked = attacked;
        base.castlings = castlings;
        base.king_moves = king_moves;
        base.slider_moves = slider_moves;
        base.rest = rest;
        base.pinned_pawn_moves = pinned_pawn_moves;
        base.fixed = king_moves + slider_moves + rest;
        base.pinned = pinned;
        base.pinned_pawn = (pinned & pawns).is_nonempty();
        base.free_pawns = (pawns - Position::promotion_rank(them)) - pinned;
        base.pawn_reach = PawnReach::of(them, base.free_pawns);
        base.choices = self.promotion_choices();
        base.occupied = occupied;
        base.mover_men = self.colors(us);
        base.replier = self.gen;
        true
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

#[cfg(test)]
mod tests;
