//! The next game to ask for: the odds and level at which the person is expected to
//! score about 50%, by the estimate of their strength ([`super::estimate`](mod@super::estimate)).
//!
//! It is a handicap ladder. Each rung is a game Morphy may give — an odds of the
//! catalogue ([`Odds::ALL`], `none` among them) at a level of [`LEVELS`] — and stands at
//! the strength Morphy plays at in it, its level less what the odds are worth there
//! ([`rung`]). The suggestion is the rung nearest the person's estimate, where they are
//! expected to score nearest 50% (on equal distance, the smaller odds). The rung
//! nearest a rising estimate never falls, so a win (which raises the estimate) brings a
//! rung no lower — the odds shrink or the level rises — and a loss one no higher.
//!
//! With no game yet the estimate is the prior's mean ([`PRIOR_MEAN`]), and the first
//! suggestion is the rung for a player of that strength.

use engine::Odds;
use serde::Serialize;

use super::estimate::{estimate, expected_score, handicapped, Estimate, GameResult, PRIOR_MEAN};
use super::worth::worth;
use super::LEVELS;

/// The game to ask for next.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Suggestion {
    /// The odds Morphy gives.
    #[serde(serialize_with = "super::odds_name")]
    pub odds: Odds,
    /// Morphy's level.
    pub level: u32,
    /// The person's expected score in it, by the estimate.
    pub expected: f64,
}

/// The suggestion for a person of estimate `est`. Without one it is estimated from
/// `history`, their finished games (the prior's mean when there is none).
pub fn suggest(est: Option<&Estimate>, history: &[GameResult]) -> Suggestion {
    let elo = est
        .copied()
        .or_else(|| estimate(history))
        .map_or(PRIOR_MEAN, |e| e.elo);
    suggest_for(elo)
}

/// The rung nearest a person of strength `elo`.
pub fn suggest_for(elo: f64) -> Suggestion {
    let rungs = Odds::ALL.iter().flat_map(|&odds| {
        LEVELS.iter().map(move |&level| Suggestion {
            odds,
            level,
            expected: expected_score(elo, odds, Some(level)),
        })
    });
    rungs
        .min_by(|a, b| {
            let key = |s: &Suggestion| ((s.expected - 0.5).abs(), worth(s.odds, s.level));
            key(a).partial_cmp(&key(b)).expect("finite")
        })
        .expect("the ladder has rungs")
}

/// The strength Morphy plays at in a suggested game: its rung on the ladder.
pub fn rung(s: &Suggestion) -> f64 {
    handicapped(s.odds, Some(s.level))
}

#[cfg(test)]
#[path = "suggest_tests.rs"]
mod tests;
