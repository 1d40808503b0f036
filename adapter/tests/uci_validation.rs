//! The Code's validation over UCI (docs/RULES.md §6): every finding, refused and flagged, and
//! the odds, Chess960 and notation details GUIs depend on.

// `pub`: each test binary uses only part of the shared helpers, and a public module's
// public items are not dead code.
pub mod common;

use common::{best_of, Engine};

/// Sends a position, returns the lines it caused.
fn position(e: &mut Engine, cmd: &str) -> Vec<String> {
    e.send(cmd);
    e.sync()
}

/// `go depth 1` and the move answered.
fn go(e: &mut Engine) -> Option<String> {
    e.send("go depth 1");
    best_of(&e.expect_prefix("bestmove"))
}

/// One case per finding that refuses: the position, the words the error must contain.
const REFUSED: [(&str, &str); 14] = [
    (
        "position fen 8/8/8/8/8/8/8/K7 w - - 0 1",
        "Black has no King (Am. I 4)",
    ),
    (
        "position fen k7/8/8/8/8/8/8/K6K w - - 0 1",
        "White has 2 Kings, on a1, h1 (Am. I 4)",
    ),
    (
        "position fen k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1",
        "Black has 9 Pawns; a side has 8 at most (Am. I 4)",
    ),
    (
        "position fen k7/pppppppp/nnnnnnnn/n7/8/8/8/K7 w - - 0 1",
        "Black has 18 men; a side has 16 at most (Am. I 4)",
    ),
    (
        "position fen k7/8/8/8/8/8/PPPPPPP1/KQQQ4 w - - 0 1",
        "White has 2 pieces beyond the initial array but only 1 missing Pawns",
    ),
    (
        "position fen k7/8/8/8/8/8/8/K6P w - - 0 1",
        "White Pawn on its own first rank: h1 (Am. I 4)",
    ),
    (
        "position fen k6P/8/8/8/8/8/8/K7 w - - 0 1",
        "White Pawn on its eighth rank",
    ),
    (
        "position fen k7/8/8/8/8/8/8/R6K w - - 0 1",
        "Black is not to move but its King on a8 is in check from a1 (Am. I 11 E(a))",
    ),
    (
        "position fen 4k3/2N5/5N2/8/8/8/8/4K3 b - - 0 1",
        "impossible check on Black's King on e8",
    ),
    (
        "position fen 7k/3p4/4K3/8/8/8/8/8 w - - 0 1",
        "impossible check on White's King on e6 by Pawn on d7",
    ),
    ("position startpos moves e2e4 e7e5 e1e3", "move 3 'e1e3'"),
    (
        "position startpos moves e2e4 e7e5 zz",
        "move 3 'zz' is not a move in UCI notation",
    ),
    (
        "position startpos moves e2e4 0000",
        "move 2 '0000': a pass is accepted only",
    ),
    (
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
        "cannot read FEN",
    ),
];

#[test]
fn refused_positions_say_why_and_answer_bestmove_none() {
    let mut e = Engine::start();
    for (cmd, want) in REFUSED {
        let lines = position(&mut e, cmd);
        let want = want.split("...").next().unwrap_or(want);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: ") && l.contains(want)),
            "{cmd}: {lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.contains("position refused")),
            "{cmd}: {lines:?}"
        );
        assert_eq!(go(&mut e), None, "{cmd}");
        // Until a valid position arrives.
        assert_eq!(go(&mut e), None, "{cmd}");
        position(&mut e, "position startpos");
        assert!(go(&mut e).is_some());
    }
}

