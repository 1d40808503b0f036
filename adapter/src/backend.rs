//! `SearchBackend`: what the UCI server and `bench` need from a searcher, so the server
//! can be driven in tests by a stand-in (for example one that panics on purpose).
//!
//! The engine's [`Searcher`] is the real backend; this file adapts it and does nothing
//! else. Time management, move choice and tables belong to the engine's search.

use std::sync::atomic::AtomicBool;

use engine::search::{Limits, OddsTerms, Reporter, SearchResult, Searcher, Strength};
use engine::Game;

/// A searcher the server can lend to a search thread and get back.
pub trait SearchBackend: Send + Default + 'static {
    /// Searches the game's current position; see [`Searcher::search`].
    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> SearchResult;

    /// Forgets everything learnt (`Clear Hash`, `ucinewgame`).
    fn clear(&mut self) {
        *self = Self::default();
    }

    /// Tells the searcher the hash size the user asked for, in MiB (empties the table).
    fn set_hash_mb(&mut self, _mb: usize) {}

    /// Tells the searcher how many threads to use.
    fn set_threads(&mut self, _threads: usize) {}

    /// Tells the searcher the odds terms (who gives, draw odds).
    fn set_odds_terms(&mut self, _terms: OddsTerms) {}

    /// Tells the searcher the strength to play at (`None`: full strength).
    fn set_strength(&mut self, _strength: Option<Strength>) {}

    /// Tells the searcher whether to evaluate with the learned network (`EvalNet`).
    fn set_eval_net(&mut self, _on: bool) {}
}

impl SearchBackend for Searcher {
    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        Searcher::search(self, game, limits, stop, reporter)
    }

    fn clear(&mut self) {
        Searcher::clear(self);
    }

    fn set_hash_mb(&mut self, mb: usize) {
        Searcher::set_hash_mb(self, mb);
    }

    fn set_threads(&mut self, threads: usize) {
        Searcher::set_threads(self, threads);
    }

    fn set_odds_terms(&mut self, terms: OddsTerms) {
        Searcher::set_odds_terms(self, terms);
    }

    fn set_strength(&mut self, strength: Option<Strength>) {
        Searcher::set_strength(self, strength);
    }

    fn set_eval_net(&mut self, on: bool) {
        Searcher::set_eval_net(self, on);
    }
}
