//! The vocabulary: squares, colours, pieces, bitboards and moves.

mod bitboard;
mod color;
mod mv;
mod piece;
mod square;

pub use bitboard::{Bitboard, BitboardIter};
pub use color::{ByColor, Color};
pub use mv::{Move, MoveKind, MoveList, MAX_MOVES};
pub use piece::{Piece, PieceKind};
pub use square::{File, Rank, Square};
