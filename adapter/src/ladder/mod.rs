//! Odds that follow the player (issue 70, §3): what each odds is worth in Elo at each of
//! Morphy's levels, measured by Morphy against Morphy ([`worth`], [`duel`],
//! docs/LADDER.md); an estimate of the person's strength from their results
//! ([`estimate`]); the next game to ask for ([`suggest`]); and the results per odds and
//! level from the games' database ([`tally`]).

pub mod duel;
