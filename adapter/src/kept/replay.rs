//! A game opened again from its record: as it was first opened (its parameters read by
//! [`crate::game_ask::read`] and started by [`crate::play::start()`], or its uploaded PGN
//! replayed), then the record's moves, calls and ending given to the session one by
//! one, so that the engine rules on each again.

use std::collections::BTreeMap;
use std::time::Duration;

use engine::session::Session;
use engine::{ByColor, Color};

use super::Kept;
use crate::game_ask::from_pgn::{from_pgn, FromPgn, PGN};
use crate::game_ask::{read, ParamError};
use crate::game_db::GameRecord;
use crate::play::{start, Limit, Sides, Started};

/// Bad parameters in one line.
fn joined(errors: &[ParamError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

fn colour(name: &str) -> Result<Color, String> {
    name.parse::<Color>()
        .map_err(|_| format!("'{name}' is no colour"))
}

/// The game of `record`, opened again and its moves replayed; Morphy searches by
/// `limit` when untimed. The clocks are the record's as last written.
///
/// # Errors
/// What in the record cannot be read or replayed, in words.
pub fn rebuild(record: &GameRecord, limit: Limit) -> Result<Kept, String> {
    let asked: BTreeMap<String, String> = serde_json::from_str(&record.spec)
        .map_err(|e| format!("its parameters are no JSON map of texts: {e}"))?;
    let human = colour(&record.human)?;
    let (mut session, mut new, notes) = if let Some(pgn) = asked.get(PGN) {
        let elo = asked.get("elo").map(String::as_str);
        let FromPgn {
            mut session,
            new,
            notes,
        } = from_pgn(pgn, elo, limit).map_err(|e| e.words())?;
        while session.undo().is_some() {}
        (session, new, notes)
    } else {
        let new = read(&asked, limit).map_err(|errors| joined(&errors))?;
        let Started {
            session,
            sides,
            notes,
        } = start(&new.config).map_err(|refused| {
            let mut lines = refused.notes;
            lines.push(refused.reason);
            lines.join(" ")
        })?;
        if sides.human != human {
            return Err(format!(
                "its parameters give the person {}, the record {human}",
                sides.human
            ));
        }
        (session, new, notes)
    };
    new.config.seed = record.seed;
    let sides = Sides {
        human,
        giver: session.giver(),
    };
    let calls = replay(&mut session, record)?;
    end(&mut session, human, record)?;
    let clocks = |w: Option<u64>, b: Option<u64>| match (w, b) {
        (Some(w), Some(b)) => Some(ByColor::new(
            Duration::from_millis(w),
            Duration::from_millis(b),
        )),
        _ => None,
    };
    Ok(Kept {
        session,
        sides,
        new,
        notes,
        calls,
        clock_after: record
            .moves
            .iter()
            .map(|m| clocks(m.white_ms, m.black_ms))
            .collect(),
        left: clocks(record.white_ms, record.black_ms),
    })
}

/// Replays the record's moves and calls on `session` (opened at its start, or still
/// holding moves of the record, which are kept); the calls given.
fn replay(session: &mut Session, record: &GameRecord) -> Result<Vec<(usize, Color)>, String> {
    let kept = session.game().moves().len();
    let mut calls = Vec::new();
    for (n, m) in record.moves.iter().enumerate() {
        if n >= kept {
            calls_at(session, record, n, &mut calls)?;
            let pos = session.game().current();
            let mv = pos
                .parse_uci_move(&m.uci)
                .map_err(|_| format!("move {} '{}' cannot be read", n + 1, m.uci))?;
            session
                .play(mv)
                .map_err(|e| format!("move {} '{}': {e}", n + 1, m.uci))?;
        } else if session
            .game()
            .moves()
            .get(n)
            .map(|&mv| session.game().positions()[n].uci_move(mv))
            != Some(m.uci.clone())
        {
            return Err(format!("move {} is not the uploaded game's", n + 1));
        }
    }
    calls_at(session, record, record.moves.len(), &mut calls)?;
    Ok(calls)
}

/// The calls to mate the record gives after `ply` moves, given again.
fn calls_at(
    session: &mut Session,
    record: &GameRecord,
    ply: usize,
    calls: &mut Vec<(usize, Color)>,
) -> Result<(), String> {
    for (_, side) in record.calls.iter().filter(|(at, _)| *at == ply) {
        let by = colour(side)?;
        session
            .call_to_mate(by)
            .map_err(|refused| format!("the call to mate after {ply} half-moves: {refused}"))?;
        calls.push((ply, by));
    }
    Ok(())
}

/// Ends the game as the record says (`human`: the person's colour, whose offer of a
/// draw was agreed).
fn end(session: &mut Session, human: Color, record: &GameRecord) -> Result<(), String> {
    let Some(words) = record.ending.as_deref() else {
        return Ok(());
    };
    match words.split_once(' ') {
        Some(("resigned", by)) => session.resign(colour(by)?),
        Some(("forfeit", by)) => session.time_forfeit(colour(by)?),
        _ if words == "agreed" => {
            session.offer_draw(human);
            session.accept_draw(!human);
        }
        _ if words == "claimed" => {
            session
                .claim()
                .map_err(|refused| format!("its draw claim is refused now: {refused}"))?;
        }
        _ if words == "board" => {}
        _ => return Err(format!("its ending '{words}' is unknown")),
    }
    session.settle();
    Ok(())
}
