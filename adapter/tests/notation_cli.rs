//! `morphy notation read|write|game` and `morphy play --notation descriptive` on the
//! command line: stdout lines, stderr and exit codes (0 done, 1 no legal move or an
//! unreadable game, 2 a bad position).

use engine::{Position, Rules};

use crate::common::{morphy_with, stderr, stdout};

const ROOK_ODDS_AFTER_FIVE: &str = "rnbq1rk1/ppp2ppp/3b1n2/3pp3/8/1PN1P3/PBPPQPPP/4KBNR w KQ - 3 6";
const EN_PASSANT: &str = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
const PROMOTION: &str = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";

const OPERA_PGN: &str = "[Event \"Paris\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 {the pin} 4. dxe5 Bxf3 \
5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 (9... Qb4+) 10. Nxb5 cxb5 \
11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 \
17. Rd8# 1-0\n";

#[test]
fn read_prints_every_legal_move_a_record_can_express() {
    let one = morphy_with(&["notation", "read", "Kt-K", "B", "3"], "");
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(stdout(&one), "g1f3\n");
    assert_eq!(stderr(&one), "");
    // Am. III 3: both moves on stdout, the ambiguity on stderr.
    let two = morphy_with(&["notation", "read", "Kt-B3"], "");
    assert_eq!(two.status.code(), Some(0));
    assert_eq!(stdout(&two), "b1c3\ng1f3\n");
    assert!(
        stderr(&two).starts_with("ambiguous: 'Kt-B3' can express 2 legal moves"),
        "{}",
        stderr(&two)
    );
    assert!(
        stderr(&two).trim_end().ends_with("(Am. III 3)"),
        "{}",
        stderr(&two)
    );
    // No legal reading is exit 1 and nothing on stdout, with the true reason and law.
    let none = morphy_with(&["notation", "read", "P-K5"], "");
    assert_eq!(none.status.code(), Some(1));
    assert_eq!(stdout(&none), "");
    assert!(
        stderr(&none).contains("no Pawn of yours can go to e5 (Am. I 9, I 11 E (a))"),
        "{}",
        stderr(&none)
    );
    let garbage = morphy_with(&["notation", "read", "Zz-K4"], "");
    assert_eq!(garbage.status.code(), Some(1));
    assert!(
        stderr(&garbage).contains("not a record of a move"),
        "{}",
        stderr(&garbage)
    );
    // A bad FEN is exit 2.
    let bad = morphy_with(&["notation", "read", "--fen", "bogus", "P-K4"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("cannot read FEN 'bogus'"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn read_castling_without_rook_en_passant_and_black() {
    // Rook odds, Am. IV 5: castling on the side of the missing Rook is e1c1.
    let castles = morphy_with(
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
    assert_eq!(stdout(&castles), "e1c1\n", "{}", stderr(&castles));
    // The same from the odds start, as a game: the score says `Castles QR` and reads back.
    let moves = "b2b3 e7e5 c1b2 d7d5 b1c3 g8f6 e2e3 f8d6 d1e2 e8g8 e1c1";
    let score = morphy_with(&["notation", "game", "--odds", "rook"], moves);
    assert!(
        stdout(&score).ends_with("\n6. Castles QR\n"),
        "{}{}",
        stdout(&score),
        stderr(&score)
    );
    let back = morphy_with(&["notation", "game", "--odds", "rook"], &stdout(&score));
    assert_eq!(stdout(&back), format!("{moves}\n"));
    let ep = morphy_with(&["notation", "read", "--fen", EN_PASSANT, "PxP i.p."], "");
    assert_eq!(stdout(&ep), "e5d6\n", "{}", stderr(&ep));
    // Black's K4 is e5.
    let black = morphy_with(
        &[
            "notation",
            "read",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "P-K4",
        ],
        "",
    );
    assert_eq!(stdout(&black), "e7e5\n");
    // In the receiver's turn of several moves no man goes beyond the fourth rank.
    let two_moves = morphy_with(&["notation", "read", "--odds", "two-moves", "P-K5"], "");
    assert_eq!(two_moves.status.code(), Some(1));
    assert!(
        stderr(&two_moves).contains("(Am. IV 4)"),
        "{}",
        stderr(&two_moves)
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
        let o = morphy_with(&all, "");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), want, "{args:?}");
    }
    let illegal = morphy_with(&["notation", "write", "e2e5"], "");
    assert_eq!(illegal.status.code(), Some(1));
    assert!(
        stderr(&illegal).contains("'e2e5' is not a legal move"),
        "{}",
        stderr(&illegal)
    );
    let american = morphy_with(&["notation", "write", "--fen", PROMOTION, "e7e8"], "");
    assert_eq!(american.status.code(), Some(1));
}

#[test]
fn game_turns_pgn_into_a_descriptive_score_and_back() {
    let score = morphy_with(&["notation", "game"], OPERA_PGN);
    assert_eq!(score.status.code(), Some(0), "{}", stderr(&score));
    let text = stdout(&score);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 17);
    assert_eq!(lines[0], " 1. P-K4        P-K4");
    assert_eq!(lines[10], "11. BxKtP ch    QKt-Q2");
    assert_eq!(lines[11], "12. Castles QR  R-Q1");
    assert_eq!(lines[16], "17. R-Q8 mate");
    // The score back: UCI by default, SAN on request.
    let uci = morphy_with(&["notation", "game"], &text);
    assert_eq!(uci.status.code(), Some(0), "{}", stderr(&uci));
    assert!(
        stdout(&uci).starts_with("e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 "),
        "{}",
        stdout(&uci)
    );
    assert!(stdout(&uci).contains(" e1c1 a8d8 "), "{}", stdout(&uci));
    let san = morphy_with(&["notation", "game", "--to", "san"], &text);
    assert!(
        stdout(&san).starts_with("1. e4 e5 2. Nf3 d6"),
        "{}",
        stdout(&san)
    );
    assert!(
        stdout(&san).trim_end().ends_with("17. Rd8#"),
        "{}",
        stdout(&san)
    );
    // UCI in, descriptive out, from a file argument.
    let dir = std::env::temp_dir().join(format!("morphy-notation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("opera.txt");
    std::fs::write(&file, stdout(&uci)).unwrap();
    let again = morphy_with(&["notation", "game", file.to_str().unwrap()], "");
    assert_eq!(stdout(&again), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn game_counts_a_turn_of_several_moves_as_one_move() {
    // Am. IV 4: the receiver's two moves are his first move; the giver's pass is 0000.
    let args = ["notation", "game", "--odds", "pawn-and-two-moves"];
    let score = morphy_with(&args, "e2e4 0000 d2d4 e7e6 g1f3");
    assert_eq!(
        stdout(&score),
        "1. P-K4, P-Q4  P-K3\n2. Kt-KB3\n",
        "{}",
        stderr(&score)
    );
    let uci = morphy_with(&args, "1. P-K4, P-Q4 P-K3 2. Kt-KB3");
    assert_eq!(
        stdout(&uci),
        "e2e4 0000 d2d4 e7e6 g1f3\n",
        "{}",
        stderr(&uci)
    );
    let misplaced = morphy_with(&args, "e2e4 e7e5");
    assert_eq!(misplaced.status.code(), Some(1));
}

#[test]
fn game_stops_at_an_ambiguous_or_illegal_record() {
    let ambiguous = morphy_with(&["notation", "game"], "1. P-K4 P-K4 2. Kt-B3 Kt-QB3");
    assert_eq!(ambiguous.status.code(), Some(1));
    assert_eq!(stdout(&ambiguous), "");
    assert!(
        stderr(&ambiguous).contains("move 2 (White): 'Kt-B3' can express 2 legal moves"),
        "{}",
        stderr(&ambiguous)
    );
    let illegal = morphy_with(&["notation", "game"], "1. P-K4 P-K5");
    assert_eq!(illegal.status.code(), Some(1));
    assert!(
        stderr(&illegal)
            .contains("move 1 (Black): 'P-K5' (read as a Pawn to e4) is not a legal move here"),
        "{}",
        stderr(&illegal)
    );
}

#[test]
fn play_reads_and_shows_descriptive_moves() {
    let o = morphy_with(
        &["play", "--depth", "1", "--notation", "descriptive"],
        "P-K4\nKt-B3\nKt-KB3\nquit\n",
    );
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
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
