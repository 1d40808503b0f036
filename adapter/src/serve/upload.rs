//! A game resumed from a PGN text (an upload): its first game is replayed under the
//! Code ([`resume_game`]) and the person takes the side to move. The same reading opens
//! an uploaded game again from the database ([`super::record`]).

use std::collections::BTreeMap;

use engine::pgn::read_games;
use engine::RuleSet;

use super::game::WebGame;
use super::params::{self, NewGame, ParamError};
use crate::pgn_check::{resume_game, Verdict};
use crate::play::{Limit, PlayConfig};

/// The parameter under which an upload's PGN text is kept.
pub const PGN: &str = "pgn";

/// Why an upload was not resumed.
#[derive(Clone, Debug)]
pub enum UploadError {
    /// The PGN cannot be read or played, in words.
    Refused(String),
    /// Morphy's level is bad.
    Params(Vec<ParamError>),
}

/// The game of the first game of `pgn`, Morphy at `elo` (`full` or a level), searching
/// by `limit` when untimed.
///
/// # Errors
/// The PGN cannot be read, holds no game, or cannot be set up; the level is bad.
pub fn resume(pgn: &str, elo: Option<&str>, limit: Limit) -> Result<WebGame, UploadError> {
    let refuse = |words: String| Err(UploadError::Refused(words));
    let games = match read_games(pgn) {
        Ok(games) => games,
        Err(e) => return refuse(format!("the PGN cannot be read: {e}")),
    };
    let Some(first) = games.first() else {
        return refuse("the PGN holds no game".to_string());
    };
    let resumed = resume_game(first, RuleSet::default());
    let (Some(spec), Some(session)) = (resumed.spec, resumed.session) else {
        return refuse(match resumed.verdict {
            Verdict::Illegal(w) | Verdict::Unreadable(w) => w,
            Verdict::Replayed { .. } => "the game cannot be set up".to_string(),
        });
    };
    let mut notes = Vec::new();
    if let Verdict::Illegal(why) = &resumed.verdict {
        notes.push(format!(
            "The game is resumed before its first illegal move: {why}."
        ));
    }
    let mut level = BTreeMap::new();
    if let Some(elo) = elo {
        level.insert("elo".to_string(), elo.to_string());
    }
    let new = match params::read(&level, limit) {
        Ok(new) => {
            let mut asked = level;
            asked.insert(PGN.to_string(), pgn.to_string());
            NewGame {
                config: PlayConfig { spec, ..new.config },
                asked,
                ..new
            }
        }
        Err(errors) => return Err(UploadError::Params(errors)),
    };
    Ok(WebGame::resumed(session, new, notes))
}
