//! A web game as the database keeps it, and back: the record holds the parameters the
//! game was asked with (or the uploaded PGN), the person's colour, the seed of Morphy's
//! choices, the moves with the clocks after each, the calls to mate and how the game
//! ended. A game is opened again as it was first opened ([`WebGame::open`] or
//! [`upload::resume`]) and its moves are replayed through the same session, so every
//! ruling is made again by the engine, never read from the file.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use engine::rules::outcome::Ending;
use engine::{ByColor, Color};

use super::game::WebGame;
use super::params::{self, ParamError};
use super::upload::{self, UploadError};
use crate::game_db::{GameRecord, MoveRecord};
use crate::play::Limit;

/// The words for how a game ended, as the record keeps them (`None`: it goes on).
fn ending_words(ending: Option<Ending>) -> Option<String> {
    Some(match ending? {
        Ending::Resigned(c) => format!("resigned {}", c.name()),
        Ending::TimeForfeit(c) => format!("forfeit {}", c.name()),
        Ending::Agreed => "agreed".to_string(),
        Ending::Claimed(_) => "claimed".to_string(),
        Ending::Unfinished => return None,
        // The board ends these by itself: the replayed moves end it again.
        Ending::Checkmate | Ending::Stalemate | Ending::DeadPosition | Ending::ConditionLost(_) => {
            "board".to_string()
        }
    })
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Bad parameters in one line.
fn joined(errors: &[ParamError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The record of the game under `id`.
pub fn to_record(id: &str, game: &WebGame) -> GameRecord {
    let spec = game.session.spec();
    let pos = game.session.game();
    let moves = pos
        .moves()
        .iter()
        .zip(pos.positions())
        .enumerate()
        .map(|(n, (&mv, before))| {
            let left = game.clock_after.get(n).copied().flatten();
            MoveRecord {
                uci: before.uci_move(mv),
                white_ms: left.map(|l| millis(l[Color::White])),
                black_ms: left.map(|l| millis(l[Color::Black])),
            }
        })
        .collect();
    let left = game.clocks.as_ref().map(|c| c.left);
    let ending = game.session.ending();
    let verdict = ending.map(|_| game.session.verdict());
    GameRecord {
        id: id.to_string(),
        spec: serde_json::to_string(&game.new.asked).unwrap_or_default(),
        rules: spec.rule_set.name().to_string(),
        odds: spec.odds.name().to_string(),
        level: game.new.elo,
        human: game.sides.human.name().to_string(),
        clock: game.new.asked.get("clock").cloned(),
        white_ms: left.map(|l| millis(l[Color::White])),
        black_ms: left.map(|l| millis(l[Color::Black])),
        seed: game.new.config.seed,
        moves,
        calls: game
            .calls
            .iter()
            .map(|&(at, by)| (at, by.name().to_string()))
            .collect(),
        ending: ending_words(ending),
        result: verdict.as_ref().map(|v| v.result.to_string()),
        reason: verdict.map(|v| v.reason),
        ..GameRecord::default()
    }
}

/// The game of `record`, opened again and its moves replayed; Morphy searches by
/// `limit` when untimed. A timed game's clocks stand as they were when it was last
/// written, the side to move's running again from now: the time between that change
/// and the restart is not counted against anyone.
///
/// # Errors
/// What in the record cannot be read or replayed, in words.
pub fn rebuild(record: &GameRecord, limit: Limit) -> Result<WebGame, String> {
    let asked: BTreeMap<String, String> = serde_json::from_str(&record.spec)
        .map_err(|e| format!("its parameters are no JSON map of texts: {e}"))?;
    let colour = |name: &str| {
        name.parse::<Color>()
            .map_err(|_| format!("'{name}' is no colour"))
    };
    let human = colour(&record.human)?;
    let mut game = if let Some(pgn) = asked.get(upload::PGN) {
        let elo = asked.get("elo").map(String::as_str);
        let mut g = upload::resume(pgn, elo, limit).map_err(|e| match e {
            UploadError::Refused(words) => words,
            UploadError::Params(errors) => joined(&errors),
        })?;
        while g.session.undo().is_some() {}
        g.sides.human = human;
        g
    } else {
        let new = params::read(&asked, limit).map_err(|errors| joined(&errors))?;
        let g = WebGame::open(new).map_err(|refused| Vec::<String>::from(refused).join(" "))?;
        if g.sides.human != human {
            return Err(format!(
                "its parameters give the person {}, the record {human}",
                g.sides.human
            ));
        }
        g
    };
    game.new.config.seed = record.seed;
    if let Some(searcher) = game.searcher.as_mut() {
        searcher.set_strength(game.new.config.strength());
    }
    replay(&mut game, record)?;
    let n = record.moves.len();
    game.say(format!(
        "The game is opened again from its record after {n} half-moves."
    ));
    Ok(game)
}

/// Replays the record's moves, calls and ending on `game` (opened at its start, or
/// still holding moves of the record, which are kept).
fn replay(game: &mut WebGame, record: &GameRecord) -> Result<(), String> {
    let kept = game.session.game().moves().len();
    for (n, m) in record.moves.iter().enumerate() {
        if n >= kept {
            calls_at(game, record, n)?;
            let pos = game.session.game().current();
            let mv = pos
                .parse_uci_move(&m.uci)
                .map_err(|_| format!("move {} '{}' cannot be read", n + 1, m.uci))?;
            game.session
                .play(mv)
                .map_err(|e| format!("move {} '{}': {e}", n + 1, m.uci))?;
        } else if game
            .session
            .game()
            .moves()
            .get(n)
            .map(|&mv| game.session.game().positions()[n].uci_move(mv))
            != Some(m.uci.clone())
        {
            return Err(format!("move {} is not the uploaded game's", n + 1));
        }
    }
    calls_at(game, record, record.moves.len())?;
    game.clock_after = record
        .moves
        .iter()
        .map(|m| match (m.white_ms, m.black_ms) {
            (Some(w), Some(b)) => Some(ByColor::new(
                Duration::from_millis(w),
                Duration::from_millis(b),
            )),
            _ => None,
        })
        .collect();
    if let (Some(clocks), Some(w), Some(b)) =
        (game.clocks.as_mut(), record.white_ms, record.black_ms)
    {
        clocks.left = ByColor::new(Duration::from_millis(w), Duration::from_millis(b));
        clocks.since = Some(Instant::now());
    }
    end(game, record)
}

/// The calls to mate the record gives after `ply` moves.
fn calls_at(game: &mut WebGame, record: &GameRecord, ply: usize) -> Result<(), String> {
    for (_, side) in record.calls.iter().filter(|(at, _)| *at == ply) {
        let by: Color = side.parse().map_err(|_| format!("'{side}' is no colour"))?;
        game.session
            .call_to_mate(by)
            .map_err(|refused| format!("the call to mate after {ply} half-moves: {refused}"))?;
        game.calls.push((ply, by));
    }
    Ok(())
}

/// Ends the game as the record says.
fn end(game: &mut WebGame, record: &GameRecord) -> Result<(), String> {
    let Some(words) = record.ending.as_deref() else {
        return Ok(());
    };
    let side = |name: &str| {
        name.parse::<Color>()
            .map_err(|_| format!("'{name}' is no colour"))
    };
    match words.split_once(' ') {
        Some(("resigned", by)) => game.session.resign(side(by)?),
        Some(("forfeit", by)) => game.session.time_forfeit(side(by)?),
        _ if words == "agreed" => {
            let human = game.sides.human;
            game.session.offer_draw(human);
            game.session.accept_draw(!human);
        }
        _ if words == "claimed" => {
            game.session
                .claim()
                .map_err(|refused| format!("its draw claim is refused now: {refused}"))?;
        }
        _ if words == "board" => {}
        _ => return Err(format!("its ending '{words}' is unknown")),
    }
    game.session.settle();
    Ok(())
}

#[cfg(test)]
mod tests;
