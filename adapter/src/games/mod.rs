//! `morphy games`: the games kept in the games' database ([`crate::game_db`]), the web
//! board's and the terminal's alike, listed newest first ([`list`]), one shown with its
//! score and where it stands ([`show`]), written as PGN ([`export`]), counted per odds
//! and per level with the next game to ask for ([`stats`], [`standing`]); and the game
//! `morphy play --resume` goes on with ([`resume`]). A game is named by its id or the
//! first characters of it.
//!
//! Exit codes: 0 done; 1 the database cannot be opened or read (or a game in it cannot
//! be replayed); 2 a usage error (a bad flag, no such game).

pub mod cli;
pub mod error;
pub mod export;
pub mod facts;
pub mod filter;
pub mod find;
pub mod list;
pub mod resume;
pub mod show;
pub mod standing;
pub mod stats;

pub use cli::{GamesArgs, GamesCommand};
pub use error::GamesError;
pub use filter::Filter;
pub use find::{find, open};

#[cfg(test)]
mod tests;
