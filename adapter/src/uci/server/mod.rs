//! `UciServer`: the UCI state machine. It owns the options, the last position (as the
//! validator's report) and the searcher, and runs each search on its own thread while
//! the input keeps being read (`isready`, `stop`, `ponderhit`, `quit` act at once).
//!
//! Rules it keeps, whatever the input:
//! - exactly one `bestmove` per `go`; none before `stop`/`ponderhit` under `go infinite`
//!   or `go ponder`, even with no legal move; `bestmove (none)` when there is no legal
//!   move or no valid position;
//! - no line panics or hangs it: bad lines get an `info string error: ...`, a panic
//!   inside the search is caught and answered with the first legal move.
//!
//! It does not parse (see `command`) and does not format (see `response`). The output and
//! the input's lines are in `output`, the search thread and its handshake in
//! `search_thread`, the `info` lines in `reporter`, `setoption`'s consequences in
//! `settings`, and the text for people (`d`, `go perft`) in `text`.

mod output;
mod reporter;
mod search_thread;
mod settings;
mod text;

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::{self, Scope};

use engine::search::Searcher;

use self::output::{read_line, Output};
use self::search_thread::{Control, Running, SearchJob};
use super::command::{parse, GoParams, PositionStart, UciCommand, UciParseError};
use super::limits::{go_limits, Note};
use super::options::Options;
use super::response::UciResponse;
use crate::backend::SearchBackend;
use crate::validate::{check, Finding, Report, Request, Start};

/// The longest line read; longer ones are dropped with an error (a 10,000-move
/// `position` line is about 50 KB).
pub const MAX_LINE_BYTES: usize = 16 << 20;
/// The deepest `go perft`: it runs on the input thread, which must answer again within
/// seconds (`morphy perft` has no such limit).
pub const MAX_PERFT_DEPTH: i64 = 6;

/// Whether to go on reading.
enum Flow {
    Continue,
    Quit,
}

/// The UCI server; see the module docs.
pub struct UciServer<B: SearchBackend = Searcher> {
    options: Options,
    debug: bool,
    /// The last `position` command, read again when the rules change.
    last_position: (PositionStart, Vec<String>),
    /// The validator's report on it; `report.game` is `None` when it was refused.
    report: Report,
    /// The searcher, `None` while lent to a search thread.
    backend: Option<B>,
    /// Whether the searcher still has to be told a new `Hash` size (applied lazily, before
    /// the next search, so a GUI's series of settings allocates once).
    hash_pending: bool,
}

impl Default for UciServer<Searcher> {
    fn default() -> Self {
        UciServer::new()
    }
}

impl<B: SearchBackend> UciServer<B> {
    /// A server at the start position with default options.
    pub fn new() -> UciServer<B> {
        let options = Options::default();
        let last_position = (PositionStart::StartPos, Vec::new());
        let report = Self::validate(&options, &last_position);
        UciServer {
            options,
            debug: false,
            last_position,
            report,
            backend: Some(B::default()),
            hash_pending: false,
        }
    }

    fn validate(options: &Options, position: &(PositionStart, Vec<String>)) -> Report {
        let start = match &position.0 {
            PositionStart::StartPos => Start::Standard,
            PositionStart::Fen(f) => Start::Fen(f),
        };
        check(&Request {
            start,
            moves: &position.1,
            spec: options.game.spec,
            mode: options.game.validation,
        })
    }

    /// Serves UCI until `quit` or the end of `input`. A search still running then is
    /// stopped and its `bestmove` written before returning.
    pub fn run<R: BufRead, W: Write + Send>(&mut self, mut input: R, output: W) {
        let out = Output::new(output);
        thread::scope(|scope| {
            let mut running: Option<Running<'_, B>> = None;
            let mut buf = Vec::new();
            while let Ok(Some(truncated)) = read_line(&mut input, &mut buf, MAX_LINE_BYTES) {
                let line = String::from_utf8_lossy(&buf);
                if truncated {
                    self.refuse_long_line(&line, &out);
                } else if let Flow::Quit = self.handle(&line, &out, scope, &mut running) {
                    break;
                }
                if out.failed() {
                    break;
                }
            }
            self.stop_and_join(&mut running);
        });
    }

