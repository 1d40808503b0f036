//! The person's results from the games' database: each finished game as a
//! [`GameResult`] for the estimate, and the count of wins, draws and losses per odds and
//! per level (`/games`, `morphy games stats`).

use engine::{Color, Odds};
use serde::Serialize;

use super::estimate::GameResult;
use crate::game_db::GameRecord;

/// The person's score in a finished game, and whether they gave the odds: `None` when
/// the game goes on, or its odds, colour or result is none the database writes.
fn person_score(record: &GameRecord) -> Option<(Odds, Color, f64)> {
    let odds: Odds = record.odds.parse().ok()?;
    let human: Color = record.human.parse().ok()?;
    let score = match (record.result.as_deref()?, human) {
        ("1/2-1/2", _) => 0.5,
        ("1-0", Color::White) | ("0-1", Color::Black) => 1.0,
        ("1-0" | "0-1", _) => 0.0,
        _ => return None,
    };
    Some((odds, human, score))
}

/// Whether the person gave the odds in a game of `odds` played with `human`.
fn person_gives(odds: Odds, human: Color) -> bool {
    odds.giver() == Some(human)
}

/// A finished game in which Morphy gave the odds (or none were given), as the estimate
/// counts it. `None` for a game that goes on, one whose odds, colour or result cannot
/// be read, and one in which the person took the giver's side: what odds are worth was
/// measured with Morphy giving them (docs/LADDER.md), and is not known the other way.
pub fn result_of(record: &GameRecord) -> Option<GameResult> {
    let (odds, human, score) = person_score(record)?;
    (!person_gives(odds, human)).then_some(GameResult {
        odds,
        level: record.level,
        score,
    })
}

/// The person's results at one odds and level.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct TallyRow {
    /// The odds.
    #[serde(serialize_with = "super::odds_name")]
    pub odds: Odds,
    /// Morphy's level (`None`: full strength).
    pub level: Option<u32>,
    /// Whether the person gave these odds (took the giver's side) rather than Morphy.
    pub person_gives: bool,
    /// The person's wins.
    pub won: u32,
    /// Draws.
    pub drawn: u32,
    /// The person's losses.
    pub lost: u32,
}

/// The finished games of `records` counted per odds (in the catalogue's order), level
/// (rising, full strength last) and who gave the odds; unfinished games and those that
/// cannot be read are left out.
pub fn tally(records: &[GameRecord]) -> Vec<TallyRow> {
    let mut rows: Vec<TallyRow> = Vec::new();
    for record in records {
        let Some((odds, human, score)) = person_score(record) else {
            continue;
        };
        let gives = person_gives(odds, human);
        let at = rows
            .iter()
            .position(|r| r.odds == odds && r.level == record.level && r.person_gives == gives);
        let i = if let Some(i) = at {
            i
        } else {
            rows.push(TallyRow {
                odds,
                level: record.level,
                person_gives: gives,
                won: 0,
                drawn: 0,
                lost: 0,
            });
            rows.len() - 1
        };
        let row = &mut rows[i];
        match score {
            s if s > 0.75 => row.won += 1,
            s if s > 0.25 => row.drawn += 1,
            _ => row.lost += 1,
        }
    }
    let place = |o: Odds| Odds::ALL.iter().position(|&x| x == o);
    rows.sort_by_key(|r| (place(r.odds), r.person_gives, r.level.is_none(), r.level));
    rows
}

#[cfg(test)]
#[path = "tally_tests.rs"]
mod tests;
