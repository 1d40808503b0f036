//! A strength the person chooses over UCI (`UCI_LimitStrength`, `UCI_Elo`, `Seed`) and
//! on the command line (`morphy play --elo`, `--seed`), against the real binary.

use crate::common;

use std::time::{Duration, Instant};

use common::{best_of, morphy, morphy_with, stdout, Engine};
use engine::search::Strength;

#[test]
fn the_strength_options_are_announced_with_their_ranges() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    for expected in [
        "option name UCI_LimitStrength type check default false".to_string(),
        "option name UCI_Elo type spin default 1500 min 1200 max 2600".to_string(),
        "option name Seed type spin default 0 min 0 max 2147483647".to_string(),
    ] {
        assert!(
            lines.contains(&expected),
            "{expected} missing from {lines:#?}"
        );
    }
}

/// The nodes of the last `info` line before `bestmove`, and the best move.
fn search(e: &mut Engine, go: &str) -> (u64, String) {
    e.send(go);
    let lines = e.until(|l| l.starts_with("bestmove"));
    let nodes = lines
        .iter()
        .rev()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            w.position(|x| x == "nodes")?;
            w.next()?.parse().ok()
        })
        .unwrap_or(0);
    let best = best_of(lines.last().unwrap()).expect("a move");
    (nodes, best)
}

#[test]
fn a_limited_strength_answers_go_depth_quickly_within_its_budget() {
    let mut e = Engine::start();
    for line in [
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1400",
        "position startpos moves e2e4 e7e5 g1f3",
    ] {
        e.send(line);
    }
    assert!(e.sync().is_empty());
    let start = Instant::now();
    let (nodes, _) = search(&mut e, "go depth 10");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let budget = Strength { elo: 1400, seed: 0 }.calibration().nodes;
    assert!(
        nodes <= budget + 1,
        "{nodes} nodes against a budget of {budget}"
    );
    // Unlimited again: the same depth searches far more.
    e.send("setoption name UCI_LimitStrength value false");
    let (full, _) = search(&mut e, "go depth 10");
    assert!(full > budget, "{full} nodes at full strength");
}

/// The moves a fresh engine plays, limited to `elo` with `seed`, in a few positions.
fn moves_with_seed(elo: u32, seed: u64) -> Vec<String> {
    let mut e = Engine::start();
    e.send("setoption name UCI_LimitStrength value true");
    e.send(&format!("setoption name UCI_Elo value {elo}"));
    e.send(&format!("setoption name Seed value {seed}"));
    let mut moves = Vec::new();
    let mut played = Vec::<String>::new();
    for _ in 0..12 {
        e.send(&format!("position startpos moves {}", played.join(" ")));
        let (_, best) = search(&mut e, "go wtime 60000 btime 60000");
        played.push(best.clone());
        moves.push(best);
    }
    moves
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let a = moves_with_seed(1300, 11);
    assert_eq!(a, moves_with_seed(1300, 11));
    let others: Vec<Vec<String>> = (12..16).map(|s| moves_with_seed(1300, s)).collect();
    assert!(
        others.iter().any(|o| *o != a),
        "the seed changes some choices: {a:?}"
    );
}

/// Runs `morphy play ARGS` with `input`; returns stdout.
fn play(args: &[&str], input: &str) -> String {
    let args: Vec<&str> = std::iter::once("play")
        .chain(args.iter().copied())
        .collect();
    let run = morphy_with(&args, input);
    let out = stdout(&run);
    assert!(run.status.success(), "{out}");
    out
}

#[test]
fn play_at_elo_1400_says_so_and_replays_with_its_seed() {
    let args = ["--elo", "1400", "--seed", "5", "--movetime", "5000"];
    let input = "e4\nNf3\nBc4\nd3\n";
    let out = play(&args, input);
    assert!(
        out.contains("Morphy plays at about 1400 Elo (seed 5: "),
        "{out}"
    );
    assert!(out.contains("Morphy plays 4... "), "{out}");
    // The game is kept under a new id each time; the rest is the same.
    let game = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.starts_with("This game is kept in "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        game(&out),
        game(&play(&args, input)),
        "the same seed, the same game"
    );
    let usage = morphy(&["play", "--seed", "5"]);
    assert_eq!(usage.status.code(), Some(2), "--seed needs --elo");
}
