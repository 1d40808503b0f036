//! The `bench` signature: a fixed-depth search of a fixed set of positions from a fresh
//! searcher. The node total changes only when the search or evaluation changes, so it
//! identifies a version (docs/STRENGTH.md names each version's count, and a commit that
//! changes it names the new one); nodes per second measure speed.
//!
//! Every position is played under the American Code, without odds, unless its entry
//! names an odds start (`odds:<name>`), so the odds rules are exercised too.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::limits::Limits;
use super::report::NullReporter;
use super::Searcher;
use crate::game::Game;
use crate::position::Position;
use crate::rules::odds::Odds;
use crate::rules::Rules;
use crate::setup::Setup;

/// The node count of `bench 9` (`run(9)`, the learned evaluation built in): the signature
/// of the search and evaluation of this version. A change to either (the network file
/// included) changes it; the test beside this file then names the new count, to be
/// written here with the SPRT that justifies the change (docs/STRENGTH.md).
pub const SIGNATURE_DEPTH_9: u64 = 590_465;

/// The same count with the hand-crafted evaluation (`morphy bench 9 --hand-crafted`, UCI
/// `EvalNet false`), which the tuner and `EvalNet false` still use.
pub const SIGNATURE_DEPTH_9_HAND_CRAFTED: u64 = 554_008;

/// The bench positions: FENs, or odds starts by name (`odds:<name>`).
#[rustfmt::skip]
pub const POSITIONS: [&str; 34] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N1PN2/PP3PPP/R1BQKB1R b KQkq - 0 5",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/P1NBPN2/1PQ2PPP/2R2RK1 w - - 5 14",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPP3PP/R2Q1R1K w - - 0 14",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
    "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1",
    "8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",
    "odds:rook",
    "odds:knight",
    "odds:pawn-and-move",
    "odds:pawn-and-two-moves",
];

/// The total of a bench run.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct BenchResult {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// Positions searched.
    pub positions: usize,
}

/// The summary `bench` prints: positions, time, nodes (the signature), nodes/second.
impl std::fmt::Display for BenchResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.time.as_millis().max(1) as u64;
        writeln!(f, "Positions: {}", self.positions)?;
        writeln!(f, "Total time (ms): {ms}")?;
        writeln!(f, "Nodes searched: {}", self.nodes)?;
        write!(f, "Nodes/second: {}", self.nodes.saturating_mul(1000) / ms)
    }
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// The game of one bench entry (a FEN, or `odds:<name>`), `None` if it cannot be read.
pub fn entry_game(entry: &str) -> Option<Game> {
    let rules = Rules::default();
    let setup = match entry.strip_prefix("odds:") {
        Some(name) => name.parse::<Odds>().ok()?.setup(&rules),
        None => Setup::from_fen(entry, false).ok()?,
    };
    Position::from_setup(&setup, rules).ok().map(Game::new)
}

/// The games of every bench entry, in order.
pub fn games() -> Vec<Game> {
    POSITIONS
        .iter()
        .map(|entry| entry_game(entry).expect("every bench entry is a valid game"))
        .collect()
}

/// Searches every bench position to `depth` with one thread, a fresh 16 MiB table and
/// the default evaluation (the network).
pub fn run(depth: u32) -> BenchResult {
    run_evaluating(depth, true)
}

/// [`run`] with the learned network (`net`) or the hand-crafted evaluation.
pub fn run_evaluating(depth: u32, net: bool) -> BenchResult {
    let mut searcher = Searcher::new();
    searcher.set_eval_net(net);
    let stop = AtomicBool::new(false);
    run_with(depth, |game, limits| {
        searcher.clear();
        searcher
            .search(game, limits, &stop, &mut NullReporter)
            .nodes
    })
}

/// Runs `search` (which must start from empty tables and return the nodes it searched)
/// on every bench position to `depth` (at least 1), timing the whole.
pub fn run_with(depth: u32, mut search: impl FnMut(&Game, &Limits) -> u64) -> BenchResult {
    let limits = Limits {
        depth: Some(depth.max(1)),
        ..Limits::default()
    };
    let start = Instant::now();
    let games = games();
    let nodes = games.iter().map(|game| search(game, &limits)).sum();
    BenchResult {
        nodes,
        time: start.elapsed(),
        positions: games.len(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn bench_gives_the_same_count_twice_and_it_is_the_signature() {
        for (net, signature, name) in [
            (true, super::SIGNATURE_DEPTH_9, "SIGNATURE_DEPTH_9"),
            (
                false,
                super::SIGNATURE_DEPTH_9_HAND_CRAFTED,
                "SIGNATURE_DEPTH_9_HAND_CRAFTED",
            ),
        ] {
            let first = super::run_evaluating(9, net).nodes;
            let second = super::run_evaluating(9, net).nodes;
            assert_eq!(first, second, "bench 9 is not stable (network: {net})");
            assert_eq!(
                first, signature,
                "bench 9 searched {first} nodes (network: {net}): the search or evaluation \
                 changed; {name} must be updated with the SPRT that justifies it"
            );
        }
    }

    #[test]
    fn every_bench_entry_is_a_valid_game() {
        for entry in super::POSITIONS {
            assert!(super::entry_game(entry).is_some(), "{entry}");
        }
    }
}
