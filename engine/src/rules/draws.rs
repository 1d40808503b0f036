//! The draw law of each rule set (CODE.md §5), in one place: when a draw may be claimed
//! (small functions that the search shares with [`crate::Game::draw_claim`]), and what
//! each ruling says in words with the law it cites ([`DrawClaim::ruling`], [`no_claim`]).
//! Front ends only present these rulings; none holds a citation of its own.
//!
//! The readings taken, per rule set:
//! - `american-1897` (II 8), `staunton-1910`: fifty moves on each side without a capture
//!   (pawn moves do not reset the count: [`Position::capture_clock`]); repetition when the
//!   same men stand on the same squares with the same player to move (Am. I 16: castling
//!   and en passant chances do not enter) for the third time.
//! - `fide`: fifty moves without a capture or pawn move; threefold repetition of the full
//!   position (castling and en passant rights included); a dead position (neither side can
//!   mate: K v K, K+minor v K, K+B v K+B with bishops on one colour) is drawn at once.
//! - `british-1894` (IV 11–12): the fifty-move rule is a *call to mate*: only the weak
//!   side (a lone King, or K+Q, K+R, K+B, K+N against equal or greater force, or K+2B,
//!   K+2N, K+B+N against K+Q, all without Pawns) may call on the opponent to mate within
//!   fifty moves each. We read the call as made as soon as the material stands so and
//!   count from the last capture, so the draw comes when that side is weak and the
//!   capture count reaches fifty moves each. Repetition is "three repetitions in
//!   succession": the position (men, side to move) occurs a third time and the line of
//!   play between the second and third occurrence is the same as between the first and
//!   second (the same cycle played twice in a row).

//!
//! The citations, per rule set:
//! - `american-1897`: repetition "Am. II 8 (c), I 16", fifty moves "Am. II 8 (b)".
//! - `fide`: repetition "FIDE 9.2", fifty moves "FIDE 9.3", dead position "FIDE 5.2.2".
//! - `british-1894`: repetition "Br. IV 11", call to mate "Br. IV 12". The draft reads:
//!   "11. A player shall be entitled to draw the game if his opponent repeats three times
//!   in succession a particular check, or series of checks, or the same line of play."
//!   and "12. A player may call upon his opponent to mate him within fifty moves on each
//!   side, whenever he has- A King alone on the board; ...". (Earlier copies of these
//!   words cited the two the other way round.)
//! - `staunton-1910`: the Code numbers no laws; its section "DRAWN GAMES" reads "A game is
//!   drawn— ... (b) Upon the proof by either player that fifty moves have been made on
//!   each side without a piece being captured. (c) When either player claims a draw upon
//!   his turn to play, and proves that the existing position has occurred at least twice
//!   before during the game. ... (e) When a stale-mate occurs." So repetition is cited
//!   "Staunton, Drawn Games (c)" and fifty moves "Staunton, Drawn Games (b)".
//! - An endless series of checks, proved by the claimant ([`super::endless_checks`]):
//!   "Am. II 8 (d)" ("... proves that, should the game continue, he can subject the
//!   adverse King to an endless series of checks.") and "Staunton, Drawn Games (d)"
//!   ("When either player claims a draw and demonstrates that he can subject the opposing
//!   King to an endless series of checks."). The British draft and FIDE have no such
//!   claim: a series of checks is drawn there as a repetition (Br. III 4 (1), IV 11;
//!   FIDE 9.2), and those laws are cited should the claim be worded under them.
//!
//! Where the earlier copies (the UCI findings and `morphy play`) disagreed, the words and
//! sub-articles of `morphy play` were kept: "Am. II 8 (c)" and "(b)" name the clause of
//! II 8 that applies, and the shorter words read both as a finding and inside a result.

use std::fmt;

use crate::position::Position;
use crate::rules::endless_checks::{self, Budget, Proof, Verdict};
use crate::rules::{FiftyMoveRule, RepetitionRule, RuleSet};
use crate::types::{Bitboard, Color, PieceKind};

/// A ruling in words with the law it rests on.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Ruling {
    /// The ruling in words, without the law.
    pub words: String,
    /// The law cited, e.g. `Am. II 8 (b)`.
    pub law: &'static str,
}

