//! Why a record names no legal move: of the moves it could mean by the way it is written
//! (the men it names, the squares it names), the one that came nearest to being legal,
//! and the law that forbids it, as SAN's refusals give it.

use super::record::{on_files, squares_of, Action, Reading};
use crate::position::move_refusal::{IllegalKind, IllegalReason};
use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{File, PieceKind, Rank, Square};

/// The reason of the nearest move the readings could mean, or `None` when they name no
/// square to go to (a capture of a man not on the board, say).
pub(super) fn nearest_refusal(pos: &Position, readings: &[Reading]) -> Option<IllegalReason> {
    let meant: Vec<_> = readings.iter().flat_map(|r| meant_moves(pos, r)).collect();
    let nearest = meant
        .iter()
        .map(|&(from, to, promotion)| pos.why_illegal_move(from, to, promotion))
        .min_by_key(IllegalReason::nearness)?;
    if nearest.kind != IllegalKind::CannotMoveThere {
        return Some(nearest);
    }
    // No man named moves so: say that of the man and the squares, as SAN does, rather
    // than of whichever man was tried first.
    let kind = pos.kind_on(meant[0].0)?;
    let mut squares: Vec<Square> = meant.iter().map(|m| m.1).collect();
    squares.sort_unstable();
    squares.dedup();
    Some(IllegalReason::none_goes_to(kind, squares))
}

/// The moves a reading can mean, legal or not: its man from each square it may stand on
/// to each square named (the King to its castling square for `Castles`).
fn meant_moves(pos: &Position, r: &Reading) -> Vec<(Square, Square, Option<PieceKind>)> {
    let us = pos.turn();
    let first = Rank::First.relative_to(us);
    match r.action {
        Action::Castle(side) => {
            let king = pos.king(us);
            [CastleSide::King, CastleSide::Queen]
                .into_iter()
                .filter(|s| side.is_none_or(|named| named == *s))
                .map(|s| {
                    let file = if s == CastleSide::King {
                        File::G
                    } else {
                        File::C
                    };
                    (king, Square::new(file, first), None)
                })
                .collect()
        }
        Action::To(named) => {
            let last = Rank::Eighth.relative_to(us);
            let mut moves = Vec::new();
            for from in pos.pieces_of(us, r.mover.kind) {
                let stands_as_named = on_files(from, r.mover.files)
                    && r.from
                        .is_none_or(|q| squares_of(q.files, q.rank, us).has(from));
                if !stands_as_named {
                    continue;
                }
                for to in squares_of(named.files, named.rank, us) {
                    // A record that names no piece fits every choice (Am. I 13 C).
                    let promotion = match r.promotion {
                        None if r.mover.kind == PieceKind::Pawn && to.rank() == last => {
                            Some(PieceKind::Queen)
                        }
                        other => other,
                    };
                    moves.push((from, to, promotion));
                }
            }
            moves
        }
        Action::Takes { .. } | Action::TakesOn(_) => Vec::new(),
    }
}
