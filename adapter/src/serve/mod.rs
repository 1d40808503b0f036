//! `morphy serve`: a local web board for playing Morphy at odds. An axum server on
//! tokio; the page and its assets are built in ([`assets`]). The game is the same one
//! the terminal plays: `play::start` opens it, the engine's `Session` keeps it, and
//! `play::turn` decides Morphy's moves, claims and answers; the page only draws and reads
//! clicks.
//!
//! - [`params`]: the new-game parameters (form or address);
//! - [`game`]: one game, its clocks and what was said;
//! - [`store`]: the live games under unguessable ids, capped, idle ones expired;
//! - [`keep`]: the games kept in the games' database ([`crate::game_db`]), and
//!   [`record`]: a game as a record and back, its moves replayed through the session;
//! - [`upload`]: a game resumed from an uploaded PGN;
//! - [`think`]: Morphy's searches on the blocking pool, streamed to the page;
//! - [`view`]: the page's picture of a game (JSON), with [`score`]: its score's rows;
//! - [`history`]: the person's games for the history page (`/games`), to list, replay
//!   and export, with [`evals`]: Morphy's evaluation along a game;
//! - [`listen`]: the accept loop, with header timeouts and a cap on connections;
//! - [`guard`]: `Host` and `Origin` checks; [`api`]: the routes and body limits, the
//!   handlers sharing [`shared::App`].

pub mod api;
pub mod assets;
pub mod cli;
pub mod evals;
pub mod game;
pub mod guard;
pub mod history;
pub mod keep;
pub mod listen;
pub mod params;
pub mod record;
pub mod score;
pub mod shared;
pub mod store;
pub mod think;
pub mod upload;
pub mod view;

use std::io;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use evals::EvalCache;
use guard::Allowed;
use keep::Keeper;
use shared::App;
use store::Store;

use crate::play::Limit;

/// The port `morphy serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8397;

/// How long a game is kept without a request, by default: half an hour.
#[expect(
    clippy::duration_suboptimal_units,
    reason = "`Duration::from_mins` is newer than the workspace's rust-version (1.85)"
)]
pub const IDLE: Duration = Duration::from_secs(30 * 60);
/// How often idle games are looked for: every minute.
#[expect(
    clippy::duration_suboptimal_units,
    reason = "`Duration::from_mins` is newer than the workspace's rust-version (1.85)"
)]
const SWEEP: Duration = Duration::from_secs(60);

/// What `morphy serve` is asked to do.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to bind (`127.0.0.1` by default: this machine only).
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// Open the page in the browser.
    pub open: bool,
    /// Morphy's search limit in untimed games.
    pub limit: Limit,
    /// The most games live at once.
    pub max_games: usize,
    /// How long a game is kept in memory without a request.
    pub idle: Duration,
    /// The folder of the games' database (`None`: games are kept in memory only).
    pub data: Option<PathBuf>,
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        ServeConfig {
            host: "127.0.0.1".to_string(),
            port: DEFAULT_PORT,
            open: false,
            limit: Limit::Movetime(Duration::from_secs(1)),
            max_games: 32,
            idle: IDLE,
            data: None,
        }
    }
}

/// The games' database in `config.data`, if named and it opens; if it does not, the
/// console says why, naming the file, and the board plays on without keeping games.
fn keeper(config: &ServeConfig) -> Option<Arc<Keeper>> {
    let folder = config.data.as_deref()?;
    match Keeper::open(folder, config.limit) {
        Ok(keeper) => {
            eprintln!("serve: games kept in {}", keeper.path().display());
            Some(Arc::new(keeper))
        }
        Err(e) => {
            eprintln!("serve: {e}");
            eprintln!("serve: games will not be kept; the board plays on");
            None
        }
    }
}

/// The shared state and router of a server bound to `host`:`port`.
pub fn app(config: &ServeConfig, port: u16) -> (Arc<App>, axum::Router) {
    let app = Arc::new(App {
        store: Store::new(config.max_games, config.idle).keeping(keeper(config)),
        limit: config.limit,
        evals: EvalCache::default(),
    });
    let router = api::router(Arc::clone(&app), Allowed::new(&config.host, port));
    (app, router)
}

/// Opens `url` in the browser; a failure is a warning.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(program).arg(url).spawn() {
        Ok(_) => {}
        Err(e) => eprintln!("warning: cannot open the browser with {program}: {e}"),
    }
}

/// Waits for Ctrl-C (or SIGTERM).
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Runs the server until Ctrl-C: binds, prints the address, serves ([`listen::serve`]),
/// and on the signal stops every search, ends the pages' event streams and lets answers
/// under way finish (for at most a few seconds).
///
/// # Errors
/// When the address cannot be bound or the runtime cannot start.
pub fn run(config: &ServeConfig) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(config.max_games + 8)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((config.host.as_str(), config.port)).await?;
        let bound: SocketAddr = listener.local_addr()?;
        let (app, router) = app(config, bound.port());
        let shown = if bound.is_ipv6() {
            format!("[{}]", bound.ip())
        } else {
            bound.ip().to_string()
        };
        let url = format!("http://{shown}:{}/", bound.port());
        println!("Morphy board at {url}");
        eprintln!("serve: Ctrl-C stops the server");
        if config.open {
            open_browser(&url);
        }
        let sweeper = Arc::clone(&app);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP);
            loop {
                every.tick().await;
                sweeper.store.expire();
            }
        });
        let stopping = async move {
            shutdown_signal().await;
            eprintln!("serve: stopping");
            app.store.clear();
        };
        listen::serve(listener, router, stopping).await?;
        eprintln!("serve: stopped");
        Ok(())
    })
}
