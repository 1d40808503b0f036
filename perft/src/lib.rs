//! Perft: counting the leaf nodes of the legal move tree, to prove a move generator right
//! and to measure its speed.
//!
//! The last ply is counted in bulk (the sizes of the move sets are added up, no move is
//! played), as every fast perft does, and the ply before it shares the replier's count
//! across its moves, playing only the moves that need it and those without the
//! bookkeeping the count does not read ([`Position::count_legal_replies`]);
//! [`perft_slow`] plays every move in full for reference.
//! Parallel perft splits the tree with rayon; an optional hash table caches subtree counts.
//! Suites of positions with known counts are read by [`suite`]. A deep count can be cut
//! into independent jobs for a job runner ([`split`], [`job`], [`shard`], [`merge`], in the
//! line format of [`jobline`]).

// Only the engine may have `unsafe` (see the workspace's `unsafe_code`); never here.
#![forbid(unsafe_code)]

pub mod hash;
pub mod job;
pub mod jobline;
pub mod merge;
pub mod shard;
pub mod split;
pub mod suite;

use engine::{Move, Position};
use rayon::prelude::*;

pub use hash::PerftHash;

/// Calls `f` with every legal move of `pos`.
#[inline(always)]
fn for_each_move(pos: &Position, mut f: impl FnMut(Move)) {
    pos.generate_moves(|batch| {
        pos.for_each_move_in(batch, &mut f);
        false
    });
}

/// The number of leaf nodes `depth` plies below `pos` (bulk counting at the last ply).
///
/// ```
/// use engine::{Position, Rules};
/// assert_eq!(perft::perft(&Position::startpos(Rules::default()), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        2 => perft_two(pos),
        _ => {
            #[cfg(debug_assertions)]
            pos.assert_consistent();
            let mut nodes = 0;
            for_each_move(pos, |mv| {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                nodes += perft(&next, depth - 1);
            });
            nodes
        }
    }
}

/// The leaf count two plies below `pos`.
#[inline(always)]
fn perft_two(pos: &Position) -> u64 {
    #[cfg(debug_assertions)]
    pos.assert_consistent();
    pos.count_legal_replies()
}

/// Perft that plays every move down to the leaves, checking the position's invariants at
/// every node: slow, for cross-checking the bulk count.
pub fn perft_slow(pos: &Position, depth: u32) -> u64 {
    pos.assert_consistent();
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    assert_eq!(
        moves.len() as u64,
        pos.count_legal_moves(),
        "list and count disagree in {}",
        pos.fen()
    );
    moves
        .iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_unchecked(*mv);
            perft_slow(&next, depth - 1)
        })
        .sum()
}

/// The count below each legal move ("divide"), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for_each_move(pos, |mv| {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        out.push((mv, perft(&next, depth - 1)));
    });
    out
}

/// Perft on the current rayon pool: the root and the next ply are split into tasks.
pub fn perft_parallel(pos: &Position, depth: u32, hash: Option<&PerftHash>) -> u64 {
    if depth <= 3 {
        return perft_with(pos, depth, hash);
    }
    let moves = pos.legal_moves();
    moves
        .par_iter()
        .map(|mv| {
            let next = pos.played(*mv);
            if depth >= 6 {
                perft_parallel(&next, depth - 1, hash)
            } else {
                perft_with(&next, depth - 1, hash)
            }
        })
        .sum()
}

/// Divide on the current rayon pool.
pub fn divide_parallel(pos: &Position, depth: u32, hash: Option<&PerftHash>) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    moves
        .par_iter()
        .map(|mv| (*mv, perft_parallel(&pos.played(*mv), depth - 1, hash)))
        .collect()
}

/// A hash table for counting `depth` plies below `pos`, of at most `megabytes` MiB. Counts
/// are stored two plies and more above the leaves, so a count stores at most the nodes
/// from the root down to `depth - 2` plies. For a depth of 7 or less they are counted
/// first, ply by ply, stopping as soon as they would fill the table asked for, and the
/// table made no larger than it needs ([`PerftHash::for_stores`]); a deeper count gets
/// the size asked for. Depths 0 and 1 store nothing.
pub fn table_for(megabytes: usize, pos: &Position, depth: u32) -> PerftHash {
    if depth > 7 {
        return PerftHash::for_stores(megabytes, u64::MAX);
    }
    // Once the counts would fill the table asked for, `for_stores` gives it whole.
    let asked = PerftHash::slots_for(megabytes) as u64;
    let mut stores = 0u64;
    for d in 0..depth.saturating_sub(1) {
        stores = stores.saturating_add(perft(pos, d));
        if stores.saturating_mul(2) >= asked {
            break;
        }
    }
    PerftHash::for_stores(megabytes, stores)
}

/// Perft using a hash table when one is given.
pub fn perft_with(pos: &Position, depth: u32, hash: Option<&PerftHash>) -> u64 {
    match hash {
        Some(table) => perft_hashed(pos, depth, table),
        None => perft(pos, depth),
    }
}

/// Perft that caches subtree counts by (key, depth).
pub fn perft_hashed(pos: &Position, depth: u32, table: &PerftHash) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    if let Some(n) = table.probe(pos.key(), depth) {
        return n;
    }
    let mut nodes = 0;
    if depth == 2 {
        nodes = perft_two(pos);
    } else {
        for_each_move(pos, |mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            nodes += perft_hashed(&next, depth - 1, table);
        });
    }
    table.store(pos.key(), depth, nodes);
    nodes
}

#[cfg(test)]
mod tests {
    use engine::{Position, Rules};

    use super::*;

    #[test]
    fn a_shallow_count_gets_a_table_its_size_and_a_deep_one_what_it_asked() {
        let start = Position::startpos(Rules::default());
        // Depth 6 stores at most 1 + 20 + 400 + 8,902 + 197,281 counts: 2^19 slots.
        assert_eq!(table_for(256, &start, 6).slots(), 1 << 19);
        // Depth 8: as asked, without a count first.
        assert_eq!(table_for(256, &start, 8).slots(), 1 << 24);
        // And the count through the smaller table is the same.
        assert_eq!(
            perft_hashed(&start, 5, &table_for(256, &start, 5)),
            4_865_609
        );
    }
}
