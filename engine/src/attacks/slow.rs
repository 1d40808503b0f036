//! Reference attack generators that walk rays one square at a time.
//!
//! They are slow but obviously right: `build.rs` builds the magic and pext tables from
//! them, and the tests check every table lookup against them. Plain `u64`/`usize` only, so that the
//! build script can include this file as it is.

/// The four directions a Rook moves in, as (file, rank) steps.
pub const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four directions a Bishop moves in.
pub const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `sq` attacks along `directions`, stopping at (and including) the
/// first occupied square of each ray.
pub const fn slider_attacks_slow(sq: usize, occupied: u64, directions: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = directions[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// Rook attacks by ray walking.
pub const fn rook_attacks_slow(sq: usize, occupied: u64) -> u64 {
    slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks by ray walking.
pub const fn bishop_attacks_slow(sq: usize, occupied: u64) -> u64 {
    slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS)
}

/// The squares whose occupancy matters to a slider on `sq`: its rays on an empty board
/// without the last square of each ray (a man there cannot block anything further).
pub const fn relevant_occupancy(sq: usize, directions: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = directions[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

/// What the BMI2 instruction `pext` computes, one bit at a time: the bits of `x` at the
/// positions set in `mask`, packed towards bit 0 in the order of the mask's bits.
/// `build.rs` numbers the pext table's subsets with it; the tests check the instruction
/// against it.
pub const fn extract_bits(x: u64, mask: u64) -> u64 {
    let mut out = 0u64;
    let mut rest = mask;
    let mut bit = 0;
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if x & lowest != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        rest &= rest - 1;
    }
    out
}

/// Squares reached by single steps from `sq` (for the King and Knight).
pub const fn step_attacks_slow(sq: usize, steps: &[(i32, i32); 8]) -> u64 {
    let mut attacks = 0u64;
    let mut i = 0;
    while i < 8 {
        let f = (sq % 8) as i32 + steps[i].0;
        let r = (sq / 8) as i32 + steps[i].1;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            attacks |= 1u64 << (r * 8 + f);
        }
        i += 1;
    }
    attacks
}

/// The Knight's eight leaps.
pub const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The King's eight steps.
pub const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
