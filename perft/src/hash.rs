//! A lockless perft hash table: subtree counts keyed by Zobrist key and depth.
//!
//! Each slot holds two atomics, `key ^ data` and `data`; a torn write from another thread
//! fails the XOR check and reads as a miss, so threads share the table without locks.
//!
//! The table is allocated zeroed and advised as huge pages ([`engine::huge_pages`]): the
//! system hands out its pages as they are first touched, 2 MiB at a time where it can, so
//! a large table costs nothing up front and fewer faults and TLB misses after. A count
//! that cannot fill the table it is given gets a smaller one ([`PerftHash::for_count`]),
//! so that a shallow perft does not pay for touching gigabytes it never reuses.

use std::sync::atomic::{AtomicU64, Ordering};

use engine::Position;

/// A shared table of perft subtree counts.
pub struct PerftHash {
    slots: Box<[[AtomicU64; 2]]>,
    mask: usize,
}

/// Bytes a slot takes.
const SLOT_BYTES: usize = 16;

/// The slots of a table of at most `megabytes` MiB (at least one slot): the largest power
/// of two that fits, so a request of 2^k MiB gets all of it.
fn slots_in(megabytes: usize) -> usize {
    let bytes = megabytes.max(1).saturating_mul(1 << 20);
    1usize << (bytes / SLOT_BYTES).max(1).ilog2()
}

impl PerftHash {
    /// A table of at most `megabytes` MiB (at least one slot), rounded down to a power of two.
    pub fn new(megabytes: usize) -> PerftHash {
        PerftHash::with_slots(slots_in(megabytes))
    }

    /// A table of `slots` slots, a power of two.
    fn with_slots(slots: usize) -> PerftHash {
        debug_assert!(slots.is_power_of_two());
        PerftHash {
            slots: engine::huge_pages::zeroed_table(slots),
            mask: slots - 1,
        }
    }

    /// A table for counting `depth` plies below `pos`: at most `megabytes` MiB, and no
    /// more than two slots for each count the perft can store. Counts are stored at two
    /// plies and more above the leaves, so the stores are at most the nodes from the root
    /// down to `depth - 2` plies; that count is taken (at most 5 plies, a few
    /// milliseconds) when it decides, and a deeper perft gets the size asked for.
    pub fn for_count(megabytes: usize, pos: &Position, depth: u32) -> PerftHash {
        let asked = slots_in(megabytes);
        if depth < 2 || depth - 2 > 5 {
            return PerftHash::with_slots(asked);
        }
        let stores: u64 = (0..=depth - 2).map(|d| crate::perft(pos, d)).sum();
        let needed = usize::try_from(stores.saturating_mul(2))
            .unwrap_or(usize::MAX)
            .checked_next_power_of_two()
            .unwrap_or(usize::MAX);
        PerftHash::with_slots(needed.clamp(1 << 10, asked.max(1 << 10)).min(asked))
    }

    /// The number of slots.
    pub fn slots(&self) -> usize {
        self.slots.len()
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
    fn a_shallow_count_gets_a_table_its_size_and_a_deep_one_what_it_asked() {
        use engine::Rules;
        let start = Position::startpos(Rules::default());
        // Depth 6 stores at most 1 + 20 + 400 + 8,902 + 197,281 counts: 2 × 206,604
        // rounds up to 2^19 slots (8 MiB), not the 256 MiB asked.
        assert_eq!(PerftHash::for_count(256, &start, 6).slots(), 1 << 19);
        // Never more than asked.
        assert_eq!(PerftHash::for_count(1, &start, 6).slots(), 1 << 16);
        // Depth 8 and more: as asked, without a count first.
        assert_eq!(PerftHash::for_count(256, &start, 8).slots(), 1 << 24);
        // Depth 1: nothing is stored; the table is as asked, and never used.
        assert_eq!(PerftHash::for_count(2, &start, 1).slots(), 1 << 17);
    }
}
