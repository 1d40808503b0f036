//! The UCI protocol over pipes against the real binary: handshake, every option, every
//! `go` limit, stop/ponderhit/isready during a search, EOF, quit, garbage and huge lines.

use crate::common;

use std::time::{Duration, Instant};

use common::{best_of, Engine};

#[test]
fn handshake_lists_every_option_and_uciok() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name Morphy "), "{lines:?}");
    assert!(lines[1].starts_with("id author "));
    let options: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("option name "))
        .collect();
    for name in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "Clear Hash",
        "UCI_Chess960",
        "UCI_ShowWDL",
        "Rules",
        "Odds",
        "DrawOdds",
        "OddsGiver",
        "MateCondition",
        "OddsContempt",
        "Validation",
    ] {
        assert!(
            options
                .iter()
                .any(|o| o.starts_with(&format!("option name {name} type "))),
            "{name} missing from {options:?}"
        );
    }
    assert!(lines.iter().any(|l| l
        == "option name Rules type combo default american-1897 var american-1897 var british-1894 var staunton-1910 var fide"));
    assert!(lines.iter().any(
        |l| l == "option name Validation type combo default refuse var refuse var flag var off"
    ));
    assert!(e.sync().is_empty());
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn every_option_takes_its_values_and_refuses_others() {
    let mut e = Engine::start();
    let good = [
        "setoption name Hash value 1",
        "setoption name Threads value 2",
        "setoption name MultiPV value 3",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 0",
        "setoption name Clear Hash",
        "setoption name UCI_Chess960 value false",
        "setoption name UCI_ShowWDL value true",
        "setoption name Rules value staunton-1910",
        "setoption name Odds value knight",
        "setoption name DrawOdds value true",
        "setoption name Validation value flag",
        "setoption name OddsGiver value white",
        "setoption name MateCondition value square:e8",
        "setoption name MateCondition value none",
        "setoption name OddsContempt value 100",
        "setoption name OddsGiver value auto",
        "setoption name rules value FIDE",
        "setoption name odds value none",
        "setoption name validation value Refuse",
        "setoption name Rules value american-1897",
    ];
    for cmd in good {
        e.send(cmd);
        let lines = e.sync();
        assert!(
            lines.iter().all(|l| !l.contains("error")),
            "{cmd}: {lines:?}"
        );
    }
    for (cmd, want) in [
        ("setoption name Hash value 1000000000", "clamped to 65536"),
        ("setoption name Hash value 16", ""),
        ("setoption name Hash value -3", "clamped to 1"),
        ("setoption name Threads value 0", "clamped to 1"),
        (
            "setoption name MultiPV value 99999999999999999999999",
            "clamped to 256",
        ),
        (
            "setoption name Hash value lots",
            "error: option 'Hash' does not take 'lots'",
        ),
        ("setoption name Ponder value maybe", "error"),
        ("setoption name Rules value fide-2023", "error"),
        ("setoption name Odds value castle", "error"),
        ("setoption name Validation value strict", "error"),
        ("setoption name OddsGiver value grey", "error"),
        ("setoption name MateCondition value pawn:z9", "Am. IV 6"),
        ("setoption name OddsContempt value 5000", "clamped to 1000"),
        (
            "setoption name NoSuchOption value 1",
            "error: unknown option",
        ),
        ("setoption name Hash", "error: option 'Hash' needs a value"),
        ("setoption", "error"),
    ] {
        e.send(cmd);
        let lines = e.sync();
        assert!(
            want.is_empty() || lines.iter().any(|l| l.contains(want)),
            "{cmd}: {lines:?}"
        );
    }
    // MultiPV 2 reports two lines per depth; UCI_ShowWDL does not break the info line.
    e.send("setoption name MultiPV value 2");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains(" multipv 2 ")), "{lines:?}");
    assert!(best_of(lines.last().unwrap()).is_some());
}

