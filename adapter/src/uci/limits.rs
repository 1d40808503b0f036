//! The engine's search limits for a `go`: clocks of the side to move, depth, nodes,
//! mate, `searchmoves`, `ponder`. Degenerate values are defined here, and each one met
//! is reported as a [`Note`] for the server to print.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use engine::search::Limits;
use engine::{Color, Position};

use super::command::GoParams;
use super::notation::search_moves;
use super::options::Options;

/// The deepest search asked for; deeper requests are clamped.
pub const MAX_DEPTH: i64 = 128;
/// How long a `go` with no limit at all searches.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// Something to tell the GUI about its `go`.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Note {
    /// A value was taken otherwise than written (`info string ...`).
    Info(String),
    /// Part of the command was ignored (`info string error: ...`).
    Error(String),
}

/// The limits of a `go` in `pos` under `options` (`MultiPV`, `Move Overhead`), with the
/// pondering flag for `go ponder`, and the notes on what was read otherwise than written.
pub fn go_limits(params: &GoParams, pos: &Position, options: &Options) -> (Limits, Vec<Note>) {
    let mut notes = Vec::new();
    let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
    let mut limits = Limits {
        multi_pv: options.multi_pv as usize,
        move_overhead: ms(options.move_overhead_ms),
        infinite: params.infinite,
        ..Limits::default()
    };
    if let Some(d) = params.depth {
        let clamped = d.clamp(1, MAX_DEPTH);
        if clamped != d {
            notes.push(Note::Info(format!("depth {d} taken as {clamped}")));
        }
        limits.depth = Some(clamped as u32);
    }
    if let Some(n) = params.nodes {
        limits.nodes = Some(n.max(1) as u64);
    }
    if let Some(m) = params.mate {
        let m = m.clamp(1, MAX_DEPTH / 2);
        limits.mate = Some(m as u32);
        if limits.depth.is_none() {
            limits.depth = Some((2 * m - 1) as u32);
        }
    }
    if let Some(t) = params.movetime {
        limits.movetime = Some(ms(t));
    }
    let (time, inc) = match pos.turn() {
        Color::White => (params.wtime, params.winc),
        Color::Black => (params.btime, params.binc),
    };
    limits.time_left = time.map(ms);
    limits.increment = inc.map_or(Duration::ZERO, ms);
    limits.moves_to_go = params
        .movestogo
        .filter(|n| *n > 0)
        .map(|n| n.min(i64::from(u32::MAX)) as u32);
    let (moves, bad) = search_moves(pos, &params.search_moves);
    if !bad.is_empty() {
        notes.push(Note::Error(format!(
            "searchmoves: not legal here, ignored: {}",
            bad.join(" ")
        )));
        if moves.is_empty() {
            notes.push(Note::Error(
                "searchmoves: no legal move left; searching all moves".to_string(),
            ));
        }
    }
    limits.search_moves = moves;
    if params.ponder && !params.infinite {
        limits.pondering = Some(Arc::new(AtomicBool::new(true)));
    }
    let bounded = limits.depth.is_some() || limits.nodes.is_some();
    let timed = limits.movetime.is_some() || limits.time_left.is_some();
    if !bounded && !timed && !limits.infinite {
        notes.push(Note::Info(format!(
            "go without limits: searching {} ms (use 'go infinite' to search until 'stop')",
            DEFAULT_MOVETIME.as_millis()
        )));
        limits.movetime = Some(DEFAULT_MOVETIME);
    }
    (limits, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::command::parse;
    use crate::uci::UciCommand;
    use engine::Rules;

    fn limits_of(go: &str, pos: &Position) -> (Limits, Vec<Note>) {
        let UciCommand::Go(params) = parse(go).unwrap() else {
            panic!("{go} is not a go");
        };
        go_limits(&params, pos, &Options::default())
    }

    #[test]
    fn the_clock_of_the_side_to_move_is_used() {
        let white = Position::startpos(Rules::default());
        let black = white.played(white.parse_uci_move("e2e4").unwrap());
        let go = "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 0";
        let (w, notes) = limits_of(go, &white);
        assert!(notes.is_empty());
        assert_eq!(w.time_left, Some(Duration::from_secs(1)));
        assert_eq!(w.increment, Duration::from_millis(10));
        assert_eq!(w.moves_to_go, None);
        let (b, _) = limits_of(go, &black);
        assert_eq!(b.time_left, Some(Duration::from_secs(2)));
        assert_eq!(b.increment, Duration::from_millis(20));
    }

    #[test]
    fn degenerate_values_are_defined_and_reported() {
        let pos = Position::startpos(Rules::default());
        let (l, notes) = limits_of("go depth 1000", &pos);
        assert_eq!(l.depth, Some(128));
        assert_eq!(notes, [Note::Info("depth 1000 taken as 128".to_string())]);
        let (l, _) = limits_of("go mate 3", &pos);
        assert_eq!((l.mate, l.depth), (Some(3), Some(5)));
        let (l, notes) = limits_of("go", &pos);
        assert_eq!(l.movetime, Some(DEFAULT_MOVETIME));
        assert_eq!(notes.len(), 1);
        let (l, notes) = limits_of("go depth 2 searchmoves e2e4 e2e5", &pos);
        assert_eq!(l.search_moves.len(), 1);
        assert!(matches!(&notes[..], [Note::Error(t)] if t.contains("e2e5")));
    }

    #[test]
    fn ponder_sets_the_flag_and_infinite_does_not_ponder() {
        let pos = Position::startpos(Rules::default());
        let (l, _) = limits_of("go ponder wtime 1000 btime 1000", &pos);
        assert!(l.pondering.is_some() && !l.infinite);
        let (l, _) = limits_of("go infinite", &pos);
        assert!(l.pondering.is_none() && l.infinite);
    }
}
