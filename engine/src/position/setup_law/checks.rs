//! Checks: the side not to move may not be in check (Am. I 11 E(a)), and a check on the
//! side to move must be one that a single legal last move could have given.
//!
//! The rule for impossible checks, kept deliberately simple and sound (it never refuses
//! a position that could arise, and it catches the usual impossibilities):
//!
//! 1. The opponent made the last move, with one man `X` (castling: the Rook arriving and
//!    the King leaving; en passant: the capturing Pawn and the captured one leaving).
//! 2. `X` *could have arrived* on its square if some square `s` it could have come from
//!    (a reverse move over empty squares: a Pawn one step back, two from its fourth rank,
//!    or diagonally back after a capture; a promoted piece from its seventh rank; a
//!    Knight's or slider's move) is empty now.
//! 3. One checker `X`: the check is possible if `X` could have arrived, or if `X` is a
//!    slider with at least one square between it and the King that a man could have just
//!    left (a discovered check). So a Pawn checking from its starting rank, or a Knight
//!    whose every source square is occupied, is impossible.
//! 4. Two checkers `X`, `Y`: possible only if one of them, `X`, could have arrived from a
//!    square `s` that lies between the other, `Y`, and the King (the move of `X`
//!    discovered `Y`), or if the last move was en passant or castling and the square it
//!    emptied lies between. So `Y` must be a slider: Knight and Knight, Pawn and Pawn,
//!    Pawn and Knight are never a double check.
//! 5. Three or more checkers: impossible.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::setup::Setup;
use crate::types::{Bitboard, Color, File, Piece, PieceKind, Rank, Square};

use super::violation::{list_squares, SetupViolation, SetupViolationKind};

/// Every occupied square.
fn occupied(setup: &Setup) -> Bitboard {
    setup.squares_of_color(Color::White) | setup.squares_of_color(Color::Black)
}

/// The kind on a square (callers know it is occupied).
fn kind_on(setup: &Setup, sq: Square) -> Option<PieceKind> {
    setup.piece_on(sq).map(|p| p.kind)
}

/// `by`'s men that command `sq`.
fn attackers(setup: &Setup, sq: Square, by: Color) -> Bitboard {
    let occ = occupied(setup);
    let mine = |kind| setup.squares_of(Piece::new(by, kind));
    let queens = mine(PieceKind::Queen);
    (knight_attacks(sq) & mine(PieceKind::Knight))
        | (king_attacks(sq) & mine(PieceKind::King))
        | (pawn_attacks(!by, sq) & mine(PieceKind::Pawn))
        | (rook_attacks(sq, occ) & (mine(PieceKind::Rook) | queens))
        | (bishop_attacks(sq, occ) & (mine(PieceKind::Bishop) | queens))
}

/// The squares the man on `to` could have come from in one move (see rule 2), together
/// with the squares that move emptied besides its source (en passant victim, castling
/// King). Both are empty now.
fn last_move_sources(setup: &Setup, to: Square) -> (Bitboard, Bitboard) {
    let Some(piece) = setup.piece_on(to) else {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    };
    let occ = occupied(setup);
    let empty = |sq: Option<Square>| sq.filter(|s| !occ.has(*s));
    let color = piece.color;
    let back: i8 = if color == Color::White { -1 } else { 1 };
    let rel_rank = to.rank().relative_to(color);
    let mut sources = Bitboard::EMPTY;
    let mut emptied = Bitboard::EMPTY;
    match piece.kind {
        PieceKind::Pawn => {
            if rel_rank >= Rank::Third {
                if let Some(s) = empty(to.offset(0, back)) {
                    sources |= s;
                    if rel_rank == Rank::Fourth {
                        if let Some(s2) = empty(s.offset(0, back)) {
                            sources |= s2;
                        }
                    }
                }
                for df in [-1, 1] {
                    if let Some(s) = empty(to.offset(df, back)) {
                        sources |= s;
                        // En passant: the captured Pawn stood straight behind.
                        if rel_rank == Rank::Sixth {
                            if let Some(victim) = empty(to.offset(0, back)) {
                                emptied |= victim;
                            }
                        }
                    }
                }
            }
        }
        PieceKind::Knight => sources |= knight_attacks(to) - occ,
        PieceKind::Bishop => sources |= bishop_attacks(to, occ) - occ,
        PieceKind::Rook => sources |= rook_attacks(to, occ) - occ,
        PieceKind::Queen => {
            sources |= (rook_attacks(to, occ) | bishop_attacks(to, occ)) - occ;
        }
        PieceKind::King => sources |= king_attacks(to) - occ,
    }
    // A piece on its eighth rank may have just been promoted from the seventh.
    if piece.kind != PieceKind::Pawn && piece.kind != PieceKind::King && rel_rank == Rank::Eighth {
        for df in [-1, 0, 1] {
            if let Some(s) = empty(to.offset(df, back)) {
                sources |= s;
            }
        }
    }
    // Castling: a Rook on f1/d1 beside its King on g1/c1 came from h1/a1, and the King
    // left e1.
    if piece.kind == PieceKind::Rook && rel_rank == Rank::First {
        let first = Rank::First.relative_to(color);
        let king = Piece::new(color, PieceKind::King);
        for (rook_to, king_to, rook_from) in
            [(File::F, File::G, File::H), (File::D, File::C, File::A)]
        {
            if to.file() == rook_to && setup.piece_on(Square::new(king_to, first)) == Some(king) {
                if let Some(s) = empty(Some(Square::new(rook_from, first))) {
                    sources |= s;
                }
                if let Some(e) = empty(Some(Square::new(File::E, first))) {
                    emptied |= e;
                }
            }
        }
    }
    (sources, emptied)
}

