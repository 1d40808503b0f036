//! Masks of files and of the squares ahead of a Pawn, computed at compile time, for the
//! evaluation terms.

use crate::types::ByColor;

/// The a-file.
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub(super) const FILE_H: u64 = FILE_A << 7;

/// The squares of a file.
pub(super) const fn file_mask(file: usize) -> u64 {
    FILE_A << file
}

/// The squares of the files beside a file.
pub(super) const fn adjacent_files(file: usize) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= file_mask(file - 1);
    }
    if file < 7 {
        m |= file_mask(file + 1);
    }
    m
}

/// The squares strictly ahead of `sq` for `color`, on its file and the files beside it
/// (where enemy Pawns would stop a passed Pawn), and on its own file only.
pub(super) const SPANS: (ByColor<[u64; 64]>, ByColor<[u64; 64]>) = {
    let mut passed = [[0u64; 64]; 2];
    let mut front = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let rank = sq / 8;
        let files = file_mask(file) | adjacent_files(file);
        let mut r = 0;
        while r < 8 {
            let row = 0xffu64 << (8 * r);
            if r > rank {
                passed[0][sq] |= files & row;
                front[0][sq] |= file_mask(file) & row;
            }
            if r < rank {
                passed[1][sq] |= files & row;
                front[1][sq] |= file_mask(file) & row;
            }
            r += 1;
        }
        sq += 1;
    }
    (
        ByColor::new(passed[0], passed[1]),
        ByColor::new(front[0], front[1]),
    )
};
