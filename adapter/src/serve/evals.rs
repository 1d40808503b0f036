//! Morphy's evaluation along a game, for the replay's graph: each position from the
//! start to the last, searched at full strength for a fixed number of nodes (the same
//! figures on every machine), from White's side. The searches run on the blocking pool,
//! one game at a time, so a history page never holds up a game being played; the
//! figures of the last few games asked for are kept.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, PoisonError};

use engine::search::{Limits, NullReporter, Score, Searcher};
use engine::{Color, Game};
use serde::Serialize;

use super::game::WebGame;

/// The nodes searched in each position.
pub const NODES: u64 = 20_000;
/// A mate, in the graph's centipawns (a mate in `n` is drawn a little nearer zero).
const MATE_CP: i32 = 10_000;
/// How many games' figures are kept.
const KEPT: usize = 16;

/// One position's figure.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize)]
pub struct Eval {
    /// Centipawns from White's side; a mate is ±(10000 − moves to mate).
    pub cp: i32,
    /// Mate in so many moves (negative: White is mated), if the search found one.
    pub mate: Option<i32>,
}

/// The figure of a search's score for the side to move `turn`, from White's side.
fn from_white(score: Score, turn: Color) -> Eval {
    let sign = if turn == Color::White { 1 } else { -1 };
    match score {
        Score::Cp(cp) => Eval {
            cp: sign * cp,
            mate: None,
        },
        Score::Mate(n) => {
            let cp = if n >= 0 { MATE_CP - n } else { -MATE_CP - n };
            Eval {
                cp: sign * cp,
                mate: Some(sign * n),
            }
        }
    }
}

/// The evaluation of each position of `game` (the start, then after each move); `None`
/// where there is no move to search (the game ended on the board there).
pub fn along(game: &WebGame) -> Vec<Option<Eval>> {
    let mut searcher = Searcher::new();
    searcher.set_hash_mb(16);
    searcher.set_odds_terms(game.session.terms());
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut at: Game = game.session.game().clone();
    let mut moves = Vec::new();
    while let Some(mv) = at.undo() {
        moves.push(mv);
    }
    moves.reverse();
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut judge = |at: &Game| {
        let result = searcher.search(at, &limits, &stop, &mut NullReporter);
        let score = result.completed_score.or(result.score);
        out.push(match (result.best, score) {
            (Some(_), Some(s)) => Some(from_white(s, at.current().turn())),
            _ => None,
        });
    };
    judge(&at);
    for mv in moves {
        if at.try_play(mv).is_err() {
            break;
        }
        judge(&at);
    }
    out
}

/// A game's figures: its id, its length in half-moves, a figure a position.
type Figures = (String, usize, Vec<Option<Eval>>);

/// The figures of the last games asked for, by id and length.
#[derive(Default)]
pub struct EvalCache {
    kept: Mutex<VecDeque<Figures>>,
    /// Held while a game is searched: one at a time.
    pub busy: tokio::sync::Mutex<()>,
}

impl EvalCache {
    /// The figures of game `id` at `plies` half-moves, if kept.
    pub fn get(&self, id: &str, plies: usize) -> Option<Vec<Option<Eval>>> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter()
            .find(|(i, n, _)| i == id && *n == plies)
            .map(|(_, _, e)| e.clone())
    }

    /// Keeps the figures of game `id` at `plies` half-moves, the oldest dropped.
    pub fn put(&self, id: &str, plies: usize, evals: Vec<Option<Eval>>) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|(i, _, _)| i != id);
        if kept.len() >= KEPT {
            kept.pop_front();
        }
        kept.push_back((id.to_string(), plies, evals));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_turned_to_whites_side() {
        assert_eq!(from_white(Score::Cp(35), Color::White).cp, 35);
        assert_eq!(from_white(Score::Cp(35), Color::Black).cp, -35);
        // Black to move mates in 2: White is mated.
        let e = from_white(Score::Mate(2), Color::Black);
        assert_eq!((e.cp, e.mate), (-9_998, Some(-2)));
        // Black to move is mated in 3.
        let e = from_white(Score::Mate(-3), Color::Black);
        assert_eq!((e.cp, e.mate), (9_997, Some(3)));
    }
}
