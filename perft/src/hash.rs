//! A lockless perft hash table: subtree counts keyed by Zobrist key and depth.
//!
//! Each slot holds two atomics, `key ^ data` and `data`; a torn write from another thread
//! fails the XOR check and reads as a miss, so threads share the table without locks.
//!
//! The table is allocated zeroed and advised as huge pages ([`engine::huge_pages`]): the
//! system hands out its pages as they are first touched, 2 MiB at a time where it can, so
//! a large table costs nothing up front and fewer faults and TLB misses after. A count
//! that cannot fill the table it is given gets a smaller one ([`PerftHash::for_stores`]),
//! so that a shallow perft does not pay for touching gigabytes it never reuses.

use std::sync::atomic::{AtomicU64, Ordering};

/// A shared table of perft subtree counts.
pub struct PerftHash {
    slots: Box<[[AtomicU64; 2]]>,
    mask: usize,
}

/// Bytes a slot takes.
const SLOT_BYTES: usize = 16;

impl PerftHash {
    /// A table of at most `megabytes` MiB (at least one slot), rounded down to a power of two.
    pub fn new(megabytes: usize) -> PerftHash {
        PerftHash::with_slots(PerftHash::slots_for(megabytes))
    }

    /// The slots a table of at most `megabytes` MiB has (at least one), without making
    /// it: the largest power of two that fits, so a request of 2^k MiB gets all of it.
    pub fn slots_for(megabytes: usize) -> usize {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        1usize << (bytes / SLOT_BYTES).max(1).ilog2()
    }

    /// A table of `slots` slots, a power of two.
    fn with_slots(slots: usize) -> PerftHash {
        debug_assert!(slots.is_power_of_two());
        PerftHash {
            slots: engine::huge_pages::zeroed_table(slots),
            mask: slots - 1,
        }
    }

    /// A table of at most `megabytes` MiB for a count that stores at most `stores`
    /// counts: no more than two slots a count (at least 1,024 slots).
    pub fn for_stores(megabytes: usize, stores: u64) -> PerftHash {
        let asked = PerftHash::slots_for(megabytes);
        let needed = usize::try_from(stores.saturating_mul(2))
            .unwrap_or(usize::MAX)
            .checked_next_power_of_two()
            .unwrap_or(usize::MAX);
        PerftHash::with_slots(needed.max(1 << 10).min(asked))
    }

    /// The number of slots.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
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

    #[test]
    fn a_count_that_stores_little_gets_a_table_its_size_never_more_than_asked() {
        // 206,604 counts: 2 × 206,604 rounds up to 2^19 slots (8 MiB), not the 256 MiB.
        assert_eq!(PerftHash::for_stores(256, 206_604).slots(), 1 << 19);
        assert_eq!(PerftHash::for_stores(1, 206_604).slots(), 1 << 16);
        assert_eq!(PerftHash::for_stores(256, u64::MAX).slots(), 1 << 24);
        assert_eq!(PerftHash::for_stores(256, 0).slots(), 1 << 10);
    }
}
