//! Slider attacks by the BMI2 instruction `pext` (parallel bits extract).
//!
//! `pext(occupied, mask)` packs the occupancy bits that matter to a slider into a dense
//! index, so no multiplier is needed: one instruction replaces the magic's mask, multiply
//! and shift. The table (`build.rs`, `static` data) has one slice per square, in the order
//! `pext` numbers the subsets of the mask.
//!
//! The instruction exists only on CPUs with BMI2, so every lookup takes a [`Bmi2`], which
//! can be had only from [`Bmi2::detect`] (or, inside `attacks`, from the selection that
//! was made with one). The tests below check the instruction against the reference
//! [`super::slow::extract_bits`], and every table entry against the ray-walking reference.

use crate::types::{Bitboard, Square};

/// One square's part of the pext tables: which occupancy bits matter, and where its slice
/// of [`PEXT_ATTACKS`] starts.
pub(super) struct PextSquare {
    pub(super) mask: u64,
    pub(super) offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/pext_tables.rs"));

/// Proof that this CPU runs BMI2 instructions: the only way to reach `pext`.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Bmi2(());

impl Bmi2 {
    /// The proof, when the CPU reports BMI2 (CPUID, cached by the standard library).
    pub fn detect() -> Option<Bmi2> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("bmi2") {
            return Some(Bmi2(()));
        }
        None
    }

    /// For the dispatcher in `attacks` only: it makes one after reading that `pext` is
    /// the selected lookup, which [`super::select_slider_attacks`] records only with a
    /// detected proof in hand.
    #[inline(always)]
    pub(super) const fn vouched_for_by_selection() -> Bmi2 {
        Bmi2(())
    }

    /// `pext(x, mask)`: the bits of `x` where `mask` has ones, packed towards bit 0.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    #[expect(
        unsafe_code,
        reason = "the `pext` instruction, behind its `Bmi2` proof"
    )]
    pub fn extract(self, x: u64, mask: u64) -> u64 {
        let out: u64;
        // SAFETY: a `Bmi2` exists only where CPUID reported BMI2 (see `Bmi2::detect`),
        // so the instruction is defined here; it touches registers only (no memory, no
        // stack, no flags).
        unsafe {
            core::arch::asm!(
                "pext {out}, {x}, {mask}",
                x = in(reg) x,
                mask = in(reg) mask,
                out = lateout(reg) out,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        out
    }

    /// Elsewhere no `Bmi2` can be made; this keeps the code compiling.
    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn extract(self, x: u64, mask: u64) -> u64 {
        super::slow::extract_bits(x, mask)
    }
}

#[inline(always)]
fn lookup(bmi2: Bmi2, entry: &PextSquare, occupied: Bitboard) -> Bitboard {
    Bitboard(PEXT_ATTACKS[entry.offset + bmi2.extract(occupied.0, entry.mask) as usize])
}

/// The squares a Rook on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn rook_attacks(bmi2: Bmi2, sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(bmi2, &ROOK_PEXT[sq as usize], occupied)
}

/// The squares a Bishop on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(bmi2: Bmi2, sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(bmi2, &BISHOP_PEXT[sq as usize], occupied)
}

#[cfg(test)]
mod tests {
    use super::super::slow;
    use super::*;

    /// Every subset of every square's mask lands on the reference attacks, by the
    /// reference bit extraction (this needs no BMI2: it checks the table itself).
    fn check_table(entries: &[PextSquare; 64], reference: fn(usize, u64) -> u64) {
        for (sq, e) in entries.iter().enumerate() {
            let mut sub = 0u64;
            loop {
                let idx = slow::extract_bits(sub, e.mask) as usize;
                assert!(idx < 1 << e.mask.count_ones());
                assert_eq!(
                    PEXT_ATTACKS[e.offset + idx],
                    reference(sq, sub),
                    "square {sq}, occupancy {sub:#x}"
                );
                sub = sub.wrapping_sub(e.mask) & e.mask;
                if sub == 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn every_rook_pext_entry_matches_the_reference() {
        check_table(&ROOK_PEXT, slow::rook_attacks_slow);
    }

    #[test]
    fn every_bishop_pext_entry_matches_the_reference() {
        check_table(&BISHOP_PEXT, slow::bishop_attacks_slow);
    }

    #[test]
    fn pext_masks_are_the_relevant_occupancies() {
        for sq in 0..64 {
            assert_eq!(
                ROOK_PEXT[sq].mask,
                slow::relevant_occupancy(sq, &slow::ROOK_DIRECTIONS)
            );
            assert_eq!(
                BISHOP_PEXT[sq].mask,
                slow::relevant_occupancy(sq, &slow::BISHOP_DIRECTIONS)
            );
        }
        let last = &BISHOP_PEXT[63];
        assert_eq!(
            last.offset + (1 << last.mask.count_ones()),
            PEXT_ATTACKS.len()
        );
    }

    #[test]
    fn reference_extraction_packs_the_masked_bits_in_order() {
        assert_eq!(slow::extract_bits(0b1010_1100, 0b1111_0000), 0b1010);
        assert_eq!(slow::extract_bits(0b1010_1100, 0b0101_0101), 0b0010);
        assert_eq!(slow::extract_bits(u64::MAX, 1 << 63 | 1), 0b11);
        assert_eq!(slow::extract_bits(1 << 63, 1 << 63 | 1), 0b10);
        assert_eq!(slow::extract_bits(0xFFFF, 0), 0);
    }

    /// The instruction itself against the reference, on many random words and masks.
    /// Skipped (and says so) on a CPU without BMI2.
    #[test]
    #[expect(clippy::print_stderr, reason = "says when the pext half is skipped")]
    fn the_pext_instruction_equals_the_reference_extraction() {
        let Some(bmi2) = Bmi2::detect() else {
            eprintln!("no BMI2 on this CPU: the pext instruction is not tested here");
            return;
        };
        let mut rng = crate::rng::Rng::new(2);
        for _ in 0..100_000 {
            let (x, mask) = (rng.next_u64(), rng.next_u64());
            assert_eq!(bmi2.extract(x, mask), slow::extract_bits(x, mask));
        }
    }
}
