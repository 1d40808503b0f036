//! Odds that follow the player (issue 70, §3): what each odds is worth in Elo at each of
//! Morphy's levels, measured by Morphy against Morphy ([`worth`](mod@worth), [`duel`],
//! docs/LADDER.md); an estimate of the person's strength from their results
//! ([`estimate`](mod@estimate)); the next game to ask for ([`suggest`](mod@suggest)); and
//! the results per odds and level from the games' database ([`tally`](mod@tally)).
//!
//! Every Elo here is on the scale of Morphy's level settings (`engine::search::Strength`,
//! calibrated against Stockfish's `UCI_Elo`, docs/STRENGTH.md): a person "of 1600" is
//! expected to score 50% against Morphy at level 1600 without odds.

pub mod duel;
pub mod estimate;
pub mod fit;
pub mod suggest;
pub mod tally;
pub mod worth;
pub mod worth_fit;

pub use estimate::{estimate, Estimate, GameResult};
pub use suggest::{suggest, Suggestion};
pub use tally::{result_of, tally, TallyRow};
pub use worth::worth;

use engine::search::{MAX_ELO, MIN_ELO};

/// The Elo full strength counts as: the top level, [`MAX_ELO`], which never plays a
/// second-best move (`engine::search::strength`). Full strength searches without its
/// node budget and is stronger: this figure is a floor.
pub const FULL_STRENGTH_ELO: u32 = MAX_ELO;

/// The levels the ladder offers: those of the web board's form, [`MIN_ELO`] to
/// [`MAX_ELO`] in steps of 200 (adapter/src/serve/page/app.js).
pub const LEVELS: [u32; 8] = [1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600];

/// The Elo of a level (`None`: full strength, [`FULL_STRENGTH_ELO`]), clamped to the
/// levels' range as the engine clamps it.
pub fn level_elo(level: Option<u32>) -> u32 {
    level.map_or(FULL_STRENGTH_ELO, |l| l.clamp(MIN_ELO, MAX_ELO))
}

#[cfg(test)]
mod tests;

/// Serialises odds by their catalogue name (`knight`, `pawn-and-move`).
#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's serialize_with passes the field by reference"
)]
fn odds_name<S: serde::Serializer>(odds: &engine::Odds, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(odds.name())
}
