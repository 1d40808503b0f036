//! Games written from a session to a real database file and opened again: the same
//! position, moves, calls, sides, seed and result, every ruling made again.

use std::collections::BTreeMap;

use engine::{Color, MateCondition, Odds, RuleSet, Square};

use super::*;
use crate::game_ask::{asked_of, read};
use crate::game_db::test_folder::TestFolder;
use crate::game_db::GameDb;
use crate::play::{start, Limit, PlayConfig};

/// A game as `morphy play` asks for it, started.
fn terminal_game(config: &PlayConfig) -> (Session, NewGame, Color) {
    let started = start(config).unwrap_or_else(|r| panic!("the start is valid: {r:?}"));
    let human = started.sides.human;
    let new = NewGame {
        config: config.clone(),
        elo: config.elo,
        clock: None,
        asked: asked_of(config, human),
    };
    (started.session, new, human)
}

fn play(session: &mut Session, ucis: &[&str]) {
    for uci in ucis {
        let mv = session.game().current().parse_uci_move(uci).unwrap();
        session.play(mv).unwrap();
    }
}

/// `session` written under `id` to a database in `folder`, the file reopened, the
/// game opened again.
fn through_the_file(
    folder: &TestFolder,
    id: &str,
    session: &Session,
    new: &NewGame,
    human: Color,
    calls: &[(usize, Color)],
) -> Kept {
    let record = record(
        id,
        &Snapshot {
            session,
            human,
            new,
            calls,
            clock_after: &[],
            left: None,
        },
    );
    GameDb::open(folder.path()).unwrap().save(&record).unwrap();
    let stored = GameDb::open(folder.path())
        .unwrap()
        .load(id)
        .unwrap()
        .unwrap();
    rebuild(&stored, Limit::Depth(1)).unwrap()
}

#[test]
fn the_terminals_flags_are_written_as_the_parameters_the_web_board_reads() {
    let config = PlayConfig {
        spec: engine::GameSpec {
            rule_set: RuleSet::British1894,
            odds: Odds::PawnAndMove,
            draw_odds: true,
            mate_condition: MateCondition::Pawn(Square::parse("f7").unwrap()),
            contempt: 40,
            ..engine::GameSpec::default()
        },
        elo: Some(1500),
        ..PlayConfig::default()
    };
    let asked = asked_of(&config, Color::White);
    let want: BTreeMap<String, String> = [
        ("odds", "pawn-and-move"),
        ("rules", "british-1894"),
        ("color", "white"),
        ("draw_odds", "true"),
        ("mate", "pawn:f7"),
        ("elo", "1500"),
        ("contempt", "40"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
    .collect();
    assert_eq!(asked, want);
    let back = read(&asked, Limit::Depth(1)).unwrap();
    assert_eq!(back.config.spec, config.spec);
    assert_eq!(back.config.color, Some(Color::White));
    assert_eq!(back.elo, Some(1500));
}

#[test]
fn a_terminal_game_at_knight_odds_comes_back_from_the_file_where_it_stood() {
    let dir = TestFolder::new("kept-knight");
    let config = PlayConfig {
        spec: engine::GameSpec {
            odds: Odds::Knight,
            ..engine::GameSpec::default()
        },
        elo: Some(1400),
        seed: Some(77),
        ..PlayConfig::default()
    };
    let (mut session, new, human) = terminal_game(&config);
    assert_eq!(human, Color::Black, "the person receives the odds");
    play(&mut session, &["e2e4", "e7e5", "g1f3"]);
    let back = through_the_file(&dir, "k1", &session, &new, human, &[]);
    assert_eq!(
        back.session.game().current().fen(),
        session.game().current().fen()
    );
    assert_eq!(back.session.game().moves(), session.game().moves());
    assert_eq!(back.sides.human, Color::Black);
    assert_eq!(back.sides.giver, Some(Color::White));
    assert_eq!(back.new.config.seed, Some(77));
    assert_eq!(back.new.elo, Some(1400));
    assert_eq!(back.session.ending(), None);
    // The person resigns: the record ends the game again, by the session's law.
    session.resign(human);
    let back = through_the_file(&dir, "k1", &session, &new, human, &[]);
    assert_eq!(back.session.verdict(), session.verdict());
    assert_eq!(back.session.verdict().result, "1-0");
}

#[test]
fn a_mate_on_the_board_and_a_call_to_mate_are_ruled_again_br_iv_12() {
    let dir = TestFolder::new("kept-mate");
    let config = PlayConfig {
        spec: engine::GameSpec {
            rule_set: RuleSet::British1894,
            ..engine::GameSpec::default()
        },
        fen: Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1".to_string()),
        color: Some(Color::Black),
        ..PlayConfig::default()
    };
    let (mut session, new, human) = terminal_game(&config);
    play(&mut session, &["a1a2"]);
    session.call_to_mate(Color::Black).unwrap();
    let calls = [(1, Color::Black)];
    let back = through_the_file(&dir, "m1", &session, &new, human, &calls);
    assert_eq!(back.calls, calls);
    assert_eq!(
        back.session.game().current().call_clock(),
        session.game().current().call_clock()
    );
    // Fool's mate from the standard start: the board ends it, the record only says so.
    let (mut session, new, human) = terminal_game(&PlayConfig::default());
    play(&mut session, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    session.settle();
    let back = through_the_file(&dir, "m2", &session, &new, human, &[]);
    assert_eq!(back.session.verdict(), session.verdict());
    assert_eq!(back.session.verdict().result, "0-1");
}

#[test]
fn a_record_whose_move_is_illegal_is_refused_with_the_move() {
    let (session, new, human) = terminal_game(&PlayConfig::default());
    let mut stored = record(
        "bad",
        &Snapshot {
            session: &session,
            human,
            new: &new,
            calls: &[],
            clock_after: &[],
            left: None,
        },
    );
    stored.moves.push(MoveRecord {
        uci: "e2e5".to_string(),
        ..MoveRecord::default()
    });
    let why = rebuild(&stored, Limit::Depth(1)).err().unwrap();
    assert!(why.starts_with("move 1 'e2e5'"), "{why}");
    stored.moves.clear();
    stored.human = "black".to_string();
    let why = rebuild(&stored, Limit::Depth(1)).err().unwrap();
    assert_eq!(
        why,
        "its parameters give the person White, the record Black"
    );
}