#[test]
fn go_with_every_limit_answers_once() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    for go in [
        "go depth 1",
        "go depth 0",
        "go nodes 500",
        "go nodes 0",
        "go movetime 50",
        "go movetime 0",
        "go movetime -5",
        "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20",
        "go wtime 0 btime 0",
        "go wtime -100 btime -100",
        "go mate 1",
        "go mate 0",
        "go depth 2 searchmoves g1f3 b1c3",
        "go depth 1 searchmoves e1e8",
        "go",
        "go depth x nodes",
    ] {
        e.send(go);
        let lines = e.until(|l| l.starts_with("bestmove"));
        let best = best_of(lines.last().unwrap());
        assert!(best.is_some(), "{go}: {lines:?}");
        for l in &lines {
            if l.starts_with("info depth") {
                assert!(
                    l.contains(" score cp ") || l.contains(" score mate "),
                    "{l}"
                );
            }
        }
        if go.contains("searchmoves g1f3") {
            let b = best.unwrap();
            assert!(b == "g1f3" || b == "b1c3", "{b}");
        }
        // Exactly one bestmove: nothing more before the next readyok.
        let more = e.sync();
        assert!(
            more.iter().all(|l| !l.starts_with("bestmove")),
            "{go}: {more:?}"
        );
    }
    // An absurd depth is clamped, and an absurd clock is a long think: both end on stop.
    for go in [
        "go depth 100000",
        "go wtime 99999999999999999999 btime 1 movestogo 0",
    ] {
        e.send(go);
        let mut lines = e.drain(Duration::from_millis(200));
        e.send("stop");
        lines.extend(e.until(|l| l.starts_with("bestmove")));
        assert!(best_of(lines.last().unwrap()).is_some(), "{go}");
        if go.contains("depth") {
            assert!(lines
                .iter()
                .any(|l| l == "info string depth 100000 taken as 128"));
        }
    }
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert!(lines.contains(&"e2e4: 600".to_string()));
}

#[test]
fn infinite_waits_for_stop_and_isready_answers_during_search() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    let quiet = e.drain(Duration::from_millis(300));
    assert!(
        quiet.iter().all(|l| !l.starts_with("bestmove")),
        "{quiet:?}"
    );
    let t = Instant::now();
    e.send("isready");
    e.until(|l| l == "readyok");
    assert!(
        t.elapsed() < Duration::from_secs(2),
        "readyok took {:?}",
        t.elapsed()
    );
    e.send("stop");
    let best = e.expect_prefix("bestmove");
    assert!(best_of(&best).is_some());
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
}

/// Each of `go infinite` and `go ponder` on the position set holds its `bestmove (none)`
/// until `stop` or `ponderhit`; a `go depth` answers at once.
fn held_until_released(e: &mut Engine, what: &str) {
    for (go, release) in [
        ("go infinite", "stop"),
        ("go ponder", "ponderhit"),
        ("go ponder", "stop"),
    ] {
        e.send(go);
        let quiet = e.drain(Duration::from_millis(200));
        assert!(
            quiet.iter().all(|l| !l.starts_with("bestmove")),
            "{go} {what}: {quiet:?}"
        );
        e.send(release);
        assert_eq!(e.expect_prefix("bestmove"), "bestmove (none)");
    }
    // Without infinite, it answers at once.
    e.send("go depth 5");
    assert_eq!(e.expect_prefix("bestmove"), "bestmove (none)");
}

#[test]
fn infinite_and_ponder_hold_even_without_legal_moves_or_a_valid_position() {
    let mut e = Engine::start();
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    held_until_released(&mut e, "with no legal move");
    // A position refused under the Code (no King, Am. I 4) too: a GUI's `stop` finds the
    // one `bestmove` it waits for.
    e.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    held_until_released(&mut e, "on a refused position");
}

#[test]
fn ponderhit_turns_pondering_into_a_timed_search() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    let quiet = e.drain(Duration::from_millis(300));
    assert!(
        quiet.iter().all(|l| !l.starts_with("bestmove")),
        "{quiet:?}"
    );
    let t = Instant::now();
    e.send("ponderhit");
    let best = e.expect_prefix("bestmove");
    assert!(best_of(&best).is_some());
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    // The clock counts from `go ponder`: after a ponder longer than the move's share
    // of a 60 s clock (about 2.4 s), ponderhit is answered at once; after a short one the
    // search goes on.
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go ponder wtime 60000 btime 60000");
    e.drain(Duration::from_millis(3500));
    let t = Instant::now();
    e.send("ponderhit");
    assert!(best_of(&e.expect_prefix("bestmove")).is_some());
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    e.send("go ponder wtime 60000 btime 60000");
    e.drain(Duration::from_millis(100));
    let t = Instant::now();
    e.send("ponderhit");
    assert!(best_of(&e.expect_prefix("bestmove")).is_some());
    assert!(
        t.elapsed() >= Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    // A ponder search stopped (the opponent played something else) answers too.
    e.send("go ponder wtime 2000 btime 2000");
    e.drain(Duration::from_millis(100));
    e.send("stop");
    assert!(best_of(&e.expect_prefix("bestmove")).is_some());
}

