//! `morphy notation read|write|game` and `morphy play --notation descriptive` on the
//! command line: stdout lines, stderr and exit codes (0 done, 1 no legal move or an
//! unreadable game, 2 a bad position).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use engine::{Position, Rules};

fn morphy(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_morphy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("morphy runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("morphy ends")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const ROOK_ODDS_AFTER_FIVE: &str = "rnbq1rk1/ppp2ppp/3b1n2/3pp3/8/1PN1P3/PBPPQPPP/4KBNR w KQ - 3 6";
const EN_PASSANT: &str = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
const PROMOTION: &str = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";

const OPERA_PGN: &str = "[Event \"Paris\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 {the pin} 4. dxe5 Bxf3 \
5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 (9... Qb4+) 10. Nxb5 cxb5 \
11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 \
17. Rd8# 1-0\n";

#[test]
fn read_prints_every_legal_move_a_record_can_express() {
    let one = morphy(&["notation", "read", "Kt-K", "B", "3"], "");
    assert_eq!(one.status.code(), Some(0), "{}", err(&one));
    assert_eq!(out(&one), "g1f3\n");
    assert_eq!(err(&one), "");
    // Am. III 3: both moves on stdout, the ambiguity on stderr.
    let two = morphy(&["notation", "read", "Kt-B3"], "");
    assert_eq!(two.status.code(), Some(0));
    assert_eq!(out(&two), "b1c3\ng1f3\n");
    assert!(
        err(&two).starts_with("ambiguous: 'Kt-B3' can express 2 legal moves"),
        "{}",
        err(&two)
    );
    assert!(
        err(&two).trim_end().ends_with("(Am. III 3)"),
        "{}",
        err(&two)
    );
    // Am. I 13 C: no legal reading is exit 1 and nothing on stdout.
    let none = morphy(&["notation", "read", "P-K5"], "");
    assert_eq!(none.status.code(), Some(1));
    assert_eq!(out(&none), "");
    assert!(err(&none).contains("(Am. I 13 C)"), "{}", err(&none));
    let garbage = morphy(&["notation", "read", "Zz-K4"], "");
    assert_eq!(garbage.status.code(), Some(1));
    assert!(
        err(&garbage).contains("not a record of a move"),
        "{}",
        err(&garbage)
    );
    // A bad FEN is exit 2.
    let bad = morphy(&["notation", "read", "--fen", "bogus", "P-K4"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        err(&bad).contains("cannot read FEN 'bogus'"),
        "{}",
        err(&bad)
    );
}

#[test]
fn read_castling_without_rook_en_passant_and_black() {
    // Rook odds, Am. IV 5: castling on the side of the missing Rook is e1c1.
    let castles = morphy(
        &[
            "notation",
            "read",
            "--odds",
            "rook",
            "--fen",
            ROOK_ODDS_AFTER_FIVE,
            "Castles",
            "QR",
        ],
        "",
    );
    assert_eq!(out(&castles), "e1c1\n", "{}", err(&castles));
    // The same from the odds start, as a game: the score says `Castles QR` and reads back.
    let moves = "b2b3 e7e5 c1b2 d7d5 b1c3 g8f6 e2e3 f8d6 d1e2 e8g8 e1c1";
    let score = morphy(&["notation", "game", "--odds", "rook"], moves);
    assert!(
        out(&score).ends_with("\n6. Castles QR\n"),
        "{}{}",
        out(&score),
        err(&score)
    );
    let back = morphy(&["notation", "game", "--odds", "rook"], &out(&score));
    assert_eq!(out(&back), format!("{moves}\n"));
    let ep = morphy(&["notation", "read", "--fen", EN_PASSANT, "PxP i.p."], "");
    assert_eq!(out(&ep), "e5d6\n", "{}", err(&ep));
    // Black's K4 is e5.
    let black = morphy(
        &[
            "notation",
            "read",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "P-K4",
        ],
        "",
    );
    assert_eq!(out(&black), "e7e5\n");
    // In the receiver's turn of several moves no man goes beyond the fourth rank.
    let two_moves = morphy(&["notation", "read", "--odds", "two-moves", "P-K5"], "");
    assert_eq!(two_moves.status.code(), Some(1));
    assert!(
        err(&two_moves).contains("(Am. IV 4)"),
        "{}",
        err(&two_moves)
    );
}

#[test]
fn write_prints_the_shortest_record_naming_the_move_alone() {
    let cases: [(&[&str], &str); 5] = [
        (&["g1f3"], "Kt-KB3\n"),
        (
            &["--odds", "rook", "--fen", ROOK_ODDS_AFTER_FIVE, "e1c1"],
            "Castles QR\n",
        ),
        (&["--fen", EN_PASSANT, "e5d6"], "PxP e.p.\n"),
        (&["--fen", PROMOTION, "e7e8q"], "P-K8(Q) ch\n"),
        // Br. IV 15: the Pawn remains a Pawn.
        (
            &["--rules", "british-1894", "--fen", PROMOTION, "e7e8"],
            "P-K8(P)\n",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["notation", "write"];
        all.extend_from_slice(args);
        let o = morphy(&all, "");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        assert_eq!(out(&o), want, "{args:?}");
    }
    let illegal = morphy(&["notation", "write", "e2e5"], "");
    assert_eq!(illegal.status.code(), Some(1));
    assert!(
        err(&illegal).contains("'e2e5' is not a legal move"),
        "{}",
        err(&illegal)
    );
    let american = morphy(&["notation", "write", "--fen", PROMOTION, "e7e8"], "");
    assert_eq!(american.status.code(), Some(1));
}

#[test]
fn game_turns_pgn_into_a_descriptive_score_and_back() {
    let score = morphy(&["notation", "game"], OPERA_PGN);
    assert_eq!(score.status.code(), Some(0), "{}", err(&score));
    let text = out(&score);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 17);
    assert_eq!(lines[0], " 1. P-K4        P-K4");
    assert_eq!(lines[10], "11. BxKtP ch    QKt-Q2");
    assert_eq!(lines[11], "12. Castles QR  R-Q1");
    assert_eq!(lines[16], "17. R-Q8 mate");
    // The score back: UCI by default, SAN on request.
    let uci = morphy(&["notation", "game"], &text);
    assert_eq!(uci.status.code(), Some(0), "{}", err(&uci));
    assert!(
        out(&uci).starts_with("e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 "),
        "{}",
        out(&uci)
    );
    assert!(out(&uci).contains(" e1c1 a8d8 "), "{}", out(&uci));
    let san = morphy(&["notation", "game", "--to", "san"], &text);
    assert!(out(&san).starts_with("1. e4 e5 2. Nf3 d6"), "{}", out(&san));
    assert!(out(&san).trim_end().ends_with("17. Rd8#"), "{}", out(&san));
    // UCI in, descriptive out, from a file argument.
    let dir = std::env::temp_dir().join(format!("morphy-notation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("opera.txt");
    std::fs::write(&file, out(&uci)).unwrap();
    let again = morphy(&["notation", "game", file.to_str().unwrap()], "");
    assert_eq!(out(&again), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn game_counts_a_turn_of_several_moves_as_one_move() {
    // Am. IV 4: the receiver's two moves are his first move; the giver's pass is 0000.
    let args = ["notation", "game", "--odds", "pawn-and-two-moves"];
    let score = morphy(&args, "e2e4 0000 d2d4 e7e6 g1f3");
    assert_eq!(
        out(&score),
        "1. P-K4, P-Q4  P-K3\n2. Kt-KB3\n",
        "{}",
        err(&score)
    );
    let uci = morphy(&args, "1. P-K4, P-Q4 P-K3 2. Kt-KB3");
    assert_eq!(out(&uci), "e2e4 0000 d2d4 e7e6 g1f3\n", "{}", err(&uci));
    let misplaced = morphy(&args, "e2e4 e7e5");
    assert_eq!(misplaced.status.code(), Some(1));
}

#[test]
fn game_stops_at_an_ambiguous_or_illegal_record() {
    let ambiguous = morphy(&["notation", "game"], "1. P-K4 P-K4 2. Kt-B3 Kt-QB3");
    assert_eq!(ambiguous.status.code(), Some(1));
    assert_eq!(out(&ambiguous), "");
    assert!(
        err(&ambiguous).contains("move 2 (White): 'Kt-B3' can express 2 legal moves"),
        "{}",
        err(&ambiguous)
    );
    let illegal = morphy(&["notation", "game"], "1. P-K4 P-K5");
    assert_eq!(illegal.status.code(), Some(1));
    assert!(
        err(&illegal).contains("move 1 (Black): 'P-K5' expresses no legal move"),
        "{}",
        err(&illegal)
    );
}

#[test]
fn play_reads_and_shows_descriptive_moves() {
    let o = morphy(
        &["play", "--depth", "1", "--notation", "descriptive"],
        "P-K4\nKt-B3\nKt-KB3\nquit\n",
    );
    assert_eq!(o.status.code(), Some(0));
    let text = out(&o);
    assert!(text.contains("You play 1. P-K4\n"), "{text}");
    assert!(
        text.contains("> Kt-B3\nerror: 'Kt-B3' can express 2 legal moves"),
        "{text}"
    );
    assert!(text.contains("You play 2. Kt-KB3\n"), "{text}");
    // Morphy's reply is written in descriptive notation: it reads back as one legal move.
    let reply = text
        .lines()
        .find_map(|l| l.strip_prefix("Morphy plays 1... "))
        .and_then(|l| l.split(" (").next())
        .unwrap_or_else(|| panic!("no reply in {text}"));
    let mut pos = Position::startpos(Rules::default());
    pos.play(pos.parse_uci_move("e2e4").unwrap());
    assert_eq!(
        pos.read_descriptive(reply).map(|m| m.len()),
        Ok(1),
        "{reply}"
    );
    assert!(
        text.contains("\n1. P-K4 "),
        "the final score is descriptive: {text}"
    );
}
