//! The web server under the load of many tabs (the real `morphy serve`, over sockets, a
//! client written here): each tab starts a game, follows its event stream as the page
//! does, and plays its moves as Morphy's answers arrive, after a pause of 100 to 500 ms
//! as a person's (the tabs together far quicker than people); meanwhile another client asks
//! for the page's choices now and then. Morphy searches one ply, so that the server, not
//! the search, is measured. The default run plays 8 tabs a few moves and checks that
//! nothing fails; `cargo test -p morphy-adapter --test integration -- --ignored
//! sixty_four` plays 64 tabs and prints the figures of docs/RELIABILITY.md.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{mpsc, Arc, Barrier};
use std::time::{Duration, Instant};

use engine::rng::Rng;
use serde_json::{json, Value};

use crate::serve_faults::{request, Server};
use crate::serve_kept::Folder;

/// One request ([`request`]); the status (0: no answer), the body, and how long it took.
fn timed(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Value, Duration) {
    let start = Instant::now();
    let (status, answer) = request(port, method, path, body).unwrap_or((0, Value::Null));
    (status, answer, start.elapsed())
}

/// Follows game `id`'s event stream, sending each `state` event's JSON to `states` until
/// the stream or the channel ends. The stream is chunked; each chunk is read whole.
fn follow(port: u16, id: &str, states: &mpsc::Sender<Value>) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return;
    };
    let host = format!("127.0.0.1:{port}");
    let head = format!(
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n"
    );
    if stream.write_all(head.as_bytes()).is_err() {
        return;
    }
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    // The answer's head.
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if line == "\r\n" {
            break;
        }
    }
    let mut text = String::new();
    let mut kind = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let Ok(size) = usize::from_str_radix(line.trim(), 16) else {
            return;
        };
        if size == 0 {
            return;
        }
        let mut chunk = vec![0u8; size + 2];
        if reader.read_exact(&mut chunk).is_err() {
            return;
        }
        text.push_str(&String::from_utf8_lossy(&chunk[..size]));
        while let Some(end) = text.find('\n') {
            let event_line: String = text.drain(..=end).collect();
            let event_line = event_line.trim_end();
            if let Some(k) = event_line.strip_prefix("event: ") {
                kind = k.to_string();
            } else if let Some(data) = event_line.strip_prefix("data: ") {
                if kind == "state" {
                    let Ok(state) = serde_json::from_str(data) else {
                        continue;
                    };
                    if states.send(state).is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// What a run measured.
#[derive(Debug, Default)]
struct Figures {
    /// The new-game requests' times.
    opened: Vec<Duration>,
    /// The person's move requests' times.
    moves: Vec<Duration>,
    /// The other client's requests' times.
    choices: Vec<Duration>,
    /// Requests answered with an error, and what they were.
    errors: Vec<String>,
    /// Games that ended before their moves were all played.
    ended: usize,
}

fn percentile(times: &mut [Duration], p: f64) -> Duration {
    times.sort();
    if times.is_empty() {
        return Duration::ZERO;
    }
    let at = ((times.len() as f64 - 1.0) * p).round() as usize;
    times[at.min(times.len() - 1)]
}

/// Whether `a` is a later state of the game than `b`: by the person's changes (the
/// epoch, a take-back among them), then by the moves played.
fn newer(a: &Value, b: &Value) -> bool {
    let key = |s: &Value| {
        (
            s["epoch"].as_u64().unwrap_or(0),
            s["plies"].as_u64().unwrap_or(0),
        )
    };
    key(a) > key(b)
}

/// One tab: a game, its event stream, then (once every tab has its game: `all_open`)
/// `moves` moves of the person's as Morphy answers.
fn tab(port: u16, n: u64, moves: usize, all_open: &Barrier) -> Figures {
    let mut figures = Figures::default();
    let odds = ["none", "knight", "rook", "pawn-and-move"][usize::try_from(n % 4).unwrap_or(0)];
    let (status, state, took) = timed(
        port,
        "POST",
        "/api/games",
        Some(&json!({
            "odds": odds,
            "color": if odds == "none" { "white" } else { "receiver" },
        })),
    );
    figures.opened.push(took);
    if status != 201 {
        figures.errors.push(format!("new game: {status} {state}"));
        all_open.wait();
        return figures;
    }
    let id = state["id"].as_str().unwrap_or_default().to_string();
    let (tx, rx) = mpsc::channel();
    let follower = {
        let id = id.clone();
        std::thread::spawn(move || follow(port, &id, &tx))
    };
    all_open.wait();
    let mut rng = Rng::new(n);
    let mut now = state;
    let mut played = 0;
    while played < moves {
        if now["over"] == true {
            figures.ended += 1;
            break;
        }
        let legal = now["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() || now["thinking"] == true {
            match rx.recv_timeout(Duration::from_secs(30)) {
                // A state older than the one in hand (an event overtaken by an answer)
                // is dropped, as the page drops it.
                Ok(state) if newer(&state, &now) => now = state,
                Ok(_) => {}
                Err(_) => {
                    figures
                        .errors
                        .push(format!("tab {n}: no state event in 30 s"));
                    break;
                }
            }
            continue;
        }
        // A person's pause before the move: 100 to 500 ms (64 tabs at once then make
        // some 200 moves a second between them, far more than people do).
        std::thread::sleep(Duration::from_millis(100 + rng.below(400) as u64));
        let m = &legal[rng.below(legal.len())];
        let body = json!({ "from": m["from"], "to": m["to"], "promotion": m["promotion"] });
        let (status, answer, took) =
            timed(port, "POST", &format!("/api/games/{id}/move"), Some(&body));
        if status != 200 {
            figures
                .errors
                .push(format!("tab {n} move: {status} {answer}"));
            break;
        }
        figures.moves.push(took);
        played += 1;
        now = answer;
    }
    let _ = timed(port, "POST", &format!("/api/games/{id}/resign"), None);
    drop(rx);
    // The stream ends when the server stops; the thread is left to it.
    drop(follower);
    figures
}

/// `tabs` tabs at once, `moves` moves each, and the other client; the figures, and the
/// server's peak memory (kB, from /proc).
fn load(tabs: u64, moves: usize) -> (Figures, Option<u64>) {
    let dir = Folder::new("load");
    let server = Server::start_with_args(&dir.0.join("morphy"), &["--max-games", "256"]);
    let port = server.port;
    let started = Instant::now();
    // The tabs and this thread: the other client starts once every game is open.
    let all_open = Arc::new(Barrier::new(usize::try_from(tabs).unwrap_or(1) + 1));
    let workers: Vec<_> = (0..tabs)
        .map(|n| {
            let all_open = Arc::clone(&all_open);
            std::thread::spawn(move || tab(port, n, moves, &all_open))
        })
        .collect();
    let mut all = Figures::default();
    all_open.wait();
    while workers.iter().any(|w| !w.is_finished()) {
        let (status, _, took) = timed(port, "GET", "/api/choices", None);
        if status == 200 {
            all.choices.push(took);
        } else {
            all.errors.push(format!("choices: {status}"));
        }
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            started.elapsed() < Duration::from_secs(290),
            "the load never ended (290 s)"
        );
    }
    for w in workers {
        let f = w.join().expect("a tab's thread");
        all.moves.extend(f.moves);
        all.opened.extend(f.opened);
        all.errors.extend(f.errors);
        all.ended += f.ended;
    }
    let peak = std::fs::read_to_string(format!("/proc/{}/status", server.pid()))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|k| k.parse().ok()))
        });
    (all, peak)
}

