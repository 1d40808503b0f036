//! Fuzzes a game's record as the database gives it back (a file another program, or a
//! damaged disk, may have written): its parameters, colour, moves, calls and ending,
//! rebuilt by replaying the moves through the session.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morphy_adapter::game_db::{GameRecord, MoveRecord};
use morphy_adapter::kept::rebuild;
use morphy_adapter::play::Limit;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut fields = text.split('\u{1}');
    let mut next = || fields.next().unwrap_or("").to_string();
    let spec = next();
    let human = next();
    let moves: Vec<MoveRecord> = next()
        .split_whitespace()
        .take(200)
        .map(|uci| MoveRecord {
            uci: uci.to_string(),
            white_ms: None,
            black_ms: None,
        })
        .collect();
    let calls = next()
        .split_whitespace()
        .take(8)
        .filter_map(|c| c.split_once(':'))
        .map(|(at, side)| (at.parse().unwrap_or(0), side.to_string()))
        .collect();
    let ending = Some(next()).filter(|e| !e.is_empty());
    let record = GameRecord {
        id: "0123456789abcdef0123456789abcdef".to_string(),
        spec,
        human,
        moves,
        calls,
        ending,
        ..GameRecord::default()
    };
    let _ = rebuild(&record, Limit::Depth(1));
});
