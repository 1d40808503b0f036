//! The flags of `morphy games` and what they run.

use std::io::{self, Write};
use std::path::PathBuf;

use super::error::GamesError;
use super::filter::Filter;
use super::find::open;
use super::{export, list, show, stats};

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

/// Runs `morphy games` as `args` ask, writing to `out`.
///
/// # Errors
/// What went wrong, with its exit code ([`GamesError::code`]).
pub fn run_to(args: &GamesArgs, out: &mut impl Write) -> Result<(), GamesError> {
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

/// Runs `morphy games` as `args` ask, on standard output; the exit code (errors said
/// on standard error).
pub fn run(args: &GamesArgs) -> u8 {
    let mut stdout = io::stdout().lock();
    let done = run_to(args, &mut stdout);
    let _ = stdout.flush();
    match done {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.code()
        }
    }
}
