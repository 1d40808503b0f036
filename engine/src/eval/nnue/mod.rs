//! A learned evaluation (NNUE): `(768 → H) × 2 → 1`. Each point of view (the side to
//! move's and the other's) sums the columns of its active features into H values
//! (the accumulator); both are clipped to `0..=QA` (a clipped `ReLU`, squared in the
//! networks that say so: [`Activation`]), and a dot product with the output weights
//! gives the score. A network may have several sets of output weights, its output
//! buckets, one chosen by the number of men on the board ([`output_bucket`]), so that an
//! ending is scored by other weights than the middlegame. The accumulator is kept from
//! node to node by adding and subtracting columns ([`accumulator`]); the inner loops
//! have a scalar and an AVX2 path with identical results ([`simd`]).
//!
//! A feature is a man of a colour and kind on a square, seen from one side: squares are
//! mirrored top to bottom for Black, and "ours"/"theirs" replace White/Black, so one set
//! of weights serves both sides: `index = theirs × 384 + kind × 64 + square`.
//!
//! Quantised: feature weights and biases are the float values × QA, output weights × QB,
//! the output bias × QA × QB; the score is `output × SCALE / (QA × QB)` centipawns
//! (`/ (QA² × QB)` for the squared activation, whose hidden values are in units of QA²).
//! The file format is in [`format`](mod@format). The network built into the engine ([`embedded`],
//! the file `morphy.nnue` beside this one) was trained by the tuner on the search scores
//! of Morphy's self-play and match games (since v21, round 24's network: docs/STRENGTH.md,
//! "Learned evaluation, round 24"); the search uses a network by default since v7 and
//! the hand-crafted evaluation when told to (UCI `EvalNet false`,
//! [`crate::search::Searcher::set_eval_net`]).
//!
//! ```
//! use engine::eval::nnue;
//! use engine::{Position, Rules};
//! let pos = Position::startpos(Rules::default());
//! assert!(nnue::embedded().evaluate(&pos).abs() < 200);
//! ```

pub mod accumulator;
pub mod format;
pub mod network;
pub mod simd;

use std::sync::OnceLock;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use format::NetError;
pub use network::{feature, output_bucket, Activation, Network, FEATURES, MAX_BUCKETS, MAX_HIDDEN};
pub use simd::Kernel;

use crate::position::Position;

impl Network {
    /// The score, side to move's view, of the sums in `acc`, which hold `pos`.
    pub fn output(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let h = self.hidden;
        let top = self.qa as i16;
        let turn = pos.turn();
        let (ours, theirs) = (acc.side(turn), acc.side(!turn));
        let bucket = output_bucket(pos.occupied().len(), self.buckets());
        let output_bias = self.output_bias[bucket];
        let (w_ours, w_theirs) =
            self.output_weights[bucket * 2 * h..(bucket + 1) * 2 * h].split_at(h);
        let (qa, qb, scale) = (
            i64::from(self.qa),
            i64::from(self.qb),
            i64::from(self.scale),
        );
        match self.activation {
            Activation::ClippedRelu => {
                let sum = i64::from(simd::clipped_dot(self.kernel, ours, w_ours, top))
                    + i64::from(simd::clipped_dot(self.kernel, theirs, w_theirs, top))
                    + i64::from(output_bias);
                (sum * scale / (qa * qb)) as i32
            }
            // The squares are in units of QA² × QB: the bias is brought to them and the
            // sum divided once.
            Activation::SquaredClippedRelu => {
                let sum = i64::from(simd::squared_clipped_dot(self.kernel, ours, w_ours, top))
                    + i64::from(simd::squared_clipped_dot(
                        self.kernel,
                        theirs,
                        w_theirs,
                        top,
                    ))
                    + i64::from(output_bias) * qa;
                (sum * scale / (qa * qa * qb)) as i32
            }
        }
    }

    /// The score of `pos` for the side to move, summed from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut acc = Accumulator::new(self);
        acc.refresh(self, pos);
        self.output(&acc, pos)
    }
}

/// The network file built into the engine.
pub const EMBEDDED_BYTES: &[u8] = include_bytes!("morphy.nnue");