impl fmt::Display for Ruling {
    /// `words (law)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.words, self.law)
    }
}

/// "White" or "Black".
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The law of a draw by repetition under `set`.
pub const fn repetition_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (c), I 16",
        RuleSet::Fide => "FIDE 9.2",
        RuleSet::British1894 => "Br. IV 11",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (c)",
    }
}

/// The law of a draw by the count of moves under `set` (British: the call to mate).
pub const fn fifty_moves_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (b)",
        RuleSet::Fide => "FIDE 9.3",
        RuleSet::British1894 => "Br. IV 12",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (b)",
    }
}

/// The law of a draw by an endless series of checks under `set` (where there is no such
/// claim, the law by which a series of checks is drawn as a repetition).
pub const fn endless_checks_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (d)",
        RuleSet::Fide => "FIDE 9.2",
        RuleSet::British1894 => "Br. III 4 (1), IV 11",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (d)",
    }
}

/// The law of a dead position (only `fide` knows it).
pub const DEAD_POSITION_LAW: &str = "FIDE 5.2.2";

/// The laws that say when a draw may be claimed, cited when none may be.
pub const fn claims_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (b), (c), (d)",
        RuleSet::Fide => "FIDE 9.2, 9.3",
        RuleSet::British1894 => "Br. IV 11, 12",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (b), (c), (d)",
    }
}

impl DrawClaim {
    /// What the claim is, in words, and its law, for the side to move of `pos` under the
    /// rule set in force.
    ///
    /// ```
    /// use engine::game::DrawClaim;
    /// use engine::{Position, Rules, RuleSet};
    /// let pos = Position::startpos(Rules::new(RuleSet::British1894));
    /// assert_eq!(DrawClaim::Repetition.ruling(&pos).law, "Br. IV 11");
    /// assert_eq!(DrawClaim::FiftyMoves.ruling(&pos).law, "Br. IV 12");
    /// ```
    pub fn ruling(self, pos: &Position) -> Ruling {
        let side = color_name(pos.turn());
        let rules = pos.rules();
        match self {
            // RULE(repetition): the reading of "the same position".
            DrawClaim::Repetition => Ruling {
                words: match rules.repetition {
                    RepetitionRule::SameMenThirdTime => format!(
                        "the same men stand on the same squares with {side} to move for the third time"
                    ),
                    RepetitionRule::SamePositionAndRightsThirdTime => {
                        "the same position with the same rights has occurred three times"
                            .to_string()
                    }
                    RepetitionRule::ThreeInSuccession => {
                        "the same line of play has been repeated three times in succession"
                            .to_string()
                    }
                },
                law: repetition_law(rules.set),
            },
            // RULE(fifty_moves): what resets the count.
            DrawClaim::FiftyMoves => Ruling {
                words: match rules.fifty_moves {
                    FiftyMoveRule::WithoutCapture => {
                        "fifty moves on each side without a capture".to_string()
                    }
                    FiftyMoveRule::WithoutCaptureOrPawnMove => {
                        "fifty moves on each side without a capture or a Pawn move".to_string()
                    }
                    FiftyMoveRule::CallToMate => {
                        "the weaker side's call to mate within fifty moves has run out".to_string()
                    }
                },
                law: fifty_moves_law(rules.set),
            },
            DrawClaim::DeadPosition => Ruling {
                words: "neither side can possibly mate: a dead position".to_string(),
                law: DEAD_POSITION_LAW,
            },
            // RULE(endless_checks)
            DrawClaim::EndlessChecks => Ruling {
                words: format!(
                    "every defence of {} is answered by a check until the position recurs: {side} can subject the adverse King to an endless series of checks",
                    color_name(!pos.turn())
                ),
                law: endless_checks_law(rules.set),
            },
        }
    }
}

