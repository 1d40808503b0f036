//! Training samples for the network: the active features of both points of view (the
//! side to move's first) and the target, read from `datagen --format bin` records.

use engine::eval::nnue::feature;
use engine::Color;

use crate::packed::PackedPosition;

/// Centipawns of score per unit of the logistic's argument: a score `s` predicts
/// `σ(s / CP_SCALE)` with `σ(x) = 1 / (1 + e^(−x))`. The errors that compare runs
/// (`eval-net`'s, the quantised network's and the hand-crafted evaluation's held-out
/// errors) are taken at this scale; `train-net --cp-scale` may train at another, and then
/// reports the float network's errors at that one.
pub const CP_SCALE: f64 = 400.0;

/// The logistic.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The expected result a score of `cp` centipawns predicts at `cp_scale` centipawns per
/// unit of the logistic's argument: `σ(cp / cp_scale)`. Every prediction and every score
/// target of the trainer goes through here.
#[inline]
pub fn expected(cp: f64, cp_scale: f64) -> f64 {
    sigmoid(cp / cp_scale)
}

/// One position, ready for the network.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Active features from the side to move's point of view.
    pub ours: [u16; 32],
    /// The same men from the other side's point of view.
    pub theirs: [u16; 32],
    /// How many of each are active.
    pub count: u8,
    /// The result from the side to move's view: 1, 0.5, 0.
    pub result: f64,
    /// The search score, centipawns, side to move's view.
    pub score_cp: f64,
}

impl Sample {
    /// The sample of a record.
    pub fn new(p: &PackedPosition) -> Sample {
        let (mut ours, mut theirs) = ([0u16; 32], [0u16; 32]);
        let mut count = 0;
        for (sq, piece) in p.pieces() {
            let (k, s) = (piece.kind as usize, sq as usize);
            ours[count] = feature(p.turn, piece.color, k, s) as u16;
            theirs[count] = feature(!p.turn, piece.color, k, s) as u16;
            count += 1;
        }
        let white = f64::midpoint(f64::from(p.result), 1.0);
        Sample {
            ours,
            theirs,
            count: count as u8,
            result: if p.turn == Color::White {
                white
            } else {
                1.0 - white
            },
            score_cp: f64::from(p.score),
        }
    }

    /// The same position with the board turned left for right (files a to h): every
    /// man on the mirror square, same target. Chess is symmetric so but for castling,
    /// which the features do not see (an early position with castling rights makes a
    /// slightly wrong copy, the King on d1 or d8); the copy doubles the training positions.
    pub fn mirrored(&self) -> Sample {
        let mut m = self.clone();
        for f in m.ours.iter_mut().chain(m.theirs.iter_mut()) {
            // A feature's low six bits are its square, files in the low three.
            *f ^= 0b111;
        }
        m
    }

    /// The training target: `lambda × result + (1 − lambda) × σ(score / cp_scale)`.
    #[inline]
    pub fn target(&self, lambda: f64, cp_scale: f64) -> f64 {
        lambda * self.result + (1.0 - lambda) * expected(self.score_cp, cp_scale)
    }
}
