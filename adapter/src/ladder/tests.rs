//! The ladder tested with simulated players (issue 70, §3): a player of known strength
//! plays the suggested games, each result drawn from the model, and is estimated after
//! twenty games.

use engine::rng::Rng;
use engine::search::{MAX_ELO, MIN_ELO};
use engine::Odds;

use super::estimate::{estimate_with, expected_score, handicapped, Estimate, GameResult};
use super::suggest::{suggest_for, Suggestion};
use super::*;

/// How many simulated players.
const PLAYERS: u64 = 1000;
/// The games each plays.
const GAMES: usize = 20;
/// The weakest and strongest simulated players.
const STRENGTHS: (f64, f64) = (1000.0, 2600.0);

/// How the simulated players fared: the share estimated within ±100 Elo of their
/// strength after [`GAMES`] games, and the share whose 95% interval holds it.
#[derive(Debug)]
struct Rates {
    within_100: f64,
    covered: f64,
    /// Within ±100, of all, by band of 400 Elo from 1000 up.
    by_band: [(u32, u32); 4],
}

/// Simulates [`PLAYERS`] players, each choosing the next game by `ladder` (from the
/// estimate so far, `None` before the first game) and estimated by `estimator`; the
/// results are drawn from the model ([`expected_score`]), a win or a loss.
fn simulate(
    seed: u64,
    ladder: impl Fn(Option<&Estimate>) -> Suggestion,
    estimator: impl Fn(&[GameResult]) -> Option<Estimate>,
) -> Rates {
    simulate_in(seed, ladder, estimator, expected_score)
}

/// [`simulate`] in a world where a player of strength `s` scores `truth(s, odds,
/// level)`.
fn simulate_in(
    seed: u64,
    ladder: impl Fn(Option<&Estimate>) -> Suggestion,
    estimator: impl Fn(&[GameResult]) -> Option<Estimate>,
    truth: impl Fn(f64, Odds, Option<u32>) -> f64,
) -> Rates {
    let (mut within, mut covered) = (0u32, 0u32);
    let mut by_band = [(0u32, 0u32); 4];
    for i in 0..PLAYERS {
        let mut rng = Rng::for_index(seed, i);
        let strength = STRENGTHS.0 + (STRENGTHS.1 - STRENGTHS.0) * rng.unit();
        let mut history: Vec<GameResult> = Vec::new();
        for _ in 0..GAMES {
            let next = ladder(estimator(&history).as_ref());
            let p = truth(strength, next.odds, Some(next.level));
            history.push(GameResult {
                odds: next.odds,
                level: Some(next.level),
                score: if rng.unit() < p { 1.0 } else { 0.0 },
            });
        }
        let est = estimator(&history).expect("twenty games played");
        assert_eq!(est.games, GAMES);
        let near = u32::from((est.elo - strength).abs() <= 100.0);
        within += near;
        let band = (((strength - STRENGTHS.0) / 400.0) as usize).min(3);
        by_band[band].0 += near;
        by_band[band].1 += 1;
        covered += u32::from(est.low <= strength && strength <= est.high);
    }
    let n = PLAYERS as f64;
    Rates {
        within_100: f64::from(within) / n,
        covered: f64::from(covered) / n,
        by_band,
    }
}

/// The ladder as built: the rung nearest the estimate, the prior's mean before a game.
fn the_ladder(est: Option<&Estimate>) -> Suggestion {
    suggest(est, &[])
}

/// The estimator as built.
fn the_estimator(results: &[GameResult]) -> Option<Estimate> {
    estimate(results)
}

/// The bar the tests hold the ladder to: a few points under the rate measured with these
/// seeds, 77.0% (docs/LADDER.md "The simulation").
const BAR: f64 = 0.75;

#[test]
fn simulated_players_are_estimated_within_100_elo_after_twenty_games() {
    let rates = simulate(70, the_ladder, the_estimator);
    eprintln!("the ladder as built: {rates:?}");
    assert!(rates.within_100 >= BAR, "{rates:?}");
    // The 95% interval holds the true strength about as often as it says.
    assert!(rates.covered >= 0.92, "{rates:?}");
    // Weak players (odds only) and strong ones (levels only) alike.
    for (near, all) in rates.by_band {
        assert!(f64::from(near) >= 0.7 * f64::from(all), "{rates:?}");
    }
}

#[test]
fn an_estimator_that_ignores_what_odds_are_worth_fails() {
    // It takes Morphy at its level, whatever odds it gave.
    let blind =
        |results: &[GameResult]| estimate_with(results, |_, level| f64::from(level_elo(level)));
    let rates = simulate(70, the_ladder, blind);
    eprintln!("an estimator blind to the odds: {rates:?}");
    assert!(rates.within_100 < BAR - 0.15, "{rates:?}");
}

#[test]
fn a_ladder_that_does_not_follow_the_results_fails() {
    // Always the first suggestion: Morphy at 1600 without odds, whatever happened.
    let fixed = |_: Option<&Estimate>| Suggestion {
        odds: Odds::None,
        level: 1600,
        expected: 0.5,
    };
    let rates = simulate(70, fixed, the_estimator);
    eprintln!("a fixed game: {rates:?}");
    assert!(rates.within_100 < BAR - 0.15, "{rates:?}");
}

#[test]
fn a_win_brings_a_rung_no_lower_and_a_loss_none_higher() {
    let mut history = Vec::new();
    let mut rng = Rng::new(9);
    for _ in 0..40 {
        let before = suggest(estimate(&history).as_ref(), &history);
        let won = rng.below(2) == 1;
        history.push(GameResult {
            odds: before.odds,
            level: Some(before.level),
            score: if won { 1.0 } else { 0.0 },
        });
        let after = suggest(estimate(&history).as_ref(), &history);
        let (b, a) = (suggest::rung(&before), suggest::rung(&after));
        if won {
            assert!(a >= b, "won at {before:?}, then {after:?}");
        } else {
            assert!(a <= b, "lost at {before:?}, then {after:?}");
        }
    }
}

#[test]
fn the_levels_are_the_web_boards() {
    let form: Vec<u32> = (MIN_ELO..=MAX_ELO).step_by(200).collect();
    assert_eq!(LEVELS.to_vec(), form);
    assert_eq!(crate::serve::params::ELO_RANGE, MIN_ELO..=MAX_ELO);
    assert_eq!(level_elo(None), FULL_STRENGTH_ELO);
    assert_eq!(level_elo(Some(800)), MIN_ELO);
    // A player weaker than any rung gets the lowest rung there is.
    let bottom = suggest_for(-2000.0);
    let lowest = Odds::ALL
        .iter()
        .flat_map(|&o| LEVELS.iter().map(move |&l| handicapped(o, Some(l))))
        .fold(f64::INFINITY, f64::min);
    assert!((suggest::rung(&bottom) - lowest).abs() < 1e-9);
}

#[test]
fn worths_half_as_large_as_measured_would_be_seen() {
    // Were the odds worth half what the table says, the estimate would miss more often:
    // the simulation is sensitive to the worths, not only to the rule of the ladder.
    let half = |s: f64, odds: Odds, level: Option<u32>| {
        let elo = f64::from(level_elo(level));
        fit::expected(s - (elo - worth(odds, level_elo(level)) / 2.0))
    };
    let rates = simulate_in(70, the_ladder, the_estimator, half);
    eprintln!("worths half the table's: {rates:?}");
    assert!(rates.within_100 < BAR, "{rates:?}");
}
