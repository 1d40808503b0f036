//! Fuzzes what the web board reads from a request's JSON body: the new-game parameters
//! (a map of texts, read as the board reads them) and a typed move (read in SAN, UCI or
//! descriptive notation as the terminal reads it).
#![no_main]

use std::collections::BTreeMap;

use engine::{Position, Rules};
use libfuzzer_sys::fuzz_target;
use morphy_adapter::game_ask::read;
use morphy_adapter::play::input::read_move;
use morphy_adapter::play::Limit;

fuzz_target!(|data: &[u8]| {
    if let Ok(params) = serde_json::from_slice::<BTreeMap<String, String>>(data) {
        let _ = read(&params, Limit::Depth(1));
    }
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        if let Some(text) = value.get("text").and_then(|t| t.as_str()) {
            let _ = read_move(&Position::startpos(Rules::default()), text);
        }
    }
});
