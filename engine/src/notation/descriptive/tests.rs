use super::score::{read_score, score};
use super::DescriptiveError;
use crate::game::Game;
use crate::position::Position;
use crate::rules::odds::Odds;
use crate::rules::RuleSet;
use crate::rules::Rules;
use crate::setup::Setup;
use crate::types::Move;

fn pos(fen: &str, set: RuleSet) -> Position {
    let rules = Rules::new(set);
    Position::from_setup(&Setup::from_fen(fen, false).unwrap(), rules).unwrap()
}

fn am(fen: &str) -> Position {
    pos(fen, RuleSet::American1897)
}

/// The UCI of every move a record can express.
fn reads(p: &Position, text: &str) -> Vec<String> {
    match p.read_descriptive(text) {
        Ok(moves) => moves.iter().map(|m| p.uci_move(*m)).collect(),
        Err(e) => panic!("{text}: {e}"),
    }
}

/// Plays a game given as (descriptive record, SAN) pairs: each record must express
/// exactly the SAN move, and be what the writer writes for it.
fn play_historic(start: &Position, pairs: &[(&str, &str)], writer_agrees: bool) -> Game {
    let mut game = Game::new(start.clone());
    for (i, (record, san)) in pairs.iter().enumerate() {
        let p = game.current().clone();
        let want = p
            .parse_san(san)
            .unwrap_or_else(|e| panic!("ply {i} {san}: {e}"));
        let got = p.read_descriptive(record);
        assert_eq!(
            got,
            Ok(vec![want]),
            "ply {} '{record}' should be {san}",
            i + 1
        );
        if writer_agrees {
            assert_eq!(p.descriptive(want), *record, "ply {} ({san})", i + 1);
        }
        game.try_play(want).unwrap();
    }
    game
}

/// Morphy v. the Duke of Brunswick and Count Isouard, Paris 1858 (the Opera game), as
/// the period's scores print it.
const OPERA: [(&str, &str); 33] = [
    ("P-K4", "e4"),
    ("P-K4", "e5"),
    ("Kt-KB3", "Nf3"),
    ("P-Q3", "d6"),
    ("P-Q4", "d4"),
    ("B-Kt5", "Bg4"),
    ("PxP", "dxe5"),
    ("BxKt", "Bxf3"),
    ("QxB", "Qxf3"),
    ("PxP", "dxe5"),
    ("B-QB4", "Bc4"),
    ("Kt-KB3", "Nf6"),
    ("Q-QKt3", "Qb3"),
    ("Q-K2", "Qe7"),
    ("Kt-B3", "Nc3"),
    ("P-B3", "c6"),
    ("B-KKt5", "Bg5"),
    ("P-Kt4", "b5"),
    ("KtxP", "Nxb5"),
    ("PxKt", "cxb5"),
    ("BxKtP ch", "Bxb5+"),
    ("QKt-Q2", "Nbd7"),
    ("Castles QR", "O-O-O"),
    ("R-Q1", "Rd8"),
    ("RxKt", "Rxd7"),
    ("RxR", "Rxd7"),
    ("R-Q1", "Rd1"),
    ("Q-K3", "Qe6"),
    ("BxR ch", "Bxd7+"),
    ("KtxB", "Nxd7"),
    ("Q-Kt8 ch", "Qb8+"),
    ("KtxQ", "Nxb8"),
    ("R-Q8 mate", "Rd8#"),
];

#[test]
fn the_opera_game_is_read_and_written_as_the_period_printed_it() {
    // Am. I 13: every record of the 1858 score expresses its move, and the writer's
    // shortest record is the period's own.
    let start = Position::startpos(Rules::default());
    let game = play_historic(&start, &OPERA, true);
    let text = score(&game);
    assert!(
        text.starts_with(" 1. P-K4        P-K4\n 2. Kt-KB3      P-Q3\n"),
        "{text}"
    );
    assert!(
        text.contains("\n11. BxKtP ch    QKt-Q2\n12. Castles QR  R-Q1\n"),
        "{text}"
    );
    assert!(text.ends_with("\n17. R-Q8 mate"), "{text}");
    assert_eq!(read_score(&start, &text).unwrap(), game.moves());
    // The score as the brief prints it: numbers without dots, one line.
    let flat: Vec<String> = OPERA
        .chunks(2)
        .enumerate()
        .map(|(i, c)| {
            let moves: Vec<&str> = c.iter().map(|(r, _)| *r).collect();
            format!("{} {}", i + 1, moves.join(" "))
        })
        .collect();
    assert_eq!(read_score(&start, &flat.join(" ")).unwrap(), game.moves());
}

