//! A strength the person chooses (UCI `UCI_LimitStrength`/`UCI_Elo`, `morphy play
//! --elo`): Morphy plays as a weaker player does, not as a strong one that throws pieces
//! away now and then.
//!
//! Two things weaken it, both set by the Elo through the calibration table
//! [`CALIBRATION`] (measured against Stockfish 16's `UCI_Elo`, whose own fit rates it
//! against Stash versions rated on CCRL: docs/STRENGTH.md "The levels measured again"):
//! - a node budget: it sees less far, as a weaker player does;
//! - now and then a plausible second-best move: among the root moves whose scores lie
//!   within a margin of the best (a margin that shrinks as the Elo rises), never one that
//!   loses material by SEE or leaves more en prise than the best move does. A mate found
//!   is always played; a move into a mate is never chosen.
//!
//! The choice is reproducible: it depends only on the seed and the position, so the same
//! seed against the same moves gives the same game (with one thread, when the node budget
//! rather than the clock ends each search). The budgets are small (600 to 28 000 nodes,
//! milliseconds on any machine), so the budget, not the clock,
//! ends the search at any ordinary time control, and a level plays the same on every
//! machine.

use crate::position::Position;
use crate::rng::Rng;
use crate::types::Move;

use super::limits::Limits;
use super::ordering::{noisy_moves, see_ge};
use super::report::{Reporter, SearchInfo};
use super::score::{Bound, MATE_BOUND};

/// The lowest Elo the strength rule plays at; lower settings play as this.
pub const MIN_ELO: u32 = 1200;
/// The highest Elo setting; at and above it no second-best move is chosen, though the node
/// budget still binds: full strength (no level) is stronger.
pub const MAX_ELO: u32 = 2600;

/// A strength below Morphy's full one: the Elo to play at and the seed of its choices.
///
/// ```
/// use engine::search::{Searcher, Strength};
///
/// let mut searcher = Searcher::new();
/// searcher.set_strength(Some(Strength { elo: 1400, seed: 7 }));
/// assert_eq!(searcher.strength(), Some(Strength { elo: 1400, seed: 7 }));
/// searcher.set_strength(None); // full strength again
/// ```
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Strength {
    /// The Elo to play at, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub elo: u32,
    /// The seed of the choices among plausible moves: the same seed, the same choices.
    pub seed: u64,
}

/// One row of the calibration: at `elo`, search `nodes` nodes a move; with probability
/// `choose_per_mille`/1000 consider a second-best move, among those scoring within
/// `margin_cp` centipawns of the best.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Calibration {
    /// The setting.
    pub elo: u32,
    /// The node budget of one move.
    pub nodes: u64,
    /// How far below the best move's score a second-best move may lie, centipawns.
    pub margin_cp: i32,
    /// How often, per mille of moves, a second-best move is considered.
    pub choose_per_mille: u32,
}

const fn row(elo: u32, nodes: u64, margin_cp: i32, choose_per_mille: u32) -> Calibration {
    Calibration {
        elo,
        nodes,
        margin_cp,
        choose_per_mille,
    }
}

/// The calibration table, by rising Elo; settings between rows are interpolated (the
/// node budget geometrically, the margin and the rate linearly). Each row's budget was
/// measured against Stockfish 16 at the same `UCI_Elo` (`scripts/level_match.sh`; the
/// figures in docs/STRENGTH.md): the margins and rates are the table's earlier ones, the
/// budgets are new.
pub const CALIBRATION: [Calibration; 8] = [
    row(1200, 600, 150, 450),
    row(1400, 1_800, 120, 400),
    row(1600, 3_100, 90, 300),
    row(1800, 3_200, 60, 200),
    row(2000, 3_600, 40, 120),
    row(2200, 5_000, 20, 60),
    row(2400, 8_000, 10, 20),
    row(2600, 28_000, 0, 0),
];

/// How many principal variations a limited search keeps, to have second-best moves with
/// exact scores to choose from.
const LINES: usize = 4;

