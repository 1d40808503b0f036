//! The UCI server under a client's load, on the real binary: random but legal command
//! sequences (seeded) that never kill or hang it, each `go` answered by exactly one
//! `bestmove`; and how soon `isready` is answered while Morphy searches and `stop`
//! brings the `bestmove`. The default run sends 5,000 lines and measures a few answers;
//! `cargo test -p morphy-adapter --test integration -- --ignored uci_load` sends 100,000
//! and prints the figures of docs/RELIABILITY.md.

use std::time::{Duration, Instant};

use engine::rng::Rng;
use engine::{Odds, Position, Rules};

use crate::common::Engine;

/// One of `items`, drawn by `rng`.
fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

/// A `position` line: the start or an odds start, and up to 30 random legal moves.
fn position(rng: &mut Rng) -> String {
    let rules = Rules::default();
    let (mut pos, mut line) = if rng.below(3) == 0 {
        let odds = Odds::ALL[rng.below(Odds::ALL.len())];
        let Ok(pos) = Position::from_setup(&odds.setup(&rules), rules) else {
            return "position startpos".to_string();
        };
        (pos.clone(), format!("position fen {}", pos.fen()))
    } else {
        (Position::startpos(rules), "position startpos".to_string())
    };
    let plies = rng.below(31);
    if plies > 0 {
        line.push_str(" moves");
    }
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        line.push(' ');
        line.push_str(&pos.uci_move(mv));
        pos.play(mv);
    }
    line
}

/// `lines` UCI lines a GUI could send, in an order a GUI could send them: positions,
/// searches of every kind (an infinite one always stopped), options, new games,
/// `isready`; and how many `go`s among them.
fn script(seed: u64, lines: usize) -> (Vec<String>, usize) {
    let mut rng = Rng::new(seed);
    let mut out = vec!["uci".to_string(), "isready".to_string()];
    let mut gos = 0;
    while out.len() < lines {
        match rng.below(10) {
            0..=2 => out.push(position(&mut rng)),
            3..=5 => {
                gos += 1;
                match rng.below(5) {
                    0 => out.push(format!("go depth {}", 1 + rng.below(4))),
                    1 => out.push(format!("go nodes {}", 100 + rng.below(3000))),
                    2 => out.push(format!("go movetime {}", 1 + rng.below(15))),
                    3 => out.push(format!(
                        "go wtime {} btime {} winc 10 binc 10",
                        50 + rng.below(2000),
                        50 + rng.below(2000)
                    )),
                    _ => {
                        out.push("go infinite".to_string());
                        for _ in 0..rng.below(3) {
                            out.push("isready".to_string());
                        }
                        out.push("stop".to_string());
                    }
                }
            }
            6 => out.push("isready".to_string()),
            7 => out.push("ucinewgame".to_string()),
            8 => {
                let option = match rng.below(6) {
                    0 => format!("setoption name Hash value {}", 1 + rng.below(32)),
                    1 => format!(
                        "setoption name UCI_LimitStrength value {}",
                        pick(&mut rng, &["true", "false"])
                    ),
                    2 => format!("setoption name UCI_Elo value {}", 1200 + rng.below(1401)),
                    3 => format!(
                        "setoption name Rules value {}",
                        pick(
                            &mut rng,
                            &["american-1897", "british-1894", "staunton-1910", "fide"]
                        )
                    ),
                    4 => format!(
                        "setoption name Odds value {}",
                        Odds::ALL[rng.below(Odds::ALL.len())].name()
                    ),
                    _ => format!("setoption name MultiPV value {}", 1 + rng.below(3)),
                };
                out.push(option);
            }
            _ => out.push("stop".to_string()),
        }
    }
    out.push("isready".to_string());
    (out, gos)
}

/// Sends `lines` lines (seeded) and checks the server lives and answers every `go`.
fn legal_sequences(seed: u64, lines: usize) {
    let (script, gos) = script(seed, lines);
    let mut engine = Engine::start();
    let started = Instant::now();
    for line in &script {
        engine.send(line);
    }
    let mut bestmoves = 0;
    let mut readyoks = 0;
    let wanted_ready = script.iter().filter(|l| *l == "isready").count();
    let deadline = Instant::now() + Duration::from_secs(590);
    while readyoks < wanted_ready || bestmoves < gos {
        let left = deadline.saturating_duration_since(Instant::now());
        let Some(line) = engine.next_line(left) else {
            panic!(
                "the server stopped answering: {bestmoves} of {gos} bestmoves, {readyoks} of \
                 {wanted_ready} readyoks"
            );
        };
        if line.starts_with("bestmove ") {
            bestmoves += 1;
        } else if line == "readyok" {
            readyoks += 1;
        }
        // The lines seen are not kept: a long run prints a great many.
        engine.seen.clear();
    }
    assert_eq!(bestmoves, gos, "exactly one bestmove a go");
    let stray = engine.drain(Duration::from_millis(300));
    assert!(
        !stray.iter().any(|l| l.starts_with("bestmove ")),
        "a bestmove no go asked for: {stray:?}"
    );
    eprintln!(
        "{} lines ({gos} searches) answered in {:.1} s",
        script.len(),
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn five_thousand_legal_lines_never_kill_or_hang_the_server() {
    legal_sequences(72, 5_000);
}

#[test]
#[ignore = "a few minutes: 100,000 lines"]
fn uci_load_a_hundred_thousand_legal_lines() {
    legal_sequences(7272, 100_000);
}

/// How long `isready` takes to be answered during `go infinite`, and `stop` to bring
/// the `bestmove`, over `rounds` searches stopped after 0 to 300 ms.
fn answers_while_searching(rounds: usize) -> (Vec<Duration>, Vec<Duration>) {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect_prefix("uciok");
    let mut rng = Rng::new(2026);
    let (mut ready, mut stopped) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        engine.send(&position(&mut rng));
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(rng.below(300) as u64));
        let asked = Instant::now();
        engine.send("isready");
        engine.until(|l| l == "readyok");
        ready.push(asked.elapsed());
        let asked = Instant::now();
        engine.send("stop");
        engine.until(|l| l.starts_with("bestmove "));
        stopped.push(asked.elapsed());
        engine.seen.clear();
    }
    ready.sort();
    stopped.sort();
    (ready, stopped)
}

#[test]
fn isready_and_stop_are_answered_during_a_search() {
    let (ready, stopped) = answers_while_searching(10);
    assert_eq!((ready.len(), stopped.len()), (10, 10));
}

/// The figures of docs/RELIABILITY.md: 200 searches.
#[test]
#[ignore = "about a minute: 200 searches stopped"]
fn uci_load_isready_and_stop_timings() {
    let (ready, stopped) = answers_while_searching(200);
    let at = |v: &[Duration], p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    eprintln!(
        "isready during a search: p50 {:?}, p99 {:?}, worst {:?}; stop to bestmove: p50 {:?}, \
         p99 {:?}, worst {:?}",
        at(&ready, 0.5),
        at(&ready, 0.99),
        ready[ready.len() - 1],
        at(&stopped, 0.5),
        at(&stopped, 0.99),
        stopped[stopped.len() - 1]
    );
    assert!(ready[ready.len() - 1] < Duration::from_millis(10));
    assert!(stopped[stopped.len() - 1] < Duration::from_millis(20));
}
