//! Tests of the validator: at least one failing example per finding, refuse and flag.

use engine::{GameSpec, Odds, RuleSet, SetupViolationKind};

use super::*;

fn run(start: Start, moves: &[&str], set: RuleSet, odds: Odds, mode: Validation) -> Report {
    let moves: Vec<String> = moves.iter().map(|s| (*s).to_string()).collect();
    check(&Request {
        start,
        moves: &moves,
        spec: GameSpec {
            odds,
            ..GameSpec::new(set)
        },
        mode,
    })
}

fn fen(fen: &str) -> Report {
    run(
        Start::Fen(fen),
        &[],
        RuleSet::American1897,
        Odds::None,
        Validation::Refuse,
    )
}

fn kinds(report: &Report) -> Vec<FindingKind> {
    report.findings.iter().map(|f| f.kind).collect()
}

#[test]
fn each_refusal_has_a_failing_example() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            None,
        ),
        (
            "8/8/8/8/8/8/8/K7 w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::MissingKing)),
        ),
        (
            "k7/8/8/8/8/8/8/K6K w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::TooManyKings)),
        ),
        (
            "k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::TooManyPawns)),
        ),
        (
            "k7/pppppppp/nnnnnnnn/n7/8/8/8/K7 w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::TooManyMen)),
        ),
        (
            "k7/8/8/8/8/8/PPPPPPP1/KQQQ4 w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::UnexplainedPieces)),
        ),
        (
            "k7/pppppppp/8/8/8/8/8/KBB5 w - - 0 1",
            None, // two Bishops on different colours: the initial array.
        ),
        (
            "k7/8/8/8/8/8/8/KB1B4 w - - 0 1",
            None, // two light-squared Bishops and no Pawns missing? White has none: fine.
        ),
        (
            "k7/8/8/8/8/8/8/K6P w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::PawnOnFirstRank)),
        ),
        (
            "k6P/8/8/8/8/8/8/K7 w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::PawnOnLastRank)),
        ),
        (
            "k7/8/8/8/8/8/8/R6K w - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::OpponentInCheck)),
        ),
        (
            "4k3/2N5/5N2/8/8/8/8/4K3 b - - 0 1",
            Some(FindingKind::Setup(SetupViolationKind::ImpossibleCheck)),
        ),
    ];
    for (f, want) in cases {
        let report = fen(f);
        let got = kinds(&report);
        match want {
            None if f.ends_with(" 0") => {
                // Five fields: a valid EPD-like FEN.
                assert!(!report.is_refused(), "{f}: {got:?}");
            }
            None => assert!(!report.is_refused(), "{f}: {got:?}"),
            Some(kind) => {
                assert!(got.contains(&kind), "{f}: {got:?}");
                assert!(report.is_refused(), "{f}");
            }
        }
    }
    let report = fen("not a fen");
    assert_eq!(kinds(&report), [FindingKind::MalformedFen]);
}

#[test]
fn bishops_are_counted_by_square_colour() {
    // Two dark-squared Bishops and 8 Pawns: one must be promoted, but no Pawn is missing.
    let report = fen("k7/8/8/8/8/8/PPPPPPPP/KB1B4 w - - 0 1");
    assert!(kinds(&report).contains(&FindingKind::Setup(SetupViolationKind::UnexplainedPieces)));
}

#[test]
fn repairs_are_warnings_and_the_position_is_taken() {
    let report = fen("4k3/8/8/8/8/8/8/R3K2N w KQ e6 3 1");
    let got = kinds(&report);
    assert!(
        got.contains(&FindingKind::Setup(SetupViolationKind::CastlingRookMissing)),
        "{got:?}"
    );
    assert!(
        got.contains(&FindingKind::Setup(SetupViolationKind::InvalidEnPassant)),
        "{got:?}"
    );
    assert!(
        got.contains(&FindingKind::Setup(
            SetupViolationKind::MoveCountContradiction
        )),
        "{got:?}"
    );
    assert!(report
        .findings
        .iter()
        .all(|f| f.severity == Severity::Warning));
    let game = report.game.expect("repaired");
    assert_eq!(game.current().fen(), "4k3/8/8/8/8/8/8/R3K2N w Q - 3 3");
    let moved = fen("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1");
    assert!(kinds(&moved).contains(&FindingKind::Setup(SetupViolationKind::CastlingKingMoved)));
}

