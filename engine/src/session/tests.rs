//! The session's rulings on moves, take-backs, claims, offers and endings, each with its law.

use super::*;
use crate::position::Position;
use crate::rules::odds::Odds;
use crate::rules::odds::{MarkLost, MateCondition};
use crate::rules::RuleSet;
use crate::setup::Setup;

fn session(fen: &str, spec: GameSpec) -> Session {
    let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), spec.rules());
    Session::new(spec, Game::new(pos.unwrap())).unwrap()
}

#[test]
fn a_take_back_takes_a_whole_turn_and_the_replies_am_iv_4() {
    // Two moves' odds: White's first turn is two moves (Am. IV 4).
    let rules = crate::rules::Rules::new(RuleSet::American1897);
    let start = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
    let spec = GameSpec::new(RuleSet::American1897);
    let mut s = Session::new(spec, Game::new(start)).unwrap();
    assert_eq!(s.take_back_turn(Color::White), Err(TakeBackError::NoMove));
    let mut played = Vec::new();
    for m in ["e2e4", "d2d4", "e7e5", "g1f3"] {
        let mv = s.game().current().parse_uci_move(m).unwrap();
        played.push(mv);
        s.play(mv).unwrap();
    }
    assert_eq!(s.take_back_turn(Color::Black).map(|t| t.len()), Ok(2));
    assert_eq!(s.game().moves().len(), 2);
    // White's whole turn of two moves goes back at once.
    assert_eq!(s.take_back_turn(Color::White), Ok(played[..2].to_vec()));
    assert_eq!(s.game().moves().len(), 0);
    s.resign(Color::Black);
    assert_eq!(s.take_back_turn(Color::White), Err(TakeBackError::Over));
}

#[test]
fn claims_are_granted_or_refused_with_the_law() {
    let spec = GameSpec::new(RuleSet::Staunton1910);
    let mut s = session("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", spec);
    let refused = s.claim().unwrap_err();
    assert_eq!(refused.law, "Staunton, Drawn Games (b), (c), (d)");
    assert!(s.ending().is_none());
    let mut s = session("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80", spec);
    assert_eq!(s.claim().unwrap().law, "Staunton, Drawn Games (b)");
    assert!(s.play(s.moves()[0]).is_err());
    assert!(s.verdict().reason.ends_with("(Staunton, Drawn Games (b))"));
}

#[test]
fn am_ii_8_d_an_endless_series_of_checks_is_granted_only_when_proved() {
    let spec = GameSpec::new(RuleSet::American1897);
    // White checks on e8 and h5 for ever (Kh7, Kg8).
    let mut s = session("6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 w - - 0 1", spec);
    let (claim, ruling) = s.claimable().unwrap();
    assert_eq!(claim, DrawClaim::EndlessChecks);
    assert_eq!(ruling.law, "Am. II 8 (d)");
    let granted = s.claim().unwrap();
    assert_eq!(granted, ruling);
    let v = s.verdict();
    assert_eq!(v.result, "1/2-1/2");
    assert_eq!(
        v.reason,
        "White claims a draw: every defence of Black is answered by a check until the position recurs: White can subject the adverse King to an endless series of checks (Am. II 8 (d))"
    );
    // Every check of the Queen on e7 loses her (Qe8+ Rxe8, Qxf7+ Kxf7, ...).
    let mut s = session("r5k1/4Qppp/8/8/8/8/5PPP/6K1 w - - 0 1", spec);
    assert!(s.claimable().is_none());
    let refused = s.claim().unwrap_err();
    assert_eq!(refused.law, "Am. II 8 (b), (c), (d)");
    assert!(
        refused.words.ends_with(
            "no endless series of checks: whatever check White gives, Black's King escapes the checks"
        ),
        "{}",
        refused.words
    );
    assert!(s.ending().is_none());
}

#[test]
fn offers_lapse_with_a_move_and_agreement_draws() {
    let mut s = session(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        GameSpec::new(RuleSet::American1897),
    );
    s.offer_draw(Color::White);
    assert!(!s.accept_draw(Color::White));
    let mv = s.game().current().parse_uci_move("e2e3").unwrap();
    s.play(mv).unwrap();
    assert_eq!(s.offer(), Some(Color::White));
    let mv = s.game().current().parse_uci_move("e8d8").unwrap();
    s.play(mv).unwrap();
    assert_eq!(s.offer(), None);
    s.offer_draw(Color::White);
    assert!(s.accept_draw(Color::Black));
    let v = s.verdict();
    assert_eq!(v.result, "1/2-1/2");
    assert_eq!(v.reason, "the players agree to a draw (Am. II 8 (a))");
}

