//! Unit checks of the oracle's own rules: castling without Rook, the remained Pawn of
//! british-1894, turns of several moves, and the FEN checks behind them. Independent of
//! the `engine` crate; the standard counts are checked in `tests/odds_oracle.rs`.

use super::{perft, Color, FenError, Kind, Man, Odds, Position, RuleSet, Sq, Wing};

const AMERICAN: RuleSet = RuleSet::American1897;

fn fen(text: &str, rules: RuleSet) -> Position {
    Position::from_fen(text, rules).unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// Plays a line of UCI moves, each of which must be legal.
fn play_line(start: &Position, line: &str) -> Position {
    line.split_whitespace().fold(start.clone(), |pos, uci| {
        pos.play_uci(uci)
            .unwrap_or_else(|| panic!("{uci} is not legal in {}", pos.to_fen()))
    })
}

fn has_move(pos: &Position, uci: &str) -> bool {
    pos.legal_moves().iter().any(|mv| mv.to_string() == uci)
}

fn sq(name: &str) -> Sq {
    Sq::parse(name).unwrap()
}

#[test]
fn standard_start_counts() {
    let start = Position::odds_start(Odds::by_name("none").unwrap(), AMERICAN);
    let counts: Vec<u64> = (1..=4).map(|depth| perft(&start, depth)).collect();
    assert_eq!(counts, [20, 400, 8902, 197_281]);
}

#[test]
fn rook_odds_castles_without_rook_once_b1_c1_d1_are_clear() {
    let start = Position::odds_start(Odds::by_name("rook").unwrap(), AMERICAN);
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1"
    );
    let cleared = play_line(&start, "b1c3 e7e6 d2d4 a7a6 c1f4 b7b6 d1d3 h7h6");
    assert!(has_move(&cleared, "e1c1"));
    let castled = play_line(&cleared, "e1c1");
    assert_eq!(
        castled.man(sq("c1")),
        Some(Man::new(Color::White, Kind::King))
    );
    assert_eq!(castled.man(sq("d1")), None, "no Rook appears from nowhere");
    assert!(!castled.can_castle(Color::White, Wing::Queen));
    assert!(!castled.can_castle(Color::White, Wing::King));
}

#[test]
fn rook_odds_under_fide_has_no_queenside_letter() {
    let start = Position::odds_start(Odds::by_name("rook").unwrap(), RuleSet::Fide);
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"
    );
    let cleared = play_line(&start, "b1c3 e7e6 d2d4 a7a6 c1f4 b7b6 d1d3 h7h6");
    assert!(!has_move(&cleared, "e1c1"));
}

#[test]
fn a_black_man_on_the_empty_rook_square_ends_the_right_for_good() {
    // White gave the Queen's Rook; b1, c1, d1 are clear and a Black Bishop eyes a1.
    let start = fen(
        "rnbqk1nr/pppp1ppp/4p3/4b3/8/8/P1PPPPPP/4KBNR b KQkq - 0 1",
        AMERICAN,
    );
    let quiet = play_line(&start, "a7a6");
    assert!(has_move(&quiet, "e1c1"), "the right without Rook is usable");
    let landed = play_line(&start, "e5a1");
    assert!(!landed.can_castle(Color::White, Wing::Queen));
    assert!(
        landed.can_castle(Color::White, Wing::King),
        "the other wing keeps its right"
    );
    let left_again = play_line(&landed, "g1f3 a1e5");
    assert_eq!(left_again.man(sq("a1")), None);
    assert!(
        !has_move(&left_again, "e1c1"),
        "once a man stood on a1 the right is gone"
    );
}

#[test]
fn an_own_man_on_the_empty_rook_square_ends_the_right_too() {
    let start = fen(
        "rnbqkbnr/pppppppp/8/8/3B4/8/P1PPPPPP/4K1NR w KQkq - 0 1",
        AMERICAN,
    );
    let visited = play_line(&start, "d4a1 a7a6 a1d4 a6a5");
    assert!(!visited.can_castle(Color::White, Wing::Queen));
    assert!(!has_move(&visited, "e1c1"));
    let untouched = play_line(&start, "d4e3 a7a6");
    assert!(has_move(&untouched, "e1c1"));
}

