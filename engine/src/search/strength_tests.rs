//! Tests of the strength rule: its calibration, its choices and their reproducibility.

use std::sync::atomic::AtomicBool;

use super::super::{bench, Limits, NullReporter, Searcher};
use super::*;
use crate::position::Position;
use crate::rules::Rules;
use crate::setup::Setup;

fn pos(fen: &str) -> Position {
    Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap()
}

fn mv(p: &Position, uci: &str) -> Move {
    p.parse_uci_move(uci).unwrap()
}

#[test]
fn the_budget_grows_and_the_margin_and_rate_shrink_with_the_elo() {
    let mut last = Strength { elo: 0, seed: 0 }.calibration();
    assert_eq!(
        last, CALIBRATION[0],
        "below the range plays as the lowest row"
    );
    for elo in (MIN_ELO..=MAX_ELO + 200).step_by(10) {
        let c = Strength { elo, seed: 0 }.calibration();
        assert!(
            c.nodes >= last.nodes,
            "nodes fall at {elo}: {c:?} after {last:?}"
        );
        assert!(c.margin_cp <= last.margin_cp, "margin grows at {elo}");
        assert!(
            c.choose_per_mille <= last.choose_per_mille,
            "rate grows at {elo}"
        );
        last = c;
    }
    for r in CALIBRATION {
        assert_eq!(
            Strength {
                elo: r.elo,
                seed: 1
            }
            .calibration(),
            r
        );
    }
    assert!(
        Strength { elo: 1400, seed: 0 }.calibration().nodes
            < Strength { elo: 2600, seed: 0 }.calibration().nodes / 5
    );
    // Small enough that the budget, not the clock, ends a search at any ordinary time
    // control even on a slow machine (100 000 nodes is about a second at 100 000 nodes a
    // second): a level is then the same play everywhere.
    assert!(CALIBRATION.iter().all(|r| r.nodes <= 100_000));
}

#[test]
fn a_limited_search_keeps_the_callers_tighter_limits() {
    let s = Strength { elo: 1400, seed: 0 };
    let budget = s.calibration().nodes;
    let l = s.limits(&Limits::default(), true);
    assert_eq!(l.nodes, Some(budget));
    assert!(l.multi_pv >= 2);
    assert!(s.limits(&Limits::default(), false).multi_pv <= 1);
    let tight = Limits {
        nodes: Some(10),
        ..Limits::default()
    };
    assert_eq!(s.limits(&tight, true).nodes, Some(10));
}

/// The knight on d2 guards the Bishop the black Rook attacks: a knight move leaves the
/// Bishop en prise; Ne5 would also be SEE-losing (the d6 Pawn takes). Neither is ever
/// chosen, however equal its score; the safe King moves are.
#[test]
fn never_chooses_a_move_that_drops_material_when_a_safe_one_exists() {
    let p = pos("5r1k/8/3p4/8/8/5B2/3N4/4K3 w - - 0 1");
    let best = mv(&p, "e1e2");
    let safe = mv(&p, "e1f2");
    let exposing = [mv(&p, "d2b3"), mv(&p, "d2f1")];
    let lines = [(best, 10), (exposing[0], 10), (safe, 9), (exposing[1], 10)];
    let mut chosen_safe = 0;
    for seed in 0..400 {
        let s = Strength { elo: 1200, seed };
        let m = s.choose(&p, best, &lines);
        assert!(!exposing.contains(&m), "seed {seed} chose {m:?}");
        chosen_safe += usize::from(m == safe);
    }
    assert!(
        chosen_safe > 0,
        "a safe second-best move is sometimes chosen"
    );

    let p = pos("4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1");
    let best = mv(&p, "e1d2");
    let hanging = mv(&p, "f3e5");
    assert!(!is_safe(&p, hanging, exposure_after(&p, best)));
    let lines = [(best, 5), (hanging, 5)];
    for seed in 0..400 {
        let m = Strength { elo: 1200, seed }.choose(&p, best, &lines);
        assert_eq!(m, best, "seed {seed}");
    }
}

#[test]
fn no_second_best_move_outside_the_margin_or_beside_a_mate() {
    let p = pos("5r1k/8/3p4/8/8/5B2/3N4/4K3 w - - 0 1");
    let best = mv(&p, "e1e2");
    let safe = mv(&p, "e1f2");
    let margin = Strength { elo: 1200, seed: 0 }.calibration().margin_cp;
    let far = [(best, 50), (safe, 50 - margin - 1)];
    let mate = [(best, MATE_BOUND + 5), (safe, MATE_BOUND + 3)];
    for seed in 0..200 {
        let s = Strength { elo: 1200, seed };
        assert_eq!(s.choose(&p, best, &far), best);
        assert_eq!(s.choose(&p, best, &mate), best);
    }
    // At the top of the range the best move is always played.
    let near = [(best, 10), (safe, 10)];
    for seed in 0..200 {
        assert_eq!(
            Strength { elo: MAX_ELO, seed }.choose(&p, best, &near),
            best
        );
    }
}

fn moves_at(strength: Strength) -> Vec<Move> {
    let mut searcher = Searcher::new();
    searcher.set_strength(Some(strength));
    let stop = AtomicBool::new(false);
    bench::games()
        .iter()
        .take(16)
        .map(|g| {
            searcher
                .search(g, &Limits::default(), &stop, &mut NullReporter)
                .best
                .unwrap()
        })
        .collect()
}

#[test]
fn the_same_seed_plays_the_same_moves() {
    let a = Strength {
        elo: 1300,
        seed: 42,
    };
    assert_eq!(moves_at(a), moves_at(a));
    let b = Strength {
        elo: 1300,
        seed: 43,
    };
    assert_ne!(moves_at(a), moves_at(b), "the seed changes some choices");
}

#[test]
fn a_weak_setting_searches_within_its_budget() {
    let s = Strength { elo: 1400, seed: 0 };
    let mut searcher = Searcher::new();
    searcher.set_strength(Some(s));
    let limits = Limits {
        depth: Some(30),
        ..Limits::default()
    };
    let game = &bench::games()[0];
    let r = searcher.search(game, &limits, &AtomicBool::new(false), &mut NullReporter);
    assert!(r.best.is_some());
    assert!(r.nodes <= s.calibration().nodes + 1, "{} nodes", r.nodes);
    searcher.set_strength(None);
    let full = searcher.search(
        game,
        &limits_depth(10),
        &AtomicBool::new(false),
        &mut NullReporter,
    );
    assert!(full.nodes > s.calibration().nodes);
}

fn limits_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}
