//! Measures what odds are worth: Morphy against Morphy from odds starts, in process, under
//! the Code (`morphy_adapter::ladder::duel`), one game at a time on one core; and fits the
//! worth of each odds to such games (`morphy_adapter::ladder::worth_fit`). docs/LADDER.md
//! records the runs.
//!
//! ```sh
//! # Every game's line and each cell's count, from the receiver's side (tab-separated):
//! cargo run --release -p morphy-adapter --example odds_worth -- play \
//!     --odds knight,rook --giver 1600 --receiver 1200,1400 --games 20 --seed 1 > runs.tsv
//! # The gaps of self-play and the worths, as the Markdown rows of docs/LADDER.md:
//! cargo run --release -p morphy-adapter --example odds_worth -- fit runs.tsv
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use engine::rng::Rng;
use engine::Odds;
use morphy_adapter::ladder::duel::{play, Pairing};
use morphy_adapter::ladder::fit::Fit;
use morphy_adapter::ladder::worth_fit::{worth_table, MeasuredGame, NoWorth, WorthFit};

/// The match runner's arguments.
#[derive(Parser)]
#[command(about = "Morphy against Morphy from odds starts: what each odds is worth")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays the games of every cell (odds, giver level, receiver level).
    Play(PlayArgs),
    /// Fits the worths to the `game` lines of `play`'s outputs.
    Fit {
        /// Files written by `play`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the body of `worth.rs`'s table instead of the Markdown rows.
        #[arg(long)]
        rust: bool,
    },
}

#[derive(clap::Args)]
struct PlayArgs {
    /// The odds, by the catalogue's names, comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    odds: Vec<String>,
    /// The giver's levels (Elo settings), comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    giver: Vec<u32>,
    /// The receiver's levels, comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    receiver: Vec<u32>,
    /// Games of each cell.
    #[arg(long)]
    games: u64,
    /// The seed of the games' choices (game `i` of a cell is seeded from it and `i`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let result = match Args::parse().command {
        Command::Play(args) => run(&args),
        Command::Fit { files, rust } => fit(&files, rust),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &PlayArgs) -> Result<(), String> {
    let odds = args
        .odds
        .iter()
        .map(|name| name.parse::<Odds>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    println!("game\todds\tgiver\treceiver\tseed\tscore\tresult\tplies\treason");
    for &o in &odds {
        for &giver in &args.giver {
            for &receiver in &args.receiver {
                let pairing = Pairing {
                    odds: o,
                    giver,
                    receiver,
                };
                let clock = Instant::now();
                let mut count = [0u32; 3]; // the receiver's wins, draws, losses
                for i in 0..args.games {
                    let seed = Rng::for_index(args.seed, i).next_u64();
                    let g = play(pairing, seed);
                    count[outcome(g.score)] += 1;
                    println!(
                        "game\t{o}\t{giver}\t{receiver}\t{seed}\t{}\t{}\t{}\t{}",
                        g.score, g.result, g.plies, g.reason
                    );
                }
                let [w, d, l] = count;
                let secs = clock.elapsed().as_secs_f64();
                println!("cell\t{o}\t{giver}\t{receiver}\t{w}-{d}-{l}\t{secs:.1}s");
            }
        }
    }
    Ok(())
}

/// 0 for a win, 1 for a draw, 2 for a loss.
fn outcome(score: f64) -> usize {
    if score > 0.75 {
        0
    } else if score > 0.25 {
        1
    } else {
        2
    }
}

/// Reads the `game` lines of `files`.
fn read(files: &[PathBuf]) -> Result<Vec<MeasuredGame>, String> {
    let mut games = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for (n, line) in text.lines().enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            if f.first() != Some(&"game") || f.get(1) == Some(&"odds") {
                continue;
            }
            let bad = || format!("{}:{}: not a game line: {line}", file.display(), n + 1);
            if f.len() < 6 {
                return Err(bad());
            }
            games.push(MeasuredGame {
                odds: f[1].parse().map_err(|_| bad())?,
                giver: f[2].parse().map_err(|_| bad())?,
                receiver: f[3].parse().map_err(|_| bad())?,
                score: f[5].parse().map_err(|_| bad())?,
            });
        }
    }
    Ok(games)
}

