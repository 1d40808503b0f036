//! One search thread (`Worker`) and what the threads of one search share (`Shared`):
//! the node count, the clock and the stop flag. The search itself is in `iterative`
//! (the root), `alphabeta` (the tree) and `quiescence` (the captures at its leaves),
//! each adding methods to `Worker`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::eval::nnue::{AccumulatorStack, Network};
use crate::position::Position;
use crate::types::{Move, Square};

use super::odds::Terms;
use super::ordering::Histories;
use super::score::MAX_PLY;
use super::time::Budget;
use super::tt::TranspositionTable;

/// The static evaluation of a node in check (none).
pub(crate) const NO_EVAL: i32 = -32_500;

/// Late move reductions by depth and move number: about ln(d)·ln(m)/2.
pub(crate) fn lmr_table() -> Box<[[u8; 64]; 64]> {
    let mut t = Box::new([[0u8; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (d as f64).ln() * (m as f64).ln() / 2.2) as u8;
        }
    }
    t
}

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    /// The caller's stop flag (UCI `stop`).
    pub(super) stop: &'a AtomicBool,
    /// Set when the search must end: limits reached or the main thread finished.
    pub(super) abort: AtomicBool,
    pub(super) nodes: AtomicU64,
    pub(super) start: Instant,
    pub(super) budget: Budget,
    /// While set, the time limits wait (UCI `go ponder` until `ponderhit`).
    pub(super) pondering: Option<&'a AtomicBool>,
    pub(super) max_nodes: Option<u64>,
    pub terms: Terms,
}

impl Shared<'_> {
    /// Whether the search is pondering, its clock not yet running.
    pub(super) fn pondering(&self) -> bool {
        self.pondering.is_some_and(|p| p.load(Ordering::Relaxed))
    }

    /// Whether the time is up: the hard limit, or, for a search that pondered, the soft
    /// one (after a long ponder the move is played as soon as the ponderhit comes).
    pub(super) fn out_of_time(&self) -> bool {
        if self.pondering() {
            return false;
        }
        let elapsed = self.start.elapsed();
        let past = |limit: Option<std::time::Duration>| limit.is_some_and(|l| elapsed >= l);
        past(self.budget.hard) || (self.pondering.is_some() && past(self.budget.soft))
    }
}

/// Per-ply scratch data of one thread.
#[derive(Copy, Clone, Default)]
pub(crate) struct Frame {
    /// The static evaluation (`NO_EVAL` in check).
    pub eval: i32,
    /// The (piece, destination) of the move made from this ply.
    pub piece_to: Option<usize>,
    /// Where the marked Pawn stands at this ply (conditional mate odds).
    pub marked: Option<Square>,
    /// Whether the move made from this ply is a null move.
    pub null: bool,
    /// The move left out while this node is searched again to test its hash move for
    /// singularity (`singular`).
    pub excluded: Option<Move>,
    /// How many double extensions the line from the root to this ply has taken.
    pub double_extensions: u8,
}

/// A root move with its latest score and line.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub pv: Vec<Move>,
}

/// One search thread.
pub(crate) struct Worker<'a> {
    pub id: usize,
    pub shared: &'a Shared<'a>,
    pub hist: &'a mut Histories,
    pub lmr: Box<[[u8; 64]; 64]>,
    pub stack: Vec<Frame>,
    pub pv: Vec<Vec<Move>>,
    /// Repetition keys: the game before the root, then the current line.
    pub keys: Vec<u64>,
    /// Where the root's key sits in `keys`.
    pub root_index: usize,
    pub root_depth: i32,
    pub root_moves: Vec<RootMove>,
    pub seldepth: usize,
    pub nodes: u64,
    unflushed: u64,
    seen_total: u64,
    pub stopped: bool,
    /// The network's accumulators by ply, when the search uses the network.
    nnue: Option<(&'static Network, AccumulatorStack)>,
}

/// The network's scores are kept inside this bound, far from draws lost by odds and mates.
const NET_BOUND: i32 = 10_000;

/// How many nodes pass between looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 256;

impl<'a> Worker<'a> {
    pub(super) fn new(
        id: usize,
        shared: &'a Shared<'a>,
        hist: &'a mut Histories,
        keys: Vec<u64>,
        root_moves: Vec<RootMove>,
        marked: Option<Square>,
    ) -> Worker<'a> {
        let mut stack = vec![Frame::default(); MAX_PLY + 8];
        stack[0].marked = marked;
        let root_index = keys.len();
        Worker {
            id,
            shared,
            hist,
            lmr: lmr_table(),
            stack,
            pv: (0..MAX_PLY + 8)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            keys,
            root_index,
            root_depth: 0,
            root_moves,
            seldepth: 0,
            nodes: 0,
            unflushed: 0,
            seen_total: 0,
            stopped: false,
            nnue: shared
                .terms
                .net
                .map(|net| (net, AccumulatorStack::new(net, MAX_PLY + 8))),
        }
    }

    /// The static evaluation of `pos`, reached at `ply`, for the side to move: the
    /// hand-crafted evaluation or, when the search uses it, the network's (kept up to date
    /// from ply to ply), with the giver's odds contempt either way.
    #[inline]
    pub(crate) fn static_eval(&mut self, pos: &Position, ply: usize) -> i32 {
        match &mut self.nnue {
            None => self.shared.terms.eval(pos),
            Some((net, stack)) => {
                let raw = stack.evaluate(net, pos, ply).clamp(-NET_BOUND, NET_BOUND);
                self.shared.terms.with_contempt(pos, raw)
            }
        }
    }

    /// Whether the giver's marked man is lost at this node (below the root): he can only
    /// forfeit or be mated (Am. IV 8), scored by [`super::odds::Terms::forfeit`].
    #[inline]
    pub(crate) fn mark_lost(&self, ply: usize) -> bool {
        ply > 0
            && self
                .shared
                .terms
                .terms
                .condition_lost(self.stack[ply].marked)
    }

    /// Counts a node; every so often checks the stop flag, the clock and the node limit.
    /// Returns whether the search must stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        self.unflushed += 1;
        if let Some(max) = self.shared.max_nodes {
            if self.seen_total + self.unflushed >= max {
                self.shared.abort.store(true, Ordering::Relaxed);
                self.stopped = true;
                return true;
            }
        }
        if self.unflushed >= POLL_INTERVAL {
            self.flush();
            let s = self.shared;
            if s.out_of_time() || s.stop.load(Ordering::Relaxed) {
                s.abort.store(true, Ordering::Relaxed);
            }
            if s.abort.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    pub(super) fn flush(&mut self) {
        let before = self
            .shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.seen_total = before + self.unflushed;
        self.unflushed = 0;
    }

    pub(super) fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.unflushed
    }
}