#[test]
fn flagged_positions_warn_and_play_what_the_engine_can() {
    let mut e = Engine::start();
    e.send("setoption name Validation value flag");
    for (cmd, want) in [
        (
            "position fen k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1",
            "Black has 9 Pawns",
        ),
        (
            "position fen 4k3/2N5/5N2/8/8/8/8/4K3 b - - 0 1",
            "impossible check",
        ),
        (
            "position fen k7/8/8/8/8/8/PPPPPPP1/KQQQ4 w - - 0 1",
            "beyond the initial array",
        ),
    ] {
        let lines = position(&mut e, cmd);
        assert!(
            lines.iter().any(|l| l.starts_with("info string warning: ")
                && l.contains(want)
                && l.contains("accepted (Validation flag)")),
            "{cmd}: {lines:?}"
        );
        assert!(go(&mut e).is_some(), "{cmd}");
    }
    // What the engine cannot play stays refused under flag and off.
    for mode in ["flag", "off"] {
        e.send(&format!("setoption name Validation value {mode}"));
        let lines = position(&mut e, "position fen k7/8/8/8/8/8/8/R6K w - - 0 1");
        assert!(
            lines.iter().any(|l| l.starts_with("info string error: ")),
            "{lines:?}"
        );
        assert_eq!(go(&mut e), None);
    }
    // Off says nothing about what the Code would refuse.
    let lines = position(&mut e, "position fen k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1");
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn repairs_are_warnings_in_refuse_mode() {
    let mut e = Engine::start();
    for (cmd, want) in [
        (
            "position fen 4k3/8/8/8/8/8/8/R3K2N w KQ - 0 1",
            "White's castling right K: h1 holds a White Knight",
        ),
        (
            "position fen 4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1",
            "White's castling right K: the King is not on e1; right removed",
        ),
        (
            "position fen 4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            "en passant square e6",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 7 1",
            "half-move clock 7 after a Pawn's double step",
        ),
        (
            "position fen 4k3/8/8/8/8/8/8/4K3 w - - 90 2",
            "move number set to 46",
        ),
    ] {
        let lines = position(&mut e, cmd);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string warning: ") && l.contains(want)),
            "{cmd}: {lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.contains("error")),
            "{cmd}: {lines:?}"
        );
        assert!(go(&mut e).is_some(), "{cmd}");
    }
    // An ordinary en passant square after a double step is valid even if no Pawn can take.
    let lines = position(&mut e, "position startpos moves e2e4");
    assert!(lines.is_empty(), "{lines:?}");
    let lines = position(
        &mut e,
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    );
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn claimable_draws_are_reported_under_each_rule_set() {
    let mut e = Engine::start();
    let shuffle = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    let lines = position(&mut e, shuffle);
    assert!(
        lines.iter().any(
            |l| l.starts_with("info string code: White may claim a draw")
                && l.contains("(Am. II 8 (c), I 16)")
        ),
        "{lines:?}"
    );
    e.send("setoption name Rules value fide");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("(FIDE 9.2)")), "{lines:?}");
    // The British draft: repetition is IV 11 (the call to mate is IV 12).
    e.send("setoption name Rules value british-1894");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("(Br. IV 11)")), "{lines:?}");
    e.send("setoption name Rules value staunton-1910");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("(Staunton, Drawn Games (c))")),
        "{lines:?}"
    );
    e.send("setoption name Rules value american-1897");
    e.sync();
    let lines = position(&mut e, "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 100 80");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("fifty moves on each side without a capture (Am. II 8 (b))")),
        "{lines:?}"
    );
    assert!(go(&mut e).is_some());
}

#[test]
fn am_ii_8_d_an_endless_series_of_checks_is_reported_only_when_proved() {
    let mut e = Engine::start();
    // White checks on e8 and h5 for ever (Kh7, Kg8).
    let perpetual = "position fen 6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 w - - 0 1";
    let lines = position(&mut e, perpetual);
    assert_eq!(
        lines,
        ["info string code: White may claim a draw: every defence of Black is answered by a check until the position recurs: White can subject the adverse King to an endless series of checks (Am. II 8 (d))"]
    );
    // Every check of the Queen on e7 loses her: nothing to claim.
    let lines = position(&mut e, "position fen r5k1/4Qppp/8/8/8/8/5PPP/6K1 w - - 0 1");
    assert!(lines.is_empty(), "{lines:?}");
    // Played into the series from a move earlier: the claim is White's, after Kg8.
    let lines = position(
        &mut e,
        "position fen 7k/6p1/8/7Q/8/8/qr3PPP/6K1 b - - 0 1 moves h8g8",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("endless series of checks (Am. II 8 (d))")),
        "{lines:?}"
    );
    e.send("setoption name Rules value staunton-1910");
    e.sync();
    let lines = position(&mut e, perpetual);
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("endless series of checks (Staunton, Drawn Games (d))")),
        "{lines:?}"
    );
    for rules in ["british-1894", "fide"] {
        e.send(&format!("setoption name Rules value {rules}"));
        e.sync();
        let lines = position(&mut e, perpetual);
        assert!(lines.is_empty(), "{rules}: {lines:?}");
    }
    assert!(go(&mut e).is_some());
}

#[test]
fn odds_starts_and_the_turn_of_several_moves() {
    let mut e = Engine::start();
    e.send("setoption name Odds value rook");
    e.sync();
    e.send("position startpos");
    e.sync();
    e.send("d");
    let text = e.sync().join("\n");
    assert!(
        text.contains("FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1"),
        "{text}"
    );
    // The standard array under rook odds: the man given is still there.
    let lines = position(
        &mut e,
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("the man given (the Rook on a1) still stands")),
        "{lines:?}"
    );
    // Castling without Rook under the Code, by the FEN letter or the odds preset.
    let lines = position(
        &mut e,
        "position startpos moves b2b3 e7e5 c1b2 d7d5 b1c3 g8f6 e2e3 f8d6 d1e2 e8g8 e1c1",
    );
    assert!(lines.is_empty(), "{lines:?}");
    // Under fide the preset has no such right, and the move is refused with the reason.
    e.send("setoption name Rules value fide");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("castling without the Rook on a1 is not allowed under fide")),
        "{lines:?}"
    );
    e.send("setoption name Rules value american-1897");
    e.send("setoption name Odds value pawn-and-two-moves");
    e.sync();
    for moves in ["e2e4 0000 d2d4 e7e5", "e2e4 d2d4 e7e5"] {
        let lines = position(&mut e, &format!("position startpos moves {moves}"));
        assert!(lines.is_empty(), "{moves}: {lines:?}");
        e.send("d");
        let text = e.sync().join("\n");
        assert!(
            text.contains("FEN: rnbqkbnr/pppp2pp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq e6 0 2"),
            "{text}"
        );
    }
    let lines = position(&mut e, "position startpos moves e2e4 e4e5");
    assert!(lines.iter().any(|l| l.contains("no man may go beyond the fourth rank") && l.contains("(Am. IV 4)")), "{lines:?}");
    // The engine moving inside the turn: within the fourth rank, and the same side again.
    position(&mut e, "position startpos moves e2e4 0000");
    let best = go(&mut e).expect("a second move");
    assert!(matches!(best.as_bytes()[3], b'1'..=b'4'), "{best}");
}

