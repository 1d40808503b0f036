//! `tuner`: fits Morphy's evaluation weights to game results, Texel style, from games the
//! engine plays against itself.
//!
//! ```text
//! tuner datagen OUT.txt --games N [--nodes 6000] [--threads T] [--openings FILE.epd]...
//!                [--seed S] [--random-plies 4] [--hash 8] [--format text|bin] [--eval-net]
//!                                                          # self-play -> quiet positions
//! tuner extract OUT.txt GAMES.pgn... [--scores]            # quiet positions from PGN games
//! tuner pack OUT.bin POSITIONS.txt...                      # text with scores -> records
//! tuner tune POSITIONS.txt [--epochs 300] [--lr 1.0] [--holdout 0.1] [--relinearise R]
//!            [--king-attack] [--keep-best] [--lambda 1.0] [--smooth 0] [--threads T]
//!            [--write engine/src/eval/params.rs] > tuned.rs
//! tuner tune-local POSITIONS.txt [--iterations 10] > tuned.rs   # the slow ±1 search
//! tuner train-net RECORDS.bin... --out NET.nnue [--hidden 64] [--epochs 20] [--batch N]
//!            [--lr 0.001] [--lr-end 0.1] [--lambda 0.3] [--holdout 0.05] [--mirror] [--threads T]
//!            [--activation crelu|screlu] [--output-buckets B] [--cp-scale 400] [--seed S]
//!            [--init NET.nnue]
//! tuner eval-net --net NET.nnue... RECORDS.bin... [--holdout 0.05] [--lambda 0.2] [--bands]
//!                                                          # compare networks' errors
//! ```
//!
//! Positions are `FEN | result` lines, the result White's: 1.0, 0.5 or 0.0.
//!
//! `datagen` plays self-play games with the engine's search at fixed nodes per move
//! (FIDE rules), each from a book position plus a few seeded random plies, adjudicated
//! when the score stays decisive or drawn, and keeps the positions not in check whose
//! best move is quiet (see `datagen.rs`). `extract` does the same for PGN games (SAN
//! moves, as fastchess and cutechess write them), keeping the positions where the move
//! played was quiet.
//!
//! `tune` makes the evaluation linear in its weights by finite differences (`linear.rs`),
//! fits the logistic scale K, then runs full-batch Adam on the mean squared error
//! between result and predicted score (`gradient.rs`), with a share of the positions
//! held out (`--keep-best` returns the weights of the epoch where the held-out error was
//! lowest). The square tables are then centred on zero, their means moved into the
//! material (`center.rs`; no evaluation changes). It reports both errors before and
//! after with the real evaluation and prints the weights as the `DEFAULT` block of
//! `engine/src/eval/params.rs`, ready to paste;
//! `--write` rewrites that block of the given file in place instead. The King's material
//! and (unless `--king-attack`) the King attack weights are kept as they are.
//! `tune-local` is the older search: every weight ±1 while the error falls. `center`
//! centres the tables of the weights built in (for a `params.rs` tuned before centring).

mod center;
mod datagen;
mod gradient;
mod layout;
mod linear;
mod nnue;
mod packed;
mod pgn;
mod texel;

use std::error::Error;
use std::fmt::Write as _;
use std::fs;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use engine::eval::{Params, DEFAULT};

#[derive(Parser)]
#[command(
    name = "tuner",
    about = "Tunes Morphy's evaluation weights from game results"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `train-net --activation`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ActivationArg {
    /// The clipped `ReLU`, `clamp(x, 0, 1)`.
    Crelu,
    /// Its square, `clamp(x, 0, 1)²`.
    Screlu,
}

