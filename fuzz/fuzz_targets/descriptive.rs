//! Fuzzes descriptive notation (Am. I 13): a move read in the start, an odds start and a
//! middle game, and a whole score read from the start.
#![no_main]

use engine::notation::descriptive::read_score;
use engine::{Odds, Position, Rules, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let rules = Rules::default();
    let start = Position::startpos(rules);
    let mut positions = vec![start.clone()];
    if let Ok(p) = Position::from_setup(&Odds::PawnAndTwoMoves.setup(&rules), rules) {
        positions.push(p);
    }
    let middle = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5";
    if let Some(p) = Setup::from_fen(middle, false)
        .ok()
        .and_then(|s| Position::from_setup(&s, rules).ok())
    {
        positions.push(p);
    }
    for pos in &positions {
        let _ = pos.read_descriptive(&text);
        let _ = pos.parse_descriptive(&text);
    }
    let _ = read_score(&start, &text);
});
