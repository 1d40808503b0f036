//! `morphy games [list]`: the games, newest first, one a line.

use std::io::Write;

use super::error::GamesError;
use super::facts::{date, length, level, plain, result, short_id};
use super::filter::Filter;
use crate::game_db::GameDb;

/// The list's header.
pub const HEADER: &str = "date              id        odds                 rules          level     colour  moves  result";

/// Writes the games `filter` keeps, newest first, one a line under [`HEADER`].
///
/// # Errors
/// The database cannot be read; `out` cannot be written.
pub fn list(db: &GameDb, filter: &Filter, out: &mut impl Write) -> Result<(), GamesError> {
    let games: Vec<_> = db.all()?.into_iter().filter(|g| filter.keeps(g)).collect();
    if games.is_empty() {
        writeln!(out, "No games in {}.", db.path().display())?;
        return Ok(());
    }
    writeln!(out, "{HEADER}")?;
    for g in &games {
        writeln!(
            out,
            "{}  {:<8}  {:<19}  {:<13}  {:<8}  {:<6}  {:>5}  {}",
            date(g),
            short_id(&g.id),
            plain(&g.odds),
            plain(&g.rules),
            level(g),
            plain(&g.human),
            length(g),
            result(g)
        )?;
    }
    writeln!(
        out,
        "{} game{} in {}; 'morphy games show ID' shows one.",
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        db.path().display()
    )?;
    Ok(())
}
