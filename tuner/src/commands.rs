//! One function per subcommand of [`crate::cli::Command`], and what they share: reading
//! records, network files and named files, printing tuned weights.

use std::error::Error;
use std::fmt::Write as _;
use std::fs;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use engine::eval::{Params, DEFAULT};

use crate::cli::{
    ActivationArg, CenterArgs, DatagenArgs, EvalNetArgs, ExtractArgs, PackArgs, TrainNetArgs,
    TuneArgs, TuneLocalArgs,
};
use crate::{center, datagen, gradient, layout, nnue, packed, pgn, texel};

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

/// Sets the worker threads of the global pool, when given.
fn use_threads(threads: Option<usize>) -> Result<(), Box<dyn Error>> {
    if let Some(t) = threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()?;
    }
    Ok(())
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

/// `datagen`: self-play games, their quiet positions written to `out`.
pub fn datagen(args: DatagenArgs) -> Result<(), Box<dyn Error>> {
    let DatagenArgs {
        out,
        games,
        positions,
        nodes,
        threads,
        openings,
        seed,
        random_plies,
        hash,
        format,
        eval_net,
    } = args;
    let mut book = Vec::new();
    for path in &openings {
        book.extend(datagen::read_openings(&fs::read_to_string(path)?)?);
    }
    let config = datagen::Config {
        games,
        positions,
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

    Ok(())
}

/// `extract`: the quiet positions of PGN games, every input read before the output is
/// written.
pub fn extract(args: ExtractArgs) -> Result<(), Box<dyn Error>> {
    let ExtractArgs { out, scores, games } = args;
    // Every input is read before the output is created: a mistyped command
    // (output and input swapped) must not empty an input.
    let mut lines = String::new();
    let mut total = 0;
    for path in &games {
        let text = read_named(path)?;
        let positions =
            pgn::quiet_positions(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for p in positions {
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

    Ok(())
}

/// `pack`: text lines with scores into records.
pub fn pack(args: PackArgs) -> Result<(), Box<dyn Error>> {
    let PackArgs { out, positions } = args;
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

    Ok(())
}

/// `tune`: gradient descent on the linearised evaluation, the tuned weights printed (and
/// written into `--write`).
pub fn tune(args: TuneArgs) -> Result<(), Box<dyn Error>> {
    let TuneArgs {
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
    } = args;
    use_threads(threads)?;
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

    Ok(())
}

/// `tune-local`: the old ±1 local search, the tuned weights printed.
pub fn tune_local(args: TuneLocalArgs) -> Result<(), Box<dyn Error>> {
    let TuneLocalArgs {
        positions,
        iterations,
    } = args;
    let data = texel::load(&fs::read_to_string(&positions)?)?;
    eprintln!("{} positions", data.len());
    let mut tuned = texel::tune(&data, &DEFAULT, iterations);
    center::center_square_tables(&mut tuned);
    emit(&tuned, None)?;

    Ok(())
}

/// A network's shape, from `train-net`'s options or its `--init` file, and that file's
/// weights.
struct Shape {
    hidden: usize,
    activation: engine::eval::nnue::Activation,
    buckets: usize,
    init: Option<nnue::float_net::FloatNet>,
}

/// The shape `--hidden`, `--activation` and `--output-buckets` give, or `init`'s (which
/// they may only repeat, but for a wider `--hidden`, which grows `init`'s network with
/// new units drawn from `seed`), checked against the engine's limits.
fn shape(
    hidden: Option<usize>,
    activation: Option<ActivationArg>,
    output_buckets: Option<usize>,
    init: Option<&Path>,
    seed: u64,
) -> Result<Shape, Box<dyn Error>> {
    let activation = activation.map(|a| match a {
        ActivationArg::Crelu => engine::eval::nnue::Activation::ClippedRelu,
        ActivationArg::Screlu => engine::eval::nnue::Activation::SquaredClippedRelu,
    });
    let init = match init {
        Some(path) => {
            let net = read_network(path).map_err(|e| format!("--init {e}"))?;
            let mut float = nnue::float_net::FloatNet::from_network(&net)
                .map_err(|e| format!("--init {}: {e}", path.display()))?;
            // A wider --hidden grows the file's network by units that start silent.
            let grows = |h: usize| {
                h > float.hidden && h.is_multiple_of(16) && h <= engine::eval::nnue::MAX_HIDDEN
            };
            if let Some(h) = hidden.filter(|&h| grows(h)) {
                float = float.widened(h, seed);
            }
            if hidden.is_some_and(|h| h != float.hidden)
                || activation.is_some_and(|a| a != float.activation)
                || output_buckets.is_some_and(|b| b != float.buckets)
            {
                return Err(format!(
                    "--init {} is a network of width {} with {:?} and {} output \
                     buckets: leave out --hidden, --activation and --output-buckets \
                     or give the file's (--hidden may also be wider, a multiple of 16 \
                     up to {}: the network grows)",
                    path.display(),
                    float.hidden,
                    float.activation,
                    float.buckets,
                    engine::eval::nnue::MAX_HIDDEN
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
    Ok(Shape {
        hidden,
        activation,
        buckets,
        init,
    })
}

/// `train-net`: trains a network on records and writes its file.
pub fn train_net(args: TrainNetArgs) -> Result<(), Box<dyn Error>> {
    let TrainNetArgs {
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
    } = args;
    if !(0.0..=1.0).contains(&lr_end) {
        return Err(format!("--lr-end must be 0 to 1, not {lr_end}").into());
    }
    if !(cp_scale.is_finite() && cp_scale >= 1.0) {
        return Err(format!(
            "--cp-scale must be a number of centipawns, 1 or more, not {cp_scale}"
        )
        .into());
    }
    let Shape {
        hidden,
        activation,
        buckets,
        init,
    } = shape(hidden, activation, output_buckets, init.as_deref(), seed)?;
    use_threads(threads)?;
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

    Ok(())
}

/// `eval-net`: the errors of networks and of the hand-crafted evaluation on records.
pub fn eval_net(args: EvalNetArgs) -> Result<(), Box<dyn Error>> {
    let EvalNetArgs {
        nets,
        data,
        holdout,
        lambda,
        bands,
    } = args;
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

    Ok(())
}

/// `center`: the built-in weights with their square tables centred, printed (and written
/// into `--write`).
pub fn center(args: CenterArgs) -> Result<(), Box<dyn Error>> {
    let CenterArgs { write } = args;
    let mut centred = DEFAULT.clone();
    center::center_square_tables(&mut centred);
    emit(&centred, write.as_ref())?;

    Ok(())
}
