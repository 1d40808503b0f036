//! `setoption`: the value is recorded by `Options`; here the server does what the
//! change asks of the searcher (hash size, threads, odds terms) and of the position.

use std::io::Write;

use super::output::Output;
use super::search_thread::Running;
use super::text::memory_cap_mb;
use super::UciServer;
use crate::backend::SearchBackend;
use crate::uci::options::{Effect, HASH};
use crate::uci::response::UciResponse;

impl<B: SearchBackend> UciServer<B> {
    pub(super) fn set_option<W: Write>(
        &mut self,
        name: &str,
        value: Option<&str>,
        out: &Output<W>,
        running: &mut Option<Running<'_, B>>,
    ) {
        match self.options.set(name, value) {
            Err(e) => out.error(e.to_string()),
            Ok((effect, note)) => {
                if let Some(n) = note {
                    out.send(&UciResponse::InfoString(n));
                }
                if effect == Effect::ResizeHash {
                    if let Some(cap) = memory_cap_mb() {
                        if self.options.hash_mb > cap {
                            out.send(&UciResponse::InfoString(format!(
                                "{} {} MiB is more than a quarter of the available memory; using {cap} MiB",
                                HASH.name, self.options.hash_mb
                            )));
                            self.options.hash_mb = cap;
                        }
                    }
                    self.hash_pending = true;
                    return;
                }
                if effect == Effect::Nothing {
                    return;
                }
                self.stop_and_join(running);
                let options = &self.options;
                if let Some(b) = self.backend.as_mut() {
                    match effect {
                        Effect::ClearHash => b.clear(),
                        Effect::Threads => b.set_threads(options.threads as usize),
                        Effect::OddsTerms | Effect::Recheck => {
                            b.set_odds_terms(options.game.terms());
                        }
                        Effect::Nothing | Effect::ResizeHash => {}
                    }
                }
                if effect == Effect::Recheck {
                    self.recheck(out);
                }
            }
        }
    }

    /// Tells the searcher a `Hash` size set since the last search.
    pub(super) fn apply_hash(&mut self) {
        if self.hash_pending {
            self.hash_pending = false;
            let mb = self.options.hash_mb as usize;
            if let Some(b) = self.backend.as_mut() {
                b.set_hash_mb(mb);
            }
        }
    }
}
