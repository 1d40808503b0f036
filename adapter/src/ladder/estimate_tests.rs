use super::*;

fn games(
    odds: Odds,
    level: Option<u32>,
    wins: usize,
    draws: usize,
    losses: usize,
) -> Vec<GameResult> {
    let one = |score| GameResult { odds, level, score };
    let mut v = vec![one(1.0); wins];
    v.extend(vec![one(0.5); draws]);
    v.extend(vec![one(0.0); losses]);
    v
}

#[test]
fn no_finished_game_no_estimate() {
    assert_eq!(estimate(&[]), None);
}

#[test]
fn even_results_put_the_person_at_morphys_strength() {
    let e = estimate(&games(Odds::None, Some(1800), 10, 0, 10)).unwrap();
    assert_eq!(e.games, 20);
    // The prior pulls a few Elo towards its mean (1500), no more.
    assert!(e.elo < 1800.0 && e.elo > 1790.0, "{e:?}");
    assert!(e.low < e.elo && e.elo < e.high);
    // Twenty games: about ±150 Elo.
    assert!(e.high - e.low > 250.0 && e.high - e.low < 350.0, "{e:?}");
    // Draws count half.
    let d = estimate(&games(Odds::None, Some(1800), 5, 10, 5)).unwrap();
    assert!((d.elo - e.elo).abs() < 1.0);
}

#[test]
fn odds_count_what_they_are_worth() {
    let level = 1600;
    let at_odds = estimate(&games(Odds::Knight, Some(level), 10, 0, 10)).unwrap();
    let even = estimate(&games(Odds::None, Some(level), 10, 0, 10)).unwrap();
    let w = worth(Odds::Knight, level);
    assert!(w > 100.0, "{w}");
    assert!(
        (even.elo - at_odds.elo - w).abs() < 10.0,
        "{at_odds:?} {even:?} {w}"
    );
    assert!((handicapped(Odds::Knight, Some(level)) - (1600.0 - w)).abs() < 1e-9);
}

#[test]
fn all_wins_or_all_losses_stay_finite() {
    let won = estimate(&games(Odds::None, Some(1200), 5, 0, 0)).unwrap();
    assert!(won.elo > 1200.0 && won.elo < 2500.0, "{won:?}");
    assert!(won.high.is_finite() && won.high < 4000.0);
    let lost = estimate(&games(Odds::None, None, 0, 0, 5)).unwrap();
    assert!(
        lost.elo < f64::from(super::super::FULL_STRENGTH_ELO),
        "{lost:?}"
    );
    assert!(lost.low > -1000.0, "{lost:?}");
}

#[test]
fn full_strength_counts_as_the_top_level() {
    let full = estimate(&games(Odds::Rook, None, 3, 1, 4)).unwrap();
    let top = estimate(&games(Odds::Rook, Some(2600), 3, 1, 4)).unwrap();
    assert!((full.elo - top.elo).abs() < 1e-9);
    assert!((expected_score(2600.0, Odds::None, None) - 0.5).abs() < 1e-12);
}

#[test]
fn the_results_go_out_as_json_with_the_odds_by_name() {
    let g = GameResult {
        odds: Odds::PawnAndMove,
        level: Some(1400),
        score: 0.5,
    };
    assert_eq!(
        serde_json::to_string(&g).unwrap(),
        r#"{"odds":"pawn-and-move","level":1400,"score":0.5}"#
    );
    let e = estimate(&[g]).unwrap();
    let json = serde_json::to_value(e).unwrap();
    assert_eq!(json["games"], 1);
    assert!(json["elo"].is_f64());
}