#[test]
fn the_marked_pawn_must_stand_br_vi_4() {
    let spec = GameSpec {
        rule_set: RuleSet::British1894,
        odds: Odds::None,
        giver: OddsGiver::White,
        mate_condition: MateCondition::Pawn(Square::G7),
        ..GameSpec::default()
    };
    let pos = Position::startpos(spec.rules());
    let err = Session::new(spec, Game::new(pos)).unwrap_err();
    assert_eq!(err.law, "Br. VI 4");
    let mut s = session("4k3/6P1/8/8/8/8/8/4K3 w - - 0 1", spec);
    s.resign(Color::White);
    assert_eq!(s.verdict().reason, "White resigns (Br. IV 16)");
    assert_eq!(
        s.pgn_tags(),
        [
            ("Rules", "british-1894".to_string()),
            ("OddsGiver", "White".to_string()),
            ("MateCondition", "pawn:g7".to_string())
        ]
    );
}

#[test]
fn a_marked_pawn_that_promotes_or_is_taken_leaves_the_giver_to_forfeit_am_iv_6_8() {
    let spec = GameSpec {
        giver: OddsGiver::White,
        mate_condition: MateCondition::Pawn(Square::G7),
        ..GameSpec::default()
    };
    // Promoted: the Queen it became is not the marked Pawn (Am. IV 6).
    let mut s = session("k7/6P1/8/8/8/8/8/4K3 w - - 0 1", spec);
    let mv = s.game().current().parse_uci_move("g7g8q").unwrap();
    s.play(mv).unwrap();
    assert_eq!(s.marked(), None);
    assert_eq!(
        s.settle(),
        Some(Ending::ConditionLost(MarkLost::Promoted(Square::G8)))
    );
    let v = s.verdict();
    assert_eq!(v.result, "0-1");
    assert!(v.reason.contains("promoted on g8"), "{}", v.reason);
    assert!(
        v.reason.ends_with("forfeits the game (Am. IV 6, 8)"),
        "{}",
        v.reason
    );
    // Taken by the receiver.
    let mut s = session(
        "k5r1/8/8/8/8/8/6P1/4K3 b - - 0 1",
        GameSpec {
            mate_condition: MateCondition::Pawn(Square::G2),
            ..spec
        },
    );
    assert!(s.settle().is_none());
    let mv = s.game().current().parse_uci_move("g8g2").unwrap();
    s.play(mv).unwrap();
    assert_eq!(
        s.settle(),
        Some(Ending::ConditionLost(MarkLost::Captured(Square::G2)))
    );
    assert_eq!(s.verdict().result, "0-1");
}

#[test]
fn a_mate_with_a_particular_man_staunton_odds_i() {
    let spec = GameSpec {
        rule_set: RuleSet::Staunton1910,
        odds: Odds::Rook,
        mate_condition: MateCondition::Man(Square::G1),
        ..GameSpec::default()
    };
    let start = Position::from_setup(&spec.start(), spec.rules()).unwrap();
    assert!(Session::new(spec, Game::new(start.clone())).is_ok());
    // Not the giver's man, an empty square, the King, a Pawn named as `pawn:`.
    for (condition, words) in [
        (
            MateCondition::Man(Square::G8),
            "is Black's, not a man of White",
        ),
        (MateCondition::Man(Square::E4), "no man stands on e4"),
        (MateCondition::Man(Square::E1), "a King cannot give check"),
        (MateCondition::Pawn(Square::G1), "is a Knight, not a Pawn"),
        (MateCondition::Pawn(Square::E7), "is Black's"),
    ] {
        let spec = GameSpec {
            mate_condition: condition,
            ..spec
        };
        let err = Session::new(spec, Game::new(start.clone())).unwrap_err();
        assert!(err.words.contains(words), "{condition}: {}", err.words);
        assert!(err.law.starts_with("Staunton odds I"), "{}", err.law);
    }
    // Nobody gives odds: the condition binds nobody (Am. IV 8).
    let spec = GameSpec {
        odds: Odds::None,
        giver: OddsGiver::Nobody,
        mate_condition: MateCondition::Square(Square::E8),
        ..GameSpec::new(RuleSet::American1897)
    };
    let err = Session::new(spec, Game::new(Position::startpos(spec.rules()))).unwrap_err();
    assert_eq!(err.law, "Am. IV 8");
}

