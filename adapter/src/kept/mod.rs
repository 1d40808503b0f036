//! A game as the games' database keeps it ([`GameRecord`]), the same for every front
//! end: written from a session ([`record`]) and opened again from its record
//! ([`rebuild`]), as it was first opened, its moves replayed through the engine's
//! session so that every ruling is made again, never read from the file. The web board
//! (`serve::record`) and `morphy play` both keep their games so, and each opens the
//! other's.
//!
//! - [`replay`]: a record opened again.

pub mod replay;

use std::time::Duration;

use engine::rules::outcome::Ending;
use engine::session::Session;
use engine::{ByColor, Color};

use crate::game_ask::NewGame;
use crate::game_db::{GameRecord, MoveRecord};
use crate::play::Sides;
pub use replay::rebuild;

/// A game opened again from its record.
pub struct Kept {
    /// The game, its moves replayed, its ending given again.
    pub session: Session,
    /// Who plays which side.
    pub sides: Sides,
    /// How it was asked for (the record's parameters; its seed the record's).
    pub new: NewGame,
    /// What the check of the start (or the PGN's replay) found, one line each.
    pub notes: Vec<String>,
    /// The calls to mate given (Br. IV 12): after how many moves, and by whom.
    pub calls: Vec<(usize, Color)>,
    /// Each side's time left after each move (`None`: untimed, or not recorded).
    pub clock_after: Vec<Option<ByColor<Duration>>>,
    /// Each side's time left when the game was last written (untimed: `None`).
    pub left: Option<ByColor<Duration>>,
}

/// A game as it stands, lent to be written ([`record`]).
pub struct Snapshot<'a> {
    /// The game (settled: its ending, if any, given).
    pub session: &'a Session,
    /// The person's colour.
    pub human: Color,
    /// How it was asked for.
    pub new: &'a NewGame,
    /// The calls to mate given: after how many moves, and by whom.
    pub calls: &'a [(usize, Color)],
    /// Each side's time left after each move, when timed.
    pub clock_after: &'a [Option<ByColor<Duration>>],
    /// Each side's time left now, when timed.
    pub left: Option<ByColor<Duration>>,
}

/// The words for how a game ended, as the record keeps them (`None`: it goes on).
fn ending_words(ending: Option<Ending>) -> Option<String> {
    Some(match ending? {
        Ending::Resigned(c) => format!("resigned {}", c.name()),
        Ending::TimeForfeit(c) => format!("forfeit {}", c.name()),
        Ending::Agreed => "agreed".to_string(),
        Ending::Claimed(_) => "claimed".to_string(),
        Ending::Unfinished => return None,
        // The board ends these by itself: the replayed moves end it again.
        Ending::Checkmate | Ending::Stalemate | Ending::DeadPosition | Ending::ConditionLost(_) => {
            "board".to_string()
        }
    })
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The record of `game` under `id`.
pub fn record(id: &str, game: &Snapshot<'_>) -> GameRecord {
    let session = game.session;
    let spec = session.spec();
    let pos = session.game();
    let moves = pos
        .moves()
        .iter()
        .zip(pos.positions())
        .enumerate()
        .map(|(n, (&mv, before))| {
            let left = game.clock_after.get(n).copied().flatten();
            MoveRecord {
                uci: before.uci_move(mv),
                white_ms: left.map(|l| millis(l[Color::White])),
                black_ms: left.map(|l| millis(l[Color::Black])),
            }
        })
        .collect();
    let ending = session.ending();
    let verdict = ending.map(|_| session.verdict());
    GameRecord {
        id: id.to_string(),
        spec: serde_json::to_string(&game.new.asked).unwrap_or_default(),
        rules: spec.rule_set.name().to_string(),
        odds: spec.odds.name().to_string(),
        level: game.new.elo,
        human: game.human.name().to_string(),
        clock: game.new.asked.get("clock").cloned(),
        white_ms: game.left.map(|l| millis(l[Color::White])),
        black_ms: game.left.map(|l| millis(l[Color::Black])),
        seed: game.new.config.seed,
        moves,
        calls: game
            .calls
            .iter()
            .map(|&(at, by)| (at, by.name().to_string()))
            .collect(),
        ending: ending_words(ending),
        result: verdict.as_ref().map(|v| v.result.to_string()),
        reason: verdict.map(|v| v.reason),
        ..GameRecord::default()
    }
}

#[cfg(test)]
mod tests;
