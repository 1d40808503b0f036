//! The server's answers for people rather than GUIs: `d` and `go perft`, and the cap
//! on `Hash`.

use std::fmt::Write as _;
use std::io::Write;

use engine::Position;

use super::output::Output;
use super::{UciServer, MAX_PERFT_DEPTH};
use crate::backend::SearchBackend;
use crate::uci::response::UciResponse;
use crate::validate::Severity;

impl<B: SearchBackend> UciServer<B> {
    pub(super) fn perft<W: Write>(pos: &Position, depth: i64, out: &Output<W>) {
        let clamped = depth.clamp(0, MAX_PERFT_DEPTH);
        if clamped != depth {
            out.send(&UciResponse::InfoString(format!(
                "perft depth {depth} taken as {clamped}"
            )));
        }
        let depth = clamped as u32;
        let mut text = String::new();
        let mut total = 0u64;
        if depth == 0 {
            total = 1;
        } else {
            for (mv, n) in perft::divide(pos, depth) {
                let _ = writeln!(text, "{}: {n}", pos.uci_move(mv));
                total += n;
            }
        }
        let _ = writeln!(text, "\nNodes searched: {total}");
        out.send(&UciResponse::Text(text));
    }

    pub(super) fn display<W: Write>(&self, out: &Output<W>) {
        let mut text = String::new();
        match &self.report.game {
            Some(game) => {
                let pos = game.current();
                let checkers: Vec<String> = pos.checkers().iter().map(|s| s.to_string()).collect();
                let _ = writeln!(text, "{pos}");
                let _ = writeln!(text, "Key: {:016X}", pos.key());
                let _ = writeln!(text, "Checkers: {}", checkers.join(" "));
                if pos.in_multi_move_turn() {
                    let _ = writeln!(
                        text,
                        "Moves left in this turn: {} (none beyond the fourth rank)",
                        pos.turn_moves()
                    );
                }
            }
            None => text.push_str("No valid position (the last one was refused).\n"),
        }
        let _ = writeln!(text, "Rules: {}", self.options.game);
        if self.report.findings.is_empty() {
            text.push_str("Code: no findings\n");
        }
        for f in &self.report.findings {
            let _ = match f.severity {
                Severity::Code => writeln!(text, "Code: {f}"),
                other => writeln!(text, "Code {}: {f}", other.word()),
            };
        }
        out.send(&UciResponse::Text(text));
    }
}

/// A quarter of the memory the system says is available, in MiB (Linux; elsewhere no
/// cap): an absurd `Hash` is never allocated.
pub(super) fn memory_cap_mb() -> Option<i64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: i64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kb / 1024 / 4).max(1))
}
