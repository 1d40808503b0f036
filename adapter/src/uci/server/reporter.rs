//! The search's progress reports, written as `info` lines as they come.

use std::io::Write;

use engine::search::{Reporter, SearchInfo};
use engine::Position;

use super::output::Output;
use crate::uci::response::UciInfo;

/// Turns search reports into `info` lines.
pub(super) struct UciReporter<'a, W> {
    /// Where the lines go.
    pub(super) out: &'a Output<W>,
    /// The position searched, to write the principal variations from.
    pub(super) root: Position,
    /// Whether to print `wdl` (`UCI_ShowWDL`).
    pub(super) show_wdl: bool,
}

impl<W: Write> Reporter for UciReporter<'_, W> {
    fn info(&mut self, info: &SearchInfo) {
        self.out.send(&UciInfo {
            info,
            root: &self.root,
            show_wdl: self.show_wdl,
        });
    }
}
