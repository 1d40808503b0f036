//! Static evaluation: a tapered middlegame/endgame score of a position, in centipawns,
//! from the side to move's point of view.
//!
//! Terms: material, piece-square values, mobility (by table for Knights, Bishops and
//! Rooks), pawn structure (passed, isolated, doubled, backward, connected), king safety
//! (attacks on the King's zone, pawn shield, open files), threats, the bishop pair, rooks
//! on open files; where the pieces stand (`placement`: outposts, minors behind Pawns,
//! Bishops' own Pawns, Rooks on the seventh); pressure (`pressure`: safe checks, weak
//! squares by the King, Pawn-advance and King threats); and a scale factor that pulls
//! drawish endgames towards zero. Every weight lives in [`params`] as data.
//!
//! This module knows nothing of draws by rule, odds or search; it judges men on squares.
//!
//! ```
//! use engine::{eval, Position, Rules};
//! let pos = Position::startpos(Rules::default());
//! assert!(eval::evaluate(&pos).abs() < 50);
//! ```

mod masks;
pub mod nnue;
pub mod params;
mod placement;
mod pressure;
mod side_attacks;

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::position::Position;
use crate::types::{Bitboard, ByColor, Color, PieceKind, Square};
use masks::{adjacent_files, file_mask, FILE_A, FILE_H, SPANS};
pub use params::{Params, DEFAULT, S};
pub use side_attacks::pawn_set_attacks;
use side_attacks::SideInfo;

/// The game phase of a full set of men (Knight and Bishop 1, Rook 2, Queen 4).
pub const MAX_PHASE: i32 = 24;
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The score of `pos` for the side to move, with the default parameters.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &DEFAULT)
}

/// The score of `pos` for the side to move, with the given parameters (for tuning).
pub fn evaluate_with(pos: &Position, p: &Params) -> i32 {
    let info = ByColor::new(
        SideInfo::new(pos, Color::White),
        SideInfo::new(pos, Color::Black),
    );
    let mut score = S(0, 0);
    for us in Color::ALL {
        let sign = if us == Color::White { 1 } else { -1 };
        let mut s = pieces(pos, us, &info, p);
        s += pawns(pos, us, p);
        s += king_safety(pos, us, p);
        s += threats(pos, us, &info, p);
        s += placement::placement(pos, us, &info, p);
        s += pressure::pressure(pos, us, &info, p);
        score += s * sign;
    }
    let tempo = if pos.turn() == Color::White {
        p.tempo
    } else {
        -p.tempo
    };
    score += tempo;

    let phase = phase(pos);
    let strong = if score.1 >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let eg = score.1 * scale(pos, strong) / 128;
    let blended = (score.0 * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    if pos.turn() == Color::White {
        blended
    } else {
        -blended
    }
}

/// The game phase: 24 with every piece on the board, 0 with Kings and Pawns only.
pub fn phase(pos: &Position) -> i32 {
    let mut phase = 0;
    for kind in [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ] {
        phase += pos.pieces(kind).len() as i32 * PHASE_WEIGHT[kind as usize];
    }
    phase.min(MAX_PHASE)
}

#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Material, piece-square values, mobility, bishop pair and rooks on files for `us`.
fn pieces(pos: &Position, us: Color, info: &ByColor<SideInfo>, p: &Params) -> S {
    let them = !us;
    let occ = pos.occupied();
    let mut s = S(0, 0);
    let our_pawns = pos.pieces_of(us, PieceKind::Pawn);
    let their_pawns = pos.pieces_of(them, PieceKind::Pawn);
    // Mobility counts squares not held by our own men nor commanded by enemy Pawns.
    let area = !pos.colors(us) - info[them].pawns;
    for kind in PieceKind::ALL {
        let k = kind as usize;
        for sq in pos.pieces_of(us, kind) {
            let rel = sq.relative_to(us);
            s += p.material[k] + p.file[k][rel.file() as usize] + p.rank[k][rel.rank() as usize];
            let attacks = match kind {
                PieceKind::Knight => knight_attacks(sq),
                PieceKind::Bishop => bishop_attacks(sq, occ),
                PieceKind::Rook => {
                    let file = Bitboard(file_mask(sq.file() as usize));
                    if (file & our_pawns).is_empty() {
                        s += if (file & their_pawns).is_empty() {
                            p.rook_open
                        } else {
                            p.rook_semi_open
                        };
                    }
                    rook_attacks(sq, occ)
                }
                PieceKind::Queen => rook_attacks(sq, occ) | bishop_attacks(sq, occ),
                _ => continue,
            };
            let count = (attacks & area).len() as usize;
            s += match kind {
                PieceKind::Knight => p.knight_mobility[count],
                PieceKind::Bishop => p.bishop_mobility[count],
                PieceKind::Rook => p.rook_mobility[count],
                _ => p.mobility[k] * (count as i32 - p.mobility_base[k]),
            };
        }
    }
    if pos.pieces_of(us, PieceKind::Bishop).has_more_than_one() {
        s += p.bishop_pair;
    }
    s
}

/// Pawn structure for `us`: passed, isolated, doubled, backward, connected.
fn pawns(pos: &Position, us: Color, p: &Params) -> S {
    let them = !us;
    let ours = pos.pieces_of(us, PieceKind::Pawn);
    let theirs = pos.pieces_of(them, PieceKind::Pawn);
    let our_attacks = pawn_set_attacks(ours, us);
    let their_attacks = pawn_set_attacks(theirs, them);
    let (passed_span, front_span) = (&SPANS.0[us], &SPANS.1[us]);
    let mut s = S(0, 0);
    for sq in ours {
        let file = sq.file() as usize;
        let rel_rank = sq.relative_to(us).rank() as usize;
        let adjacent = Bitboard(adjacent_files(file));
        let stop = Bitboard::from(sq).forward(us);

        if (Bitboard(front_span[sq as usize]) & ours).is_nonempty() {
            s += p.doubled;
        }
        if (adjacent & ours).is_empty() {
            s += p.isolated;
        } else {
            // Backward: no neighbour level with or behind it, and its advance is commanded.
            let supporters = adjacent & (ours - Bitboard(ahead_rows(sq, us)));
            if supporters.is_empty() && (stop & their_attacks).is_nonempty() {
                s += p.backward;
            }
        }
        let phalanx = Bitboard::from(sq).east_west() & ours;
        if phalanx.is_nonempty() || our_attacks.has(sq) {
            s += p.connected[rel_rank];
        }
        if (Bitboard(passed_span[sq as usize]) & theirs).is_empty()
            && (Bitboard(front_span[sq as usize]) & ours).is_empty()
        {
            s += p.passed[rel_rank];
            if let Some(stop_sq) = stop.first() {
                if !pos.occupied().has(stop_sq) {
                    s += p.passed_free[rel_rank];
                }
                let eg = p.passed_enemy_king[rel_rank] * distance(pos.king(them), stop_sq)
                    - p.passed_own_king[rel_rank] * distance(pos.king(us), stop_sq);
                s += S(0, eg);
            }
        }
    }
    s
}

/// The rows strictly ahead of `sq` for `color` (all files).
#[inline]
fn ahead_rows(sq: Square, color: Color) -> u64 {
    let rank = sq.rank() as u32;
    match color {
        Color::White => {
            if rank == 7 {
                0
            } else {
                !0u64 << (8 * (rank + 1))
            }
        }
        Color::Black => (1u64 << (8 * rank)) - 1,
    }
}

trait EastWest {
    fn east_west(self) -> Bitboard;
}

impl EastWest for Bitboard {
    #[inline]
    fn east_west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A) >> 1 | (self.0 & !FILE_H) << 1)
    }
}

