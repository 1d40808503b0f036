//! The games' database on real files in a temporary folder.

use rusqlite::Connection;

use super::test_folder::TestFolder;
use super::*;

fn a_game(id: &str) -> GameRecord {
    GameRecord {
        id: id.to_string(),
        spec: r#"{"odds":"rook","clock":"5+3"}"#.to_string(),
        rules: "american-1897".to_string(),
        odds: "rook".to_string(),
        level: Some(1600),
        human: "black".to_string(),
        clock: Some("5+3".to_string()),
        white_ms: Some(301_500),
        black_ms: Some(299_000),
        seed: Some(u64::MAX - 7),
        moves: vec![
            MoveRecord {
                uci: "e2e4".to_string(),
                white_ms: Some(301_500),
                black_ms: Some(300_000),
            },
            MoveRecord {
                uci: "e7e5".to_string(),
                white_ms: Some(301_500),
                black_ms: Some(299_000),
            },
        ],
        calls: vec![(2, "black".to_string())],
        ..GameRecord::default()
    }
}

fn journal_mode(db: &GameDb) -> String {
    db.conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_missing_folder_and_file_are_made_and_migrated_to_the_latest_version() {
    let dir = TestFolder::new("fresh");
    let folder = dir.path().join("deeper").join("morphy");
    let db = GameDb::open(&folder).unwrap();
    assert_eq!(db.path(), folder.join(FILE));
    assert!(db.path().is_file());
    assert_eq!(db.version().unwrap(), schema::latest());
    assert_eq!(journal_mode(&db), "wal");
}

#[test]
fn an_empty_file_is_migrated_from_version_0() {
    let dir = TestFolder::new("empty");
    std::fs::create_dir_all(dir.path()).unwrap();
    std::fs::write(dir.path().join(FILE), b"").unwrap();
    let mut db = GameDb::open(dir.path()).unwrap();
    assert_eq!(db.version().unwrap(), schema::latest());
    db.save(&a_game("a")).unwrap();
    assert_eq!(db.load("a").unwrap().map(|g| g.moves.len()), Some(2));
}

/// A file in `dir` as the schema of `version` wrote it (its migrations up to there).
fn old_file(dir: &TestFolder, version: usize) -> Connection {
    std::fs::create_dir_all(dir.path()).unwrap();
    let conn = Connection::open(dir.path().join(FILE)).unwrap();
    for sql in &schema::MIGRATIONS[..version] {
        conn.execute_batch(sql).unwrap();
    }
    conn.pragma_update(None, "user_version", i64::try_from(version).unwrap())
        .unwrap();
    conn
}

/// A game's row as a schema of version 2 or less writes it: no moves, no order.
fn insert_bare_game(conn: &Connection, id: &str, created: i64, updated: i64) {
    conn.execute(
        "INSERT INTO games (id, created, updated, spec, rules, odds, human)
         VALUES (?1, ?2, ?3, '{}', 'american-1897', 'none', 'white')",
        rusqlite::params![id, created, updated],
    )
    .unwrap();
}

#[test]
fn a_version_1_file_is_migrated_and_keeps_its_games() {
    let dir = TestFolder::new("v1");
    {
        // A file as the first schema wrote it, with a game in it.
        let conn = old_file(&dir, 1);
        insert_bare_game(&conn, "old", 1, 2);
        conn.execute(
            "INSERT INTO moves (game_id, ply, uci) VALUES ('old', 1, 'd2d4')",
            [],
        )
        .unwrap();
    }
    let db = GameDb::open(dir.path()).unwrap();
    assert_eq!(db.version().unwrap(), schema::latest());
    let old = db.load("old").unwrap().unwrap();
    assert_eq!((old.created, old.updated), (1, 2));
    assert_eq!(old.moves[0].uci, "d2d4");
    assert_eq!(old.moves[0].white_ms, None);
    let indexed: i64 = db
        .conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE name = 'games_by_updated'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexed, 1, "migration 2 ran");
}

#[test]
fn a_file_from_a_newer_version_is_refused_untouched() {
    let dir = TestFolder::new("newer");
    std::fs::create_dir_all(dir.path()).unwrap();
    let file = dir.path().join(FILE);
    {
        let conn = Connection::open(&file).unwrap();
        conn.execute_batch("CREATE TABLE future (x); INSERT INTO future VALUES (1);")
            .unwrap();
        conn.pragma_update(None, "user_version", schema::latest() + 1)
            .unwrap();
    }
    let before = std::fs::read(&file).unwrap();
    let err = GameDb::open(dir.path()).unwrap_err();
    assert!(matches!(err, DbError::Newer { .. }), "{err:?}");
    let words = err.to_string();
    assert!(words.contains(&file.display().to_string()), "{words}");
    assert!(words.contains("newer Morphy"), "{words}");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the file is untouched"
    );
}

#[test]
fn a_file_that_is_no_database_is_refused_untouched() {
    let dir = TestFolder::new("junk");
    std::fs::create_dir_all(dir.path()).unwrap();
    let file = dir.path().join(FILE);
    let junk = b"these are my notes, not a database, and they are long enough to matter".repeat(20);
    std::fs::write(&file, &junk).unwrap();
    let err = GameDb::open(dir.path()).unwrap_err();
    assert!(matches!(err, DbError::Open { .. }), "{err:?}");
    assert!(err.to_string().contains(&file.display().to_string()));
    assert_eq!(std::fs::read(&file).unwrap(), junk, "the file is untouched");
}

