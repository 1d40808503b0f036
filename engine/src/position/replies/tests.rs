//! The shared count of the replies against playing every move and counting in full.

use crate::position::Position;
use crate::rng::Rng;
use crate::rules::odds::Odds;
use crate::rules::{RuleSet, Rules};
use crate::setup::Setup;

/// The count of the replies with the replier's count shared, against playing every
/// move and counting the replies in full.
fn check(pos: &Position) {
    let played: u64 = pos
        .legal_moves()
        .iter()
        .map(|mv| pos.played(*mv).count_legal_moves())
        .sum();
    assert_eq!(pos.count_legal_replies(), played, "{}", pos.fen());
}

/// Random games (uniform legal moves, to mate or 120 plies) from `start`, every
/// position checked.
fn random_games(start: &Position, games: u64, seed: u64) {
    for game in 0..games {
        let mut rng = Rng::for_index(seed, game);
        let mut pos = start.clone();
        for _ in 0..120 {
            check(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.played(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn shared_counts_equal_played_counts_in_random_games_under_every_rule_set() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Kiwipete: both castlings, pins, en passant chances, many captures.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // Promotions on both sides, Kings in the open.
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        // En passant along the King's rank.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // A replier with eleven sliders (ten Queens from promotions and a Rook).
        "6k1/5ppp/8/8/R7/QQQQQ3/QQQQQ3/K7 b - - 0 1",
    ];
    for set in [
        RuleSet::American1897,
        RuleSet::British1894,
        RuleSet::Staunton1910,
        RuleSet::Fide,
    ] {
        for (i, fen) in fens.into_iter().enumerate() {
            let setup = Setup::from_fen(fen, false).unwrap();
            let pos = Position::from_setup(&setup, Rules::new(set)).unwrap();
            random_games(&pos, 20, i as u64);
        }
    }
}

#[test]
fn shared_counts_equal_played_counts_from_odds_starts_and_chess960() {
    // Castling without the Rook (Am. IV 5) and turns of several moves (Am. IV 4).
    let rules = Rules::new(RuleSet::American1897);
    for (i, odds) in [
        Odds::Rook,
        Odds::TwoRooks,
        Odds::PawnAndTwoMoves,
        Odds::ThreeMoves,
    ]
    .into_iter()
    .enumerate()
    {
        let pos = Position::from_setup(&odds.setup(&rules), rules).unwrap();
        random_games(&pos, 20, 100 + i as u64);
    }
    // A Chess960 start, whose castling paths go the long way.
    let setup = Setup::from_fen(
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        true,
    )
    .unwrap();
    let rules = Rules::new(RuleSet::Fide).with_chess960(true);
    let pos = Position::from_setup(&setup, rules).unwrap();
    random_games(&pos, 20, 200);
}
