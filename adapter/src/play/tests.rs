use std::io::Cursor;

use engine::search::{marked_now, Score};
use engine::{Game, GameSpec, MateCondition, Odds, Position, RuleSet, Rules, Square};

use super::*;

fn config() -> PlayConfig {
    PlayConfig {
        limit: Limit::Depth(1),
        hash_mb: 1,
        ..PlayConfig::default()
    }
}

/// Plays a whole session in memory; returns the output.
fn session(config: &PlayConfig, lines: &str) -> (Status, String) {
    let mut out = Vec::new();
    let status = run(config, Cursor::new(lines.as_bytes().to_vec()), &mut out).unwrap();
    (status, String::from_utf8(out).unwrap())
}

#[test]
fn the_player_receives_the_odds_unless_told_otherwise() {
    let rook = sides(Odds::Rook, None, false);
    assert_eq!((rook.human, rook.giver), (Color::Black, Some(Color::White)));
    assert_eq!(rook.morphy(), Color::White);
    let pawn_and_move = sides(Odds::PawnAndMove, None, false);
    assert_eq!(pawn_and_move.morphy(), Color::Black);
    let giver = sides(Odds::Rook, Some(Color::White), false);
    assert_eq!(
        (giver.human, giver.giver),
        (Color::White, Some(Color::White))
    );
    assert_eq!(sides(Odds::None, None, false).giver, None);
    // Draw odds without odds of men: Morphy gives them.
    assert_eq!(
        sides(Odds::None, Some(Color::Black), true).giver,
        Some(Color::White)
    );
}

#[test]
fn odds_in_words() {
    assert_eq!(
        odds_text(Odds::Rook),
        "rook: White gives the Rook on a1 (Am. IV 3); the giver moves first (Am. IV 2)"
    );
    assert_eq!(
        odds_text(Odds::PawnAndTwoMoves),
        "pawn-and-two-moves: Black gives the Pawn on f7 (Am. IV 3); White makes 2 moves in his first turn, none beyond his fourth rank (Am. IV 4)"
    );
    assert!(odds_text(Odds::RookAndKnight).contains("the Rook on a1 and the Knight on b1"));
}

#[test]
fn the_board_is_seen_from_the_players_side() {
    let p = Position::startpos(Rules::default());
    let white = board(&p, Color::White);
    assert!(white.starts_with("  8 | r n b q k b n r\n"));
    assert!(white.ends_with("      a b c d e f g h"));
    let black = board(&p, Color::Black);
    assert!(black.starts_with("  1 | R N B K Q B N R\n"));
    assert!(black.ends_with("      h g f e d c b a"));
}

#[test]
fn scores_in_words() {
    assert_eq!(score_text(Some(Score::Cp(35))), "+35 cp");
    assert_eq!(score_text(Some(Score::Cp(-4))), "-4 cp");
    assert_eq!(score_text(Some(Score::Mate(2))), "mate in 2");
    assert_eq!(score_text(Some(Score::Mate(-3))), "mated in 3");
}

#[test]
fn bad_input_then_undo_then_end_of_input() {
    let (status, out) = session(&config(), "e5\nNf3\nundo\nundo\nfoo bar\n");
    assert_eq!(status, Status::Played);
    assert!(
        out.contains("error: 'e5' is not a legal move here: no Pawn can go to e5"),
        "{out}"
    );
    assert!(out.contains("You play 1. Nf3"));
    assert!(out.contains("Morphy plays 1... "));
    assert!(out.contains("Took back 2 move(s); White to move."));
    assert!(out.contains("error: you have made no move to take back"));
    assert!(out.contains("error: 'foo bar' is not a move"));
    assert!(out.contains("End of input."));
    assert!(out.contains("Result *: the game was left unfinished."));
}

#[test]
fn the_receiver_makes_both_moves_of_his_first_turn() {
    let cfg = PlayConfig {
        spec: GameSpec {
            odds: Odds::PawnAndTwoMoves,
            ..GameSpec::default()
        },
        ..config()
    };
    let (_, out) = session(&cfg, "e4\ne5\nd4\nquit\n");
    assert!(out.contains("Morphy gives the odds and plays Black; you play White."));
    assert!(out.contains("White to move (you), move 1; 2 move(s) left in this turn"));
    assert!(out.contains("You play 1. e4"));
    assert!(
        out.contains("no man beyond the fourth rank (Am. IV 4)."),
        "{out}"
    );
    assert!(out.contains("You play 1. d4"));
    assert!(out.contains("Morphy plays 1... "));
    assert!(out.contains("1. e4 -- 2. d4"), "{out}");
}

#[test]
fn a_fifty_move_draw_is_claimed_by_the_player() {
    let cfg = PlayConfig {
        fen: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80".to_string()),
        ..config()
    };
    let (_, out) = session(&cfg, "claim\n");
    assert!(out.contains("You may claim a draw: fifty moves on each side without a capture (Am. II 8 (b)). Type 'claim' to claim it."), "{out}");
    assert!(out.contains("Result 1/2-1/2: White claims a draw: fifty moves on each side without a capture (Am. II 8 (b))."), "{out}");
    // Under draw odds the same claim loses for the giver, the player here.
    let odds = PlayConfig {
        spec: GameSpec {
            draw_odds: true,
            ..GameSpec::default()
        },
        color: Some(Color::White),
        ..cfg
    };
    let (_, out) = session(&odds, "claim\n");
    assert!(out.contains("Result 1-0: "), "{out}");
    assert!(out.contains("a loss for Black, the giver"), "{out}");
}

