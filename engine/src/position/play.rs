//! Playing moves: `play` (checked in debug builds), `try_play` (checked always) and
//! `play_unchecked`, all updating the Zobrist key incrementally. Copy-make: callers that
//! need the position before the move keep a copy (it is `Clone` and small).
//!
//! Which moves are legal is the move generator's business; this file only carries them out.

use super::Position;
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, Move, MoveKind, PieceKind, Square};
use crate::zobrist;

/// A move that is not legal in the position it was offered to.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct IllegalMove(pub Move);

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal move {:?}", self.0)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    #[inline(always)]
    fn put(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = Bitboard::from(sq);
        self.by_kind[kind as usize] |= bb;
        *self.by_color.get_mut(color) |= bb;
        self.mailbox[sq as usize] = Some(kind);
        self.key ^= zobrist::piece(color, kind, sq);
    }

    #[inline(always)]
    fn remove(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = Bitboard::from(sq);
        self.by_kind[kind as usize] -= bb;
        *self.by_color.get_mut(color) -= bb;
        self.mailbox[sq as usize] = None;
        self.key ^= zobrist::piece(color, kind, sq);
    }

    /// Plays a legal move. Debug builds check that it is legal.
    #[inline]
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "illegal move {mv:?} in {}", self.fen());
        self.play_unchecked(mv);
    }

    /// Plays a move after checking that it is legal.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// The position after a legal move, leaving this one as it is.
    #[inline]
    pub fn played(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Plays a move without any check. A move that is not legal here leaves the
    /// position in a state whose behaviour is unspecified (but memory-safe).
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
        let Some(moved) = self.kind_on(from) else {
            debug_assert!(false, "no man on {from}");
            return;
        };
        self.key ^= zobrist::castling(self.castling) ^ self.ep_key() ^ self.turn_key();
        self.ep_square = None;
        let mut captured = false;

        match kind {
            MoveKind::Castle => {
                let side = if to.file() == crate::File::G {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                let path = *self.paths.get(us, side).expect("castling without a path");
                self.remove(us, PieceKind::King, from);
                if let Some(rook_from) = path.rook_from {
                    self.remove(us, PieceKind::Rook, rook_from);
                    self.put(us, PieceKind::Rook, path.rook_to);
                }
                self.put(us, PieceKind::King, to);
            }
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                self.remove(them, PieceKind::Pawn, victim);
                self.remove(us, PieceKind::Pawn, from);
                self.put(us, PieceKind::Pawn, to);
                captured = true;
            }
            _ => {
                if let Some(victim) = self.kind_on(to) {
                    self.remove(them, victim, to);
                    captured = true;
                }
                self.remove(us, moved, from);
                let arriving = match mv.promotion() {
                    Some(p) => p,
                    None => moved,
                };
                self.put(us, arriving, to);
                if kind == MoveKind::DoublePush {
                    self.ep_square =
                        Some(Square::new(from.file(), crate::Rank::Third.relative_to(us)));
                }
            }
        }

        self.castling = self.paths.rights_after(self.castling, from, to);
        if captured || moved == PieceKind::Pawn {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock += 1;
        }
        // RULE(fifty_moves): the Code counts moves without a capture only (Am. II 8).
        if captured {
            self.capture_clock = 0;
        } else {
            self.capture_clock += 1;
        }

        if self.turn_moves > 1 {
            // RULE(multi_move_turn): the same side moves again (Am. IV 4). No opponent
            // move comes between, so no en passant chance arises.
            self.turn_moves -= 1;
            self.ep_square = None;
        } else {
            self.move_limit = Bitboard::FULL;
            if us == Color::Black {
                self.fullmove_number += 1;
            }
            self.turn = them;
            self.key ^= zobrist::black_to_move();
        }
        self.key ^= zobrist::castling(self.castling) ^ self.ep_key() ^ self.turn_key();
        self.update_check_info();
    }

    /// Passes the turn without moving (a "null move", for search). Not allowed in check
    /// or inside a turn of several moves; returns false then and changes nothing.
    pub fn play_null(&mut self) -> bool {
        if self.in_check() || self.in_multi_move_turn() {
            return false;
        }
        self.key ^= self.ep_key();
        self.ep_square = None;
        self.halfmove_clock += 1;
        self.capture_clock += 1;
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
        self.key ^= zobrist::black_to_move();
        self.update_check_info();
        true
    }

    /// Whether `mv` is one of the legal moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.generate_moves(|batch| {
            if batch.from == mv.from() && batch.to.has(mv.to()) && batch.is_castle == mv.is_castle()
            {
                found = self.expand(batch).contains(&mv);
            }
            found
        });
        found
    }
}
