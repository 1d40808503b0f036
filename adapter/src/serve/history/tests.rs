use super::*;

fn record(human: &str, result: Option<&str>) -> GameRecord {
    GameRecord {
        id: "g".to_string(),
        odds: "knight".to_string(),
        human: human.to_string(),
        result: result.map(str::to_string),
        ..GameRecord::default()
    }
}

#[test]
fn a_result_is_read_for_the_person() {
    assert_eq!(ForPerson::of(&record("white", Some("1-0"))), ForPerson::Won);
    assert_eq!(ForPerson::of(&record("black", Some("0-1"))), ForPerson::Won);
    assert_eq!(
        ForPerson::of(&record("white", Some("0-1"))),
        ForPerson::Lost
    );
    assert_eq!(
        ForPerson::of(&record("black", Some("1-0"))),
        ForPerson::Lost
    );
    assert_eq!(
        ForPerson::of(&record("black", Some("1/2-1/2"))),
        ForPerson::Drawn
    );
    assert_eq!(ForPerson::of(&record("white", None)), ForPerson::Unfinished);
}

#[test]
fn the_filter_reads_odds_and_results_and_refuses_others_in_words() {
    let filter = |odds: &str, result: &str| Filter {
        odds: Some(odds.to_string()),
        result: Some(result.to_string()),
    };
    assert_eq!(filter("all", "all").read(), Ok((None, None)));
    assert_eq!(
        filter("knight", "won").read(),
        Ok((Some(Odds::Knight), Some(ForPerson::Won)))
    );
    assert!(filter("castle", "all")
        .read()
        .unwrap_err()
        .contains("castle"));
    assert!(filter("all", "maybe").read().unwrap_err().contains("maybe"));
    let lost = record("white", Some("0-1"));
    assert!(Filter::passes(
        Some(Odds::Knight),
        Some(ForPerson::Lost),
        &lost
    ));
    assert!(!Filter::passes(Some(Odds::Rook), None, &lost));
    assert!(!Filter::passes(None, Some(ForPerson::Won), &lost));
}

#[test]
fn a_row_gives_the_odds_in_words_and_the_length() {
    let mut r = record("black", Some("1-0"));
    r.moves = vec![crate::game_db::MoveRecord::default(); 5];
    let row = Row::of(&r);
    assert_eq!(row.plies, 5);
    assert_eq!(row.odds_words, Odds::Knight.describe());
    assert_eq!(row.outcome, ForPerson::Lost);
}
