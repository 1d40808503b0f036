//! The network's shape and weights ([`Network`]) and its input features: what the
//! accumulator sums ([`super::accumulator`]), the file format reads
//! ([`super::format`]) and the output layer ([`Network::output`]) scores.

use super::simd::Kernel;
use crate::types::Color;

/// Input features per point of view: 2 colours × 6 kinds × 64 squares.
pub const FEATURES: usize = 768;
/// The widest hidden layer a file may declare: each half's output sum stays in 32 bits
/// (for the squared activation with QA 255 and output weights up to 127 only just:
/// 256 × 255² × 127 < 2^31; a wider layer or larger QA would need a wider sum).
pub const MAX_HIDDEN: usize = 256;

/// The most output buckets a file may declare.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `men` men on the board, for a network of
/// `buckets` buckets: the range from 2 men (the Kings alone) to 32 cut into `buckets`
/// spans as even as whole numbers allow, the fewest men in bucket 0.
#[inline]
pub fn output_bucket(men: u32, buckets: usize) -> usize {
    (men.saturating_sub(2) as usize * buckets / 31).min(buckets.max(1) - 1)
}

/// The index of the feature "a man of `color` and kind `kind` on `sq`" seen by `persp`.
#[inline]
pub fn feature(persp: Color, color: Color, kind: usize, sq: usize) -> usize {
    let theirs = usize::from(color != persp);
    let sq = if persp == Color::White {
        sq
    } else {
        sq ^ 0b111_000
    };
    theirs * 384 + kind * 64 + sq
}

/// What the hidden layer does to its sums before the output weights.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, QA)`.
    ClippedRelu,
    /// `clamp(x, 0, QA)²`, divided by QA after the dot product (the squared clipped
    /// `ReLU`, `SCReLU`).
    SquaredClippedRelu,
}

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Hidden width `H` (a multiple of 16).
    pub hidden: usize,
    /// Scale of the feature weights and top of the clipped `ReLU`.
    pub qa: i32,
    /// Scale of the output weights.
    pub qb: i32,
    /// Centipawns per unit of the float output.
    pub scale: i32,
    /// The hidden layer's activation.
    pub activation: Activation,
    /// `FEATURES × hidden`, feature by feature.
    pub feature_weights: Vec<i16>,
    /// `hidden`.
    pub feature_bias: Vec<i16>,
    /// `buckets × 2 × hidden`, bucket by bucket: the side to move's half, then the
    /// other's.
    pub output_weights: Vec<i16>,
    /// One per output bucket ([`Network::buckets`]), in units of `qa × qb`.
    pub output_bias: Vec<i32>,
    /// The path the inner loops take (not part of the file).
    pub kernel: Kernel,
}

impl Network {
    /// Output buckets (1 to [`MAX_BUCKETS`]): sets of output weights and bias, chosen by
    /// the number of men ([`output_bucket`]); one bias each.
    #[inline]
    pub fn buckets(&self) -> usize {
        self.output_bias.len()
    }
}