#[test]
fn notation_details() {
    let mut e = Engine::start();
    // Uppercase promotion letters.
    let lines = position(
        &mut e,
        "position fen 7k/P7/8/8/8/8/8/K7 w - - 0 1 moves a7a8Q",
    );
    assert!(lines.is_empty(), "{lines:?}");
    // Chess960: King takes Rook.
    e.send("setoption name UCI_Chess960 value true");
    e.sync();
    let lines = position(
        &mut e,
        "position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1h1",
    );
    assert!(lines.is_empty(), "{lines:?}");
    e.send("d");
    let text = e.sync().join("\n");
    assert!(
        text.contains("FEN: 1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1"),
        "{text}"
    );
    // No rook-less castling in Chess960.
    let lines = position(&mut e, "position fen 1r4kr/8/8/8/8/8/8/6K1 w HBhb - 0 1");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string warning: White's castling right")),
        "{lines:?}"
    );
}

#[test]
fn the_giver_passes_when_asked_to_move_inside_the_receivers_turn() {
    // Pawn and two moves: White's first turn is two moves (Am. IV 4). A GUI alternating
    // colours asks Black after e2e4; the answer is the giver's pass, which the next
    // position line carries.
    let mut e = Engine::start();
    e.send("setoption name Odds value pawn-and-two-moves");
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("Am. IV 4")), "{lines:?}");
    // With the pass in the list, White is asked for his second move, then Black moves.
    e.send("position startpos moves e2e4 0000");
    e.send("go depth 3");
    let second = best_of(&e.expect_prefix("bestmove")).unwrap();
    assert!(second.starts_with(|c: char| c.is_ascii_lowercase()));
    assert!(["1", "2", "3", "4"].contains(&&second[3..4]), "{second}");
    e.send(&format!("position startpos moves e2e4 0000 {second}"));
    e.send("go depth 3");
    let black = best_of(&e.expect_prefix("bestmove")).unwrap();
    assert!(["8", "7", "6", "5"].contains(&&black[1..2]), "{black}");
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn a_mate_condition_naming_the_receivers_man_is_refused_am_iv_6() {
    let mut e = Engine::start();
    e.send("setoption name Odds value rook");
    e.send("setoption name MateCondition value pawn:e7");
    let lines = position(&mut e, "position startpos");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: mate condition pawn:e7: the Pawn on e7 is Black's, not a man of White, the giver (Am. IV 6)")),
        "{lines:?}"
    );
    // Flagged, the game is played without it: the search does not think White lost.
    e.send("setoption name Validation value flag");
    let lines = position(&mut e, "position startpos");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("the game is played without it (Validation flag)")),
        "{lines:?}"
    );
    assert!(go(&mut e).is_some());
    e.send("setoption name MateCondition value pawn:e2");
    let lines = position(&mut e, "position startpos");
    assert!(
        !lines.iter().any(|l| l.contains("mate condition")),
        "{lines:?}"
    );
}

#[test]
fn draw_odds_without_a_giver_are_a_warning_br_vi_1() {
    let mut e = Engine::start();
    e.send("setoption name DrawOdds value true");
    let lines = position(&mut e, "position startpos");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string warning: DrawOdds is set, but nobody gives odds")),
        "{lines:?}"
    );
    e.send("setoption name Odds value knight");
    let lines = position(&mut e, "position startpos");
    assert!(!lines.iter().any(|l| l.contains("DrawOdds")), "{lines:?}");
}

#[test]
fn the_giver_is_the_side_the_fen_shows_without_the_odds_men_am_iv_3() {
    let mut e = Engine::start();
    e.send("setoption name Odds value knight");
    // Black gives the Knight: nothing comes back beyond promotion, nothing is refused.
    let lines = position(
        &mut e,
        "position fen r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(lines.is_empty(), "{lines:?}");
    // Named explicitly, White is the giver, and his second Knight cannot be.
    e.send("setoption name OddsGiver value white");
    let lines = position(
        &mut e,
        "position fen r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("White gave the Knight on b1 (Am. IV 3)")),
        "{lines:?}"
    );
}
