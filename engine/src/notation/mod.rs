//! Move notations, in the context of a position:
//!
//! - [`san`]: Standard Algebraic Notation (`e4`, `Nf3`, `O-O-O`, `exd6`);
//! - [`uci`]: UCI move text (`e2e4`, `e7e8q`, `e1c1` for castling without Rook);
//! - [`descriptive`]: the descriptive notation of the Code's period (`P-K4`, `Kt-KB3`,
//!   `QxKtP`, `Castles QR`), Am. I 13, read as I 13 C and III 3 say;
//! - [`san_score`]: a whole game in SAN, numbered by turns as the descriptive score is.

pub mod descriptive;
pub mod san;
pub mod uci;

pub use descriptive::DescriptiveError;
pub use uci::UciMoveError;

/// A game's score in SAN laid out as the descriptive score is ([`descriptive::score`]):
/// one line a move number, White's moves then Black's, and a turn of several moves one
/// move number (Am. IV 4: the receiver's moves "count together as his first move"), its
/// moves joined by `, ` with no pass written between them.
///
/// ```
/// use engine::notation::san_score;
/// use engine::{Game, Odds, Position, Rules};
/// let rules = Rules::default();
/// let start = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
/// let mut game = Game::new(start);
/// for m in ["e2e4", "d2d4", "e7e6", "g1f3"] {
///     let mv = game.current().parse_uci_move(m).unwrap();
///     game.try_play(mv).unwrap();
/// }
/// assert_eq!(san_score(&game), "1. e4, d4  e6\n2. Nf3");
/// ```
pub fn san_score(game: &crate::game::Game) -> String {
    descriptive::layout(&descriptive::lines_by_turn(
        game,
        crate::position::Position::san,
    ))
}
