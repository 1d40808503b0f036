//! Which games `morphy games` lists, exports or counts: at some odds, with some result.

use engine::Odds;

use super::facts::{outcome, played, Outcome};
use crate::game_db::GameRecord;

/// Which games: at some odds, with some result.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Filter {
    /// Only the games at these odds (none, pawn, knight, rook, ...).
    #[arg(long)]
    pub odds: Option<Odds>,
    /// Only the games you won, lost, drew, or that go on: won, lost, drawn, unfinished.
    #[arg(long)]
    pub result: Option<Outcome>,
}

impl Filter {
    /// Whether `record` is one of the games asked for (of those [`played`]).
    pub fn keeps(&self, record: &GameRecord) -> bool {
        played(record)
            && self.odds.is_none_or(|o| o.name() == record.odds)
            && self.result.is_none_or(|r| outcome(record) == r)
    }
}