/// Why the proof of an endless series of checks by the side to move of `pos` failed, in
/// words; `None` when it did not fail.
pub fn endless_checks_refusal(proof: Proof, budget: Budget, pos: &Position) -> Option<String> {
    let side = color_name(pos.turn());
    let other = color_name(!pos.turn());
    Some(match proof.verdict {
        Verdict::Proved => return None,
        Verdict::NoCheck => format!("{side} has no check to give"),
        Verdict::Escapes => {
            format!("whatever check {side} gives, {other}'s King escapes the checks")
        }
        Verdict::MateOnly => format!("{side} can mate, and a mate is no endless series of checks"),
        Verdict::OutOfBudget => format!(
            "none proved within lines of {} half-moves and {} positions",
            budget.max_plies, budget.max_nodes
        ),
    })
}

/// Why no draw may be claimed in `pos` now, with the count of the fifty-move rule.
pub fn no_claim(pos: &Position) -> Ruling {
    // RULE(fifty_moves): which clock counts.
    let (clock, what) = match pos.rules().fifty_moves {
        FiftyMoveRule::WithoutCapture => (pos.capture_clock(), "without a capture"),
        FiftyMoveRule::WithoutCaptureOrPawnMove => {
            (pos.halfmove_clock(), "without a capture or Pawn move")
        }
        FiftyMoveRule::CallToMate => (
            pos.capture_clock(),
            "without a capture, with a side that may call to mate",
        ),
    };
    // RULE(endless_checks): why no series of checks was proved, where it may be claimed.
    let checks = pos
        .rules()
        .endless_checks_claim
        .then(|| {
            endless_checks_refusal(
                endless_checks::prove(pos, Budget::CLAIM),
                Budget::CLAIM,
                pos,
            )
        })
        .flatten();
    let rest = match checks {
        Some(why) => format!(", no repetition, and no endless series of checks: {why}"),
        None => ", and no repetition".to_string(),
    };
    Ruling {
        words: format!(
            "no draw can be claimed now: {clock} of the 100 half-moves {what} the fifty-move rule needs{rest}"
        ),
        law: claims_law(pos.rules().set),
    }
}

/// The draw the side to move of `pos` may claim, given the repetition keys of the game
/// so far (`keys`, the current position's last): see [`crate::Game::draw_claim`]. The
/// claims that are counted come first; an endless series of checks is proved last, within
/// [`Budget::CLAIM`].
pub fn draw_claim(pos: &Position, keys: &[u64]) -> Option<DrawClaim> {
    if dead_position_drawn(pos) {
        return Some(DrawClaim::DeadPosition);
    }
    if fifty_move_claimable(pos) && (!pos.in_check() || pos.has_legal_moves()) {
        return Some(DrawClaim::FiftyMoves);
    }
    let window = pos.halfmove_clock() as usize;
    if repetition_claimable(keys, window, pos.rules().repetition) {
        return Some(DrawClaim::Repetition);
    }
    // RULE(endless_checks)
    let proved = || endless_checks::prove(pos, Budget::CLAIM).verdict == Verdict::Proved;
    (pos.rules().endless_checks_claim && proved()).then_some(DrawClaim::EndlessChecks)
}

/// Whether `pos` is drawn at once as a dead position under the rule set in force.
pub fn dead_position_drawn(pos: &Position) -> bool {
    pos.rules().dead_position_is_draw && is_dead_position(pos)
}

/// A draw that may be claimed (or, for a dead position under `fide`, that holds at once).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum DrawClaim {
    /// The fifty-move rule of the rule set in force (under `british-1894`: the weak side's
    /// call to mate ran out).
    FiftyMoves,
    /// Repetition, by the rule set's reading of "the same position".
    Repetition,
    /// Neither side can mate (`fide` only).
    DeadPosition,
    /// The claimant proves that he can subject the adverse King to an endless series of
    /// checks ([`super::endless_checks`]; `american-1897`, `staunton-1910`).
    EndlessChecks,
}

/// Fifty moves on each side, in half-moves.
const FIFTY_MOVES: u32 = 100;

/// The key under which the rule set compares positions for repetition: the men on their
/// squares and the side to move (the Code, Am. I 16), or the full key with castling and
/// en passant rights (`fide`).
#[inline]
pub fn repetition_key(pos: &Position) -> u64 {
    // RULE(repetition): what makes two positions "identical".
    match pos.rules().repetition {
        RepetitionRule::SamePositionAndRightsThirdTime => pos.key(),
        RepetitionRule::SameMenThirdTime | RepetitionRule::ThreeInSuccession => pos.men_key(),
    }
}