fn report(what: &str, figures: &mut Figures, peak: Option<u64>) {
    let moves = figures.moves.len();
    let p50 = percentile(&mut figures.moves, 0.5);
    let p99 = percentile(&mut figures.moves, 0.99);
    let worst = figures.moves.last().copied().unwrap_or_default();
    let c99 = percentile(&mut figures.choices, 0.99);
    let o99 = percentile(&mut figures.opened, 0.99);
    eprintln!(
        "{what}: {} games opened, p99 {o99:?}; {moves} moves, p50 {p50:?}, p99 {p99:?}, worst \
         {worst:?}; other client's p99 {c99:?} over {}; {} errors; {} games over early; peak \
         memory {} kB",
        figures.opened.len(),
        figures.choices.len(),
        figures.errors.len(),
        figures.ended,
        peak.map_or_else(|| "?".to_string(), |k| k.to_string())
    );
}

#[test]
fn eight_tabs_play_at_once_without_an_error() {
    let (mut figures, peak) = load(8, 4);
    report("8 tabs", &mut figures, peak);
    assert!(figures.errors.is_empty(), "{:?}", figures.errors);
    assert!(figures.moves.len() >= 8, "{} moves", figures.moves.len());
    assert!(!figures.choices.is_empty());
}

/// The figures of docs/RELIABILITY.md: 64 tabs, 20 moves each.
#[test]
#[ignore = "a minute or two: 64 tabs of 20 moves"]
fn sixty_four_tabs_play_at_once() {
    let (mut figures, peak) = load(64, 20);
    report("64 tabs", &mut figures, peak);
    assert!(figures.errors.is_empty(), "{:?}", figures.errors);
    let p99 = percentile(&mut figures.moves, 0.99);
    assert!(p99 < Duration::from_millis(50), "p99 {p99:?}");
}
