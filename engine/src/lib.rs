//! Morphy's chess core: bitboards, magic move generation, positions and FEN, the rule
//! sets of the 1897 American Chess Code and its contemporaries, and starts at odds.
//!
//! No I/O happens here: the UCI server and the command-line tools live in `adapter`.
//!
//! ```
//! use engine::{Odds, Position, Rules, RuleSet};
//!
//! // White gives the Queen's Rook (Am. IV 3) and keeps the right to castle on that side
//! // without it (Am. IV 5).
//! let rules = Rules::new(RuleSet::American1897);
//! let mut pos = Position::from_setup(&Odds::Rook.setup(&rules), rules).unwrap();
//! for text in ["b2b3", "e7e5", "c1b2", "d7d5", "b1c3", "g8f6", "e2e3", "f8d6", "d1e2", "e8g8"] {
//!     let mv = pos.parse_uci_move(text).unwrap();
//!     pos.play(mv);
//! }
//! // The King castles on the Queen's side with no Rook there: only the King moves.
//! let castle = pos.parse_uci_move("e1c1").unwrap();
//! assert!(castle.is_castle());
//! pos.play(castle);
//! assert_eq!(pos.fen(), "rnbq1rk1/ppp2ppp/3b1n2/3pp3/8/1PN1P3/PBPPQPPP/2K2BNR b - - 4 6");
//! ```

#![deny(missing_docs)]
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod attacks;
pub mod eval;
pub mod fen;
pub mod game;
pub mod huge_pages;
mod movegen;
pub mod named;
pub mod notation;
pub mod pgn;
pub mod position;
pub mod rng;
pub mod rules;
pub mod search;
pub mod session;
pub mod setup;
mod types;
pub mod zobrist;

pub use fen::FenError;
pub use game::Game;
pub use movegen::PieceMoves;
pub use named::{Named, UnknownName};
pub use notation::descriptive::DescriptiveError;
pub use notation::san::SanError;
pub use notation::uci::UciMoveError;
pub use position::setup_law::violation::{SetupViolation, SetupViolationKind};
pub use position::{Position, PositionError};
pub use rules::odds::{MateCondition, Odds, OddsGiver, OddsTerms, UnknownOdds};
pub use rules::spec::GameSpec;
pub use rules::{
    CastlingRule, FiftyMoveRule, PromotionRule, RepetitionRule, RuleSet, Rules, UnknownRuleSet,
};
pub use setup::{CastleSide, CastlingRights, Setup};
pub use types::{
    Bitboard, BitboardIter, ByColor, Color, File, Move, MoveKind, MoveList, Piece, PieceKind, Rank,
    Square, MAX_MOVES,
};
