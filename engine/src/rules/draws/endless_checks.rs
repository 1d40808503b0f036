//! The proof of "an endless series of checks", the draw a player may claim when he shows
//! that he can keep the adverse King in check for ever (docs/RULES.md §5).
//!
//! The law:
//! - Am. II 8 (d): "A game is treated as drawn if, before touching a man, the player
//!   whose turn it is to play claims that the game be treated as drawn, and proves that,
//!   should the game continue, he can subject the adverse King to an endless series of
//!   checks."
//! - Staunton, Drawn Games (d): "A game is drawn— ... (d) When either player claims a
//!   draw and demonstrates that he can subject the opposing King to an endless series of
//!   checks."
//! - The American preface says why the words are not "Perpetual Check": "we have
//!   substituted for "Perpetual Check" — a phrase somewhat ambiguous, as checkmate might
//!   be included under it — the phrase "an endless series of checks."" A mate is therefore
//!   no endless series of checks.
//! - The British draft has no such claim: "Perpetual Check occurs when either King is
//!   subjected to a recurring series of checks. If this series is repeated three times,
//!   the game is drawn." (Br. III 4 (1)), and "A player shall be entitled to draw the
//!   game if his opponent repeats three times in succession a particular check, or series
//!   of checks, or the same line of play." (Br. IV 11). Both judge checks *played* on the
//!   board, three times in succession: the repetition claim of the British draft
//!   ([`crate::RepetitionRule::ThreeInSuccession`]) already judges that, so nothing is
//!   proved here. FIDE knows perpetual check only as a repetition (FIDE 9.2).
//!
//! The proof ([`prove`]): the claimant is the side to move. He must give check with every
//! move of his, and every defence of the opponent (every legal move, be it a King's
//! flight, an interposition or a capture of the checking man) must be answered by a check
//! of his again, until a position recurs within the line: the same men on the same
//! squares with the same player to move (Am. I 16), and the same castling rights, so that
//! the series can go round again as before. (Between two such positions no Pawn moved and
//! nothing was taken, so no new en passant chance can arise; the castling rights are
//! compared so that no castling the series relies on is lost on the way round.) Then the
//! claimant has a way of checking that never ends.
//!
//! A defence the opponent can make, after which the claimant has no check that continues
//! the series, is an *escape*: the claim fails. A defence after which the claimant mates
//! is no escape: the defender cannot get out of the checks by walking into a mate, and
//! would choose the endless checks instead. But a series in which *every* line ends in
//! mate is a mate, not an endless series of checks (the preface above): the claim is
//! proved only when at least one line the defender may choose recurs. Nor does a mate the
//! claimant could give instead of a check spoil his proof: he proves what he claims.
//!
//! The search is bounded by a [`Budget`]: a number of half-moves along any line and a
//! number of positions examined in all. When either runs out before the proof is
//! complete, the claim is not proved. The search deepens one cycle at a time (lines of
//! 5, 7, ... half-moves), so the shortest series is found first, and it keeps what it has
//! learnt between lines: a position from which the defender escapes, or from which the
//! claimant keeps checking with no help from the line that led there, is remembered by
//! its key.

use std::collections::HashMap;

use super::repetition::repetition_key;
use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{Color, MoveList};

/// How much the proof may search.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Budget {
    /// The longest line, in half-moves from the position of the claim.
    pub max_plies: u32,
    /// The most positions examined in all (every position reached by a move counts once
    /// each time it is reached).
    pub max_nodes: u32,
}

impl Budget {
    /// The budget of a claim: lines of up to 16 half-moves (eight checks) and 20,000
    /// positions. A plain perpetual is proved in some 100 positions (about 0.01 ms in a
    /// release build); a search that spends the whole budget takes under a millisecond
    /// (a few on a loaded machine), so that a claim can be judged with every UCI
    /// `position` command.
    pub const CLAIM: Budget = Budget {
        max_plies: 16,
        max_nodes: 20_000,
    };
}

/// What the proof found.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Verdict {
    /// Every defence is answered by a check until a position recurs: the claim holds.
    Proved,
    /// The claimant has no check to give.
    NoCheck,
    /// Whatever check the claimant gives, the defender has a move after which the checks
    /// stop.
    Escapes,
    /// The claimant can force mate, but no line of his checks recurs: a mate, not an
    /// endless series of checks.
    MateOnly,
    /// The budget ran out before the proof was complete.
    OutOfBudget,
}

