use std::collections::HashSet;

use super::SanError;
use crate::position::Position;
use crate::rules::odds::Odds;
use crate::rules::RuleSet;
use crate::rules::Rules;
use crate::setup::Setup;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Three White Queens that can all take on e1: `Qh4xe1` needs file and rank.
const THREE_QUEENS: &str = "8/k7/8/8/4Q2Q/K7/8/4r2Q w - - 0 1";
const TWO_ROOKS: &str = "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1";
const TWO_KNIGHTS: &str = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";
const EN_PASSANT: &str = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
const SCHOLAR: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const PROMOTE: &str = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
const PROMOTE_TAKING: &str = "1r1r3k/2P5/8/8/8/8/8/4K3 w - - 0 1";

fn pos(fen: &str, rules: Rules) -> Position {
    Position::from_setup(&Setup::from_fen(fen, rules.chess960).unwrap(), rules).unwrap()
}

fn am(fen: &str) -> Position {
    pos(fen, Rules::new(RuleSet::American1897))
}

/// Rook odds after ten moves: White may castle on the Queen's side without the Rook.
fn rookless() -> Position {
    let rules = Rules::new(RuleSet::American1897);
    let mut p = Position::from_setup(&Odds::Rook.setup(&rules), rules).unwrap();
    for m in [
        "b2b3", "e7e5", "c1b2", "d7d5", "b1c3", "g8f6", "e2e3", "f8d6", "d1e2", "e8g8",
    ] {
        p.play(p.parse_uci_move(m).unwrap());
    }
    p
}

fn odds_start(odds: Odds) -> Position {
    let rules = Rules::new(RuleSet::American1897);
    Position::from_setup(&odds.setup(&rules), rules).unwrap()
}

fn tricky() -> Vec<Position> {
    let mut v: Vec<Position> = [
        KIWIPETE,
        THREE_QUEENS,
        TWO_ROOKS,
        TWO_KNIGHTS,
        EN_PASSANT,
        SCHOLAR,
        PROMOTE,
        PROMOTE_TAKING,
    ]
    .iter()
    .map(|f| am(f))
    .collect();
    v.push(rookless());
    v.push(odds_start(Odds::PawnAndTwoMoves));
    v.push(odds_start(Odds::TwoRooks));
    v.push(pos(PROMOTE, Rules::new(RuleSet::British1894)));
    v.push(pos(
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        Rules::new(RuleSet::Fide).with_chess960(true),
    ));
    v
}

/// Every legal move's SAN is unique in the position and reads back as the same move.
fn assert_round_trip(p: &Position) {
    let mut seen = HashSet::new();
    for &mv in &p.legal_moves() {
        let san = p.san(mv);
        assert!(seen.insert(san.clone()), "{san} twice in {}", p.fen());
        assert_eq!(p.parse_san(&san), Ok(mv), "{san} in {}", p.fen());
    }
}

#[test]
fn every_legal_move_round_trips_two_plies_deep() {
    for p in tricky() {
        assert_round_trip(&p);
        for &mv in &p.legal_moves() {
            assert_round_trip(&p.played(mv));
        }
    }
}

fn san_of(p: &Position, uci: &str) -> String {
    p.san(p.parse_uci_move(uci).unwrap())
}

#[test]
fn exact_strings() {
    assert_eq!(san_of(&am(TWO_KNIGHTS), "b1d2"), "Nbd2");
    assert_eq!(san_of(&am(TWO_KNIGHTS), "f3d2"), "Nfd2");
    assert_eq!(san_of(&am(TWO_ROOKS), "e1e2"), "R1e2");
    assert_eq!(san_of(&am(TWO_ROOKS), "e3e2"), "R3e2");
    assert_eq!(san_of(&am(THREE_QUEENS), "h4e1"), "Qh4xe1");
    assert_eq!(san_of(&am(THREE_QUEENS), "e4e1"), "Qexe1");
    assert_eq!(san_of(&am(THREE_QUEENS), "h1e1"), "Q1xe1");
    assert_eq!(san_of(&am(EN_PASSANT), "e5d6"), "exd6");
    assert_eq!(san_of(&am(KIWIPETE), "e1c1"), "O-O-O");
    assert_eq!(san_of(&am(KIWIPETE), "e1g1"), "O-O");
    assert_eq!(san_of(&am(KIWIPETE), "d5e6"), "dxe6");
    assert_eq!(san_of(&am(PROMOTE), "e7e8q"), "e8=Q+");
    assert_eq!(san_of(&am(PROMOTE), "e7e8n"), "e8=N");
    assert_eq!(san_of(&am(PROMOTE_TAKING), "c7d8q"), "cxd8=Q+");
    assert_eq!(san_of(&am(PROMOTE_TAKING), "c7b8r"), "cxb8=R");
    assert_eq!(san_of(&am(SCHOLAR), "h5f7"), "Qxf7#");
    // Castling without the Rook (Am. IV 5): only the King moves, and it is O-O-O.
    assert_eq!(san_of(&rookless(), "e1c1"), "O-O-O");
    let british = pos(PROMOTE, Rules::new(RuleSet::British1894));
    assert_eq!(san_of(&british, "e7e8"), "e8=P");
}

