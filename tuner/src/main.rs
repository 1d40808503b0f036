//! `tuner`: fits Morphy's evaluation weights to game results, Texel style.
//!
//! ```text
//! tuner extract positions.txt games1.pgn games2.pgn ...   # quiet positions + results
//! tuner tune positions.txt [iterations] > tuned.txt      # local search on the weights
//! ```
//!
//! `extract` replays PGN games (SAN moves, as fastchess and cutechess write them) and
//! keeps positions that are not in check and where the move played was quiet, labelled
//! with the game's result. `tune` finds the logistic scale K that best fits the current
//! weights, then moves each weight by ±1 while the mean squared error between result and
//! predicted score falls, and prints the weights as a Rust `Params` value to paste into
//! `engine/src/eval/params.rs`.

mod pgn;
mod texel;

use std::error::Error;
use std::fs;
use std::io::Write;

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("extract") if args.len() >= 3 => {
            let mut out = fs::File::create(&args[1])?;
            let mut total = 0;
            for path in &args[2..] {
                let text = fs::read_to_string(path)?;
                for (fen, result) in pgn::quiet_positions(&text) {
                    writeln!(out, "{fen} | {result}")?;
                    total += 1;
                }
            }
            eprintln!("{total} positions written to {}", args[1]);
        }
        Some("tune") if args.len() >= 2 => {
            let iterations = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
            let data = texel::load(&fs::read_to_string(&args[1])?)?;
            eprintln!("{} positions", data.len());
            let tuned = texel::tune(&data, &engine::eval::DEFAULT, iterations);
            println!("{tuned:?}");
        }
        _ => {
            eprintln!(
                "usage: tuner extract OUT.txt GAMES.pgn... | tuner tune POSITIONS.txt [ITERATIONS]"
            );
            std::process::exit(2);
        }
    }
    Ok(())
}
