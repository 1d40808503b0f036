//! One game of Morphy against Morphy from an odds start, under the engine's own rules (the
//! session's: turns of several moves, the marked Pawn, the draws and their laws), each side
//! at its own level: the games that measure what each odds is worth
//! ([`super::worth`](mod@super::worth), docs/LADDER.md). Each side plays its turns as the
//! terminal game and the web board play Morphy's ([`crate::play::turn::morphy_acts`]): a
//! search at the side's strength, then its move, its claim or its call.

use std::sync::atomic::AtomicBool;

use engine::search::{Limits, NullReporter, Searcher, Strength};
use engine::session::Session;
use engine::{Color, Game, GameSpec, Odds, Position, RuleSet};

use crate::play::turn::{morphy_acts, Act};

/// The rule set the odds are measured under: the Code's (Am. IV).
pub const RULES: RuleSet = RuleSet::American1897;

/// A game longer than this many moves (plies) is stopped and counted a draw: neither
/// side would claim the draw the Code offers it, and neither could win.
pub const MAX_PLIES: usize = 600;

/// The transposition table of each side, MiB (enough for the node budgets measured).
const HASH_MB: usize = 16;

/// One game to play: the odds, the giver's and the receiver's levels (Elo settings of
/// [`Strength`]), and the seed of both sides' choices.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Pairing {
    /// The odds the giver gives.
    pub odds: Odds,
    /// The giver's level.
    pub giver: u32,
    /// The receiver's level.
    pub receiver: u32,
}

/// How one game ended, from the receiver's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The receiver's score: 1, ½ or 0.
    pub score: f64,
    /// The result tag (`1-0`, `0-1`, `1/2-1/2`).
    pub result: &'static str,
    /// Why, with its law; or that the game was stopped at [`MAX_PLIES`].
    pub reason: String,
    /// Its length in plies.
    pub plies: usize,
}

/// The side that gives `odds` (White when the odds name no giver, as `none`).
pub fn giver_side(odds: Odds) -> Color {
    odds.giver().unwrap_or(Color::White)
}

/// Plays one game of `pairing`, both sides' choices seeded by `seed` (the giver's with
/// `seed`, the receiver's with the next number, so that the two do not mirror each other).
///
/// # Panics
/// When the odds start cannot be set up under [`RULES`] (every odds of the catalogue can).
pub fn play(pairing: Pairing, seed: u64) -> Played {
    let spec = GameSpec {
        odds: pairing.odds,
        ..GameSpec::new(RULES)
    };
    let start = Position::from_setup(&spec.start(), spec.rules())
        .expect("every odds start of the catalogue is legal");
    let mut session = Session::new(spec, Game::new(start)).expect("no mate condition is set");
    let giver = giver_side(pairing.odds);
    let mut searchers = [
        (giver, pairing.giver, seed),
        (!giver, pairing.receiver, seed ^ 1),
    ]
    .map(|(side, elo, seed)| {
        let mut s = Searcher::new();
        s.set_threads(1);
        s.set_hash_mb(HASH_MB);
        s.set_odds_terms(session.terms());
        s.set_strength(Some(Strength { elo, seed }));
        (side, s)
    });
    let stop = AtomicBool::new(false);
    // The node budget of the strength ends each search (`Strength::limits`).
    let limits = Limits::default();
    let mut stopped = false;
    while session.settle().is_none() {
        if session.game().moves().len() >= MAX_PLIES {
            stopped = true;
            break;
        }
        let side = session.game().current().turn();
        let (_, searcher) = searchers
            .iter_mut()
            .find(|(s, _)| *s == side)
            .expect("one searcher a side");
        let result = searcher.search(session.game(), &limits, &stop, &mut NullReporter);
        if morphy_acts(&mut session, side, &result).act == Act::Nothing {
            break;
        }
    }
    let plies = session.game().moves().len();
    if stopped {
        return Played {
            score: 0.5,
            result: "1/2-1/2",
            reason: format!("stopped after {MAX_PLIES} plies, counted a draw"),
            plies,
        };
    }
    let verdict = session.verdict();
    let receiver_wins = if giver == Color::White { "0-1" } else { "1-0" };
    let score = match verdict.result {
        "1/2-1/2" => 0.5,
        r if r == receiver_wins => 1.0,
        _ => 0.0,
    };
    Played {
        score,
        result: verdict.result,
        reason: verdict.reason,
        plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queen_up_the_receiver_beats_the_same_level() {
        // One game at a weak level can go either way (a change to the search turned
        // seed 3's into the giver's win), so the receiver plays four and must win most.
        let pairing = Pairing {
            odds: Odds::Queen,
            giver: 1200,
            receiver: 1200,
        };
        let games: Vec<Played> = (1..=4).map(|seed| play(pairing, seed)).collect();
        let points: f64 = games.iter().map(|g| g.score).sum();
        assert!(points >= 3.0, "{games:?}");
        // The giver is White: a receiver's win is 0-1, named by its law.
        let won = games.iter().find(|g| g.result == "0-1");
        let won = won.expect("the receiver won no game");
        assert!(won.reason.contains("Am."), "{}", won.reason);
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let pairing = Pairing {
            odds: Odds::TwoMoves,
            giver: 1200,
            receiver: 1200,
        };
        assert_eq!(play(pairing, 5), play(pairing, 5));
    }
}