    fn refuse_long_line<W: Write>(&mut self, line: &str, out: &Output<W>) {
        out.error(format!(
            "line longer than {} MiB ignored",
            MAX_LINE_BYTES >> 20
        ));
        if line.trim_start().starts_with("position") {
            self.report = Report {
                findings: Vec::new(),
                game: None,
            };
            out.error("no valid position until the next 'position' command");
        }
    }

    fn handle<'scope, 'env, W: Write + Send>(
        &mut self,
        line: &str,
        out: &'env Output<W>,
        scope: &'scope Scope<'scope, 'env>,
        running: &mut Option<Running<'scope, B>>,
    ) -> Flow {
        // A finished search gives its searcher back as soon as anyone looks.
        if running.as_ref().is_some_and(|r| r.handle.is_finished()) {
            self.stop_and_join(running);
        }
        let command = match parse(line) {
            Ok(c) => c,
            Err(UciParseError::Empty) => return Flow::Continue,
            Err(e) => {
                out.error(e.to_string());
                if line.split_whitespace().any(|t| t == "position") {
                    self.report = Report {
                        findings: Vec::new(),
                        game: None,
                    };
                    out.error("no valid position until the next 'position' command");
                }
                return Flow::Continue;
            }
        };
        match command {
            UciCommand::Uci => {
                out.send(&UciResponse::IdName(format!(
                    "Morphy {}",
                    env!("CARGO_PKG_VERSION")
                )));
                out.send(&UciResponse::IdAuthor("the Morphy developers".into()));
                for o in Options::list() {
                    out.send(&UciResponse::Option(o));
                }
                out.send(&UciResponse::UciOk);
            }
            UciCommand::Debug(on) => self.debug = on,
            UciCommand::IsReady => out.send(&UciResponse::ReadyOk),
            UciCommand::Register => {}
            UciCommand::SetOption { name, value } => {
                self.set_option(&name, value.as_deref(), out, running);
            }
            UciCommand::UciNewGame => {
                self.stop_and_join(running);
                if let Some(b) = self.backend.as_mut() {
                    b.clear();
                }
            }
            UciCommand::Position { start, moves } => {
                self.last_position = (start, moves);
                self.recheck(out);
            }
            UciCommand::Go(params) => self.go(&params, out, scope, running),
            UciCommand::Stop => {
                if let Some(r) = running.as_ref() {
                    r.control.stop.store(true, Ordering::Relaxed);
                    r.control.release();
                }
            }
            UciCommand::PonderHit => Self::ponderhit(running),
            UciCommand::Quit => return Flow::Quit,
            UciCommand::Display => self.display(out),
            UciCommand::Bench(depth) => {
                self.stop_and_join(running);
                self.apply_hash();
                let backend = self.backend.get_or_insert_with(B::default);
                // The evaluation chosen by `EvalNet`, as `go` would use it.
                backend.set_eval_net(self.options.eval_net);
                let depth = depth.map_or(crate::bench::DEFAULT_DEPTH, |d| {
                    d.clamp(1, crate::bench::MAX_DEPTH) as u32
                });
                let result = crate::bench::run(backend, depth);
                out.send(&UciResponse::Text(result.to_string()));
            }
        }
        if self.debug {
            out.send(&UciResponse::InfoString(format!(
                "debug: handled '{}'",
                super::command::shorten(line.trim())
            )));
        }
        Flow::Continue
    }

    /// Reads the last position again under the current options and says what was found.
    fn recheck<W: Write>(&mut self, out: &Output<W>) {
        self.report = Self::validate(&self.options, &self.last_position);
        for f in &self.report.findings {
            out.send(&UciResponse::Finding(f.clone()));
        }
        if self.report.is_refused() {
            out.error(format!(
                "position refused under {}; 'go' answers 'bestmove (none)' until a valid position arrives",
                self.options.game
            ));
        }
    }

    fn stop_and_join(&mut self, running: &mut Option<Running<'_, B>>) {
        if let Some(r) = running.take() {
            r.control.stop.store(true, Ordering::Relaxed);
            r.control.release();
            // A search thread catches its own panics, so join fails only on a bug
            // there; a fresh searcher replaces the lost one.
            self.backend = Some(r.handle.join().unwrap_or_default());
        }
    }

