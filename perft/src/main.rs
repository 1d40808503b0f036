//! The `perft` command: leaf counts, divide, threads, a hash table, EPD suites, and the
//! interface of the `perftree` debugging tool.

// Only the engine may have `unsafe` (see the workspace's `unsafe_code`); never here.
#![forbid(unsafe_code)]

use std::io::{BufReader, BufWriter, ErrorKind, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use engine::attacks::{select_slider_attacks, SliderAttacks, SliderChoice};
use engine::{Move, Odds, Position, RuleSet, Rules};
use perft::job::{JobError, JobRunner};
use perft::jobline::SplitHeader;
use perft::merge::{JobBook, Tally};
use perft::shard::ShardSpec;
use perft::suite::{build_position, parse_suite, root_position};
use perft::PerftHash;

#[derive(Parser)]
#[command(
    name = "perft",
    version,
    about = "Counts the leaf nodes of the legal move tree (bulk counting at the last ply)",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    run: RunArgs,
    /// Slider attack lookup: auto (BMI2 pext where the CPU runs it fast, else magic),
    /// magic or pext (refused without BMI2). Both count the same; this is for measuring.
    #[arg(
        long,
        global = true,
        env = "MORPHY_SLIDER_ATTACKS",
        default_value = "auto"
    )]
    slider_attacks: SliderChoice,
}

/// The root of a count: a FEN or an odds start, and the rules.
#[derive(clap::Args)]
struct RootArgs {
    /// The position (FEN); default: the start position of the odds (standard start without odds).
    #[arg(long)]
    fen: Option<String>,
    /// Rule set: american-1897, british-1894, staunton-1910 or fide.
    #[arg(long, default_value = "american-1897")]
    rules: String,
    /// Odds start (none, pawn, pawn-and-move, …); with --fen, the FEN must be that start.
    #[arg(long, default_value = "none")]
    odds: String,
    /// Read castling letters as Chess960 (X-FEN / Shredder-FEN).
    #[arg(long)]
    chess960: bool,
}

impl RootArgs {
    fn rule_set(&self) -> Result<RuleSet, String> {
        self.rules.parse().map_err(|e| format!("{e}"))
    }

    fn odds(&self) -> Result<Odds, String> {
        self.odds.parse().map_err(|e| format!("{e}"))
    }

    fn position(&self) -> Result<Position, String> {
        let rules = Rules::new(self.rule_set()?).with_chess960(self.chess960);
        root_position(self.fen.as_deref(), rules, self.odds()?).map_err(|e| e.to_string())
    }
}

#[derive(clap::Args)]
struct RunArgs {
    #[command(flatten)]
    root: RootArgs,
    /// How many plies to count.
    #[arg(long, short)]
    depth: Option<u32>,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Worker threads (rayon); 1 counts on the calling thread.
    #[arg(long, short, default_value_t = 1)]
    threads: usize,
    /// Perft hash table size in MiB (0: none).
    #[arg(long, default_value_t = 0)]
    hash: usize,
}

