//! `morphy games`: the games kept in the games' database ([`crate::game_db`]), the web
//! board's and the terminal's alike, listed newest first ([`list`]), one shown with its
//! score and where it stands ([`show`]), written as PGN ([`export`]), counted per odds
//! and per level ([`stats`]); and the game `morphy play --resume` goes on with
//! ([`resume`]). A game is named by its id or the first characters of it.
//!
//! Exit codes: 0 done; 1 the database cannot be opened or read (or a game in it cannot
//! be replayed); 2 a usage error (a bad flag, no such game).

pub mod export;
pub mod facts;
pub mod list;
pub mod resume;
pub mod show;
pub mod stats;

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use engine::Odds;

use crate::game_db::{default_folder, DbError, GameDb, GameRecord};
use facts::{outcome, plain, Outcome};

/// The flags of `morphy games`.
#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// What to do (default: list).
    #[command(subcommand)]
    pub action: Option<GamesCommand>,
    /// Which games `morphy games` lists.
    #[command(flatten)]
    pub filter: Filter,
    /// The folder of the games' database, morphy.db (default: morphy in the XDG data
    /// folder, ~/.local/share/morphy).
    #[arg(long, value_name = "DIR", global = true)]
    pub data: Option<PathBuf>,
}

/// The subcommands of `morphy games`.
#[derive(clap::Subcommand, Debug)]
pub enum GamesCommand {
    /// List the games, newest first: date, id, odds, rules, Morphy's level, your colour,
    /// length, result with its reason and law.
    List {
        #[command(flatten)]
        filter: Filter,
    },
    /// Show one game: its header, its score and where it stands.
    Show {
        /// The game's id (or its first characters).
        id: String,
    },
    /// Write the games as PGN, to FILE or to standard output.
    Export {
        #[command(flatten)]
        filter: Filter,
        /// The file to write (default: standard output).
        file: Option<PathBuf>,
    },
    /// Your results per odds and per Morphy's level.
    Stats,
}

/// Which games: at some odds, with some result.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Filter {
    /// Only the games at these odds (none, pawn, knight, rook, ...).
    #[arg(long)]
    pub odds: Option<Odds>,
    /// Only the games you won, lost, drew, or that go on: won, lost, drawn, unfinished.
    #[arg(long)]
    pub result: Option<Outcome>,
}

impl Filter {
    /// Whether `record` is one of the games asked for.
    pub fn keeps(&self, record: &GameRecord) -> bool {
        self.odds.is_none_or(|o| o.name() == record.odds)
            && self.result.is_none_or(|r| outcome(record) == r)
    }
}

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

/// Runs `morphy games` as `args` ask, writing to `out`.
///
/// # Errors
/// What went wrong, with its exit code ([`GamesError::code`]).
pub fn run(args: &GamesArgs, out: &mut impl Write) -> Result<(), GamesError> {
    let db = open(args.data.as_deref())?;
    match &args.action {
        None => list::list(&db, &args.filter, out),
        Some(GamesCommand::List { filter }) => list::list(&db, filter, out),
        Some(GamesCommand::Show { id }) => show::show(&db, id, out),
        Some(GamesCommand::Export { filter, file }) => {
            export::export(&db, filter, file.as_deref(), out)
        }
        Some(GamesCommand::Stats) => stats::stats(&db, out),
    }
}

#[cfg(test)]
mod tests;
