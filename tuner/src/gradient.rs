//! The gradient tuner: the Texel error of the linearised evaluation (`linear`) minimised
//! by full-batch gradient descent with Adam, a held-out share of the data to watch for
//! over-fitting, optional re-linearisation, and a last check with the real evaluation.
//!
//! Per position, with `e` the linear evaluation (White's view), `r` the result and
//! `σ(e) = 1 / (1 + 10^(−K·e/400))`, the error is `(σ(e) − r)²`; its derivative in
//! weight `j` is `2 (σ − r) σ (1 − σ) · K ln 10 / 400 · coef_j`. Weights are kept as
//! reals while fitting and rounded at the end (the evaluation is in whole centipawns).

use std::time::Instant;

use engine::eval::Params;
use rayon::prelude::*;

use crate::layout::{is_king_attack, name, smoothed_runs, tunable, COUNT};
use crate::linear::{linearise, Linear};
use crate::texel::{self, fit_k_by, sigmoid, Sample};
use engine::rng::Rng;

/// How the gradient tuner runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam's step size in centipawns; it falls linearly to a tenth over the run.
    pub lr: f64,
    /// The share of positions held out from training.
    pub holdout: f64,
    /// Linearise again around the current (rounded) weights every so many epochs.
    pub relinearise: Option<usize>,
    /// Fit the King attack weights too (not linear: use with `relinearise`).
    pub king_attack: bool,
    /// Return the weights of the epoch with the lowest held-out error, not the last.
    pub keep_best: bool,
    /// The share of the game result in a training target; the rest is the search score
    /// recorded with the position (as an expected score), where there is one. The
    /// held-out error is always measured against game results.
    pub lambda: f64,
    /// The weight of a smoothness penalty on the mobility tables, added to the training
    /// error: `smooth` × the sum of the squared second differences of each table's
    /// neighbouring entries (centipawns²). 0 leaves the tables free.
    pub smooth: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 300,
            lr: 1.0,
            holdout: 0.1,
            relinearise: None,
            king_attack: false,
            keep_best: false,
            lambda: 1.0,
            smooth: 0.0,
        }
    }
}

/// Positions go to the held-out set in blocks of this many consecutive lines, so that
/// the positions of one game (written together) mostly land on the same side.
const SPLIT_BLOCK: usize = 32;
const SPLIT_SEED: u64 = 0x07E5_75E7;

/// Splits `samples` into (training, held out), about `fraction` held out, always the
/// same way for the same file.
pub fn split(samples: Vec<Sample>, fraction: f64) -> (Vec<Sample>, Vec<Sample>) {
    let mut train = Vec::with_capacity(samples.len());
    let mut hold = Vec::new();
    for (i, s) in samples.into_iter().enumerate() {
        if Rng::for_index(SPLIT_SEED, (i / SPLIT_BLOCK) as u64).unit() < fraction {
            hold.push(s);
        } else {
            train.push(s);
        }
    }
    (train, hold)
}

/// The mean squared error of the linear model at `weights` and, when `with_gradient`,
/// its gradient (zero outside the weights that have slopes).
pub fn error_and_gradient(
    lin: &Linear,
    weights: &[f64],
    k: f64,
    with_gradient: bool,
) -> (f64, Vec<f64>) {
    if lin.is_empty() {
        return (0.0, vec![0.0; weights.len()]);
    }
    let dsig = k * std::f64::consts::LN_10 / 400.0;
    let zero = || {
        (
            0.0,
            if with_gradient {
                vec![0.0; weights.len()]
            } else {
                Vec::new()
            },
        )
    };
    let (sum, mut grad) = (0..lin.len())
        .into_par_iter()
        .with_min_len(2048)
        .fold(zero, |(mut sum, mut grad), r| {
            let p = sigmoid(k, lin.predict(r, weights));
            let diff = p - f64::from(lin.result[r]);
            sum += diff * diff;
            if with_gradient {
                let g = 2.0 * diff * p * (1.0 - p) * dsig;
                for (i, c) in lin.row(r) {
                    grad[i] += g * f64::from(c);
                }
            }
            (sum, grad)
        })
        .reduce(zero, |(s1, mut g1), (s2, g2)| {
            if g1.is_empty() {
                return (s1 + s2, g2);
            }
            for (a, b) in g1.iter_mut().zip(&g2) {
                *a += b;
            }
            (s1 + s2, g1)
        });
    let n = lin.len() as f64;
    for g in &mut grad {
        *g /= n;
    }
    (sum / n, grad)
}

/// The linear model's mean squared error at `weights`.
pub fn error(lin: &Linear, weights: &[f64], k: f64) -> f64 {
    error_and_gradient(lin, weights, k, false).0
}