#[derive(Subcommand)]
enum Command {
    /// Checks every position of an EPD suite against its counts.
    Suite {
        /// The suite file (lines `FEN ;D1 n ;D2 n …`).
        file: String,
        /// Skip depths above this.
        #[arg(long)]
        max_depth: Option<u32>,
        /// Skip expected counts above this.
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Worker threads.
        #[arg(long, short, default_value_t = 1)]
        threads: usize,
        /// Perft hash table size in MiB (0: none).
        #[arg(long, default_value_t = 0)]
        hash: usize,
    },
    /// Cuts a perft into independent jobs, one a line: `ID FEN ;mult M ;depth L ;rules R`.
    Split {
        #[command(flatten)]
        root: RootArgs,
        /// How many plies the whole count has.
        #[arg(long, short)]
        depth: u32,
        /// How many plies down the jobs stand (moved to the end of a first turn of
        /// several moves that it falls inside, Am. IV 4).
        #[arg(long, short = 'k')]
        split_depth: u32,
        /// Write the jobs to this file instead of standard output.
        #[arg(long)]
        out: Option<String>,
    },
    /// Runs job lines (from FILE, or standard input) and prints `ID COUNT` for each,
    /// a line at a time.
    Job {
        /// The job file; default: standard input.
        file: Option<String>,
        /// Run only slice I of N (0-based: the job lines whose place k, counting from 0,
        /// has k mod N = I). `/N` takes I from `SLURM_ARRAY_TASK_ID` or `JOB_COMPLETION_INDEX`.
        #[arg(long, value_name = "I/N")]
        shard: Option<ShardSpec>,
        /// Worker threads per job (rayon); 1 counts on the calling thread.
        #[arg(long, short, default_value_t = 1)]
        threads: usize,
        /// Perft hash table size in MiB (0: none), shared by the jobs of this run.
        #[arg(long, default_value_t = 0)]
        hash: usize,
    },
    /// Checks that every job is counted once and prints the total (`Nodes: N`); exits 1
    /// naming the jobs missing.
    Merge {
        /// The job file `perft split` wrote.
        jobs: String,
        /// The files of `ID COUNT` lines `perft job` wrote.
        results: Vec<String>,
        /// Print the job lines of the missing jobs instead of the total (to rerun them).
        #[arg(long)]
        missing: bool,
    },
    /// The interface `perftree` expects: `perft-tree DEPTH FEN [MOVES]`.
    #[command(name = "perft-tree")]
    PerftTree {
        /// Depth.
        depth: u32,
        /// The position.
        fen: String,
        /// Space-separated UCI moves to play first.
        moves: Option<String>,
    },
}

/// How a command stopped short.
enum Failure {
    /// Bad input, or a read or write that failed: one line on standard error, exit 2.
    Usage(String),
    /// Standard output was closed by its reader (`perft --depth 7 | head -1`): stop quietly.
    Closed,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Usage(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Usage(message.to_string())
    }
}

impl Failure {
    /// A failed write: `Closed` when the reader has gone (a broken pipe).
    fn written(e: &std::io::Error) -> Failure {
        if e.kind() == ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Usage(format!("cannot write: {e}"))
        }
    }
}

/// `writeln!` to standard output, turning a write error into a [`Failure`] (`println!`
/// would panic on a closed pipe).
macro_rules! say {
    ($out:expr) => {
        writeln!($out).map_err(|e| Failure::written(&e))?
    };
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err(|e| Failure::written(&e))?
    };
}

fn run_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> Result<T, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    Ok(pool.install(f))
}

fn count(
    pos: &Position,
    depth: u32,
    threads: usize,
    hash: Option<&PerftHash>,
) -> Result<u64, String> {
    if threads <= 1 {
        Ok(perft::perft_with(pos, depth, hash))
    } else {
        run_pool(threads, || perft::perft_parallel(pos, depth, hash))
    }
}

fn divide(
    pos: &Position,
    depth: u32,
    threads: usize,
    hash: Option<&PerftHash>,
) -> Result<Vec<(Move, u64)>, String> {
    if threads <= 1 && hash.is_none() {
        Ok(perft::divide(pos, depth))
    } else {
        run_pool(threads, || perft::divide_parallel(pos, depth, hash))
    }
}

fn run(args: &RunArgs, sliders: SliderAttacks) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let depth = args
        .depth
        .ok_or("--depth N is required (a number of plies, e.g. --depth 5)")?;
    let pos = args.root.position()?;
    // Timed from here: sizing the table (a small count first) and its pages are the run's.
    let start = Instant::now();
    let hash = (args.hash > 0).then(|| perft::table_for(args.hash, &pos, depth));
    let total = if args.divide {
        let lines = divide(&pos, depth, args.threads, hash.as_ref())?;
        for (mv, n) in &lines {
            say!(out, "{}: {n}", pos.uci_move(*mv));
        }
        say!(out);
        lines.iter().map(|(_, n)| n).sum()
    } else {
        count(&pos, depth, args.threads, hash.as_ref())?
    };
    let secs = start.elapsed().as_secs_f64();
    say!(out, "Nodes: {total}");
    say!(out, "Time: {secs:.3} s");
    say!(
        out,
        "NPS: {:.0} (bulk counting at the last ply; {} thread(s); hash {}; {sliders} slider attacks)",
        total as f64 / secs.max(1e-9),
        args.threads.max(1),
        hash.as_ref().map_or_else(|| "0 MiB".to_string(), |h| table_size(h, args.hash))
    );
    Ok(())
}

