//! `morphy games stats`: the person's results per odds and per Morphy's level: games
//! won, drawn, lost and unfinished, and the score of the finished ones (a win 1, a draw
//! one half).

use std::collections::BTreeMap;
use std::io::Write;

use super::error::GamesError;
use super::facts::{level, outcome, plain, played, Outcome};
use crate::game_db::{GameDb, GameRecord};

/// The games of one kind counted by outcome.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Tally {
    /// Won, drawn, lost, unfinished, in [`Outcome::ALL`]'s order.
    pub counts: [usize; 4],
}

impl Tally {
    fn add(&mut self, outcome: Outcome) {
        let at = Outcome::ALL.iter().position(|&o| o == outcome).unwrap_or(3);
        self.counts[at] += 1;
    }

    /// The score of the finished games, in percent (`None`: none finished).
    pub fn score(&self) -> Option<f64> {
        let [won, drawn, lost, _] = self.counts;
        let finished = won + drawn + lost;
        #[expect(
            clippy::cast_precision_loss,
            reason = "a person's games are far fewer than 2^52"
        )]
        let score =
            (finished > 0).then(|| 100.0 * (won as f64 + drawn as f64 / 2.0) / finished as f64);
        score
    }
}

/// The games counted by `key` (the odds, the level), in `key`'s order.
pub fn tally(games: &[GameRecord], key: impl Fn(&GameRecord) -> String) -> BTreeMap<String, Tally> {
    let mut by: BTreeMap<String, Tally> = BTreeMap::new();
    for g in games {
        by.entry(key(g)).or_default().add(outcome(g));
    }
    by
}

fn table(
    out: &mut impl Write,
    title: &str,
    rows: &BTreeMap<String, Tally>,
) -> Result<(), GamesError> {
    writeln!(
        out,
        "{title:<20} games  won  drawn  lost  unfinished   score"
    )?;
    for (name, t) in rows {
        let [won, drawn, lost, open] = t.counts;
        let score = t
            .score()
            .map_or_else(|| "-".to_string(), |s| format!("{s:.1}%"));
        writeln!(
            out,
            "{name:<20} {:>5}  {won:>3}  {drawn:>5}  {lost:>4}  {open:>10}  {score:>6}",
            won + drawn + lost + open
        )?;
    }
    Ok(())
}

/// Writes the results per odds and per level.
///
/// # Errors
/// The database cannot be read; `out` cannot be written.
pub fn stats(db: &GameDb, out: &mut impl Write) -> Result<(), GamesError> {
    let games: Vec<GameRecord> = db.all()?.into_iter().filter(played).collect();
    if games.is_empty() {
        writeln!(out, "No games in {}.", db.path().display())?;
        return Ok(());
    }
    table(out, "odds", &tally(&games, |g| plain(&g.odds)))?;
    writeln!(out)?;
    table(out, "Morphy's level", &tally(&games, level))?;
    writeln!(
        out,
        "\n{} game{} in {}.",
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        db.path().display()
    )?;
    Ok(())
}
