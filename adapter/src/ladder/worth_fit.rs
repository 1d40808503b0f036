//! What odds are worth, fitted to the games of Morphy against Morphy ([`super::duel`]):
//! the model behind the table of [`super::worth`](mod@super::worth) (docs/LADDER.md "The model").
//!
//! The worth of odds `O` at level `G` is the Elo the odds give between equals: Morphy at
//! `G` giving `O` to Morphy at `G`, the receiver expected to score `logistic(w)`
//! (`logistic(e)` being `1/(1 + 10^(−e/400))`). Where the odds are decisive between
//! equals, a weaker receiver `R < G` makes the games informative, and the gap between
//! the two levels is taken out as Morphy against itself measures it: without odds the
//! weaker level scores `logistic(−k·(G − R))`, for a stretch `k` of self-play (Morphy's
//! level settings are an Elo scale calibrated against Stockfish, and against itself
//! Morphy's levels lie much farther apart than their names say). So:
//! 1. `k` at `G` is fitted to the games without odds between `G` and a lower level, or,
//!    when `G` is the lowest level played, to those between the next level up and `G`;
//! 2. `w` is fitted to all games of `G` giving `O`, the receiver at `R` expected to score
//!    `logistic(w − k·(G − R))`: the odds and the gap add, in Elo of self-play.
//!
//! Both by maximum likelihood with the 95% profile interval ([`super::fit`]). The
//! interval of `w` takes `k` as known; [`WorthFit::k_range`] gives `w` again at the ends
//! of `k`'s interval, when games between distinct levels enter it. A draw is half a win.

use std::collections::BTreeSet;

use engine::Odds;

use super::fit::{fit, Fit, Observation};

/// One game measured: its odds, the two levels and the receiver's score.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MeasuredGame {
    /// The odds.
    pub odds: Odds,
    /// The giver's level.
    pub giver: u32,
    /// The receiver's level.
    pub receiver: u32,
    /// The receiver's score: 1, ½ or 0.
    pub score: f64,
}

/// The stretch `k` at one giver level.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Stretch {
    /// The giver level it is used at.
    pub level: u32,
    /// The giver level of the games it was fitted to.
    pub from: u32,
    /// The fit, and how many games it rests on.
    pub fit: Fit,
    /// The games.
    pub games: usize,
}

/// The worth of one odds at one giver level.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct WorthFit {
    /// The odds.
    pub odds: Odds,
    /// The giver's level.
    pub level: u32,
    /// The worth, Elo.
    pub fit: Fit,
    /// The games.
    pub games: usize,
    /// The worth at the low and the high end of the stretch's interval, when games
    /// against a lower level enter the fit (`None`: the same level only).
    pub k_range: Option<(f64, f64)>,
}

/// The stretch at `level`, from the games without odds between distinct levels: those
/// `level` gave, or, at the lowest level, those the next level up gave it.
pub fn stretch(games: &[MeasuredGame], level: u32) -> Option<Stretch> {
    let apart = || {
        games
            .iter()
            .filter(|g| g.odds == Odds::None && g.receiver < g.giver)
    };
    let (from, chosen): (u32, Vec<&MeasuredGame>) = if apart().any(|g| g.giver == level) {
        (level, apart().filter(|g| g.giver == level).collect())
    } else {
        let above = apart()
            .filter(|g| g.receiver == level)
            .map(|g| g.giver)
            .min()?;
        let chosen = apart()
            .filter(|g| g.giver == above && g.receiver == level)
            .collect();
        (above, chosen)
    };
    let obs: Vec<Observation> = chosen
        .iter()
        .map(|g| Observation {
            score: g.score,
            slope: f64::from(g.receiver) - f64::from(g.giver),
            offset: 0.0,
        })
        .collect();
    fit(&obs, None).map(|fit| Stretch {
        level,
        from,
        fit,
        games: obs.len(),
    })
}

/// The worth of `odds` at giver `level`, with stretch `k`.
pub fn worth_at(games: &[MeasuredGame], odds: Odds, level: u32, k: f64) -> Option<Fit> {
    let obs: Vec<Observation> = games
        .iter()
        .filter(|g| g.odds == odds && g.giver == level)
        .map(|g| Observation {
            score: g.score,
            slope: 1.0,
            offset: k * (f64::from(g.receiver) - f64::from(g.giver)),
        })
        .collect();
    fit(&obs, None)
}

/// The worth of `odds` at `level` with the stretch `k` there; `None` without games, or
/// when games against a lower level would need a stretch and there is none.
pub fn worth_fit(
    games: &[MeasuredGame],
    odds: Odds,
    level: u32,
    k: Option<&Stretch>,
) -> Option<WorthFit> {
    let mine = games.iter().filter(|g| g.odds == odds && g.giver == level);
    let n = mine.clone().count();
    let apart = mine.clone().any(|g| g.receiver != g.giver);
    let (fit, k_range) = match k {
        Some(k) => {
            let fit = worth_at(games, odds, level, k.fit.value)?;
            let at = |k: f64| worth_at(games, odds, level, k).map_or(f64::NAN, |f| f.value);
            (fit, apart.then(|| (at(k.fit.low), at(k.fit.high))))
        }
        // Between equals only, the stretch does not enter.
        None if !apart => (worth_at(games, odds, level, 0.0)?, None),
        None => return None,
    };
    Some(WorthFit {
        odds,
        level,
        fit,
        games: n,
        k_range,
    })
}

/// Every odds' worth at every giver level played, with the stretches found (a level
/// whose games are all between equals needs none).
pub fn worth_table(games: &[MeasuredGame]) -> (Vec<Stretch>, Vec<WorthFit>) {
    let levels: BTreeSet<u32> = games
        .iter()
        .filter(|g| g.odds != Odds::None)
        .map(|g| g.giver)
        .collect();
    let mut stretches = Vec::new();
    let mut worths = Vec::new();
    for level in levels {
        let k = stretch(games, level);
        for &odds in Odds::ALL.iter().filter(|&&o| o != Odds::None) {
            if let Some(w) = worth_fit(games, odds, level, k.as_ref()) {
                worths.push(w);
            }
        }
        stretches.extend(k);
    }
    (stretches, worths)
}

#[cfg(test)]
#[path = "worth_fit_tests.rs"]
mod tests;
