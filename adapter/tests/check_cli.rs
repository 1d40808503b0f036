//! `morphy check`, `perft` and `bench` on the command line: output and exit codes
//! (0 valid, 1 invalid, 2 usage error).

use crate::common::{morphy, stdout};

#[test]
fn check_exit_codes() {
    let valid = morphy(&[
        "check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(valid.status.code(), Some(0), "{}", stdout(&valid));
    assert!(stdout(&valid).starts_with("valid: "));
    let invalid = morphy(&[
        "check",
        "--rules",
        "fide",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR",
        "w",
        "KQkq",
        "-",
        "0",
        "1",
        "e1c1",
    ]);
    assert_eq!(invalid.status.code(), Some(1));
    assert!(
        stdout(&invalid).contains("error: move 1 'e1c1'"),
        "{}",
        stdout(&invalid)
    );
    for usage in [
        &["check"][..],
        &["check", "--rules", "bogus", "startpos"][..],
        &["check", "--odds", "castle", "startpos"][..],
        &["check", "--validation", "strict", "startpos"][..],
        &["frobnicate"][..],
    ] {
        assert_eq!(morphy(usage).status.code(), Some(2), "{usage:?}");
    }
}

#[test]
fn check_reads_moves_odds_and_modes() {
    let o = morphy(&[
        "check",
        "--odds",
        "pawn-and-two-moves",
        "startpos",
        "moves",
        "e2e4",
        "0000",
        "d2d4",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("valid: rnbqkbnr/ppppp1pp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 1"),
        "{}",
        stdout(&o)
    );
    let nine = "k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1";
    assert_eq!(morphy(&["check", nine]).status.code(), Some(1));
    assert_eq!(
        morphy(&["check", "--validation", "flag", nine])
            .status
            .code(),
        Some(0)
    );
    let o = morphy(&[
        "check",
        "--chess960",
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        "g1h1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn check_json_is_one_object() {
    let o = morphy(&["check", "--json", "k7/8/8/8/8/8/8/K6P w - - 0 1"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o).trim(),
        "{\"valid\":false,\"rules\":\"american-1897\",\"odds\":\"none\",\"fen\":null,\"findings\":[{\"severity\":\"error\",\"kind\":\"pawn-on-first-rank\",\"law\":\"Am. I 4\",\"squares\":[\"h1\"],\"message\":\"White Pawn on its own first rank: h1\"}]}"
    );
}

#[test]
fn perft_and_bench_print_counts() {
    let o = morphy(&["perft", "3"]);
    assert!(
        stdout(&o).contains("Nodes searched: 8902"),
        "{}",
        stdout(&o)
    );
    let o = morphy(&[
        "perft",
        "2",
        "--divide",
        "--fen",
        "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1",
    ]);
    assert!(
        stdout(&o).contains("e1c1: "),
        "castling without Rook in divide: {}",
        stdout(&o)
    );
    let o = morphy(&["perft", "1", "--odds", "rook", "--rules", "fide"]);
    assert!(stdout(&o).contains("Nodes searched: 20"), "{}", stdout(&o));
    let nodes = |args: &[&str]| {
        let o = morphy(args);
        assert_eq!(o.status.code(), Some(0));
        let text = stdout(&o);
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .unwrap_or_else(|| panic!("no node count: {text}"))
            .to_string()
    };
    assert_ne!(
        nodes(&["bench", "4"]),
        nodes(&["bench", "4", "--hand-crafted"]),
        "--hand-crafted must change the evaluation"
    );
}

#[test]
fn a_mate_condition_naming_no_man_of_the_givers_is_refused_am_iv_6() {
    let o = morphy(&[
        "check",
        "--odds",
        "rook",
        "--mate-condition",
        "pawn:e7",
        "startpos",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("error: mate condition pawn:e7: the Pawn on e7 is Black's, not a man of White, the giver (Am. IV 6)"),
        "{}",
        stdout(&o)
    );
    // An empty square, and a man named on a side that gives nothing.
    let o = morphy(&[
        "check",
        "--odds",
        "rook",
        "--mate-condition",
        "man:e4",
        "startpos",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("no man stands on e4"), "{}", stdout(&o));
    let o = morphy(&["check", "--mate-condition", "man:b1", "startpos"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("nobody gives odds"), "{}", stdout(&o));
    // A Knight named by man:SQ is the Staunton code's mate with a particular man.
    let o = morphy(&[
        "check",
        "--rules",
        "staunton-1910",
        "--odds",
        "rook",
        "--mate-condition",
        "man:g1",
        "startpos",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn draw_odds_nobody_gives_are_a_warning_br_vi_1() {
    let o = morphy(&["check", "--draw-odds", "startpos"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("warning: DrawOdds is set, but nobody gives odds"),
        "{}",
        stdout(&o)
    );
    let o = morphy(&[
        "check",
        "--draw-odds",
        "--odds",
        "rook",
        "--giver",
        "none",
        "startpos",
    ]);
    assert!(
        stdout(&o).contains("warning: DrawOdds is set"),
        "{}",
        stdout(&o)
    );
    let o = morphy(&["check", "--draw-odds", "--odds", "rook", "startpos"]);
    assert!(!stdout(&o).contains("warning"), "{}", stdout(&o));
}

#[test]
fn a_lost_marked_pawn_is_said_with_its_law_am_iv_8() {
    // Rook odds, White to mate with the g2 Pawn; Black's Bishop takes it.
    let o = morphy(&[
        "check",
        "--odds",
        "rook",
        "--mate-condition",
        "pawn:g2",
        "startpos",
        "moves",
        "e2e4",
        "b7b6",
        "d2d4",
        "c8b7",
        "a2a3",
        "b7e4",
        "b1c3",
        "e4g2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("code: result 0-1: White undertook to mate with the Pawn that started on g2, which was captured on g2"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("forfeits the game (Am. IV 6, 8)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn men_the_odds_removed_do_not_come_back_am_iv_3() {
    let queen = morphy(&[
        "check",
        "--odds",
        "queen",
        "rnbqkbnr/pppppppp/8/8/8/4Q3/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
    ]);
    assert_eq!(queen.status.code(), Some(1), "{}", stdout(&queen));
    assert!(
        stdout(&queen).contains("error: a game at the odds of queen: White gave the Queen on d1 (Am. IV 3), and has 1 piece(s) more than the odds left him, with only 0 Pawn(s) missing to have been promoted (Am. IV 3)"),
        "{}",
        stdout(&queen)
    );
    let knights = morphy(&[
        "check",
        "--odds",
        "knight",
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(knights.status.code(), Some(1), "{}", stdout(&knights));
    assert!(
        stdout(&knights).contains("White gave the Knight on b1"),
        "{}",
        stdout(&knights)
    );
    // One Knight moved, or a Queen with a Pawn missing to have promoted: possible.
    for (odds, fen) in [
        (
            "knight",
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/R1BQKB1R w KQkq - 0 1",
        ),
        (
            "queen",
            "rnbqkbnr/pppppppp/8/8/8/4Q3/PPPPPPP1/RNB1KBNR w KQkq - 0 1",
        ),
    ] {
        let o = morphy(&["check", "--odds", odds, fen]);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    }
}

#[test]
fn an_en_passant_square_must_explain_the_check() {
    let o = morphy(&["check", "4k3/8/8/b2p4/8/8/8/4K3 w - d6 0 1"]);
    assert!(
        stdout(&o).contains("en passant square d6: the Black Pawn's double step over it could not have given the check White now stands in"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn an_unknown_option_is_a_usage_error_and_options_may_follow_the_position() {
    let bogus = morphy(&["check", "--bogus", "startpos"]);
    assert_eq!(bogus.status.code(), Some(2), "{}", stdout(&bogus));
    assert!(
        String::from_utf8_lossy(&bogus.stderr).contains("'--bogus'"),
        "the option is named"
    );
    let after = morphy(&[
        "check", "startpos", "moves", "e2e4", "--rules", "fide", "--json",
    ]);
    assert_eq!(after.status.code(), Some(0), "{}", stdout(&after));
    assert!(
        stdout(&after).contains("\"rules\":\"fide\""),
        "{}",
        stdout(&after)
    );
    // A FEN's `-` fields are still values.
    let fields = morphy(&["check", "4k3/8/8/8/8/8/8/4K2R", "w", "K", "-", "0", "1"]);
    assert_eq!(fields.status.code(), Some(0), "{}", stdout(&fields));
}
