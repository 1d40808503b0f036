//! Attack lookups for every kind of man, and the geometry tables `between` and `line`.
//!
//! These are the only public ways to ask "which squares does this man command?".
//! Every table is `static` data: the step tables are computed by `const fn` at compile
//! time, the slider tables by `build.rs`. Nothing here knows whose turn it is or which
//! rules are in force.

mod magic;
pub mod slow;

pub use magic::{bishop_attacks, rook_attacks};

use crate::types::{Bitboard, Color, Square};

const fn step_table(steps: &[(i32, i32); 8]) -> [Bitboard; 64] {
    let mut t = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = Bitboard(slow::step_attacks_slow(sq, steps));
        sq += 1;
    }
    t
}

static KNIGHT: [Bitboard; 64] = step_table(&slow::KNIGHT_STEPS);
static KING: [Bitboard; 64] = step_table(&slow::KING_STEPS);

static PAWN: [[Bitboard; 64]; 2] = {
    let mut t = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let bb = 1u64 << sq;
        let not_a = 0xFEFE_FEFE_FEFE_FEFEu64;
        let not_h = 0x7F7F_7F7F_7F7F_7F7Fu64;
        t[0][sq] = Bitboard(((bb & not_a) << 7) | ((bb & not_h) << 9));
        t[1][sq] = Bitboard(((bb & not_a) >> 9) | ((bb & not_h) >> 7));
        sq += 1;
    }
    t
};

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a line, else empty.
/// `LINE[a][b]`: the whole line through `a` and `b` (edge to edge) when they share one, else empty.
static GEOMETRY: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let bit_b = 1u64 << b;
            let mut pick = 0;
            while pick < 2 {
                let dirs = if pick == 0 {
                    &slow::ROOK_DIRECTIONS
                } else {
                    &slow::BISHOP_DIRECTIONS
                };
                if a != b && slow::slider_attacks_slow(a, 0, dirs) & bit_b != 0 {
                    between[a][b] = Bitboard(
                        slow::slider_attacks_slow(a, bit_b, dirs)
                            & slow::slider_attacks_slow(b, 1u64 << a, dirs),
                    );
                    line[a][b] = Bitboard(
                        (slow::slider_attacks_slow(a, 0, dirs)
                            & slow::slider_attacks_slow(b, 0, dirs))
                            | (1u64 << a)
                            | bit_b,
                    );
                }
                pick += 1;
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
};

/// The squares a Knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq as usize]
}

/// The squares a King on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq as usize]
}

/// The squares a `color` Pawn on `sq` attacks (diagonally forward).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color as usize][sq as usize]
}

/// The squares a Queen on `sq` attacks.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
///
/// ```
/// use engine::{attacks::between, Bitboard, Square};
/// assert_eq!(between(Square::A1, Square::D4), Bitboard::from(Square::B2) | Square::C3);
/// assert!(between(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    GEOMETRY.0[a as usize][b as usize]
}

/// The full line (edge to edge) through `a` and `b`, or empty if they share none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    GEOMETRY.1[a as usize][b as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_in_corner_has_two_squares() {
        assert_eq!(
            knight_attacks(Square::A1),
            Bitboard::from(Square::B3) | Square::C2
        );
    }

    #[test]
    fn pawns_attack_forward_diagonally_without_wrapping() {
        assert_eq!(
            pawn_attacks(Color::White, Square::A2),
            Bitboard::from(Square::B3)
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::H7),
            Bitboard::from(Square::G6)
        );
        assert!(pawn_attacks(Color::White, Square::E8).is_empty());
    }

    #[test]
    fn line_spans_the_board() {
        assert_eq!(line(Square::C3, Square::E5).len(), 8);
        assert!(line(Square::C3, Square::E5).has(Square::A1));
        assert!(line(Square::A1, Square::B3).is_empty());
        assert_eq!(between(Square::E1, Square::E8).len(), 6);
    }
}
