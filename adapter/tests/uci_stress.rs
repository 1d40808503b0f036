//! A stable-Rust stand-in for the cargo-fuzz targets: random and mutated lines through the
//! UCI parser, the validator and the whole UCI server, from a fixed seed. No input may panic
//! or hang. `MORPHY_STRESS_SECS=<n>` runs each loop for `n` seconds instead of a fixed
//! count (the count keeps `cargo test` quick).

use std::io::Cursor;
use std::time::{Duration, Instant};

use engine::rng::Rng;
use engine::search::Searcher;
use engine::{Odds, RuleSet};
use morphy_adapter::uci::command::{parse, UciCommand};
use morphy_adapter::uci::options::Options;
use morphy_adapter::uci::UciServer;
use morphy_adapter::validate::{check, Request, Start, Validation};

/// One of `items`, drawn by `rng`.
fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

const SEEDS: [&str; 24] = [
    "uci",
    "isready",
    "ucinewgame",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1 moves e2e4",
    "position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 moves e1c1",
    "position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1h1",
    "position startpos moves e2e4 0000 d2d4",
    "go depth 2",
    "go nodes 200",
    "go movetime 5",
    "go wtime 50 btime 50 winc 0 binc 0 movestogo 1",
    "go infinite",
    "go ponder",
    "go mate 2 searchmoves e2e4 d2d4",
    "stop",
    "ponderhit",
    "d",
    "setoption name Odds value pawn-and-two-moves",
    "setoption name Rules value british-1894",
    "setoption name UCI_Chess960 value true",
    "setoption name Validation value off",
    "setoption name Hash value 2",
    "debug on",
];

const WORDS: [&str; 20] = [
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "-1",
    "0",
    "99999999999999999999",
    "e2e4",
    "e7e8Q",
    "0000",
    "a1a1",
    "setoption",
    "name",
    "value",
    "KQkq",
    "w",
    "8/8/8",
    "\u{e9}",
];

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut bytes = line.as_bytes().to_vec();
    match rng.below(5) {
        0 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            bytes[i] = rng.next_u64() as u8;
        }
        1 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            bytes.truncate(i);
        }
        2 => {
            let w = pick(rng, &WORDS);
            bytes.push(b' ');
            bytes.extend_from_slice(w.as_bytes());
        }
        3 => {
            let n = rng.below(8);
            let words: Vec<&str> = (0..n).map(|_| pick(rng, &WORDS)).collect();
            return words.join(" ");
        }
        _ => {}
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Runs `body` `count` times, or for `MORPHY_STRESS_SECS` seconds.
fn repeat(count: usize, mut body: impl FnMut()) -> usize {
    let secs: Option<u64> = std::env::var("MORPHY_STRESS_SECS")
        .ok()
        .and_then(|s| s.parse().ok());
    if let Some(s) = secs {
        let end = Instant::now() + Duration::from_secs(s);
        let mut n = 0;
        while Instant::now() < end {
            body();
            n += 1;
        }
        n
    } else {
        for _ in 0..count {
            body();
        }
        count
    }
}

#[test]
fn parser_and_options_survive_mutated_lines() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let n = repeat(20_000, || {
        let seed = pick(&mut rng, &SEEDS);
        let line = mutate(&mut rng, seed);
        if let Ok(UciCommand::SetOption { name, value }) = parse(&line) {
            let _ = Options::default().set(&name, value.as_deref());
        }
    });
    eprintln!("parser: {n} lines");
}

#[test]
fn validator_survives_mutated_fens_and_moves() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/2N5/5N2/8/8/8/8/4K3 b - - 0 1",
    ];
    let mut rng = Rng::new(0xD1B5_4A32_D192_ED03);
    let n = repeat(5_000, || {
        let base = fens[rng.below(fens.len())];
        let fen = mutate(&mut rng, base);
        let moves: Vec<String> = (0..rng.below(6))
            .map(|_| {
                let mv = pick(&mut rng, &["e2e4", "e7e5", "e1c1", "0000", "g1f3", "a7a8q"]);
                mutate(&mut rng, mv)
            })
            .collect();
        let set = RuleSet::ALL[rng.below(4)];
        let odds = Odds::ALL[rng.below(Odds::ALL.len())];
        let report = check(&Request {
            start: if rng.below(4) == 0 {
                Start::Standard
            } else {
                Start::Fen(&fen)
            },
            moves: &moves,
            spec: engine::GameSpec {
                odds,
                chess960: rng.below(4) == 0,
                ..engine::GameSpec::new(set)
            },
            mode: Validation::ALL[rng.below(3)],
        });
        if let Some(game) = report.game {
            let pos = game.current();
            for mv in pos.legal_moves() {
                assert_eq!(
                    pos.parse_uci_move(&pos.uci_move(mv)),
                    Ok(mv),
                    "{}",
                    pos.fen()
                );
            }
        }
    });
    eprintln!("validator: {n} positions");
}

#[test]
fn session_survives_random_scripts() {
    let mut rng = Rng::new(0x94D0_49BB_1331_11EB);
    let n = repeat(150, || {
        let lines: Vec<String> = (0..=rng.below(12))
            .map(|_| {
                let seed = pick(&mut rng, &SEEDS);
                if rng.below(3) == 0 {
                    mutate(&mut rng, seed)
                } else {
                    seed.to_string()
                }
            })
            .filter(|l| !l.contains("perft") && !l.contains("bench"))
            .collect();
        let input = lines.join("\n") + "\n";
        let mut out = Vec::new();
        let mut server: UciServer<Searcher> = UciServer::new();
        server.run(Cursor::new(input.clone().into_bytes()), &mut out);
        let text = String::from_utf8_lossy(&out);
        let gos = input
            .lines()
            .filter(|l| matches!(parse(l), Ok(UciCommand::Go(_))))
            .count();
        let bests = text.lines().filter(|l| l.starts_with("bestmove")).count();
        assert_eq!(gos, bests, "one bestmove per go:\n{input}\n---\n{text}");
    });
    eprintln!("session: {n} scripts");
}
