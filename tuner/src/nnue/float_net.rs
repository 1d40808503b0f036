//! The network in floating point, as trained: `(768 → H) × 2 → 1` with the clipped `ReLU`
//! `clamp(x, 0, 1)` or its square (the network's [`Activation`]), its output times
//! [`SCALE`] the score in centipawns, the output weights and bias those of the position's
//! output bucket ([`output_bucket`]). All weights sit in one vector (feature weights,
//! feature biases, output weights bucket by bucket, output biases) so that one optimiser
//! steps them all.

use engine::eval::nnue::{output_bucket, Activation, Kernel, Network, FEATURES};

use super::data::{expected, Sample};
use engine::rng::Rng;

/// Centipawns per unit of output (the quantised file's SCALE).
pub const SCALE: f64 = 400.0;
/// Quantisation of the feature weights and the top of the clipped `ReLU`.
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Every weight is kept within ±CLIP so that it fits its quantised type: output weights
/// `CLIP × QB < 128` (which the squared activation needs: its product `QA × weight`,
/// at most 255 × 127, is taken in 16 bits), feature weights `CLIP × QA ≈ 505`, so 32 men
/// and a bias stay far inside an i16.
pub const CLIP: f64 = 1.98;
const _: () = assert!(QA * 127 <= i16::MAX as i32 && CLIP * (QB as f64) < 127.5);

/// A float network.
#[derive(Clone, Debug)]
pub struct FloatNet {
    /// Hidden width.
    pub hidden: usize,
    /// The hidden layer's activation.
    pub activation: Activation,
    /// Output buckets.
    pub buckets: usize,
    /// All weights: `FEATURES × H`, `H`, `B × 2H`, `B`.
    pub w: Vec<f64>,
}

impl FloatNet {
    /// Small random weights from `seed`, `buckets` output buckets.
    pub fn new(hidden: usize, activation: Activation, buckets: usize, seed: u64) -> FloatNet {
        let mut rng = Rng::new(seed);
        let n = FEATURES * hidden + hidden + buckets * (2 * hidden + 1);
        let mut w = vec![0.0; n];
        let out = 1.0 / (2.0 * hidden as f64).sqrt();
        for (i, x) in w.iter_mut().enumerate() {
            let span = if i < FEATURES * hidden {
                0.1
            } else if i < FEATURES * hidden + hidden {
                0.0
            } else {
                out
            };
            *x = (rng.unit() * 2.0 - 1.0) * span;
        }
        for bias in &mut w[n - buckets..] {
            *bias = 0.0;
        }
        FloatNet {
            hidden,
            activation,
            buckets,
            w,
        }
    }

    /// The float network that quantises back to `net` exactly: every weight divided by
    /// its quantisation. Refused when `net` was quantised with other constants than this
    /// trainer's ([`QA`], [`QB`], [`SCALE`]).
    pub fn from_network(net: &Network) -> Result<FloatNet, String> {
        if net.qa != QA || net.qb != QB || net.scale != SCALE as i32 {
            return Err(format!(
                "the network was quantised with QA {}, QB {}, scale {}; this trainer uses \
                 QA {QA}, QB {QB}, scale {SCALE}",
                net.qa, net.qb, net.scale
            ));
        }
        let (qa, qb) = (f64::from(QA), f64::from(QB));
        let mut w = Vec::with_capacity(
            FEATURES * net.hidden + net.hidden + net.buckets() * (2 * net.hidden + 1),
        );
        w.extend(net.feature_weights.iter().map(|&x| f64::from(x) / qa));
        w.extend(net.feature_bias.iter().map(|&x| f64::from(x) / qa));
        w.extend(net.output_weights.iter().map(|&x| f64::from(x) / qb));
        w.extend(net.output_bias.iter().map(|&x| f64::from(x) / (qa * qb)));
        let mut float = FloatNet {
            hidden: net.hidden,
            activation: net.activation,
            buckets: net.buckets(),
            w,
        };
        // Rounding may carry a weight trained at ±CLIP up to half a quantum past it
        // (1.98 × 255 = 504.9 is stored as 505); clipping it back rounds to the same value.
        if float.w.iter().any(|x| x.abs() > CLIP + 1.0 / qb) {
            return Err(format!(
                "a weight of the network lies outside ±{CLIP}, the range this trainer keeps"
            ));
        }
        float.clip();
        Ok(float)
    }

    /// This network with `hidden - self.hidden` more hidden units that change nothing:
    /// their feature weights small random ones from `seed` (as [`FloatNet::new`] draws
    /// them), their biases and output weights zero, so every output is this network's
    /// until training moves their output weights. Fine-tuning from it grows a network
    /// without starting again from random weights.
    pub fn widened(&self, hidden: usize, seed: u64) -> FloatNet {
        assert!(hidden >= self.hidden, "a network is widened, not narrowed");
        let (old, buckets) = (self.hidden, self.buckets);
        let mut wide = FloatNet::new(hidden, self.activation, buckets, seed);
        for f in 0..FEATURES {
            wide.w[f * hidden..f * hidden + old].copy_from_slice(&self.w[f * old..(f + 1) * old]);
        }
        let (bias, wide_bias) = (self.bias_at(), wide.bias_at());
        wide.w[wide_bias..wide_bias + hidden].fill(0.0);
        wide.w[wide_bias..wide_bias + old].copy_from_slice(&self.w[bias..bias + old]);
        let (out, wide_out) = (bias + old, wide_bias + hidden);
        wide.w[wide_out..wide_out + buckets * 2 * hidden].fill(0.0);
        for half in 0..2 * buckets {
            let from = out + half * old;
            let to = wide_out + half * hidden;
            wide.w[to..to + old].copy_from_slice(&self.w[from..from + old]);
        }
        let (out_bias, wide_out_bias) = (out + buckets * 2 * old, wide_out + buckets * 2 * hidden);
        wide.w[wide_out_bias..].copy_from_slice(&self.w[out_bias..]);
        wide
    }

