//! Fuzzes the UCI line parser and the option setter: no input may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morphy_adapter::uci::command::{parse, UciCommand};
use morphy_adapter::uci::options::Options;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    if let Ok(UciCommand::SetOption { name, value }) = parse(&line) {
        let _ = Options::default().set(&name, value.as_deref());
    }
});
