//! The search thread and its handshake with the server: `stop` and `ponderhit` reach it
//! through `Control`, and it holds its `bestmove` while a `go infinite` or `go ponder`
//! is still in force. It always answers exactly one `bestmove`, even when the search
//! panics or returns an illegal move.

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::{Scope, ScopedJoinHandle};

use engine::search::{Limits, SearchResult};
use engine::Game;

use super::output::Output;
use super::reporter::UciReporter;
use crate::backend::SearchBackend;
use crate::uci::options::Options;
use crate::uci::response::UciResponse;

/// Shared between the server and one search thread.
#[derive(Default)]
pub(super) struct Control {
    /// Tells the search to stop.
    pub(super) stop: AtomicBool,
    /// While true, the finished search holds its `bestmove` (infinite, ponder).
    hold: Mutex<bool>,
    released: Condvar,
    /// Set once `bestmove` is out.
    pub(super) done: AtomicBool,
}

impl Control {
    /// A handshake for a new search; `hold` keeps its `bestmove` until released.
    pub(super) fn new(hold: bool) -> Control {
        Control {
            hold: Mutex::new(hold),
            ..Control::default()
        }
    }

    /// Lets a held `bestmove` go.
    pub(super) fn release(&self) {
        *self.hold.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.released.notify_all();
    }

    fn wait_released(&self) {
        let mut hold = self.hold.lock().unwrap_or_else(PoisonError::into_inner);
        while *hold {
            hold = self
                .released
                .wait(hold)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// A search under way.
pub(super) struct Running<'scope, B> {
    /// The thread; it gives the searcher back.
    pub(super) handle: ScopedJoinHandle<'scope, B>,
    /// Its handshake.
    pub(super) control: Arc<Control>,
    /// Set while the search ponders; `ponderhit` clears it and the search's clock runs.
    pub(super) pondering: Option<Arc<AtomicBool>>,
}

/// What one search thread needs.
pub(super) struct SearchJob<B> {
    /// The searcher, lent for the search.
    pub(super) backend: B,
    /// The game searched.
    pub(super) game: Game,
    /// The search's limits.
    pub(super) limits: Limits,
    /// Whether the answer is the giver's pass, `0000`, without a search.
    pub(super) pass: bool,
    /// The server's options (`UCI_ShowWDL`, and the settings of a fresh searcher).
    pub(super) options: Options,
}

impl<B: SearchBackend> SearchJob<B> {
    /// Starts the search on its own thread in `scope`, writing to `out`.
    pub(super) fn spawn<'scope, 'env, W: Write + Send>(
        self,
        control: Arc<Control>,
        out: &'env Output<W>,
        scope: &'scope Scope<'scope, 'env>,
    ) -> ScopedJoinHandle<'scope, B> {
        scope.spawn(move || self.run(&control, out))
    }

    fn run<W: Write>(self, control: &Control, out: &Output<W>) -> B {
        let SearchJob {
            mut backend,
            game,
            limits,
            pass,
            options,
        } = self;
        let root = game.current().clone();
        let mut reporter = UciReporter {
            out,
            root: root.clone(),
            show_wdl: options.show_wdl,
        };
        let result = if pass {
            Ok(SearchResult::default())
        } else {
            catch_unwind(AssertUnwindSafe(|| {
                backend.search(&game, &limits, &control.stop, &mut reporter)
            }))
        };
        let first = root.legal_moves().first().copied();
        let (best, ponder) = match result {
            Ok(r) => match r.best {
                Some(mv) if root.is_legal(mv) => {
                    let ponder = r.ponder.filter(|p| root.played(mv).is_legal(*p));
                    (Some(mv), ponder)
                }
                Some(_) => {
                    out.error("search returned an illegal move; playing the first legal move");
                    (first, None)
                }
                None => (first, None),
            },
            Err(payload) => {
                let why = payload
                    .downcast_ref::<&str>()
                    .map(ToString::to_string)
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown cause".to_string());
                out.error(format!(
                    "search panicked: {why}; playing the first legal move"
                ));
                backend = fresh_backend(&options);
                (first, None)
            }
        };
        control.wait_released();
        let best_text = if pass {
            Some("0000".to_string())
        } else {
            best.map(|m| root.uci_move(m))
        };
        let ponder_text = match (best, ponder) {
            (Some(b), Some(p)) => Some(root.played(b).uci_move(p)),
            _ => None,
        };
        out.send(&UciResponse::BestMove {
            best: best_text,
            ponder: ponder_text,
        });
        control.done.store(true, Ordering::Relaxed);
        backend
    }
}

/// For `go infinite` or `go ponder` with no valid position: `bestmove (none)` held, as a
/// search's would be, until `stop` or `ponderhit`; the searcher is given back.
pub(super) fn hold_none<'scope, 'env, B: Send + 'scope, W: Write + Send>(
    backend: B,
    control: Arc<Control>,
    out: &'env Output<W>,
    scope: &'scope Scope<'scope, 'env>,
) -> ScopedJoinHandle<'scope, B> {
    scope.spawn(move || {
        control.wait_released();
        out.send(&UciResponse::BestMove {
            best: None,
            ponder: None,
        });
        control.done.store(true, Ordering::Relaxed);
        backend
    })
}

/// A new searcher with the server's settings, replacing one lost to a panic.
fn fresh_backend<B: SearchBackend>(options: &Options) -> B {
    let mut b = B::default();
    b.set_hash_mb(options.hash_mb as usize);
    b.set_threads(options.threads as usize);
    b.set_odds_terms(options.game.terms());
    b
}