/// `us`'s King: enemy attacks on its zone, its pawn shield, open files beside it.
fn king_safety(pos: &Position, us: Color, p: &Params) -> S {
    let them = !us;
    let king = pos.king(us);
    let occ = pos.occupied();
    let zone = king_attacks(king) | king;
    let zone = zone | zone.forward(us);
    let mut units = 0;
    let mut attackers = 0;
    for kind in [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ] {
        for sq in pos.pieces_of(them, kind) {
            let attacks = match kind {
                PieceKind::Knight => knight_attacks(sq),
                PieceKind::Bishop => bishop_attacks(sq, occ),
                PieceKind::Rook => rook_attacks(sq, occ),
                _ => rook_attacks(sq, occ) | bishop_attacks(sq, occ),
            };
            let hits = (attacks & zone).len() as i32;
            if hits > 0 {
                attackers += 1;
                units += hits * p.king_attack_weight[kind as usize];
            }
        }
    }
    let mut s = S(0, 0);
    if attackers >= 2 {
        let queenless = pos.pieces_of(them, PieceKind::Queen).is_empty();
        let danger = (units * units * attackers).min(2400) / if queenless { 8 } else { 4 };
        s -= S(danger, danger / 8);
    }
    // The shield: own Pawns on the King's file and its neighbours, one or two ranks ahead.
    let our_pawns = pos.pieces_of(us, PieceKind::Pawn);
    let kf = king.file() as usize;
    let files = file_mask(kf) | adjacent_files(kf);
    let one = Bitboard::from(king).forward(us);
    let one = Bitboard(files & (one.0 | one.0 >> 1 | one.0 << 1) & rank_row(one));
    let two = one.forward(us);
    s += p.shield[0] * (one & our_pawns).len() as i32;
    s += p.shield[1] * (two & our_pawns).len() as i32;
    for f in [kf.wrapping_sub(1), kf, kf + 1] {
        if f < 8 && (Bitboard(file_mask(f)) & our_pawns).is_empty() {
            s += p.king_open_file;
        }
    }
    s
}

/// The whole rank of a one-square set (empty set: nothing).
#[inline]
fn rank_row(sq: Bitboard) -> u64 {
    match sq.first() {
        Some(s) => 0xffu64 << (8 * s.rank() as u32),
        None => 0,
    }
}

