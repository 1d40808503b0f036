//! The draw law's rulings, one test (or more) per law.

use super::call::call_to_mate;
use super::*;
use crate::game::game_from as game;
use crate::game::Game;
use crate::rules::odds::Odds;
use crate::rules::Rules;
use crate::types::Color;

const EVERY_SET: [RuleSet; 4] = [
    RuleSet::American1897,
    RuleSet::British1894,
    RuleSet::Staunton1910,
    RuleSet::Fide,
];

/// A game from the odds start `odds` under `set` with the UCI `moves` played.
fn odds_game(odds: Odds, set: RuleSet, moves: &[&str]) -> Game {
    let rules = Rules::new(set);
    let mut g = Game::new(Position::from_setup(&odds.setup(&rules), rules).unwrap());
    for m in moves {
        let mv = g.current().parse_uci_move(m).unwrap();
        g.try_play(mv).unwrap();
    }
    g
}

#[test]
fn a_game_that_cannot_be_won_is_drawn_under_every_code_am_i_15_c_br_ii_9_3() {
    let dead = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K v K"),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "K+B v K"),
        ("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", "K+N v K"),
        (
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
            "K+B v K+B, both on dark squares",
        ),
        (
            "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1",
            "K+B+B v K, both on dark squares",
        ),
        (
            "3bk3/8/8/4b3/8/8/8/B1B1K3 w - - 0 1",
            "Bishops all on dark squares",
        ),
    ];
    for set in EVERY_SET {
        for (fen, what) in dead {
            let g = game(fen, set, &[]);
            assert_eq!(
                g.draw_claim(),
                Some(DrawClaim::DeadPosition),
                "{set} {what}"
            );
            assert_eq!(
                DrawClaim::DeadPosition.ruling(g.current()).law,
                dead_position_law(set)
            );
        }
    }
    let alive = [
        (
            "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
            "K+B v K+B, opposite colours",
        ),
        ("4k3/8/8/8/8/8/8/1BB1K3 w - - 0 1", "the two Bishops"),
        (
            "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
            "K+N v K+N (a mate with help)",
        ),
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", "K+N+N v K"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "a Pawn"),
    ];
    for set in EVERY_SET {
        for (fen, what) in alive {
            assert_eq!(game(fen, set, &[]).draw_claim(), None, "{set} {what}");
        }
    }
}

#[test]
fn each_code_words_a_game_that_cannot_be_won_with_its_own_law() {
    let fen = "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1";
    for (set, ruling) in [
        (
            RuleSet::American1897,
            "the game cannot be won, whatever legal moves are made (Am. I 15 (c))",
        ),
        (
            RuleSet::British1894,
            "neither King can be mated, whatever moves are made (Br. II 9 (3))",
        ),
        (
            RuleSet::Staunton1910,
            "the game cannot be won, whatever legal moves are made (Staunton, The Umpire; Am. I 15 (c))",
        ),
        (
            RuleSet::Fide,
            "neither side can possibly mate: a dead position (FIDE 5.2.2)",
        ),
    ] {
        let g = game(fen, set, &[]);
        assert_eq!(DrawClaim::DeadPosition.ruling(g.current()).to_string(), ruling);
    }
}

#[test]
fn a_turn_of_several_moves_counts_once_for_the_fifty_moves_am_ii_8_b_iv_4_br_vi_5() {
    // The receiver's three moves are one turn: after it the count stands at one.
    let first_turn = ["b1c3", "g1f3", "c3b1"];
    for set in EVERY_SET {
        let g = odds_game(Odds::ThreeMoves, set, &first_turn);
        let now = g.current();
        assert_eq!((now.capture_clock(), now.halfmove_clock()), (1, 1), "{set}");
    }
    // A Pawn move inside the turn resets FIDE's count for the whole turn.
    let g = odds_game(Odds::ThreeMoves, RuleSet::Fide, &["g1f3", "e2e3", "f3g1"]);
    assert_eq!(g.current().halfmove_clock(), 0);
    assert_eq!(g.current().capture_clock(), 1);
    // Then each side shuffles a Knight: the claim is due when each side has made fifty
    // turns (the three-moves turn being one), not forty-nine.
    let mut g = odds_game(Odds::ThreeMoves, RuleSet::American1897, &first_turn);
    let shuffle = ["g8f6", "f3g1", "f6g8", "g1f3"];
    let mut turns = 1;
    for m in shuffle.iter().cycle() {
        let mv = g.current().parse_uci_move(m).unwrap();
        g.try_play(mv).unwrap();
        turns += 1;
        let due = fifty_move_claimable(g.current());
        assert_eq!(due, turns >= 100, "after {turns} turns");
        if turns == 100 {
            break;
        }
    }
    assert_eq!(g.draw_claim(), Some(DrawClaim::FiftyMoves));
}

