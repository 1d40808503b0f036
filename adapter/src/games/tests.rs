//! `morphy games` on a real database file in a temporary folder: games played through
//! the engine's session, written as every front end writes them, then listed, shown,
//! exported (and read back by the engine's PGN reader), counted and picked to go on.

use engine::session::Session;
use engine::{Color, Odds};

use super::*;
use crate::game_ask::{asked_of, NewGame};
use crate::game_db::test_folder::TestFolder;
use crate::game_db::{GameDb, GameRecord};
use crate::kept::{record, Snapshot};
use crate::play::{start, PlayConfig};
use facts::Outcome;

/// A game at `odds` with `moves` played (UCI) and then, if `resign` names a side,
/// resigned by it; written under `id`.
fn keep(db: &mut GameDb, id: &str, odds: Odds, moves: &[&str], resign: Option<Color>) {
    let config = PlayConfig {
        spec: engine::GameSpec {
            odds,
            ..engine::GameSpec::default()
        },
        elo: Some(1600),
        seed: Some(5),
        ..PlayConfig::default()
    };
    let started = start(&config).unwrap_or_else(|r| panic!("valid start: {r:?}"));
    let human = started.sides.human;
    let mut session: Session = started.session;
    for uci in moves {
        let mv = session.game().current().parse_uci_move(uci).unwrap();
        session.play(mv).unwrap();
    }
    if let Some(side) = resign {
        session.resign(side);
    }
    let new = NewGame {
        config: config.clone(),
        elo: config.elo,
        clock: None,
        asked: asked_of(&config, human),
    };
    let snapshot = Snapshot {
        session: &session,
        human,
        new: &new,
        calls: &[],
        clock_after: &[],
        left: None,
    };
    db.save(&record(id, &snapshot)).unwrap();
}

/// A database holding three games: at knight odds won by the person (Morphy, White,
/// resigns), at rook odds unfinished, without odds lost (the person, White, resigns).
fn three_games(folder: &TestFolder) -> GameDb {
    let mut db = GameDb::open(folder.path()).unwrap();
    keep(
        &mut db,
        "aaaa1111",
        Odds::Knight,
        &["e2e4", "e7e5"],
        Some(Color::White),
    );
    keep(&mut db, "aaaa2222", Odds::Rook, &["e2e4"], None);
    keep(
        &mut db,
        "bbbb3333",
        Odds::None,
        &["d2d4", "d7d5", "c2c4"],
        Some(Color::White),
    );
    db
}

fn text(f: impl FnOnce(&mut Vec<u8>) -> Result<(), GamesError>) -> String {
    let mut out = Vec::new();
    f(&mut out).unwrap_or_else(|e| panic!("{e}"));
    String::from_utf8(out).unwrap()
}

#[test]
fn the_list_is_newest_first_and_filtered_by_odds_and_result() {
    let dir = TestFolder::new("games-list");
    let db = three_games(&dir);
    let all = text(|out| list::list(&db, &Filter::default(), out));
    let lines: Vec<&str> = all.lines().collect();
    assert_eq!(lines[0], list::HEADER);
    assert!(
        lines[1].contains("bbbb3333") && lines[1].contains("none"),
        "{all}"
    );
    assert!(
        lines[1].ends_with("lost 0-1: White resigns (Am. II 9)"),
        "{all}"
    );
    assert!(
        lines[2].contains("aaaa2222") && lines[2].ends_with("unfinished"),
        "{all}"
    );
    assert!(
        lines[3].contains("aaaa1111") && lines[3].contains("knight"),
        "{all}"
    );
    assert!(
        lines[3].contains("Elo 1600") && lines[3].contains("black"),
        "{all}"
    );
    assert!(
        lines[3].ends_with("won 0-1: White resigns (Am. II 9)"),
        "{all}"
    );
    let won = Filter {
        result: Some(Outcome::Won),
        ..Filter::default()
    };
    let only = text(|out| list::list(&db, &won, out));
    assert_eq!(only.lines().count(), 3, "{only}");
    assert!(only.contains("aaaa1111"));
    let rook = Filter {
        odds: Some(Odds::Rook),
        ..Filter::default()
    };
    let only = text(|out| list::list(&db, &rook, out));
    assert!(
        only.contains("aaaa2222") && !only.contains("aaaa1111"),
        "{only}"
    );
    let none = Filter {
        odds: Some(Odds::Queen),
        ..Filter::default()
    };
    let empty = text(|out| list::list(&db, &none, out));
    assert!(empty.starts_with("No games in "), "{empty}");
}

