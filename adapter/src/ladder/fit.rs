//! One unknown Elo figure fitted to game results by maximum likelihood, with its 95%
//! interval from the likelihood: the person's strength
//! ([`super::estimate`](mod@super::estimate)) and what odds are worth
//! ([`super::worth`](mod@super::worth), docs/LADDER.md) are both found this way.
//!
//! Each game `i` scores `sᵢ` (1, ½ or 0) for the side whose figure `x` is sought, and is
//! expected to score `pᵢ = 1 / (1 + 10^(−(aᵢ·x + bᵢ)/400))`: the logistic (Elo) curve of
//! a known slope `aᵢ` and offset `bᵢ` (for a person, `a = 1` and `b` = minus the strength
//! Morphy plays at). The log-likelihood `Σ sᵢ ln pᵢ + (1 − sᵢ) ln(1 − pᵢ)` is concave in
//! `x`, so its maximum is where its slope is zero, found by bisection. A draw counts as
//! half a win and half a loss, as the Elo system counts it.
//!
//! The 95% interval is the profile-likelihood one: every `x` whose log-likelihood lies
//! within `χ²₁(0.95)/2 = 1.92` of the maximum. A [`Prior`] (a normal density on `x`)
//! may be added to the likelihood; without one, results that are all wins (or all
//! losses) have no finite maximum, and the fit says so ([`Fit::unbounded`]).

/// Half the 95% quantile of χ² with one degree of freedom: the drop of log-likelihood
/// at the ends of a 95% profile interval.
const DROP_95: f64 = 1.920_729;

/// Where the search for `x` gives up: Elo figures this far out are not finite results.
const SEARCH: (f64, f64) = (-10_000.0, 10_000.0);

/// One game: its score and its expected score's slope and offset in the figure sought.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Observation {
    /// The score of the side whose figure is sought: 1, 0.5 or 0.
    pub score: f64,
    /// The slope `a` of `a·x + b`.
    pub slope: f64,
    /// The offset `b` of `a·x + b`, Elo.
    pub offset: f64,
}

/// A normal prior on the figure: its mean and standard deviation, Elo.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Prior {
    /// The mean.
    pub mean: f64,
    /// The standard deviation.
    pub sd: f64,
}

/// The fitted figure and its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Fit {
    /// The maximum of the (posterior) likelihood.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// `Some(true)` when the maximum lies beyond every finite figure upwards (all
    /// wins, no prior), `Some(false)` downwards; `value` and the open end are then the
    /// search's limit and only the other end is a result.
    pub unbounded: Option<bool>,
}

