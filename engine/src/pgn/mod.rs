//! PGN under the Code: reading games ([`reader`]), the tags that say which game was
//! played ([`tags`]), replaying a game's moves under its rules and odds with the law of
//! the first move that cannot be played ([`replay()`]), and the move numbers of PGN move
//! text ([`Ply`]). No I/O: text in, values out.
//!
//! A turn of several moves (Am. IV 4) has no PGN form of its own: the giver's pass
//! between the receiver's moves is written as the null move `--` (read also as `Z0` and
//! `0000`), and it takes a ply and a move number as any PGN reader counts them.

pub mod reader;
pub mod replay;
pub mod tags;

use crate::position::Position;
use crate::types::Color;

pub use reader::{read_games, PgnError, PgnErrorKind, PgnGame};
pub use replay::{replay, ReplayError, Replayed};
pub use tags::{spec_from_tags, spec_tags, TagError};

/// Whether a move-text token is a null move: the giver's pass in a turn of several moves.
pub fn is_pass(token: &str) -> bool {
    matches!(token, "--" | "Z0" | "0000")
}

/// Where a ply stands in PGN move text: its move number and the side that makes it.
/// A pass counts as a ply, as every PGN reader counts it.
///
/// ```
/// use engine::pgn::Ply;
/// use engine::{Position, Rules};
/// let ply = Ply::start(&Position::startpos(Rules::default()));
/// assert_eq!(ply.label("e4"), "1. e4");
/// assert_eq!(ply.next().label("e5"), "1... e5");
/// assert_eq!(ply.next().next().prefix(), "2.");
/// ```
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Ply {
    /// The move number.
    pub number: u32,
    /// The side making the ply.
    pub turn: Color,
}

impl Ply {
    /// The first ply from `start`.
    pub fn start(start: &Position) -> Ply {
        Ply {
            number: start.fullmove_number(),
            turn: start.turn(),
        }
    }

    /// The ply after this one.
    pub fn next(self) -> Ply {
        Ply {
            number: self.number + u32::from(self.turn == Color::Black),
            turn: !self.turn,
        }
    }

    /// The move number as written before the ply: `12.` for White, `12...` for Black.
    pub fn prefix(self) -> String {
        match self.turn {
            Color::White => format!("{}.", self.number),
            Color::Black => format!("{}...", self.number),
        }
    }

    /// The ply as people cite it: `12. O-O-O` or `12... Nf6`.
    pub fn label(self, san: &str) -> String {
        format!("{} {san}", self.prefix())
    }
}
