//! What odds are worth, fitted to the games of Morphy against Morphy ([`super::duel`]):
//! the model behind the table of [`super::worth`](mod@super::worth) (docs/LADDER.md "The model").
//!
//! The worth of odds `O` at level `G` is the Elo the odds give between equals: Morphy at
//! `G` giving `O` to Morphy at `G`, the receiver expected to score `logistic(w)`
//! (`logistic(e)` being `1/(1 + 10^(−e/400))`). Where the odds are decisive between
//! equals, a weaker receiver `R < G` makes the games informative, and the gap between
//! the two levels is taken out as Morphy against itself measures it:
//! 1. the **gap** `d(G, R)` is fitted to the games without odds between `G` and `R`
//!    themselves, the weaker expected to score `logistic(−d)`. Nothing is assumed of how
//!    far apart the levels' names put them: against itself Morphy's levels are not spaced
//!    as their names are (two neighbouring levels can play as equals, docs/LADDER.md
//!    "The gaps of self-play");
//! 2. `w` is fitted to all games of `G` giving `O`, the receiver at `R` expected to score
//!    `logistic(w − d(G, R))` (`d(G, G)` = 0): the odds and the gap add, in Elo of
//!    self-play.
//!
//! Both by maximum likelihood with the 95% profile interval ([`super::fit`]). The
//! interval of `w` takes the gaps as known; [`WorthFit::gap_range`] gives `w` again with
//! every gap at the low and at the high end of its interval, when games between distinct
//! levels enter. A draw is half a win.

use std::collections::{BTreeMap, BTreeSet};

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

/// The gap of self-play between two levels, from the games without odds between them.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Gap {
    /// The giver's level in those games.
    pub giver: u32,
    /// The receiver's level.
    pub receiver: u32,
    /// The fit: the Elo by which `giver` outplays `receiver` against itself.
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
    /// The worth with every gap at the low and at the high end of its interval, when
    /// games against a lower level enter the fit (`None`: the same level only).
    pub gap_range: Option<(f64, f64)>,
}

/// Why a worth could not be fitted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoWorth {
    /// Games against `receiver` enter, but no game without odds between the two levels
    /// measures their gap.
    NoGap {
        /// The receiver's level.
        receiver: u32,
    },
    /// The gap to `receiver` has no finite figure: one level won every game.
    UnboundedGap {
        /// The receiver's level.
        receiver: u32,
    },
}

/// The gap between `giver` and `receiver`, from the games without odds in which they
/// played those parts (in the runs the giver is the higher level): the Elo by which the
/// giver outplays the receiver. `None` without such games.
pub fn gap(games: &[MeasuredGame], giver: u32, receiver: u32) -> Option<Gap> {
    let obs: Vec<Observation> = games
        .iter()
        .filter(|g| g.odds == Odds::None && g.giver == giver && g.receiver == receiver)
        .map(|g| Observation {
            // The receiver scores logistic(−d): slope −1 in the gap d.
            score: g.score,
            slope: -1.0,
            offset: 0.0,
        })
        .collect();
    fit(&obs, None).map(|fit| Gap {
        giver,
        receiver,
        fit,
        games: obs.len(),
    })
}

/// Every gap the games measure: each pair of distinct levels with games without odds
/// between them, by giver and then receiver.
pub fn gaps(games: &[MeasuredGame]) -> Vec<Gap> {
    let pairs: BTreeSet<(u32, u32)> = games
        .iter()
        .filter(|g| g.odds == Odds::None && g.receiver != g.giver)
        .map(|g| (g.giver, g.receiver))
        .collect();
    pairs
        .into_iter()
        .filter_map(|(giver, receiver)| gap(games, giver, receiver))
        .collect()
}

/// The worth of `odds` at giver `level`, each game against a lower receiver `R` offset
/// by `gap_of(R)`.
fn worth_at(
    games: &[MeasuredGame],
    odds: Odds,
    level: u32,
    gap_of: impl Fn(u32) -> f64,
) -> Option<Fit> {
    let obs: Vec<Observation> = games
        .iter()
        .filter(|g| g.odds == odds && g.giver == level)
        .map(|g| Observation {
            score: g.score,
            slope: 1.0,
            offset: if g.receiver == level {
                0.0
            } else {
                -gap_of(g.receiver)
            },
        })
        .collect();
    fit(&obs, None)
}

/// The worth of `odds` at `level`, with the gaps of `gaps` taken out of the games
/// against other levels. `Ok(None)` without games.
pub fn worth_fit(
    games: &[MeasuredGame],
    gaps: &[Gap],
    odds: Odds,
    level: u32,
) -> Result<Option<WorthFit>, NoWorth> {
    let mine: Vec<&MeasuredGame> = games
        .iter()
        .filter(|g| g.odds == odds && g.giver == level)
        .collect();
    let receivers: BTreeSet<u32> = mine
        .iter()
        .map(|g| g.receiver)
        .filter(|&r| r != level)
        .collect();
    // Each receiver's gap to `level`, which must be measured and finite.
    let mut used: BTreeMap<u32, Fit> = BTreeMap::new();
    for &receiver in &receivers {
        let found = gaps
            .iter()
            .find(|d| d.giver == level && d.receiver == receiver)
            .ok_or(NoWorth::NoGap { receiver })?;
        if found.fit.unbounded.is_some() {
            return Err(NoWorth::UnboundedGap { receiver });
        }
        used.insert(receiver, found.fit);
    }
    let used = &used;
    let at = |end: fn(&Fit) -> f64| move |receiver: u32| end(&used[&receiver]);
    let Some(fit) = worth_at(games, odds, level, at(|f| f.value)) else {
        return Ok(None);
    };
    let gap_range = (!receivers.is_empty()).then(|| {
        let w = |end: fn(&Fit) -> f64| {
            worth_at(games, odds, level, at(end)).map_or(f64::NAN, |f| f.value)
        };
        // A wider gap takes more of the receiver's score out: the worth grows with it.
        (w(|f| f.low), w(|f| f.high))
    });
    Ok(Some(WorthFit {
        odds,
        level,
        fit,
        games: mine.len(),
        gap_range,
    }))
}

/// Every gap measured, every odds' worth at every giver level played, and the cells that
/// could not be fitted (odds, level, why).
pub type WorthTable = (Vec<Gap>, Vec<WorthFit>, Vec<(Odds, u32, NoWorth)>);

/// The whole table from the games.
pub fn worth_table(games: &[MeasuredGame]) -> WorthTable {
    let levels: BTreeSet<u32> = games
        .iter()
        .filter(|g| g.odds != Odds::None)
        .map(|g| g.giver)
        .collect();
    let gaps = gaps(games);
    let mut worths = Vec::new();
    let mut missing = Vec::new();
    for level in levels {
        for &odds in Odds::ALL.iter().filter(|&&o| o != Odds::None) {
            match worth_fit(games, &gaps, odds, level) {
                Ok(Some(w)) => worths.push(w),
                Ok(None) => {}
                Err(why) => missing.push((odds, level, why)),
            }
        }
    }
    (gaps, worths, missing)
}

#[cfg(test)]
#[path = "worth_fit_tests.rs"]
mod tests;