#[test]
fn the_immortal_game_reads_as_its_san() {
    // Anderssen v. Kieseritzky, London 1851, from a descriptive score of the period.
    let pairs = [
        ("P-K4", "e4"),
        ("P-K4", "e5"),
        ("P-KB4", "f4"),
        ("PxP", "exf4"),
        ("B-B4", "Bc4"),
        ("Q-R5 ch", "Qh4+"),
        ("K-B1", "Kf1"),
        ("P-QKt4", "b5"),
        ("BxKtP", "Bxb5"),
        ("Kt-KB3", "Nf6"),
        ("Kt-KB3", "Nf3"),
        ("Q-R3", "Qh6"),
        ("P-Q3", "d3"),
        ("Kt-R4", "Nh5"),
        ("Kt-R4", "Nh4"),
        ("Q-Kt4", "Qg5"),
        ("Kt-B5", "Nf5"),
        ("P-QB3", "c6"),
        ("P-KKt4", "g4"),
        ("Kt-B3", "Nf6"),
        ("R-Kt1", "Rg1"),
        ("PxB", "cxb5"),
        ("P-KR4", "h4"),
        ("Q-Kt3", "Qg6"),
        ("P-R5", "h5"),
        ("Q-Kt4", "Qg5"),
        ("Q-B3", "Qf3"),
        ("Kt-Kt1", "Ng8"),
        ("BxP", "Bxf4"),
        ("Q-B3", "Qf6"),
        ("Kt-B3", "Nc3"),
        ("B-B4", "Bc5"),
        ("Kt-Q5", "Nd5"),
        ("QxP", "Qxb2"),
        ("B-Q6", "Bd6"),
        ("BxR", "Bxg1"),
        ("P-K5", "e5"),
        ("QxR ch", "Qxa1+"),
        ("K-K2", "Ke2"),
        ("Kt-QR3", "Na6"),
        ("KtxP ch", "Nxg7+"),
        ("K-Q1", "Kd8"),
        ("Q-B6 ch", "Qf6+"),
        ("KtxQ", "Nxf6"),
        ("B-K7 mate", "Be7#"),
    ];
    let start = Position::startpos(Rules::default());
    let game = play_historic(&start, &pairs, false);
    assert_eq!(read_score(&start, &score(&game)).unwrap(), game.moves());
}

#[test]
fn squares_are_named_from_the_movers_side() {
    let mut p = Position::startpos(Rules::default());
    assert_eq!(reads(&p, "P-K4"), ["e2e4"]);
    p.play(p.parse_uci_move("e2e4").unwrap());
    // Black's K4 is e5, his KB3 is f6 (Am. I 13 A: "the player's name of the square").
    assert_eq!(reads(&p, "P-K4"), ["e7e5"]);
    assert_eq!(reads(&p, "Kt-KB3"), ["g8f6"]);
    assert_eq!(p.descriptive(p.parse_uci_move("b8c6").unwrap()), "Kt-QB3");
}

#[test]
fn old_spacing_case_and_letters_are_read() {
    let p = Position::startpos(Rules::default());
    for text in [
        "Kt-K B 3",
        "K Kt-B3",
        "N-KB3",
        "kt-kb3",
        "KKt - KB3",
        "Kt-KB3 !",
    ] {
        assert_eq!(reads(&p, text), ["g1f3"], "{text}");
    }
    assert_eq!(reads(&p, "P-Q 4"), ["d2d4"]);
    assert_eq!(reads(&p, "P Q4"), ["d2d4"]);
    assert_eq!(
        reads(
            &p,
            "Knight on King's Knight's first square to King's Bishop's third square"
        ),
        ["g1f3"]
    );
    assert_eq!(reads(&p, "Pawn to Queen's fourth"), ["d2d4"]);
    let q = am("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1");
    for text in [
        "Q x P",
        "QxP",
        "Q takes Pawn",
        "QxQ5",
        "QxP(Q5)",
        "QxP on Q5",
        "Q:P",
    ] {
        assert_eq!(reads(&q, text), ["d1d5"], "{text}");
    }
}

