//! Search: finds the best move of a [`Game`]'s current position within [`Limits`],
//! reporting progress through a [`Reporter`]. It never prints; the adapter turns
//! reports into UCI `info` lines.
//!
//! One technique per file:
//! - `worker`: one search thread and what the threads share (nodes, clock, stop), which
//!   the next three extend;
//! - `iterative`: iterative deepening, aspiration windows, `MultiPV`, the root, Lazy SMP;
//! - `alphabeta`: the principal variation search and its pruning and reductions;
//! - `singular`: the singular extension of the hash move, multi-cut, and the negative extension;
//! - `quiescence`: captures and promotions until the position is quiet;
//! - `ordering`: SEE, history tables, move scores;
//! - `tt`: the shared lockless transposition table;
//! - `time`: how long to think;
//! - `odds`: draw odds and conditional mates (docs/RULES.md §4);
//! - `strength`: a strength the person chooses (a node budget and now and then a
//!   plausible second-best move).
//!
//! Draws by rule (docs/RULES.md §5) come from [`crate::rules::draws`]: the search scores a
//! position the side to move could claim as drawn (fifty moves, repetition, per the rule
//! set), and a game that cannot be won (every rule set), as a draw (under draw odds, the
//! giver's loss), and a repetition inside the search tree as a draw at once. Only
//! positions at the commencement of a turn are compared for repetition, and a turn of
//! several moves counts once for the fifty moves (Am. I 16 (a), IV 4). The British call
//! to mate (Br. IV 12) is the positions' [`crate::Position::call_clock`]: the game's call
//! at the root; inside the tree a capture or promotion that first lets a side call starts
//! the count, as if that side called at once.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use engine::search::{Limits, NullReporter, Searcher};
//! use engine::{Game, Position, Rules};
//!
//! let game = Game::new(Position::startpos(Rules::default()));
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! let mut searcher = Searcher::new();
//! let result = searcher.search(&game, &limits, &AtomicBool::new(false), &mut NullReporter);
//! assert!(result.best.is_some());
//! ```

mod alphabeta;
pub mod bench;
mod iterative;
mod limits;
mod odds;
mod ordering;
mod quiescence;
mod report;
mod score;
mod singular;
mod strength;
mod time;
mod tt;
mod worker;

use std::sync::atomic::AtomicBool;

use crate::game::Game;
use crate::types::Move;

pub use limits::Limits;
pub use odds::{marked_now, MateCondition, MateConditionParseError, OddsTerms};
pub use report::{NullReporter, Reporter, SearchInfo, SearchResult};
pub use score::{Bound, Score, MAX_PLY};
pub use strength::{Calibration, Strength, CALIBRATION, MAX_ELO, MIN_ELO};
pub use tt::TranspositionTable;

/// A searcher, keeping its tables (transposition table, histories) between searches.
///
/// Settings: [`Searcher::set_hash_mb`] (UCI `Hash`), [`Searcher::set_threads`] (UCI
/// `Threads`), [`Searcher::set_odds_terms`] (UCI `OddsGiver`, `DrawOdds`,
/// `MateCondition`), [`Searcher::set_strength`] (UCI `UCI_LimitStrength`, `UCI_Elo`,
/// `Seed`), [`Searcher::set_eval_net`] (UCI `EvalNet`); [`Searcher::clear`] for `ucinewgame`.
#[derive(Debug)]
pub struct Searcher {
    tt: TranspositionTable,
    histories: Vec<ordering::Histories>,
    terms: OddsTerms,
    strength: Option<Strength>,
    eval_net: bool,
}

impl std::fmt::Debug for ordering::Histories {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Histories")
    }
}

/// The transposition table size of a new searcher, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with empty tables: 16 MiB of hash, one thread, no odds terms.
    pub fn new() -> Searcher {
        Searcher {
            tt: TranspositionTable::new(DEFAULT_HASH_MB),
            histories: vec![ordering::Histories::new()],
            terms: OddsTerms::default(),
            strength: None,
            eval_net: true,
        }
    }

    /// Resizes the transposition table to about `mb` MiB (UCI `Hash`); empties it.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = TranspositionTable::new(mb);
    }

    /// Sets the number of search threads (UCI `Threads`; Lazy SMP, at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.histories
            .resize_with(threads.max(1), ordering::Histories::new);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.histories.len()
    }

    /// Sets the odds terms of the game (draw odds, conditional mate, who gives them,
    /// odds contempt). A change empties the table: its scores and evaluations were
    /// reckoned under the old terms.
    pub fn set_odds_terms(&mut self, terms: OddsTerms) {
        if terms != self.terms {
            self.tt.clear();
        }
        self.terms = terms;
    }

    /// Plays at a chosen strength (`Some`) or at full strength (`None`, the default): see
    /// [`Strength`]. The strength limits every later search, on top of its [`Limits`].
    pub fn set_strength(&mut self, strength: Option<Strength>) {
        self.strength = strength;
    }

    /// The strength in force (`None`: full strength).
    pub fn strength(&self) -> Option<Strength> {
        self.strength
    }

    /// Evaluates with the learned network built into the engine (`true`, the default
    /// since its SPRT passed; UCI `EvalNet`) or the hand-crafted evaluation (`false`). A
    /// change empties the table: its evaluations were the other's.
    pub fn set_eval_net(&mut self, on: bool) {
        if on != self.eval_net {
            self.tt.clear();
        }
        self.eval_net = on;
    }

    /// Whether the search evaluates with the network.
    pub fn eval_net(&self) -> bool {
        self.eval_net
    }

    /// Forgets everything learnt (UCI `ucinewgame`): the table and the histories.
    pub fn clear(&mut self) {
        self.tt.clear();
        for h in &mut self.histories {
            h.clear();
        }
    }

    /// Searches the game's current position. Returns at once with `best: None` when
    /// there is no legal move. Honours `stop` within a millisecond or so.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        self.tt.new_search();
        let terms = odds::Terms {
            terms: self.terms,
            net: self.eval_net.then(crate::eval::nnue::embedded),
        };
        let Some(strength) = self.strength else {
            return iterative::run(
                &self.tt,
                &mut self.histories,
                terms,
                game,
                limits,
                stop,
                reporter,
            );
        };
        let considering = strength.considers_second_best(game.current());
        let limited = strength.limits(limits, considering);
        let mut recorder = strength::LineRecorder::new(reporter);
        let mut result = iterative::run(
            &self.tt,
            &mut self.histories,
            terms,
            game,
            &limited,
            stop,
            &mut recorder,
        );
        let Some(best) = result.best else {
            return result;
        };
        let lines: Vec<(Move, i32)> = recorder.lines.iter().map(|l| (l.0, l.1)).collect();
        let chosen = if considering {
            strength.choose(game.current(), best, &lines)
        } else {
            best
        };
        if chosen != best {
            let line = recorder.lines.iter().find(|l| l.0 == chosen);
            result.best = Some(chosen);
            result.ponder = line.and_then(|l| l.2.get(1).copied());
            result.score = line.map(|l| Score::from_internal(l.1));
        }
        result
    }
}

#[cfg(test)]
mod tests;
