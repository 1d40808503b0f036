//! `Rng`: the one small deterministic random generator of the workspace, for the
//! Zobrist keys, the limited strength's choices, the tuner's data and the tests' random
//! inputs. It is `SplitMix64` (Steele, Lea and Flood, "Fast splittable pseudorandom
//! number generators", OOPSLA 2014): a Weyl sequence whose every state goes through a
//! xorshift-multiply mix. It is seeded explicitly, does no I/O, and runs in `const`
//! code. Not for cryptography.
//!
//! The same seed gives the same numbers on every machine and in every build, which the
//! Zobrist keys (hence the `bench` signature), the tuner's recorded data sets and the
//! limited strength's "same seed, same moves" depend on: its output must never change.
//!
//! ```
//! use engine::rng::Rng;
//! let mut a = Rng::new(7);
//! let mut b = Rng::new(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(6) < 6);
//! ```

/// The golden-ratio increment of the Weyl sequence.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// `SplitMix64`'s output function: a bijective mix of 64 bits (also a good hash of an
/// index).
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stream of pseudo-random numbers from an explicit seed.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Rng(u64);

impl Rng {
    /// A stream starting from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A stream for item `index` of a run seeded with `seed`: streams of different
    /// indices do not overlap in any way that matters here.
    pub const fn for_index(seed: u64, index: u64) -> Rng {
        Rng::new(mix(seed ^ mix(index.wrapping_add(GAMMA))))
    }

    /// The next 64 random bits.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    /// A number in `0..n` (Lemire's multiply-high; the bias is below 2^-32 for the `n`
    /// used here).
    ///
    /// # Panics
    /// When `n` is zero.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `-range..=range`.
    pub fn within(&mut self, range: i64) -> i64 {
        self.below(2 * range as usize + 1) as i64 - range
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_splitmix64_stream() {
        // The reference C code (Vigna, splitmix64.c) seeded with 0 starts with these.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn streams_are_deterministic_per_seed_and_index() {
        let draw = |mut r: Rng| (0..16).map(|_| r.below(1000)).collect::<Vec<_>>();
        assert_eq!(draw(Rng::for_index(7, 3)), draw(Rng::for_index(7, 3)));
        assert_ne!(draw(Rng::for_index(7, 3)), draw(Rng::for_index(7, 4)));
        assert_ne!(draw(Rng::for_index(7, 3)), draw(Rng::for_index(8, 3)));
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            assert!(r.below(5) < 5);
            assert!((-3..=3).contains(&r.within(3)));
            assert!((0.0..1.0).contains(&r.unit()));
        }
    }
}
