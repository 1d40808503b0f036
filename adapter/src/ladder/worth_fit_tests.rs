use super::*;
use crate::ladder::fit::expected;
use engine::rng::Rng;

/// Games drawn from the model with stretch `k` and worths `w` (by odds).
fn simulated(k: f64, worths: &[(Odds, f64)], cells: &[(u32, u32)], n: usize) -> Vec<MeasuredGame> {
    let mut rng = Rng::new(11);
    let mut games = Vec::new();
    for &(odds, w) in worths {
        for &(giver, receiver) in cells {
            let p = expected(w - k * (f64::from(giver) - f64::from(receiver)));
            for _ in 0..n {
                games.push(MeasuredGame {
                    odds,
                    giver,
                    receiver,
                    score: if rng.unit() < p { 1.0 } else { 0.0 },
                });
            }
        }
    }
    games
}

#[test]
fn the_model_gives_back_the_stretch_and_the_worths_it_was_drawn_from() {
    let k = 1.5;
    let mut games = simulated(k, &[(Odds::None, 0.0)], &[(1600, 1200), (1600, 1400)], 400);
    games.extend(simulated(
        k,
        &[(Odds::Knight, 300.0), (Odds::Queen, 700.0)],
        &[(1600, 1600), (1600, 1200)],
        400,
    ));
    let (stretches, worths) = worth_table(&games);
    assert_eq!(stretches.len(), 1);
    let s = stretches[0];
    assert_eq!((s.level, s.from, s.games), (1600, 1600, 800));
    assert!((s.fit.value - k).abs() < 0.1, "{s:?}");
    assert!(s.fit.low < k && k < s.fit.high, "{s:?}");
    let knight = worths.iter().find(|w| w.odds == Odds::Knight).unwrap();
    assert!((knight.fit.value - 300.0).abs() < 30.0, "{knight:?}");
    let queen = worths.iter().find(|w| w.odds == Odds::Queen).unwrap();
    assert!((queen.fit.value - 700.0).abs() < 60.0, "{queen:?}");
    assert_eq!(queen.games, 800);
    // The games against a lower level make the worth depend on the stretch.
    let (at_low, at_high) = queen.k_range.unwrap();
    assert!(
        at_low < queen.fit.value && queen.fit.value < at_high,
        "{queen:?}"
    );
    // Between equals only, the stretch does not enter.
    games.extend(simulated(k, &[(Odds::Pawn, 40.0)], &[(1600, 1600)], 400));
    let pawn = worth_table(&games)
        .1
        .into_iter()
        .find(|w| w.odds == Odds::Pawn)
        .unwrap();
    assert_eq!(pawn.k_range, None);
    assert!((pawn.fit.value - 40.0).abs() < 40.0, "{pawn:?}");
    // Odds not played have no row.
    assert!(worths.iter().all(|w| w.odds != Odds::Rook));
}

#[test]
fn the_lowest_level_takes_the_stretch_of_the_games_against_it() {
    let mut games = simulated(
        1.2,
        &[(Odds::None, 0.0)],
        &[(1400, 1200), (1600, 1400)],
        1000,
    );
    games.extend(simulated(1.2, &[(Odds::Pawn, 50.0)], &[(1200, 1200)], 100));
    let s = stretch(&games, 1200).unwrap();
    assert_eq!((s.from, s.games), (1400, 1000));
    assert!((s.fit.value - 1.2).abs() < 0.2, "{s:?}");
    assert!(stretch(&games, 1000).is_none());
    // A level with games between equals only needs no stretch.
    let equals = simulated(1.2, &[(Odds::Knight, 200.0)], &[(1800, 1800)], 400);
    let (stretches, worths) = worth_table(&equals);
    assert!(stretches.is_empty());
    assert_eq!(worths.len(), 1);
    assert!(
        (worths[0].fit.value - 200.0).abs() < 50.0,
        "{:?}",
        worths[0]
    );
    // Games against a lower level with no stretch to take the gap out: no figure.
    let apart = simulated(1.2, &[(Odds::Knight, 200.0)], &[(1800, 1600)], 50);
    assert!(worth_table(&apart).1.is_empty());
}
