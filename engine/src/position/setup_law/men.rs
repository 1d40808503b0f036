//! The men on the board: Kings, counts that promotions must explain, Pawns on ranks they
//! can never stand on (Am. I 4; Am. I 11 E(d); Br. IV 15).
//!
//! Only the placement is looked at here; checks, castling rights and the en passant
//! square are the business of the sibling modules.

use crate::rules::Rules;
use crate::setup::Setup;
use crate::types::{Color, Piece, PieceKind, Rank, Square};

use super::violation::{list_squares, SetupViolation, SetupViolationKind};

/// The squares of a man, in a1..h8 order.
fn squares(setup: &Setup, piece: Piece) -> Vec<Square> {
    setup.squares_of(piece).iter().collect()
}

/// Kings: exactly one per side.
pub fn kings(setup: &Setup, out: &mut Vec<SetupViolation>) {
    for color in Color::ALL {
        let kings = squares(setup, Piece::new(color, PieceKind::King));
        match kings.len() {
            1 => {}
            0 => out.push(SetupViolation::new(
                SetupViolationKind::MissingKing,
                "Am. I 4",
                Vec::new(),
                format!("{color} has no King"),
            )),
            n => out.push(SetupViolation::new(
                SetupViolationKind::TooManyKings,
                "Am. I 4",
                kings.clone(),
                format!("{} has {n} Kings, on {}", color, list_squares(&kings)),
            )),
        }
    }
}

/// Counts: at most 16 men and 8 Pawns a side, and no more pieces than the missing Pawns
/// could have become.
///
/// The rule: a side starts with 1 Queen, 2 Rooks, 2 Knights and one Bishop on each colour
/// of square. Every man beyond those counts (a second Queen, a third Rook or Knight, a
/// second Bishop on light squares...) must be a promoted Pawn, so the extras together may
/// not exceed `8 - pawns`. A Bishop's square colour never changes, which is why Bishops are
/// counted per colour of square.
pub fn counts(setup: &Setup, out: &mut Vec<SetupViolation>) {
    for color in Color::ALL {
        let men = setup.squares_of_color(color).len();
        if men > 16 {
            out.push(SetupViolation::new(
                SetupViolationKind::TooManyMen,
                "Am. I 4",
                Vec::new(),
                format!("{color} has {men} men; a side has 16 at most"),
            ));
        }
        let count = |kind| setup.squares_of(Piece::new(color, kind)).len();
        let pawns = count(PieceKind::Pawn);
        if pawns > 8 {
            out.push(SetupViolation::new(
                SetupViolationKind::TooManyPawns,
                "Am. I 4",
                squares(setup, Piece::new(color, PieceKind::Pawn)),
                format!("{color} has {pawns} Pawns; a side has 8 at most"),
            ));
            continue;
        }
        let bishops = squares(setup, Piece::new(color, PieceKind::Bishop));
        let light = bishops
            .iter()
            .filter(|sq| (sq.file() as u8 + sq.rank() as u8) % 2 == 1)
            .count() as u32;
        let dark = bishops.len() as u32 - light;
        let extra = count(PieceKind::Queen).saturating_sub(1)
            + count(PieceKind::Rook).saturating_sub(2)
            + count(PieceKind::Knight).saturating_sub(2)
            + light.saturating_sub(1)
            + dark.saturating_sub(1);
        if extra > 8 - pawns {
            out.push(SetupViolation::new(
                SetupViolationKind::UnexplainedPieces,
                "Am. I 4",
                Vec::new(),
                format!(
                    "{color} has {extra} pieces beyond the initial array but only {} missing Pawns that could have been promoted",
                    8 - pawns
                ),
            ));
        }
    }
}

/// Pawns on their own first rank (never), or on their eighth (only where they may remain
/// Pawns, Br. IV 15).
pub fn pawn_ranks(setup: &Setup, rules: Rules, out: &mut Vec<SetupViolation>) {
    for color in Color::ALL {
        let pawns = setup.squares_of(Piece::new(color, PieceKind::Pawn));
        let first: Vec<Square> = pawns
            .iter()
            .filter(|sq| sq.rank() == Rank::First.relative_to(color))
            .collect();
        if !first.is_empty() {
            out.push(SetupViolation::new(
                SetupViolationKind::PawnOnFirstRank,
                "Am. I 4",
                first.clone(),
                format!(
                    "{} Pawn on its own first rank: {}",
                    color,
                    list_squares(&first)
                ),
            ));
        }
        // RULE(remain_pawn): a Pawn may stay on its eighth rank under Br. IV 15 only.
        let last: Vec<Square> = pawns
            .iter()
            .filter(|sq| sq.rank() == Rank::Eighth.relative_to(color))
            .collect();
        if !last.is_empty() && !rules.allows_pawn_on_last_rank() {
            out.push(SetupViolation::new(
                SetupViolationKind::PawnOnLastRank,
                "Am. I 11 E(d)",
                last.clone(),
                format!(
                    "{} Pawn on its eighth rank, where it must have been exchanged for a piece: {} (only british-1894, IV 15, lets it remain a Pawn)",
                    color,
                    list_squares(&last)
                ),
            ));
        }
    }
}