#[derive(Subcommand)]
enum Command {
    /// Self-play games at fixed nodes per move; writes quiet positions with the result.
    Datagen {
        /// The positions file to write.
        out: PathBuf,
        /// How many games.
        #[arg(long)]
        games: u64,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 6000)]
        nodes: u64,
        /// Games played at once (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// EPD opening books (the first four FEN fields of each line are used); repeat
        /// the option to draw from several books.
        #[arg(long, default_value = datagen::DEFAULT_OPENINGS)]
        openings: Vec<PathBuf>,
        /// Text lines for `tune`, or 32-byte records for `train-net`.
        #[arg(long, value_enum, default_value_t = datagen::Format::Text)]
        format: datagen::Format,
        /// Search with the learned network (UCI `EvalNet`) instead of the hand-crafted
        /// evaluation.
        #[arg(long)]
        eval_net: bool,
        /// Seed of the opening choice and the random plies.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random legal plies after the book position.
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Transposition table per game, in MiB.
        #[arg(long, default_value_t = 8)]
        hash: usize,
    },
    /// Quiet positions of PGN games, labelled with each game's result.
    Extract {
        /// The positions file to write.
        out: PathBuf,
        /// Keep only the positions whose move carries an engine's centipawn score in its
        /// comment (fastchess's and cutechess's `{+0.35/14 0.148s}`), and write it as
        /// `FEN | result | score` (White's view), the text `pack` reads.
        #[arg(long)]
        scores: bool,
        /// PGN files.
        #[arg(required = true)]
        games: Vec<PathBuf>,
    },
    /// Packs `FEN | result | score` text lines (`datagen --format text`) into the records
    /// `train-net` reads (`datagen --format bin`'s).
    Pack {
        /// The record file to write.
        out: PathBuf,
        /// Text position files, with scores.
        #[arg(required = true)]
        positions: Vec<PathBuf>,
    },
    /// Gradient descent on the linearised evaluation; prints the tuned `DEFAULT`.
    Tune {
        /// `FEN | result` lines.
        positions: PathBuf,
        /// Passes of full-batch gradient descent.
        #[arg(long, default_value_t = 300)]
        epochs: usize,
        /// Adam's step size in centipawns (falls linearly to a tenth over the run).
        #[arg(long, default_value_t = 1.0)]
        lr: f64,
        /// Share of positions held out to measure over-fitting.
        #[arg(long, default_value_t = 0.1)]
        holdout: f64,
        /// Linearise again around the current weights every this many epochs.
        #[arg(long)]
        relinearise: Option<usize>,
        /// Also fit the King attack weights (quadratic in the evaluation).
        #[arg(long)]
        king_attack: bool,
        /// Keep the weights of the epoch with the lowest held-out error.
        #[arg(long)]
        keep_best: bool,
        /// Share of the game result in the training target; the rest is the recorded
        /// search score (datagen files carry one). 1 uses results only.
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
        /// Weight of a smoothness penalty on the mobility tables (squared second
        /// differences of neighbouring entries, in centipawns²); 0 leaves them free.
        #[arg(long, default_value_t = 0.0)]
        smooth: f64,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Rewrite the `DEFAULT` block of this `params.rs` with the tuned weights.
        #[arg(long)]
        write: Option<PathBuf>,
    },
    /// The old local search: every weight up or down by one while the error falls.
    TuneLocal {
        /// `FEN | result` lines.
        positions: PathBuf,
        /// Passes over all weights.
        #[arg(long, default_value_t = 10)]
        iterations: usize,
    },
    /// Trains the learned evaluation (NNUE) on `datagen --format bin` records and writes
    /// the quantised network file.
    TrainNet {
        /// Record files (concatenated in this order; the last share is held out).
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// Hidden width, a multiple of 16 (default 64, or `--init`'s).
        #[arg(long)]
        hidden: Option<usize>,
        /// The hidden layer's activation: the clipped `ReLU` or its square (default the
        /// clipped `ReLU`, or `--init`'s).
        #[arg(long, value_enum)]
        activation: Option<ActivationArg>,
        /// Output buckets: sets of output weights chosen by the number of men on the board
        /// (default 1, or `--init`'s).
        #[arg(long)]
        output_buckets: Option<usize>,
        /// Start from this network file's weights instead of random ones (fine-tuning a
        /// previous round's network on new records).
        #[arg(long)]
        init: Option<PathBuf>,
        /// Passes over the training positions.
        #[arg(long, default_value_t = 20)]
        epochs: usize,
        /// Positions per Adam step.
        #[arg(long, default_value_t = 16384)]
        batch: usize,
        /// Adam's step size at the first epoch (falls linearly towards `--lr-end` of it).
        #[arg(long, default_value_t = 0.001)]
        lr: f64,
        /// The share of `--lr` the step size falls towards over the run (0 to 1).
        #[arg(long, default_value_t = 0.1)]
        lr_end: f64,
        /// Share of the game result in the target; the rest is the search score.
        #[arg(long, default_value_t = 0.3)]
        lambda: f64,
        /// Share of positions held out (the last ones).
        #[arg(long, default_value_t = 0.05)]
        holdout: f64,
        /// Centipawns per unit of the logistic's argument in the training loss: smaller
        /// weighs balanced positions more against won ones. The float network's errors are
        /// reported at this scale; the quantised network's and the hand-crafted
        /// evaluation's at 400 whatever it is, so that runs compare.
        #[arg(long, default_value_t = nnue::data::CP_SCALE)]
        cp_scale: f64,
        /// Seed of the initial weights and the shuffles.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also train on every training position turned left for right (files a to h).
        #[arg(long)]
        mirror: bool,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// The network file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// The error of network files (and of the hand-crafted evaluation) on records: the last
    /// share of them, as `train-net` holds out, or all with `--holdout 1`.
    EvalNet {
        /// Network files to compare.
        #[arg(long = "net", required = true)]
        nets: Vec<PathBuf>,
        /// Record files (concatenated in this order).
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// Share of the records measured (the last ones).
        #[arg(long, default_value_t = 0.05)]
        holdout: f64,
        /// Share of the game result in the target.
        #[arg(long, default_value_t = 0.2)]
        lambda: f64,
        /// Also print each scorer's errors in the bands of |search score| of `nnue::BANDS`
        /// (below 100, 100 to 300, 300 to 1000, 1000 and up): the error at lambda 0, the
        /// root mean square in centipawns, and how far the evaluation overshoots the search
        /// score away from zero.
        #[arg(long)]
        bands: bool,
    },
    /// Centres the square tables of the built-in `DEFAULT` (means into the material; no
    /// evaluation changes) and prints it.
    Center {
        /// Rewrite the `DEFAULT` block of this `params.rs` with the centred weights.
        #[arg(long)]
        write: Option<PathBuf>,
    },
}

