//! `morphy games stats`: the person's results per odds and per Morphy's level
//! ([`crate::ladder::tally()`]: the finished games), the games that go on, the estimate of
//! their strength and the next game to ask for ([`super::standing`]).

use std::io::Write;

use super::error::GamesError;
use super::facts::{outcome, played, Outcome};
use super::standing::{estimate_words, next_words, standing};
use crate::game_db::{GameDb, GameRecord};
use crate::ladder::tally;

/// Writes the results per odds and level, the estimate and the next game.
///
/// # Errors
/// The database cannot be read; `out` cannot be written.
pub fn stats(db: &GameDb, out: &mut impl Write) -> Result<(), GamesError> {
    let games: Vec<GameRecord> = db.all()?.into_iter().filter(played).collect();
    writeln!(
        out,
        "{:<20} {:<8} {:<9} {:>5}  {:>3}  {:>5}  {:>4}   score",
        "odds", "level", "given by", "games", "won", "drawn", "lost"
    )?;
    for row in tally(&games) {
        let n = row.won + row.drawn + row.lost;
        let score = 100.0 * (f64::from(row.won) + f64::from(row.drawn) / 2.0) / f64::from(n);
        let level = row
            .level
            .map_or_else(|| "full".to_string(), |l| format!("Elo {l}"));
        let giver = if row.person_gives { "you" } else { "Morphy" };
        writeln!(
            out,
            "{:<20} {level:<8} {giver:<9} {n:>5}  {:>3}  {:>5}  {:>4}  {score:>5.1}%",
            row.odds.name(),
            row.won,
            row.drawn,
            row.lost
        )?;
    }
    let open = games
        .iter()
        .filter(|g| outcome(g) == Outcome::Unfinished)
        .count();
    writeln!(
        out,
        "\n{} game{} in {} ({open} unfinished, not counted).",
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        db.path().display()
    )?;
    let standing = standing(&games);
    writeln!(out, "{}", estimate_words(standing.estimate.as_ref()))?;
    writeln!(out, "{}", next_words(&standing.next))?;
    Ok(())
}