#[test]
fn am_ii_8_d_an_endless_series_of_checks_is_claimed_or_refused() {
    // White checks on e8 and h5 for ever (Kh7, Kg8): the claim is proved.
    let cfg = PlayConfig {
        fen: Some("6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 w - - 0 1".to_string()),
        ..config()
    };
    let (_, out) = session(&cfg, "claim\n");
    let words = "every defence of Black is answered by a check until the position recurs: White can subject the adverse King to an endless series of checks (Am. II 8 (d))";
    assert!(
        out.contains(&format!(
            "You may claim a draw: {words}. Type 'claim' to claim it."
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!("Result 1/2-1/2: White claims a draw: {words}.")),
        "{out}"
    );
    // Under Staunton's Code the same claim cites its own law.
    let staunton = PlayConfig {
        spec: GameSpec::new(RuleSet::Staunton1910),
        ..cfg.clone()
    };
    let (_, out) = session(&staunton, "claim\n");
    assert!(
        out.contains("endless series of checks (Staunton, Drawn Games (d)).\n"),
        "{out}"
    );
    // Every check of the Queen on e7 loses her: refused, and the game goes on.
    let escape = PlayConfig {
        fen: Some("r5k1/4Qppp/8/8/8/8/5PPP/6K1 w - - 0 1".to_string()),
        ..config()
    };
    let (_, out) = session(&escape, "claim\nquit\n");
    assert!(!out.contains("You may claim a draw"), "{out}");
    assert!(
        out.contains("no endless series of checks: whatever check White gives, Black's King escapes the checks (Am. II 8 (b), (c), (d))"),
        "{out}"
    );
    assert!(
        out.contains("Result *: the game was left unfinished."),
        "{out}"
    );
}

#[test]
fn no_claim_without_grounds() {
    let (_, out) = session(&config(), "claim\nresign\n");
    assert!(out.contains("error: no draw can be claimed now: 0 of the 100 half-moves"));
    assert!(out.contains("Result 0-1: White resigns (Am. II 9)."));
}

#[test]
fn refused_starts() {
    let cfg = PlayConfig {
        fen: Some("4k3/8/8/8/8/8/8/4K2P w - - 0 1".to_string()),
        ..config()
    };
    let (status, out) = session(&cfg, "");
    assert_eq!(status, Status::Refused);
    assert!(
        out.contains("error: White Pawn on its own first rank: h1 (Am. I 4)"),
        "{out}"
    );
    let cfg = PlayConfig {
        spec: GameSpec {
            odds: Odds::Rook,
            mate_condition: MateCondition::Pawn(Square::F7),
            ..GameSpec::default()
        },
        ..config()
    };
    let (status, out) = session(&cfg, "");
    assert_eq!(status, Status::Refused);
    assert!(out.contains("no White Pawn stands on f7"), "{out}");
}

#[test]
fn the_marked_pawn_is_followed() {
    let rules = Rules::new(RuleSet::American1897);
    let mut game = Game::new(Position::startpos(rules));
    for m in ["e2e4", "d7d5", "e4d5", "c7c6", "d5c6"] {
        let mv = game.current().parse_uci_move(m).unwrap();
        game.try_play(mv).unwrap();
    }
    assert_eq!(
        marked_now(MateCondition::Pawn(Square::E2), &game),
        Some(Square::C6)
    );
    let mv = game.current().parse_uci_move("b7c6").unwrap();
    game.try_play(mv).unwrap();
    assert_eq!(marked_now(MateCondition::Pawn(Square::E2), &game), None);
}

#[test]
fn each_rule_set_words_its_own_law() {
    let under = |set| PlayConfig {
        spec: GameSpec::new(set),
        fen: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80".to_string()),
        ..config()
    };
    let (_, out) = session(&under(RuleSet::Staunton1910), "claim\n");
    assert!(
        out.contains("Result 1/2-1/2: White claims a draw: fifty moves on each side without a capture (Staunton, Drawn Games (b))."),
        "{out}"
    );
    // The British draft: the lone King's call to mate is IV 12 (repetition is IV 11).
    let (_, out) = session(&under(RuleSet::British1894), "claim\n");
    assert!(
        out.contains("White claims a draw: the weaker side's call to mate within fifty moves has run out (Br. IV 12)."),
        "{out}"
    );
    let british = PlayConfig {
        spec: GameSpec::new(RuleSet::British1894),
        ..config()
    };
    let (_, out) = session(&british, "claim\nresign\n");
    assert!(out.contains("and no repetition (Br. IV 11, 12)"), "{out}");
    assert!(
        out.contains("Result 0-1: White resigns (Br. IV 16)."),
        "{out}"
    );
    let (_, out) = session(&under(RuleSet::Fide), "resign\n");
    assert!(out.contains("White resigns (FIDE 5.1.2)."), "{out}");
}
