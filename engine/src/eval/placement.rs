//! Where the pieces stand, beyond their square tables: Knights and Bishops on outposts or
//! sheltered behind a Pawn, Bishops hemmed in by their own Pawns, Rooks on the seventh.

use super::masks::SPANS;
use super::side_attacks::SideInfo;
use super::{Params, S};
use crate::position::Position;
use crate::types::{Bitboard, ByColor, Color, PieceKind, Rank};

/// The light squares (a8, c8, … h1 are light; a1 is dark).
const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;

/// Outposts, minors behind Pawns, Bishops' own Pawns and Rooks on the seventh for `us`.
pub(super) fn placement(pos: &Position, us: Color, info: &ByColor<SideInfo>, p: &Params) -> S {
    let them = !us;
    let our_pawns = pos.pieces_of(us, PieceKind::Pawn);
    let their_pawns = pos.pieces_of(them, PieceKind::Pawn);
    let all_pawns = pos.pieces(PieceKind::Pawn);
    let (passed_span, front_span) = (&SPANS.0[us], &SPANS.1[us]);
    let mut s = S(0, 0);
    for (i, kind) in [PieceKind::Knight, PieceKind::Bishop]
        .into_iter()
        .enumerate()
    {
        for sq in pos.pieces_of(us, kind) {
            let rel_rank = sq.relative_to(us).rank() as usize;
            // No enemy Pawn on the files beside it, ahead of it, can ever attack it.
            let attackable = passed_span[sq as usize] & !front_span[sq as usize];
            if (3..=5).contains(&rel_rank)
                && info[us].pawns.has(sq)
                && (Bitboard(attackable) & their_pawns).is_empty()
            {
                s += p.outpost[i];
            }
            if (Bitboard::from(sq).forward(us) & all_pawns).is_nonempty() {
                s += p.minor_behind_pawn;
            }
            if kind == PieceKind::Bishop {
                let colour = if Bitboard::from(sq).0 & LIGHT != 0 {
                    LIGHT
                } else {
                    !LIGHT
                };
                s += p.bishop_pawns * (our_pawns & Bitboard(colour)).len() as i32;
            }
        }
    }
    let seventh = Bitboard::rank(Rank::Seventh.relative_to(us));
    let eighth = Bitboard::rank(Rank::Eighth.relative_to(us));
    if eighth.has(pos.king(them)) || (their_pawns & seventh).is_nonempty() {
        s += p.rook_seventh * (pos.pieces_of(us, PieceKind::Rook) & seventh).len() as i32;
    }
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

    fn unit() -> Params {
        let mut p = super::super::DEFAULT;
        p.outpost = [S(1, 0), S(10, 0)];
        p.minor_behind_pawn = S(100, 0);
        p.bishop_pawns = S(1000, 0);
        p.rook_seventh = S(10000, 0);
        p
    }

    fn placement_of(fen: &str, us: Color) -> i32 {
        let pos = pos(fen);
        let info = ByColor::new(
            SideInfo::new(&pos, Color::White),
            SideInfo::new(&pos, Color::Black),
        );
        placement(&pos, us, &info, &unit()).0
    }

    #[test]
    fn outposts_need_a_pawn_behind_and_no_enemy_pawn_that_can_chase() {
        // Knight on e5 defended by d4, no Black Pawn on d or f files ahead: an outpost.
        assert_eq!(
            placement_of("4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1", Color::White),
            1
        );
        // A Black Pawn on f7 can come to f6 and attack it: none.
        assert_eq!(
            placement_of("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1", Color::White),
            0
        );
        // Black's Knight on d4 defended by e5, seen from Black (its fifth rank).
        assert_eq!(
            placement_of("4k3/8/8/4p3/3n4/8/8/4K3 b - - 0 1", Color::Black),
            1
        );
    }

    #[test]
    fn minor_behind_pawn_bishop_pawns_and_rook_on_seventh() {
        // Bishop d3 (a light square) behind the Pawn on d4; two of the three Pawns (c4,
        // e4) stand on light squares, d4 on a dark one.
        assert_eq!(
            placement_of("4k3/8/8/8/2PPP3/3B4/8/4K3 w - - 0 1", Color::White),
            100 + 2 * 1000
        );
        // Black's Bishop on d6 (dark) behind its Pawn on d5, Pawns c5 (dark) and d5
        // (light): one on its colour.
        assert_eq!(
            placement_of("4k3/8/3b4/2pp4/8/8/8/4K3 b - - 0 1", Color::Black),
            100 + 1000
        );
        // Rook on the seventh with the Black King on the eighth; not with it on the sixth.
        assert_eq!(
            placement_of("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", Color::White),
            10000
        );
        assert_eq!(
            placement_of("8/R7/4k3/8/8/8/8/4K3 w - - 0 1", Color::White),
            0
        );
        // Black's Rook on its seventh (the second rank) with the White King on the first.
        assert_eq!(
            placement_of("4k3/8/8/8/8/8/r7/4K3 b - - 0 1", Color::Black),
            10000
        );
    }
}
