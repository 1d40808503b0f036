use super::*;
use crate::ladder::estimate::GameResult;

#[test]
fn the_first_game_is_for_a_player_of_the_priors_mean() {
    let first = suggest(None, &[]);
    assert_eq!(first, suggest_for(PRIOR_MEAN));
    assert!((first.expected - 0.5).abs() < 0.1, "{first:?}");
}

#[test]
fn the_suggestion_is_the_rung_nearest_fifty_percent() {
    for elo in [900.0, 1150.0, 1500.0, 1777.0, 2100.0, 2450.0] {
        let s = suggest_for(elo);
        for &odds in &Odds::ALL {
            for &level in &LEVELS {
                let other = expected_score(elo, odds, Some(level));
                assert!(
                    (s.expected - 0.5).abs() <= (other - 0.5).abs() + 1e-12,
                    "{elo}: {s:?} but {odds} at {level} expects {other}"
                );
            }
        }
        assert!((s.expected - expected_score(elo, s.odds, Some(s.level))).abs() < 1e-12);
    }
}

#[test]
fn a_strong_player_gets_the_top_rung() {
    let s = suggest_for(3000.0);
    assert_eq!(s.level, 2600, "{s:?}");
    let top = Odds::ALL
        .iter()
        .flat_map(|&o| LEVELS.iter().map(move |&l| handicapped(o, Some(l))))
        .fold(f64::NEG_INFINITY, f64::max);
    assert!((rung(&s) - top).abs() < 1e-9, "{s:?}");
}

#[test]
fn a_weak_player_gets_odds() {
    let s = suggest_for(1000.0);
    assert_ne!(s.odds, Odds::None, "{s:?}");
    assert!(worth(s.odds, s.level) > 100.0, "{s:?}");
}

#[test]
fn without_an_estimate_the_history_gives_one() {
    let history = vec![
        GameResult {
            odds: Odds::None,
            level: Some(2000),
            score: 1.0,
        };
        6
    ];
    let est = estimate(&history).unwrap();
    assert_eq!(suggest(None, &history), suggest(Some(&est), &history));
    assert!(rung(&suggest(None, &history)) > 2000.0);
}

#[test]
fn the_suggestion_goes_out_as_json() {
    let s = Suggestion {
        odds: Odds::Knight,
        level: 1400,
        expected: 0.5,
    };
    assert_eq!(
        serde_json::to_string(&s).unwrap(),
        r#"{"odds":"knight","level":1400,"expected":0.5}"#
    );
}
