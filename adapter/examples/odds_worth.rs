//! Measures what odds are worth: Morphy against Morphy from odds starts, in process, under
//! the Code (`morphy_adapter::ladder::duel`), one game at a time on one core. The giver
//! plays at each `--giver` level, the receiver at each `--receiver` level; every game's
//! line and each cell's count (from the receiver's side) are printed as tab-separated
//! lines, and docs/LADDER.md records the runs.
//!
//! ```sh
//! cargo run --release -p morphy-adapter --example odds_worth -- \
//!     --odds knight,rook --giver 1600 --receiver 1200,1400 --games 20 --seed 1
//! ```

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use engine::rng::Rng;
use engine::Odds;
use morphy_adapter::ladder::duel::{play, Pairing};

/// The match runner's arguments.
#[derive(Parser)]
#[command(about = "Morphy against Morphy from odds starts: what each odds is worth")]
struct Args {
    /// The odds, by the catalogue's names, comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    odds: Vec<String>,
    /// The giver's levels (Elo settings), comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    giver: Vec<u32>,
    /// The receiver's levels, comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    receiver: Vec<u32>,
    /// Games of each cell (odds, giver, receiver).
    #[arg(long)]
    games: u64,
    /// The seed of the games' choices (game `i` of a cell is seeded from it and `i`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut odds = Vec::new();
    for name in &args.odds {
        match name.parse::<Odds>() {
            Ok(o) => odds.push(o),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    println!("game\todds\tgiver\treceiver\tseed\tscore\tresult\tplies\treason");
    let mut cells = Vec::new();
    for &o in &odds {
        for &giver in &args.giver {
            for &receiver in &args.receiver {
                let pairing = Pairing {
                    odds: o,
                    giver,
                    receiver,
                };
                let clock = Instant::now();
                let mut count = [0u32; 3]; // receiver's wins, draws, losses
                for i in 0..args.games {
                    let seed = Rng::for_index(args.seed, i).next_u64();
                    let g = play(pairing, seed);
                    count[match g.score {
                        s if s > 0.75 => 0,
                        s if s > 0.25 => 1,
                        _ => 2,
                    }] += 1;
                    println!(
                        "game\t{o}\t{giver}\t{receiver}\t{seed}\t{}\t{}\t{}\t{}",
                        g.score, g.result, g.plies, g.reason
                    );
                }
                let secs = clock.elapsed().as_secs_f64();
                cells.push((pairing, count, secs));
                let [w, d, l] = count;
                println!("cell\t{o}\t{giver}\t{receiver}\t{w}-{d}-{l}\t{secs:.1}s");
            }
        }
    }
    println!("summary\todds\tgiver\treceiver\twins-draws-losses (receiver)\tscore\tseconds");
    for (p, [w, d, l], secs) in cells {
        let n = f64::from(w + d + l);
        let score = (f64::from(w) + 0.5 * f64::from(d)) / n;
        println!(
            "summary\t{}\t{}\t{}\t{w}-{d}-{l}\t{score:.3}\t{secs:.1}",
            p.odds, p.giver, p.receiver
        );
    }
    ExitCode::SUCCESS
}
