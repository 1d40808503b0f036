//! Tests of the server, driven in-process through `UciServer::run` with scripted input.
//! Timing-dependent behaviour (stop, ponderhit, isready during a search) is tested over
//! pipes against the real binary in `adapter/tests/`.

use std::io::Cursor;
use std::sync::atomic::AtomicBool;

use engine::search::{Limits, Reporter, SearchResult, Searcher};
use engine::Game;

use super::*;

/// A searcher that panics, to check that the server survives it.
#[derive(Default)]
struct Panicking;

impl SearchBackend for Panicking {
    fn search(
        &mut self,
        _: &Game,
        _: &Limits,
        _: &AtomicBool,
        _: &mut dyn Reporter,
    ) -> SearchResult {
        panic!("on purpose");
    }
}

/// A searcher that answers a move that is not legal.
#[derive(Default)]
struct Lying;

impl SearchBackend for Lying {
    fn search(
        &mut self,
        game: &Game,
        _: &Limits,
        _: &AtomicBool,
        _: &mut dyn Reporter,
    ) -> SearchResult {
        let pos = game.current();
        let bad = engine::Move::new(
            engine::Square::A1,
            engine::Square::H8,
            engine::MoveKind::Normal,
        );
        assert!(!pos.is_legal(bad));
        SearchResult {
            best: Some(bad),
            ponder: None,
            nodes: 1,
            ..SearchResult::default()
        }
    }
}

fn transcript<B: SearchBackend>(server: &mut UciServer<B>, input: &str) -> Vec<String> {
    let mut out = Vec::new();
    server.run(Cursor::new(input.as_bytes().to_vec()), &mut out);
    String::from_utf8(out)
        .expect("output is UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// `bestmove <the first legal move of the start position>`.
fn first_legal_at_start() -> String {
    let pos = engine::Position::startpos(engine::Rules::default());
    format!("bestmove {}", pos.uci_move(pos.legal_moves()[0]))
}

fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("bestmove")).collect()
}

#[test]
fn a_panicking_search_still_answers_a_legal_move() {
    let mut s: UciServer<Panicking> = UciServer::new();
    let lines = transcript(
        &mut s,
        "position startpos\ngo depth 3\nisready\ngo depth 1\n",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: search panicked: on purpose")),
        "{lines:?}"
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    assert_eq!(*best[0], first_legal_at_start());
}

#[test]
fn an_illegal_search_answer_is_replaced() {
    let mut s: UciServer<Lying> = UciServer::new();
    let lines = transcript(&mut s, "go depth 1\n");
    assert_eq!(bestmoves(&lines), [&first_legal_at_start()]);
    assert!(lines.iter().any(|l| l.contains("illegal move")));
}

#[test]
fn refused_positions_answer_bestmove_none_at_once() {
    let mut s: UciServer<Searcher> = UciServer::new();
    let lines = transcript(
        &mut s,
        "position fen 8/8/8/8/8/8/8/K7 w - - 0 1\ngo infinite\nposition startpos moves e2e5\ngo depth 1\nposition garbage\ngo ponder\n",
    );
    assert_eq!(bestmoves(&lines), ["bestmove (none)"; 3], "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("has no King (Am. I 4)")));
    assert!(s.is_refused());
}

#[test]
fn no_legal_move_is_bestmove_none_and_infinite_waits_for_the_end() {
    let mated = "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    let mut s: UciServer<Searcher> = UciServer::new();
    let lines = transcript(&mut s, &format!("{mated}\ngo depth 2\ngo infinite\n"));
    // One answer at once for `go depth 2`, one at the end of input for `go infinite`.
    assert_eq!(bestmoves(&lines), ["bestmove (none)"; 2], "{lines:?}");
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let mut s: UciServer<Searcher> = UciServer::new();
    let script = "go depth 1\ngo nodes 100\ngo movetime 0\ngo wtime 0 btime 0\ngo mate 1\ngo depth 0\ngo infinite\ngo ponder\nstop\ngo depth 2 searchmoves e2e4\n";
    let lines = transcript(&mut s, script);
    assert_eq!(bestmoves(&lines).len(), 9, "{lines:?}");
    assert!(
        lines.contains(&"bestmove e2e4".to_string())
            || lines.iter().any(|l| l.starts_with("bestmove e2e4 "))
    );
}

#[test]
fn long_lines_are_dropped_and_a_long_position_refused() {
    let mut s: UciServer<Searcher> = UciServer::new();
    let mut input = String::from("position startpos moves");
    while input.len() <= MAX_LINE_BYTES {
        input.push_str(" e2e4");
    }
    input.push_str("\nisready\ngo depth 1\n");
    let lines = transcript(&mut s, &input);
    assert!(lines[0].contains("line longer than"));
    assert!(lines.contains(&"readyok".to_string()));
    assert_eq!(bestmoves(&lines), ["bestmove (none)"]);
}

#[test]
fn read_line_handles_crlf_eof_and_caps() {
    let mut input = Cursor::new(b"uci\r\nab".to_vec());
    let mut buf = Vec::new();
    assert_eq!(read_line(&mut input, &mut buf, 100).unwrap(), Some(false));
    assert_eq!(buf, b"uci\r");
    assert_eq!(read_line(&mut input, &mut buf, 1).unwrap(), Some(true));
    assert_eq!(buf, b"a");
    assert_eq!(read_line(&mut input, &mut buf, 100).unwrap(), None);
}
