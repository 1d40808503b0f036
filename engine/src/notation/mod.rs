//! Move notations other than SAN (which is [`crate::san`]), in the context of a position:
//!
//! - [`uci`]: UCI move text (`e2e4`, `e7e8q`, `e1c1` for castling without Rook);
//! - [`descriptive`]: the descriptive notation of the Code's period (`P-K4`, `Kt-KB3`,
//!   `QxKtP`, `Castles QR`), Am. I 13, read as I 13 C and III 3 say.

pub mod descriptive;
pub mod uci;

pub use descriptive::DescriptiveError;
pub use uci::UciMoveError;