#[test]
fn a_game_is_named_by_the_first_characters_of_its_id() {
    let dir = TestFolder::new("games-find");
    let db = three_games(&dir);
    assert_eq!(find(&db, "bbbb").unwrap().id, "bbbb3333");
    assert_eq!(find(&db, "aaaa2222").unwrap().id, "aaaa2222");
    let file = db.path().display().to_string();
    let two = find(&db, "aaaa").unwrap_err();
    assert_eq!(
        two.to_string(),
        format!("2 games in {file} have ids starting aaaa: give more of the id")
    );
    let none = find(&db, "zz\u{1b}[2J").unwrap_err();
    assert_eq!(none.code(), 2);
    assert_eq!(
        none.to_string(),
        format!("no game zz\\u{{1b}}[2J in {file}; 'morphy games' lists them")
    );
}

#[test]
fn show_gives_the_header_the_score_and_where_the_game_stands() {
    let dir = TestFolder::new("games-show");
    let db = three_games(&dir);
    let shown = text(|out| show::show(&db, "aaaa2222", out));
    assert!(shown.starts_with("Game aaaa2222\nDate: "), "{shown}");
    assert!(shown.contains("Odds: rook; rules: american-1897; Morphy: Elo 1600; you: black"));
    assert!(shown.contains("Result: unfinished"), "{shown}");
    assert!(shown.contains("\n1. e4 *\n"), "{shown}");
    assert!(
        shown.contains("Black to move (you), move 1; 'morphy play --resume aaaa2222'"),
        "{shown}"
    );
    let over = text(|out| show::show(&db, "bbbb", out));
    assert!(
        over.contains("1. d4 d5 2. c4 {White resigns (Am. II 9)} 0-1"),
        "{over}"
    );
    assert!(
        over.contains("Result 0-1: White resigns (Am. II 9)."),
        "{over}"
    );
}

#[test]
fn the_export_is_pgn_the_engine_reads_back() {
    let dir = TestFolder::new("games-export");
    let db = three_games(&dir);
    let (pgn, failed) = export::pgn_of(&db, &Filter::default()).unwrap();
    assert!(failed.is_empty(), "{failed:?}");
    let games = engine::pgn::read_games(&pgn).unwrap();
    assert_eq!(games.len(), 3);
    // Oldest first: the knight-odds game, then the rook's, then the one without odds.
    assert_eq!(games[0].tag("Odds"), Some("knight"));
    assert_eq!(games[0].tag("Result"), Some("0-1"));
    assert_eq!(games[0].tag("Black"), Some("Player"));
    assert_eq!(games[1].tag("Result"), Some("*"));
    assert_eq!(games[2].tag("White"), Some("Player"));
    let knight = Filter {
        odds: Some(Odds::Knight),
        ..Filter::default()
    };
    let (one, _) = export::pgn_of(&db, &knight).unwrap();
    assert_eq!(engine::pgn::read_games(&one).unwrap().len(), 1);
}

#[test]
fn the_results_are_counted_per_odds_and_level_with_the_next_game() {
    let dir = TestFolder::new("games-stats");
    let db = three_games(&dir);
    let shown = text(|out| stats::stats(&db, out));
    let row = |odds: &str| {
        shown
            .lines()
            .find(|l| l.starts_with(&format!("{odds:<20} ")))
            .unwrap_or_else(|| panic!("no {odds} row: {shown}"))
            .to_string()
    };
    assert_eq!(
        row("none"),
        "none                 Elo 1600 Morphy        1    0      0     1    0.0%"
    );
    assert_eq!(
        row("knight"),
        "knight               Elo 1600 Morphy        1    1      0     0  100.0%"
    );
    assert!(
        !shown.contains("\nrook "),
        "an unfinished game is not counted: {shown}"
    );
    assert!(shown.contains("3 games in ") && shown.contains("(1 unfinished, not counted)"));
    let games = db.all().unwrap();
    let standing = standing::standing(&games);
    let e = standing.estimate.expect("two finished games");
    assert_eq!(e.games, 2);
    assert!(e.low < e.elo && e.elo < e.high, "{e:?}");
    assert!(
        shown.contains(&standing::estimate_words(Some(&e))),
        "{shown}"
    );
    assert!(
        shown.contains(&standing::next_words(&standing.next)),
        "{shown}"
    );
    assert!(shown.contains("morphy play --suggested"), "{shown}");
}