/// A fit as `value [low, high]`, or `≥ low` when it has no finite maximum.
fn shown(f: &Fit) -> String {
    match f.unbounded {
        Some(true) => format!("≥ {:.0} (all won)", f.low),
        Some(false) => format!("≤ {:.0} (all lost)", f.high),
        None => format!("{:.0} [{:.0}, {:.0}]", f.value, f.low, f.high),
    }
}

/// The cells' counts of the games matching `keep`, `R: W-D-L` by receiver level.
fn cells(games: &[MeasuredGame], keep: impl Fn(&MeasuredGame) -> bool) -> String {
    let mut by: BTreeMap<u32, [u32; 3]> = BTreeMap::new();
    for g in games.iter().filter(|g| keep(g)) {
        by.entry(g.receiver).or_default()[outcome(g.score)] += 1;
    }
    by.iter()
        .map(|(r, [w, d, l])| format!("{r}: {w}-{d}-{l}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn fit(files: &[PathBuf], rust: bool) -> Result<(), String> {
    let games = read(files)?;
    let (gaps, worths, missing) = worth_table(&games);
    for (odds, level, why) in &missing {
        let why = match why {
            NoWorth::NoGap { receiver } => {
                format!("no game without odds between {level} and {receiver} measures their gap")
            }
            NoWorth::UnboundedGap { receiver } => {
                format!("the gap between {level} and {receiver} has no finite figure (one side won every game)")
            }
        };
        eprintln!("W-{odds}-{level}: not fitted: {why}");
    }
    if rust {
        table(&worths);
        return Ok(());
    }
    println!("| row | levels | games | lower level: W-D-L | gap, Elo of self-play (95%) |");
    println!("|---|---|---|---|---|");
    for d in &gaps {
        let counts = cells(&games, |g| {
            g.odds == Odds::None && g.giver == d.giver && g.receiver == d.receiver
        });
        let figure = match d.fit.unbounded {
            Some(true) => format!("≥ {:.0} (all won by {})", d.fit.low, d.giver),
            Some(false) => format!("≤ {:.0} (all won by {})", d.fit.high, d.receiver),
            None => format!("{:.0} [{:.0}, {:.0}]", d.fit.value, d.fit.low, d.fit.high),
        };
        println!(
            "| D-{}-{} | {} against {} | {} | {counts} | {figure} |",
            d.giver, d.receiver, d.giver, d.receiver, d.games
        );
    }
    println!();
    println!(
        "| row | odds | giver level | games | receiver: W-D-L (receiver) | worth, Elo (95%) | worth at the ends of the gap |"
    );
    println!("|---|---|---|---|---|---|---|");
    for w in &worths {
        let counts = cells(&games, |g| g.odds == w.odds && g.giver == w.level);
        let ends = w
            .gap_range
            .map_or("—".to_string(), |(a, b)| format!("{a:.0}, {b:.0}"));
        println!(
            "| W-{}-{} | {} | {} | {} | {counts} | {} | {ends} |",
            w.odds,
            w.level,
            w.odds,
            w.level,
            w.games,
            shown(&w.fit)
        );
    }
    Ok(())
}

/// The body of `worth.rs`'s table: each odds' figures by rising level. A figure with no
/// finite maximum (every game won) is its interval's lower end, or the figure of the
/// level below when that is higher: the worth is not taken to fall as the level rises.
fn table(worths: &[WorthFit]) {
    for &odds in Odds::ALL.iter().filter(|&&o| o != Odds::None) {
        let variant = format!("{odds:?}");
        println!("    (\n        Odds::{variant},\n        &[");
        let mut below: Option<f64> = None;
        for w in worths.iter().filter(|w| w.odds == odds) {
            let (figure, note) = match w.fit.unbounded {
                None => (w.fit.value, String::new()),
                Some(_) => match below {
                    Some(b) if b > w.fit.low => (b, " (all won: held from below)".to_string()),
                    _ => (w.fit.low, " (all won: lower bound)".to_string()),
                },
            };
            below = Some(figure);
            println!(
                "            ({}, {figure:.1}), // docs/LADDER.md W-{odds}-{}{note}",
                w.level, w.level
            );
        }
        println!("        ],\n    ),");
    }
}
