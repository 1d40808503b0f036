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

// Only the engine may have `unsafe` (see the workspace's `unsafe_code`); never here.
#![forbid(unsafe_code)]

mod center;
mod cli;
mod commands;
mod datagen;
mod gradient;
mod layout;
mod linear;
mod nnue;
mod packed;
mod pgn;
mod texel;

use std::error::Error;

use clap::Parser;

use cli::{Cli, Command};

fn main() -> Result<(), Box<dyn Error>> {
    match Cli::parse().command {
        Command::Datagen(args) => commands::datagen(args),
        Command::Extract(args) => commands::extract(args),
        Command::Pack(args) => commands::pack(args),
        Command::Tune(args) => commands::tune(args),
        Command::TuneLocal(args) => commands::tune_local(args),
        Command::TrainNet(args) => commands::train_net(args),
        Command::EvalNet(args) => commands::eval_net(args),
        Command::Center(args) => commands::center(args),
    }
}
