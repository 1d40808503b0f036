//! A game resumed from an uploaded PGN text ([`from_pgn`]): the person takes the side to
//! move.

use super::game::WebGame;
use crate::game_ask::from_pgn::{from_pgn, FromPgn};
pub use crate::game_ask::from_pgn::{UploadError, PGN};
use crate::play::Limit;

/// The game of the first game of `pgn`, Morphy at `elo` (`full` or a level), searching
/// by `limit` when untimed.
///
/// # Errors
/// The PGN cannot be read, holds no game, or cannot be set up; the level is bad.
pub fn resume(pgn: &str, elo: Option<&str>, limit: Limit) -> Result<WebGame, UploadError> {
    let FromPgn {
        session,
        new,
        notes,
    } = from_pgn(pgn, elo, limit)?;
    Ok(WebGame::resumed(session, new, notes))
}
