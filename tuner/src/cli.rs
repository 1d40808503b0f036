//! The command line: the subcommands and their arguments (clap).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::{datagen, nnue};

#[derive(Parser)]
#[command(
    name = "tuner",
    about = "Tunes Morphy's evaluation weights from game results"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `train-net --activation`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ActivationArg {
    /// The clipped `ReLU`, `clamp(x, 0, 1)`.
    Crelu,
    /// Its square, `clamp(x, 0, 1)²`.
    Screlu,
}

#[derive(Subcommand)]
pub enum Command {
    /// Self-play games at fixed nodes per move; writes quiet positions with the result.
    Datagen(DatagenArgs),
    /// Quiet positions of PGN games, labelled with each game's result.
    Extract(ExtractArgs),
    /// Packs `FEN | result | score` text lines (`datagen --format text`) into the records
    /// `train-net` reads (`datagen --format bin`'s).
    Pack(PackArgs),
    /// Gradient descent on the linearised evaluation; prints the tuned `DEFAULT`.
    Tune(TuneArgs),
    /// The old local search: every weight up or down by one while the error falls.
    TuneLocal(TuneLocalArgs),
    /// Trains the learned evaluation (NNUE) on `datagen --format bin` records and writes
    /// the quantised network file.
    TrainNet(TrainNetArgs),
    /// The error of network files (and of the hand-crafted evaluation) on records: the last
    /// share of them, as `train-net` holds out, or all with `--holdout 1`.
    EvalNet(EvalNetArgs),
    /// Centres the square tables of the built-in `DEFAULT` (means into the material; no
    /// evaluation changes) and prints it.
    Center(CenterArgs),
}

/// The arguments of `datagen`.
#[derive(Args)]
pub struct DatagenArgs {
    /// The positions file to write.
    pub out: PathBuf,
    /// How many games.
    #[arg(long)]
    pub games: u64,
    /// Begin no game once this many positions are written: the games under way finish,
    /// so the file holds whole games and a few more positions than this.
    #[arg(long)]
    pub positions: Option<u64>,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 6000)]
    pub nodes: u64,
    /// Games played at once (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// EPD opening books (the first four FEN fields of each line are used); repeat
    /// the option to draw from several books.
    #[arg(long, default_value = datagen::DEFAULT_OPENINGS)]
    pub openings: Vec<PathBuf>,
    /// Text lines for `tune`, or 32-byte records for `train-net`.
    #[arg(long, value_enum, default_value_t = datagen::Format::Text)]
    pub format: datagen::Format,
    /// Search with the learned network (UCI `EvalNet`) instead of the hand-crafted
    /// evaluation.
    #[arg(long)]
    pub eval_net: bool,
    /// Seed of the opening choice and the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random legal plies after the book position.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Transposition table per game, in MiB.
    #[arg(long, default_value_t = 8)]
    pub hash: usize,
}

/// The arguments of `extract`.
#[derive(Args)]
pub struct ExtractArgs {
    /// The positions file to write.
    pub out: PathBuf,
    /// Keep only the positions whose move carries an engine's centipawn score in its
    /// comment (fastchess's and cutechess's `{+0.35/14 0.148s}`), and write it as
    /// `FEN | result | score` (White's view), the text `pack` reads.
    #[arg(long)]
    pub scores: bool,
    /// PGN files.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
}

/// The arguments of `pack`.
#[derive(Args)]
pub struct PackArgs {
    /// The record file to write.
    pub out: PathBuf,
    /// Text position files, with scores.
    #[arg(required = true)]
    pub positions: Vec<PathBuf>,
}