/// The records of `paths`, concatenated in order; an error names the file.
fn read_records(paths: &[PathBuf]) -> Result<Vec<packed::PackedPosition>, String> {
    let mut records = Vec::new();
    for path in paths {
        let named = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let bytes = fs::read(path).map_err(|e| named(&e))?;
        records.extend(packed::read_all(&bytes).map_err(|e| named(&e))?);
    }
    Ok(records)
}

/// The network file at `path`; an error names the file.
fn read_network(path: &Path) -> Result<engine::eval::nnue::Network, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    engine::eval::nnue::Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Prints `tuned` as Rust, and writes it into `write` if given.
fn emit(tuned: &Params, write: Option<&PathBuf>) -> Result<(), Box<dyn Error>> {
    print!("{}", layout::rust_default(tuned));
    if let Some(path) = write {
        let source = fs::read_to_string(path)?;
        let new = layout::replace_default(&source, tuned)
            .ok_or("no `pub const DEFAULT: Params = Params {` … `};` block in that file")?;
        fs::write(path, new)?;
        eprintln!("rewrote the DEFAULT block of {}", path.display());
    }
    Ok(())
}

/// A file's text; a failure names the file.
fn read_named(path: &std::path::Path) -> Result<String, Box<dyn Error>> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()).into())
}