#[test]
fn only_positions_at_the_start_of_a_turn_repeat_am_i_16_a_ii_8_c() {
    // White's first turn passes through the start (after g1f3 f3g1): no turn starts
    // there, so when the start comes back after 3... Ng8 it is its second occurrence.
    let moves = ["g1f3", "f3g1", "g1f3", "g8f6", "f3g1", "f6g8"];
    for set in [
        RuleSet::American1897,
        RuleSet::British1894,
        RuleSet::Staunton1910,
    ] {
        let g = odds_game(Odds::ThreeMoves, set, &moves);
        assert_eq!(g.draw_claim(), None, "{set}");
        assert_eq!(
            g.repetition_keys().len(),
            5,
            "{set}: five turns have started"
        );
        let mut more = moves.to_vec();
        more.extend(["g1f3", "g8f6", "f3g1", "f6g8"]);
        let g = odds_game(Odds::ThreeMoves, set, &more);
        assert_eq!(g.draw_claim(), Some(DrawClaim::Repetition), "{set}");
    }
    // Inside the turn no claim is made at all.
    let g = odds_game(Odds::ThreeMoves, RuleSet::American1897, &["g1f3"]);
    assert!(!g.current().at_turn_start());
    assert!(no_claim(g.current())
        .words
        .contains("inside a turn of several moves"));
}

#[test]
fn the_british_call_runs_from_the_first_chance_to_call_not_the_last_capture_br_iv_12() {
    // Before the promotion nobody may call; after it White's K+R stands against K+Q.
    let fen = "4k3/8/8/8/8/8/p7/4K2R b - - 100 80";
    let g = game(fen, RuleSet::British1894, &["a2a1q"]);
    assert_eq!(g.current().call_clock(), Some(0));
    assert_eq!(g.draw_claim(), None);
    assert!(no_claim(g.current())
        .words
        .contains("0 of the 100 half-moves since the call"));
    // A capture after the call does not restart it: the Queen takes the Rook, and the
    // lone King's call runs on.
    let g = game(fen, RuleSet::British1894, &["a2a1q", "e1e2", "a1h1"]);
    assert_eq!(g.current().capture_clock(), 0);
    assert_eq!(g.current().call_clock(), Some(2));
    // The same material at the start of a FEN stood so since the FEN's clock.
    let g = game(
        "q3k3/8/8/8/8/8/8/4K2R w - - 99 80",
        RuleSet::British1894,
        &["h1h2"],
    );
    assert_eq!(g.current().call_clock(), Some(100));
    assert_eq!(g.draw_claim(), Some(DrawClaim::FiftyMoves));
    // The other Codes know no call.
    let g = game(fen, RuleSet::American1897, &["a2a1q"]);
    assert_eq!(g.current().call_clock(), None);
    assert_eq!(g.draw_claim(), Some(DrawClaim::FiftyMoves));
}

#[test]
fn a_call_to_mate_is_given_by_the_weak_side_only_br_iv_12() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 60";
    let mut g = game(fen, RuleSet::British1894, &[]);
    g.give_calls_by_command();
    assert_eq!(g.current().call_clock(), None);
    let refused = g.call_to_mate(Color::White).unwrap_err();
    assert_eq!(refused.law, "Br. IV 12");
    assert!(
        refused.words.starts_with("White may not call to mate"),
        "{refused}"
    );
    let granted = g.call_to_mate(Color::Black).unwrap();
    assert_eq!(
        granted.to_string(),
        "Black calls on White to mate within fifty moves on each side (Br. IV 12)"
    );
    assert_eq!(g.current().call_clock(), Some(0));
    assert!(g
        .call_to_mate(Color::Black)
        .unwrap_err()
        .words
        .contains("stands already"));
    // Under the American Code the fifty moves are counted without a call.
    let mut am = game(fen, RuleSet::American1897, &[]);
    let refused = am.call_to_mate(Color::Black).unwrap_err();
    assert_eq!(refused.law, "Am. II 8 (b)");
}

#[test]
fn staunton_repeats_the_men_whoever_is_to_move_drawn_games_c() {
    // White's King walks a triangle: the men come back with the other side to move.
    let fen = "7k/8/8/4p3/4P3/8/8/K7 w - - 0 1";
    let moves = [
        "a1b1", "h8g8", "b1a1", "g8h8", // the start again, White to move (2nd)
        "a1b1", "h8g8", "b1b2", "g8h8", "b2a1", // its men, Black to move (3rd)
    ];
    let g = game(fen, RuleSet::Staunton1910, &moves);
    assert_eq!(g.draw_claim(), Some(DrawClaim::Repetition));
    assert_eq!(
        DrawClaim::Repetition.ruling(g.current()).law,
        "Staunton, Drawn Games (c)"
    );
    // The American Code counts only the claimant's own turns.
    assert_eq!(game(fen, RuleSet::American1897, &moves).draw_claim(), None);
}

#[test]
fn staunton_counts_a_pawn_taken_as_a_piece_captured_drawn_games_b() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 99 80";
    let g = game(fen, RuleSet::Staunton1910, &["e4d5"]);
    assert_eq!(g.current().capture_clock(), 0);
    assert_eq!(g.draw_claim(), None);
    let g = game(fen, RuleSet::Staunton1910, &["e1d1"]);
    assert_eq!(g.draw_claim(), Some(DrawClaim::FiftyMoves));
    assert_eq!(
        DrawClaim::FiftyMoves.ruling(g.current()).law,
        "Staunton, Drawn Games (b)"
    );
}

#[test]
fn staunton_claims_never_cite_the_american_code() {
    let pos = Position::startpos(Rules::new(RuleSet::Staunton1910));
    for claim in [DrawClaim::Repetition, DrawClaim::FiftyMoves] {
        assert!(claim.ruling(&pos).law.starts_with("Staunton"), "{claim:?}");
    }
    assert!(no_claim(&pos).law.starts_with("Staunton"));
    assert!(!call_to_mate(&pos, Color::White)
        .unwrap_err()
        .law
        .contains("Am."));
}
