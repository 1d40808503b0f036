//! What can go wrong with the games' database, each naming the file and what to do.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why the games' database could not be opened, read or written.
#[derive(Debug)]
pub enum DbError {
    /// Neither `XDG_DATA_HOME` nor `HOME` is set: no default data folder.
    NoDataFolder,
    /// The data folder could not be made.
    Folder {
        /// The folder.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The file could not be opened or read as a database (locked by another program,
    /// not a database, damaged, unreadable).
    Open {
        /// The file.
        path: PathBuf,
        /// `SQLite`'s reason.
        source: rusqlite::Error,
    },
    /// The file was written by a newer Morphy: its schema is unknown here.
    Newer {
        /// The file.
        path: PathBuf,
        /// The file's schema version.
        found: i64,
        /// The newest version this Morphy knows.
        known: i64,
    },
    /// A read or a write failed (disk full, file locked, ...).
    Query {
        /// The file.
        path: PathBuf,
        /// `SQLite`'s reason.
        source: rusqlite::Error,
    },
    /// The system gave no randomness for a new game's id (its reason).
    NoId(String),
    /// A stored game holds something this Morphy cannot read back.
    BadRecord {
        /// The file.
        path: PathBuf,
        /// The game's id.
        id: String,
        /// What is wrong.
        what: String,
    },
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::NoDataFolder => f.write_str(
                "no data folder for the games' database: neither XDG_DATA_HOME nor HOME is set; \
                 name one with --data DIR",
            ),
            DbError::Folder { path, source } => write!(
                f,
                "cannot make the data folder {}: {source}; make it writable or name another \
                 with --data DIR",
                path.display()
            ),
            DbError::Open { path, source } => write!(
                f,
                "cannot open the games' database {}: {source}; if another program holds it, \
                 close that program; if it is damaged, move it aside (it is left as it is) or \
                 name another folder with --data DIR",
                path.display()
            ),
            DbError::Newer { path, found, known } => write!(
                f,
                "the games' database {} is of schema version {found}, written by a newer \
                 Morphy (this one knows up to version {known}); it is left untouched: use the \
                 newer Morphy, or name another folder with --data DIR",
                path.display()
            ),
            DbError::Query { path, source } => write!(
                f,
                "cannot read or write the games' database {}: {source}; check the disk has \
                 room and no other program locks the file",
                path.display()
            ),
            DbError::NoId(why) => write!(
                f,
                "no id for a new game in the games' database: the system gave no randomness \
                 ({why})"
            ),
            DbError::BadRecord { path, id, what } => write!(
                f,
                "game {id} in the games' database {} cannot be read back: {what}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for DbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DbError::Folder { source, .. } => Some(source),
            DbError::Open { source, .. } | DbError::Query { source, .. } => Some(source),
            DbError::NoDataFolder
            | DbError::NoId(_)
            | DbError::Newer { .. }
            | DbError::BadRecord { .. } => None,
        }
    }
}
