//! The schema of the games' database, as an ordered list of migrations: migration `n`
//! (counted from 1) takes a file of version `n - 1` to version `n`, and the version is
//! kept in `PRAGMA user_version` (0 for a new, empty file). Each runs in its own
//! transaction with the version it reaches, so a file is always at one version.

use rusqlite::{Connection, TransactionBehavior};

/// The migrations, oldest first; never change one that has been released, add another.
pub const MIGRATIONS: &[&str] = &[
    // 1: games (with each side's time left when last written), their moves (with the
    // clocks after each) and the calls to mate.
    "CREATE TABLE games (
        id      TEXT PRIMARY KEY NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        spec    TEXT NOT NULL,
        rules   TEXT NOT NULL,
        odds    TEXT NOT NULL,
        level   INTEGER,
        human   TEXT NOT NULL,
        clock   TEXT,
        white_ms INTEGER,
        black_ms INTEGER,
        seed    INTEGER,
        ending  TEXT,
        result  TEXT,
        reason  TEXT
    );
    CREATE TABLE moves (
        game_id  TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        uci      TEXT NOT NULL,
        white_ms INTEGER,
        black_ms INTEGER,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE calls (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply     INTEGER NOT NULL,
        side    TEXT NOT NULL,
        PRIMARY KEY (game_id, ply, side)
    );",
    // 2: the games newest first, for a history.
    "CREATE INDEX games_by_updated ON games(updated DESC);",
    // 3: the order of the games by the database's own count of writes, not by the
    // clock, which can be set back or jump ahead under a running server: `stored_order`
    // when a game was first stored, `written_order` when it was last written (one count
    // for both, so a game's written order is never below its stored order). A file of
    // version 2 takes both from its times, ties by rowid: stored 1..=N by when each
    // began, written N+1..=2N by when each last changed.
    "ALTER TABLE games ADD COLUMN stored_order INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN written_order INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET stored_order = o.n
        FROM (SELECT rowid AS r, row_number() OVER (ORDER BY created, rowid) AS n FROM games) AS o
        WHERE games.rowid = o.r;
    UPDATE games SET written_order = (SELECT count(*) FROM games) + o.n
        FROM (SELECT rowid AS r, row_number() OVER (ORDER BY updated, rowid) AS n FROM games) AS o
        WHERE games.rowid = o.r;
    CREATE UNIQUE INDEX games_by_stored ON games(stored_order);
    CREATE UNIQUE INDEX games_by_written ON games(written_order);",
];

/// The newest schema version this Morphy knows.
pub fn latest() -> i64 {
    i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX)
}

/// The file's schema version.
///
/// # Errors
/// When the file cannot be read as a database.
pub fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// Runs the migrations the file lacks, from its version `from` on, each in its
/// transaction. The version is read again inside each transaction, so that a second
/// program opening the same old file at the same moment skips what the first has done.
///
/// # Errors
/// When one fails; the file stays at the last version reached.
pub fn migrate(conn: &mut Connection, from: i64) -> rusqlite::Result<()> {
    for (n, sql) in (1_i64..).zip(MIGRATIONS) {
        if n <= from {
            continue;
        }
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        if version(&tx)? >= n {
            continue;
        }
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", n)?;
        tx.commit()?;
    }
    Ok(())
}
