//! `train-net`: trains the engine's network (`engine::eval::nnue`) on `datagen --format
//! bin` records, in floating point on the CPU, then quantises it.
//!
//! The hidden layer's activation is the clipped `ReLU` or its square (`--activation`).
//! Mini-batch Adam on the mean squared error between `σ(output × SCALE / c)` and the
//! target `λ × result + (1 − λ) × σ(score / c)` (side to move's view), `c` the loss's
//! scale (`--cp-scale`, [`CP_SCALE`] = 400 by default), the batch split over the rayon
//! threads; every weight clipped to ±[`float_net::CLIP`] after each step so that it
//! quantises without overflow. A share of the positions (whole games are not kept apart:
//! the records come in game order and the last share is held out) measures over-fitting:
//! the float network's error on it at `c`, and the quantised network's and the
//! hand-crafted evaluation's at [`CP_SCALE`] whatever `c` (see there). A run may start
//! from a network file (`--init`) instead of random weights: a later round then refines
//! the best network on new games.

pub mod data;
pub mod float_net;

use std::time::Instant;

use engine::eval::nnue::{Activation, Network, FEATURES};
use engine::Position;
use rayon::prelude::*;

use crate::gradient::{linear_step_size, Adam};
use crate::packed::PackedPosition;
use data::{expected, Sample, CP_SCALE};
use engine::rng::Rng;
use float_net::FloatNet;

/// The settings of a training run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Hidden width (a multiple of 16).
    pub hidden: usize,
    /// The hidden layer's activation.
    pub activation: Activation,
    /// Output buckets (sets of output weights chosen by the number of men).
    pub buckets: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the first epoch; it falls linearly towards `lr × lr_end`.
    pub lr: f64,
    /// The share of `lr` the fall heads for: the step size of epoch `e` (from 0) of `E` is
    /// `lr × (1 − (1 − lr_end) × e / E)`.
    pub lr_end: f64,
    /// Share of the result in the target.
    pub lambda: f64,
    /// Centipawns per unit of the logistic's argument in the training loss ([`CP_SCALE`]
    /// by default). A smaller scale saturates sooner, so that the scores of won positions
    /// weigh less against those of balanced ones; the network's output stays in
    /// centipawns either way.
    pub cp_scale: f64,
    /// Share of the positions held out (the last ones).
    pub holdout: f64,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Train on each position and its mirror image (files a to h) too.
    pub mirror: bool,
    /// The weights to start from (a network file read back), instead of random ones; its
    /// width, activation and buckets must be `hidden`, `activation` and `buckets`.
    pub init: Option<FloatNet>,
}

/// What a run measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// Training error of the last epoch (float network), at the run's `cp_scale`.
    pub train: f64,
    /// Held-out error of the float network, at the run's `cp_scale`.
    pub held_out: f64,
    /// Held-out error of the quantised network, as the engine computes it (this and the
    /// errors below at [`CP_SCALE`], whatever the run's scale).
    pub held_out_quantised: f64,
    /// Held-out error of the hand-crafted evaluation, same logistic and targets.
    pub held_out_hand_crafted: f64,
    /// Held-out errors against the search scores alone (λ = 0) and the results alone
    /// (λ = 1): (λ, quantised network, hand-crafted evaluation).
    pub by_lambda: Vec<(f64, f64, f64)>,
}

