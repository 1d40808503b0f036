//! Fuzzes FEN and UCI-move reading through the Code's validator, under every rule set,
//! odds and mode chosen by the first bytes: no input may panic.
#![no_main]

use engine::{GameSpec, Odds, RuleSet};
use libfuzzer_sys::fuzz_target;
use morphy_adapter::validate::{check, Request, Start, Validation};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let mut parts = text.splitn(2, '|');
    let fen = parts.next().unwrap_or("");
    let moves: Vec<String> = parts
        .next()
        .unwrap_or("")
        .split_whitespace()
        .take(256)
        .map(str::to_string)
        .collect();
    let set = RuleSet::ALL[usize::from(pick & 3)];
    let odds = Odds::ALL[usize::from(pick >> 2) % Odds::ALL.len()];
    let mode = Validation::ALL[usize::from(pick >> 6) % 3];
    let chess960 = pick & 0x20 != 0;
    let start = if fen == "startpos" {
        Start::Standard
    } else {
        Start::Fen(fen)
    };
    let report = check(&Request {
        start,
        moves: &moves,
        spec: GameSpec {
            odds,
            chess960,
            ..GameSpec::new(set)
        },
        mode,
    });
    if let Some(game) = report.game {
        let pos = game.current();
        for mv in pos.legal_moves() {
            let text = pos.uci_move(mv);
            assert_eq!(pos.parse_uci_move(&text), Ok(mv), "{text} in {}", pos.fen());
        }
    }
});
