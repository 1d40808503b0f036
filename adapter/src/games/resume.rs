//! The game `morphy play --resume [ID]` goes on with: the one named, or the last
//! unfinished one with a move made (the one written last, by the database's count of
//! writes, whatever the clock said), opened again from its record. A finished
//! game, and a timed one (the terminal keeps no clocks: its clocks would stop), are
//! refused, saying where to see or play them.

use super::error::GamesError;
use super::facts::{clock, plain};
use super::find::find;
use crate::game_db::{GameDb, GameRecord};
use crate::kept::{self, Kept};
use crate::play::Limit;

/// The record to go on with: `id`'s, or the last unfinished game's.
///
/// # Errors
/// [`GamesError::Usage`]: no such game, no unfinished game, or the game is over or
/// timed; the database cannot be read.
pub fn pick(db: &GameDb, id: Option<&str>) -> Result<GameRecord, GamesError> {
    let file = db.path().display();
    let record = match id {
        Some(id) => find(db, id)?,
        None => db
            .all()?
            .into_iter()
            .filter(|g| g.result.is_none() && !g.moves.is_empty())
            .max_by_key(|g| g.written_order)
            .ok_or_else(|| {
                GamesError::Usage(format!(
                    "no unfinished game in {file}; 'morphy games' lists the games"
                ))
            })?,
    };
    let id = plain(&record.id);
    if let Some(result) = &record.result {
        return Err(GamesError::Usage(format!(
            "game {id} is over ({}: {}); 'morphy games show {id}' shows it",
            plain(result),
            plain(record.reason.as_deref().unwrap_or("no reason kept"))
        )));
    }
    if let Some(control) = clock(&record) {
        return Err(GamesError::Usage(format!(
            "game {id} is played on a clock ({}), which the terminal does not keep: go on \
             with it on the web board (morphy serve, then /game/{id})",
            plain(control)
        )));
    }
    Ok(record)
}

/// The game to go on with ([`pick`]), opened again; Morphy searches by `limit`.
///
/// # Errors
/// As [`pick`]; the record cannot be replayed.
pub fn open(db: &GameDb, id: Option<&str>, limit: Limit) -> Result<(String, Kept), GamesError> {
    let record = pick(db, id)?;
    let kept = kept::rebuild(&record, limit).map_err(|why| {
        GamesError::Failed(format!(
            "game {} in {} cannot be replayed: {}",
            plain(&record.id),
            db.path().display(),
            plain(&why)
        ))
    })?;
    Ok((record.id, kept))
}