#[test]
fn rookless_right_is_kept_under_the_code_and_repaired_under_fide() {
    let f = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1";
    assert!(fen(f).findings.is_empty());
    let fide = run(
        Start::Fen(f),
        &[],
        RuleSet::Fide,
        Odds::None,
        Validation::Refuse,
    );
    assert_eq!(
        kinds(&fide),
        [FindingKind::Setup(SetupViolationKind::CastlingRookMissing)]
    );
    let castle = run(
        Start::Fen(f),
        &["e1c1"],
        RuleSet::Fide,
        Odds::None,
        Validation::Refuse,
    );
    assert!(kinds(&castle).contains(&FindingKind::CastlingWithoutRookNotAllowed));
    // A man that stood on a1 ends the right for good: written so, it is repaired away.
    let occupied = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/bNBQKBNR w KQkq - 0 1");
    assert!(kinds(&occupied).contains(&FindingKind::Setup(SetupViolationKind::CastlingRookMissing)));
}

#[test]
fn odds_start_and_turn_structure() {
    let am = RuleSet::American1897;
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let given = run(
        Start::Fen(standard),
        &[],
        am,
        Odds::Rook,
        Validation::Refuse,
    );
    assert_eq!(
        kinds(&given),
        [FindingKind::Setup(SetupViolationKind::OddsManOnBoard)]
    );
    let with_pass = run(
        Start::Standard,
        &["e2e4", "0000", "d2d4", "e7e5"],
        am,
        Odds::PawnAndTwoMoves,
        Validation::Refuse,
    );
    assert!(!with_pass.is_refused(), "{:?}", with_pass.findings);
    let without = run(
        Start::Standard,
        &["e2e4", "d2d4", "e7e5"],
        am,
        Odds::PawnAndTwoMoves,
        Validation::Refuse,
    );
    assert_eq!(
        without.game.unwrap().current().fen(),
        with_pass.game.unwrap().current().fen()
    );
    let beyond = run(
        Start::Standard,
        &["e2e4", "e4e5"],
        am,
        Odds::TwoMoves,
        Validation::Refuse,
    );
    assert_eq!(kinds(&beyond), [FindingKind::BeyondFourthRank]);
    // The odds start sent as a FEN keeps the turn of several moves.
    let odds_fen = "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let sent = run(
        Start::Fen(odds_fen),
        &["e2e4", "0000", "d2d4"],
        am,
        Odds::PawnAndTwoMoves,
        Validation::Refuse,
    );
    assert!(!sent.is_refused(), "{:?}", sent.findings);
}

#[test]
fn null_moves_only_inside_a_turn_of_several_moves() {
    let am = RuleSet::American1897;
    for moves in [
        &["0000"][..],
        &["e2e4", "0000"][..],
        &["e2e4", "e7e5", "0000"][..],
    ] {
        let r = run(Start::Standard, moves, am, Odds::None, Validation::Refuse);
        assert_eq!(kinds(&r), [FindingKind::MisplacedNullMove], "{moves:?}");
    }
    let twice = run(
        Start::Standard,
        &["e2e4", "0000", "0000"],
        am,
        Odds::ThreeMoves,
        Validation::Refuse,
    );
    assert_eq!(kinds(&twice), [FindingKind::MisplacedNullMove]);
}

