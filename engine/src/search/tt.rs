//! The transposition table: a lockless hash table shared by all search threads.
//!
//! Each entry is two `AtomicU64` words: the data, and the key xor the data. A torn
//! write (two threads storing at once) then fails the key check on probe instead of
//! returning mixed data, so no lock is needed. Entries carry the search's age, so that
//! entries from earlier searches are replaced first. Mate scores are stored relative to
//! the node, not the root (see `to_tt`/`from_tt`).

use std::sync::atomic::{AtomicU64, Ordering};

use super::score::MATE_BOUND;
use crate::types::Move;

/// Whether a stored score is exact or a bound.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum TtBound {
    /// No usable score.
    None = 0,
    /// The score is at most this (every move failed low).
    Upper = 1,
    /// The score is at least this (a move failed high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// What a probe returns.
#[derive(Copy, Clone, Debug)]
pub(crate) struct TtHit {
    pub mv: Option<Move>,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: TtBound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// The shared table. Sized in MiB; `new_search` ages it, `clear` empties it.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    age: u8,
}

const ENTRY_BYTES: usize = 16;
const AGE_MASK: u8 = 0x3f;

// Data layout, low to high: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6.
fn pack(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: TtBound, age: u8) -> u64 {
    let mv = mv.map_or(0, Move::bits) as u64;
    let score = score as i16 as u16 as u64;
    let eval = eval as i16 as u16 as u64;
    let depth = depth.clamp(0, 255) as u8 as u64;
    mv | score << 16
        | eval << 32
        | depth << 48
        | (bound as u64) << 56
        | ((age & AGE_MASK) as u64) << 58
}

fn unpack(data: u64) -> (TtHit, u8) {
    let bound = match (data >> 56) & 3 {
        1 => TtBound::Upper,
        2 => TtBound::Lower,
        3 => TtBound::Exact,
        _ => TtBound::None,
    };
    (
        TtHit {
            mv: Move::from_bits(data as u16),
            score: (data >> 16) as u16 as i16 as i32,
            eval: (data >> 32) as u16 as i16 as i32,
            depth: ((data >> 48) & 0xff) as i32,
            bound,
        },
        (data >> 58) as u8 & AGE_MASK,
    )
}

/// A score as stored: mates counted from this node rather than from the root.
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score back as seen from the root.
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `mb` MiB (at least one entry).
    pub fn new(mb: usize) -> TranspositionTable {
        let n = (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1);
        let mut entries = Vec::with_capacity(n);
        entries.resize_with(n, Entry::default);
        TranspositionTable { entries, age: 0 }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for e in &mut self.entries {
            *e.check.get_mut() = 0;
            *e.data.get_mut() = 0;
        }
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & AGE_MASK;
    }

    #[inline]
    fn slot(&self, key: u64) -> &Entry {
        let i = ((key as u128 * self.entries.len() as u128) >> 64) as usize;
        &self.entries[i]
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<TtHit> {
        let e = self.slot(key);
        let data = e.data.load(Ordering::Relaxed);
        let check = e.check.load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then(|| unpack(data).0)
    }

    /// Stores a result, keeping a deeper entry of the same search unless this one is exact.
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: TtBound,
    ) {
        let e = self.slot(key);
        let old_data = e.data.load(Ordering::Relaxed);
        let old_key = e.check.load(Ordering::Relaxed) ^ old_data;
        let (old, old_age) = unpack(old_data);
        let same = old_key == key;
        let replace = old_data == 0
            || old_age != self.age
            || bound == TtBound::Exact
            || if same {
                depth + 3 >= old.depth
            } else {
                depth + 2 >= old.depth
            };
        if !replace {
            return;
        }
        let mv = if mv.is_none() && same { old.mv } else { mv };
        let data = pack(mv, score, eval, depth, bound, self.age);
        e.data.store(data, Ordering::Relaxed);
        e.check.store(key ^ data, Ordering::Relaxed);
    }

    /// How full the table is with entries of this search, per mille (from a sample).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                d != 0 && unpack(d).1 == self.age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} entries)", self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{MoveKind, Square};

    #[test]
    fn stored_entry_comes_back_and_mates_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        let mate = super::super::score::MATE - 5;
        tt.store(42, Some(mv), to_tt(mate, 3), -17, 7, TtBound::Exact);
        let hit = tt.probe(42).unwrap();
        assert_eq!(hit.mv, Some(mv));
        assert_eq!((hit.eval, hit.depth, hit.bound), (-17, 7, TtBound::Exact));
        assert_eq!(from_tt(hit.score, 3), mate);
        assert_eq!(from_tt(hit.score, 1), mate + 2);
        assert!(tt.probe(43).is_none());
    }
}