fn main() -> Result<(), Box<dyn Error>> {
    match Cli::parse().command {
        Command::Datagen {
            out,
            games,
            nodes,
            threads,
            openings,
            seed,
            random_plies,
            hash,
            format,
            eval_net,
        } => {
            let mut book = Vec::new();
            for path in &openings {
                book.extend(datagen::read_openings(&fs::read_to_string(path)?)?);
            }
            let config = datagen::Config {
                games,
                nodes,
                threads: threads.unwrap_or_else(available_threads),
                seed,
                random_plies,
                hash_mb: hash,
                openings: book,
                format,
                eval_net,
            };
            eprintln!(
                "{games} games at {nodes} nodes per move on {} threads, {} openings",
                config.threads,
                config.openings.len()
            );
            let file = BufWriter::new(fs::File::create(&out)?);
            let summary = datagen::run(&config, file, true)?;
            eprintln!("{summary}; written to {}", out.display());
        }
        Command::Extract { out, scores, games } => {
            // Every input is read before the output is created: a mistyped command
            // (output and input swapped) must not empty an input.
            let mut lines = String::new();
            let mut total = 0;
            for path in &games {
                let text = read_named(path)?;
                for p in pgn::quiet_positions(&text) {
                    match (scores, p.score) {
                        (false, _) => writeln!(lines, "{} | {:.1}", p.fen, p.result)?,
                        (true, Some(score)) => {
                            writeln!(lines, "{} | {:.1} | {score}", p.fen, p.result)?;
                        }
                        (true, None) => continue,
                    }
                    total += 1;
                }
            }
            fs::write(&out, lines)?;
            eprintln!("{total} positions written to {}", out.display());
        }
        Command::Pack { out, positions } => {
            let rules = engine::Rules::new(engine::RuleSet::Fide);
            let mut bytes = Vec::new();
            for path in &positions {
                let text = read_named(path)?;
                for (n, line) in text.lines().enumerate() {
                    if line.trim().is_empty() {
                        continue;
                    }
                    let record = packed::from_text_line(line, rules)
                        .map_err(|e| format!("{} line {}: {e}: {line}", path.display(), n + 1))?;
                    bytes.extend_from_slice(&record.to_bytes());
                }
            }
            fs::write(&out, &bytes)?;
            eprintln!(
                "{} records written to {}",
                bytes.len() / packed::RECORD_BYTES,
                out.display()
            );
        }
        Command::Tune {
            positions,
            epochs,
            lr,
            holdout,
            relinearise,
            king_attack,
            keep_best,
            lambda,
            smooth,
            threads,
            write,
        } => {
            if let Some(t) = threads {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build_global()?;
            }
            let data = texel::load(&fs::read_to_string(&positions)?)?;
            let settings = gradient::Settings {
                epochs,
                lr,
                holdout,
                relinearise,
                king_attack,
                keep_best,
                lambda,
                smooth,
            };
            let mut tuned = gradient::tune(data, &DEFAULT, &settings);
            center::center_square_tables(&mut tuned);
            emit(&tuned, write.as_ref())?;
        }
        Command::TuneLocal {
            positions,
            iterations,
        } => {
            let data = texel::load(&fs::read_to_string(&positions)?)?;
            eprintln!("{} positions", data.len());
            let mut tuned = texel::tune(&data, &DEFAULT, iterations);
            center::center_square_tables(&mut tuned);
            emit(&tuned, None)?;
        }
        Command::TrainNet {
            data,
            hidden,
            activation,
            output_buckets,
            epochs,
            batch,
            lr,
            lr_end,
            lambda,
            holdout,
            cp_scale,
            seed,
            mirror,
            threads,
            init,
            out,
        } => {
            if !(0.0..=1.0).contains(&lr_end) {
                return Err(format!("--lr-end must be 0 to 1, not {lr_end}").into());
            }
            if !(cp_scale.is_finite() && cp_scale >= 1.0) {
                return Err(format!(
                    "--cp-scale must be a number of centipawns, 1 or more, not {cp_scale}"
                )
                .into());
            }
            let activation = activation.map(|a| match a {
                ActivationArg::Crelu => engine::eval::nnue::Activation::ClippedRelu,
                ActivationArg::Screlu => engine::eval::nnue::Activation::SquaredClippedRelu,
            });
            let init = match &init {
                Some(path) => {
                    let net = read_network(path).map_err(|e| format!("--init {e}"))?;
                    let float = nnue::float_net::FloatNet::from_network(&net)
                        .map_err(|e| format!("--init {}: {e}", path.display()))?;
                    if hidden.is_some_and(|h| h != float.hidden)
                        || activation.is_some_and(|a| a != float.activation)
                        || output_buckets.is_some_and(|b| b != float.buckets)
                    {
                        return Err(format!(
                            "--init {} is a network of width {} with {:?} and {} output \
                             buckets: leave out --hidden, --activation and --output-buckets \
                             or give the file's",
                            path.display(),
                            float.hidden,
                            float.activation,
                            float.buckets
                        )
                        .into());
                    }
                    Some(float)
                }
                None => None,
            };
            let hidden = init.as_ref().map_or(hidden.unwrap_or(64), |f| f.hidden);
            let activation = init.as_ref().map_or(
                activation.unwrap_or(engine::eval::nnue::Activation::ClippedRelu),
                |f| f.activation,
            );
            let buckets = init
                .as_ref()
                .map_or(output_buckets.unwrap_or(1), |f| f.buckets);
            if buckets == 0 || buckets > engine::eval::nnue::MAX_BUCKETS {
                return Err(format!(
                    "--output-buckets must be 1 to {}",
                    engine::eval::nnue::MAX_BUCKETS
                )
                .into());
            }
            if hidden == 0 || hidden % 16 != 0 || hidden > engine::eval::nnue::MAX_HIDDEN {
                return Err(format!(
                    "--hidden must be a multiple of 16 up to {}",
                    engine::eval::nnue::MAX_HIDDEN
                )
                .into());
            }
            if let Some(t) = threads {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build_global()?;
            }
            let records = read_records(&data)?;
            let settings = nnue::Settings {
                hidden,
                activation,
                buckets,
                epochs,
                batch,
                lr,
                lr_end,
                lambda,
                cp_scale,
                holdout,
                seed,
                mirror,
                init,
            };
            let (net, report) = nnue::train(&records, &settings);
            fs::write(&out, net.to_bytes())?;
            eprintln!(
                "at {cp_scale} cp (the loss): held-out error {:.6} (float network), train {:.6}; \
                 at {} cp: held-out error {:.6} (quantised network), hand-crafted {:.6}; \
                 {} bytes written to {}",
                report.held_out,
                report.train,
                nnue::data::CP_SCALE,
                report.held_out_quantised,
                report.held_out_hand_crafted,
                net.to_bytes().len(),
                out.display()
            );
            for (l, net, hand) in &report.by_lambda {
                eprintln!(
                    "held-out error against lambda {l} at {} cp: quantised network {net:.6}, \
                     hand-crafted {hand:.6}",
                    nnue::data::CP_SCALE
                );
            }
        }
        Command::EvalNet {
            nets,
            data,
            holdout,
            lambda,
            bands,
        } => {
            let records = read_records(&data)?;
            let from = nnue::held_out_from(records.len(), holdout);
            let measured = &records[from..];
            eprintln!(
                "{} records measured (from record {from}); errors at {} cp per unit",
                measured.len(),
                nnue::data::CP_SCALE
            );
            let mut lambdas = vec![lambda];
            lambdas.extend(
                [0.0, 1.0]
                    .into_iter()
                    .filter(|l| (l - lambda).abs() > 1e-12),
            );
            let mut scorers: Vec<(String, Option<engine::eval::nnue::Network>)> =
                vec![("hand-crafted".into(), None)];
            for path in &nets {
                scorers.push((path.display().to_string(), Some(read_network(path)?)));
            }
            for (name, net) in &scorers {
                let errors: Vec<String> = lambdas
                    .iter()
                    .map(|&l| {
                        let e = match net {
                            Some(net) => nnue::engine_error(measured, l, |p| net.evaluate(p)),
                            None => nnue::engine_error(measured, l, engine::eval::evaluate),
                        };
                        format!("lambda {l}: {e:.6}")
                    })
                    .collect();
                println!("{name}: {}", errors.join(", "));
                if bands {
                    let banded = match net {
                        Some(net) => nnue::banded_errors(measured, |p| net.evaluate(p)),
                        None => nnue::banded_errors(measured, engine::eval::evaluate),
                    };
                    for b in banded {
                        let upper = b.bounds.1.map_or_else(|| "up)".into(), |u| format!("{u})"));
                        println!(
                            "  |score| [{}, {upper}: {} records, lambda 0: {:.6}, rms {:.1} cp, \
                             overshoot {:+.1} cp",
                            b.bounds.0, b.count, b.error, b.rms_cp, b.overshoot_cp
                        );
                    }
                }
            }
        }
        Command::Center { write } => {
            let mut centred = DEFAULT.clone();
            center::center_square_tables(&mut centred);
            emit(&centred, write.as_ref())?;
        }
    }
    Ok(())
}