#[test]
fn lenient_reading() {
    let start = Position::startpos(Rules::default());
    for (text, uci) in [
        ("Nf3", "g1f3"),
        ("Nf3+", "g1f3"),
        ("Nf3!?", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("Ng1f3", "g1f3"),
        ("nf3", "g1f3"),
        ("e4", "e2e4"),
        ("e2-e4", "e2e4"),
        ("e2e4", "e2e4"),
        ("b4", "b2b4"),
    ] {
        assert_eq!(
            start.uci_move(start.parse_san(text).unwrap()),
            uci,
            "{text}"
        );
    }
    let k = am(KIWIPETE);
    for text in ["O-O-O", "0-0-0", "o-o-o", "O-O-O+"] {
        assert_eq!(k.uci_move(k.parse_san(text).unwrap()), "e1c1", "{text}");
    }
    let ep = am(EN_PASSANT);
    assert_eq!(ep.uci_move(ep.parse_san("exd6 e.p.").unwrap()), "e5d6");
    assert_eq!(ep.uci_move(ep.parse_san("exd6").unwrap()), "e5d6");
    let pr = am(PROMOTE);
    for text in ["e8=Q", "e8Q", "e8q", "e8=Q+", "e7e8=Q"] {
        assert_eq!(pr.uci_move(pr.parse_san(text).unwrap()), "e7e8q", "{text}");
    }
    // British draft: `e8` alone and `e8=P` keep the Pawn (Br. IV 15).
    let british = pos(PROMOTE, Rules::new(RuleSet::British1894));
    for text in ["e8", "e8=P"] {
        assert_eq!(british.uci_move(british.parse_san(text).unwrap()), "e7e8");
    }
}

#[test]
fn lowercase_b_is_a_pawn_first_then_a_bishop() {
    let mut p = Position::startpos(Rules::default());
    for m in ["e2e4", "e7e5"] {
        p.play(p.parse_uci_move(m).unwrap());
    }
    assert_eq!(p.uci_move(p.parse_san("bc4").unwrap()), "f1c4");
    assert_eq!(p.uci_move(p.parse_san("b3").unwrap()), "b2b3");
    // Both a b-Pawn and a Bishop can take on c3: `bxc3` is the Pawn, as in SAN.
    let both = am("4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1");
    assert_eq!(both.uci_move(both.parse_san("bxc3").unwrap()), "b2c3");
    assert_eq!(both.uci_move(both.parse_san("Bxc3").unwrap()), "a5c3");
}

#[test]
fn errors_name_the_problem() {
    let start = Position::startpos(Rules::default());
    let err = |p: &Position, t: &str| p.parse_san(t).unwrap_err();
    assert!(matches!(err(&start, ""), SanError::Malformed(_)));
    assert!(matches!(err(&start, "hello"), SanError::Malformed(_)));
    assert!(matches!(err(&start, "Nf9"), SanError::Malformed(_)));
    assert!(matches!(err(&start, "Zf3"), SanError::Malformed(_)));
    assert_eq!(
        err(&start, "Nf4").to_string(),
        "'Nf4' is not a legal move here: no Knight can go to f4"
    );
    assert!(matches!(err(&start, "e5"), SanError::Illegal { .. }));
    assert!(matches!(
        err(&start, "O-O"),
        SanError::IllegalCastling { .. }
    ));
    assert!(matches!(err(&start, "e4=Q"), SanError::NotAPromotion(_)));
    assert!(matches!(
        err(&am(PROMOTE), "e8"),
        SanError::MissingPromotion(_)
    ));
    assert_eq!(
        err(&am(TWO_KNIGHTS), "Nd2").to_string(),
        "'Nd2' is ambiguous: it could be Nbd2 or Nfd2"
    );
    match err(&am(THREE_QUEENS), "Qxe1") {
        SanError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 3),
        e => panic!("{e:?}"),
    }
    match err(&am(THREE_QUEENS), "Qhxe1") {
        SanError::Ambiguous { mut candidates, .. } => {
            candidates.sort();
            assert_eq!(candidates, ["Q1xe1", "Qh4xe1"]);
        }
        e => panic!("{e:?}"),
    }
    // Under the American Code castling without Rook exists; under FIDE it does not.
    let fide = pos(
        "rnbq1rk1/ppp2ppp/3b1n2/3pp3/8/1PN1P3/PBPPQPPP/4KBNR w K - 4 6",
        Rules::new(RuleSet::Fide),
    );
    assert!(matches!(
        err(&fide, "O-O-O"),
        SanError::IllegalCastling { .. }
    ));
}

#[test]
fn a_turn_of_several_moves_checks_nothing_and_stays_legal() {
    let mut p = odds_start(Odds::PawnAndTwoMoves);
    let e4 = p.parse_san("e4").unwrap();
    assert_eq!(p.san(e4), "e4");
    p.play(e4);
    // Still White's turn; beyond the fourth rank is not allowed (Am. IV 4).
    assert!(p.parse_san("e5").is_err());
    assert_eq!(p.uci_move(p.parse_san("d4").unwrap()), "d2d4");
}

#[test]
fn garbage_is_an_error_and_never_a_panic() {
    let positions = [
        Position::startpos(Rules::default()),
        am(KIWIPETE),
        am(PROMOTE),
    ];
    for p in &positions {
        for text in [
            "",
            " ",
            "=",
            "x",
            "-",
            "+",
            "#",
            "1",
            "b",
            "bx",
            "Nx",
            "e8=",
            "=Q",
            "O-O-O-O",
            "Qh4xe1xx",
            "e.p.",
            "++",
            "é4",
            "Ké2",
            "0000",
            "a1a1",
            "xe4",
            "exx5",
            "Kxx",
            "P",
            "Pe4",
            "e4e",
            "ee",
            "Qq",
            "e9",
            "i4",
            "N1",
            "R1e",
            "O-",
            "exd6e.p.x",
        ] {
            let _ = p.parse_san(text);
        }
    }
    assert!(positions[0].parse_san("0000").is_err());
}
