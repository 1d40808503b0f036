//! Why `morphy games` (or `play --resume`) could not do what it was asked, with its exit
//! code.

use std::fmt;
use std::io;

use crate::game_db::DbError;

/// Why `morphy games` (or `play --resume`) could not do what it was asked.
#[derive(Debug)]
pub enum GamesError {
    /// The database cannot be opened or read: exit 1.
    Db(DbError),
    /// A game cannot be replayed from its record, or a file cannot be written: exit 1.
    Failed(String),
    /// The game asked for is not there, or cannot be used so: exit 2.
    Usage(String),
}

impl GamesError {
    /// The exit code.
    pub fn code(&self) -> u8 {
        match self {
            GamesError::Db(_) | GamesError::Failed(_) => 1,
            GamesError::Usage(_) => 2,
        }
    }
}

impl fmt::Display for GamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesError::Db(e) => write!(f, "{e}"),
            GamesError::Failed(words) | GamesError::Usage(words) => f.write_str(words),
        }
    }
}

impl From<DbError> for GamesError {
    fn from(e: DbError) -> GamesError {
        GamesError::Db(e)
    }
}

impl From<io::Error> for GamesError {
    fn from(e: io::Error) -> GamesError {
        GamesError::Failed(format!("cannot write: {e}"))
    }
}
