//! Fuzzes the whole UCI server with arbitrary input (searches are stopped at the end of
//! input; `perft` and `bench`, which run to completion on purpose, are filtered out).
#![no_main]

use engine::search::Searcher;
use libfuzzer_sys::fuzz_target;
use morphy_adapter::uci::UciServer;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let input: String = text
        .lines()
        .filter(|l| !l.contains("perft") && !l.contains("bench"))
        .flat_map(|l| [l, "\n"])
        .collect();
    let mut server: UciServer<Searcher> = UciServer::new();
    server.run(std::io::Cursor::new(input.into_bytes()), std::io::sink());
});
