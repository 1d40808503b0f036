//! Zobrist keys: fixed pseudo-random numbers, computed at compile time, that hash a
//! position incrementally. The engine uses them for the transposition table and for
//! recognising repeated positions.

use crate::types::{Color, PieceKind, Square};

const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [u64; 16],
    ep_file: [u64; 8],
    black_to_move: u64,
    turn_moves: [u64; 4],
}

static KEYS: Keys = {
    let mut state = 0x4D6F_7270_6879_1897u64;
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
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
                let (next, v) = split_mix(state);
                state = next;
                keys.pieces[c][p][s] = v;
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
        let (next, v) = split_mix(state);
        state = next;
        rights[i] = v;
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
        let (next, v) = split_mix(state);
        state = next;
        keys.ep_file[f] = v;
        f += 1;
    }
    let (next, v) = split_mix(state);
    state = next;
    keys.black_to_move = v;
    let mut t = 1;
    while t < 4 {
        let (next, v) = split_mix(state);
        state = next;
        keys.turn_moves[t] = v;
        t += 1;
    }
    keys
};

/// The key of a man of `color` and `kind` on `sq`.
#[inline(always)]
pub fn piece(color: Color, kind: PieceKind, sq: Square) -> u64 {
    KEYS.pieces[color as usize][kind as usize][sq as usize]
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
