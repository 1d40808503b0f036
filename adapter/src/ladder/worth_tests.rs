use super::*;

fn points(odds: Odds) -> &'static [(u32, f64)] {
    TABLE.iter().find(|(o, _)| *o == odds).unwrap().1
}

#[test]
fn every_odds_has_a_worth_and_none_has_none() {
    assert_eq!(TABLE.len(), Odds::ALL.len() - 1);
    for &odds in Odds::ALL.iter().filter(|&&o| o != Odds::None) {
        let p = points(odds);
        assert!(p.len() >= 2, "{odds}: measured at two levels at least");
        assert!(
            p.windows(2).all(|w| w[0].0 < w[1].0),
            "{odds}: levels rising"
        );
        for level in [1000, 1200, 1500, 2000, 2600] {
            assert!(worth(odds, level).is_finite());
        }
    }
    assert!(worth(Odds::None, 1600).abs() < 1e-12);
    assert!(measured_at(Odds::None).is_empty());
}

#[test]
fn the_worth_is_interpolated_between_the_levels_measured() {
    let p = points(Odds::Knight);
    let ((l0, w0), (l1, w1)) = (p[0], p[1]);
    assert!((worth(Odds::Knight, l0) - w0).abs() < 1e-9);
    assert!((worth(Odds::Knight, l1) - w1).abs() < 1e-9);
    let mid = u32::midpoint(l0, l1);
    assert!((worth(Odds::Knight, mid) - f64::midpoint(w0, w1)).abs() < 1e-9);
    // Held outside the levels measured.
    assert!((worth(Odds::Knight, 1000) - w0).abs() < 1e-9);
    let (_, top) = p[p.len() - 1];
    assert!((worth(Odds::Knight, 2600) - top).abs() < 1e-9);
    assert_eq!(
        measured_at(Odds::Knight),
        p.iter().map(|&(l, _)| l).collect::<Vec<_>>()
    );
}

#[test]
fn more_men_are_worth_more() {
    for level in [1200, 1600, 2000] {
        assert!(
            worth(Odds::Queen, level) > worth(Odds::Pawn, level),
            "{level}"
        );
        assert!(
            worth(Odds::TwoRooks, level) > worth(Odds::Rook, level),
            "{level}"
        );
        assert!(
            worth(Odds::RookAndKnight, level) > worth(Odds::Knight, level),
            "{level}"
        );
    }
}
