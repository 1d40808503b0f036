//! Attack lookups for every kind of man, and the geometry tables `between` and `line`.
//!
//! These are the only public ways to ask "which squares does this man command?".
//! Every table is `static` data: the step tables are computed by `const fn` at compile
//! time, the slider tables by `build.rs`. Nothing here knows whose turn it is or which
//! rules are in force.
//!
//! Sliders are looked up by magic multiplication ([`magic`]) or by BMI2 `pext`
//! ([`pext`]), as selected once for the process ([`select_slider_attacks`]; by default
//! pext where the CPU runs it fast). Both give the same attacks.

pub mod magic;
pub mod pext;
mod select;
pub mod slow;

pub(crate) use select::select_automatically_once;
pub use select::{
    auto_slider_attacks, select_slider_attacks, selected_slider_attacks, PextUnavailable,
    SliderAttacks, SliderChoice,
};

use crate::types::{Bitboard, ByColor, Color, Square};

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

static PAWN: ByColor<[Bitboard; 64]> = {
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
    ByColor::new(t[0], t[1])
};

/// The Rook's and the Bishop's attacks on an empty board, by square.
static RAYS: [[Bitboard; 64]; 2] = {
    let mut t = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        t[0][sq] = Bitboard(slow::rook_attacks_slow(sq, 0));
        t[1][sq] = Bitboard(slow::bishop_attacks_slow(sq, 0));
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
    PAWN[color][sq as usize]
}

/// A slider lookup method as a type ([`magic::Magic`] or [`pext::Bmi2`]). The hot
/// functions of move generation are generic over it, so that the method is chosen once
/// per call (by the crate's `with_slider_lookup!`) and not once per lookup.
pub trait SliderLookup: Copy {
    /// The squares a Rook on `sq` attacks, given the occupied squares.
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard;
    /// The squares a Bishop on `sq` attacks, given the occupied squares.
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard;
    /// The squares a Queen on `sq` attacks, given the occupied squares.
    #[inline(always)]
    fn queen(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.rook(sq, occupied) | self.bishop(sq, occupied)
    }
}

impl SliderLookup for magic::Magic {
    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        magic::rook_attacks(sq, occupied)
    }
    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        magic::bishop_attacks(sq, occupied)
    }
}

impl SliderLookup for pext::Bmi2 {
    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        pext::rook_attacks(self, sq, occupied)
    }
    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        pext::bishop_attacks(self, sq, occupied)
    }
}

/// The selected lookup, as a value of its type.
pub(crate) enum SelectedLookup {
    Magic(magic::Magic),
    Pext(pext::Bmi2),
}

/// The lookup selected now (magic until a selection is made).
#[inline(always)]
pub(crate) fn selected_lookup() -> SelectedLookup {
    if select::pext_selected() {
        SelectedLookup::Pext(pext::Bmi2::vouched_for_by_selection())
    } else {
        SelectedLookup::Magic(magic::Magic)
    }
}

/// `with_slider_lookup!(lookup => body)`: evaluates `body` with `lookup` bound to the
/// selected [`SliderLookup`]. The body is compiled once per method; one branch picks.
macro_rules! with_slider_lookup {
    ($lookup:ident => $body:expr) => {
        match $crate::attacks::selected_lookup() {
            $crate::attacks::SelectedLookup::Pext($lookup) => $body,
            $crate::attacks::SelectedLookup::Magic($lookup) => $body,
        }
    };
}
pub(crate) use with_slider_lookup;

/// The squares a Rook on `sq` attacks, given the occupied squares (by the selected method).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    with_slider_lookup!(lookup => lookup.rook(sq, occupied))
}

/// The squares a Bishop on `sq` attacks, given the occupied squares (by the selected method).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    with_slider_lookup!(lookup => lookup.bishop(sq, occupied))
}

/// The squares a Rook on `sq` attacks on an empty board.
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    RAYS[0][sq as usize]
}

/// The squares a Bishop on `sq` attacks on an empty board.
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    RAYS[1][sq as usize]
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

    /// pext == magic == the ray-walking reference, for every square and many random
    /// occupancies (sparse to dense boards), through both modules and through the
    /// dispatcher (under whichever method is selected).
    #[test]
    #[expect(clippy::print_stderr, reason = "says when the pext half is skipped")]
    fn pext_magic_and_reference_agree_on_random_occupancies() {
        let bmi2 = pext::Bmi2::detect();
        if bmi2.is_none() {
            eprintln!("no BMI2 on this CPU: only magic is compared with the reference");
        }
        let mut rng = crate::rng::Rng::new(3);
        let mut next = || rng.next_u64();
        for sq in Square::ALL {
            for i in 0..2000 {
                let occupied = match i % 4 {
                    0 => next() & next() & next(),
                    1 => next() & next(),
                    2 => next(),
                    _ => next() | next(),
                };
                let rook = slow::rook_attacks_slow(sq as usize, occupied);
                let bishop = slow::bishop_attacks_slow(sq as usize, occupied);
                let occ = Bitboard(occupied);
                assert_eq!(magic::rook_attacks(sq, occ).0, rook, "{sq} {occupied:#x}");
                assert_eq!(
                    magic::bishop_attacks(sq, occ).0,
                    bishop,
                    "{sq} {occupied:#x}"
                );
                if let Some(bmi2) = bmi2 {
                    assert_eq!(
                        pext::rook_attacks(bmi2, sq, occ).0,
                        rook,
                        "{sq} {occupied:#x}"
                    );
                    assert_eq!(
                        pext::bishop_attacks(bmi2, sq, occ).0,
                        bishop,
                        "{sq} {occupied:#x}"
                    );
                }
                assert_eq!(rook_attacks(sq, occ).0, rook);
                assert_eq!(bishop_attacks(sq, occ).0, bishop);
            }
        }
    }

    #[test]
    fn rays_are_the_attacks_on_an_empty_board() {
        for sq in Square::ALL {
            assert_eq!(rook_rays(sq), rook_attacks(sq, Bitboard::EMPTY));
            assert_eq!(bishop_rays(sq), bishop_attacks(sq, Bitboard::EMPTY));
        }
    }

    #[test]
    fn line_spans_the_board() {
        assert_eq!(line(Square::C3, Square::E5).len(), 8);
        assert!(line(Square::C3, Square::E5).has(Square::A1));
        assert!(line(Square::A1, Square::B3).is_empty());
        assert_eq!(between(Square::E1, Square::E8).len(), 6);
    }
}
