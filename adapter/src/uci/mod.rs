//! The UCI server: commands in, responses out, and the server between them.
//!
//! `command` reads lines, `response` writes them, `options` holds the option table,
//! `limits` turns a `go` into the search's limits, `notation` turns moves into UCI text,
//! and `server` is the state machine that owns the position and the search thread.

pub mod command;
pub mod limits;
pub mod notation;
pub mod options;
pub mod response;
pub mod server;

pub use command::{parse, UciCommand, UciParseError};
pub use response::UciResponse;
pub use server::UciServer;
