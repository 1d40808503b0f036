//! The games' database: every game kept in one `SQLite` file, `morphy.db` in the data
//! folder (`$XDG_DATA_HOME/morphy`, by default `~/.local/share/morphy`; `--data DIR`
//! names another). The folder and the file are made when missing; the file is in WAL
//! mode, each change is one transaction, and its schema is migrated on open
//! ([`schema`]). A file from a newer Morphy, or one that is no database, is refused and
//! left as it is: nothing here ever deletes or overwrites a file.
//!
//! - [`error`]: what can go wrong, naming the file and what to do;
//! - [`schema`]: the migrations and the schema version;
//! - [`record`]: a game as stored;
//! - [`rows`]: writing a game and reading it back.

pub mod error;
pub mod record;
pub mod rows;
pub mod schema;
#[cfg(test)]
pub mod test_folder;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::Connection;

pub use error::DbError;
pub use record::{GameRecord, MoveRecord};

/// The file's name in the data folder.
pub const FILE: &str = "morphy.db";

/// How long a write waits for another program's to finish before it fails.
const BUSY: Duration = Duration::from_secs(2);

/// The default data folder: `$XDG_DATA_HOME/morphy`, else `~/.local/share/morphy`.
///
/// # Errors
/// When neither variable is set (or `XDG_DATA_HOME` is not an absolute path, as the
/// XDG rules ask, and `HOME` is unset).
pub fn default_folder() -> Result<PathBuf, DbError> {
    let from = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if let Some(data) = from("XDG_DATA_HOME") {
        return Ok(data.join("morphy"));
    }
    from("HOME")
        .map(|home| home.join(".local").join("share").join("morphy"))
        .ok_or(DbError::NoDataFolder)
}

/// A new game's id, unguessable (the web board's address names it): 128 random bits
/// in hex.
///
/// # Errors
/// When the system has no randomness to give.
pub fn new_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    let mut id = String::with_capacity(32);
    for b in bytes {
        let _ = write!(id, "{b:02x}");
    }
    Ok(id)
}

/// An open games' database.
#[derive(Debug)]
pub struct GameDb {
    conn: Connection,
    path: PathBuf,
}

impl GameDb {
    /// Opens (making it when missing) `morphy.db` in `folder`, made when missing, and
    /// brings its schema up to date. Nothing is written to a file that is no database
    /// or of a newer schema.
    ///
    /// # Errors
    /// The folder cannot be made; the file cannot be opened or read as a database; it is
    /// of a newer schema; a migration fails.
    pub fn open(folder: &Path) -> Result<GameDb, DbError> {
        std::fs::create_dir_all(folder).map_err(|source| DbError::Folder {
            path: folder.to_path_buf(),
            source,
        })?;
        let path = folder.join(FILE);
        let opened = |source| DbError::Open {
            path: path.clone(),
            source,
        };
        let mut conn = Connection::open(&path).map_err(opened)?;
        conn.busy_timeout(BUSY).map_err(opened)?;
        // Read before anything is written: a file that is no database fails here.
        let found = schema::version(&conn).map_err(opened)?;
        if found > schema::latest() {
            return Err(DbError::Newer {
                path,
                found,
                known: schema::latest(),
            });
        }
        let setup = |conn: &mut Connection| -> rusqlite::Result<()> {
            let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            conn.pragma_update(None, "foreign_keys", true)?;
            schema::migrate(conn, found)
        };
        setup(&mut conn).map_err(opened)?;
        Ok(GameDb { conn, path })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's schema version.
    ///
    /// # Errors
    /// When it cannot be read.
    pub fn version(&self) -> Result<i64, DbError> {
        schema::version(&self.conn).map_err(|e| self.query(e))
    }

    fn query(&self, source: rusqlite::Error) -> DbError {
        DbError::Query {
            path: self.path.clone(),
            source,
        }
    }

    /// Writes `game` whole, in one transaction ([`rows::save`]).
    ///
    /// # Errors
    /// When the write fails; the file keeps the game as it was before.
    pub fn save(&mut self, game: &GameRecord) -> Result<(), DbError> {
        rows::save(&mut self.conn, game).map_err(|e| self.query(e))
    }

    /// Every stored game, newest first, whole ([`rows::all`]).
    ///
    /// # Errors
    /// When the read fails.
    pub fn all(&self) -> Result<Vec<GameRecord>, DbError> {
        rows::all(&self.conn).map_err(|e| self.query(e))
    }

    /// The game under `id`, if stored.
    ///
    /// # Errors
    /// When the read fails.
    pub fn load(&self, id: &str) -> Result<Option<GameRecord>, DbError> {
        rows::load(&self.conn, id).map_err(|e| self.query(e))
    }
}

#[cfg(test)]
mod tests;
