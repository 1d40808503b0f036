//! A web game written to a real database file, the file reopened, the game rebuilt:
//! the same position, moves, calls, clocks and result.

use std::collections::BTreeMap;

use std::time::Duration;

use engine::{ByColor, Color, Square};

use super::*;
use crate::game_db::test_folder::TestFolder;
use crate::game_db::GameDb;
use crate::serve::{params, upload};

fn asked(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect()
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Morphy's move, played as its search would have it played.
fn morphy_plays(g: &mut WebGame, uci: &str) {
    let mv = g.session.game().current().parse_uci_move(uci).unwrap();
    g.session.play(mv).unwrap();
    g.clock_after.push(None);
}

/// `game` written under `id` to a database in `folder`, the file closed and reopened,
/// and the game rebuilt from it.
fn through_the_file(folder: &TestFolder, id: &str, game: &WebGame) -> WebGame {
    GameDb::open(folder.path())
        .unwrap()
        .save(&to_record(id, game))
        .unwrap();
    let stored = GameDb::open(folder.path())
        .unwrap()
        .load(id)
        .unwrap()
        .unwrap();
    rebuild(&stored, Limit::Depth(1)).unwrap()
}

fn fen(g: &WebGame) -> String {
    g.session.game().current().fen()
}

#[test]
fn a_call_to_mate_and_the_moves_come_back_from_the_file_br_iv_12() {
    let dir = TestFolder::new("call");
    let params = asked(&[
        ("rules", "british-1894"),
        ("fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
        ("color", "black"),
        ("elo", "1400"),
    ]);
    let new = params::read(&params, Limit::Depth(1)).unwrap();
    let mut g = WebGame::open(new).unwrap_or_else(|_| panic!("the start is valid"));
    morphy_plays(&mut g, "a1a2");
    assert!(g.call().is_ok(), "the lone King calls");
    g.person_moves(square("e8"), square("d8"), None).unwrap();
    let back = through_the_file(&dir, "call", &g);
    assert_eq!(fen(&back), fen(&g));
    assert_eq!(back.session.game().moves(), g.session.game().moves());
    assert_eq!(back.calls, g.calls);
    assert_eq!(
        back.session.game().current().call_clock(),
        g.session.game().current().call_clock()
    );
    assert!(back.session.game().current().call_clock().is_some());
    assert_eq!(back.new.config.seed, g.new.config.seed);
    assert_eq!(back.new.elo, Some(1400));
    assert_eq!(back.sides.human, g.sides.human);
}

#[test]
fn an_uploaded_game_taken_back_and_resigned_comes_back_from_the_file() {
    let dir = TestFolder::new("upload");
    let pgn = "[Event \"a game\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
    let mut g = upload::resume(pgn, None, Limit::Depth(1)).unwrap();
    assert_eq!(g.sides.human, Color::Black);
    g.person_moves(square("b8"), square("c6"), None).unwrap();
    morphy_plays(&mut g, "f1b5");
    let back = through_the_file(&dir, "up", &g);
    assert_eq!(fen(&back), fen(&g));
    assert_eq!(back.session.game().moves().len(), 5);
    assert_eq!(back.sides.human, Color::Black);
    // The person takes back his turn and Morphy's reply, then resigns.
    g.take_back().unwrap();
    g.resign();
    let back = through_the_file(&dir, "up", &g);
    assert_eq!(back.session.game().moves().len(), 3);
    assert_eq!(fen(&back), fen(&g));
    assert_eq!(back.session.verdict(), g.session.verdict());
    assert_eq!(back.session.verdict().result, "1-0");
}

#[test]
fn a_record_that_cannot_be_replayed_says_why() {
    let new = params::read(&asked(&[("color", "white")]), Limit::Depth(1)).unwrap();
    let g = WebGame::open(new).unwrap_or_else(|_| panic!("the start is valid"));
    let mut stored = to_record("bad", &g);
    stored.moves.push(crate::game_db::MoveRecord {
        uci: "e2e5".to_string(),
        ..crate::game_db::MoveRecord::default()
    });
    let why = rebuild(&stored, Limit::Depth(1)).err().unwrap();
    assert!(why.contains("move 1 'e2e5'"), "{why}");
}

#[test]
fn a_time_forfeit_comes_back_from_the_file_am_ii_10() {
    let dir = TestFolder::new("forfeit");
    let new = params::read(
        &asked(&[("color", "white"), ("clock", "1+0")]),
        Limit::Depth(1),
    )
    .unwrap();
    let mut g = WebGame::open(new).unwrap_or_else(|_| panic!("the start is valid"));
    g.person_moves(square("e2"), square("e4"), None).unwrap();
    morphy_plays(&mut g, "e7e5");
    if let Some(c) = g.clocks.as_mut() {
        c.left = ByColor::new(Duration::ZERO, Duration::from_secs(50));
    }
    assert!(g.over());
    let back = through_the_file(&dir, "flag", &g);
    assert_eq!(back.session.verdict(), g.session.verdict());
    assert_eq!(back.session.verdict().result, "0-1");
    let left = back.clocks.as_ref().map(|c| c.left);
    assert_eq!(
        left,
        Some(ByColor::new(Duration::ZERO, Duration::from_secs(50)))
    );
}

/// Plays `lines` in `morphy play` (in memory), the game kept as `keep`.
fn terminal(config: &crate::play::PlayConfig, keep: crate::play::Keep, lines: &str) -> String {
    let mut out = Vec::new();
    let input = std::io::Cursor::new(lines.as_bytes().to_vec());
    crate::play::run_kept(config, keep, input, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_game_begun_in_the_terminal_opens_on_the_web_board() {
    let dir = TestFolder::new("from-play");
    let config = crate::play::PlayConfig {
        spec: engine::GameSpec {
            odds: engine::Odds::Rook,
            ..engine::GameSpec::default()
        },
        elo: Some(1300),
        seed: Some(9),
        limit: Limit::Depth(1),
        hash_mb: 1,
        ..crate::play::PlayConfig::default()
    };
    let keep = crate::play::Keep::New(GameDb::open(dir.path()));
    let out = terminal(&config, keep, "e5\nquit\n");
    assert!(out.contains("You play 1... e5"), "{out}");
    let stored = GameDb::open(dir.path()).unwrap().all().unwrap().remove(0);
    let web = rebuild(&stored, Limit::Depth(1)).unwrap();
    assert_eq!(web.sides.human, Color::Black);
    assert_eq!(web.new.elo, Some(1300));
    assert_eq!(web.new.config.seed, Some(9));
    assert_eq!(web.session.spec().odds, engine::Odds::Rook);
    assert_eq!(web.session.game().moves().len(), stored.moves.len());
    assert_eq!(web.session.game().moves().len(), 3, "Morphy, e5, Morphy");
    assert_eq!(to_record(&stored.id, &web).spec, stored.spec);
}

#[test]
fn a_game_begun_on_the_web_board_goes_on_in_the_terminal() {
    let dir = TestFolder::new("to-play");
    // The web board's form names an untimed game's clock 'untimed'.
    let params = asked(&[
        ("odds", "knight"),
        ("color", "black"),
        ("elo", "1500"),
        ("clock", "untimed"),
    ]);
    let new = params::read(&params, Limit::Depth(1)).unwrap();
    let mut g = WebGame::open(new).unwrap_or_else(|_| panic!("the start is valid"));
    morphy_plays(&mut g, "e2e4");
    let mut db = GameDb::open(dir.path()).unwrap();
    db.save(&to_record("webgame1", &g)).unwrap();
    let (id, kept) = crate::games::resume::open(&db, Some("web"), Limit::Depth(1)).unwrap();
    let config = crate::play::PlayConfig {
        limit: Limit::Depth(1),
        hash_mb: 1,
        ..kept.new.config.clone()
    };
    let keep = crate::play::Keep::Resumed {
        db,
        id,
        kept: Box::new(kept),
    };
    let out = terminal(&config, keep, "e5\nquit\n");
    assert!(out.contains("Game webgame1 opened again from "), "{out}");
    assert!(out.contains("You play 1... e5"), "{out}");
    let stored = GameDb::open(dir.path())
        .unwrap()
        .load("webgame1")
        .unwrap()
        .unwrap();
    assert_eq!(stored.moves.len(), 3, "e4, e5 and Morphy's reply");
    let back = rebuild(&stored, Limit::Depth(1)).unwrap();
    assert_eq!(back.sides.human, Color::Black);
    assert_eq!(back.new.config.seed, g.new.config.seed);
    assert_eq!(back.session.game().moves()[0], g.session.game().moves()[0]);
    assert_eq!(stored.moves[1].uci, "e7e5");
}
