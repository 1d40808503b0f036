//! The games' database `morphy games` reads, and a game in it named by its id or the
//! first characters of it.

use std::path::Path;

use super::error::GamesError;
use super::facts::plain;
use crate::game_db::{default_folder, DbError, GameDb, GameRecord};

/// The games' database in `data`, or in the default folder.
///
/// # Errors
/// As [`GameDb::open`]; no default folder.
pub fn open(data: Option<&Path>) -> Result<GameDb, DbError> {
    match data {
        Some(folder) => GameDb::open(folder),
        None => GameDb::open(&default_folder()?),
    }
}

/// The game named `id` (the whole id, or the first characters of exactly one).
///
/// # Errors
/// [`GamesError::Usage`] when no game, or more than one, is so named.
pub fn find(db: &GameDb, id: &str) -> Result<GameRecord, GamesError> {
    if let Some(found) = db.load(id)? {
        return Ok(found);
    }
    let file = db.path().display();
    let mut named: Vec<GameRecord> = if id.is_empty() {
        Vec::new()
    } else {
        db.all()?
            .into_iter()
            .filter(|g| g.id.starts_with(id))
            .collect()
    };
    match named.len() {
        1 => Ok(named.remove(0)),
        0 => Err(GamesError::Usage(format!(
            "no game {} in {file}; 'morphy games' lists them",
            plain(id)
        ))),
        n => Err(GamesError::Usage(format!(
            "{n} games in {file} have ids starting {}: give more of the id",
            plain(id)
        ))),
    }
}