#[test]
fn a_folder_that_cannot_be_made_is_named() {
    let dir = TestFolder::new("blocked");
    std::fs::create_dir_all(dir.path()).unwrap();
    let blocker = dir.path().join("a-file");
    std::fs::write(&blocker, b"x").unwrap();
    let err = GameDb::open(&blocker.join("morphy")).unwrap_err();
    assert!(matches!(err, DbError::Folder { .. }), "{err:?}");
    assert!(err.to_string().contains("a-file"), "{err}");
}

#[test]
fn a_game_written_reads_back_the_same_after_the_file_is_reopened() {
    let dir = TestFolder::new("roundtrip");
    let mut game = a_game("g1");
    {
        let mut db = GameDb::open(dir.path()).unwrap();
        db.save(&game).unwrap();
        // A take-back and a resignation: the game is written whole again.
        game.moves.pop();
        game.calls.clear();
        game.ending = Some("resigned black".to_string());
        game.result = Some("1-0".to_string());
        game.reason = Some("Black resigned".to_string());
        db.save(&game).unwrap();
    }
    let db = GameDb::open(dir.path()).unwrap();
    let back = db.load("g1").unwrap().unwrap();
    assert!(back.created > 0 && back.updated >= back.created);
    assert_eq!((back.stored_order, back.written_order), (1, 2));
    assert_eq!(
        GameRecord {
            created: 0,
            updated: 0,
            stored_order: 0,
            written_order: 0,
            ..back
        },
        game
    );
    assert_eq!(db.load("nobody").unwrap(), None);
}

#[test]
fn every_game_is_listed_whole_newest_first() {
    let dir = TestFolder::new("all");
    let mut db = GameDb::open(dir.path()).unwrap();
    assert_eq!(db.all().unwrap(), vec![]);
    let first = a_game("first");
    let mut second = a_game("second");
    second.odds = "knight".to_string();
    second.moves.truncate(1);
    second.calls.clear();
    db.save(&first).unwrap();
    db.save(&second).unwrap();
    // Written again, the first game keeps its place: the list goes by when a game began.
    db.save(&first).unwrap();
    let listed: Vec<GameRecord> = db
        .all()
        .unwrap()
        .into_iter()
        .map(|g| GameRecord {
            created: 0,
            updated: 0,
            stored_order: 0,
            written_order: 0,
            ..g
        })
        .collect();
    assert_eq!(listed, vec![second, first]);
}

/// Sets a stored game's times as a clock set wrong would have written them.
fn set_times(db: &GameDb, id: &str, created: i64, updated: i64) {
    db.conn
        .execute(
            "UPDATE games SET created = ?2, updated = ?3 WHERE id = ?1",
            rusqlite::params![id, created, updated],
        )
        .unwrap();
}

#[test]
fn the_order_of_games_is_the_databases_count_of_writes_not_the_clock() {
    let dir = TestFolder::new("clock");
    let mut db = GameDb::open(dir.path()).unwrap();
    db.save(&a_game("before")).unwrap();
    // The clock jumped seven years ahead while the first game was written, then was set
    // back to 1970 for the second: the second is still the newer, and the first,
    // written once more after it, the last written.
    set_times(&db, "before", 2_000_000_000, 2_000_000_000);
    db.save(&a_game("after")).unwrap();
    set_times(&db, "after", 1, 1);
    db.save(&a_game("before")).unwrap();
    let all = db.all().unwrap();
    let ids: Vec<&str> = all.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["after", "before"]);
    let orders: Vec<(i64, i64)> = all
        .iter()
        .map(|g| (g.stored_order, g.written_order))
        .collect();
    assert_eq!(orders, [(2, 2), (1, 3)]);
    assert_eq!(
        all[0].created, 1,
        "the times are kept as the clock gave them"
    );
}

#[test]
fn a_version_2_file_takes_the_order_of_its_games_from_their_times() {
    let dir = TestFolder::new("v2");
    {
        let conn = old_file(&dir, 2);
        // Rowids 1, 2, 3: begun at 50, 30 and 30; last changed at 60, 90 and 40.
        for (id, created, updated) in [("late", 50, 60), ("early", 30, 90), ("tie", 30, 40)] {
            insert_bare_game(&conn, id, created, updated);
        }
    }
    let mut db = GameDb::open(dir.path()).unwrap();
    assert_eq!(db.version().unwrap(), schema::latest());
    let order = |db: &GameDb| -> Vec<(String, i64, i64)> {
        db.all()
            .unwrap()
            .into_iter()
            .map(|g| (g.id, g.stored_order, g.written_order))
            .collect()
    };
    let row = |id: &str, stored, written| (id.to_string(), stored, written);
    assert_eq!(
        order(&db),
        [row("late", 3, 5), row("tie", 2, 4), row("early", 1, 6)]
    );
    // The count goes on from the highest: a new game is the newest, and last written.
    db.save(&a_game("new")).unwrap();
    assert_eq!(order(&db)[0], row("new", 7, 7));
    // A game an older Morphy wrote into the file meanwhile (it knows no order: 0) takes
    // its place once this one writes it.
    insert_bare_game(&db.conn, "old", 1, 1);
    db.save(&a_game("old")).unwrap();
    assert_eq!(order(&db)[0], row("old", 8, 8));
}

#[test]
fn two_programs_opening_an_old_file_at_once_migrate_it_once() {
    let dir = TestFolder::new("v2-twice");
    drop(old_file(&dir, 2));
    // The second read the version (2) before the first migrated the file.
    let mut late = Connection::open(dir.path().join(FILE)).unwrap();
    let seen = schema::version(&late).unwrap();
    let first = GameDb::open(dir.path()).unwrap();
    assert_eq!(first.version().unwrap(), schema::latest());
    schema::migrate(&mut late, seen).unwrap();
    assert_eq!(schema::version(&late).unwrap(), schema::latest());
}
