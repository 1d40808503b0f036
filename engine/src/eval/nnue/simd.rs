//! The network's three inner loops, each twice: a scalar path and an AVX2 path that give
//! bit-identical results (wrapping 16-bit adds for the accumulator, a wrapping 16-bit
//! product in the squared activation's dot, exact 32-bit sums for the output, which wrap
//! alike in both; the tests compare them).
//!
//! This file holds most of the engine's `unsafe`: the AVX2 intrinsics and the calls into
//! functions compiled for AVX2, made only after `is_x86_feature_detected!` (the others
//! are the BMI2 `pext` lookup in `attacks/pext.rs` and the `cpuid` read in
//! `attacks/select.rs`).
// Only the x86-64 build has the AVX2 path, and with it any `unsafe`.
#![cfg_attr(
    target_arch = "x86_64",
    expect(
        unsafe_code,
        reason = "the AVX2 intrinsics, called only after the CPU is asked (`Kernel`)"
    )
)]

/// Which path the loops take. A kernel that names AVX2 is only ever made by asking the CPU
/// ([`Kernel::avx2`], [`Kernel::detect`]): its one field is private, so safe code cannot
/// choose the AVX2 path on a CPU without AVX2, which would be undefined behaviour.
///
/// ```
/// use engine::eval::nnue::Kernel;
/// assert_eq!(Kernel::detect().is_avx2(), Kernel::avx2().is_some());
/// assert!(!Kernel::SCALAR.is_avx2());
/// ```
///
/// There is no AVX2 constant to name without asking:
///
/// ```compile_fail,E0599
/// let _ = engine::eval::nnue::Kernel::Avx2;
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Kernel(Path);

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Path {
    /// Plain Rust, on every CPU.
    Scalar,
    /// AVX2 intrinsics (x86-64 CPUs that have them).
    Avx2,
}

impl Kernel {
    /// Plain Rust, on every CPU.
    pub const SCALAR: Kernel = Kernel(Path::Scalar);

    /// The AVX2 path, if this CPU has AVX2.
    pub fn avx2() -> Option<Kernel> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Some(Kernel(Path::Avx2));
            }
        }
        None
    }

    /// The fastest path this CPU runs.
    pub fn detect() -> Kernel {
        Kernel::avx2().unwrap_or(Kernel::SCALAR)
    }

    /// Whether this is the AVX2 path.
    pub fn is_avx2(self) -> bool {
        self.0 == Path::Avx2
    }
}

/// `acc = base - Σ gone + Σ arrived`, lane by lane, wrapping, where `base` is `from` or,
/// when `from` is `None`, `acc` itself, and `gone` and `arrived` are the numbers of
/// columns of `weights` (column `f` is `weights[f × n..(f + 1) × n]`, `n = acc.len()`):
/// the columns of a move's men taken out and put in (or of every man over the biases) in
/// one pass: in the AVX2 path the sums are read and written once however many columns
/// change (the scalar path, a fallback, makes a pass a column). `n` is a multiple of 16.
#[inline]
pub fn apply(
    kernel: Kernel,
    acc: &mut [i16],
    from: Option<&[i16]>,
    weights: &[i16],
    gone: &[u16],
    arrived: &[u16],
) {
    let n = acc.len();
    assert!(
        apply_fits(n, from, weights, gone, arrived),
        "the sums have a length that is a multiple of 16, `from` the same, every column is in `weights`"
    );
    #[cfg(target_arch = "x86_64")]
    if kernel.is_avx2() {
        // SAFETY: a kernel that names AVX2 is only made when the CPU has AVX2
        // (`Kernel::avx2`; its field is private); the lengths and columns were checked
        // above.
        unsafe { avx2::apply(acc, from, weights, gone, arrived) };
        return;
    }
    let _ = kernel;
    if let Some(from) = from {
        acc.copy_from_slice(from);
    }
    let column = |f: u16| &weights[usize::from(f) * n..(usize::from(f) + 1) * n];
    for &f in gone {
        for (a, w) in acc.iter_mut().zip(column(f)) {
            *a = a.wrapping_sub(*w);
        }
    }
    for &f in arrived {
        for (a, w) in acc.iter_mut().zip(column(f)) {
            *a = a.wrapping_add(*w);
        }
    }
}

