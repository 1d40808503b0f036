//! `morphy games show ID`: one game's header, its score, and where it stands (the board
//! from the person's side, whose turn, or the result), the game replayed from its record
//! by the engine ([`crate::kept::rebuild`]).

use std::io::Write;

use super::error::GamesError;
use super::facts::{self, date, level, plain, result};
use super::find::find;
use crate::game_db::{GameDb, GameRecord};
use crate::kept::{self, Kept};
use crate::play::{board, pgn, Limit};

/// `ms` milliseconds as minutes and seconds.
fn clock(ms: u64) -> String {
    let secs = ms / 1000;
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// The header lines of `record`.
pub fn header(record: &GameRecord) -> Vec<String> {
    let mut lines = vec![
        format!("Game {}", plain(&record.id)),
        format!("Date: {} UTC", date(record)),
        format!(
            "Odds: {}; rules: {}; Morphy: {}; you: {}",
            plain(&record.odds),
            plain(&record.rules),
            level(record),
            plain(&record.human)
        ),
    ];
    if let Some(control) = facts::clock(record) {
        let left = match (record.white_ms, record.black_ms) {
            (Some(w), Some(b)) => format!(" (left: White {}, Black {})", clock(w), clock(b)),
            _ => String::new(),
        };
        lines.push(format!("Clock: {}{left}", plain(control)));
    }
    lines.push(format!("Result: {}", result(record)));
    lines
}

/// Writes the game named `id`.
///
/// # Errors
/// No such game; the database cannot be read; the record cannot be replayed (its
/// header and moves are written first).
pub fn show(db: &GameDb, id: &str, out: &mut impl Write) -> Result<(), GamesError> {
    let record = find(db, id)?;
    for line in header(&record) {
        writeln!(out, "{line}")?;
    }
    writeln!(out)?;
    let Kept { session, sides, .. } = match kept::rebuild(&record, Limit::Depth(1)) {
        Ok(kept) => kept,
        Err(why) => {
            let moves: Vec<String> = record.moves.iter().map(|m| plain(&m.uci)).collect();
            writeln!(out, "Moves: {}", moves.join(" "))?;
            return Err(GamesError::Failed(format!(
                "game {} in {} cannot be replayed: {}",
                plain(&record.id),
                db.path().display(),
                plain(&why)
            )));
        }
    };
    let game = session.game();
    let verdict = session.verdict();
    let reason = session.ending().map(|_| verdict.reason.as_str());
    let score = pgn::body(game.start(), game.moves(), verdict.result, &[], reason);
    writeln!(out, "{score}")?;
    writeln!(out)?;
    let pos = game.current();
    writeln!(out, "{}", board(pos, sides.human))?;
    if session.ending().is_some() {
        writeln!(out, "Result {}: {}.", verdict.result, verdict.reason)?;
    } else {
        let who = if pos.turn() == sides.human {
            "you"
        } else {
            "Morphy"
        };
        writeln!(
            out,
            "{} to move ({who}), move {}; 'morphy play --resume {}' goes on with it.",
            pos.turn(),
            pos.fullmove_number(),
            plain(&record.id)
        )?;
    }
    Ok(())
}