/// The verdict and what it cost.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Proof {
    /// What was found.
    pub verdict: Verdict,
    /// Positions examined.
    pub nodes: u32,
    /// The line length of the last search, in half-moves.
    pub plies: u32,
}

/// Whether the side to move of `pos` can subject the adverse King to an endless series
/// of checks, within `budget`. The rule set is not consulted: whether the claim exists
/// is [`crate::Rules::endless_checks_claim`].
///
/// ```
/// use engine::rules::draws::endless_checks::{prove, Budget, Verdict};
/// use engine::{Position, Rules, Setup};
/// // White, a Queen and a Rook down, checks on e8 and h5 for ever: Kh7, Kg8.
/// let fen = "6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 w - - 0 1";
/// let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap();
/// assert_eq!(prove(&pos, Budget::CLAIM).verdict, Verdict::Proved);
/// ```
pub fn prove(pos: &Position, budget: Budget) -> Proof {
    let mut search = Search {
        claimant: pos.turn(),
        budget,
        nodes: 0,
        path: Vec::new(),
        known: HashMap::new(),
    };
    // A turn of several moves (Am. IV 4) gives no check the opponent must answer.
    let checks = if pos.in_multi_move_turn() {
        Vec::new()
    } else {
        search.checks(pos)
    };
    if checks.is_empty() {
        return Proof {
            verdict: Verdict::NoCheck,
            nodes: search.nodes,
            plies: 0,
        };
    }
    // A mate found stays found in longer lines; an escape holds whatever the length.
    let mut best = Value::Unknown;
    let mut plies = FIRST_PLIES.min(budget.max_plies);
    loop {
        let value = search.attack(pos, &checks, plies).value;
        best = if value == Value::Escaped {
            value
        } else {
            best.max(value)
        };
        let decided = matches!(value, Value::Endless | Value::Escaped);
        if decided || plies >= budget.max_plies || search.spent() {
            break;
        }
        plies = (plies + 2).min(budget.max_plies);
    }
    let verdict = match best {
        Value::Endless => Verdict::Proved,
        Value::Mated => Verdict::MateOnly,
        Value::Escaped => Verdict::Escapes,
        Value::Unknown => Verdict::OutOfBudget,
    };
    Proof {
        verdict,
        nodes: search.nodes,
        plies,
    }
}

/// The shortest line in which a position can recur: check, flight, check, flight, and the
/// defender to move again (four half-moves bring back the claimant's turn at the earliest).
const FIRST_PLIES: u32 = 5;

/// What a position is worth to the claimant, worst first. `Mated` and `Endless` both mean
/// the defender cannot escape. The claimant takes the best of his checks
/// ([`Search::attack`]); against the defender, one escape (or one defence not decided)
/// decides, and otherwise the value is `Endless` when any defence recurs and `Mated` when
/// every defence is mated ([`Search::defend`]).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd)]
enum Value {
    /// The defender escapes the checks, whatever the line so far.
    Escaped,
    /// Not decided within the budget.
    Unknown,
    /// Every line ends in mate.
    Mated,
    /// The defender cannot escape and at least one line he may choose recurs.
    Endless,
}

/// A value with the shallowest position on the line that its proof relies on (a
/// recurrence of it); `usize::MAX` when it relies on none.
#[derive(Copy, Clone, Debug)]
struct Outcome {
    value: Value,
    low: usize,
}

impl Outcome {
    const fn of(value: Value) -> Outcome {
        Outcome {
            value,
            low: usize::MAX,
        }
    }
}

/// A position's identity for recurrence: the repetition key of the rule set (the men, the
/// squares and the player to move, Am. I 16) and the castling rights.
type Identity = (u64, u8);

fn identity(pos: &Position) -> Identity {
    let mut rights = 0u8;
    for (i, (color, side)) in [
        (Color::White, CastleSide::King),
        (Color::White, CastleSide::Queen),
        (Color::Black, CastleSide::King),
        (Color::Black, CastleSide::Queen),
    ]
    .into_iter()
    .enumerate()
    {
        if pos.has_castling_right(color, side) {
            rights |= 1 << i;
        }
    }
    (repetition_key(pos), rights)
}

/// One proof search.
struct Search {
    claimant: Color,
    budget: Budget,
    nodes: u32,
    /// The positions of the line being examined, the root first.
    path: Vec<Identity>,
    /// Positions decided whatever the line that led to them, by full key.
    known: HashMap<u64, Value>,
}

