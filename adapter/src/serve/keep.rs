//! The web board's games kept in the games' database ([`crate::game_db`]): each change
//! written before the answer leaves, and a game asked for by an id no longer in memory
//! (after a restart, or once dropped as idle) opened again from its record.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::game::WebGame;
use super::record;
use crate::game_db::{DbError, GameDb, GameRecord};
use crate::play::Limit;

/// The open database, and the search limit of the games it opens again.
pub struct Keeper {
    db: Mutex<GameDb>,
    path: PathBuf,
    limit: Limit,
}

impl Keeper {
    /// Opens the database in `folder` ([`GameDb::open`]); Morphy searches by `limit` in
    /// the untimed games opened again.
    ///
    /// # Errors
    /// As [`GameDb::open`].
    pub fn open(folder: &Path, limit: Limit) -> Result<Keeper, DbError> {
        let db = GameDb::open(folder)?;
        Ok(Keeper {
            path: db.path().to_path_buf(),
            db: Mutex::new(db),
            limit,
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn db(&self) -> std::sync::MutexGuard<'_, GameDb> {
        self.db.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Writes the game under `id` as it stands, in one transaction.
    ///
    /// # Errors
    /// When the write fails.
    pub fn save(&self, id: &str, game: &WebGame) -> Result<(), DbError> {
        self.db().save(&record::to_record(id, game))
    }

    /// Every stored game, newest first.
    ///
    /// # Errors
    /// When the read fails.
    pub fn all(&self) -> Result<Vec<GameRecord>, DbError> {
        self.db().all()
    }

    /// The record of the game under `id`, if stored.
    ///
    /// # Errors
    /// When the read fails.
    pub fn load(&self, id: &str) -> Result<Option<GameRecord>, DbError> {
        self.db().load(id)
    }

    /// The game under `id` opened again from its record, if stored.
    ///
    /// # Errors
    /// When the read fails, or the record cannot be replayed.
    pub fn rebuild(&self, id: &str) -> Result<Option<WebGame>, DbError> {
        let Some(stored) = self.db().load(id)? else {
            return Ok(None);
        };
        self.rebuild_record(&stored).map(Some)
    }

    /// The game of `stored` (a record read from this database) opened again.
    ///
    /// # Errors
    /// When the record cannot be replayed.
    pub fn rebuild_record(&self, stored: &GameRecord) -> Result<WebGame, DbError> {
        record::rebuild(stored, self.limit).map_err(|what| DbError::BadRecord {
            path: self.path.clone(),
            id: stored.id.clone(),
            what,
        })
    }
}
