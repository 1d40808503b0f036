use std::io::Cursor;

use engine::search::{marked_now, Score};
use engine::{Color, Game, GameSpec, MateCondition, Odds, Position, RuleSet, Rules, Square};

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
    let rook = sides(Odds::Rook.giver(), None, false);
    assert_eq!((rook.human, rook.giver), (Color::Black, Some(Color::White)));
    assert_eq!(rook.morphy(), Color::White);
    let pawn_and_move = sides(Odds::PawnAndMove.giver(), None, false);
    assert_eq!(pawn_and_move.morphy(), Color::Black);
    let giver = sides(Odds::Rook.giver(), Some(Color::White), false);
    assert_eq!(
        (giver.human, giver.giver),
        (Color::White, Some(Color::White))
    );
    assert_eq!(sides(Odds::None.giver(), None, false).giver, None);
    // Draw odds without odds of men: Morphy gives them.
    assert_eq!(
        sides(Odds::None.giver(), Some(Color::Black), true).giver,
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
    // Always from the player's side, whoever searched.
    assert_eq!(
        score_text(Some(Score::Cp(35)), ScoreOf::Player),
        "+35 cp for you"
    );
    assert_eq!(
        score_text(Some(Score::Cp(35)), ScoreOf::Morphy),
        "-35 cp for you"
    );
    assert_eq!(
        score_text(Some(Score::Cp(-4)), ScoreOf::Morphy),
        "+4 cp for you"
    );
    assert_eq!(
        score_text(Some(Score::Mate(2)), ScoreOf::Player),
        "you mate in 2"
    );
    assert_eq!(
        score_text(Some(Score::Mate(2)), ScoreOf::Morphy),
        "Morphy mates in 2"
    );
    assert_eq!(
        score_text(Some(Score::Mate(-3)), ScoreOf::Morphy),
        "you mate in 3"
    );
}

#[test]
fn bad_input_then_undo_then_end_of_input() {
    let (status, out) = session(&config(), "e5\nNf3\nundo\nundo\nfoo bar\n");
    assert_eq!(status, Status::Played);
    assert!(
        out.contains(
            "error: 'e5' is not a legal move: no Pawn of yours can go to e5 (Am. I 9, I 11 E (a))"
        ),
        "{out}"
    );
    assert!(out.contains("You play 1. Nf3"));
    assert!(out.contains("Morphy plays 1... "));
    // What help says undo does: the player's last turn and Morphy's reply, named.
    assert!(input::HELP.contains("undo         take back your last turn and Morphy's reply to it"));
    let took = out.lines().find(|l| l.starts_with("Took back")).unwrap();
    assert!(took.starts_with("Took back 1. Nf3 1... "), "{took}");
    assert!(took.ends_with("; White to move."), "{took}");
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
    // A condition naming the receiver's man is refused, never taken silently (Am. IV 6).
    assert!(
        out.contains("error: mate condition pawn:f7: the Pawn on f7 is Black's, not a man of White, the giver (Am. IV 6)"),
        "{out}"
    );
}

