//! The flags of `morphy serve`.

use std::path::PathBuf;
use std::time::Duration;

use super::{ServeConfig, DEFAULT_PORT};
use crate::game_db;
use crate::play::Limit;

/// The flags of `morphy serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on; the default answers this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the board in the browser.
    #[arg(long)]
    pub open: bool,
    /// Morphy's time a move in untimed games, milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub movetime: u64,
    /// Morphy's search depth a move in untimed games, plies (instead of --movetime).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=128))]
    pub depth: Option<u32>,
    /// The most games live at once (the least recently used makes room).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub max_games: u16,
    /// The folder of the games' database, morphy.db, made when missing (default: morphy
    /// in the XDG data folder, ~/.local/share/morphy).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

impl ServeArgs {
    /// The server these flags ask for.
    pub fn config(&self) -> ServeConfig {
        ServeConfig {
            host: self.host.clone(),
            port: self.port,
            open: self.open,
            limit: self.depth.map_or(
                Limit::Movetime(Duration::from_millis(self.movetime)),
                Limit::Depth,
            ),
            max_games: usize::from(self.max_games),
            data: self
                .data
                .clone()
                .or_else(|| match game_db::default_folder() {
                    Ok(folder) => Some(folder),
                    Err(e) => {
                        eprintln!("serve: {e}; games will not be kept");
                        None
                    }
                }),
            ..ServeConfig::default()
        }
    }
}
