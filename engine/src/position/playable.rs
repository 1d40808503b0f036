//! `Position::from_setup`: the checks that make a [`Setup`] safe to play from.
//!
//! Only what the move generator and `play` rely on is refused here, and every reason is
//! reported at once, as the setup law words it ([`super::setup_law::violation`]). The
//! law itself is judged in [`super::setup_law`]; how a position could have arisen under
//! the Code (counts of men, impossible checks, odds) does not stop the engine from
//! playing it, so those violations are not reasons here: callers that want them ask
//! [`super::setup_law::judge`].

use std::fmt;

use super::castling::{right_bit, CastlePath, CastlingPaths};
use super::setup_law::repair::castling_right_problem;
use super::setup_law::violation::{SetupViolation, SetupViolationKind};
use super::setup_law::{judge, Relax};
use super::{CallTest, Position};
use crate::rules::draws::call::call_to_mate_side;
use crate::rules::FiftyMoveRule;
use crate::rules::Rules;
use crate::setup::{CastleSide, Setup};
use crate::types::{Bitboard, ByColor, Color, File, Piece, PieceKind, Rank, Square};
use crate::zobrist;

/// A setup that cannot be played, with every reason: the violations of the setup law
/// ([`super::setup_law::judge`]) that the move generator and `play` cannot do without,
/// a castling right whose King or Rook is not where the right needs it, and a turn of a
/// number of moves the engine does not play.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PositionError {
    /// Why, each with its law, squares and words.
    pub violations: Vec<SetupViolation>,
}

impl PositionError {
    /// Whether one of the reasons is of `kind`.
    pub fn has(&self, kind: SetupViolationKind) -> bool {
        self.violations.iter().any(|v| v.kind == kind)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reasons: Vec<String> = self.violations.iter().map(ToString::to_string).collect();
        write!(f, "invalid position: {}", reasons.join("; "))
    }
}

impl std::error::Error for PositionError {}

/// Builds the castling path of one right, or says why the right cannot stand (as
/// [`castling_right_problem`] judges it).
fn castle_path(
    setup: &Setup,
    rules: Rules,
    color: Color,
    side: CastleSide,
    file: File,
) -> Result<CastlePath, SetupViolation> {
    if let Some(problem) = castling_right_problem(setup, rules, color, side, file) {
        return Err(problem);
    }
    let king = setup
        .king(color)
        .expect("one King a side was checked before");
    let rook_square = Square::new(file, Rank::First.relative_to(color));
    let own_rook = setup.piece_on(rook_square) == Some(Piece::new(color, PieceKind::Rook));
    Ok(CastlePath::new(
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
    /// use engine::{Position, Rules, RuleSet, Setup, SetupViolationKind};
    /// let rookless = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", false).unwrap();
    /// assert!(Position::from_setup(&rookless, Rules::new(RuleSet::American1897)).is_ok());
    /// let err = Position::from_setup(&rookless, Rules::new(RuleSet::Fide)).unwrap_err();
    /// assert!(err.has(SetupViolationKind::CastlingRookMissing));
    /// ```
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, PositionError> {
        // The first position chooses the slider lookup (pext or magic) unless the
        // program chose one (`attacks::select_slider_attacks`).
        crate::attacks::select_automatically_once();
        let mut violations = Vec::new();
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
        let mut late = Vec::new();
        for v in judge(&mut judged, rules, Relax::NONE) {
            match v.kind {
                // RULE(remain_pawn): Br. IV 15 lets a pawn stay on its eighth rank (the
                // setup law does not report it then).
                SetupViolationKind::MissingKing
                | SetupViolationKind::TooManyKings
                | SetupViolationKind::PawnOnFirstRank
                | SetupViolationKind::PawnOnLastRank => violations.push(v),
                SetupViolationKind::OpponentInCheck | SetupViolationKind::InvalidEnPassant => {
                    late.push(v);
                }
                _ => {}
            }
        }
        if setup.turn_moves == 0 || setup.turn_moves > 3 {
            violations.push(SetupViolation::new(
                SetupViolationKind::TurnMovesOutOfRange,
                "Am. IV 4",
                Vec::new(),
                format!(
                    "a turn of {} moves: only the start of a game at odds has a turn of several moves, of at most three",
                    setup.turn_moves
                ),
            ));
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
                    Ok(path) => {
                        paths.set(color, side, path);
                        castling |= right_bit(color, side);
                    }
                    Err(problem) => violations.push(problem),
                }
            }
        }

        let turn = setup.turn;
        violations.extend(late);

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
    use crate::rules::RuleSet;

    use SetupViolationKind as Kind;

    fn violations(fen: &str, rules: Rules) -> Vec<Kind> {
        let setup = Setup::from_fen(fen, rules.chess960).unwrap();
        match Position::from_setup(&setup, rules) {
            Ok(_) => Vec::new(),
            Err(e) => e.violations.iter().map(|v| v.kind).collect(),
        }
    }

    /// A castling right whose King or Rook is not where the right needs it.
    fn bad_castling(kinds: &[Kind]) -> bool {
        kinds.contains(&Kind::CastlingKingMoved) || kinds.contains(&Kind::CastlingRookMissing)
    }

    #[test]
    fn each_violation_has_a_failing_example() {
        let am = Rules::new(RuleSet::American1897);
        let cases = [
            ("8/8/8/8/8/8/8/K7 w - - 0 1", Kind::MissingKing),
            ("k7/8/8/8/8/8/8/K6K w - - 0 1", Kind::TooManyKings),
            ("k7/8/8/8/8/8/8/K6P w - - 0 1", Kind::PawnOnFirstRank),
            ("k6P/8/8/8/8/8/8/K7 w - - 0 1", Kind::PawnOnLastRank),
            ("k7/8/8/8/8/8/8/R6K w - - 0 1", Kind::OpponentInCheck),
            ("k7/8/8/8/8/8/8/K7 w - e6 0 1", Kind::InvalidEnPassant),
        ];
        for (fen, want) in cases {
            let got = violations(fen, am);
            assert!(got.contains(&want), "{fen}: {got:?}");
        }
        let got = violations("k7/8/8/8/8/8/8/K6R w K - 0 1", am);
        assert!(bad_castling(&got), "{got:?}");
        let mut setup = Setup::standard();
        setup.turn_moves = 0;
        assert!(Position::from_setup(&setup, am)
            .unwrap_err()
            .has(Kind::TurnMovesOutOfRange));
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
        assert!(bad_castling(&violations(fen, Rules::new(RuleSet::Fide))));
        let occupied = "r3k2r/8/8/8/8/8/8/n3K2R w KQkq - 0 1";
        assert!(bad_castling(&violations(
            occupied,
            Rules::new(RuleSet::American1897)
        )));
        let displaced_king = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
        assert!(bad_castling(&violations(
            displaced_king,
            Rules::new(RuleSet::American1897)
        )));
    }

    #[test]
    fn valid_ep_after_a_double_step_even_without_a_taker() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert!(violations(fen, Rules::default()).is_empty());
    }
}
