//! `morphy check`, `perft` and `bench` on the command line: output and exit codes
//! (0 valid, 1 invalid, 2 usage error).

use std::process::{Command, Output};

fn morphy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_morphy"))
        .args(args)
        .output()
        .expect("morphy runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

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
    let o = morphy(&["bench", "1"]);
    assert!(stdout(&o).contains("Nodes searched: "), "{}", stdout(&o));
    assert_eq!(o.status.code(), Some(0));
}