/// Whether the side to move may claim a draw by the fifty-move rule of the rule set in
/// force. A checkmate on the last move still wins: callers test for mate first.
#[inline]
pub fn fifty_move_claimable(pos: &Position) -> bool {
    // RULE(fifty_moves)
    match pos.rules().fifty_moves {
        FiftyMoveRule::WithoutCapture => pos.capture_clock() >= FIFTY_MOVES,
        FiftyMoveRule::WithoutCaptureOrPawnMove => pos.halfmove_clock() >= FIFTY_MOVES,
        FiftyMoveRule::CallToMate => {
            pos.capture_clock() >= FIFTY_MOVES && call_to_mate_side(pos).is_some()
        }
    }
}

/// Under the British draft (IV 12): the side that may call on its opponent to mate
/// within fifty moves, if either may. The material test does not look at the rule set.
pub fn call_to_mate_side(pos: &Position) -> Option<Color> {
    Color::ALL.into_iter().find(|&c| is_weak_side(pos, c))
}

fn is_weak_side(pos: &Position, weak: Color) -> bool {
    const VALUE: [u32; 6] = [1, 3, 3, 5, 9, 0];
    let count = |c: Color, k: PieceKind| pos.pieces_of(c, k).len();
    let force = |c: Color| {
        PieceKind::ALL
            .iter()
            .map(|&k| count(c, k) * VALUE[k as usize])
            .sum::<u32>()
    };
    let strong = !weak;
    if count(weak, PieceKind::Pawn) > 0 {
        return false;
    }
    let pieces = pos.colors(weak) - pos.pieces(PieceKind::King);
    match pieces.len() {
        0 => true,
        1 => force(strong) >= force(weak),
        2 => {
            let minors = count(weak, PieceKind::Knight) + count(weak, PieceKind::Bishop);
            minors == 2 && count(strong, PieceKind::Queen) > 0
        }
        _ => false,
    }
}

/// The dark squares (a1 is dark).
const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

/// Whether neither side can possibly mate (K v K, K+minor v K, K+B v K+B with the Bishops
/// on squares of one colour). Only `fide` makes this a draw
/// ([`crate::Rules::dead_position_is_draw`]).
pub fn is_dead_position(pos: &Position) -> bool {
    let heavy =
        pos.pieces(PieceKind::Pawn) | pos.pieces(PieceKind::Rook) | pos.pieces(PieceKind::Queen);
    if heavy.is_nonempty() {
        return false;
    }
    let minors = pos.pieces(PieceKind::Knight) | pos.pieces(PieceKind::Bishop);
    if minors.len() <= 1 {
        return true;
    }
    let bishops = pos.pieces(PieceKind::Bishop);
    pos.pieces(PieceKind::Knight).is_empty()
        && ((bishops & DARK).is_empty() || (bishops - DARK).is_empty())
}

/// Whether the last key of `keys` (the position now) makes a repetition claimable, given
/// that only the last `window` earlier keys can possibly match (the position before a
/// capture or pawn move never comes back).
pub fn repetition_claimable(keys: &[u64], window: usize, rule: RepetitionRule) -> bool {
    let Some((&now, earlier)) = keys.split_last() else {
        return false;
    };
    let first = earlier.len().saturating_sub(window);
    let matches: Vec<usize> = (first..earlier.len())
        .rev()
        .filter(|&i| earlier[i] == now)
        .take(2)
        .collect();
    if matches.len() < 2 {
        return false;
    }
    match rule {
        RepetitionRule::SameMenThirdTime | RepetitionRule::SamePositionAndRightsThirdTime => true,
        // RULE(repetition): "three repetitions in succession" (Br. IV 11).
        RepetitionRule::ThreeInSuccession => {
            let (second, first) = (matches[0], matches[1]);
            let last = keys.len() - 1;
            last - second == second - first && keys[second..last] == keys[first..second]
        }
    }
}
