//! The two sides, and `ByColor<T>` for data kept once per side.
//!
//! Nothing here knows the board; it is vocabulary only. The colours' words are spelled
//! and read here and nowhere else: [`Color::name`] (`white`, as options, command lines
//! and JSON write it), `Display` (`White`, as the Code's prose and PGN write it) and
//! `FromStr` (either word in any case, or the FEN letter).

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

use crate::named::{Named, UnknownName};

/// One of the two sides.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that starts on ranks 1 and 2.
    White = 0,
    /// The side that starts on ranks 7 and 8.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
    /// How many colours there are.
    pub const NUM: usize = 2;

    /// Black where `BLACK`, else White: a side fixed when compiling, for code compiled
    /// once per side.
    #[inline(always)]
    pub const fn constant<const BLACK: bool>() -> Color {
        if BLACK {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The FEN letter for the side to move: `w` or `b`.
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads `w` or `b`.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The word for the side as options, command lines and JSON write it: `white` or
    /// `black`. `Display` writes it capitalised (`White`), as prose and PGN do.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The word capitalised, as the Code's prose and PGN write it: `White` or `Black`.
    pub const fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The other side, usable in `const` contexts.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

impl fmt::Display for Color {
    /// `White` or `Black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

impl Named for Color {
    const WHAT: &'static str = "colour";
    const ALL: &'static [Self] = &Color::ALL;
    fn name(self) -> &'static str {
        Color::name(self)
    }
}

impl FromStr for Color {
    type Err = UnknownName;

    /// `white` or `black` in any case, or the FEN letter `w` or `b`; surrounding blanks
    /// are ignored. The error lists the words.
    fn from_str(s: &str) -> Result<Color, UnknownName> {
        match s.trim() {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            _ => Color::parse_name(s),
        }
    }
}

/// A value for each side, indexed by [`Color`]: `by_color[color]`, or
/// [`ByColor::get`] in `const` code.
///
/// The two values are kept as `[T; 2]`, White's first, so a lookup is one indexed load,
/// the same code as `array[color as usize]` (no branch, and no bounds check: a `Color`
/// is 0 or 1).
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash)]
pub struct ByColor<T> {
    by_index: [T; 2],
}

impl<T> ByColor<T> {
    /// Builds from the two values.
    pub const fn new(white: T, black: T) -> Self {
        ByColor {
            by_index: [white, black],
        }
    }

    /// The value of one side.
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        &self.by_index[color as usize]
    }

    /// The value of one side, mutably.
    #[inline]
    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        &mut self.by_index[color as usize]
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            by_index: self.by_index.map(f),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for ByColor<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ByColor")
            .field("white", &self[Color::White])
            .field("black", &self[Color::Black])
            .finish()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_named_and_read_in_one_place() {
        for color in Color::ALL {
            assert_eq!(color.name().parse::<Color>(), Ok(color));
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            assert_eq!(color.to_char().to_string().parse::<Color>(), Ok(color));
        }
        assert_eq!(Color::White.name(), "white");
        assert_eq!(Color::Black.to_string(), "Black");
        assert_eq!(" BLACK ".parse::<Color>(), Ok(Color::Black));
        assert_eq!(
            "grey".parse::<Color>().unwrap_err().to_string(),
            "unknown colour 'grey' (known: white, black)"
        );
    }

    #[test]
    fn by_color_indexes_like_get() {
        let mut b = ByColor::new(1, 2);
        b[Color::Black] += 10;
        assert_eq!((b[Color::White], b[Color::Black]), (1, 12));
        assert_eq!(b.get(Color::Black), &b[Color::Black]);
    }
}
