//! Zobrist keys: fixed pseudo-random numbers, computed at compile time, that hash a
//! position incrementally. The engine uses them for the transposition table and for
//! recognising repeated positions.

use crate::rng::Rng;
use crate::types::{ByColor, Color, PieceKind, Square};

struct Keys {
    pieces: ByColor<[[u64; 64]; 6]>,
    castling: [u64; 16],
    ep_file: [u64; 8],
    black_to_move: u64,
    turn_moves: [u64; 4],
}

static KEYS: Keys = {
    let mut rng = Rng::new(0x4D6F_7270_6879_1897);
    let mut keys = Keys {
        pieces: ByColor::new([[0; 64]; 6], [[0; 64]; 6]),
        castling: [0; 16],
        ep_file: [0; 8],
        black_to_move: 0,
        turn_moves: [0; 4],
    };
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 6 {
            let mut s = 0;
            while s < 64 {
                keys.pieces.get_mut(Color::ALL[c])[p][s] = rng.next_u64();
                s += 1;
            }
            p += 1;
        }
        c += 1;
    }
    // Castling keys are XOR-combinations of four per-right keys, so that clearing one
    // right is one XOR whatever the others are.
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        rights[i] = rng.next_u64();
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                k ^= rights[bit];
            }
            bit += 1;
        }
        keys.castling[mask] = k;
        mask += 1;
    }
    let mut f = 0;
    while f < 8 {
        keys.ep_file[f] = rng.next_u64();
        f += 1;
    }
    keys.black_to_move = rng.next_u64();
    let mut t = 1;
    while t < 4 {
        keys.turn_moves[t] = rng.next_u64();
        t += 1;
    }
    keys
};

/// The key of a man of `color` and `kind` on `sq`.
#[inline(always)]
pub fn piece(color: Color, kind: PieceKind, sq: Square) -> u64 {
    KEYS.pieces[color][kind as usize][sq as usize]
}

/// The key of a set of castling rights (4 bits).
#[inline(always)]
pub fn castling(rights: u8) -> u64 {
    KEYS.castling[rights as usize & 15]
}

/// The key of an en passant chance on a file.
#[inline(always)]
pub fn ep_file(file: crate::types::File) -> u64 {
    KEYS.ep_file[file as usize]
}

/// The key `XOR`ed in when Black is to move.
#[inline(always)]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}

/// The key of a turn of several moves (Am. IV 4) with `moves_left` moves still to make,
/// this one included (1 to 3). Ordinary turns have no such key.
#[inline(always)]
pub fn turn_moves(moves_left: u8) -> u64 {
    KEYS.turn_moves[(moves_left as usize).clamp(1, 3)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys are the `SplitMix64` stream from their seed, as they always were: the
    /// transposition table, repetitions and the `bench` signature depend on them.
    #[test]
    fn the_keys_are_the_fixed_stream() {
        assert_eq!(
            piece(Color::White, PieceKind::Pawn, Square::A1),
            0xAAEF_6540_2777_401F
        );
        assert_eq!(black_to_move(), 0xF922_51E9_7C04_8E5E);
    }
}
