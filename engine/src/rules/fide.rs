//! What programs that follow FIDE rules make of a game played under the Code: which
//! moves they cannot replay, and why the Code allows them.
//!
//! A PGN reader such as python-chess replays SAN under FIDE rules: it drops castling
//! rights whose Rook is missing from the FEN, and it knows no Pawn that remains a Pawn.
//! Rather than state those differences a second time, a move is judged by the legal
//! moves generated under [`RuleSet::Fide`] in the position as such a program holds it
//! ([`fide_view`]). A turn of several moves (Am. IV 4) is not among the differences: it
//! is written with the null move `--` for the giver's pass, which those programs read.

use std::fmt;

use super::{RuleSet, Rules};
use crate::position::setup_law::violation::SetupViolationKind;
use crate::position::setup_law::{judge, Relax};
use crate::position::{Position, PositionError};
use crate::setup::CastleSide;
use crate::types::{Move, MoveKind};

/// Why a move legal under the Code is one that programs following FIDE rules reject.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum CodeOnly {
    /// Castling on a side whose Rook was removed before the game (Am. IV 5; Br. VI 3;
    /// Staunton odds IV): FIDE rules know no such move.
    CastlingWithoutRook(CastleSide),
    /// A Pawn on its eighth rank remains a Pawn (Br. IV 15): FIDE rules know no such move.
    RemainsPawn,
    /// A Pawn that remained a Pawn stands on its eighth rank (Br. IV 15): FIDE rules know
    /// no such position, so no move can be replayed from it.
    PawnOnEighthRank,
    /// Inside a turn of several moves the opponent's King stands in check (Am. IV 4):
    /// FIDE rules know no position where the side not to move is in check.
    CheckInsideTurn,
}

/// The law by which castling without the Rook is legal under `set` (docs/RULES.md §3).
pub const fn castling_without_rook_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. IV 5",
        RuleSet::British1894 => "Br. VI 3",
        RuleSet::Staunton1910 => "Staunton odds IV",
        // FIDE has no such move; the digest states the Code's own switch.
        RuleSet::Fide => "docs/RULES.md §3",
    }
}

/// A move that only the Code allows, with the rule set it was played under.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct CodeOnlyMove {
    /// Why FIDE rules reject it.
    pub kind: CodeOnly,
    /// The rule set in force when it was played.
    pub set: RuleSet,
}

impl CodeOnlyMove {
    /// The law by which the move is legal.
    pub const fn law(self) -> &'static str {
        match self.kind {
            CodeOnly::CastlingWithoutRook(_) => castling_without_rook_law(self.set),
            CodeOnly::RemainsPawn | CodeOnly::PawnOnEighthRank => "Br. IV 15",
            CodeOnly::CheckInsideTurn => "Am. IV 4",
        }
    }
}

impl fmt::Display for CodeOnlyMove {
    /// What the move is, to follow its SAN: `is castling without the Rook on the Queen's
    /// side, legal under Am. IV 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            CodeOnly::CastlingWithoutRook(CastleSide::King) => {
                "is castling without the Rook on the King's side"
            }
            CodeOnly::CastlingWithoutRook(CastleSide::Queen) => {
                "is castling without the Rook on the Queen's side"
            }
            CodeOnly::RemainsPawn => "leaves the Pawn a Pawn on its eighth rank",
            CodeOnly::PawnOnEighthRank => {
                "is played with a Pawn that remained a Pawn on its eighth rank"
            }
            CodeOnly::CheckInsideTurn => {
                "is played inside a turn of several moves while the opponent's King stands in check"
            }
        };
        write!(f, "{what}, legal under {}", self.law())
    }
}

/// The position as a program following FIDE rules holds it: the same men, side to move
/// and en passant square, without the castling rights FIDE rules cannot keep (a right
/// whose Rook is missing), one move a turn; `Err` with the reasons when FIDE rules know
/// no such position.
///
/// ```
/// use engine::rules::fide::fide_view;
/// use engine::{Odds, Position, Rules, RuleSet, CastleSide, Color};
/// let rules = Rules::new(RuleSet::American1897);
/// let pos = Position::from_setup(&Odds::Rook.setup(&rules), rules).unwrap();
/// assert!(pos.has_castling_right(Color::White, CastleSide::Queen));
/// let view = fide_view(&pos).unwrap();
/// assert!(!view.has_castling_right(Color::White, CastleSide::Queen));
/// assert!(view.has_castling_right(Color::White, CastleSide::King));
/// ```
pub fn fide_view(pos: &Position) -> Result<Position, PositionError> {
    let fide = Rules::new(RuleSet::Fide).with_chess960(pos.rules().chess960);
    let mut setup = pos.to_setup();
    setup.turn_moves = 1;
    let relax = Relax {
        castling: true,
        en_passant: true,
        move_counts: false,
    };
    judge(&mut setup, fide, relax);
    Position::from_setup(&setup, fide)
}