/// The arguments of `tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// `FEN | result` lines.
    pub positions: PathBuf,
    /// Passes of full-batch gradient descent.
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,
    /// Adam's step size in centipawns (falls linearly to a tenth over the run).
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// Share of positions held out to measure over-fitting.
    #[arg(long, default_value_t = 0.1)]
    pub holdout: f64,
    /// Linearise again around the current weights every this many epochs.
    #[arg(long)]
    pub relinearise: Option<usize>,
    /// Also fit the King attack weights (quadratic in the evaluation).
    #[arg(long)]
    pub king_attack: bool,
    /// Keep the weights of the epoch with the lowest held-out error.
    #[arg(long)]
    pub keep_best: bool,
    /// Share of the game result in the training target; the rest is the recorded
    /// search score (datagen files carry one). 1 uses results only.
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Weight of a smoothness penalty on the mobility tables (squared second
    /// differences of neighbouring entries, in centipawns²); 0 leaves them free.
    #[arg(long, default_value_t = 0.0)]
    pub smooth: f64,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Rewrite the `DEFAULT` block of this `params.rs` with the tuned weights.
    #[arg(long)]
    pub write: Option<PathBuf>,
}

/// The arguments of `tune-local`.
#[derive(Args)]
pub struct TuneLocalArgs {
    /// `FEN | result` lines.
    pub positions: PathBuf,
    /// Passes over all weights.
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
}

/// The arguments of `train-net`.
#[derive(Args)]
pub struct TrainNetArgs {
    /// Record files (concatenated in this order; the last share is held out).
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Hidden width, a multiple of 16 (default 64, or `--init`'s). Wider than `--init`'s,
    /// it grows that network: the new units start with zero output weights, so the
    /// training starts from the file's scores exactly.
    #[arg(long)]
    pub hidden: Option<usize>,
    /// The hidden layer's activation: the clipped `ReLU` or its square (default the
    /// clipped `ReLU`, or `--init`'s).
    #[arg(long, value_enum)]
    pub activation: Option<ActivationArg>,
    /// Output buckets: sets of output weights chosen by the number of men on the board
    /// (default 1, or `--init`'s).
    #[arg(long)]
    pub output_buckets: Option<usize>,
    /// Start from this network file's weights instead of random ones (fine-tuning a
    /// previous round's network on new records).
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's step size at the first epoch (falls linearly towards `--lr-end` of it).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f64,
    /// The share of `--lr` the step size falls towards over the run (0 to 1).
    #[arg(long, default_value_t = 0.1)]
    pub lr_end: f64,
    /// Share of the game result in the target; the rest is the search score.
    #[arg(long, default_value_t = 0.3)]
    pub lambda: f64,
    /// Share of positions held out (the last ones).
    #[arg(long, default_value_t = 0.05)]
    pub holdout: f64,
    /// Centipawns per unit of the logistic's argument in the training loss: smaller
    /// weighs balanced positions more against won ones. The float network's errors are
    /// reported at this scale; the quantised network's and the hand-crafted
    /// evaluation's at 400 whatever it is, so that runs compare.
    #[arg(long, default_value_t = nnue::data::CP_SCALE)]
    pub cp_scale: f64,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also train on every training position turned left for right (files a to h).
    #[arg(long)]
    pub mirror: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The network file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// The arguments of `eval-net`.
#[derive(Args)]
pub struct EvalNetArgs {
    /// Network files to compare.
    #[arg(long = "net", required = true)]
    pub nets: Vec<PathBuf>,
    /// Record files (concatenated in this order).
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Share of the records measured (the last ones).
    #[arg(long, default_value_t = 0.05)]
    pub holdout: f64,
    /// Share of the game result in the target.
    #[arg(long, default_value_t = 0.2)]
    pub lambda: f64,
    /// Also print each scorer's errors in the bands of |search score| of `nnue::BANDS`
    /// (below 100, 100 to 300, 300 to 1000, 1000 and up): the error at lambda 0, the
    /// root mean square in centipawns, and how far the evaluation overshoots the search
    /// score away from zero.
    #[arg(long)]
    pub bands: bool,
}

/// The arguments of `center`.
#[derive(Args)]
pub struct CenterArgs {
    /// Rewrite the `DEFAULT` block of this `params.rs` with the centred weights.
    #[arg(long)]
    pub write: Option<PathBuf>,
}