#[test]
fn a_game_that_cannot_be_won_ends_at_once_and_draw_odds_give_it_to_the_receiver_am_i_15_c() {
    let fen = "4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1";
    let take = |s: &mut Session| {
        let mv = s.game().current().parse_uci_move("e1d2").unwrap();
        s.play(mv).unwrap();
        s.settle()
    };
    let mut plain = session(fen, GameSpec::new(RuleSet::British1894));
    assert_eq!(take(&mut plain), Some(Ending::DeadPosition));
    assert_eq!(plain.verdict().result, "1/2-1/2");
    assert_eq!(
        plain.verdict().reason,
        "neither King can be mated, whatever moves are made (Br. II 9 (3))"
    );
    let odds = GameSpec {
        giver: OddsGiver::White,
        draw_odds: true,
        ..GameSpec::new(RuleSet::American1897)
    };
    let mut s = session(fen, odds);
    assert_eq!(take(&mut s), Some(Ending::DeadPosition));
    let v = s.verdict();
    assert_eq!(v.result, "0-1");
    assert!(
        v.reason.starts_with(
            "the game cannot be won, whatever legal moves are made (Am. I 15 (c)); by the odds terms the draw is a loss for White, the giver"
        ),
        "{}",
        v.reason
    );
}

#[test]
fn the_fifty_moves_run_from_the_weak_sides_call_br_iv_12() {
    // Black's lone King has not called: no draw however long the game goes on.
    let spec = GameSpec::new(RuleSet::British1894);
    let mut s = session("4k3/8/8/8/8/8/8/R3K3 w - - 99 60", spec);
    let shuffle = ["a1a2", "e8d8", "a2a1", "d8e8"];
    let mut played = 0;
    let mut play = |s: &mut Session, n: usize| {
        for _ in 0..n {
            let m = shuffle[played % shuffle.len()];
            let mv = s.game().current().parse_uci_move(m).unwrap();
            s.play(mv).unwrap();
            played += 1;
        }
    };
    play(&mut s, 4);
    assert_eq!(
        s.claim().unwrap_err().to_string(),
        "no draw can be claimed now: no call to mate stands, and no repetition (Br. IV 11, 12)"
    );
    assert!(s.call_to_mate(Color::White).is_err());
    let call = s.call_to_mate(Color::Black).unwrap();
    assert_eq!(
        call.to_string(),
        "Black calls on White to mate within fifty moves on each side (Br. IV 12)"
    );
    play(&mut s, 99);
    assert_ne!(s.game().draw_claim(), Some(DrawClaim::FiftyMoves));
    play(&mut s, 1);
    assert_eq!(s.claimable().map(|c| c.0), Some(DrawClaim::FiftyMoves));
    let granted = s.claim().unwrap();
    assert_eq!(granted.law, "Br. IV 12");
    assert_eq!(s.verdict().result, "1/2-1/2");
}

#[test]
fn time_runs_out_am_ii_10_br_iv_18_fide_6_9() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let mut s = session(fen, GameSpec::new(RuleSet::British1894));
    s.time_forfeit(Color::Black);
    let v = s.verdict();
    assert_eq!(v.result, "1-0");
    assert_eq!(
        v.reason,
        "Black's time ran out: Black forfeits the game (Br. IV 18)"
    );
    // Under FIDE a side with only his King cannot win on time (FIDE 6.9).
    let mut s = session(fen, GameSpec::new(RuleSet::Fide));
    s.time_forfeit(Color::White);
    assert_eq!(s.verdict().result, "1/2-1/2");
    let mut s = session(fen, GameSpec::new(RuleSet::Fide));
    s.time_forfeit(Color::Black);
    assert_eq!(s.verdict().result, "1-0");
}
