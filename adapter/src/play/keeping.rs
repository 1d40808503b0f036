//! `morphy play`'s game kept in the games' database ([`crate::game_db`]), as the web
//! board keeps its own ([`crate::kept`]): written whole after every change (a move, a
//! call, a claim, an accepted offer, a take-back, a resignation), before the game says
//! what happened. A database that cannot be opened or written is said once, naming the
//! file, and the game plays on without being kept; the file is never deleted.

use engine::session::Session;
use engine::Color;

use super::config::PlayConfig;
use super::start::{start, Refused, Started};
use crate::game_ask::{asked_of, NewGame};
use crate::game_db::{new_id, DbError, GameDb};
use crate::kept::{self, Kept, Snapshot};

/// What is kept of a game of `morphy play`.
pub enum Keep {
    /// Nothing: the game is not kept.
    Nothing,
    /// A new game, kept in this database (or not, when it could not be opened: why).
    New(Result<GameDb, DbError>),
    /// A game opened again from its record in `db`, under `id`.
    Resumed {
        /// The database.
        db: GameDb,
        /// The game's id.
        id: String,
        /// The game opened again.
        kept: Box<Kept>,
    },
}

/// The game to play and where it is kept: a new one started from `config`, or the one
/// opened again.
pub fn begin(config: &PlayConfig, keep: Keep) -> (Result<Started, Refused>, Option<Keeping>) {
    match keep {
        Keep::Nothing => (start(config), None),
        Keep::New(db) => {
            let started = start(config);
            let keeping = started.as_ref().ok().map(|s| {
                let new = NewGame {
                    config: config.clone(),
                    elo: config.elo,
                    clock: None,
                    asked: asked_of(config, s.sides.human),
                };
                let db = new_id()
                    .map_err(|e| DbError::NoId(e.to_string()))
                    .and_then(|id| db.map(|db| (db, id)));
                match db {
                    Ok((db, id)) => Keeping::new(Ok(db), id, new, Vec::new()),
                    Err(e) => Keeping::new(Err(e), String::new(), new, Vec::new()),
                }
            });
            (started, keeping)
        }
        Keep::Resumed { db, id, kept } => {
            let Kept {
                session,
                sides,
                new,
                notes,
                calls,
                ..
            } = *kept;
            let mut keeping = Keeping::new(Ok(db), id, new, calls);
            keeping.resumed = true;
            let started = Started {
                session,
                sides,
                notes,
            };
            (Ok(started), Some(keeping))
        }
    }
}

/// Where the game is kept, under which id, and how it was asked for.
pub struct Keeping {
    /// The database (`None` when it could not be opened: the game is not kept).
    db: Option<GameDb>,
    /// Why it could not be opened, to be said at the start.
    refused: Option<DbError>,
    /// The game's id.
    id: String,
    /// How the game was asked for, as the record keeps it.
    new: NewGame,
    /// The calls to mate given: after how many moves, and by whom.
    calls: Vec<(usize, Color)>,
    /// Whether the last write failed.
    failing: bool,
    /// Whether the game was opened again from its record.
    resumed: bool,
}

impl Keeping {
    /// The game under `id`, asked for as `new`, kept in `db` (or, when it could not be
    /// opened, not kept), the calls to mate given so far in `calls`.
    pub fn new(
        db: Result<GameDb, DbError>,
        id: String,
        new: NewGame,
        calls: Vec<(usize, Color)>,
    ) -> Keeping {
        let (db, refused) = match db {
            Ok(db) => (Some(db), None),
            Err(e) => (None, Some(e)),
        };
        Keeping {
            db,
            refused,
            id,
            new,
            calls,
            failing: false,
            resumed: false,
        }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// What to say at the start, `made` moves into the game: where it is kept (and that
    /// it was opened again), or why it is not.
    pub fn opening_lines(&mut self, made: usize) -> Vec<String> {
        match (&self.db, self.refused.take()) {
            (Some(db), _) if self.resumed => vec![format!(
                "Game {} opened again from {} after {made} half-move{}; it is kept there as it goes on.",
                self.id,
                db.path().display(),
                if made == 1 { "" } else { "s" }
            )],
            (Some(db), _) => vec![format!(
                "This game is kept in {} as game {}; 'morphy play --resume' goes on with it.",
                db.path().display(),
                self.id
            )],
            (None, Some(e)) => vec![
                format!("warning: {e}"),
                "This game is not being kept; it plays on.".to_string(),
            ],
            (None, None) => Vec::new(),
        }
    }

    /// `by` has called to mate after `ply` moves.
    pub fn called(&mut self, ply: usize, by: Color) {
        self.calls.push((ply, by));
    }

    /// The game is back at `made` moves: the calls given after them are gone.
    pub fn taken_back(&mut self, made: usize) {
        self.calls.retain(|&(at, _)| at <= made);
    }

    /// Writes the game as `session` has it (settled), the person at `human`, in one
    /// transaction; what to say, if anything: the first failure of a run of them, or
    /// that the game is kept again.
    pub fn save(&mut self, session: &Session, human: Color) -> Option<String> {
        let db = self.db.as_mut()?;
        let record = kept::record(
            &self.id,
            &Snapshot {
                session,
                human,
                new: &self.new,
                calls: &self.calls,
                clock_after: &[],
                left: None,
            },
        );
        match db.save(&record) {
            Ok(()) if self.failing => {
                self.failing = false;
                Some(format!(
                    "The game is kept again in {}.",
                    db.path().display()
                ))
            }
            Ok(()) => None,
            Err(_) if self.failing => None,
            Err(e) => {
                self.failing = true;
                Some(format!(
                    "warning: {e}; this game is not being kept (the file holds it as it was \
                     before this change); it plays on."
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests;