    fn ponderhit(running: &mut Option<Running<'_, B>>) {
        let Some(r) = running.as_mut() else {
            return;
        };
        // The search itself turns to its clocks (counted from `go ponder`); a search that
        // already ended holds its `bestmove` until now.
        if let Some(flag) = r.pondering.take() {
            flag.store(false, Ordering::Relaxed);
            r.control.release();
        }
    }

    fn go<'scope, 'env, W: Write + Send>(
        &mut self,
        params: &GoParams,
        out: &'env Output<W>,
        scope: &'scope Scope<'scope, 'env>,
        running: &mut Option<Running<'scope, B>>,
    ) {
        self.stop_and_join(running);
        for p in &params.problems {
            out.error(p.to_string());
        }
        let Some(game) = self.report.game.clone() else {
            out.error("no valid position (it was refused); bestmove (none)");
            if params.infinite || params.ponder {
                // Held until `stop` or `ponderhit`, as any search's under `infinite`.
                let control = Arc::new(Control::new(true));
                let backend = self.backend.take().unwrap_or_default();
                let handle = search_thread::hold_none(backend, Arc::clone(&control), out, scope);
                // `ponderhit` releases what `go ponder` holds (the flag is the search's
                // own; here only the release matters).
                let pondering = params
                    .ponder
                    .then(|| Arc::new(std::sync::atomic::AtomicBool::new(true)));
                *running = Some(Running {
                    handle,
                    control,
                    pondering,
                });
            } else {
                out.send(&UciResponse::BestMove {
                    best: None,
                    ponder: None,
                });
            }
            return;
        };
        if let Some(depth) = params.perft {
            Self::perft(game.current(), depth, out);
            return;
        }
        let hold = params.infinite || params.ponder;
        let (limits, notes) = go_limits(params, game.current(), &self.options);
        for note in notes {
            match note {
                Note::Info(text) => out.send(&UciResponse::InfoString(text)),
                Note::Error(text) => out.error(text),
            }
        }
        let pondering = limits.pondering.clone();
        let pass = self.asked_for_the_givers_pass(&game);
        if pass {
            out.send(&UciResponse::InfoString(format!(
                "the receiver of the odds is still to move in his turn of several moves: {}",
                engine::rules::odds::GIVERS_PASS_LAW
            )));
        }
        let legal = game.current().legal_moves();
        if legal.is_empty() && !hold {
            out.send(&UciResponse::BestMove {
                best: None,
                ponder: None,
            });
            return;
        }
        let control = Arc::new(Control::new(hold));
        self.apply_hash();
        // The terms of this game under the options now: less a mate condition refused.
        let mut backend = self.backend.take().unwrap_or_default();
        backend.set_odds_terms(crate::validate::played_terms(
            &self.options.game.spec,
            &game,
        ));
        backend.set_strength(self.options.strength());
        backend.set_eval_net(self.options.eval_net);
        let job = SearchJob {
            backend,
            game,
            limits,
            pass,
            options: self.options.clone(),
        };
        let handle = job.spawn(Arc::clone(&control), out, scope);
        *running = Some(Running {
            handle,
            control,
            pondering,
        });
    }

    /// Whether a `go` asks for the giver's move while the receiver is still in his turn of
    /// several moves: GUIs alternate colours, so after an odd number of tokens in the moves
    /// list (passes `0000` included) they think the other side is to move. The answer is
    /// the giver's pass, `0000`, which the next `position` line accepts.
    fn asked_for_the_givers_pass(&self, game: &engine::Game) -> bool {
        let now = game.current();
        if !now.in_multi_move_turn() {
            return false;
        }
        let start_turn = game.positions()[0].turn();
        let tokens = self.last_position.1.len();
        let gui_turn = if tokens.is_multiple_of(2) {
            start_turn
        } else {
            !start_turn
        };
        gui_turn != now.turn()
    }

    /// The findings on the last position.
    pub fn findings(&self) -> &[Finding] {
        &self.report.findings
    }

    /// Whether the last position was refused.
    pub fn is_refused(&self) -> bool {
        self.report.is_refused()
    }
}

#[cfg(test)]
mod tests;
