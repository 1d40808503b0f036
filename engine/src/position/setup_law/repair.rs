//! Fields that can be repaired without doubt: castling rights whose King or Rook has
//! left (Am. I 11 E(e), IV 5; docs/RULES.md §3), an en passant square no double step passed
//! over (Am. I 11 E(c)), and move counts that contradict the position (Am. II 8).
//!
//! Each repair is made only when the caller's [`super::Relax`] asks for it; it changes
//! the setup and is reported as repaired. The placement of the men is never touched.

use std::fmt::Write as _;

use crate::rules::Rules;
use crate::setup::{CastleSide, Setup};
use crate::types::{Color, File, Piece, PieceKind, Rank, Square};

use super::violation::{SetupViolation, SetupViolationKind};

/// The FEN letter of a right, for messages.
fn right_letter(color: Color, side: CastleSide) -> char {
    let c = match side {
        CastleSide::King => 'k',
        CastleSide::Queen => 'q',
    };
    if color == Color::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Why the castling right of `color` on `side` with its Rook on `file` cannot stand, or
/// `None` if it stands. The one place that decides whether a right stands, and so the
/// one place castling without Rook is judged (docs/RULES.md §3, with
/// [`Rules::allows_castling_without_rook`]). The message ends before the repair's words.
pub fn castling_right_problem(
    setup: &Setup,
    rules: Rules,
    color: Color,
    side: CastleSide,
    file: File,
) -> Option<SetupViolation> {
    let first = Rank::First.relative_to(color);
    let rook_square = Square::new(file, first);
    let king = setup.king(color);
    let rook = Piece::new(color, PieceKind::Rook);
    let name = color;
    let letter = right_letter(color, side);
    let v = |kind, law, squares, message| Some(SetupViolation::new(kind, law, squares, message));
    if rules.chess960 {
        let ok_king = king.filter(|k| {
            k.rank() == first
                && match side {
                    CastleSide::King => k.file() < file,
                    CastleSide::Queen => k.file() > file,
                }
        });
        if ok_king.is_none() {
            return v(
                SetupViolationKind::CastlingKingMoved,
                "Am. I 11 E(e)",
                Vec::new(),
                format!("{name}'s castling right {letter}: the King is not on its first rank on the right side of the Rook"),
            );
        }
        if setup.piece_on(rook_square) != Some(rook) {
            return v(
                SetupViolationKind::CastlingRookMissing,
                "Am. I 11 E(e)",
                vec![rook_square],
                format!("{name}'s castling right {letter}: no {name} Rook on {rook_square}"),
            );
        }
        return None;
    }
    let king_home = Square::new(File::E, first);
    if king != Some(king_home) {
        return v(
            SetupViolationKind::CastlingKingMoved,
            "Am. I 11 E(e)",
            vec![king_home],
            format!("{name}'s castling right {letter}: the King is not on {king_home}"),
        );
    }
    if file != side.standard_rook_file() {
        return v(
            SetupViolationKind::CastlingRookMissing,
            "Am. I 11 E(e)",
            vec![rook_square],
            format!("{name}'s castling right {letter} names a Rook on {rook_square}, which is not a castling Rook's square in standard chess"),
        );
    }
    match setup.piece_on(rook_square) {
        Some(p) if p == rook => None,
        // RULE(castling_without_rook): the right stands while the Rook's square is empty.
        None if rules.allows_castling_without_rook() => None,
        None => v(
            SetupViolationKind::CastlingRookMissing,
            "docs/RULES.md §3",
            vec![rook_square],
            format!("{name}'s castling right {letter}: {rook_square} is empty and castling without Rook is not allowed under {}", rules.set),
        ),
        Some(other) => v(
            SetupViolationKind::CastlingRookMissing,
            "Am. IV 5",
            vec![rook_square],
            format!(
                "{name}'s castling right {letter}: {rook_square} holds a {} {}, so the Rook has left (and a right without Rook needs the square empty throughout the game)",
                other.color,
                other.kind.name()
            ),
        ),
    }
}

/// Castling rights whose King or Rook has left; removed when `repair`.
pub fn castling(setup: &mut Setup, rules: Rules, repair: bool, out: &mut Vec<SetupViolation>) {
    for color in Color::ALL {
        for side in CastleSide::ALL {
            let Some(file) = setup.castling.get(color).get(side) else {
                continue;
            };
            if let Some(mut problem) = castling_right_problem(setup, rules, color, side, file) {
                if repair {
                    setup.castling.get_mut(color).set(side, None);
                    problem.message.push_str("; right removed");
                    problem.repaired = true;
                }
                out.push(problem);
            }
        }
    }
}

/// Whether `setup`'s en passant square (if any) is one a double step just passed over.
/// A square right behind a Pawn that just made its double step is valid even if no Pawn
/// can take.
pub fn en_passant_stands(setup: &Setup) -> bool {
    let Some(ep) = setup.ep_square else {
        return true;
    };
    let turn = setup.turn;
    let forward: i8 = if turn == Color::White { 1 } else { -1 };
    let (Some(from), Some(to)) = (ep.offset(0, forward), ep.offset(0, -forward)) else {
        return false;
    };
    ep.rank() == Rank::Sixth.relative_to(turn)
        && setup.piece_on(ep).is_none()
        && setup.piece_on(from).is_none()
        && setup.piece_on(to) == Some(Piece::new(!turn, PieceKind::Pawn))
        && super::checks::double_step_explains_checks(setup, from, to)
}

/// Whether the Pawn stands as a double step over `ep` leaves it, but that step could not
/// have given the check the side to move stands in.
fn in_check_unexplained(setup: &Setup, ep: Square) -> bool {
    let forward: i8 = if setup.turn == Color::White { 1 } else { -1 };
    let (Some(from), Some(to)) = (ep.offset(0, forward), ep.offset(0, -forward)) else {
        return false;
    };
    setup.piece_on(to) == Some(Piece::new(!setup.turn, PieceKind::Pawn))
        && setup.piece_on(from).is_none()
        && !super::checks::double_step_explains_checks(setup, from, to)
}

/// An en passant square that no double step just passed over; removed when `repair`.
pub fn en_passant(setup: &mut Setup, repair: bool, out: &mut Vec<SetupViolation>) {
    let Some(ep) = setup.ep_square else {
        return;
    };
    if en_passant_stands(setup) {
        return;
    }
    let pawn = !setup.turn;
    let mut message = if in_check_unexplained(setup, ep) {
        format!(
            "en passant square {ep}: the {pawn} Pawn's double step over it could not have given the check {} now stands in",
            setup.turn
        )
    } else {
        format!("en passant square {ep}: no {pawn} Pawn can just have passed over it with a double step")
    };
    if repair {
        setup.ep_square = None;
        message.push_str("; removed");
    }
    out.push(SetupViolation {
        kind: SetupViolationKind::InvalidEnPassant,
        law: "Am. I 11 E(c)",
        squares: vec![ep],
        message,
        repaired: repair,
    });
}

/// Move counts that contradict the position: after a double step the half-move clock is
/// 0, and the clock cannot exceed the half-moves played since move 1. Fixed when
/// `repair`.
pub fn move_counts(setup: &mut Setup, repair: bool, out: &mut Vec<SetupViolation>) {
    if setup.ep_square.is_some() && setup.halfmove_clock != 0 {
        let mut message = format!(
            "half-move clock {} after a Pawn's double step (which resets it)",
            setup.halfmove_clock
        );
        if repair {
            message.push_str("; set to 0");
            setup.halfmove_clock = 0;
        }
        out.push(SetupViolation {
            kind: SetupViolationKind::MoveCountContradiction,
            law: "Am. II 8",
            squares: Vec::new(),
            message,
            repaired: repair,
        });
    }
    let played =
        u64::from(setup.fullmove_number.max(1) - 1) * 2 + u64::from(setup.turn == Color::Black);
    if u64::from(setup.halfmove_clock) > played {
        // The clock is the better witness (it feeds the fifty-move claim): raise the
        // move number to the least one that allows it.
        let needed = u64::from(setup.halfmove_clock) - u64::from(setup.turn == Color::Black);
        let number = (needed.div_ceil(2) + 1).min(u64::from(u32::MAX)) as u32;
        let mut message = format!(
            "half-move clock {} is more than the {played} half-moves played before move {}",
            setup.halfmove_clock, setup.fullmove_number
        );
        if repair {
            let _ = write!(message, "; move number set to {number}");
            setup.fullmove_number = number;
        }
        out.push(SetupViolation {
            kind: SetupViolationKind::MoveCountContradiction,
            law: "Am. II 8",
            squares: Vec::new(),
            message,
            repaired: repair,
        });
    }
}
