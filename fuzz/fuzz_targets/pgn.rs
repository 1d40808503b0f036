//! Fuzzes the PGN reader and the replay of its first game under the Code (what the web
//! board's upload and `morphy pgn check` do with a file from anyone).
#![no_main]

use engine::pgn::read_games;
use engine::RuleSet;
use libfuzzer_sys::fuzz_target;
use morphy_adapter::pgn_check::resume_game;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(games) = read_games(&text) {
        for game in games.iter().take(2) {
            let _ = resume_game(game, RuleSet::default());
        }
    }
});
