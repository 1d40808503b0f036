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
    /// Puts a man on `sq`; with `FULL`, the mailbox and the key follow.
    #[inline(always)]
    pub(super) fn put<const FULL: bool>(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = Bitboard::from(sq);
        self.gen.by_kind[kind as usize] |= bb;
        *self.gen.by_color.get_mut(color) |= bb;
        if FULL {
            self.mailbox[sq as usize] = Some(kind);
            self.key ^= zobrist::piece(color, kind, sq);
        }
    }

    /// Takes a man off `sq`; with `FULL`, the mailbox and the key follow.
    #[inline(always)]
    pub(super) fn remove<const FULL: bool>(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = Bitboard::from(sq);
        self.gen.by_kind[kind as usize] -= bb;
        *self.gen.by_color.get_mut(color) -= bb;
        if FULL {
            self.mailbox[sq as usize] = None;
            self.key ^= zobrist::piece(color, kind, sq);
        }
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
        self.play_with::<true>(mv);
    }

    /// Plays a move. With `FULL` false, only what move generation reads is brought up
    /// to date (men, side to move, rights, en passant square, turn, check information):
    /// such a position must not outlive the caller.
    #[inline(always)]
    pub(super) fn play_with<const FULL: bool>(&mut self, mv: Move) {
        let us = self.gen.turn;
        let them = !us;
        let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
        let Some(moved) = self.kind_on(from) else {
            debug_assert!(false, "no man on {from}");
            return;
        };
        // The en passant and turn parts of the key are XORed out here and back in at
        // the end; castling rights only when they change.
        if FULL {
            self.key ^= self.ep_key() ^ self.turn_key();
        }
        self.gen.ep_square = None;
        let mut captured = false;

        match kind {
            MoveKind::Castle => {
                let side = CastleSide::of_king_to(to);
                let path = *self.paths.get(us, side).expect("castling without a path");
                self.remove::<FULL>(us, PieceKind::King, from);
                if let Some(rook_from) = path.rook_from {
                    self.remove::<FULL>(us, PieceKind::Rook, rook_from);
                    self.put::<FULL>(us, PieceKind::Rook, path.rook_to);
                }
                self.put::<FULL>(us, PieceKind::King, to);
            }
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                self.remove::<FULL>(them, PieceKind::Pawn, victim);
                self.remove::<FULL>(us, PieceKind::Pawn, from);
                self.put::<FULL>(us, PieceKind::Pawn, to);
                captured = true;
            }
            _ => {
                if let Some(victim) = self.kind_on(to) {
                    self.remove::<FULL>(them, victim, to);
                    captured = true;
                }
                self.remove::<FULL>(us, moved, from);
                let arriving = match mv.promotion() {
                    Some(p) => p,
                    None => moved,
                };
                self.put::<FULL>(us, arriving, to);
                if kind == MoveKind::DoublePush {
                    self.gen.ep_square = Some(from.passed_by_double_step(us));
                }
            }
        }

        let rights = self.paths.rights_after(self.gen.castling, from, to);
        if rights != self.gen.castling {
            if FULL {
                self.key ^= zobrist::castling(self.gen.castling) ^ zobrist::castling(rights);
            }
            self.gen.castling = rights;
        }
        if FULL {
            self.update_clocks(mv, moved, captured);
        }
        if self.gen.pass_turn_after_move(us) {
            if FULL && us == Color::Black {
                self.fullmove_number += 1;
            }
            if FULL {
                self.key ^= zobrist::black_to_move();
            }
        }
        if FULL {
            self.key ^= self.ep_key() ^ self.turn_key();
        }
        self.update_check_info();
    }

    /// The counts of a move just made (`moved` is the kind that moved, `captured` whether
    /// it took): the FEN clock, the capture clock, the British call clock. Runs before
    /// the turn passes.
    #[inline(always)]
    fn update_clocks(&mut self, mv: Move, moved: PieceKind, captured: bool) {
        // RULE(multi_move_turn): a turn of several moves is one move for the counts
        // (Am. IV 4 "in one turn to play"; Br. VI 5 "collectively considered as the first
        // move"): only its first move counts, and any of its moves may reset them.
        let counts = !self.gen.turn_begun;
        if captured || moved == PieceKind::Pawn {
            self.halfmove_clock = 0;
        } else if counts {
            self.halfmove_clock += 1;
        }
        // RULE(fifty_moves): the Code counts moves without a capture only (Am. II 8).
        if captured {
            self.capture_clock = 0;
        } else if counts {
            self.capture_clock += 1;
        }
        // RULE(fifty_moves): the British call to mate runs from the first position where
        // a side could call (Br. IV 12); only a capture or a promotion changes that.
        if let Some(turns) = self.call_clock {
            self.call_clock = Some(turns + u32::from(counts));
        } else if (captured || mv.promotion().is_some())
            && self.call_test.is_some_and(|may_call| (may_call.0)(self))
        {
            self.call_clock = Some(0);
        }
    }

    /// Passes the turn without moving (a "null move", for search). Not allowed in check
    /// or inside a turn of several moves; returns false then and changes nothing.
    pub fn play_null(&mut self) -> bool {
        if self.in_check() || self.in_multi_move_turn() {
            return false;
        }
        self.key ^= self.ep_key();
        self.gen.ep_square = None;
        self.halfmove_clock += 1;
        self.capture_clock += 1;
        if let Some(turns) = &mut self.call_clock {
            *turns += 1;
        }
        if self.gen.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.gen.turn = !self.gen.turn;
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

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::rules::odds::Odds;
    use crate::rules::RuleSet;
    use crate::rules::Rules;
    use crate::setup::Setup;

    fn odds_start(odds: Odds) -> Position {
        let rules = Rules::new(RuleSet::American1897);
        Position::from_setup(&odds.setup(&rules), rules).unwrap()
    }

    fn play(pos: &mut Position, text: &str) {
        let mv = pos.parse_uci_move(text).unwrap();
        pos.try_play(mv).unwrap();
        pos.assert_consistent();
    }

    /// Every move the encoding can name (each from, to and kind) is legal by `is_legal`
    /// exactly when the generator lists it, along a walk of `plies` from `pos`.
    fn is_legal_agrees_with_the_list(mut pos: Position, plies: usize, seed: u64) {
        use crate::types::{Move, MoveKind, Square};
        let mut rng = crate::rng::Rng::new(seed);
        for _ in 0..plies {
            let list = pos.legal_moves();
            for from in Square::ALL {
                for to in Square::ALL {
                    for kind in MoveKind::ALL {
                        if from == Square::A1 && to == Square::A1 && kind == MoveKind::Normal {
                            continue; // the one encoding `Move::new` refuses (all bits zero)
                        }
                        let mv = Move::new(from, to, kind);
                        assert_eq!(
                            pos.is_legal(mv),
                            list.contains(&mv),
                            "{mv:?} in {}",
                            pos.fen()
                        );
                    }
                }
            }
            if list.is_empty() {
                break;
            }
            pos.play_unchecked(list[rng.below(list.len())]);
        }
    }

    #[test]
    fn is_legal_agrees_with_the_generator() {
        let fen = |text: &str, rules: RuleSet| {
            Position::from_setup(&Setup::from_fen(text, false).unwrap(), Rules::new(rules)).unwrap()
        };
        let positions = [
            // Castling both ways, pins, en passant chances (Kiwipete).
            fen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                RuleSet::Fide,
            ),
            // Promotions by push and capture, checks.
            fen(
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                RuleSet::Fide,
            ),
            // An en passant capture that would expose the King.
            fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", RuleSet::Fide),
            // Castling without Rook (Am. IV 5).
            fen(
                "r3k2r/ppp2ppp/2nqbn2/3pp3/3PP3/2NQBN2/PPP2PPP/4K3 w KQkq - 0 1",
                RuleSet::American1897,
            ),
            // Chess960: the King castles onto its own square (g1, Rook h1 to f1).
            Position::from_setup(
                &Setup::from_fen("4k3/8/8/8/8/8/8/R5KR w HA - 0 1", true).unwrap(),
                Rules::new(RuleSet::Fide).with_chess960(true),
            )
            .unwrap(),
            Position::from_setup(
                &Setup::from_fen(
                    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                    true,
                )
                .unwrap(),
                Rules::new(RuleSet::Fide).with_chess960(true),
            )
            .unwrap(),
            // A Pawn may remain a Pawn on its last rank (Br. IV 15).
            fen("4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", RuleSet::British1894),
            // A turn of two moves within the first four ranks (pawn and two moves).
            odds_start(Odds::PawnAndTwoMoves),
            odds_start(Odds::Knight),
        ];
        for (i, pos) in positions.into_iter().enumerate() {
            is_legal_agrees_with_the_list(pos, 24, i as u64 + 1);
        }
    }

    #[test]
    fn multi_move_turn_keeps_the_mover_and_stops_at_the_fourth_rank() {
        let mut pos = odds_start(Odds::PawnAndTwoMoves);
        assert_eq!(pos.turn_moves(), 2);
        play(&mut pos, "e2e4");
        assert_eq!(pos.turn(), crate::types::Color::White);
        assert_eq!(
            pos.ep_square(),
            None,
            "no en passant chance inside the turn"
        );
        // Beyond the fourth rank: not generated, and refused when offered.
        assert!(pos.parse_uci_move("f1b5").is_err());
        assert!(pos.parse_uci_move("d1h5").is_err());
        assert!(pos.legal_moves().iter().all(|m| (m.to() as usize) < 32));
        play(&mut pos, "d2d4");
        assert_eq!(pos.turn(), crate::types::Color::Black);
        assert!(!pos.in_multi_move_turn());
        assert_eq!(pos.ep_square(), Some(crate::types::Square::D3));
        assert_eq!(pos.fullmove_number(), 1);
        // From Black's reply on, the limit is gone.
        play(&mut pos, "e7e6");
        assert!(pos.parse_uci_move("f1b5").is_ok());
    }

    #[test]
    fn last_move_of_a_long_turn_has_its_own_key() {
        let mut pos = odds_start(Odds::TwoMoves);
        play(&mut pos, "g1f3");
        assert_eq!(pos.turn_moves(), 1);
        assert!(pos.in_multi_move_turn());
        let mut plain = pos.to_setup();
        plain.turn_moves = 1;
        let unlimited = Position::from_setup(&plain, *pos.rules()).unwrap();
        assert!(!unlimited.in_multi_move_turn());
        assert_ne!(pos.key(), unlimited.key());
        assert!(pos.legal_moves().len() < unlimited.legal_moves().len());
    }

    #[test]
    fn no_null_move_inside_a_long_turn() {
        let mut pos = odds_start(Odds::ThreeMoves);
        assert!(!pos.play_null());
        let mut normal = Position::startpos(Rules::default());
        assert!(normal.play_null());
        assert_eq!(normal.turn(), crate::types::Color::Black);
        normal.assert_consistent();
    }

    #[test]
    fn a_man_arriving_on_the_empty_rook_square_ends_the_right() {
        // Rook odds: a Black Bishop reaches a1, then leaves; White's Queen-side right is gone.
        let rules = Rules::new(RuleSet::American1897);
        let setup = Setup::from_fen(
            "rn1qkbnr/pbpppppp/1p6/8/8/2P5/PP1PPPPP/1NBQKBNR b KQkq - 0 3",
            false,
        )
        .unwrap();
        let mut pos = Position::from_setup(&setup, rules).unwrap();
        assert!(pos.has_castling_right(crate::types::Color::White, crate::setup::CastleSide::Queen));
        play(&mut pos, "e7e6");
        play(&mut pos, "b2b4");
        play(&mut pos, "f8b4");
        assert!(pos.has_castling_right(crate::types::Color::White, crate::setup::CastleSide::Queen));
        play(&mut pos, "g1f3");
        play(&mut pos, "b4a3");
        play(&mut pos, "f3g1");
        play(&mut pos, "b7g2");
        play(&mut pos, "g1f3");
        play(&mut pos, "a3b2");
        play(&mut pos, "f3g1");
        assert!(pos.has_castling_right(crate::types::Color::White, crate::setup::CastleSide::Queen));
        play(&mut pos, "b2a1");
        assert!(
            !pos.has_castling_right(crate::types::Color::White, crate::setup::CastleSide::Queen)
        );
        play(&mut pos, "g1f3");
        play(&mut pos, "a1b2");
        assert!(
            !pos.has_castling_right(crate::types::Color::White, crate::setup::CastleSide::Queen)
        );
        assert!(pos.fen().contains(" Kkq "), "{}", pos.fen());
    }
}