/// The smoothness penalty `mu × Σ (w[i−1] − 2 w[i] + w[i+1])²` over each run of weight
/// indices, with its gradient added to `grad`. A table that rises in a straight line
/// costs nothing; a lone spike at a rare count costs in proportion to its square.
pub fn smoothness(runs: &[Vec<usize>], weights: &[f64], mu: f64, grad: &mut [f64]) -> f64 {
    let mut penalty = 0.0;
    for run in runs {
        for t in run.windows(3) {
            let d = weights[t[0]] - 2.0 * weights[t[1]] + weights[t[2]];
            penalty += mu * d * d;
            let g = 2.0 * mu * d;
            grad[t[0]] += g;
            grad[t[1]] -= 2.0 * g;
            grad[t[2]] += g;
        }
    }
    penalty
}

/// The scale K that best fits the evaluations at the linearisation point.
pub fn fit_k(lin: &Linear) -> f64 {
    let origin: Vec<f64> = lin.origin.iter().map(|&v| f64::from(v)).collect();
    fit_k_by(|k| error(lin, &origin, k))
}

/// Replaces each training target by `lambda × result + (1 − lambda) × expected score of
/// the recorded search score` (rows of `lin` are `samples` in order).
pub fn blend_targets(lin: &mut Linear, samples: &[Sample], k: f64, lambda: f64) {
    for (target, s) in lin.result.iter_mut().zip(samples) {
        if let Some(score) = s.score {
            *target = (lambda * s.result + (1.0 - lambda) * sigmoid(k, score)) as f32;
        }
    }
}

/// A step size falling linearly over a run: `lr` when `progress` (the share of the run
/// done) is 0, heading towards `lr × end_share` as it nears 1.
pub fn linear_step_size(lr: f64, end_share: f64, progress: f64) -> f64 {
    lr * (1.0 - (1.0 - end_share.clamp(0.0, 1.0)) * progress)
}

/// Adam (Kingma and Ba, 2015) over a vector of weights.
#[derive(Clone, Debug)]
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;

    /// A fresh optimiser for `n` weights.
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step of size `lr` against `grad`, on the weights `only`.
    pub fn step(&mut self, weights: &mut [f64], grad: &[f64], lr: f64, only: &[usize]) {
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        for &j in only {
            self.m[j] = Self::BETA1 * self.m[j] + (1.0 - Self::BETA1) * grad[j];
            self.v[j] = Self::BETA2 * self.v[j] + (1.0 - Self::BETA2) * grad[j] * grad[j];
            let m = self.m[j] / c1;
            let v = self.v[j] / c2;
            weights[j] -= lr * m / (v.sqrt() + Self::EPSILON);
        }
    }
}

/// Linearises training and held-out positions around `params`, saying how long it took.
fn linearise_both(
    train: &[Sample],
    hold: &[Sample],
    params: &Params,
    tunable: &[usize],
) -> (Linear, Linear) {
    let n = train.len() + hold.len();
    eprintln!(
        "linearising {n} positions × {} weights ({:.1} M evaluations) …",
        tunable.len(),
        (n * (tunable.len() + 1)) as f64 / 1e6
    );
    let started = Instant::now();
    let lin_train = linearise(train, params, tunable, true);
    let lin_hold = linearise(hold, params, tunable, false);
    let secs = started.elapsed().as_secs_f64();
    let nonzeros = lin_train.nonzeros() + lin_hold.nonzeros();
    eprintln!(
        "linearised in {secs:.2} s ({:.3} s per 1000 positions); {:.1} slopes per position, {:.0} MB",
        secs * 1000.0 / n.max(1) as f64,
        nonzeros as f64 / n.max(1) as f64,
        (nonzeros * 6 + n * 16) as f64 / 1e6
    );
    (lin_train, lin_hold)
}

fn rounded(weights: &[f64]) -> Vec<i32> {
    weights.iter().map(|w| w.round() as i32).collect()
}