#[test]
fn castling_without_rook_obeys_the_ordinary_conditions() {
    // Both wings without Rook; a Knight on b1 blocks the Queen's side.
    let blocked = fen("4k3/8/8/8/8/8/8/1N2K3 w KQ - 0 1", AMERICAN);
    assert!(has_move(&blocked, "e1g1"));
    assert!(!has_move(&blocked, "e1c1"));
    // In check: no castling at all.
    let checked = fen("4k3/8/8/8/1b6/8/8/4K3 w KQ - 0 1", AMERICAN);
    assert!(checked.in_check());
    assert!(!has_move(&checked, "e1g1") && !has_move(&checked, "e1c1"));
    // A Black Bishop on a6 commands f1, the square the King crosses to g1.
    let crossed = fen("4k3/8/b7/8/8/8/8/4K3 w KQ - 0 1", AMERICAN);
    assert!(!has_move(&crossed, "e1g1"));
    assert!(has_move(&crossed, "e1c1"));
    // A Black Bishop on e4 commands b1 and h1, which the King never touches.
    let corners = fen("4k3/8/8/8/4b3/8/8/4K3 w KQ - 0 1", AMERICAN);
    assert!(has_move(&corners, "e1g1") && has_move(&corners, "e1c1"));
}

#[test]
fn a_castling_letter_needs_the_own_rook_or_an_empty_square() {
    let rookless = "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1";
    for rules in [
        RuleSet::American1897,
        RuleSet::British1894,
        RuleSet::Staunton1910,
    ] {
        assert!(
            Position::from_fen(rookless, rules).is_ok(),
            "{}",
            rules.name()
        );
    }
    let refused = |text: &str, rules| {
        matches!(
            Position::from_fen(text, rules),
            Err(FenError::CastlingRight { .. })
        )
    };
    assert!(refused(rookless, RuleSet::Fide));
    for rules in RuleSet::ALL {
        assert!(
            refused("4k3/8/8/8/8/8/8/N3K3 w Q - 0 1", rules),
            "a Knight on a1"
        );
        assert!(
            refused("4k3/8/8/8/8/8/8/r3K3 w Q - 0 1", rules),
            "a Black Rook on a1"
        );
        assert!(
            refused("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", rules),
            "the King off e1"
        );
    }
}

#[test]
fn british_pawn_may_remain_a_pawn_and_then_never_moves() {
    let about_to_promote = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(perft(&fen(about_to_promote, AMERICAN), 1), 9);
    let british = fen(about_to_promote, RuleSet::British1894);
    assert_eq!(perft(&british, 1), 10);
    let remained = play_line(&british, "a7a8");
    assert_eq!(
        remained.man(sq("a8")),
        Some(Man::new(Color::White, Kind::Pawn))
    );
    let dead_pawn = "P3k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert!(Position::from_fen(dead_pawn, AMERICAN).is_err());
    assert_eq!(
        perft(&fen(dead_pawn, RuleSet::British1894), 1),
        5,
        "only the King moves"
    );
}

#[test]
fn a_remained_pawn_blocks_castling_until_it_is_captured() {
    // A White Pawn that remained on b8 stands between e8 and the empty a8.
    let pos = fen("1P2k3/8/8/8/8/8/8/4K3 b q - 0 1", RuleSet::British1894);
    assert!(!has_move(&pos, "e8c8"));
    let cleared = fen("4k3/8/8/8/8/8/8/4K3 b q - 0 1", RuleSet::British1894);
    assert!(has_move(&cleared, "e8c8"));
}

#[test]
fn several_moves_in_one_turn_stay_within_the_fourth_rank() {
    let start = Position::odds_start(Odds::by_name("pawn-and-two-moves").unwrap(), AMERICAN);
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(start.turn_moves_left(), 2);
    let first = play_line(&start, "e2e4");
    assert_eq!(first.side_to_move(), Color::White, "White moves again");
    assert!(
        first.to_fen().contains(" w KQkq - "),
        "no en passant chance inside the turn"
    );
    assert!(
        !has_move(&first, "e4e5"),
        "e5 is beyond White's fourth rank"
    );
    assert!(has_move(&first, "d2d4"));
    let second = play_line(&first, "d2d4");
    assert_eq!(second.side_to_move(), Color::Black);
    assert!(
        second.to_fen().contains(" b KQkq d3 "),
        "the turn's last double step counts"
    );
    assert!(has_move(&second, "e7e5"));
}

#[test]
fn turns_of_several_moves_count_one_ply_per_move() {
    let two = Position::odds_start(Odds::by_name("two-moves").unwrap(), AMERICAN);
    let three = Position::odds_start(Odds::by_name("three-moves").unwrap(), AMERICAN);
    assert_eq!(perft(&two, 1), 20);
    assert_eq!(perft(&three, 1), 20);
    // The third ply is Black's first move under two-moves and White's third under
    // three-moves; the counts must differ from the standard start's 8902.
    assert_ne!(perft(&two, 3), 8902);
    assert_ne!(perft(&two, 3), perft(&three, 3));
}
