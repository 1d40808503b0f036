//! `Position::from_setup`: the checks that make a [`Setup`] safe to play from.
//!
//! Only what the move generator and `play` rely on is refused here, and every violation
//! is reported at once as a flag. The law itself is judged and worded in
//! [`super::setup_law`]; how a position could have arisen under the Code (counts of men,
//! impossible checks, odds) does not stop the engine from playing it, so those findings
//! are not flags here: callers that want them ask [`super::setup_law::judge`].

use std::fmt;

use super::castling::{right_bit, CastlePath, CastlingPaths};
use super::setup_law::castling_right_problem;
use super::setup_law::{judge, Relax, SetupViolationKind};
use super::{CallTest, Position};
use crate::rules::draws::call::call_to_mate_side;
use crate::rules::FiftyMoveRule;
use crate::setup::{CastleSide, Setup};
use crate::types::{Bitboard, ByColor, Color, File, Piece, PieceKind, Rank, Square};
use crate::{zobrist, Rules};

/// A set of reasons why a setup cannot be played.
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash)]
pub struct Violations(u16);

impl Violations {
    /// A side has no King.
    pub const MISSING_KING: Violations = Violations(1 << 0);
    /// A side has more than one King.
    pub const TOO_MANY_KINGS: Violations = Violations(1 << 1);
    /// A Pawn stands on its own first rank.
    pub const PAWN_ON_FIRST_RANK: Violations = Violations(1 << 2);
    /// A Pawn stands on its eighth rank, where it must have promoted (allowed only under
    /// the British draft, IV 15).
    pub const PAWN_ON_LAST_RANK: Violations = Violations(1 << 3);
    /// The side not to move is in check (Am. I 11 E(a)).
    pub const OPPONENT_IN_CHECK: Violations = Violations(1 << 4);
    /// A castling right whose King or Rook is not where the right needs it (docs/RULES.md §3).
    pub const INVALID_CASTLING_RIGHTS: Violations = Violations(1 << 5);
    /// An en passant square no double step can just have passed over.
    pub const INVALID_EP_SQUARE: Violations = Violations(1 << 6);
    /// A turn of 0 moves, or of several moves that is not at the start of the game.
    pub const INVALID_TURN_MOVES: Violations = Violations(1 << 7);

    const ALL: [(Violations, &'static str); 8] = [
        (Violations::MISSING_KING, "a side has no King"),
        (Violations::TOO_MANY_KINGS, "a side has more than one King"),
        (Violations::PAWN_ON_FIRST_RANK, "a Pawn stands on its own first rank"),
        (Violations::PAWN_ON_LAST_RANK, "a Pawn stands on its eighth rank (only the British Code, IV 15, lets it remain a Pawn)"),
        (Violations::OPPONENT_IN_CHECK, "the side not to move is in check (Am. I 11 E(a))"),
        (Violations::INVALID_CASTLING_RIGHTS, "a castling right whose King or Rook is not on its square (Am. I 11 E(e), IV 5)"),
        (Violations::INVALID_EP_SQUARE, "an en passant square that no double step just passed over"),
        (Violations::INVALID_TURN_MOVES, "a turn of several moves outside the start of a game at odds (Am. IV 4)"),
    ];

    /// No violation.
    pub const fn empty() -> Violations {
        Violations(0)
    }

    /// Whether there is none.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether all of `other` are present.
    pub const fn contains(self, other: Violations) -> bool {
        self.0 & other.0 == other.0
    }

    /// Adds `other`.
    pub fn insert(&mut self, other: Violations) {
        self.0 |= other.0;
    }

    /// Each violation present, with a sentence saying what it is.
    pub fn iter(self) -> impl Iterator<Item = (Violations, &'static str)> {
        Violations::ALL
            .into_iter()
            .filter(move |(v, _)| self.contains(*v))
    }
}

impl fmt::Debug for Violations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(|(_, s)| s).collect();
        write!(f, "Violations({names:?})")
    }
}

/// A setup that cannot be played, with every reason.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PositionError {
    /// Why.
    pub violations: Violations,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reasons: Vec<&str> = self.violations.iter().map(|(_, s)| s).collect();
        write!(f, "invalid position: {}", reasons.join("; "))
    }
}