/// Whether [`apply`]'s slices fit for sums of length `n`: `n` a multiple of 16, `from` (if
/// any) as long, every column `f` inside `weights` (`(f + 1) × n ≤ weights.len()`).
#[inline]
fn apply_fits(
    n: usize,
    from: Option<&[i16]>,
    weights: &[i16],
    gone: &[u16],
    arrived: &[u16],
) -> bool {
    n.is_multiple_of(16)
        && from.is_none_or(|f| f.len() == n)
        && gone
            .iter()
            .chain(arrived)
            .all(|&f| (usize::from(f) + 1) * n <= weights.len())
}

/// `Σ clamp(x[i], 0, top) × w[i]`, summed in wrapping 32-bit arithmetic.
#[inline]
pub fn clipped_dot(kernel: Kernel, x: &[i16], w: &[i16], top: i16) -> i32 {
    debug_assert_eq!(x.len(), w.len());
    #[cfg(target_arch = "x86_64")]
    if kernel.is_avx2() {
        // SAFETY: as in `apply`.
        return unsafe { avx2::clipped_dot(x, w, top) };
    }
    let _ = kernel;
    x.iter().zip(w).fold(0i32, |sum, (&x, &w)| {
        sum.wrapping_add(i32::from(x.clamp(0, top)) * i32::from(w))
    })
}

/// `Σ c × (c × w[i])` with `c = clamp(x[i], 0, top)`: the squared clipped `ReLU` times
/// the output weight. The inner product `c × w` is taken in wrapping 16-bit arithmetic
/// (exact when `top × |w| < 2^15`, as for a trained network: 255 × 127), the sum in
/// wrapping 32-bit arithmetic.
#[inline]
pub fn squared_clipped_dot(kernel: Kernel, x: &[i16], w: &[i16], top: i16) -> i32 {
    debug_assert_eq!(x.len(), w.len());
    #[cfg(target_arch = "x86_64")]
    if kernel.is_avx2() {
        // SAFETY: as in `apply`.
        return unsafe { avx2::squared_clipped_dot(x, w, top) };
    }
    let _ = kernel;
    x.iter().zip(w).fold(0i32, |sum, (&x, &w)| {
        let c = x.clamp(0, top);
        sum.wrapping_add(i32::from(c) * i32::from(c.wrapping_mul(w)))
    })
}