/// The network built into the engine, read once.
pub fn embedded() -> &'static Network {
    static NET: OnceLock<Network> = OnceLock::new();
    NET.get_or_init(|| Network::from_bytes(EMBEDDED_BYTES).expect("the built-in network reads"))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::types::Color;

    /// A network of random weights of moderate size, for the tests.
    pub(crate) fn random_network(hidden: usize, seed: u64) -> Network {
        random_bucketed_network(hidden, 1, seed)
    }

    /// The same with `buckets` output buckets.
    pub(crate) fn random_bucketed_network(hidden: usize, buckets: usize, seed: u64) -> Network {
        let mut rng = crate::rng::Rng::new(seed);
        let mut next = |range: i64| rng.within(range) as i16;
        Network {
            hidden,
            qa: 255,
            qb: 64,
            scale: 400,
            activation: Activation::ClippedRelu,
            feature_weights: (0..FEATURES * hidden).map(|_| next(40)).collect(),
            feature_bias: (0..hidden).map(|_| next(100)).collect(),
            output_weights: (0..buckets * 2 * hidden).map(|_| next(127)).collect(),
            output_bias: (0..buckets).map(|_| i32::from(next(5000))).collect(),
            kernel: Kernel::detect(),
        }
    }

    #[test]
    fn features_mirror_for_black_and_swap_ours_and_theirs() {
        // A white Knight on b1 seen by White is a black Knight on b8 seen by Black.
        let (b1, b8) = (1, 57);
        assert_eq!(
            feature(Color::White, Color::White, 1, b1),
            feature(Color::Black, Color::Black, 1, b8)
        );
        assert_eq!(feature(Color::White, Color::White, 1, b1), 64 + 1);
        assert_eq!(feature(Color::Black, Color::White, 1, b1), 384 + 64 + 57);
        let all: std::collections::HashSet<usize> = (0..64)
            .flat_map(|sq| {
                (0..6).flat_map(move |k| Color::ALL.map(|c| feature(Color::Black, c, k, sq)))
            })
            .collect();
        assert_eq!(all.len(), FEATURES);
        assert!(all.iter().all(|&f| f < FEATURES));
    }

    #[test]
    fn the_built_in_network_reads() {
        let net = embedded();
        assert_eq!(net.to_bytes(), EMBEDDED_BYTES);
        assert_eq!(
            EMBEDDED_BYTES.len(),
            format::file_bytes(net.hidden, net.buckets())
        );
        assert!(net.hidden >= 16);
    }

    #[test]
    fn output_buckets_cover_two_to_thirty_two_men_evenly() {
        assert_eq!(output_bucket(2, 1), 0);
        assert_eq!(output_bucket(32, 1), 0);
        let eight: Vec<usize> = (2..=32).map(|men| output_bucket(men, 8)).collect();
        // 31 counts of men in 8 buckets: 3 or 4 counts each, in order.
        for b in 0..8 {
            let n = eight.iter().filter(|&&x| x == b).count();
            assert!((3..=4).contains(&n), "bucket {b} holds {n} counts");
        }
        assert!(eight.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!((eight[0], eight[30]), (0, 7));
        // More men than a board holds (never in a game) stay in the last bucket.
        assert_eq!(output_bucket(40, 8), 7);
        assert_eq!(output_bucket(0, 8), 0);
    }

    #[test]
    fn each_output_bucket_scores_with_its_own_weights() {
        let rules = crate::rules::Rules::new(crate::rules::RuleSet::Fide);
        let read = |fen: &str| {
            Position::from_setup(&crate::setup::Setup::from_fen(fen, false).unwrap(), rules)
                .unwrap()
        };
        let full = read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let ending = read("8/5k2/8/3p4/8/2K5/5P2/8 w - - 0 1");
        let mut net = random_bucketed_network(32, 4, 11);
        let (a, b) = (net.evaluate(&full), net.evaluate(&ending));
        // Changing the last bucket's weights moves the full board's score alone.
        let h = net.hidden;
        for w in &mut net.output_weights[3 * 2 * h..] {
            *w = -*w;
        }
        net.output_bias[3] += 1000;
        assert_ne!(net.evaluate(&full), a);
        assert_eq!(net.evaluate(&ending), b);
    }

    #[test]
    fn a_colour_flipped_position_scores_the_same() {
        // The same game with the colours exchanged and the board mirrored.
        let mut net = random_network(32, 2);
        let rules = crate::rules::Rules::new(crate::rules::RuleSet::Fide);
        let read = |fen: &str| {
            Position::from_setup(&crate::setup::Setup::from_fen(fen, false).unwrap(), rules)
                .unwrap()
        };
        let a = read("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = read("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            net.activation = activation;
            assert_eq!(net.evaluate(&a), net.evaluate(&b));
            assert_ne!(net.evaluate(&a), 0);
        }
    }
}