/// The table's size, and why it is not the size asked for when it is not.
fn table_size(table: &PerftHash, asked: usize) -> String {
    let kib = table.bytes() / 1024;
    let whole = PerftHash::slots_for(asked);
    if table.slots() < whole {
        format!("{kib} KiB of the {asked} MiB asked: enough for this count")
    } else if kib / 1024 != asked {
        format!(
            "{} MiB ({asked} MiB asked, rounded down to a power of two)",
            kib / 1024
        )
    } else {
        format!("{asked} MiB")
    }
}

fn suite(
    file: &str,
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    threads: usize,
    hash_mb: usize,
    sliders: SliderAttacks,
) -> Result<bool, Failure> {
    let mut out = std::io::stdout().lock();
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let entries = parse_suite(&text).map_err(|e| format!("{file}: {e}"))?;
    let hash = (hash_mb > 0).then(|| PerftHash::new(hash_mb));
    let (mut passed, mut failed, mut nodes) = (0usize, 0usize, 0u64);
    let start = Instant::now();
    for entry in &entries {
        let pos = match entry.position() {
            Ok(p) => p,
            Err(e) => {
                say!(out, "line {}: FAIL {}: {e}", entry.line, entry.fen);
                failed += 1;
                continue;
            }
        };
        let mut results = Vec::new();
        let mut ok = true;
        for &(depth, expected) in &entry.depths {
            if max_depth.is_some_and(|m| depth > m) || max_nodes.is_some_and(|m| expected > m) {
                continue;
            }
            let got = count(&pos, depth, threads, hash.as_ref())?;
            nodes += got;
            if got == expected {
                results.push(format!("D{depth} {got}"));
            } else {
                ok = false;
                results.push(format!("D{depth} {got} (expected {expected})"));
            }
        }
        let label = entry
            .id
            .as_deref()
            .map(|id| format!(" [{id}]"))
            .unwrap_or_default();
        say!(
            out,
            "line {}{label}: {} {} ;{}",
            entry.line,
            if ok { "ok" } else { "FAIL" },
            entry.fen,
            results.join(" ;")
        );
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    say!(
        out,
        "{passed} passed, {failed} failed ({nodes} nodes in {secs:.2} s, {:.1} Mnps; {sliders} slider attacks)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(failed == 0)
}

fn perft_tree(depth: u32, fen: &str, moves: Option<&str>) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let rules = Rules::new(RuleSet::Fide);
    let chess960 = fen
        .split_whitespace()
        .nth(2)
        .is_some_and(|c| c != "-" && c.chars().any(|ch| !"KQkq".contains(ch)));
    let rules = if chess960 {
        rules.with_chess960(true)
    } else {
        Rules::new(RuleSet::American1897)
    };
    let mut pos = build_position(fen, rules, Odds::None).map_err(|e| e.to_string())?;
    for text in moves.unwrap_or("").split_whitespace() {
        let mv = pos.parse_uci_move(text).map_err(|e| e.to_string())?;
        pos.play(mv);
    }
    let lines = perft::divide(&pos, depth);
    for (mv, n) in &lines {
        say!(out, "{} {n}", pos.uci_move(*mv));
    }
    say!(out);
    say!(out, "{}", lines.iter().map(|(_, n)| n).sum::<u64>());
    Ok(())
}

fn split(root: &RootArgs, depth: u32, split_depth: u32, out: Option<&str>) -> Result<(), Failure> {
    let pos = root.position()?;
    let start = Instant::now();
    let split = perft::split::split(&pos, depth, split_depth).map_err(|e| e.to_string())?;
    let header = SplitHeader {
        root: pos.fen(),
        rule_set: root.rule_set()?,
        odds: root.odds()?,
        chess960: root.chess960,
        depth,
        split_depth,
        cut: split.cut,
        jobs: split.jobs.len(),
        paths: split.paths,
    };
    let mut sink: Box<dyn Write> = match out {
        Some(file) => Box::new(BufWriter::new(
            std::fs::File::create(file).map_err(|e| format!("cannot write {file}: {e}"))?,
        )),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    let written: std::io::Result<()> = (|| {
        writeln!(sink, "{header}")?;
        for job in &split.jobs {
            writeln!(sink, "{job}")?;
        }
        sink.flush()
    })();
    written.map_err(|e| match Failure::written(&e) {
        Failure::Usage(_) => Failure::Usage(format!("cannot write the jobs: {e}")),
        Failure::Closed => Failure::Closed,
    })?;
    eprintln!(
        "{} jobs at ply {} for {} paths, {} plies left each ({:.3} s)",
        split.jobs.len(),
        split.cut,
        split.paths,
        depth - split.cut,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn job(
    file: Option<&str>,
    shard: Option<ShardSpec>,
    threads: usize,
    hash: usize,
) -> Result<(), Failure> {
    let shard = shard
        .map(|s| s.resolve(|name| std::env::var(name).ok()))
        .transpose()
        .map_err(|e| e.to_string())?;
    let mut runner = JobRunner::new(threads, hash).map_err(|e| e.to_string())?;
    let out = std::io::stdout().lock();
    let ran = match file {
        Some(name) => {
            let input =
                std::fs::File::open(name).map_err(|e| format!("cannot read {name}: {e}"))?;
            runner.run(BufReader::new(input), name, shard, out)
        }
        None => runner.run(std::io::stdin().lock(), "<stdin>", shard, out),
    };
    ran.map(|_| ()).map_err(|e| match e {
        JobError::Io(io) if io.kind() == ErrorKind::BrokenPipe => Failure::Closed,
        e => Failure::Usage(e.to_string()),
    })
}

fn merge(jobs: &str, results: &[String], missing: bool) -> Result<bool, Failure> {
    let mut out = std::io::stdout().lock();
    let read =
        |file: &str| std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"));
    let book = JobBook::read(&read(jobs)?, jobs).map_err(|e| e.to_string())?;
    let mut tally = Tally::default();
    for file in results {
        tally
            .add(&book, &read(file)?, file)
            .map_err(|e| e.to_string())?;
    }
    let merged = tally.merged(&book);
    if missing {
        for line in &merged.missing_lines {
            say!(out, "{line}");
        }
    }
    match merged.missing_message() {
        None => {
            if !missing {
                say!(out, "Nodes: {}", merged.total);
            }
            eprintln!("all {} jobs counted", book.len());
            Ok(true)
        }
        Some(message) => {
            eprintln!("{message}");
            eprintln!(
                "{} of {} jobs counted ({} nodes so far); `perft merge --missing {jobs} RESULTS… > rerun` writes their job lines",
                merged.counted,
                book.len(),
                merged.total
            );
            Ok(false)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let sliders = match select_slider_attacks(cli.slider_attacks) {
        Ok(method) => method,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match &cli.command {
        None => run(&cli.run, sliders).map(|()| true),
        Some(Command::Suite {
            file,
            max_depth,
            max_nodes,
            threads,
            hash,
        }) => suite(file, *max_depth, *max_nodes, *threads, *hash, sliders),
        Some(Command::Split {
            root,
            depth,
            split_depth,
            out,
        }) => split(root, *depth, *split_depth, out.as_deref()).map(|()| true),
        Some(Command::Job {
            file,
            shard,
            threads,
            hash,
        }) => job(file.as_deref(), *shard, *threads, *hash).map(|()| true),
        Some(Command::Merge {
            jobs,
            results,
            missing,
        }) => merge(jobs, results, *missing),
        Some(Command::PerftTree { depth, fen, moves }) => {
            perft_tree(*depth, fen, moves.as_deref()).map(|()| true)
        }
    };
    match result {
        Ok(true) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Failure::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
