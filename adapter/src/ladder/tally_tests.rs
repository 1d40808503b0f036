use super::*;

fn record(odds: &str, level: Option<u32>, human: &str, result: Option<&str>) -> GameRecord {
    GameRecord {
        odds: odds.to_string(),
        level,
        human: human.to_string(),
        result: result.map(str::to_string),
        ..GameRecord::default()
    }
}

#[test]
fn the_persons_score_from_the_result_and_colour() {
    // At knight odds White gives: the person plays Black.
    let won = record("knight", Some(1600), "black", Some("0-1"));
    assert_eq!(
        result_of(&won),
        Some(GameResult {
            odds: Odds::Knight,
            level: Some(1600),
            score: 1.0
        })
    );
    let lost = record("knight", Some(1600), "black", Some("1-0"));
    assert_eq!(result_of(&lost).map(|r| r.score), Some(0.0));
    let drawn = record("pawn-and-move", None, "white", Some("1/2-1/2"));
    assert_eq!(
        result_of(&drawn),
        Some(GameResult {
            odds: Odds::PawnAndMove,
            level: None,
            score: 0.5
        })
    );
    // Without odds either colour counts.
    let white = record("none", Some(1200), "white", Some("1-0"));
    assert_eq!(result_of(&white).map(|r| r.score), Some(1.0));
}

#[test]
fn unfinished_unreadable_and_given_odds_are_not_counted() {
    assert_eq!(
        result_of(&record("knight", Some(1600), "black", None)),
        None
    );
    assert_eq!(
        result_of(&record("knight", Some(1600), "black", Some("*"))),
        None
    );
    assert_eq!(
        result_of(&record("kinght", Some(1600), "black", Some("1-0"))),
        None
    );
    assert_eq!(
        result_of(&record("knight", Some(1600), "blue", Some("1-0"))),
        None
    );
    // The person took the giver's side (White at knight odds): Morphy received.
    assert_eq!(
        result_of(&record("knight", Some(1600), "white", Some("1-0"))),
        None
    );
}

#[test]
fn results_are_counted_per_odds_and_level() {
    let records = vec![
        record("rook", Some(1400), "black", Some("0-1")),
        record("knight", None, "black", Some("1-0")),
        record("knight", Some(1600), "black", Some("1/2-1/2")),
        record("knight", Some(1600), "black", Some("0-1")),
        record("knight", Some(1600), "black", None),
        record("knight", Some(1600), "white", Some("1-0")),
        record("rook", Some(1400), "black", Some("0-1")),
        record("none", Some(2000), "white", Some("0-1")),
    ];
    let rows = tally(&records);
    let row = |odds, level, person_gives, won, drawn, lost| TallyRow {
        odds,
        level,
        person_gives,
        won,
        drawn,
        lost,
    };
    assert_eq!(
        rows,
        vec![
            row(Odds::None, Some(2000), false, 0, 0, 1),
            row(Odds::Knight, Some(1600), false, 1, 1, 0),
            row(Odds::Knight, None, false, 0, 0, 1),
            row(Odds::Knight, Some(1600), true, 1, 0, 0),
            row(Odds::Rook, Some(1400), false, 2, 0, 0),
        ]
    );
    assert_eq!(
        serde_json::to_string(&rows[4]).unwrap(),
        r#"{"odds":"rook","level":1400,"person_gives":false,"won":2,"drawn":0,"lost":0}"#
    );
    assert!(tally(&[]).is_empty());
}