/// Fits `start`'s weights to `samples` and returns the fitted (rounded) weights.
pub fn tune(samples: Vec<Sample>, start: &Params, settings: &Settings) -> Params {
    let tunable = tunable(settings.king_attack);
    let (train, hold) = split(samples, settings.holdout);
    eprintln!(
        "{} training positions, {} held out; {} of {COUNT} weights free",
        train.len(),
        hold.len(),
        tunable.len()
    );
    let (mut lin_train, mut lin_hold) = linearise_both(&train, &hold, start, &tunable);
    let k = fit_k(&lin_train);
    // Every linearisation starts from the game results: blend them again each time.
    let blend = |lin: &mut Linear| {
        if settings.lambda < 1.0 {
            blend_targets(lin, &train, k, settings.lambda);
        }
    };
    blend(&mut lin_train);
    let mut weights: Vec<f64> = start.to_vec().iter().map(|&v| f64::from(v)).collect();
    let before = (
        error(&lin_train, &weights, k),
        error(&lin_hold, &weights, k),
    );
    eprintln!(
        "K = {k:.3}; error before: training {:.6}, held out {:.6}",
        before.0, before.1
    );

    let started = Instant::now();
    let mut adam = Adam::new(COUNT);
    let runs = smoothed_runs();
    let every = (settings.epochs / 20).max(1);
    // The lowest held-out error so far: (error, epoch, weights).
    let mut best = (before.1, 0, weights.clone());
    for epoch in 1..=settings.epochs {
        let (train_error, mut grad) = error_and_gradient(&lin_train, &weights, k, true);
        let penalty = smoothness(&runs, &weights, settings.smooth, &mut grad);
        let progress = (epoch - 1) as f64 / settings.epochs as f64;
        adam.step(
            &mut weights,
            &grad,
            linear_step_size(settings.lr, 0.1, progress),
            &tunable,
        );
        for (i, w) in weights.iter_mut().enumerate() {
            // A negative attack weight would still count squared: keep them at 0 or above.
            if is_king_attack(i) {
                *w = w.max(0.0);
            }
        }
        let hold_error = error(&lin_hold, &weights, k);
        if !lin_hold.is_empty() && hold_error < best.0 {
            best = (hold_error, epoch, weights.clone());
        }
        if epoch % every == 0 || epoch == settings.epochs {
            eprintln!(
                "epoch {epoch}: training {train_error:.6} (data only; smoothness penalty {penalty:.2e}), held out {hold_error:.6} (linear model), {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
        if settings
            .relinearise
            .is_some_and(|r| r > 0 && epoch % r == 0 && epoch < settings.epochs)
        {
            let here = start.with_values(&rounded(&weights));
            (lin_train, lin_hold) = linearise_both(&train, &hold, &here, &tunable);
            blend(&mut lin_train);
        }
    }
    eprintln!(
        "lowest held-out error {:.6} at epoch {} (linear model){}",
        best.0,
        best.1,
        if settings.keep_best {
            "; keeping those weights"
        } else {
            ""
        }
    );
    if settings.keep_best {
        weights = best.2;
    }

    // The verdict of the real evaluation, with the rounded weights.
    let tuned = start.with_values(&rounded(&weights));
    let linear_after = (
        error(&lin_train, &weights, k),
        error(&lin_hold, &weights, k),
    );
    let real_before = (
        texel::error(&train, start, k),
        texel::error(&hold, start, k),
    );
    let real_after = (
        texel::error(&train, &tuned, k),
        texel::error(&hold, &tuned, k),
    );
    eprintln!("errors with K = {k:.3}      training   held out");
    eprintln!(
        "  before, real eval        {:.6}   {:.6}",
        real_before.0, real_before.1
    );
    eprintln!(
        "  after, linear model      {:.6}   {:.6}",
        linear_after.0, linear_after.1
    );
    eprintln!(
        "  after, real eval         {:.6}   {:.6}",
        real_after.0, real_after.1
    );
    report_changes(start, &tuned);
    tuned
}

/// The largest changes, by name, on stderr.
fn report_changes(before: &Params, after: &Params) {
    let (a, b) = (before.to_vec(), after.to_vec());
    let mut changes: Vec<(usize, i32)> = (0..COUNT)
        .map(|i| (i, b[i] - a[i]))
        .filter(|&(_, d)| d != 0)
        .collect();
    changes.sort_by_key(|&(i, d)| (std::cmp::Reverse(d.abs()), i));
    eprintln!("{} weights changed; the largest:", changes.len());
    for &(i, d) in changes.iter().take(20) {
        eprintln!("  {:<28} {:>5} -> {:>5} ({d:+})", name(i), a[i], b[i]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A synthetic problem: 3 weights, features drawn at random, results from a known
    /// truth through the logistic.
    fn synthetic() -> Linear {
        let truth = [120.0, -40.0, 15.0];
        let mut rng = Rng::new(9);
        let mut lin = Linear::new(vec![100, 0, 0]);
        for _ in 0..2000 {
            let x: Vec<f32> = (0..3).map(|_| rng.below(5) as f32 - 2.0).collect();
            let truth_eval: f64 = x.iter().zip(truth).map(|(&x, t)| f64::from(x) * t).sum();
            let base: f32 = x[0] * 100.0;
            let p = sigmoid(1.0, truth_eval);
            let result = if rng.unit() < p { 1.0 } else { 0.0 };
            lin.push(base, result, (0..3).map(|i| (i as u16, x[i])));
        }
        lin
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let lin = synthetic();
        let w = [110.0, -10.0, 5.0];
        let (_, grad) = error_and_gradient(&lin, &w, 1.1, true);
        for j in 0..3 {
            let mut up = w;
            let mut down = w;
            up[j] += 1e-3;
            down[j] -= 1e-3;
            let numeric = (error(&lin, &up, 1.1) - error(&lin, &down, 1.1)) / 2e-3;
            assert!(
                (numeric - grad[j]).abs() < 1e-6 + 1e-3 * numeric.abs(),
                "{j}"
            );
        }
    }

    #[test]
    fn adam_steps_reduce_the_training_error() {
        let lin = synthetic();
        let mut w = vec![100.0, 0.0, 0.0];
        let before = error(&lin, &w, 1.0);
        let mut adam = Adam::new(3);
        for _ in 0..200 {
            let (_, grad) = error_and_gradient(&lin, &w, 1.0, true);
            adam.step(&mut w, &grad, 2.0, &[0, 1, 2]);
        }
        let after = error(&lin, &w, 1.0);
        assert!(after < before - 0.005, "{before} -> {after}");
        // Towards the truth (120, -40, 15).
        assert!(w[1] < -20.0 && w[2] > 5.0, "{w:?}");
    }

    #[test]
    fn split_is_deterministic_and_about_the_fraction() {
        let make = || -> Vec<Sample> {
            let pos = engine::Position::startpos(engine::Rules::new(engine::RuleSet::Fide));
            (0..6400)
                .map(|i| Sample {
                    pos: pos.clone(),
                    result: f64::from(i),
                    score: None,
                })
                .collect()
        };
        let (train, hold) = split(make(), 0.1);
        let (_, hold2) = split(make(), 0.1);
        assert_eq!(train.len() + hold.len(), 6400);
        assert!((400..=900).contains(&hold.len()), "{}", hold.len());
        let ids = |v: &[Sample]| v.iter().map(|s| s.result as usize).collect::<Vec<_>>();
        let held = ids(&hold);
        assert_eq!(held, ids(&hold2));
        // Whole blocks of consecutive lines go together.
        assert!(held.iter().all(|&i| held.contains(&(i / 32 * 32))));
    }

    #[test]
    fn smoothness_spares_straight_tables_and_pulls_spikes_in() {
        let runs = vec![vec![0, 1, 2, 3, 4]];
        let mut grad = vec![0.0; 5];
        let line = [-20.0, -10.0, 0.0, 10.0, 20.0];
        assert!(smoothness(&runs, &line, 0.5, &mut grad).abs() < 1e-12);
        assert!(grad.iter().all(|&g| g == 0.0));
        // A spike at the top entry: penalised, and its gradient pushes it down.
        let spike = [-20.0, -10.0, 0.0, 10.0, 60.0];
        let penalty = smoothness(&runs, &spike, 0.5, &mut grad);
        assert!((penalty - 0.5 * 40.0 * 40.0).abs() < 1e-9);
        assert!(grad[4] > 0.0 && grad[3] < 0.0);
        // The gradient is the penalty's derivative, by central differences, over two
        // interleaved runs (as a table's middlegame and endgame entries are).
        let runs = vec![vec![0, 2, 4, 6], vec![1, 3, 5]];
        let w = [3.0, -7.0, 11.0, 2.0, 5.0, -4.0, 9.0];
        let mut grad = vec![0.0; 7];
        smoothness(&runs, &w, 0.3, &mut grad);
        for j in 0..7 {
            let (mut up, mut down) = (w, w);
            up[j] += 1e-4;
            down[j] -= 1e-4;
            let mut scratch = vec![0.0; 7];
            let numeric = (smoothness(&runs, &up, 0.3, &mut scratch)
                - smoothness(&runs, &down, 0.3, &mut scratch))
                / 2e-4;
            assert!((numeric - grad[j]).abs() < 1e-6, "weight {j}");
        }
    }

    #[test]
    fn targets_blend_results_with_recorded_scores() {
        let text =
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 | 1.0 | 0\n8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 | 0.0\n";
        let samples = texel::load(text).unwrap();
        assert_eq!(samples[0].score, Some(0.0));
        assert_eq!(samples[1].score, None);
        let mut lin = linearise(&samples, &engine::eval::DEFAULT, &[], false);
        blend_targets(&mut lin, &samples, 1.0, 0.25);
        // 0.25 × 1 + 0.75 × 0.5 for the first; the second has no score and keeps its result.
        assert!((f64::from(lin.result[0]) - 0.625).abs() < 1e-6);
        assert!(f64::from(lin.result[1]).abs() < 1e-6);
    }
}