    /// The activation of a hidden sum and its derivative.
    #[inline]
    fn activate(&self, x: f64) -> (f64, f64) {
        let c = x.clamp(0.0, 1.0);
        let inside = x > 0.0 && x < 1.0;
        match self.activation {
            Activation::ClippedRelu => (c, if inside { 1.0 } else { 0.0 }),
            Activation::SquaredClippedRelu => (c * c, if inside { 2.0 * x } else { 0.0 }),
        }
    }

    fn bias_at(&self) -> usize {
        FEATURES * self.hidden
    }

    /// Where the output weights of `s`'s bucket start.
    fn out_at(&self, s: &Sample) -> usize {
        FEATURES * self.hidden + self.hidden + self.bucket(s) * 2 * self.hidden
    }

    /// Where the output bias of `s`'s bucket is.
    fn out_bias_at(&self, s: &Sample) -> usize {
        FEATURES * self.hidden + self.hidden + self.buckets * 2 * self.hidden + self.bucket(s)
    }

    fn bucket(&self, s: &Sample) -> usize {
        output_bucket(u32::from(s.count), self.buckets)
    }

    /// The accumulators (before the activation) of both points of view.
    fn accumulate(&self, s: &Sample) -> (Vec<f64>, Vec<f64>) {
        let h = self.hidden;
        let bias = &self.w[self.bias_at()..self.bias_at() + h];
        let (mut ours, mut theirs) = (bias.to_vec(), bias.to_vec());
        for i in 0..s.count as usize {
            for (acc, f) in [(&mut ours, s.ours[i]), (&mut theirs, s.theirs[i])] {
                let col = &self.w[f as usize * h..(f as usize + 1) * h];
                for (a, c) in acc.iter_mut().zip(col) {
                    *a += c;
                }
            }
        }
        (ours, theirs)
    }

    /// The expected result the network predicts for a sample at `cp_scale` centipawns per
    /// unit of the logistic's argument.
    pub fn predict(&self, s: &Sample, cp_scale: f64) -> f64 {
        expected(self.output(s) * SCALE, cp_scale)
    }

    /// The output (score / SCALE) of a sample.
    pub fn output(&self, s: &Sample) -> f64 {
        let (ours, theirs) = self.accumulate(s);
        let (o, h) = (self.out_at(s), self.hidden);
        let dot = |acc: &[f64], w: &[f64]| -> f64 {
            acc.iter()
                .zip(w)
                .map(|(&a, w)| self.activate(a).0 * w)
                .sum()
        };
        dot(&ours, &self.w[o..o + h])
            + dot(&theirs, &self.w[o + h..o + 2 * h])
            + self.w[self.out_bias_at(s)]
    }

    /// The squared error of a sample against `target`, the output read at `cp_scale`
    /// centipawns per unit of the logistic's argument, adding its gradient to `grad`.
    pub fn backprop(&self, s: &Sample, target: f64, cp_scale: f64, grad: &mut [f64]) -> f64 {
        let (ours, theirs) = self.accumulate(s);
        let (o, h, b, ob) = (
            self.out_at(s),
            self.hidden,
            self.bias_at(),
            self.out_bias_at(s),
        );
        let mut out = self.w[ob];
        for j in 0..h {
            out += self.activate(ours[j]).0 * self.w[o + j];
            out += self.activate(theirs[j]).0 * self.w[o + h + j];
        }
        let p = expected(out * SCALE, cp_scale);
        let err = p - target;
        // d(err²)/d(out)
        let g = 2.0 * err * p * (1.0 - p) * SCALE / cp_scale;
        grad[ob] += g;
        for (side, acc, feats) in [(0, &ours, &s.ours), (1, &theirs, &s.theirs)] {
            let mut d = vec![0.0; h];
            for j in 0..h {
                let (a, slope) = self.activate(acc[j]);
                grad[o + side * h + j] += g * a;
                if slope != 0.0 {
                    d[j] = g * self.w[o + side * h + j] * slope;
                    grad[b + j] += d[j];
                }
            }
            for &f in &feats[..s.count as usize] {
                let col = &mut grad[f as usize * h..(f as usize + 1) * h];
                for (c, d) in col.iter_mut().zip(&d) {
                    *c += d;
                }
            }
        }
        err * err
    }

    /// Keeps every weight within ±[`CLIP`].
    pub fn clip(&mut self) {
        for x in &mut self.w {
            *x = x.clamp(-CLIP, CLIP);
        }
    }

    /// The quantised network (see `engine::eval::nnue`).
    pub fn quantise(&self) -> Network {
        let h = self.hidden;
        let q = |x: f64, by: i32| (x * f64::from(by)).round() as i16;
        let b = self.bias_at();
        let o = b + h;
        let ob = o + self.buckets * 2 * h;
        Network {
            hidden: h,
            qa: QA,
            qb: QB,
            scale: SCALE as i32,
            activation: self.activation,
            feature_weights: self.w[..b].iter().map(|&x| q(x, QA)).collect(),
            feature_bias: self.w[b..o].iter().map(|&x| q(x, QA)).collect(),
            output_weights: self.w[o..ob].iter().map(|&x| q(x, QB)).collect(),
            output_bias: self.w[ob..]
                .iter()
                .map(|&x| (x * f64::from(QA * QB)).round() as i32)
                .collect(),
            kernel: Kernel::detect(),
        }
    }
}