/// The expected score at `a·x + b` Elo.
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The log-likelihood of `x` (with the prior's log-density, less its constant).
pub fn log_likelihood(obs: &[Observation], prior: Option<Prior>, x: f64) -> f64 {
    let games: f64 = obs
        .iter()
        .map(|o| {
            let p = expected(o.slope * x + o.offset).clamp(1e-300, 1.0 - 1e-16);
            o.score * p.ln() + (1.0 - o.score) * (1.0 - p).ln()
        })
        .sum();
    games - prior.map_or(0.0, |p| ((x - p.mean) / p.sd).powi(2) / 2.0)
}

/// The slope of the log-likelihood at `x`.
fn slope(obs: &[Observation], prior: Option<Prior>, x: f64) -> f64 {
    let k = std::f64::consts::LN_10 / 400.0;
    let games: f64 = obs
        .iter()
        .map(|o| o.slope * k * (o.score - expected(o.slope * x + o.offset)))
        .sum();
    games - prior.map_or(0.0, |p| (x - p.mean) / (p.sd * p.sd))
}

/// The `x` in `lo..hi` where the falling function `f` crosses zero, by bisection.
fn root(mut lo: f64, mut hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    for _ in 0..200 {
        let mid = f64::midpoint(lo, hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-6 {
            break;
        }
    }
    f64::midpoint(lo, hi)
}

/// Whether game `o` favours a larger figure (`up`) or a smaller one: a win where a
/// larger figure means a higher expected score, a loss where it means a lower one (the
/// other way round for `!up`). A draw favours neither.
fn favours(o: &Observation, up: bool) -> bool {
    let decisive = o.score >= 1.0 || o.score <= 0.0;
    let rising = o.slope > 0.0;
    decisive && ((o.score >= 1.0) == rising) == up
}

/// Fits the figure to `obs` (with `prior`, if any). `None` without a game and without a
/// prior.
pub fn fit(obs: &[Observation], prior: Option<Prior>) -> Option<Fit> {
    if obs.is_empty() && prior.is_none() {
        return None;
    }
    let (lo, hi) = SEARCH;
    // Without a prior, results that all favour a larger (or a smaller) figure have no
    // finite maximum: every game won where a larger figure means a higher expected
    // score, lost where it means a lower one.
    let informative = obs.iter().any(|o| o.slope != 0.0);
    let all = |up: bool| {
        prior.is_none() && informative && obs.iter().all(|o| o.slope == 0.0 || favours(o, up))
    };
    let unbounded = if all(true) {
        Some(true)
    } else if all(false) {
        Some(false)
    } else {
        None
    };
    let value = match unbounded {
        Some(true) => hi,
        Some(false) => lo,
        None => root(lo, hi, |x| slope(obs, prior, x)),
    };
    let top = log_likelihood(obs, prior, value);
    let within = |x: f64| log_likelihood(obs, prior, x) - (top - DROP_95);
    let low = if within(lo) >= 0.0 {
        lo
    } else {
        root(lo, value, |x| -within(x))
    };
    let high = if within(hi) >= 0.0 {
        hi
    } else {
        root(value, hi, within)
    };
    Some(Fit {
        value,
        low,
        high,
        unbounded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(wins: usize, draws: usize, losses: usize, offset: f64) -> Vec<Observation> {
        let one = |score| Observation {
            score,
            slope: 1.0,
            offset,
        };
        let mut v = vec![one(1.0); wins];
        v.extend(vec![one(0.5); draws]);
        v.extend(vec![one(0.0); losses]);
        v
    }

    #[test]
    fn the_maximum_is_the_elo_of_the_score() {
        // 75% against an opponent at 1500: 1500 + 400·log10(3) = 1690.8.
        let f = fit(&games(30, 0, 10, -1500.0), None).unwrap();
        assert!((f.value - 1690.85).abs() < 0.1, "{f:?}");
        assert!(f.low < f.value && f.value < f.high);
        assert_eq!(f.unbounded, None);
        // Draws count half: 20 wins, 20 draws, 0 losses is 75% as well.
        let d = fit(&games(20, 20, 0, -1500.0), None).unwrap();
        assert!((d.value - f.value).abs() < 0.1);
    }

    #[test]
    fn the_interval_narrows_with_more_games() {
        let few = fit(&games(6, 0, 4, 0.0), None).unwrap();
        let many = fit(&games(60, 0, 40, 0.0), None).unwrap();
        assert!((few.value - many.value).abs() < 0.1);
        let (w_few, w_many) = (few.high - few.low, many.high - many.low);
        // About √10 narrower.
        assert!(
            w_few / w_many > 2.8 && w_few / w_many < 3.5,
            "{w_few} {w_many}"
        );
        // 100 games at 60%: about ±70 Elo.
        assert!((many.high - many.value - 70.0).abs() < 10.0, "{many:?}");
    }

    #[test]
    fn all_wins_is_unbounded_without_a_prior_and_finite_with_one() {
        let wins = games(5, 0, 0, -1200.0);
        let f = fit(&wins, None).unwrap();
        assert_eq!(f.unbounded, Some(true));
        assert!(f.low > 1200.0 && f.low < 2000.0, "{f:?}");
        let prior = Prior {
            mean: 1500.0,
            sd: 500.0,
        };
        let p = fit(&wins, Some(prior)).unwrap();
        assert_eq!(p.unbounded, None);
        assert!(p.value > 1500.0 && p.value < 3000.0, "{p:?}");
        assert!(p.low < p.value && p.value < p.high);
        // No game: the prior alone, ±1.96 sd.
        let none = fit(&[], Some(prior)).unwrap();
        assert!((none.value - 1500.0).abs() < 0.01);
        assert!((none.high - 1500.0 - 1.96 * 500.0).abs() < 1.0, "{none:?}");
        assert_eq!(fit(&[], None), None);
    }

    #[test]
    fn a_slope_scales_the_figure() {
        // The same games read through a slope of 2 give half the figure.
        let one = fit(&games(30, 0, 10, 0.0), None).unwrap();
        let two: Vec<Observation> = games(30, 0, 10, 0.0)
            .into_iter()
            .map(|o| Observation { slope: 2.0, ..o })
            .collect();
        let two = fit(&two, None).unwrap();
        assert!((two.value * 2.0 - one.value).abs() < 0.1);
    }
}
