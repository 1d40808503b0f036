//! The evaluation made linear in its weights, by finite differences.
//!
//! The evaluation blends a middlegame and an endgame sum of weights × feature counts by
//! the game phase, so for a fixed position it is linear in nearly every weight; the
//! exceptions are the King attack weights (squared in the danger term), the endgame
//! material values (thresholds of the drawish-endgame scale) and the integer rounding.
//! For each position we evaluate once as is and once with each tunable weight raised
//! by [`STEP`] (the King attack weights: ±1 around the point), and keep the nonzero
//! slopes, so that near the point
//!
//! ```text
//! eval(w) ≈ base + Σ_j coef_j · (w_j − origin_j)      (White's point of view)
//! ```
//!
//! Storage is compressed rows: per position a range of (u16 index, f32 slope) pairs.
//! This module does not fit anything (`gradient` does).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use engine::eval::{evaluate_with, Params};
use engine::Color;
use rayon::prelude::*;

use crate::layout::{is_king_attack, weight_mut};
use crate::texel::Sample;

/// The step by which a weight is raised to measure its slope. The evaluation truncates
/// to whole centipawns, so a slope is known to within 1/STEP; a larger step would
/// reach further into the few nonlinear corners (the endgame scale's thresholds).
pub const STEP: i32 = 128;

/// Labelled positions, linearised around the weights `origin`.
#[derive(Clone, Debug, Default)]
pub struct Linear {
    /// The weights (all of them, `to_vec` order) at which the slopes were taken.
    pub origin: Vec<i32>,
    /// Row `r`'s pairs are `index[start[r]..start[r + 1]]`, `coef[…]`.
    start: Vec<usize>,
    index: Vec<u16>,
    coef: Vec<f32>,
    /// The real evaluation at `origin`, White's point of view.
    pub base: Vec<f32>,
    /// The game results, White's point of view.
    pub result: Vec<f32>,
}

