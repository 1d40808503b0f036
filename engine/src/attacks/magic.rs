//! Slider attacks by magic multiplication.
//!
//! The magic numbers and the shared attack table are found and written by `build.rs`
//! (our own deterministic search) and are `static` data: nothing runs at start-up.
//! The tests below re-verify every entry against the ray-walking reference. Callers use
//! the dispatching [`super::rook_attacks`] and [`super::bishop_attacks`]; these are public
//! to compare and measure the two methods.

use crate::types::{Bitboard, Square};

/// One square's magic: which occupancy bits matter, the multiplier, and where its slice
/// of the table starts.
pub(super) struct MagicSquare {
    pub(super) mask: u64,
    pub(super) multiplier: u64,
    pub(super) shift: u32,
    pub(super) offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/magic_tables.rs"));

/// The magic lookup as a [`super::SliderLookup`] (it runs on every CPU).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Magic;

#[inline(always)]
fn lookup(m: &MagicSquare, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.multiplier) >> m.shift) as usize;
    Bitboard(SLIDER_ATTACKS[m.offset + idx])
}

/// The squares a Rook on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_MAGICS[sq as usize], occupied)
}

/// The squares a Bishop on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_MAGICS[sq as usize], occupied)
}

#[cfg(test)]
mod tests {
    use super::super::slow;
    use super::*;

    fn check_every_subset(magics: &[MagicSquare; 64], reference: fn(usize, u64) -> u64) {
        for (sq, m) in magics.iter().enumerate() {
            let mut sub = 0u64;
            loop {
                let idx = (sub.wrapping_mul(m.multiplier) >> m.shift) as usize;
                assert!(idx < 1 << (64 - m.shift));
                assert_eq!(
                    SLIDER_ATTACKS[m.offset + idx],
                    reference(sq, sub),
                    "square {sq}, occupancy {sub:#x}"
                );
                sub = sub.wrapping_sub(m.mask) & m.mask;
                if sub == 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn every_rook_magic_maps_every_occupancy_correctly() {
        check_every_subset(&ROOK_MAGICS, slow::rook_attacks_slow);
    }

    #[test]
    fn every_bishop_magic_maps_every_occupancy_correctly() {
        check_every_subset(&BISHOP_MAGICS, slow::bishop_attacks_slow);
    }

    #[test]
    fn table_slices_do_not_overlap() {
        let mut spans: Vec<(usize, usize)> = ROOK_MAGICS
            .iter()
            .chain(BISHOP_MAGICS.iter())
            .map(|m| (m.offset, m.offset + (1 << (64 - m.shift))))
            .collect();
        spans.sort_unstable();
        for w in spans.windows(2) {
            assert!(w[0].1 <= w[1].0);
        }
        assert_eq!(spans.last().unwrap().1, SLIDER_ATTACKS.len());
    }

    #[test]
    fn lookups_ignore_squares_outside_the_mask() {
        // Full-board occupancy: each slider sees only its neighbours.
        let full = Bitboard::FULL;
        assert_eq!(rook_attacks(Square::D4, full).len(), 4);
        assert_eq!(bishop_attacks(Square::D4, full).len(), 4);
        assert_eq!(rook_attacks(Square::A1, Bitboard::EMPTY).len(), 14);
        assert_eq!(bishop_attacks(Square::D4, Bitboard::EMPTY).len(), 13);
    }
}
