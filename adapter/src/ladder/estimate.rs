//! The person's strength, as Elo with its 95% interval, from all their results against
//! Morphy, counting what each odds was worth ([`super::worth`](mod@super::worth)).
//!
//! The model: the person, of strength `P`, playing Morphy who gives `odds` at `level`
//! (its Elo setting; full strength counts as [`super::FULL_STRENGTH_ELO`]), is expected
//! to score `1 / (1 + 10^(−(P − (level − worth(odds, level)))/400))`: Morphy giving odds
//! plays as a player `worth` weaker. `P` is the maximum of the likelihood of the results
//! times a weak normal prior ([`PRIOR`]), its interval the 95% profile interval of the
//! same ([`super::fit`]).
//!
//! Why a prior: without one, a person who has won (or lost) every game so far has no finite
//! estimate, and the ladder could not say what to play next. The prior is [`PRIOR_MEAN`] ±
//! [`PRIOR_SD`]: the middle of club players, and wide enough that it weighs as about half a
//! game at even chances (a game at 50% carries a Fisher information of `(ln 10/400)²/4 ≈
//! 8.3·10⁻⁶` per Elo², the prior `1/500² = 4·10⁻⁶`), so that after twenty games it moves a
//! 2600 player's estimate by about 25 Elo.

use engine::Odds;
use serde::Serialize;

use super::fit::{fit, Observation, Prior};
use super::{level_elo, worth::worth};

/// The prior's mean, Elo.
pub const PRIOR_MEAN: f64 = 1500.0;
/// The prior's standard deviation, Elo.
pub const PRIOR_SD: f64 = 500.0;
/// The prior on the person's strength.
pub const PRIOR: Prior = Prior {
    mean: PRIOR_MEAN,
    sd: PRIOR_SD,
};

/// One finished game of the person's against Morphy.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The odds Morphy gave.
    #[serde(serialize_with = "super::odds_name")]
    pub odds: Odds,
    /// Morphy's level (`None`: full strength).
    pub level: Option<u32>,
    /// The person's score: 0, 0.5 or 1.
    pub score: f64,
}

/// The person's strength.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The estimate, Elo.
    pub elo: f64,
    /// The lower end of its 95% interval.
    pub low: f64,
    /// The upper end of its 95% interval.
    pub high: f64,
    /// How many games it rests on.
    pub games: usize,
}

/// The strength Morphy plays at in a game of `odds` at `level`: the level's Elo less
/// what the odds are worth there.
pub fn handicapped(odds: Odds, level: Option<u32>) -> f64 {
    let elo = level_elo(level);
    f64::from(elo) - worth(odds, elo)
}

/// The person's expected score, at strength `elo`, in a game of `odds` at `level`.
pub fn expected_score(elo: f64, odds: Odds, level: Option<u32>) -> f64 {
    super::fit::expected(elo - handicapped(odds, level))
}

/// The estimate from `results` (`None` without a finished game).
pub fn estimate(results: &[GameResult]) -> Option<Estimate> {
    estimate_with(results, handicapped)
}

/// The estimate with Morphy's strength in each game given by `strength` (the model's
/// [`handicapped`]; tests give others).
pub(crate) fn estimate_with(
    results: &[GameResult],
    strength: impl Fn(Odds, Option<u32>) -> f64,
) -> Option<Estimate> {
    if results.is_empty() {
        return None;
    }
    let obs: Vec<Observation> = results
        .iter()
        .map(|r| Observation {
            score: r.score,
            slope: 1.0,
            offset: -strength(r.odds, r.level),
        })
        .collect();
    let f = fit(&obs, Some(PRIOR))?;
    Some(Estimate {
        elo: f.value,
        low: f.low,
        high: f.high,
        games: results.len(),
    })
}

#[cfg(test)]
#[path = "estimate_tests.rs"]
mod tests;