impl std::error::Error for PositionError {}

/// Builds the castling path of one right, or `None` if the right cannot stand (as
/// [`castling_right_problem`] judges it).
fn castle_path(
    setup: &Setup,
    rules: Rules,
    color: Color,
    side: CastleSide,
    file: File,
) -> Option<CastlePath> {
    if castling_right_problem(setup, rules, color, side, file).is_some() {
        return None;
    }
    let king = setup.king(color)?;
    let rook_square = Square::new(file, Rank::First.relative_to(color));
    let own_rook = setup.piece_on(rook_square) == Some(Piece::new(color, PieceKind::Rook));
    Some(CastlePath::new(
        rules.chess960,
        color,
        side,
        king,
        rook_square,
        own_rook,
    ))
}

impl Position {
    /// Checks a setup and builds the position, or says every reason it cannot be played.
    ///
    /// ```
    /// use engine::{Position, Rules, RuleSet, Setup, Violations};
    /// let rookless = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", false).unwrap();
    /// assert!(Position::from_setup(&rookless, Rules::new(RuleSet::American1897)).is_ok());
    /// let err = Position::from_setup(&rookless, Rules::new(RuleSet::Fide)).unwrap_err();
    /// assert!(err.violations.contains(Violations::INVALID_CASTLING_RIGHTS));
    /// ```
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, PositionError> {
        // The first position chooses the slider lookup (pext or magic) unless the
        // program chose one (`attacks::select_slider_attacks`).
        crate::attacks::select_automatically_once();
        let mut violations = Violations::empty();
        let mut by_kind = [Bitboard::EMPTY; 6];
        let mut mailbox = [None; 64];
        let mut by_color = ByColor::new(Bitboard::EMPTY, Bitboard::EMPTY);
        for sq in Square::ALL {
            if let Some(p) = setup.board[sq as usize] {
                by_kind[p.kind as usize] |= sq;
                mailbox[sq as usize] = Some(p.kind);
                *by_color.get_mut(p.color) |= sq;
            }
        }
        // The setup law, judged once (legality), without repairs; the flags are what
        // the move generator and `play` cannot do without.
        let mut judged = setup.clone();
        let mut late = Violations::empty();
        for v in judge(&mut judged, rules, Relax::NONE) {
            match v.kind {
                SetupViolationKind::MissingKing => violations.insert(Violations::MISSING_KING),
                SetupViolationKind::TooManyKings => violations.insert(Violations::TOO_MANY_KINGS),
                SetupViolationKind::PawnOnFirstRank => {
                    violations.insert(Violations::PAWN_ON_FIRST_RANK);
                }
                // RULE(remain_pawn): Br. IV 15 lets a pawn stay on its eighth rank.
                SetupViolationKind::PawnOnLastRank => {
                    violations.insert(Violations::PAWN_ON_LAST_RANK);
                }
                SetupViolationKind::OpponentInCheck => late.insert(Violations::OPPONENT_IN_CHECK),
                SetupViolationKind::InvalidEnPassant => late.insert(Violations::INVALID_EP_SQUARE),
                _ => {}
            }
        }
        if setup.turn_moves == 0 || setup.turn_moves > 3 {
            violations.insert(Violations::INVALID_TURN_MOVES);
        }
        if !violations.is_empty() {
            // Without exactly one King a side, nothing below can be computed.
            return Err(PositionError { violations });
        }

        let mut paths = CastlingPaths::NONE;
        let mut castling = 0u8;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                let Some(file) = setup.castling.get(color).get(side) else {
                    continue;
                };
                match castle_path(setup, rules, color, side, file) {
                    Some(path) => {
                        paths.set(color, side, path);
                        castling |= right_bit(color, side);
                    }
                    None => violations.insert(Violations::INVALID_CASTLING_RIGHTS),
                }
            }
        }

        let turn = setup.turn;
        violations.insert(late);

        let move_limit = if setup.turn_moves > 1 {
            // RULE(multi_move_turn): Am. IV 4, no man beyond the mover's fourth rank.
            (0..4)
                .map(|r| Bitboard::rank(Rank::new(r).relative_to(turn)))
                .fold(Bitboard::EMPTY, |a, b| a | b)
        } else {
            Bitboard::FULL
        };

        let mut pos = Position {
            gen: super::MoveGenState {
                by_kind,
                by_color,
                move_limit,
                checkers: Bitboard::EMPTY,
                pinned: Bitboard::EMPTY,
                turn,
                castling,
                ep_square: setup.ep_square,
                turn_moves: setup.turn_moves,
                turn_begun: false,
            },
            mailbox,
            halfmove_clock: setup.halfmove_clock,
            capture_clock: setup.halfmove_clock,
            call_clock: None,
            // RULE(fifty_moves): only the British draft counts from a call.
            call_test: (rules.fifty_moves == FiftyMoveRule::CallToMate)
                .then_some(CallTest(|p| call_to_mate_side(p).is_some())),
            fullmove_number: setup.fullmove_number.max(1),
            key: 0,
            paths,
            rules,
        };
        if !violations.is_empty() {
            return Err(PositionError { violations });
        }
        pos.update_check_info();
        pos.key = pos.key_from_scratch();
        // RULE(fifty_moves): a side that may call to mate at the start has been able to
        // since the last capture or Pawn move, which is what the FEN's clock counts.
        if pos.call_test.is_some_and(|may_call| (may_call.0)(&pos)) {
            pos.call_clock = Some(setup.halfmove_clock);
        }
        debug_assert_eq!(zobrist::castling(0), 0);
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;

    fn violations(fen: &str, rules: Rules) -> Violations {
        let setup = Setup::from_fen(fen, rules.chess960).unwrap();
        match Position::from_setup(&setup, rules) {
            Ok(_) => Violations::empty(),
            Err(e) => e.violations,
        }
    }

    #[test]
    fn each_violation_has_a_failing_example() {
        let am = Rules::new(RuleSet::American1897);
        let cases = [
            ("8/8/8/8/8/8/8/K7 w - - 0 1", Violations::MISSING_KING),
            ("k7/8/8/8/8/8/8/K6K w - - 0 1", Violations::TOO_MANY_KINGS),
            (
                "k7/8/8/8/8/8/8/K6P w - - 0 1",
                Violations::PAWN_ON_FIRST_RANK,
            ),
            (
                "k6P/8/8/8/8/8/8/K7 w - - 0 1",
                Violations::PAWN_ON_LAST_RANK,
            ),
            (
                "k7/8/8/8/8/8/8/R6K w - - 0 1",
                Violations::OPPONENT_IN_CHECK,
            ),
            (
                "k7/8/8/8/8/8/8/K6R w K - 0 1",
                Violations::INVALID_CASTLING_RIGHTS,
            ),
            (
                "k7/8/8/8/8/8/8/K7 w - e6 0 1",
                Violations::INVALID_EP_SQUARE,
            ),
        ];
        for (fen, want) in cases {
            let got = violations(fen, am);
            assert!(got.contains(want), "{fen}: {got:?}");
        }
        let mut setup = Setup::standard();
        setup.turn_moves = 0;
        assert!(Position::from_setup(&setup, am)
            .unwrap_err()
            .violations
            .contains(Violations::INVALID_TURN_MOVES));
    }

    #[test]
    fn british_draft_allows_a_pawn_that_remained() {
        let fen = "k6P/8/8/8/8/8/8/K7 w - - 0 1";
        assert!(violations(fen, Rules::new(RuleSet::British1894)).is_empty());
    }

    #[test]
    fn rookless_right_needs_the_rules_and_an_empty_square() {
        let fen = "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1";
        assert!(violations(fen, Rules::new(RuleSet::American1897)).is_empty());
        assert!(violations(fen, Rules::new(RuleSet::Fide))
            .contains(Violations::INVALID_CASTLING_RIGHTS));
        let occupied = "r3k2r/8/8/8/8/8/8/n3K2R w KQkq - 0 1";
        assert!(violations(occupied, Rules::new(RuleSet::American1897))
            .contains(Violations::INVALID_CASTLING_RIGHTS));
        let displaced_king = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
        assert!(
            violations(displaced_king, Rules::new(RuleSet::American1897))
                .contains(Violations::INVALID_CASTLING_RIGHTS)
        );
    }

    #[test]
    fn valid_ep_after_a_double_step_even_without_a_taker() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert!(violations(fen, Rules::default()).is_empty());
    }
}