#[test]
fn resume_picks_the_last_unfinished_game_and_refuses_a_finished_one() {
    let dir = TestFolder::new("games-resume");
    let db = three_games(&dir);
    assert_eq!(resume::pick(&db, None).unwrap().id, "aaaa2222");
    let over = resume::pick(&db, Some("bbbb")).unwrap_err();
    assert_eq!(over.code(), 2);
    assert_eq!(
        over.to_string(),
        "game bbbb3333 is over (0-1: White resigns (Am. II 9)); 'morphy games show bbbb3333' shows it"
    );
    let (id, kept) = resume::open(&db, Some("aaaa2"), crate::play::Limit::Depth(1)).unwrap();
    assert_eq!(id, "aaaa2222");
    assert_eq!(kept.session.game().moves().len(), 1);
    assert_eq!(kept.sides.human, Color::Black);
}

#[test]
fn a_timed_game_is_left_to_the_web_board() {
    let dir = TestFolder::new("games-timed");
    let mut db = three_games(&dir);
    let mut timed = db.load("aaaa2222").unwrap().unwrap();
    timed.id = "cccc4444".to_string();
    timed.clock = Some("5+3".to_string());
    db.save(&timed).unwrap();
    let why = resume::pick(&db, Some("cccc")).unwrap_err();
    assert!(
        why.to_string()
            .starts_with("game cccc4444 is played on a clock (5+3)"),
        "{why}"
    );
}

#[test]
fn results_are_read_from_the_persons_side() {
    let mut g = GameRecord {
        human: "white".to_string(),
        result: Some("1-0".to_string()),
        ..GameRecord::default()
    };
    assert_eq!(facts::outcome(&g), Outcome::Won);
    g.human = "black".to_string();
    assert_eq!(facts::outcome(&g), Outcome::Lost);
    g.result = Some("1/2-1/2".to_string());
    assert_eq!(facts::outcome(&g), Outcome::Drawn);
    g.result = None;
    assert_eq!(facts::outcome(&g), Outcome::Unfinished);
    assert_eq!("Drawn".parse::<Outcome>(), Ok(Outcome::Drawn));
    assert_eq!(
        "x".parse::<Outcome>().unwrap_err().to_string(),
        "unknown result 'x' (expected won, lost, drawn or unfinished)"
    );
    assert_eq!(facts::plain("a\u{7}b\nc"), "a\\u{7}b\\nc");
    g.created = 86_400 * 365 + 3_600 * 13 + 60 * 7;
    assert_eq!(facts::date(&g), "1971-01-01 13:07");
}

#[test]
fn a_game_left_before_any_move_is_not_listed_nor_gone_on_with() {
    let dir = TestFolder::new("games-empty");
    let mut db = GameDb::open(dir.path()).unwrap();
    keep(&mut db, "dddd5555", Odds::None, &[], None);
    let listed = text(|out| list::list(&db, &Filter::default(), out));
    assert!(listed.starts_with("No games in "), "{listed}");
    assert_eq!(
        resume::pick(&db, None).unwrap_err().code(),
        2,
        "no unfinished game with a move"
    );
    assert_eq!(resume::pick(&db, Some("dddd")).unwrap().id, "dddd5555");
    keep(&mut db, "eeee6666", Odds::None, &[], Some(Color::White));
    let listed = text(|out| list::list(&db, &Filter::default(), out));
    assert!(
        listed.contains("eeee6666") && !listed.contains("dddd5555"),
        "{listed}"
    );
}
