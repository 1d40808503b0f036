//! A lockless perft hash table: subtree counts keyed by Zobrist key and depth.
//!
//! Each slot holds two atomics, `key ^ data` and `data`; a torn write from another thread
//! fails the XOR check and reads as a miss, so threads share the table without locks.

use std::sync::atomic::{AtomicU64, Ordering};

/// A shared table of perft subtree counts.
pub struct PerftHash {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl PerftHash {
    /// A table of at most `megabytes` MiB (at least one slot), rounded down to a power of two.
    pub fn new(megabytes: usize) -> PerftHash {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        // The largest power of two that fits (a request of 2^k MiB gets all of it).
        let slots = 1usize << (bytes / 16).max(1).ilog2();
        PerftHash {
            slots: (0..slots)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: slots - 1,
        }
    }

    /// The count stored for (key, depth), if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let slot = &self.slots[key as usize & self.mask];
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (check ^ data == key && data & 0xFF == u64::from(depth)).then_some(data >> 8)
    }

    /// Stores a count (counts above 2^56 are not stored).
    #[inline]
    pub fn store(&self, key: u64, depth: u32, nodes: u64) {
        if nodes >> 56 != 0 || depth > 0xFF {
            return;
        }
        let data = nodes << 8 | u64::from(depth);
        let slot = &self.slots[key as usize & self.mask];
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_misses_by_depth() {
        let t = PerftHash::new(1);
        t.store(0xDEAD_BEEF, 4, 12345);
        assert_eq!(t.probe(0xDEAD_BEEF, 4), Some(12345));
        assert_eq!(t.probe(0xDEAD_BEEF, 5), None);
        assert_eq!(t.probe(0xDEAD_BEE0, 4), None);
    }

    #[test]
    fn the_table_is_the_largest_power_of_two_that_fits() {
        // 16 bytes a slot: 1 MiB is 65,536 slots, 3 MiB rounds down to 2 MiB.
        assert_eq!(PerftHash::new(1).slots.len(), 1 << 16);
        assert_eq!(PerftHash::new(2).slots.len(), 1 << 17);
        assert_eq!(PerftHash::new(3).slots.len(), 1 << 17);
        assert_eq!(PerftHash::new(4).slots.len(), 1 << 18);
        assert_eq!(PerftHash::new(0).slots.len(), 1 << 16);
    }
}