#[test]
fn eof_during_search_ends_cleanly_with_one_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.drain(Duration::from_millis(100));
    e.close();
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert!(best_of(lines.last().unwrap()).is_some());
    assert!(e.wait_exit());
}

#[test]
fn quit_during_search_ends_promptly() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.drain(Duration::from_millis(100));
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn garbage_never_breaks_the_server() {
    let mut e = Engine::start();
    let garbage: [&[u8]; 14] = [
        b"hello world\n",
        b"\n",
        b"   \t  \n",
        b"\xff\xfe\x00garbage\n",
        b"position\n",
        b"position fen\n",
        b"position fen 8/8/8 w\n",
        b"position startpos moves e2e4 e7e5 zz\n",
        b"go depth 99999999999999999999999999999999999\n",
        b"setoption name\n",
        b"debug maybe\n",
        b"register later\n",
        b"ucinewgame\r\n",
        b"d\n",
    ];
    for g in garbage {
        e.send_raw(g);
        // go depth <huge> must answer; everything else just must not kill the server.
        let lines = e.sync();
        if g.starts_with(b"go") {
            assert!(lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
        }
    }
    // A huge line of nonsense.
    let big = "x".repeat(3_000_000);
    e.send(&big);
    let lines = e.sync();
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: unknown command")));
    // CRLF line ends.
    e.send_raw(b"position startpos moves e2e4\r\ngo depth 1\r\n");
    assert!(best_of(&e.expect_prefix("bestmove")).is_some());
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn a_ten_thousand_move_position_line_works() {
    let mut e = Engine::start();
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(10_000).collect();
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string code: White may claim a draw")),
        "{lines:?}"
    );
    e.send("go depth 2");
    let best = e.expect_prefix("bestmove");
    assert!(best_of(&best).is_some());
}

#[test]
fn display_shows_board_fen_key_and_findings() {
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/8/8/8/8/R3K2N w KQ - 0 1");
    e.sync();
    e.send("d");
    let lines = e.sync();
    let text = lines.join("\n");
    assert!(
        text.contains("FEN: 4k3/8/8/8/8/8/8/R3K2N w Q - 0 1"),
        "{text}"
    );
    assert!(text.contains("Key: "));
    assert!(text.contains("Checkers: "));
    assert!(text.contains("Code warning: White's castling right K"));
}

#[test]
fn bench_prints_nodes_with_the_evaluation_evalnet_chooses() {
    fn nodes(e: &mut Engine) -> String {
        e.send("bench 4");
        let lines = e.until(|l| l.starts_with("Nodes/second"));
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .unwrap_or_else(|| panic!("no node count: {lines:?}"))
            .to_string()
    }
    let mut e = Engine::start();
    let (net, again) = (nodes(&mut e), nodes(&mut e));
    assert_eq!(net, again, "bench is deterministic");
    e.send("setoption name EvalNet value false");
    assert_ne!(net, nodes(&mut e), "EvalNet false must reach bench");
}

#[test]
fn mate_condition_changes_the_move_chosen() {
    // Ra8 mates with the King on g8; under "mate on h8" that mate forfeits (Am. IV 6-8).
    let mut e = Engine::start();
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go depth 4");
    let plain = e.until(|l| l.starts_with("bestmove"));
    assert_eq!(best_of(plain.last().unwrap()).as_deref(), Some("a1a8"));
    e.send("setoption name OddsGiver value white");
    e.send("setoption name MateCondition value square:h8");
    e.send("go depth 4");
    let bound = e.until(|l| l.starts_with("bestmove"));
    assert_ne!(best_of(bound.last().unwrap()).as_deref(), Some("a1a8"));
    e.send("quit");
    assert!(e.wait_exit());
}
