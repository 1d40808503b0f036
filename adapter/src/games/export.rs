//! `morphy games export [FILE]`: the games as PGN, oldest first, each replayed from its
//! record by the engine and written by `morphy play`'s own writer
//! ([`pgn::player_game_on`]), dated the day it was first stored.

use std::io::Write;
use std::path::Path;

use super::error::GamesError;
use super::facts::plain;
use super::filter::Filter;
use crate::game_db::GameDb;
use crate::kept;
use crate::play::{pgn, Limit};

/// The PGN of the games `filter` keeps, oldest first; the ids of those that cannot be
/// replayed, with why.
///
/// # Errors
/// The database cannot be read.
pub fn pgn_of(db: &GameDb, filter: &Filter) -> Result<(String, Vec<String>), GamesError> {
    let mut text = String::new();
    let mut failed = Vec::new();
    let mut games = db.all()?;
    games.reverse();
    for record in games.iter().filter(|g| filter.keeps(g)) {
        match kept::rebuild(record, Limit::Depth(1)) {
            Ok(game) => {
                if !text.is_empty() {
                    text.push('\n');
                }
                let date = pgn::date_of(record.created);
                text.push_str(&pgn::player_game_on(
                    &game.session,
                    "Morphy",
                    game.sides.human,
                    &date,
                ));
            }
            Err(why) => failed.push(format!("{}: {}", plain(&record.id), plain(&why))),
        }
    }
    Ok((text, failed))
}

/// Writes the games `filter` keeps as PGN to `file`, or to `out` without one.
///
/// # Errors
/// The database cannot be read; the file cannot be written; a game cannot be replayed
/// (the others are written).
pub fn export(
    db: &GameDb,
    filter: &Filter,
    file: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), GamesError> {
    let (text, failed) = pgn_of(db, filter)?;
    match file {
        Some(path) => std::fs::write(path, &text).map_err(|e| {
            GamesError::Failed(format!("cannot write the PGN to {}: {e}", path.display()))
        })?,
        None => out.write_all(text.as_bytes())?,
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(GamesError::Failed(format!(
            "{} game{} in {} cannot be replayed and {} left out: {}",
            failed.len(),
            if failed.len() == 1 { "" } else { "s" },
            db.path().display(),
            if failed.len() == 1 { "is" } else { "are" },
            failed.join("; ")
        )))
    }
}
