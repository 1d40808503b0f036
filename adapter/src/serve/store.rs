//! The live games of the server, each under an unguessable id (128 random bits): at most
//! a fixed number at once (the least recently used one makes room), and none kept after
//! it has been left idle too long. A game's search is stopped when it goes. With a
//! database ([`Keeper`]) every game is written as it changes, and one asked for that is
//! not in memory is opened again from its record.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::broadcast;

use super::game::WebGame;
use super::keep::Keeper;
pub use crate::game_db::new_id;

/// One message to a game's pages (server-sent events): its kind and JSON data.
#[derive(Clone, Debug)]
pub struct Event {
    /// `state` (the game changed) or `thinking` (Morphy's search so far).
    pub kind: &'static str,
    /// The JSON text.
    pub data: String,
}

/// A live game, the flag that stops its search, and the channel to its pages.
pub struct Slot {
    /// The game's id.
    pub id: String,
    /// Where the game is kept, if anywhere.
    pub keeper: Option<Arc<Keeper>>,
    /// The game.
    pub game: Mutex<WebGame>,
    /// Set to stop the search under way.
    pub stop: Mutex<Arc<AtomicBool>>,
    /// Events for the game's pages.
    pub events: broadcast::Sender<Event>,
}

impl Slot {
    /// The game, locked (a panic elsewhere while it was held leaves it usable).
    pub fn lock(&self) -> MutexGuard<'_, WebGame> {
        self.game.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stops the search under way, if any.
    pub fn stop_search(&self) {
        self.stop
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .store(true, Ordering::Relaxed);
    }

    /// A fresh stop flag for a new search.
    pub fn new_stop(&self) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        *self.stop.lock().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&flag);
        flag
    }

    /// Writes `game` (this slot's, locked by the caller) to the database, if it is
    /// kept, and marks whether it was; a failure is told on the console and the game
    /// plays on.
    pub fn keep(&self, game: &mut WebGame) {
        game.kept = match &self.keeper {
            None => false,
            Some(keeper) => match keeper.save(&self.id, game) {
                Ok(()) => true,
                Err(e) => {
                    eprintln!("serve: game {} not kept: {e}", self.id);
                    false
                }
            },
        };
    }

    /// Tells the pages.
    pub fn send(&self, kind: &'static str, data: String) {
        // No page listening is no error.
        let _ = self.events.send(Event { kind, data });
    }
}

/// The live games.
pub struct Store {
    games: Mutex<HashMap<String, Arc<Slot>>>,
    max: usize,
    idle: Duration,
    keeper: Option<Arc<Keeper>>,
}

impl Store {
    /// A store of at most `max` games, each dropped after `idle` without a request.
    pub fn new(max: usize, idle: Duration) -> Store {
        Store {
            games: Mutex::new(HashMap::new()),
            max: max.max(1),
            idle,
            keeper: None,
        }
    }

    /// The store, each game kept by `keeper`.
    #[must_use]
    pub fn keeping(self, keeper: Option<Arc<Keeper>>) -> Store {
        Store { keeper, ..self }
    }

    /// The games' database, if the games are kept.
    pub fn keeper(&self) -> Option<&Arc<Keeper>> {
        self.keeper.as_ref()
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds a game, written to the database if kept; returns its id and slot. Idle
    /// games go first, then, if the store is still full, the least recently used.
    ///
    /// # Errors
    /// When no id can be drawn.
    pub fn insert(&self, game: WebGame) -> Result<(String, Arc<Slot>), getrandom::Error> {
        let id = new_id()?;
        let slot = self.place(id.clone(), game);
        slot.keep(&mut slot.lock());
        Ok((id, slot))
    }

    /// Puts `game` under `id`, making room.
    fn place(&self, id: String, game: WebGame) -> Arc<Slot> {
        self.expire();
        let mut map = self.map();
        if let Some(placed) = map.get(&id) {
            // Two requests rebuilt the same game at once: the first placed stands.
            return Arc::clone(placed);
        }
        while map.len() >= self.max {
            let oldest = map
                .iter()
                .min_by_key(|(_, s)| s.lock().touched)
                .map(|(id, _)| id.clone());
            match oldest.and_then(|id| map.remove(&id)) {
                Some(slot) => slot.stop_search(),
                None => break,
            }
        }
        let (events, _) = broadcast::channel(64);
        let slot = Arc::new(Slot {
            id: id.clone(),
            keeper: self.keeper.clone(),
            game: Mutex::new(game),
            stop: Mutex::new(Arc::new(AtomicBool::new(false))),
            events,
        });
        map.insert(id, Arc::clone(&slot));
        slot
    }

    /// The game under `id`, marked as used now: the live one, else the one opened
    /// again from the database (a record that cannot be read is told on the console).
    pub fn get(&self, id: &str) -> Option<Arc<Slot>> {
        let live = self.map().get(id).cloned();
        if let Some(slot) = live {
            slot.lock().touched = Instant::now();
            return Some(slot);
        }
        let keeper = self.keeper.as_ref()?;
        // Ids are 32 hex digits: anything else is no game, and is not looked up.
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        match keeper.rebuild(id) {
            Ok(game) => {
                let mut game = game?;
                game.kept = true;
                Some(self.place(id.to_string(), game))
            }
            Err(e) => {
                eprintln!("serve: {e}");
                None
            }
        }
    }

    /// Drops the games left idle too long, stopping their searches.
    pub fn expire(&self) {
        let idle = self.idle;
        self.map().retain(|_, slot| {
            let keep = slot.lock().touched.elapsed() < idle;
            if !keep {
                slot.stop_search();
            }
            keep
        });
    }

    /// Drops every game (the server stops): their searches stop, their pages' event
    /// streams end.
    pub fn clear(&self) {
        for (_, slot) in self.map().drain() {
            slot.stop_search();
        }
    }

    /// How many games are live.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether no game is live.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