impl Position {
    /// Whether the legal move `mv` is one that programs following FIDE rules reject, and
    /// why: `None` when they replay it.
    ///
    /// ```
    /// use engine::rules::fide::CodeOnly;
    /// use engine::{CastleSide, Position, Rules, RuleSet, Setup};
    /// // White gave the Queen's Rook; b1, c1 and d1 are empty.
    /// let fen = "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1";
    /// let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::new(RuleSet::American1897)).unwrap();
    /// let long = pos.parse_san("O-O-O").unwrap();
    /// assert_eq!(pos.code_only(long).unwrap().kind, CodeOnly::CastlingWithoutRook(CastleSide::Queen));
    /// assert_eq!(pos.code_only(long).unwrap().to_string(), "is castling without the Rook on the Queen's side, legal under Am. IV 5");
    /// assert_eq!(pos.code_only(pos.parse_san("O-O").unwrap()), None);
    /// ```
    pub fn code_only(&self, mv: Move) -> Option<CodeOnlyMove> {
        let kind = match fide_view(self) {
            Ok(view) if view.legal_moves().contains(&mv) => return None,
            Ok(_) if mv.is_castle() => CodeOnly::CastlingWithoutRook(
                if mv.to().file() == CastleSide::King.king_to_file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                },
            ),
            Ok(_) => {
                // The rule sets differ in castling and promotion only; a multi-move turn
                // only narrows the moves, and the view plays one move a turn.
                debug_assert_eq!(mv.kind(), MoveKind::RemainPawn, "{mv:?} in {}", self.fen());
                CodeOnly::RemainsPawn
            }
            Err(e) if e.has(SetupViolationKind::PawnOnLastRank) => CodeOnly::PawnOnEighthRank,
            Err(e) => {
                // Castling rights and the en passant square were repaired; what is left
                // of a position the Code reached is a check given inside the turn.
                debug_assert!(e.has(SetupViolationKind::OpponentInCheck), "{e:?}");
                CodeOnly::CheckInsideTurn
            }
        };
        Some(CodeOnlyMove {
            kind,
            set: self.rules().set,
        })
    }
}

/// The first move of a game from `start` that programs following FIDE rules reject: its
/// index in `moves`, and why. Those programs stop reading there.
pub fn first_code_only_move(start: &Position, moves: &[Move]) -> Option<(usize, CodeOnlyMove)> {
    let mut pos = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        if let Some(why) = pos.code_only(mv) {
            return Some((i, why));
        }
        pos.play(mv);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::odds::Odds;
    use crate::setup::Setup;

    fn position(fen: &str, set: RuleSet) -> Position {
        Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::new(set)).unwrap()
    }

    fn moves(start: &Position, sans: &[&str]) -> Vec<Move> {
        let mut pos = start.clone();
        sans.iter()
            .map(|s| {
                let mv = pos.parse_san(s).unwrap();
                pos.play(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn castling_without_the_rook_is_code_only_under_each_codes_law() {
        for (set, law) in [
            (RuleSet::American1897, "Am. IV 5"),
            (RuleSet::British1894, "Br. VI 3"),
            (RuleSet::Staunton1910, "Staunton odds IV"),
        ] {
            let rules = Rules::new(set);
            let start = Position::from_setup(&Odds::Rook.setup(&rules), rules).unwrap();
            let mut sans = vec![
                "e4", "e5", "Nc3", "Nc6", "d3", "d6", "Be3", "Be6", "Qd2", "Qd7",
            ];
            assert_eq!(
                first_code_only_move(&start, &moves(&start, &sans)),
                None,
                "{set}"
            );
            sans.push("O-O-O");
            let all = moves(&start, &sans);
            let (i, why) = first_code_only_move(&start, &all).expect("O-O-O");
            assert_eq!(i, 10);
            assert_eq!(why.kind, CodeOnly::CastlingWithoutRook(CastleSide::Queen));
            assert_eq!(why.law(), law, "{set}");
        }
    }

    #[test]
    fn castling_with_the_rook_and_a_turn_of_several_moves_replay_under_fide() {
        let rules = Rules::new(RuleSet::American1897);
        let start = Position::from_setup(&Odds::PawnAndTwoMoves.setup(&rules), rules).unwrap();
        let game = moves(
            &start,
            &["e4", "d4", "e6", "Nf3", "Nf6", "Bd3", "Be7", "O-O", "O-O"],
        );
        assert_eq!(first_code_only_move(&start, &game), None);
    }

    #[test]
    fn a_pawn_that_remains_a_pawn_is_code_only_by_br_iv_15() {
        let pos = position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", RuleSet::British1894);
        let stay = pos.parse_san("a8").unwrap();
        assert_eq!(stay.kind(), MoveKind::RemainPawn);
        let why = pos.code_only(stay).unwrap();
        assert_eq!(why.kind, CodeOnly::RemainsPawn);
        assert_eq!(why.law(), "Br. IV 15");
        assert_eq!(pos.code_only(pos.parse_san("a8=Q").unwrap()), None);
        // After it, no position FIDE rules know: every move is the Code's only.
        let after = pos.played(stay);
        let reply = after.parse_san("Kd7").unwrap();
        assert_eq!(
            after.code_only(reply).unwrap().kind,
            CodeOnly::PawnOnEighthRank
        );
    }

    #[test]
    fn a_check_inside_a_turn_of_several_moves_has_no_fide_position_am_iv_4() {
        let mut setup = Setup::from_fen("4k3/8/8/8/8/R7/8/4K3 w - - 0 1", false).unwrap();
        setup.turn_moves = 2;
        let rules = Rules::new(RuleSet::American1897);
        let pos = Position::from_setup(&setup, rules).unwrap();
        let check = pos.parse_san("Re3+").unwrap();
        assert_eq!(pos.code_only(check), None);
        let after = pos.played(check);
        assert_eq!(after.turn(), pos.turn());
        let again = after.parse_san("Kd2").unwrap();
        let why = after.code_only(again).unwrap();
        assert_eq!(why.kind, CodeOnly::CheckInsideTurn);
        assert_eq!(why.law(), "Am. IV 4");
    }

    #[test]
    fn the_view_keeps_what_fide_keeps() {
        let pos = position(
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/4K2R w KQkq - 0 1",
            RuleSet::American1897,
        );
        let view = fide_view(&pos).unwrap();
        assert_eq!(
            view.fen(),
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/4K2R w Kkq - 0 1"
        );
        assert_eq!(view.rules().set, RuleSet::Fide);
    }
}