#[test]
fn an_ambiguous_record_reports_every_legal_move() {
    // Am. III 3: "if the terms can be interpreted as expressing more than one legal move,
    // the side receiving the communication may adopt any one of such moves" — so the
    // reader names them all and never picks one.
    let p = Position::startpos(Rules::default());
    assert_eq!(reads(&p, "Kt-B3"), ["b1c3", "g1f3"], "Am. III 3: both");
    assert_eq!(reads(&p, "P-B4"), ["c2c4", "f2f4"], "Am. III 3: both");
    let err = p.parse_descriptive("Kt-B3").unwrap_err();
    assert_eq!(
        err,
        DescriptiveError::Ambiguous {
            text: "Kt-B3".to_string(),
            candidates: vec!["Kt-QB3 (b1c3)".to_string(), "Kt-KB3 (g1f3)".to_string()],
        }
    );
    assert!(err.to_string().ends_with("(Am. III 3)"), "{err}");
    // Two pawns can take the same pawn: `PxP` is both.
    let two = am("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    assert_eq!(reads(&two, "PxP"), ["c4d5", "e4d5"]);
    assert_eq!(reads(&two, "KPxP"), ["e4d5"]);
    assert_eq!(reads(&two, "P(K4)xP"), ["e4d5"]);
    assert_eq!(reads(&two, "BPxP"), ["c4d5"]);
    assert_eq!(two.descriptive(two.parse_uci_move("e4d5").unwrap()), "KPxP");
    // A score stops at an ambiguous record rather than guess.
    let start = Position::startpos(Rules::default());
    let e = read_score(&start, "1. P-K4 P-K4 2. Kt-B3").unwrap_err();
    assert_eq!((e.number, e.moves_read), (2, 2));
    assert!(matches!(e.error, DescriptiveError::Ambiguous { .. }), "{e}");
}

#[test]
fn a_record_is_read_as_its_legal_move_only() {
    // Am. I 13 C: "A record ... may not be interpreted as expressing an illegal move if it
    // can be interpreted as expressing a legal move." Both Knights can reach KB3 as
    // written, but the one on d2 is pinned by the Bishop on b4.
    let p = am("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(
        reads(&p, "Kt-KB3"),
        ["g1f3"],
        "Am. I 13 C: only the legal reading"
    );
    assert_eq!(
        reads(&p, "Kt-B3"),
        ["g1f3"],
        "Am. I 13 C: only the legal reading"
    );
    assert_eq!(p.descriptive(p.parse_uci_move("g1f3").unwrap()), "Kt-B3");
    // `B4` names c4 and f4; only one is a legal square for this Bishop.
    let b = am("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(reads(&b, "B-B4"), ["c1f4"]);
    // No legal reading at all: an error naming what was read.
    let e = p.read_descriptive("Kt-Q4").unwrap_err();
    assert_eq!(
        e.to_string(),
        "'Kt-Q4' (read as a Knight to d4) is not a legal move here: no Knight of yours can go to d4 (Am. I 9, I 11 E (a))"
    );
    // A record naming no square a man could go to keeps the law of records.
    let nothing_to_take = p.read_descriptive("QxB").unwrap_err();
    assert_eq!(
        nothing_to_take.to_string(),
        "'QxB' expresses no legal move here (read as a Queen taking a Bishop) (Am. I 13 C)"
    );
    assert_eq!(
        p.read_descriptive("Zz-K4"),
        Err(DescriptiveError::Malformed("Zz-K4".to_string()))
    );
}

#[test]
fn qualifiers_tell_two_men_apart() {
    // Rooks on c1 and f1 both reach d1: `QR`, `R(QB1)` or `R/QB1` names the first.
    let rooks = am("4k3/8/8/8/8/8/8/2R2R1K w - - 0 1");
    assert_eq!(reads(&rooks, "R-Q1"), ["c1d1", "f1d1"]);
    for text in [
        "QR-Q1",
        "R(QB1)-Q1",
        "R/QB1-Q1",
        "Rook on Queen's Bishop's first to Queen's first",
    ] {
        assert_eq!(reads(&rooks, text), ["c1d1"], "{text}");
    }
    assert_eq!(reads(&rooks, "R(B1)-Q1"), ["c1d1", "f1d1"]);
    assert_eq!(
        rooks.descriptive(rooks.parse_uci_move("f1d1").unwrap()),
        "KR-Q1"
    );
    // Both Rooks can take a Rook's Pawn: the wing of the mover or of the man taken.
    let pawns = am("4k3/p6p/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(reads(&pawns, "RxP"), ["a1a7", "h1h7"]);
    assert_eq!(reads(&pawns, "RxRP"), ["a1a7", "h1h7"]);
    assert_eq!(reads(&pawns, "QRxP"), ["a1a7"]);
    assert_eq!(reads(&pawns, "RxQRP"), ["a1a7"]);
    assert_eq!(
        pawns.descriptive(pawns.parse_uci_move("a1a7").unwrap()),
        "QRxP"
    );
    // A Knight that can take two Pawns; a Bishop that can take two Knights.
    let p = am("4k3/8/2n2n2/1B2p1B1/3p4/5N2/8/4K3 w - - 0 1");
    assert_eq!(reads(&p, "KtxP"), ["f3d4", "f3e5"]);
    assert_eq!(reads(&p, "KtxP(Q4)"), ["f3d4"]);
    assert_eq!(reads(&p, "KtxQP"), ["f3d4"]);
    assert_eq!(reads(&p, "BxKt"), ["b5c6", "g5f6"]);
    assert_eq!(reads(&p, "BxKt(B6)"), ["b5c6", "g5f6"]);
    assert_eq!(reads(&p, "BxKt(QB6)"), ["b5c6"]);
    assert_eq!(reads(&p, "BxQKt"), ["b5c6"]);
    assert_eq!(reads(&p, "QBxKt"), ["b5c6"]);
    assert_eq!(p.descriptive(p.parse_uci_move("b5c6").unwrap()), "BxQKt ch");
    assert_eq!(p.descriptive(p.parse_uci_move("f3e5").unwrap()), "KtxKP");
}

#[test]
fn castling_with_and_without_the_rook() {
    // Rook odds (Am. IV 3, 5): White castles on the Queen's side with no Rook there;
    // the record is the same as with the Rook, and its UCI is e1c1.
    let rules = Rules::new(RuleSet::American1897);
    let mut p = Position::from_setup(&Odds::Rook.setup(&rules), rules).unwrap();
    for m in [
        "b2b3", "e7e5", "c1b2", "d7d5", "b1c3", "g8f6", "e2e3", "f8d6", "d1e2", "e8g8",
    ] {
        p.play(p.parse_uci_move(m).unwrap());
    }
    for text in [
        "Castles QR",
        "Castles",
        "0-0-0",
        "O-O-O",
        "castles Queen's Rook",
    ] {
        assert_eq!(
            reads(&p, text),
            ["e1c1"],
            "{text}: castling without Rook, Am. IV 5"
        );
    }
    let castle = p.parse_uci_move("e1c1").unwrap();
    assert_eq!(p.descriptive(castle), "Castles QR");
    let e = p.read_descriptive("Castles KR").unwrap_err();
    assert!(matches!(e, DescriptiveError::NoLegalMove { .. }), "{e}");
    // With both sides open, `Castles` alone expresses both (Am. III 3).
    let both = am("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let mut either = reads(&both, "Castles");
    either.sort();
    assert_eq!(either, ["e1c1", "e1g1"]);
    assert_eq!(
        both.descriptive(both.parse_uci_move("e1g1").unwrap()),
        "Castles KR"
    );
}

#[test]
fn the_british_pawn_may_remain_a_pawn() {
    // Br. IV 15: the Pawn on its eighth rank may remain a Pawn — a fifth choice, written
    // `P-K8(P)`. With no piece named every choice fits (the name omitted, Am. I 13 C),
    // so `P-K8` is ambiguous (Am. III 3).
    let fen = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
    let br = pos(fen, RuleSet::British1894);
    assert_eq!(
        reads(&br, "P-K8(P)"),
        ["e7e8"],
        "Br. IV 15: the Pawn remains a Pawn"
    );
    assert_eq!(reads(&br, "P-K8=P"), ["e7e8"]);
    assert_eq!(reads(&br, "P-K8").len(), 5);
    let stay = br.parse_uci_move("e7e8").unwrap();
    assert_eq!(br.descriptive(stay), "P-K8(P)");
    let am = am(fen);
    assert_eq!(reads(&am, "P-K8").len(), 4);
    for text in ["P-K8(Q)", "P-K8=Q", "P-K8Q", "P-K8 (Q) ch"] {
        assert_eq!(reads(&am, text), ["e7e8q"], "{text}");
    }
    assert!(am.read_descriptive("P-K8(P)").is_err());
    assert_eq!(
        am.descriptive(am.parse_uci_move("e7e8q").unwrap()),
        "P-K8(Q) ch"
    );
    // Taking while promoting: the Rook taken names the square.
    let take = self::am("1r1r3k/2P5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(reads(&take, "PxR(Kt)").len(), 2);
    assert_eq!(reads(&take, "PxQR(Kt)"), ["c7b8n", "c7d8n"]);
    let d8q = take.parse_uci_move("c7d8q").unwrap();
    assert_eq!(take.read_descriptive(&take.descriptive(d8q)), Ok(vec![d8q]));
}

#[test]
fn en_passant() {
    let p = am("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    for text in [
        "PxP",
        "PxP e.p.",
        "PxP i.p.",
        "P(K5)xP",
        "PxP(Q5)",
        "Pawn on King's fifth square takes Pawn in passing",
    ] {
        assert_eq!(reads(&p, text), ["e5d6"], "{text}");
    }
    let ep = p.parse_uci_move("e5d6").unwrap();
    assert_eq!(p.descriptive(ep), "PxP e.p.");
    assert_eq!(reads(&p, "PxKt"), ["e5f6"]);
    assert!(p.read_descriptive("PxKt e.p.").is_err());
}

#[test]
fn a_turn_of_several_moves_is_one_move_number() {
    // Am. IV 4: the receiver's moves of his first turn "count together as his first move".
    let rules = Rules::new(RuleSet::American1897);
    let start = Position::from_setup(&Odds::PawnAndTwoMoves.setup(&rules), rules).unwrap();
    let mut game = Game::new(start.clone());
    for m in ["e2e4", "d2d4", "e7e6", "f1d3"] {
        let mv = game.current().parse_uci_move(m).unwrap();
        game.try_play(mv).unwrap();
    }
    let text = score(&game);
    assert_eq!(text, "1. P-K4, P-Q4  P-K3\n2. B-Q3");
    assert_eq!(read_score(&start, &text).unwrap(), game.moves());
    assert_eq!(
        read_score(&start, "1. P-K4 P-Q4 P-K3 2. B-Q3").unwrap(),
        game.moves()
    );
    // A record that goes beyond the fourth rank in that turn expresses no legal move.
    let e = read_score(&start, "1. P-K4, P-K5").unwrap_err();
    assert_eq!((e.number, e.moves_read), (1, 1));
}

#[test]
fn a_score_from_black_to_move() {
    let start = am("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7");
    let mut game = Game::new(start.clone());
    for m in ["e8d7", "e2e4"] {
        let mv = game.current().parse_uci_move(m).unwrap();
        game.try_play(mv).unwrap();
    }
    let text = score(&game);
    assert_eq!(text, "7. ...  K-Q2\n8. P-K4");
    assert_eq!(read_score(&start, &text).unwrap(), game.moves());
}

/// Write then read every legal move of `p` and of the positions after each.
fn round_trip(p: &Position, depth: u32) -> usize {
    let mut checked = 0;
    for mv in p.legal_moves() {
        let record = p.descriptive(mv);
        assert_eq!(
            p.read_descriptive(&record),
            Ok(vec![mv]),
            "'{record}' in {}",
            p.fen()
        );
        checked += 1;
        if depth > 1 {
            checked += round_trip(&p.played(mv), depth - 1);
        }
    }
    checked
}

#[test]
fn every_written_record_reads_back_as_its_move() {
    let kiwipete = am("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let queens = am("8/k7/8/8/4Q2Q/K7/8/4r2Q w - - 0 1");
    let checked = round_trip(&kiwipete, 2) + round_trip(&queens, 2);
    assert!(checked > 2000, "{checked}");
    let moves: Vec<Move> = kiwipete.legal_moves().to_vec();
    assert_eq!(moves.len(), 48);
}

#[test]
fn a_record_of_no_legal_move_is_refused_with_the_true_reason_and_law() {
    // Inside a turn of two moves, the second may not go beyond the fourth rank (Am. IV 4).
    let rules = Rules::new(RuleSet::American1897);
    let start = Position::from_setup(&Odds::PawnAndTwoMoves.setup(&rules), rules).unwrap();
    let mut game = Game::new(start);
    game.try_play(game.current().parse_uci_move("e2e4").unwrap())
        .unwrap();
    let e = game
        .current()
        .read_descriptive("P-K5")
        .unwrap_err()
        .to_string();
    assert!(e.ends_with("(Am. IV 4)"), "{e}");
    assert!(
        e.starts_with("'P-K5' (read as a Pawn to e5) is not a legal move here: "),
        "{e}"
    );
    // In check, a move that leaves the King in check (Am. I 11 E (a)).
    let check = am("rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3");
    let e = check.read_descriptive("P-K3").unwrap_err().to_string();
    assert!(e.contains("check"), "{e}");
    assert!(e.ends_with("(Am. I 11 E (a))"), "{e}");
    // Castling with a man between King and Rook (Am. I 11 E (e)).
    let bishop_home = am("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2");
    let e = bishop_home
        .read_descriptive("Castles KR")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "'Castles KR' (read as castling on the King's side) is not a legal move here: castling on the King's side needs f8 empty (Am. I 11 E (e))"
    );
}
