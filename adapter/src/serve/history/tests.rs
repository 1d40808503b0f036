use super::*;

fn record(human: &str, result: Option<&str>) -> GameRecord {
    GameRecord {
        id: "g".to_string(),
        odds: "knight".to_string(),
        human: human.to_string(),
        result: result.map(str::to_string),
        moves: vec![crate::game_db::MoveRecord::default(); 3],
        ..GameRecord::default()
    }
}

fn asked(odds: &str, result: &str) -> Asked {
    Asked {
        odds: Some(odds.to_string()),
        result: Some(result.to_string()),
    }
}

#[test]
fn the_address_asks_for_odds_and_results_and_others_are_refused_in_words() {
    let all = asked("all", "").filter().unwrap();
    assert_eq!((all.odds, all.result), (None, None));
    let f = asked("knight", "lost").filter().unwrap();
    assert_eq!(
        (f.odds, f.result),
        (Some(Odds::Knight), Some(Outcome::Lost))
    );
    assert!(f.keeps(&record("white", Some("0-1"))));
    assert!(!f.keeps(&record("white", Some("1-0"))));
    assert!(asked("castle", "all")
        .filter()
        .unwrap_err()
        .contains("castle"));
    assert!(asked("all", "maybe")
        .filter()
        .unwrap_err()
        .contains("maybe"));
}

#[test]
fn a_row_gives_the_odds_in_words_the_outcome_and_the_length() {
    let mut r = record("black", Some("1-0"));
    r.moves = vec![crate::game_db::MoveRecord::default(); 5];
    let row = Row::of(&r);
    assert_eq!(row.plies, 5);
    assert_eq!(row.odds_words, Odds::Knight.describe());
    assert_eq!(row.outcome, "lost");
    assert_eq!(Row::of(&record("black", Some("0-1"))).outcome, "won");
    assert_eq!(Row::of(&record("white", None)).outcome, "unfinished");
}
