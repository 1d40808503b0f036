//! Descriptive notation (Am. I 13) written and read back for every legal move of every
//! position within two plies of the perft suites in `perft/suites/` — the public ones and
//! our own (odds starts with their turn of several moves, castling without Rook, the
//! British Pawn that remains a Pawn). Each
//! record the engine writes must read back as exactly that move and no other (Am. III 3:
//! a record naming several moves would leave the receiver to choose).

use std::collections::HashSet;
use std::path::PathBuf;

use engine::Position;
use perft::suite::parse_suite;

/// The suites, relative to the root package.
const SUITES: [&str; 6] = [
    "perft/suites/standard.epd",
    "perft/suites/perftsuite.epd",
    "perft/suites/sedlak.epd",
    "perft/suites/chess960.epd",
    "perft/suites/odds.epd",
    "perft/suites/castling_without_rook.epd",
];

fn read(relative: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Checks every move of `pos` and, to `depth` plies, of the positions after; returns how
/// many moves were checked. `seen` skips positions met before.
fn round_trip(pos: &Position, depth: u32, seen: &mut HashSet<(u64, String)>) -> usize {
    if !seen.insert((pos.key(), pos.rules().set.name().to_string())) {
        return 0;
    }
    let mut checked = 0;
    for mv in pos.legal_moves() {
        let record = pos.descriptive(mv);
        let read = pos.read_descriptive(&record);
        assert_eq!(
            read,
            Ok(vec![mv]),
            "'{record}' for {} in {} ({})",
            pos.uci_move(mv),
            pos.fen(),
            pos.rules().set.name()
        );
        checked += 1;
        if depth > 1 {
            checked += round_trip(&pos.played(mv), depth - 1, seen);
        }
    }
    checked
}

#[test]
fn every_record_written_reads_back_as_its_move_alone() {
    let mut seen = HashSet::new();
    let mut checked = 0;
    let mut positions = 0;
    for file in SUITES {
        let entries = parse_suite(&read(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        for entry in &entries {
            let pos = entry
                .position()
                .unwrap_or_else(|e| panic!("{file} line {}: {e}", entry.line));
            checked += round_trip(&pos, 2, &mut seen);
            positions += 1;
        }
    }
    assert!(positions > 1000, "only {positions} suite positions");
    assert!(checked > 700_000, "only {checked} moves checked");
    println!("{positions} suite positions, {checked} moves written and read back");
}
