//! The draw law over UCI (docs/RULES.md §5): the `info string code:` claims and the search's
//! scores for a game that cannot be won (Am. I 15 (c), Br. II 9 (3)), repetition at the
//! commencement of a turn only (Am. I 16 (a), II 8 (c)), and the British call to mate
//! counted from the first chance to call (Br. IV 12).

// `pub`: each test binary uses only part of the shared helpers, and a public module's
// public items are not dead code.
pub mod common;

use common::Engine;

/// Sends a position, returns the lines it caused.
fn position(e: &mut Engine, cmd: &str) -> Vec<String> {
    e.send(cmd);
    e.sync()
}

/// The `info string code:` lines that say a draw may be claimed or holds.
fn draws(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string code: "))
        .collect()
}

/// The last `score cp` of a `go depth <d>`.
fn score_cp(e: &mut Engine, depth: u32) -> i32 {
    e.send(&format!("go depth {depth}"));
    let lines = e.until(|l| l.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score cp "))
        .unwrap_or_else(|| panic!("no score: {lines:?}"));
    let after = last.split(" score cp ").nth(1).unwrap_or_default();
    after
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no cp in {last}"))
}

#[test]
fn a_game_that_cannot_be_won_is_drawn_under_every_code_am_i_15_c_br_ii_9_3() {
    let mut e = Engine::start();
    for (set, words) in [
        (
            "american-1897",
            "a draw: the game cannot be won, whatever legal moves are made (Am. I 15 (c))",
        ),
        (
            "british-1894",
            "a draw: neither King can be mated, whatever moves are made (Br. II 9 (3))",
        ),
        (
            "staunton-1910",
            "a draw: the game cannot be won, whatever legal moves are made (Staunton, The Umpire; Am. I 15 (c))",
        ),
        (
            "fide",
            "a draw: neither side can possibly mate: a dead position (FIDE 5.2.2)",
        ),
    ] {
        e.send(&format!("setoption name Rules value {set}"));
        e.sync();
        // The King takes the last Rook: King and Bishop against King.
        let lines = position(&mut e, "position fen 4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1");
        assert!(draws(&lines).is_empty(), "{set}: {lines:?}");
        let lines = position(
            &mut e,
            "position fen 4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1 moves e1d2",
        );
        assert_eq!(
            draws(&lines),
            [&format!("info string code: {words}")],
            "{set}"
        );
        // A Bishop up, the search still scores the game as drawn.
        position(&mut e, "position fen 4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
        assert_eq!(score_cp(&mut e, 3), 0, "{set}");
    }
    // Under draw odds the draw is the giver's loss (Br. VI 1; Staunton I).
    e.send("setoption name Rules value american-1897");
    e.send("setoption name DrawOdds value true");
    e.send("setoption name OddsGiver value white");
    position(&mut e, "position fen 4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(score_cp(&mut e, 3), -20_000);
}

#[test]
fn only_positions_at_the_start_of_a_turn_repeat_am_i_16_a_ii_8_c() {
    let mut e = Engine::start();
    e.send("setoption name Odds value three-moves");
    e.sync();
    // White's three-move turn passes through the start; when it comes back after
    // 3... Ng8 it stands at the commencement of a turn for the second time only.
    let shuffle = "g1f3 f3g1 g1f3 g8f6 f3g1 f6g8";
    for moves in [shuffle, "g1f3 0000 f3g1 0000 g1f3 g8f6 f3g1 f6g8"] {
        let lines = position(&mut e, &format!("position startpos moves {moves}"));
        assert!(draws(&lines).is_empty(), "{moves}: {lines:?}");
    }
    let lines = position(
        &mut e,
        &format!("position startpos moves {shuffle} g1f3 g8f6 f3g1 f6g8"),
    );
    assert_eq!(
        draws(&lines),
        ["info string code: White may claim a draw: the same men stand on the same squares with White to move for the third time (Am. II 8 (c), I 16)"],
    );
    // Staunton compares the men whoever is to move, and cites its own words.
    e.send("setoption name Rules value staunton-1910");
    let lines = e.sync();
    assert_eq!(
        draws(&lines),
        ["info string code: White may claim a draw: the same men stand on the same squares at the start of a turn for the third time (Staunton, Drawn Games (c))"],
    );
}

#[test]
fn the_british_call_to_mate_runs_from_the_first_chance_to_call_br_iv_12() {
    let mut e = Engine::start();
    e.send("setoption name Rules value british-1894");
    e.sync();
    // A hundred half-moves without a capture, but only the promotion lets White's K+R
    // call against K+Q: the fifty moves on each side have just begun.
    let promoted = "position fen 4k3/8/8/8/8/8/p7/4K2R b - - 100 80 moves a2a1q";
    let lines = position(&mut e, promoted);
    assert!(draws(&lines).is_empty(), "{lines:?}");
    assert!(
        score_cp(&mut e, 3) < -300,
        "the Queen wins, no draw is near"
    );
    // White could call since the FEN's clock of ninety-nine: one move more and it has run.
    let lines = position(
        &mut e,
        "position fen q3k3/8/8/8/8/8/8/4K2R w - - 99 80 moves h1h2",
    );
    assert_eq!(
        draws(&lines),
        ["info string code: Black may claim a draw: the weaker side's call to mate within fifty moves has run out (Br. IV 12)"],
    );
    // The American Code counts from the last capture: the same promotion line is drawn.
    e.send("setoption name Rules value american-1897");
    e.sync();
    let lines = position(&mut e, promoted);
    assert_eq!(
        draws(&lines),
        ["info string code: White may claim a draw: fifty moves on each side without a capture (Am. II 8 (b))"],
    );
}
