//! Pressure on the enemy and exposure of one's own King, beyond `threats` and
//! `king_safety`: squares from which a piece could check safely, squares by our King that
//! only the King or Queen guards, Pawn advances that would attack a piece, and pieces
//! the King attacks that nothing defends.

use super::side_attacks::{pawn_set_attacks, SideInfo};
use super::{Params, S};
use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::position::Position;
use crate::types::{ByColor, Color, PieceKind};

/// `us`'s safe checks, weak King squares, Pawn-advance threats and King threats.
pub(super) fn pressure(pos: &Position, us: Color, info: &ByColor<SideInfo>, p: &Params) -> S {
    let them = !us;
    let (mine, theirs) = (&info[us], &info[them]);
    let occ = pos.occupied();
    let mut s = S(0, 0);

    // Squares from which a piece of ours would check their King and not be taken.
    let king = pos.king(them);
    let safe = !pos.colors(us) - theirs.all;
    let diagonal = bishop_attacks(king, occ);
    let straight = rook_attacks(king, occ);
    let checks = [
        knight_attacks(king) & mine.knights,
        diagonal & mine.bishops,
        straight & mine.rooks,
        (diagonal | straight) & mine.queens,
    ];
    for (weight, squares) in p.safe_check.iter().zip(checks) {
        s += *weight * (squares & safe).len() as i32;
    }

    // Squares beside our King that they attack and only our King or Queen defends.
    let guards = mine.pawns | mine.knights | mine.bishops | mine.rooks;
    let around_king = king_attacks(pos.king(us));
    let weak = (around_king & theirs.all) - guards;
    s += p.weak_king_zone * weak.len() as i32;

    // Their pieces that a safe one-square advance of one of our Pawns would attack.
    let their_pieces = pos.colors(them) - pos.pieces(PieceKind::Pawn) - pos.pieces(PieceKind::King);
    let pushes = pos.pieces_of(us, PieceKind::Pawn).forward(us) - occ - theirs.pawns;
    let safe_pushes = pushes & (mine.all | !theirs.all);
    let pushed_attacks = pawn_set_attacks(safe_pushes, us);
    s += p.pawn_push_threat * (pushed_attacks & their_pieces).len() as i32;

    // Their men (not the King) that our King attacks and nothing of theirs defends.
    let their_men = pos.colors(them) - pos.pieces(PieceKind::King);
    s += p.threat_by_king * ((around_king & their_men) - theirs.all).len() as i32;
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::setup::Setup;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap()
    }

    fn pressure_of(fen: &str, us: Color, p: &Params) -> i32 {
        let pos = pos(fen);
        let info = ByColor::new(
            SideInfo::new(&pos, Color::White),
            SideInfo::new(&pos, Color::Black),
        );
        pressure(&pos, us, &info, p).0
    }

    #[test]
    fn safe_checks_are_counted_per_piece_kind() {
        let mut p = super::super::DEFAULT;
        p.safe_check = [S(1, 0), S(10, 0), S(100, 0), S(1000, 0)];
        p.threat_by_king = S(0, 0);
        p.weak_king_zone = S(0, 0);
        // Black King h8: a Knight checks it from f7 or g6. The Knight on e5 reaches
        // both; the Pawn on h7 guards g6, so one safe check.
        let fen = "7k/7p/8/4N3/8/8/8/K7 w - - 0 1";
        assert_eq!(pressure_of(fen, Color::White, &p), 1);
        // A Rook on a1 can check from a8 and from h1, neither guarded.
        let fen = "7k/8/8/8/8/1K6/8/R7 w - - 0 1";
        assert_eq!(pressure_of(fen, Color::White, &p), 200);
        // Black's Queen on a5 could check the White King on g1 from g5, a1, e1 (rank
        // and file), c5, b6, a7 (the diagonal): six squares, none of them guarded.
        let fen = "7k/8/8/q7/8/8/8/6K1 b - - 0 1";
        assert_eq!(pressure_of(fen, Color::Black, &p), 6000);
    }

    #[test]
    fn weak_king_squares_pawn_pushes_and_king_threats() {
        let mut p = super::super::DEFAULT;
        p.safe_check = [S(0, 0); 4];
        p.weak_king_zone = S(1, 0);
        p.pawn_push_threat = S(10, 0);
        p.threat_by_king = S(100, 0);
        // White Pawn e4 may advance to e5 and attack the Knight on d6 and the Rook on
        // f6; the Rook also attacks f1 and f2 beside the White King (two weak squares).
        let fen = "4k3/8/3n1r2/8/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(pressure_of(fen, Color::White, &p), 20 + 2);
        // With a Bishop on f6 instead, e5 is attacked and not defended: no safe advance.
        let fen = "4k3/8/3n1b2/8/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(pressure_of(fen, Color::White, &p), 0);
        // The White King attacks the undefended Knight on d2; the Rook on e8 attacks e2
        // and the Knight f1, beside the White King, which nothing but the King guards.
        let fen = "4r1k1/8/8/8/8/8/3n4/4K3 w - - 0 1";
        assert_eq!(pressure_of(fen, Color::White, &p), 100 + 1 + 1);
    }
}