impl Search {
    /// The positions the claimant's checks in `pos` (his turn) lead to.
    fn checks(&mut self, pos: &Position) -> Vec<Position> {
        let mut out = Vec::new();
        for &mv in &pos.legal_moves() {
            let next = pos.played(mv);
            self.nodes += 1;
            if next.turn() != self.claimant && next.in_check() {
                out.push(next);
            }
        }
        out
    }

    /// Whether the budget is spent.
    fn spent(&self) -> bool {
        self.nodes >= self.budget.max_nodes
    }

    /// The value of `pos`, the claimant to move with `checks`, searching `plies` more
    /// half-moves at most.
    fn attack(&mut self, pos: &Position, checks: &[Position], plies: u32) -> Outcome {
        if let Some(found) = self.recalled(pos) {
            return found;
        }
        if checks.is_empty() {
            return self.learn(pos, Outcome::of(Value::Escaped));
        }
        if plies == 0 || self.spent() {
            return Outcome::of(Value::Unknown);
        }
        // The checks that leave the fewest defences first; a mate is kept in reserve.
        let mut ordered: Vec<(&Position, MoveList)> = checks
            .iter()
            .map(|next| (next, next.legal_moves()))
            .collect();
        ordered.sort_by_key(|(_, defences)| defences.len());
        let ply = self.path.len();
        self.path.push(identity(pos));
        let mut best = Outcome::of(Value::Escaped);
        for (next, defences) in ordered {
            let found = if defences.is_empty() {
                Outcome::of(Value::Mated)
            } else {
                self.defend(next, &defences, plies - 1)
            };
            if found.value > best.value {
                best = found;
            }
            if best.value == Value::Endless {
                break;
            }
        }
        self.path.pop();
        self.settle(pos, ply, best)
    }

    /// The value of `pos`, the defender to move (in check) with `defences`.
    fn defend(&mut self, pos: &Position, defences: &MoveList, plies: u32) -> Outcome {
        if let Some(found) = self.recalled(pos) {
            return found;
        }
        if plies == 0 || self.spent() {
            return Outcome::of(Value::Unknown);
        }
        // Every defence first looked at for an escape at once: no check in reply.
        let mut replies = Vec::with_capacity(defences.len());
        for &mv in defences {
            let next = pos.played(mv);
            self.nodes += 1;
            if next.turn() == self.claimant {
                let checks = self.checks(&next);
                if checks.is_empty() {
                    let escaped = Outcome::of(Value::Escaped);
                    self.learn(&next, escaped);
                    return self.learn(pos, escaped);
                }
                replies.push((next, checks));
            } else {
                // A defender's turn of several moves is no defence the series can answer.
                return Outcome::of(Value::Unknown);
            }
        }
        replies.sort_by_key(|(_, checks)| checks.len());
        let ply = self.path.len();
        self.path.push(identity(pos));
        let mut worst = Outcome::of(Value::Mated);
        for (next, checks) in &replies {
            let found = self.attack(next, checks, plies - 1);
            match found.value {
                Value::Escaped | Value::Unknown => {
                    worst = found;
                    break;
                }
                Value::Endless if worst.value == Value::Mated => worst = found,
                _ => {}
            }
            worst.low = worst.low.min(found.low);
        }
        self.path.pop();
        self.settle(pos, ply, worst)
    }

    /// A recurrence of a position on the line (the series goes round), or what is known
    /// of the position whatever the line.
    fn recalled(&self, pos: &Position) -> Option<Outcome> {
        let me = identity(pos);
        if let Some(at) = self.path.iter().position(|&p| p == me) {
            return Some(Outcome {
                value: Value::Endless,
                low: at,
            });
        }
        self.known.get(&pos.key()).map(|&value| Outcome::of(value))
    }

    /// Remembers `found` for `pos` when it holds whatever the line that led there: an
    /// escape always; a success whose recurrences all lie at or below `pos` (at `ply`).
    fn settle(&mut self, pos: &Position, ply: usize, found: Outcome) -> Outcome {
        let independent = match found.value {
            Value::Escaped => true,
            Value::Unknown => false,
            Value::Mated | Value::Endless => found.low >= ply,
        };
        if independent {
            self.known.insert(pos.key(), found.value);
        }
        found
    }

    fn learn(&mut self, pos: &Position, found: Outcome) -> Outcome {
        self.known.insert(pos.key(), found.value);
        found
    }
}

#[cfg(test)]
mod tests;
