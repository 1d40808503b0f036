//! Fields that can be repaired without doubt: castling rights whose King or Rook has
//! left (Am. I 11 E(e), IV 5; CODE.md §3), an en passant square no double step passed
//! over (Am. I 11 E(c)), and move counts that contradict the position (Am. II 8).
//!
//! Each repair changes the setup and reports a warning. The placement of the men is
//! never touched here.

use engine::{CastleSide, Color, File, Piece, PieceKind, Rank, Rules, Setup, Square};

use super::color_name;
use super::finding::{Finding, FindingKind};

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

/// Why a castling right cannot stand, or `None` if it can.
fn castling_problem(
    setup: &Setup,
    rules: Rules,
    color: Color,
    side: CastleSide,
    file: File,
) -> Option<(FindingKind, &'static str, Vec<Square>, String)> {
    let first = Rank::First.relative_to(color);
    let rook_square = Square::new(file, first);
    let king = setup.king(color);
    let rook = Piece::new(color, PieceKind::Rook);
    let name = color_name(color);
    let letter = right_letter(color, side);
    if rules.chess960 {
        let ok_king = king.filter(|k| {
            k.rank() == first
                && match side {
                    CastleSide::King => k.file() < file,
                    CastleSide::Queen => k.file() > file,
                }
        });
        if ok_king.is_none() {
            return Some((
                FindingKind::CastlingKingMoved,
                "Am. I 11 E(e)",
                Vec::new(),
                format!("{name}'s castling right {letter}: the King is not on its first rank on the right side of the Rook; right removed"),
            ));
        }
        if setup.piece_on(rook_square) != Some(rook) {
            return Some((
                FindingKind::CastlingRookMissing,
                "Am. I 11 E(e)",
                vec![rook_square],
                format!("{name}'s castling right {letter}: no {name} Rook on {rook_square}; right removed"),
            ));
        }
        return None;
    }
    let king_home = Square::new(File::E, first);
    if king != Some(king_home) {
        return Some((
            FindingKind::CastlingKingMoved,
            "Am. I 11 E(e)",
            vec![king_home],
            format!(
                "{name}'s castling right {letter}: the King is not on {king_home}; right removed"
            ),
        ));
    }
    if file != side.standard_rook_file() {
        return Some((
            FindingKind::CastlingRookMissing,
            "Am. I 11 E(e)",
            vec![rook_square],
            format!("{name}'s castling right {letter} names a Rook on {rook_square}, which is not a castling Rook's square in standard chess; right removed"),
        ));
    }
    match setup.piece_on(rook_square) {
        Some(p) if p == rook => None,
        // RULE(castling_without_rook): the right stands while the Rook's square is empty.
        None if rules.allows_castling_without_rook() => None,
        None => Some((
            FindingKind::CastlingRookMissing,
            "CODE.md §3",
            vec![rook_square],
            format!("{name}'s castling right {letter}: {rook_square} is empty and castling without Rook is not allowed under {}; right removed", rules.set),
        )),
        Some(other) => Some((
            FindingKind::CastlingRookMissing,
            "Am. IV 5",
            vec![rook_square],
            format!(
                "{name}'s castling right {letter}: {rook_square} holds a {} {}, so the Rook has left (and a right without Rook needs the square empty throughout the game); right removed",
                color_name(other.color),
                other.kind.name()
            ),
        )),
    }
}

/// Removes castling rights whose King or Rook has left.
pub fn castling(setup: &mut Setup, rules: Rules, out: &mut Vec<Finding>) {
    for color in Color::ALL {
        for side in CastleSide::ALL {
            let Some(file) = setup.castling.get(color).get(side) else {
                continue;
            };
            if let Some((kind, law, squares, message)) =
                castling_problem(setup, rules, color, side, file)
            {
                setup.castling.get_mut(color).set(side, None);
                out.push(Finding::new(kind, law, squares, message));
            }
        }
    }
}

/// Removes an en passant square that no double step just passed over. A square right
/// behind a Pawn that just made its double step is valid even if no Pawn can take.
pub fn en_passant(setup: &mut Setup, out: &mut Vec<Finding>) {
    let Some(ep) = setup.ep_square else {
        return;
    };
    let turn = setup.turn;
    let them = !turn;
    let forward: i8 = if turn == Color::White { 1 } else { -1 };
    let valid = ep.rank() == Rank::Sixth.relative_to(turn)
        && setup.piece_on(ep).is_none()
        && ep
            .offset(0, forward)
            .is_some_and(|from| setup.piece_on(from).is_none())
        && ep
            .offset(0, -forward)
            .is_some_and(|pawn| setup.piece_on(pawn) == Some(Piece::new(them, PieceKind::Pawn)));
    if !valid {
        setup.ep_square = None;
        out.push(Finding::new(
            FindingKind::InvalidEnPassant,
            "Am. I 11 E(c)",
            vec![ep],
            format!(
                "en passant square {ep}: no {} Pawn can just have passed over it with a double step; removed",
                color_name(them)
            ),
        ));
    }
}

/// Repairs move counts that contradict the position: after a double step the half-move
/// clock is 0, and the clock cannot exceed the half-moves played since move 1.
pub fn move_counts(setup: &mut Setup, out: &mut Vec<Finding>) {
    if setup.ep_square.is_some() && setup.halfmove_clock != 0 {
        out.push(Finding::new(
            FindingKind::MoveCountContradiction,
            "Am. II 8",
            Vec::new(),
            format!(
                "half-move clock {} after a Pawn's double step (which resets it); set to 0",
                setup.halfmove_clock
            ),
        ));
        setup.halfmove_clock = 0;
    }
    let played =
        u64::from(setup.fullmove_number.max(1) - 1) * 2 + u64::from(setup.turn == Color::Black);
    if u64::from(setup.halfmove_clock) > played {
        // The clock is the better witness (it feeds the fifty-move claim): raise the
        // move number to the least one that allows it.
        let needed = u64::from(setup.halfmove_clock) - u64::from(setup.turn == Color::Black);
        let number = (needed.div_ceil(2) + 1).min(u64::from(u32::MAX)) as u32;
        out.push(Finding::new(
            FindingKind::MoveCountContradiction,
            "Am. II 8",
            Vec::new(),
            format!(
                "half-move clock {} is more than the {played} half-moves played before move {}; move number set to {number}",
                setup.halfmove_clock, setup.fullmove_number
            ),
        ));
        setup.fullmove_number = number;
    }
}