impl Strength {
    /// The Elo played at: the setting clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn clamped_elo(&self) -> u32 {
        self.elo.clamp(MIN_ELO, MAX_ELO)
    }

    /// The parameters at this Elo, interpolated between the rows of [`CALIBRATION`].
    pub fn calibration(&self) -> Calibration {
        let elo = self.clamped_elo();
        let upper = CALIBRATION
            .iter()
            .position(|r| r.elo >= elo)
            .unwrap_or(CALIBRATION.len() - 1)
            .max(1);
        let (lo, hi) = (CALIBRATION[upper - 1], CALIBRATION[upper]);
        let t = f64::from(elo - lo.elo) / f64::from(hi.elo - lo.elo);
        let linear = |a: f64, b: f64| a + (b - a) * t;
        let nodes = (lo.nodes as f64).ln() + ((hi.nodes as f64).ln() - (lo.nodes as f64).ln()) * t;
        Calibration {
            elo,
            nodes: nodes.exp().round() as u64,
            margin_cp: linear(f64::from(lo.margin_cp), f64::from(hi.margin_cp)).round() as i32,
            choose_per_mille: linear(
                f64::from(lo.choose_per_mille),
                f64::from(hi.choose_per_mille),
            )
            .round() as u32,
        }
    }

    /// Whether a second-best move is considered in `pos`: the first draw of the position's
    /// generator against the rate. Decided before the search, so that only those searches
    /// pay for several principal variations.
    pub(crate) fn considers_second_best(&self, pos: &Position) -> bool {
        let rate = self.calibration().choose_per_mille;
        below(&mut position_rng(self.seed, pos.key()), 1000) < u64::from(rate)
    }

    /// The limits of a search at this strength: the caller's, with the node budget (the
    /// smaller of the two) and, when a second-best move is considered, enough principal
    /// variations to choose from.
    pub(crate) fn limits(&self, limits: &Limits, considering: bool) -> Limits {
        let c = self.calibration();
        let mut limited = limits.clone();
        limited.nodes = Some(limits.nodes.map_or(c.nodes, |n| n.min(c.nodes)));
        if considering {
            limited.multi_pv = limited.multi_pv.max(LINES);
        }
        limited
    }

    /// The move to play in `pos`: `best`, or, when [`Strength::considers_second_best`],
    /// a plausible second-best move from `lines` (root moves and their exact scores, from
    /// the side to move's view) if there is one.
    pub(crate) fn choose(&self, pos: &Position, best: Move, lines: &[(Move, i32)]) -> Move {
        let c = self.calibration();
        let Some(best_score) = lines
            .iter()
            .find(|(m, _)| *m == best)
            .or(lines.first())
            .map(|&(_, s)| s)
        else {
            return best;
        };
        // A mate found is played; when being mated, the longest defence is kept.
        if best_score.abs() >= MATE_BOUND || lines.len() < 2 {
            return best;
        }
        let mut rng = position_rng(self.seed, pos.key());
        if below(&mut rng, 1000) >= u64::from(c.choose_per_mille) {
            return best;
        }
        let best_exposure = exposure_after(pos, best);
        let candidates: Vec<(Move, i64)> = lines
            .iter()
            .filter(|&&(m, s)| {
                m != best
                    && s > -MATE_BOUND
                    && best_score - s <= c.margin_cp
                    && is_safe(pos, m, best_exposure)
            })
            .map(|&(m, s)| (m, i64::from(c.margin_cp - (best_score - s)) + 1))
            .collect();
        let total: i64 = candidates.iter().map(|&(_, w)| w).sum();
        if total <= 0 {
            return best;
        }
        let mut pick = below(&mut rng, total as u64) as i64;
        for (m, w) in candidates {
            if pick < w {
                return m;
            }
            pick -= w;
        }
        best
    }
}

/// Whether a second-best move is one a sound player could make: it does not lose
/// material by SEE and leaves no more en prise than the best move does.
pub(crate) fn is_safe(pos: &Position, mv: Move, best_exposure: i32) -> bool {
    see_ge(pos, mv, 0) && exposure_after(pos, mv) <= best_exposure
}

/// What the opponent could win at once after `mv`: the largest SEE gain of a capture,
/// in coarse steps (0, a Pawn, a minor piece, a Rook, a Queen). Zero when `mv` leaves the
/// same side to move (a turn of several moves).
pub(crate) fn exposure_after(pos: &Position, mv: Move) -> i32 {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    if next.turn() == pos.turn() {
        return 0;
    }
    let mut captures = crate::types::MoveList::new();
    noisy_moves(&next, &mut captures);
    [900, 500, 300, 100, 1]
        .into_iter()
        .find(|&t| captures.iter().any(|&c| see_ge(&next, c, t)))
        .unwrap_or(0)
}

/// The generator of a choice in `pos`: the workspace's [`Rng`], seeded by the seed and
/// the position, its first number skipped.
fn position_rng(seed: u64, key: u64) -> Rng {
    let mut rng = Rng::new(seed ^ key.rotate_left(17));
    rng.next_u64();
    rng
}

/// A number in `0..n` (`n` > 0) by remainder, not [`Rng::below`]: the moves played at a
/// seed ("the same seed, the same moves") come from this exact draw.
fn below(rng: &mut Rng, n: u64) -> u64 {
    rng.next_u64() % n
}

/// Passes reports on and keeps the exact lines of the last completed depth.
pub(crate) struct LineRecorder<'a> {
    pub inner: &'a mut dyn Reporter,
    depth: u32,
    pub lines: Vec<(Move, i32, Vec<Move>)>,
}

impl<'a> LineRecorder<'a> {
    pub(crate) fn new(inner: &'a mut dyn Reporter) -> LineRecorder<'a> {
        LineRecorder {
            inner,
            depth: 0,
            lines: Vec::new(),
        }
    }
}

impl Reporter for LineRecorder<'_> {
    fn info(&mut self, info: &SearchInfo) {
        self.inner.info(info);
        if info.bound != Bound::Exact || info.pv.is_empty() {
            return;
        }
        if info.depth != self.depth {
            self.depth = info.depth;
            self.lines.clear();
        }
        let score = match info.score {
            super::score::Score::Cp(cp) => cp,
            super::score::Score::Mate(n) if n > 0 => super::score::MATE - (2 * n - 1),
            super::score::Score::Mate(n) => -super::score::MATE + 2 * -n,
        };
        self.lines.push((info.pv[0], score, info.pv.clone()));
    }
}

#[cfg(test)]
#[path = "strength_tests.rs"]
mod tests;