/// Whether a Pawn's double step from `from` to `to`, the last move, explains every
/// check the side to move now stands in: each checker is that Pawn, or a line-mover
/// whose line to the King passed over `from` (a discovered check). Without a King to
/// move, or without a check, there is nothing to explain.
pub fn double_step_explains_checks(setup: &Setup, from: Square, to: Square) -> bool {
    let us = setup.turn;
    let Some(king) = setup.king(us) else {
        return true;
    };
    attackers(setup, king, !us)
        .into_iter()
        .all(|c| c == to || (is_slider(setup, c) && between(c, king).has(from)))
}

/// Whether the man on `sq` attacks along lines (Bishop, Rook, Queen).
fn is_slider(setup: &Setup, sq: Square) -> bool {
    matches!(
        kind_on(setup, sq),
        Some(PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen)
    )
}

/// The side not to move in check, and impossible checks on the side to move. Needs one
/// King a side (checked before).
pub fn checks(setup: &Setup, out: &mut Vec<SetupViolation>) {
    let us = setup.turn;
    let (Some(our_king), Some(their_king)) = (setup.king(us), setup.king(!us)) else {
        return;
    };
    let against_them = attackers(setup, their_king, us);
    if against_them.is_nonempty() {
        let mut squares: Vec<Square> = against_them.iter().collect();
        squares.push(their_king);
        out.push(SetupViolation::new(
            SetupViolationKind::OpponentInCheck,
            "Am. I 11 E(a)",
            squares,
            format!(
                "{} is not to move but its King on {their_king} is in check from {}",
                !us,
                list_squares(&against_them.iter().collect::<Vec<_>>())
            ),
        ));
    }
    let checkers: Vec<Square> = attackers(setup, our_king, !us).iter().collect();
    let why = match checkers.as_slice() {
        [] => return,
        [x] => {
            let (sources, _) = last_move_sources(setup, *x);
            let discovered = is_slider(setup, *x) && between(*x, our_king).is_nonempty();
            if sources.is_nonempty() || discovered {
                return;
            }
            "no move could have brought the checking man there, and it cannot have been discovered"
        }
        [x, y] => {
            let possible = |mover: Square, other: Square| {
                let (sources, emptied) = last_move_sources(setup, mover);
                ((sources | emptied) & between(other, our_king)).is_nonempty()
            };
            if possible(*x, *y) || possible(*y, *x) {
                return;
            }
            "no single move could have given both checks (neither checker can have moved off the other's line)"
        }
        _ => "three or more checks at once cannot be given by one move",
    };
    let names: Vec<String> = checkers
        .iter()
        .map(|sq| {
            let kind = kind_on(setup, *sq).map_or("man", PieceKind::name);
            format!("{kind} on {sq}")
        })
        .collect();
    let mut squares = checkers.clone();
    squares.push(our_king);
    out.push(SetupViolation::new(
        SetupViolationKind::ImpossibleCheck,
        "Am. I 11 E(a)",
        squares,
        format!(
            "impossible check on {}'s King on {our_king} by {}: {why}",
            us,
            names.join(" and ")
        ),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(fen: &str) -> Vec<SetupViolationKind> {
        let setup = Setup::from_fen(fen, false).expect("test FEN");
        let mut out = Vec::new();
        checks(&setup, &mut out);
        out.into_iter().map(|f| f.kind).collect()
    }

    #[test]
    fn ordinary_and_discovered_double_checks_are_possible() {
        // Knight check.
        assert!(kinds("4k3/8/3N4/8/8/8/8/4K3 b - - 0 1").is_empty());
        // Rook and Knight: the Knight left e4 and uncovered the Rook.
        assert!(kinds("4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1").is_empty());
        // Pawn check from its fifth rank.
        assert!(kinds("8/4k3/3P4/8/8/8/8/4K3 b - - 0 1").is_empty());
    }

    #[test]
    fn impossible_checks_are_found() {
        // Two Knights.
        assert_eq!(
            kinds("4k3/2N5/5N2/8/8/8/8/4K3 b - - 0 1"),
            [SetupViolationKind::ImpossibleCheck]
        );
        // A Pawn on its starting rank checking.
        assert_eq!(
            kinds("7k/3p4/4K3/8/8/8/8/8 w - - 0 1"),
            [SetupViolationKind::ImpossibleCheck]
        );
        // Rook and Bishop, neither able to have uncovered the other.
        assert_eq!(
            kinds("R3k3/8/8/7B/8/8/8/7K b - - 0 1"),
            [SetupViolationKind::ImpossibleCheck]
        );
        // Three checks.
        assert_eq!(
            kinds("R3k3/8/3N4/7B/8/8/8/7K b - - 0 1"),
            [SetupViolationKind::ImpossibleCheck]
        );
    }

    #[test]
    fn side_not_to_move_in_check() {
        assert_eq!(
            kinds("4k3/8/8/8/8/8/8/4RK2 w - - 0 1"),
            [SetupViolationKind::OpponentInCheck]
        );
    }
}
