//! A web game as the games' database keeps it, and back: the record of every front end
//! ([`crate::kept`]), written from the board's game and opened again as a board's game,
//! its clocks standing as they were last written.

use std::time::Instant;

use super::game::WebGame;
use crate::game_db::GameRecord;
use crate::kept::{self, Kept, Snapshot};
use crate::play::Limit;

/// The record of the game under `id`.
pub fn to_record(id: &str, game: &WebGame) -> GameRecord {
    kept::record(
        id,
        &Snapshot {
            session: &game.session,
            human: game.sides.human,
            new: &game.new,
            calls: &game.calls,
            clock_after: &game.clock_after,
            left: game.clocks.as_ref().map(|c| c.left),
        },
    )
}

/// The game of `record`, opened again and its moves replayed ([`kept::rebuild`]); Morphy
/// searches by `limit` when untimed. A timed game's clocks stand as they were when it
/// was last written, the side to move's running again from now: the time between that
/// change and the restart is not counted against anyone.
///
/// # Errors
/// What in the record cannot be read or replayed, in words.
pub fn rebuild(record: &GameRecord, limit: Limit) -> Result<WebGame, String> {
    let Kept {
        session,
        sides,
        new,
        notes,
        calls,
        clock_after,
        left,
    } = kept::rebuild(record, limit)?;
    let mut game = WebGame::with(session, sides, new, notes);
    game.calls = calls;
    game.clock_after = clock_after;
    if let (Some(clocks), Some(left)) = (game.clocks.as_mut(), left) {
        clocks.left = left;
        clocks.since = Some(Instant::now());
    }
    let n = record.moves.len();
    game.say(format!(
        "The game is opened again from its record after {n} half-moves."
    ));
    Ok(game)
}

#[cfg(test)]
mod tests;
