//! The `morphy` adapter: a UCI server and command-line tools over the engine, and the
//! Code's validation of positions (docs/RULES.md §6) as a library API.
//!
//! - [`uci`]: the UCI protocol (commands, responses, options, and the server that runs them);
//! - [`validate`]: what makes a position or moves list invalid under the Code;
//! - [`game_db`]: the games' database (`SQLite`), where every front end keeps its games;
//! - [`game_ask`]: how a game is asked for, the same parameters for every front end;
//! - [`kept`]: a game as the database keeps it, written from a session and opened again;
//! - [`games`]: `morphy games`, the kept games listed, shown, exported and counted;
//! - [`game_settings`]: the game played (`engine::GameSpec`) with the validation mode;
//! - [`ladder`]: odds that follow the player: what each odds is worth, an estimate of the
//!   person's strength, the next game to ask for;
//! - [`bench`](mod@bench): the fixed-position node count;
//! - [`backend`]: what the UCI server needs from a searcher;
//! - [`play`]: `morphy play`, a game against Morphy on the terminal, at odds;
//! - [`notation`](mod@notation): `morphy notation`, a game's moves in any notation, the
//!   descriptive one of the Code (Am. I 13) among them.
//! - [`serve`]: `morphy serve`, a local web board for playing Morphy at odds;
//! - [`pgn_check`]: `morphy pgn check`, which replays the games of a PGN file under the Code.
//!
//! The engine itself never prints; everything people or GUIs read is written here.

// Only the engine may have `unsafe` (see the workspace's `unsafe_code`); never here.
#![forbid(unsafe_code)]

pub mod backend;
pub mod bench;
pub mod game_ask;
pub mod game_db;
pub mod game_settings;
pub mod games;
pub mod kept;
pub mod ladder;
pub mod notation;
pub mod pgn_check;
pub mod play;
pub mod serve;
pub mod uci;
pub mod validate;