impl Linear {
    /// An empty set around `origin`.
    pub fn new(origin: Vec<i32>) -> Linear {
        Linear {
            origin,
            start: vec![0],
            ..Linear::default()
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.base.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.base.is_empty()
    }

    /// The number of stored slopes.
    pub fn nonzeros(&self) -> usize {
        self.coef.len()
    }

    /// Appends a row.
    pub fn push(&mut self, base: f32, result: f32, slopes: impl IntoIterator<Item = (u16, f32)>) {
        for (i, c) in slopes {
            self.index.push(i);
            self.coef.push(c);
        }
        self.start.push(self.index.len());
        self.base.push(base);
        self.result.push(result);
    }

    /// Row `r`'s (index, slope) pairs.
    pub fn row(&self, r: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        let range = self.start[r]..self.start[r + 1];
        self.index[range.clone()]
            .iter()
            .zip(&self.coef[range])
            .map(|(&i, &c)| (usize::from(i), c))
    }

    /// Row `r`'s linear evaluation at `weights` (all weights, as reals).
    pub fn predict(&self, r: usize, weights: &[f64]) -> f64 {
        let mut e = f64::from(self.base[r]);
        for (i, c) in self.row(r) {
            e += f64::from(c) * (weights[i] - f64::from(self.origin[i]));
        }
        e
    }

    /// Appends `other`'s rows (which must have been taken around `self.origin`).
    fn append(&mut self, other: Linear) {
        let offset = self.index.len();
        self.start
            .extend(other.start[1..].iter().map(|s| s + offset));
        self.index.extend(other.index);
        self.coef.extend(other.coef);
        self.base.extend(other.base);
        self.result.extend(other.result);
    }
}

/// The evaluation of `sample` from White's point of view, and its slopes in the weights
/// `tunable` at `params` (`params` is changed and put back).
pub fn slopes(sample: &Sample, params: &mut Params, tunable: &[usize]) -> (i32, Vec<(u16, f32)>) {
    let sign = if sample.pos.turn() == Color::White {
        1
    } else {
        -1
    };
    let base = evaluate_with(&sample.pos, params);
    let eval_at = |params: &mut Params, j: usize, value: i32| {
        let old = std::mem::replace(weight_mut(params, j), value);
        let e = evaluate_with(&sample.pos, params);
        *weight_mut(params, j) = old;
        e
    };
    let mut out = Vec::new();
    for &j in tunable {
        let w = *weight_mut(params, j);
        let slope = if is_king_attack(j) {
            (eval_at(params, j, w + 1) - eval_at(params, j, w - 1)) as f32 / 2.0
        } else {
            (eval_at(params, j, w + STEP) - base) as f32 / STEP as f32
        };
        if slope != 0.0 {
            out.push((j as u16, slope * sign as f32));
        }
    }
    (base * sign, out)
}

/// Linearises `samples` around `params` in the weights `tunable`, in parallel, with a
/// progress line on stderr now and then when `progress` is set.
pub fn linearise(samples: &[Sample], params: &Params, tunable: &[usize], progress: bool) -> Linear {
    const CHUNK: usize = 1024;
    let started = Instant::now();
    let done = AtomicUsize::new(0);
    let reported = AtomicUsize::new(0);
    let parts: Vec<Linear> = samples
        .par_chunks(CHUNK)
        .map_init(
            || params.clone(),
            |scratch, chunk| {
                let mut part = Linear::new(Vec::new());
                for s in chunk {
                    let (base, row) = slopes(s, scratch, tunable);
                    part.push(base as f32, s.result as f32, row);
                }
                let n = done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
                let secs = started.elapsed().as_secs_f64();
                // About every 5% (and at least 2 s apart) once it takes a while.
                let due = reported.load(Ordering::Relaxed) + samples.len() / 20;
                if progress && n >= due && secs > 2.0 {
                    reported.store(n, Ordering::Relaxed);
                    let eta = secs * (samples.len() - n) as f64 / n as f64;
                    eprintln!(
                        "  linearised {n}/{} positions in {secs:.1} s, about {eta:.0} s to go",
                        samples.len()
                    );
                }
                part
            },
        )
        .collect();
    let mut all = Linear::new(params.to_vec());
    for part in parts {
        all.append(part);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{tunable, COUNT};
    use engine::eval::DEFAULT;
    use engine::rng::Rng;
    use engine::{Position, RuleSet, Rules, Setup};

    fn sample(fen: &str) -> Sample {
        let setup = Setup::from_fen(fen, false).unwrap();
        Sample {
            pos: Position::from_setup(&setup, Rules::new(RuleSet::Fide)).unwrap(),
            result: 0.5,
            score: None,
        }
    }

    const FENS: [&str; 6] = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQ1RK1 b - - 0 10",
        "8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1",
        "2r3k1/5ppp/p3p3/1p1nP3/3P4/P4N2/1P3PPP/2R3K1 b - - 1 25",
        "r4rk1/1bq1bppp/p2ppn2/1p6/3BPP2/2NB1Q2/PPP3PP/R4R1K w - - 4 15",
        "8/8/4k3/3p4/3P1K2/8/5B2/8 b - - 0 50",
    ];

    #[test]
    fn slopes_reproduce_the_evaluation_after_a_random_change() {
        let tunable = tunable(false);
        let samples: Vec<Sample> = FENS.iter().map(|f| sample(f)).collect();
        let lin = linearise(&samples, &DEFAULT, &tunable, false);
        assert_eq!(lin.len(), FENS.len());
        let mut rng = Rng::new(2024);
        for trial in 0..4 {
            let mut values = DEFAULT.to_vec();
            for &j in &tunable {
                values[j] += rng.below(21) as i32 - 10;
            }
            let changed = DEFAULT.with_values(&values);
            let weights: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
            for (r, s) in samples.iter().enumerate() {
                let stm = f64::from(evaluate_with(&s.pos, &changed));
                let real = if s.pos.turn() == Color::White {
                    stm
                } else {
                    -stm
                };
                let linear = lin.predict(r, &weights);
                assert!(
                    (real - linear).abs() <= 2.5,
                    "trial {trial}, {}: real {real}, linear {linear}",
                    FENS[r]
                );
            }
        }
    }

    #[test]
    fn rows_keep_only_the_weights_that_matter() {
        let lin = linearise(&[sample(FENS[2])], &DEFAULT, &tunable(false), false);
        let row: Vec<(usize, f32)> = lin.row(0).collect();
        // Pawn endgame, White to move: no Knight, Bishop, Rook or Queen weights at all.
        assert!(row.len() < COUNT / 4, "{} slopes", row.len());
        assert!(row.iter().all(|&(i, _)| !(2..10).contains(&i)));
        // The tempo's endgame half counts in full with no pieces on the board.
        let tempo_eg = (0..COUNT)
            .find(|&i| crate::layout::name(i) == "tempo.eg")
            .expect("tempo");
        assert_eq!(
            row.iter().find(|&&(i, _)| i == tempo_eg).map(|p| p.1),
            Some(1.0)
        );
    }
}
