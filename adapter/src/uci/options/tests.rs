//! Tests of the option table: the defaults, the `option` lines, `setoption` and its clamps.

use super::*;
use engine::search::{MateCondition, OddsTerms};
use engine::Color;

#[test]
fn the_table_gives_every_default() {
    let o = Options::default();
    let numbers = (
        o.hash_mb,
        o.threads,
        o.multi_pv,
        o.move_overhead_ms,
        o.elo,
        o.seed,
    );
    assert_eq!(numbers, (16, 1, 1, 10, 1500, 0));
    assert!(!o.ponder && !o.show_wdl && !o.limit_strength && o.eval_net);
    assert_eq!(o.game, GameSettings::default());
    // Every field is set from the table, whatever it held before.
    let mut changed = Options {
        hash_mb: -1,
        threads: -1,
        multi_pv: -1,
        ponder: true,
        move_overhead_ms: -1,
        show_wdl: true,
        limit_strength: true,
        elo: -1,
        seed: -1,
        eval_net: false,
        game: GameSettings {
            spec: engine::GameSpec {
                rule_set: RuleSet::Fide,
                chess960: true,
                odds: Odds::RookAndKnight,
                giver: OddsGiver::Black,
                mate_condition: MateCondition::Pawn(engine::Square::F7),
                draw_odds: true,
                contempt: 9,
            },
            validation: Validation::Off,
        },
    };
    changed.reset();
    assert_eq!(changed, o);
}

#[test]
fn absurd_hash_is_clamped_with_a_note() {
    let mut o = Options::default();
    let (effect, note) = o.set("hash", Some("1000000000")).unwrap();
    assert_eq!(effect, Effect::ResizeHash);
    assert_eq!(o.hash_mb, HASH_MAX_MB);
    assert!(note.unwrap().contains("clamped"));
    assert!(o.set("Hash", Some("lots")).is_err());
}

#[test]
fn combos_and_checks_are_read_in_any_case() {
    let mut o = Options::default();
    o.set("RULES", Some("FIDE")).unwrap();
    assert_eq!(o.game.spec.rule_set, RuleSet::Fide);
    o.set("odds", Some("Rook-And-Knight")).unwrap();
    assert_eq!(o.game.spec.odds, Odds::RookAndKnight);
    o.set("uci_chess960", Some("TRUE")).unwrap();
    assert!(o.game.spec.chess960);
    assert!(o.set("Odds", Some("castle")).is_err());
    assert!(o.set("Nonsense", Some("1")).is_err());
}

#[test]
fn odds_options_make_the_searchers_terms() {
    let mut o = Options::default();
    assert_eq!(o.game.terms(), OddsTerms::default());
    o.set("Odds", Some("knight")).unwrap();
    assert_eq!(o.game.terms().giver, Some(Color::White));
    o.set("OddsGiver", Some("Black")).unwrap();
    o.set("MateCondition", Some("pawn:f7")).unwrap();
    o.set("OddsContempt", Some("80")).unwrap();
    let t = o.game.terms();
    assert_eq!(t.giver, Some(Color::Black));
    assert_eq!(t.mate_condition, MateCondition::Pawn(engine::Square::F7));
    assert_eq!(t.contempt, 80);
    o.set("OddsGiver", Some("none")).unwrap();
    assert_eq!(o.game.terms().giver, None);
    let err = o.set("MateCondition", Some("pawn:z9")).unwrap_err();
    assert!(err.to_string().contains("Am. IV 6"), "{err}");
    assert_eq!(
        o.game.spec.mate_condition,
        MateCondition::Pawn(engine::Square::F7)
    );
    o.set("MateCondition", None).unwrap();
    assert_eq!(o.game.spec.mate_condition, MateCondition::None);
    assert!(o.set("OddsGiver", Some("grey")).is_err());
}

#[test]
fn eval_net_is_on_until_turned_off() {
    let mut o = Options::default();
    assert!(o.eval_net);
    let listed = Options::list()
        .into_iter()
        .find(|opt| opt.name == "EvalNet");
    assert!(matches!(
        listed.map(|opt| opt.kind),
        Some(OptionType::Check(true))
    ));
    assert_eq!(o.set("evalnet", Some("false")).unwrap().0, Effect::Nothing);
    assert!(!o.eval_net);
    assert!(o.set("EvalNet", Some("maybe")).is_err());
    o.set("EvalNet", Some("true")).unwrap();
    assert!(o.eval_net);
}

#[test]
fn strength_options_make_the_searchers_strength() {
    let mut o = Options::default();
    assert_eq!(o.strength(), None, "full strength unless limited");
    o.set("UCI_Elo", Some("1400")).unwrap();
    o.set("Seed", Some("9")).unwrap();
    assert_eq!(o.strength(), None);
    o.set("uci_limitstrength", Some("true")).unwrap();
    assert_eq!(o.strength(), Some(Strength { elo: 1400, seed: 9 }));
    // A level out of range is refused, as `play --elo` and the web board refuse it; the
    // level stays.
    let refused = o.set("UCI_Elo", Some("800")).unwrap_err().to_string();
    assert!(
        refused.contains("800") && refused.contains("1200"),
        "{refused}"
    );
    assert_eq!(o.strength().unwrap().elo, 1400);
    assert!(o.set("UCI_Elo", Some("3000")).is_err());
    o.set("UCI_Elo", Some(&MIN_ELO.to_string())).unwrap();
    assert_eq!(o.strength().unwrap().elo, MIN_ELO);
    assert!(o.set("Seed", Some("-1")).unwrap().1.is_some());
    assert!(o.set("UCI_LimitStrength", Some("maybe")).is_err());
}

#[test]
fn every_listed_option_can_be_set() {
    for opt in Options::list() {
        let value = match &opt.kind {
            OptionType::Check(d) => Some(d.to_string()),
            OptionType::Spin { default, .. } => Some(default.to_string()),
            OptionType::Combo { default, .. } => Some((*default).to_string()),
            OptionType::Button => None,
            OptionType::String(d) => Some((*d).to_string()),
        };
        let mut o = Options::default();
        assert!(o.set(opt.name, value.as_deref()).is_ok(), "{}", opt.name);
    }
}