#[test]
fn promoting_ones_own_marked_pawn_asks_first_then_forfeits_am_iv_6_8() {
    let cfg = PlayConfig {
        spec: GameSpec {
            giver: engine::OddsGiver::White,
            mate_condition: MateCondition::Pawn(Square::G7),
            ..GameSpec::default()
        },
        color: Some(Color::White),
        fen: Some("k7/6P1/8/8/8/8/8/4K3 w - - 0 1".to_string()),
        ..config()
    };
    let (_, out) = session(&cfg, "g8=Q\ng8=Q\n");
    assert!(
        out.contains("warning: the marked Pawn may not go beyond the seventh rank"),
        "{out}"
    );
    assert!(out.contains("You play 1. g8=Q"), "{out}");
    assert!(
        out.contains("Result 0-1: White undertook to mate with the Pawn that started on g7, which promoted on g8"),
        "{out}"
    );
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
    // The British draft: the lone King's call to mate is IV 12 (repetition is IV 11). In
    // play the fifty moves run from the call the weak side gives, not from the capture
    // count: Morphy's lone King calls at its first turn.
    let (_, out) = session(&under(RuleSet::British1894), "claim\ncall\nKd2\nquit\n");
    assert!(
        out.contains("error: no draw can be claimed now: no call to mate stands, and no repetition (Br. IV 11, 12)"),
        "{out}"
    );
    assert!(
        out.contains("error: White may not call to mate: only a side without Pawns"),
        "{out}"
    );
    assert!(
        out.contains("Morphy calls: Black calls on White to mate within fifty moves on each side (Br. IV 12)."),
        "{out}"
    );
    assert!(
        !out.contains("code:"),
        "the session states the claims: {out}"
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

#[test]
fn the_giver_is_the_side_the_fen_shows_giving_am_iv_2_3() {
    // Knight odds, the player White, draw odds; the FEN shows Black without b8.
    let cfg = PlayConfig {
        spec: GameSpec {
            odds: Odds::Knight,
            draw_odds: true,
            ..GameSpec::default()
        },
        color: Some(Color::White),
        fen: Some("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()),
        ..config()
    };
    assert_eq!(cfg.sides().giver, Some(Color::Black));
    let (status, out) = session(&cfg, "resign\n");
    assert_eq!(status, Status::Played);
    assert!(
        out.contains("Morphy gives the odds and plays Black; you play White."),
        "{out}"
    );
    assert!(
        out.contains("Draw odds: a drawn game counts as won by White"),
        "{out}"
    );
}

#[test]
fn save_writes_the_game_so_far_at_any_time() {
    let path = std::env::temp_dir().join(format!("morphy-save-{}.pgn", std::process::id()));
    let lines = format!("e4\nsave {}\nquit\n", path.display());
    let (_, out) = session(&config(), &lines);
    assert!(out.contains("Saved the game so far (2 moves) to "), "{out}");
    let pgn = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 "), "{pgn}");
}

#[test]
fn an_illegal_move_gets_its_true_reason_am_i_11_e_a() {
    let cfg = PlayConfig {
        fen: Some("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1".to_string()),
        ..config()
    };
    let (_, out) = session(&cfg, "Nf4\nquit\n");
    assert!(
        out.contains("error: 'Nf4' is not a legal move: the Knight on e2 may not move so: it would leave your King in check, commanded by Black's Rook on e7 (Am. I 11 E (a))"),
        "{out}"
    );
}

#[test]
fn a_draw_offer_is_answered_by_judgement_and_the_odds_terms_am_ii_8_a() {
    // Morphy, with a lone King against a Queen, accepts.
    let cfg = PlayConfig {
        fen: Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1".to_string()),
        ..config()
    };
    let (_, out) = session(&cfg, "draw\n");
    assert!(
        out.contains("Morphy accepts your offer of a draw."),
        "{out}"
    );
    assert!(out.contains("Result 1/2-1/2"), "{out}");
    // Giving rook odds with draw odds, a draw is Morphy's loss: it declines.
    let cfg = PlayConfig {
        spec: GameSpec {
            odds: Odds::Rook,
            draw_odds: true,
            ..GameSpec::default()
        },
        ..config()
    };
    let (_, out) = session(&cfg, "draw\nquit\n");
    assert!(
        out.contains("Morphy declines the draw: under the odds terms a draw would be its loss."),
        "{out}"
    );
}

#[test]
fn the_weak_side_calls_to_mate_in_play_br_iv_12() {
    let cfg = PlayConfig {
        spec: GameSpec::new(RuleSet::British1894),
        fen: Some("4k3/4p3/8/8/8/8/8/4K3 w - - 100 80".to_string()),
        ..config()
    };
    let (_, out) = session(&cfg, "claim\ncall\nclaim\ncall\nquit\n");
    assert!(
        out.contains("You may call to mate: White calls on Black to mate within fifty moves on each side (Br. IV 12). Type 'call' to call."),
        "{out}"
    );
    assert!(
        out.contains("error: no draw can be claimed now: no call to mate stands"),
        "{out}"
    );
    assert!(
        out.contains(
            "You call: White calls on Black to mate within fifty moves on each side (Br. IV 12)."
        ),
        "{out}"
    );
    assert!(
        out.contains("error: no draw can be claimed now: 0 of the 100 half-moves since the call to mate have been played, and no repetition (Br. IV 11, 12)"),
        "{out}"
    );
    assert!(
        out.contains("error: a call to mate stands already"),
        "{out}"
    );
    // Under the American Code the fifty moves need no call.
    let american = PlayConfig {
        spec: GameSpec::new(RuleSet::American1897),
        ..cfg
    };
    let (_, out) = session(&american, "call\nquit\n");
    assert!(
        out.contains("error: no call to mate under american-1897: the fifty moves on each side are counted without a call (Am. II 8 (b))"),
        "{out}"
    );
}

#[test]
fn a_turn_of_several_moves_is_one_move_in_the_numbering_br_vi_5() {
    let cfg = PlayConfig {
        spec: GameSpec {
            odds: Odds::ThreeMoves,
            ..GameSpec::default()
        },
        ..config()
    };
    let (_, out) = session(&cfg, "Nf3\nNg1\nNf3\nquit\n");
    for said in ["You play 1. Nf3", "You play 1. Ng1", "Morphy plays 1... "] {
        assert!(out.contains(said), "{said}: {out}");
    }
    assert!(out.contains("White to move (you), move 2."), "{out}");
    assert!(!out.contains("move 3"), "{out}");
}

#[test]
fn a_game_that_cannot_be_won_ends_the_game_in_play_am_i_15_c() {
    let cfg = PlayConfig {
        fen: Some("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1".to_string()),
        ..config()
    };
    let (_, out) = session(&cfg, "Kxd2\nquit\n");
    assert!(
        out.contains(
            "Result 1/2-1/2: the game cannot be won, whatever legal moves are made (Am. I 15 (c))."
        ),
        "{out}"
    );
    assert!(!out.contains("Morphy plays 1..."), "{out}");
}
