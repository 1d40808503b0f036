//! Squares, files and ranks: the board's coordinates as small enums, never raw integers.

use std::fmt;

use super::Color;

/// A file (column) of the board, `a` to `h`.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[expect(missing_docs, reason = "the files are their letters, `A` to `H`")]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, counted from White's side.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[expect(
    missing_docs,
    reason = "the ranks are their ordinals, `First` to `Eighth`"
)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

/// One of the 64 squares, `A1 = 0` to `H8 = 63`, rank by rank.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
#[expect(missing_docs, reason = "the squares are their names, `A1` to `H8`")]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

const _: () = assert!(std::mem::size_of::<Option<Square>>() == 1);

impl File {
    /// All files, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];
    /// How many files there are.
    pub const NUM: usize = 8;

    /// The file with this index.
    ///
    /// # Panics
    /// When `i >= 8`.
    #[track_caller]
    #[inline]
    pub const fn new(i: usize) -> File {
        File::ALL[i]
    }

    /// The file with this index, or `None` when `i >= 8`.
    pub const fn try_new(i: usize) -> Option<File> {
        if i < 8 {
            Some(File::ALL[i])
        } else {
            None
        }
    }

    /// Reads `a`..`h` (either case).
    pub const fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'h' {
            Some(File::ALL[c as usize - 'a' as usize])
        } else {
            None
        }
    }

    /// The lowercase letter of the file.
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }
}

impl Rank {
    /// All ranks, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];
    /// How many ranks there are.
    pub const NUM: usize = 8;

    /// The rank with this index (0 = first).
    ///
    /// # Panics
    /// When `i >= 8`.
    #[track_caller]
    #[inline]
    pub const fn new(i: usize) -> Rank {
        Rank::ALL[i]
    }

    /// The rank with this index, or `None` when `i >= 8`.
    pub const fn try_new(i: usize) -> Option<Rank> {
        if i < 8 {
            Some(Rank::ALL[i])
        } else {
            None
        }
    }

    /// Reads `1`..`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Some(Rank::ALL[c as usize - '1' as usize])
        } else {
            None
        }
    }

    /// The digit of the rank.
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// This rank as seen from `color`'s side: White's fourth is Black's fifth.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

impl Square {
    /// All squares, `a1` first, rank by rank.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square::from_index_const(i);
            i += 1;
        }
        all
    };
    /// How many squares there are.
    pub const NUM: usize = 64;

    const fn from_index_const(i: usize) -> Square {
        // The enum is dense 0..64 in declaration order; this table-free mapping
        // is checked by the `index_round_trips` test.
        let table: [Square; 64] = [
            Square::A1,
            Square::B1,
            Square::C1,
            Square::D1,
            Square::E1,
            Square::F1,
            Square::G1,
            Square::H1,
            Square::A2,
            Square::B2,
            Square::C2,
            Square::D2,
            Square::E2,
            Square::F2,
            Square::G2,
            Square::H2,
            Square::A3,
            Square::B3,
            Square::C3,
            Square::D3,
            Square::E3,
            Square::F3,
            Square::G3,
            Square::H3,
            Square::A4,
            Square::B4,
            Square::C4,
            Square::D4,
            Square::E4,
            Square::F4,
            Square::G4,
            Square::H4,
            Square::A5,
            Square::B5,
            Square::C5,
            Square::D5,
            Square::E5,
            Square::F5,
            Square::G5,
            Square::H5,
            Square::A6,
            Square::B6,
            Square::C6,
            Square::D6,
            Square::E6,
            Square::F6,
            Square::G6,
            Square::H6,
            Square::A7,
            Square::B7,
            Square::C7,
            Square::D7,
            Square::E7,
            Square::F7,
            Square::G7,
            Square::H7,
            Square::A8,
            Square::B8,
            Square::C8,
            Square::D8,
            Square::E8,
            Square::F8,
            Square::G8,
            Square::H8,
        ];
        table[i]
    }

    /// The square with this index (`a1 = 0`, `h8 = 63`).
    ///
    /// # Panics
    /// When `i >= 64`.
    #[track_caller]
    #[inline]
    pub const fn index(i: usize) -> Square {
        Square::ALL[i]
    }

    /// The square whose index is the low six bits of `i` (a bit number from a bitboard,
    /// a field of a move). Written as a match, which the compiler turns into the
    /// identity, where a table would cost a memory load on every square visited.
    #[rustfmt::skip]
    #[inline(always)]
    pub const fn from_low_bits(i: u32) -> Square {
        match i & 63 {
            0 => Square::A1, 1 => Square::B1, 2 => Square::C1, 3 => Square::D1, 4 => Square::E1, 5 => Square::F1, 6 => Square::G1, 7 => Square::H1,
            8 => Square::A2, 9 => Square::B2, 10 => Square::C2, 11 => Square::D2, 12 => Square::E2, 13 => Square::F2, 14 => Square::G2, 15 => Square::H2,
            16 => Square::A3, 17 => Square::B3, 18 => Square::C3, 19 => Square::D3, 20 => Square::E3, 21 => Square::F3, 22 => Square::G3, 23 => Square::H3,
            24 => Square::A4, 25 => Square::B4, 26 => Square::C4, 27 => Square::D4, 28 => Square::E4, 29 => Square::F4, 30 => Square::G4, 31 => Square::H4,
            32 => Square::A5, 33 => Square::B5, 34 => Square::C5, 35 => Square::D5, 36 => Square::E5, 37 => Square::F5, 38 => Square::G5, 39 => Square::H5,
            40 => Square::A6, 41 => Square::B6, 42 => Square::C6, 43 => Square::D6, 44 => Square::E6, 45 => Square::F6, 46 => Square::G6, 47 => Square::H6,
            48 => Square::A7, 49 => Square::B7, 50 => Square::C7, 51 => Square::D7, 52 => Square::E7, 53 => Square::F7, 54 => Square::G7, 55 => Square::H7,
            56 => Square::A8, 57 => Square::B8, 58 => Square::C8, 59 => Square::D8, 60 => Square::E8, 61 => Square::F8, 62 => Square::G8, _ => Square::H8,
        }
    }

    /// The square with this index, or `None` when `i >= 64`.
    #[inline]
    pub const fn try_index(i: usize) -> Option<Square> {
        if i < 64 {
            Some(Square::ALL[i])
        } else {
            None
        }
    }

    /// The square on this file and rank.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// The square a pawn of `color` passes over in its double step from this square (the
    /// en passant square it leaves behind).
    #[inline]
    pub const fn passed_by_double_step(self, color: Color) -> Square {
        Square::new(self.file(), Rank::Third.relative_to(color))
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square moved by `df` files and `dr` ranks, or `None` off the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            None
        } else {
            Some(Square::ALL[(r * 8 + f) as usize])
        }
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[self as usize ^ 0b11_1000]
    }

    /// This square as seen from `color`'s side (Black's a1 is a8).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// Reads `e4` style names.
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::new(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(*sq as usize, i);
            assert_eq!(Square::from_low_bits(i as u32), *sq);
            assert_eq!(Square::from_low_bits(i as u32 | 0xC0), *sq);
            assert_eq!(Square::new(sq.file(), sq.rank()), *sq);
        }
    }

    #[test]
    fn parse_and_display() {
        assert_eq!(Square::parse("e4"), Some(Square::E4));
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("e9"), None);
        assert_eq!(Square::parse("e44"), None);
        assert_eq!(Square::parse(""), None);
    }

    #[test]
    fn offset_stays_on_board() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
    }
}