#[cfg(target_arch = "x86_64")]
#[expect(
    clippy::cast_ptr_alignment,
    reason = "the casts to `__m256i` pointers feed only the unaligned `loadu`/`storeu`"
)]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi16, _mm256_add_epi32, _mm256_castsi256_si128,
        _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_madd_epi16, _mm256_max_epi16,
        _mm256_min_epi16, _mm256_mullo_epi16, _mm256_set1_epi16, _mm256_setzero_si256,
        _mm256_storeu_si256, _mm256_sub_epi16, _mm_add_epi32, _mm_cvtsi128_si32, _mm_shuffle_epi32,
    };

    const LANES: usize = 16;
    /// How many registers `apply` keeps the sums in at once: 8 × 16 lanes.
    const REGS: usize = 8;

    /// SAFETY (callers): the CPU has AVX2; `acc.len()` is a multiple of 16, `from` (if
    /// any) as long, and every column `f` of `gone` and `arrived` lies in `weights`:
    /// `(f + 1) × acc.len() ≤ weights.len()` (unaligned loads and stores, so no alignment
    /// is needed).
    #[target_feature(enable = "avx2")]
    pub unsafe fn apply(
        acc: &mut [i16],
        from: Option<&[i16]>,
        weights: &[i16],
        gone: &[u16],
        arrived: &[u16],
    ) {
        let n = acc.len();
        debug_assert!(super::apply_fits(n, from, weights, gone, arrived));
        let dst = acc.as_mut_ptr();
        let src = from.map_or(dst.cast_const(), <[i16]>::as_ptr);
        let w = weights.as_ptr();
        // `REGS` registers at a time, kept in registers while every column is applied;
        // then what is left, a register at a time.
        let mut i = 0;
        while i + REGS * LANES <= n {
            let mut v = [_mm256_setzero_si256(); REGS];
            for (r, x) in v.iter_mut().enumerate() {
                *x = _mm256_loadu_si256(src.add(i + r * LANES).cast::<__m256i>());
            }
            for &f in gone {
                let c = w.add(usize::from(f) * n + i);
                for (r, x) in v.iter_mut().enumerate() {
                    *x = _mm256_sub_epi16(
                        *x,
                        _mm256_loadu_si256(c.add(r * LANES).cast::<__m256i>()),
                    );
                }
            }
            for &f in arrived {
                let c = w.add(usize::from(f) * n + i);
                for (r, x) in v.iter_mut().enumerate() {
                    *x = _mm256_add_epi16(
                        *x,
                        _mm256_loadu_si256(c.add(r * LANES).cast::<__m256i>()),
                    );
                }
            }
            for (r, x) in v.iter().enumerate() {
                _mm256_storeu_si256(dst.add(i + r * LANES).cast::<__m256i>(), *x);
            }
            i += REGS * LANES;
        }
        while i < n {
            let mut v = _mm256_loadu_si256(src.add(i).cast::<__m256i>());
            for &f in gone {
                let c = w.add(usize::from(f) * n + i).cast::<__m256i>();
                v = _mm256_sub_epi16(v, _mm256_loadu_si256(c));
            }
            for &f in arrived {
                let c = w.add(usize::from(f) * n + i).cast::<__m256i>();
                v = _mm256_add_epi16(v, _mm256_loadu_si256(c));
            }
            _mm256_storeu_si256(dst.add(i).cast::<__m256i>(), v);
            i += LANES;
        }
    }

    /// SAFETY (callers): the CPU has AVX2; the slices have one length, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub unsafe fn clipped_dot(x: &[i16], w: &[i16], top: i16) -> i32 {
        assert!(x.len() == w.len() && x.len().is_multiple_of(LANES));
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(top);
        let mut sum = _mm256_setzero_si256();
        for i in (0..x.len()).step_by(LANES) {
            let v = _mm256_loadu_si256(x.as_ptr().add(i).cast::<__m256i>());
            let k = _mm256_loadu_si256(w.as_ptr().add(i).cast::<__m256i>());
            let clipped = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
            // Pairs of products summed into 32-bit lanes: |255 × 32767 × 2| < 2^31.
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clipped, k));
        }
        horizontal_sum(sum)
    }

    /// SAFETY (callers): as for [`clipped_dot`].
    #[target_feature(enable = "avx2")]
    pub unsafe fn squared_clipped_dot(x: &[i16], w: &[i16], top: i16) -> i32 {
        assert!(x.len() == w.len() && x.len().is_multiple_of(LANES));
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(top);
        let mut sum = _mm256_setzero_si256();
        for i in (0..x.len()).step_by(LANES) {
            let v = _mm256_loadu_si256(x.as_ptr().add(i).cast::<__m256i>());
            let k = _mm256_loadu_si256(w.as_ptr().add(i).cast::<__m256i>());
            let clipped = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
            // c × w in 16 bits (the low half, as the scalar path's wrapping product),
            // then c × (c × w) in pairs summed into 32-bit lanes.
            let weighted = _mm256_mullo_epi16(clipped, k);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clipped, weighted));
        }
        horizontal_sum(sum)
    }

    /// The sum of the eight 32-bit lanes, wrapping.
    #[target_feature(enable = "avx2")]
    unsafe fn horizontal_sum(sum: __m256i) -> i32 {
        let half = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256::<1>(sum),
        );
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let eighth = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
        _mm_cvtsi128_si32(eighth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_i16s(n: usize, rng: &mut Rng, range: i16) -> Vec<i16> {
        (0..n)
            .map(|_| rng.within(i64::from(range)) as i16)
            .collect()
    }

    #[test]
    fn the_avx2_loops_match_the_scalar_ones_bit_for_bit() {
        let Some(avx2) = Kernel::avx2() else {
            // No AVX2 on this CPU: only the scalar path runs, nothing to compare.
            return;
        };
        let mut rng = Rng::new(1);
        for n in [16, 64, 128, 256] {
            for range in [300, 32_767] {
                let x = random_i16s(n, &mut rng, range);
                let w = random_i16s(n, &mut rng, range);
                for top in [255, 127, 32_767] {
                    assert_eq!(
                        clipped_dot(Kernel::SCALAR, &x, &w, top),
                        clipped_dot(avx2, &x, &w, top),
                        "n {n} range {range} top {top}"
                    );
                    assert_eq!(
                        squared_clipped_dot(Kernel::SCALAR, &x, &w, top),
                        squared_clipped_dot(avx2, &x, &w, top),
                        "squared: n {n} range {range} top {top}"
                    );
                }
                let (mut a, mut b) = (x.clone(), x.clone());
                apply(Kernel::SCALAR, &mut a, None, &w, &[], &[0]);
                apply(avx2, &mut b, None, &w, &[], &[0]);
                assert_eq!(a, b);
                apply(Kernel::SCALAR, &mut a, None, &x, &[0], &[]);
                apply(avx2, &mut b, None, &x, &[0], &[]);
                assert_eq!(a, b);
                assert_eq!(a, w, "x + w - x is w, wrapping or not");
            }
        }
    }

    #[test]
    fn apply_takes_columns_out_and_puts_columns_in_from_a_copy_or_in_place() {
        let mut rng = Rng::new(4);
        // 144 and 272: eight registers at a time and one left over.
        for n in [16, 128, 144, 256, 272] {
            for range in [300, 32_767] {
                let x = random_i16s(n, &mut rng, range);
                let w = random_i16s(n, &mut rng, range);
                // Up to four columns each way out of eight, from another slice or in
                // place.
                let weights = random_i16s(8 * n, &mut rng, range);
                let column = |f: u16| &weights[usize::from(f) * n..(usize::from(f) + 1) * n];
                for k in 0..=4u16 {
                    let gone: Vec<u16> = (0..k).map(|f| 7 - 2 * f).collect();
                    let arrived: Vec<u16> = (0..k).map(|f| 2 * f).collect();
                    let mut expected = x.clone();
                    for (i, e) in expected.iter_mut().enumerate() {
                        for &f in &gone {
                            *e = e.wrapping_sub(column(f)[i]);
                        }
                        for &f in &arrived {
                            *e = e.wrapping_add(column(f)[i]);
                        }
                    }
                    for kernel in [Kernel::SCALAR, Kernel::detect()] {
                        let mut copied = w.clone();
                        apply(kernel, &mut copied, Some(&x), &weights, &gone, &arrived);
                        assert_eq!(copied, expected, "{kernel:?}, from x, {k} columns each way");
                        let mut in_place = x.clone();
                        apply(kernel, &mut in_place, None, &weights, &gone, &arrived);
                        assert_eq!(
                            in_place, expected,
                            "{kernel:?}, in place, {k} columns each way"
                        );
                    }
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "every column is in `weights`")]
    fn apply_refuses_a_column_beyond_the_weights() {
        let mut acc = [0i16; 16];
        apply(Kernel::detect(), &mut acc, None, &[0; 32], &[], &[2]);
    }

    #[test]
    #[should_panic(expected = "`from` the same")]
    fn apply_refuses_sums_to_start_from_of_another_length() {
        let mut acc = [0i16; 32];
        apply(
            Kernel::detect(),
            &mut acc,
            Some(&[0; 16]),
            &[0; 32],
            &[0],
            &[],
        );
    }

    #[test]
    #[should_panic(expected = "a multiple of 16")]
    fn apply_refuses_sums_of_a_length_not_a_multiple_of_16() {
        let mut acc = [0i16; 24];
        apply(Kernel::detect(), &mut acc, None, &[0; 24], &[0], &[]);
    }

    #[test]
    fn the_scalar_dot_clips_at_zero_and_the_top() {
        let x = [
            -5, 0, 3, 300, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
        ];
        let w = [7, 7, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1];
        assert_eq!(clipped_dot(Kernel::SCALAR, &x, &w, 255), 3 * 2 + 255 - 10);
    }

    #[test]
    fn the_scalar_squared_dot_squares_the_clipped_value() {
        let x = [
            -5, 0, 3, 300, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
        ];
        let w = [7, 7, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1];
        assert_eq!(
            squared_clipped_dot(Kernel::SCALAR, &x, &w, 255),
            9 * 2 + 255 * 255 - 100
        );
        // A trained network's extremes stay exact: 255 × 255 × 127 over 256 lanes fits.
        let top = [255i16; 256];
        let most = [127i16; 256];
        assert_eq!(
            squared_clipped_dot(Kernel::SCALAR, &top, &most, 255),
            256 * 255 * 255 * 127
        );
        assert_eq!(
            squared_clipped_dot(Kernel::detect(), &top, &most, 255),
            256 * 255 * 255 * 127
        );
    }
}