/// What `us` threatens: men attacked by Pawns, heavy men attacked by lighter ones,
/// undefended men attacked.
fn threats(pos: &Position, us: Color, info: &ByColor<SideInfo>, p: &Params) -> S {
    let them = !us;
    let mine = &info[us];
    let theirs = &info[them];
    let their_pieces = pos.colors(them) - pos.pieces(PieceKind::Pawn) - pos.pieces(PieceKind::King);
    let heavy = pos.pieces_of(them, PieceKind::Rook) | pos.pieces_of(them, PieceKind::Queen);
    let queens = pos.pieces_of(them, PieceKind::Queen);
    let mut s = S(0, 0);
    s += p.threat_by_pawn * (mine.pawns & their_pieces).len() as i32;
    s += p.threat_by_minor * ((mine.knights | mine.bishops) & heavy).len() as i32;
    s += p.threat_by_rook * (mine.rooks & queens).len() as i32;
    s += p.hanging * (mine.all & (their_pieces - theirs.all)).len() as i32;
    s
}

/// Fixed piece values (Knight, Bishop, Rook, Queen) for [`scale`]'s material rules. They
/// are not the tuned `material` weights: the tuner fits the evaluation's sum, in which a
/// piece's material and its square tables trade value freely, so the tuned material alone
/// is no measure of what a piece is worth (a tuned Bishop can come out above a tuned Queen
/// less a Rook, which would call Queen against Rook drawish).
const SCALE_VALUE: [i32; 4] = [300, 320, 530, 960];

/// How much of the endgame score the stronger side keeps, out of 128.
fn scale(pos: &Position, strong: Color) -> i32 {
    let weak = !strong;
    let [knight, bishop, rook, _] = SCALE_VALUE;
    let npm = |c: Color| {
        [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ]
        .iter()
        .zip(SCALE_VALUE)
        .map(|(&k, value)| pos.pieces_of(c, k).len() as i32 * value)
        .sum::<i32>()
    };
    let strong_pawns = pos.pieces_of(strong, PieceKind::Pawn).len();
    let (s_npm, w_npm) = (npm(strong), npm(weak));
    if strong_pawns == 0 {
        // Without Pawns, a minor piece more (or less) is rarely enough to mate.
        if s_npm - w_npm <= bishop {
            return if s_npm < rook { 0 } else { 16 };
        }
        let knights = pos.pieces_of(strong, PieceKind::Knight).len();
        if w_npm == 0 && knights == 2 && s_npm == 2 * knight {
            return 8;
        }
    }
    let bishops = pos.pieces(PieceKind::Bishop);
    let others =
        pos.pieces(PieceKind::Knight) | pos.pieces(PieceKind::Rook) | pos.pieces(PieceKind::Queen);
    if others.is_empty()
        && pos.pieces_of(Color::White, PieceKind::Bishop).len() == 1
        && pos.pieces_of(Color::Black, PieceKind::Bishop).len() == 1
    {
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        let on_dark = (bishops.0 & DARK).count_ones();
        if on_dark == 1 {
            return 64;
        }
    }
    128
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::setup::Setup;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap()
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        for (a, b) in [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1",
                "8/5pk1/6p1/8/3p4/6P1/5PK1/8 b - - 0 1",
            ),
        ] {
            assert_eq!(evaluate(&pos(a)), evaluate(&pos(b)), "{a} vs {b}");
        }
    }

    #[test]
    fn extra_material_is_good_and_bare_minor_is_drawish() {
        assert!(evaluate(&pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")) > 700);
        assert!(evaluate(&pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")) < -700);
        assert!(evaluate(&pos("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")).abs() < 30);
    }

    #[test]
    fn pawnless_endings_are_scaled_by_the_men_not_by_the_tuned_weights() {
        let scale_of = |fen: &str| scale(&pos(fen), Color::White);
        // Queen against Rook is a win, Rook against minor piece a draw with best play,
        // a lone minor piece cannot mate, two Knights cannot force it.
        assert_eq!(scale_of("4k3/8/8/8/8/8/2r5/3QK3 w - - 0 1"), 128);
        assert_eq!(scale_of("4k3/8/8/8/8/8/2b5/3RK3 w - - 0 1"), 16);
        assert_eq!(scale_of("4k3/8/8/8/8/8/8/3BK3 w - - 0 1"), 0);
        assert_eq!(scale_of("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1"), 8);
        assert_eq!(scale_of("4k3/8/8/8/8/8/8/2BNK3 w - - 0 1"), 128);
    }

    #[test]
    fn passed_pawn_far_advanced_beats_blocked_pawn() {
        let passed = evaluate(&pos("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"));
        let blocked = evaluate(&pos("4k3/1p6/1P6/8/8/8/8/4K3 w - - 0 1"));
        assert!(passed > blocked + 50, "{passed} vs {blocked}");
    }
}