#[test]
fn bad_moves_refuse_the_whole_list() {
    let am = RuleSet::American1897;
    let r = run(
        Start::Standard,
        &["e2e4", "e7e5", "e1e3"],
        am,
        Odds::None,
        Validation::Flag,
    );
    assert_eq!(kinds(&r), [FindingKind::IllegalMove]);
    assert!(r.is_refused());
    let r = run(
        Start::Standard,
        &["e2e4", "xx"],
        am,
        Odds::None,
        Validation::Off,
    );
    assert_eq!(kinds(&r), [FindingKind::MalformedMove]);
}

#[test]
fn flag_accepts_what_the_engine_can_play_and_off_says_nothing() {
    let f = "k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1";
    let run_mode = |mode| run(Start::Fen(f), &[], RuleSet::American1897, Odds::None, mode);
    let flag = run_mode(Validation::Flag);
    assert!(!flag.is_refused());
    assert_eq!(flag.findings[0].severity, Severity::Warning);
    let off = run_mode(Validation::Off);
    assert!(!off.is_refused() && off.findings.is_empty());
    // What the engine cannot play stays refused in every mode.
    let both_in_check = "k7/8/8/8/8/8/8/R6K w - - 0 1";
    let off = run(
        Start::Fen(both_in_check),
        &[],
        RuleSet::American1897,
        Odds::None,
        Validation::Off,
    );
    assert!(off.is_refused());
}

#[test]
fn claims_under_each_rule_set() {
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    for set in [RuleSet::American1897, RuleSet::Fide, RuleSet::British1894] {
        let r = run(
            Start::Standard,
            &shuffle,
            set,
            Odds::None,
            Validation::Refuse,
        );
        assert_eq!(kinds(&r), [FindingKind::RepetitionClaim], "{set}");
        assert_eq!(r.findings[0].severity, Severity::Code);
    }
    // Fifty moves without a capture, Pawn moves included, under the Code only.
    let r = fen("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80");
    assert_eq!(kinds(&r), [FindingKind::FiftyMoveClaim]);
    let mut moves = Vec::new();
    for _ in 0..25 {
        moves.extend(["e1d1", "e8d8", "d1e1", "d8e8"]);
    }
    moves.push("e2e3");
    let r = run(
        Start::Fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        &moves,
        RuleSet::American1897,
        Odds::None,
        Validation::Refuse,
    );
    assert!(kinds(&r).contains(&FindingKind::FiftyMoveClaim));
    let r = run(
        Start::Fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        &moves,
        RuleSet::Fide,
        Odds::None,
        Validation::Refuse,
    );
    assert!(!kinds(&r).contains(&FindingKind::FiftyMoveClaim));
}

#[test]
fn findings_print_with_law_and_json() {
    let report = fen("k7/8/8/8/8/8/8/K6P w - - 0 1");
    let f = &report.findings[0];
    assert_eq!(
        f.to_string(),
        "White Pawn on its own first rank: h1 (Am. I 4)"
    );
    assert_eq!(
        f.to_json(),
        "{\"severity\":\"error\",\"kind\":\"pawn-on-first-rank\",\"law\":\"Am. I 4\",\"squares\":[\"h1\"],\"message\":\"White Pawn on its own first rank: h1\"}"
    );
}

#[test]
fn a_pawn_may_remain_on_the_last_rank_under_the_british_draft_only() {
    let f = "k6P/8/8/8/8/8/8/K7 b - - 0 1";
    for set in RuleSet::ALL {
        let r = run(Start::Fen(f), &[], set, Odds::None, Validation::Refuse);
        assert_eq!(r.is_refused(), set != RuleSet::British1894, "{set}");
    }
    // And `e7e8` (no letter) means "remains a Pawn" there only.
    let f = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
    for set in RuleSet::ALL {
        let r = run(
            Start::Fen(f),
            &["e7e8"],
            set,
            Odds::None,
            Validation::Refuse,
        );
        assert_eq!(r.is_refused(), set != RuleSet::British1894, "{set}");
    }
}
