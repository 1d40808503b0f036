//! The Texel method: predicted score = 1 / (1 + 10^(-K·eval/400)); minimise the mean
//! squared difference from the game results. Here: loading labelled positions, the error
//! with the real evaluation, the fit of K, and the slow local search that moves one
//! weight at a time by ±1 (`tune-local`); the gradient tuner is in `gradient`.

use engine::eval::{evaluate_with, Params};
use engine::{Color, Position, RuleSet, Rules, Setup};
use rayon::prelude::*;

/// A labelled position.
pub struct Sample {
    /// The position.
    pub pos: Position,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
    /// The search score when the position was played, centipawns for White, if known.
    pub score: Option<f64>,
}

/// Parses `FEN | result` or `FEN | result | score` lines (blank lines skipped).
pub fn load(text: &str) -> Result<Vec<Sample>, Box<dyn std::error::Error>> {
    let rules = Rules::new(RuleSet::Fide);
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| format!("line {}: {why}: {line}", n + 1);
        let mut fields = line.split('|');
        let fen = fields.next().unwrap_or_default();
        let result = fields.next().ok_or_else(|| bad("no '|'".into()))?;
        let score = match fields.next() {
            Some(text) => Some(text.trim().parse().map_err(|e| bad(format!("{e}")))?),
            None => None,
        };
        let setup = Setup::from_fen(fen.trim(), false).map_err(|e| bad(e.to_string()))?;
        let pos = Position::from_setup(&setup, rules).map_err(|e| bad(format!("{e:?}")))?;
        let result = result.trim().parse().map_err(|e| bad(format!("{e}")))?;
        out.push(Sample { pos, result, score });
    }
    Ok(out)
}

/// The expected score for an evaluation of `eval` centipawns with scale `k`.
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of `params` over `data` with scale `k`.
pub fn error(data: &[Sample], params: &Params, k: f64) -> f64 {
    let sum: f64 = data
        .par_iter()
        .map(|s| {
            let e = f64::from(evaluate_with(&s.pos, params));
            let white = if s.pos.turn() == Color::White { e } else { -e };
            (s.result - sigmoid(k, white)).powi(2)
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// The scale K that fits `params` best (a scan, then a finer scan).
pub fn fit_k(data: &[Sample], params: &Params) -> f64 {
    fit_k_by(|k| error(data, params, k))
}

/// The scale K in (0, 2.1] that minimises `error(K)`: a scan by 0.1 around 1, then by
/// 0.01 around the best.
pub fn fit_k_by(error: impl Fn(f64) -> f64) -> f64 {
    let mut best = (1.0, f64::MAX);
    for step in [0.1, 0.01] {
        let centre = best.0;
        for i in -10..=10 {
            let k = centre + f64::from(i) * step;
            if k <= 0.0 {
                continue;
            }
            let e = error(k);
            if e < best.1 {
                best = (k, e);
            }
        }
    }
    best.0
}

/// Local search from `start`: each weight up or down by one while the error falls.
pub fn tune(data: &[Sample], start: &Params, iterations: usize) -> Params {
    let k = fit_k(data, start);
    let mut values = start.to_vec();
    let mut best = error(data, start, k);
    eprintln!("K = {k:.3}, error {best:.6}");
    for it in 0..iterations {
        let mut improved = false;
        for i in 0..values.len() {
            for delta in [1, -1] {
                values[i] += delta;
                let e = error(data, &start.with_values(&values), k);
                if e < best {
                    best = e;
                    improved = true;
                    break;
                }
                values[i] -= delta;
            }
        }
        eprintln!("iteration {}: error {best:.6}", it + 1);
        if !improved {
            break;
        }
    }
    start.with_values(&values)
}
