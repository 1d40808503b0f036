//! Writing a game and reading it back: a game is written whole (its row, its moves,
//! its calls) in one transaction, so the file holds either the change or none of it.

use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::record::{GameRecord, MoveRecord};

/// Seconds since 1970 now.
fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// A `u64` kept in `SQLite`'s signed integers, bit for bit.
fn to_sql(n: u64) -> i64 {
    i64::from_ne_bytes(n.to_ne_bytes())
}

/// Back from [`to_sql`].
fn from_sql(n: i64) -> u64 {
    u64::from_ne_bytes(n.to_ne_bytes())
}

/// A ply as `SQLite` keeps it.
fn ply(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Writes `game` whole, in one transaction: its row (made, or changed with its
/// creation time kept), its moves and its calls.
pub fn save(conn: &mut Connection, game: &GameRecord) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    write(&tx, game)?;
    tx.commit()
}

fn write(tx: &Transaction<'_>, g: &GameRecord) -> rusqlite::Result<()> {
    let t = now();
    let order: i64 = tx.query_row(
        "SELECT coalesce(max(written_order), 0) + 1 FROM games",
        [],
        |r| r.get(0),
    )?;
    tx.execute(
        "INSERT INTO games (id, created, updated, spec, rules, odds, level, human, clock,
                            seed, ending, result, reason, white_ms, black_ms,
                            stored_order, written_order)
         VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?15)
         ON CONFLICT(id) DO UPDATE SET
            updated = ?2, spec = ?3, rules = ?4, odds = ?5, level = ?6, human = ?7,
            clock = ?8, seed = ?9, ending = ?10, result = ?11, reason = ?12,
            white_ms = ?13, black_ms = ?14, written_order = ?15,
            stored_order = CASE WHEN stored_order = 0 THEN ?15 ELSE stored_order END",
        params![
            g.id,
            t,
            g.spec,
            g.rules,
            g.odds,
            g.level,
            g.human,
            g.clock,
            g.seed.map(to_sql),
            g.ending,
            g.result,
            g.reason,
            g.white_ms.map(to_sql),
            g.black_ms.map(to_sql),
            order,
        ],
    )?;
    tx.execute("DELETE FROM moves WHERE game_id = ?1", [&g.id])?;
    tx.execute("DELETE FROM calls WHERE game_id = ?1", [&g.id])?;
    let mut insert = tx.prepare(
        "INSERT INTO moves (game_id, ply, uci, white_ms, black_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (n, m) in g.moves.iter().enumerate() {
        insert.execute(params![
            g.id,
            ply(n + 1),
            m.uci,
            m.white_ms.map(to_sql),
            m.black_ms.map(to_sql),
        ])?;
    }
    let mut call = tx.prepare("INSERT INTO calls (game_id, ply, side) VALUES (?1, ?2, ?3)")?;
    for (at, side) in &g.calls {
        call.execute(params![g.id, ply(*at), side])?;
    }
    Ok(())
}

/// The columns of a game's row, in the order [`game_row`] reads them.
const GAME_COLUMNS: &str = "id, spec, rules, odds, level, human, clock, seed, ending, result,
    reason, created, updated, white_ms, black_ms, stored_order, written_order";

/// A game's row (without its moves and calls), as selected with [`GAME_COLUMNS`].
fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRecord> {
    Ok(GameRecord {
        id: r.get(0)?,
        spec: r.get(1)?,
        rules: r.get(2)?,
        odds: r.get(3)?,
        level: r.get(4)?,
        human: r.get(5)?,
        clock: r.get(6)?,
        seed: r.get::<_, Option<i64>>(7)?.map(from_sql),
        ending: r.get(8)?,
        result: r.get(9)?,
        reason: r.get(10)?,
        created: r.get(11)?,
        updated: r.get(12)?,
        white_ms: r.get::<_, Option<i64>>(13)?.map(from_sql),
        black_ms: r.get::<_, Option<i64>>(14)?.map(from_sql),
        stored_order: r.get(15)?,
        written_order: r.get(16)?,
        ..GameRecord::default()
    })
}

/// Every stored game, whole, newest first: in the order they were first stored, by the
/// database's count of writes (a clock set back does not reorder them).
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<GameRecord>> {
    let mut games = conn
        .prepare(&format!(
            "SELECT {GAME_COLUMNS} FROM games ORDER BY stored_order DESC"
        ))?
        .query_map([], game_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for game in &mut games {
        fill(conn, game)?;
    }
    Ok(games)
}

/// The game under `id`, if it is stored.
pub fn load(conn: &Connection, id: &str) -> rusqlite::Result<Option<GameRecord>> {
    let row = conn
        .query_row(
            &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
            [id],
            game_row,
        )
        .optional()?;
    let Some(mut game) = row else {
        return Ok(None);
    };
    fill(conn, &mut game)?;
    Ok(Some(game))
}

/// Reads `game`'s moves and calls into it.
fn fill(conn: &Connection, game: &mut GameRecord) -> rusqlite::Result<()> {
    let id = game.id.clone();
    let mut moves =
        conn.prepare("SELECT uci, white_ms, black_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    game.moves = moves
        .query_map([&id], |r| {
            Ok(MoveRecord {
                uci: r.get(0)?,
                white_ms: r.get::<_, Option<i64>>(1)?.map(from_sql),
                black_ms: r.get::<_, Option<i64>>(2)?.map(from_sql),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut calls = conn.prepare("SELECT ply, side FROM calls WHERE game_id = ?1 ORDER BY ply")?;
    game.calls = calls
        .query_map([&id], |r| {
            let at: i64 = r.get(0)?;
            Ok((usize::try_from(at).unwrap_or(0), r.get(1)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(())
}
