//! The new-game parameters read, and bad ones answered.

use super::*;

fn params(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect()
}

fn limit() -> Limit {
    Limit::Depth(1)
}

#[test]
fn the_address_names_the_game() {
    let game = read(
        &params(&[
            ("odds", "rook"),
            ("rules", "american-1897"),
            ("color", "giver"),
            ("elo", "1600"),
            ("clock", "5+3"),
        ]),
        limit(),
    )
    .unwrap();
    assert_eq!(game.config.spec.odds, Odds::Rook);
    assert_eq!(game.config.color, Some(Color::White));
    assert_eq!(game.elo, Some(1600));
    let clock = game.clock.unwrap();
    assert_eq!(clock.base.as_secs(), 300);
    assert_eq!(clock.increment, Duration::from_secs(3));
    let receiver = read(
        &params(&[("odds", "pawn-and-move"), ("color", "receiver")]),
        limit(),
    );
    assert_eq!(receiver.unwrap().config.color, Some(Color::White));
}

#[test]
fn bad_parameters_are_each_answered_in_the_engines_words() {
    let errors = read(
        &params(&[
            ("odds", "castle"),
            ("rules", "fide"),
            ("mate", "pawn:z9"),
            ("elo", "3000"),
            ("clock", "fast"),
            ("colour", "white"),
        ]),
        limit(),
    )
    .unwrap_err();
    assert_eq!(errors.len(), 5, "{errors:?}");
    let expected = [
        "unknown parameter 'colour'",
        "bad clock 'fast'",
        "bad elo '3000'",
        "bad mate condition 'pawn:z9'",
        "unknown odds 'castle'",
    ];
    for want in expected {
        assert!(
            errors.iter().any(|e| e.to_string().starts_with(want)),
            "{want}: {errors:?}"
        );
    }
    let nobody: Vec<String> = read(&params(&[("color", "giver")]), limit())
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        nobody,
        ["no side gives odds in this game: choose white or black"]
    );
}