/// The float network's mean error over `samples`, made at `cp_scale` (its output read at
/// the same scale).
pub fn error(net: &FloatNet, samples: &[Sample], lambda: f64, cp_scale: f64) -> f64 {
    let sum: f64 = samples
        .par_iter()
        .map(|s| (net.predict(s, cp_scale) - s.target(lambda, cp_scale)).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The mean error over `records` of a scorer of positions (centipawns, side to move's view).
pub fn engine_error(
    records: &[PackedPosition],
    lambda: f64,
    score: impl Fn(&Position) -> i32 + Sync,
) -> f64 {
    let sum: f64 = records
        .par_iter()
        .map(|r| {
            let p = expected(f64::from(score(&r.position())), CP_SCALE);
            (p - Sample::new(r).target(lambda, CP_SCALE)).powi(2)
        })
        .sum();
    sum / records.len().max(1) as f64
}

/// Upper bounds (exclusive) of the bands of `|search score|` that [`banded_errors`] splits
/// records into; the last band has none.
pub const BANDS: [i32; 3] = [100, 300, 1000];

/// A scorer's errors on the records whose search score falls in one band of [`BANDS`].
#[derive(Clone, Debug, PartialEq)]
pub struct BandErrors {
    /// The band's lower and upper bound of `|search score|` (none for the last).
    pub bounds: (i32, Option<i32>),
    /// Records in the band.
    pub count: usize,
    /// The mean squared error against the search score alone (λ = 0) at [`CP_SCALE`].
    pub error: f64,
    /// The root mean square of evaluation minus search score, centipawns.
    pub rms_cp: f64,
    /// The mean of (evaluation − search score) × sign(search score), centipawns: above zero
    /// when the evaluation lies further from zero than the search found, below when nearer
    /// (a record scored 0 adds nothing).
    pub overshoot_cp: f64,
}

/// The errors of a scorer of positions (centipawns, side to move's view) in each band of
/// `|search score|` ([`BANDS`]). A band of balanced positions shows what the whole
/// error, dominated by won and lost positions, may hide; but a band chosen by the search
/// score favours a scorer that stays near zero, so compare scorers of like spread.
pub fn banded_errors(
    records: &[PackedPosition],
    score: impl Fn(&Position) -> i32 + Sync,
) -> Vec<BandErrors> {
    let band = |s: i32| BANDS.iter().take_while(|&&b| s.abs() >= b).count();
    let sums = records
        .par_iter()
        .map(|r| {
            let (e, s) = (f64::from(score(&r.position())), f64::from(r.score));
            let mut sums = [[0.0; 4]; BANDS.len() + 1];
            // A score of 0 has no side to overshoot towards (`f64::signum` would call it 1).
            let away = f64::from(i32::from(r.score).signum());
            sums[band(i32::from(r.score))] = [
                1.0,
                (expected(e, CP_SCALE) - expected(s, CP_SCALE)).powi(2),
                (e - s).powi(2),
                (e - s) * away,
            ];
            sums
        })
        .reduce(
            || [[0.0; 4]; BANDS.len() + 1],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    for (u, v) in x.iter_mut().zip(y) {
                        *u += v;
                    }
                }
                a
            },
        );
    sums.iter()
        .enumerate()
        .map(|(i, [n, err, sq, over])| {
            let per = n.max(1.0);
            BandErrors {
                bounds: (
                    i.checked_sub(1).map_or(0, |j| BANDS[j]),
                    BANDS.get(i).copied(),
                ),
                count: *n as usize,
                error: err / per,
                rms_cp: (sq / per).sqrt(),
                overshoot_cp: over / per,
            }
        })
        .collect()
}

/// The index of the first held-out record of `len` when the last `share` is held out.
pub fn held_out_from(len: usize, share: f64) -> usize {
    len - (len as f64 * share.clamp(0.0, 1.0)) as usize
}

/// Adam's step size in `epoch` (from 0): from `lr` falling linearly towards `lr × lr_end`.
pub fn step_size(settings: &Settings, epoch: usize) -> f64 {
    let progress = epoch as f64 / settings.epochs.max(1) as f64;
    linear_step_size(settings.lr, settings.lr_end, progress)
}

/// Trains a network on `records`, printing progress on stderr.
pub fn train(records: &[PackedPosition], settings: &Settings) -> (Network, Report) {
    let split = held_out_from(records.len(), settings.holdout);
    let (train_records, hold_records) = records.split_at(split);
    let cp_scale = settings.cp_scale;
    let mut train: Vec<Sample> = train_records.iter().map(Sample::new).collect();
    if settings.mirror {
        let mirrored: Vec<Sample> = train.iter().map(Sample::mirrored).collect();
        train.extend(mirrored);
    }
    let hold: Vec<Sample> = hold_records.iter().map(Sample::new).collect();
    let lambda = settings.lambda;
    let mut net = match &settings.init {
        Some(init) => {
            assert!(
                init.hidden == settings.hidden
                    && init.activation == settings.activation
                    && init.buckets == settings.buckets,
                "the starting network's width, activation and buckets are the run's"
            );
            init.clone()
        }
        None => FloatNet::new(
            settings.hidden,
            settings.activation,
            settings.buckets,
            settings.seed,
        ),
    };
    let n = net.w.len();
    let all: Vec<usize> = (0..n).collect();
    let mut adam = Adam::new(n);
    let mut rng = Rng::new(settings.seed ^ 0xABCD);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let batch = settings.batch.max(1);
    let threads = rayon::current_num_threads();
    eprintln!(
        "{} training and {} held-out positions, H {} ({:?}), {} output buckets, {} weights, \
         {} threads, loss at {} cp per unit",
        train.len(),
        hold.len(),
        settings.hidden,
        settings.activation,
        settings.buckets,
        n,
        threads,
        cp_scale
    );
    let started = Instant::now();
    let mut train_error = 0.0;
    for epoch in 0..settings.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let lr = step_size(settings, epoch);
        let mut sum = 0.0;
        for chunk in order.chunks(batch) {
            let per = chunk.len().div_ceil(threads);
            let (grad, err) = chunk
                .par_chunks(per.max(1))
                .map(|part| {
                    let mut g = vec![0.0; n];
                    let mut e = 0.0;
                    for &i in part {
                        e += net.backprop(
                            &train[i],
                            train[i].target(lambda, cp_scale),
                            cp_scale,
                            &mut g,
                        );
                    }
                    (g, e)
                })
                .reduce(
                    || (vec![0.0; n], 0.0),
                    |(mut a, ea), (b, eb)| {
                        for (x, y) in a.iter_mut().zip(&b) {
                            *x += y;
                        }
                        (a, ea + eb)
                    },
                );
            sum += err;
            let scale = 1.0 / chunk.len() as f64;
            let grad: Vec<f64> = grad.iter().map(|g| g * scale).collect();
            adam.step(&mut net.w, &grad, lr, &all);
            net.clip();
        }
        train_error = sum / train.len().max(1) as f64;
        eprintln!(
            "epoch {:>3}: train {:.6}, held out {:.6} (at {cp_scale} cp), lr {lr:.5}, {:.1} s",
            epoch + 1,
            train_error,
            error(&net, &hold, lambda, cp_scale),
            started.elapsed().as_secs_f64()
        );
    }
    let quantised = net.quantise();
    let report = Report {
        train: train_error,
        held_out: error(&net, &hold, lambda, cp_scale),
        held_out_quantised: engine_error(hold_records, lambda, |p| quantised.evaluate(p)),
        held_out_hand_crafted: engine_error(hold_records, lambda, engine::eval::evaluate),
        by_lambda: [0.0, 1.0]
            .into_iter()
            .map(|l| {
                (
                    l,
                    engine_error(hold_records, l, |p| quantised.evaluate(p)),
                    engine_error(hold_records, l, engine::eval::evaluate),
                )
            })
            .collect(),
    };
    debug_assert_eq!(quantised.feature_weights.len(), FEATURES * settings.hidden);
    (quantised, report)
}

#[cfg(test)]
mod tests;
