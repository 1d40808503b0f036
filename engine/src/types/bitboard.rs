//! `Bitboard`: a set of squares in one `u64`, bit `i` standing for `Square::index(i)`.
//!
//! Set operations are operators (`|`, `&`, `^`, `!`, and `-` for difference); iteration
//! yields squares from a1 upward. Nothing here knows about pieces or moves.

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use super::{File, Rank, Square};

/// A set of squares.
///
/// ```
/// use engine::{Bitboard, Square};
/// let bb = Bitboard::from(Square::E4) | Square::D5;
/// assert_eq!(bb.len(), 2);
/// assert!(bb.has(Square::D5));
/// assert_eq!(bb.iter().collect::<Vec<_>>(), vec![Square::E4, Square::D5]);
/// ```
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding one square.
    #[inline]
    pub const fn square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// All squares of a file.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u8)
    }

    /// All squares of a rank.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xFF << (8 * rank as u8))
    }

    /// Whether the set holds `sq`.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 & (1 << sq as u8) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    #[inline]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }

    /// How many squares the set holds.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two squares or more.
    #[inline]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square (nearest a1), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_low_bits(self.0.trailing_zeros()))
        }
    }

    /// The only square of a one-square set; meaningless for other sets.
    #[inline]
    pub const fn single(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_low_bits(self.0.trailing_zeros())
    }

    /// The squares one rank towards Black (north), dropping those that leave the board.
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The squares one rank towards White (south).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// The set moved one rank forward for `color` (north for White).
    #[inline]
    pub const fn forward(self, color: super::Color) -> Bitboard {
        match color {
            super::Color::White => self.north(),
            super::Color::Black => self.south(),
        }
    }

    /// The set with a1 and a8 exchanged: the board seen from the other side.
    #[inline]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The squares in order from a1.
    #[inline]
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }

    /// Union usable in `const` contexts.
    #[inline]
    pub const fn with(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first.
#[derive(Clone)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_low_bits(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, |bb, sq| bb | sq)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::square(sq)
    }
}

macro_rules! bitboard_ops {
    ($($trait:ident $fn:ident $assign_trait:ident $assign_fn:ident $op:tt;)*) => {$(
        impl<T: Into<Bitboard>> $trait<T> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }
        impl<T: Into<Bitboard>> $assign_trait<T> for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    )*};
}

bitboard_ops! {
    BitOr bitor BitOrAssign bitor_assign |;
    BitAnd bitand BitAndAssign bitand_assign &;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl<T: Into<Bitboard>> Sub<T> for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: T) -> Bitboard {
        Bitboard(self.0 & !rhs.into().0)
    }
}

impl<T: Into<Bitboard>> SubAssign<T> for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: T) {
        self.0 &= !rhs.into().0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as a board, rank 8 on top, `X` for a member.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.has(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
                if file != File::H {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Draws a [`Bitboard`] as a picture: eight rows of eight marks, rank 8 first;
/// `X` is a member, `.` is not.
///
/// ```
/// use engine::{bitboard, Bitboard, Square};
/// let corners = bitboard! {
///     X . . . . . . X
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . . . . . . X
/// };
/// assert_eq!(corners, Bitboard::from(Square::A1) | Square::H1 | Square::A8 | Square::H8);
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($mark:tt)*) => {{
        let marks: &[u8] = stringify!($($mark)*).as_bytes();
        let mut bits: u64 = 0;
        let mut n = 0usize;
        let mut i = 0usize;
        while i < marks.len() {
            let c = marks[i];
            if c == b'X' || c == b'.' {
                let rank = 7 - n / 8;
                let file = n % 8;
                if c == b'X' {
                    bits |= 1u64 << (rank * 8 + file);
                }
                n += 1;
            }
            i += 1;
        }
        assert!(n == 64, "bitboard! needs exactly 64 marks");
        $crate::Bitboard(bits)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difference_keeps_only_left_members() {
        let a = Bitboard::from(Square::A1) | Square::B1;
        assert_eq!(a - Square::A1, Bitboard::from(Square::B1));
    }

    #[test]
    fn files_and_ranks_have_eight_squares() {
        for f in File::ALL {
            assert_eq!(Bitboard::file(f).len(), 8);
        }
        for r in Rank::ALL {
            assert_eq!(Bitboard::rank(r).len(), 8);
        }
        assert!(Bitboard::rank(Rank::Fourth).has(Square::H4));
    }

    #[test]
    fn flip_ranks_mirrors() {
        assert_eq!(
            Bitboard::from(Square::B2).flip_ranks(),
            Bitboard::from(Square::B7)
        );
    }
}
