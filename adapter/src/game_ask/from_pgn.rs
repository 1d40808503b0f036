//! A game asked for by a PGN text (the web board's upload): its first game is replayed
//! under the Code ([`resume_game`]), to go on from where it stands. The same reading
//! opens such a game again from the games' database ([`crate::kept`]).

use std::collections::BTreeMap;

use engine::pgn::read_games;
use engine::session::Session;
use engine::RuleSet;

use super::{read, NewGame, ParamError};
use crate::pgn_check::{resume_game, Verdict};
use crate::play::{Limit, PlayConfig};

/// The parameter under which the PGN text is kept.
pub const PGN: &str = "pgn";

/// Why a PGN's game was not resumed.
#[derive(Clone, Debug)]
pub enum UploadError {
    /// The PGN cannot be read or played, in words.
    Refused(String),
    /// Morphy's level is bad.
    Params(Vec<ParamError>),
}

impl UploadError {
    /// The reason in one line.
    pub fn words(&self) -> String {
        match self {
            UploadError::Refused(words) => words.clone(),
            UploadError::Params(errors) => errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        }
    }
}

/// A PGN's game replayed: the session where it stands, how it was asked for (the PGN
/// under [`PGN`], and Morphy's level), and what the replay found.
pub struct FromPgn {
    /// The game, its moves played.
    pub session: Session,
    /// How it was asked for.
    pub new: NewGame,
    /// What the replay found, one line each.
    pub notes: Vec<String>,
}

/// The first game of `pgn`, Morphy at `elo` (`full` or a level), searching by `limit`
/// when untimed.
///
/// # Errors
/// The PGN cannot be read, holds no game, or cannot be set up; the level is bad.
pub fn from_pgn(pgn: &str, elo: Option<&str>, limit: Limit) -> Result<FromPgn, UploadError> {
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
    // A game the PGN says is over, which the board did not end (a resignation, a draw
    // agreed, a win on time), is no game to go on with.
    let result = first.result.as_deref().or_else(|| first.tag("Result"));
    if let Some(result @ ("1-0" | "0-1" | "1/2-1/2")) = result {
        if session.ending().is_none() && !matches!(resumed.verdict, Verdict::Illegal(_)) {
            return refuse(format!(
                "the game in this PGN is over ({result}, ended off the board: a resignation, \
                 an agreed draw or a loss on time), so it cannot be resumed; to play on from \
                 its last position, change its result to *"
            ));
        }
    }
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
    let new = match read(&level, limit) {
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
    Ok(FromPgn {
        session,
        new,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resumed(pgn: &str) -> Result<FromPgn, UploadError> {
        from_pgn(pgn, None, Limit::Depth(1))
    }

    #[test]
    fn a_game_ended_off_the_board_is_not_resumed_as_if_it_went_on() {
        let resigned = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n";
        let words = resumed(resigned).err().expect("refused").words();
        assert!(
            words.contains("over (1-0") && words.contains("change its result to *"),
            "{words}"
        );
        let agreed = "[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";
        assert!(resumed(agreed).is_err());
        // Going on: resumed where it stands.
        let going = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
        let game = resumed(going).expect("resumed");
        assert_eq!(game.session.game().moves().len(), 3);
        // Mated on the board: the game is opened, over, as the board says.
        let mate = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let game = resumed(mate).expect("opened");
        assert!(game.session.ending().is_some());
    }
}
