//! The draw law of each rule set (docs/RULES.md §5), in one place: when a draw may be claimed
//! or holds at once (small functions that the search shares with
//! [`crate::Game::draw_claim`] and [`crate::session::Session`]), and what each ruling
//! says in words with the law it cites ([`DrawClaim::ruling`], [`no_claim`],
//! [`call::call_to_mate`]). Front ends only present these rulings; none holds a citation of its
//! own.
//!
//! Under every rule set:
//! - **Only the commencement of a turn counts.** "At the commencement of a turn to play,
//!   the men on the board as they then stand, constitute, for the time being, the
//!   'Position.'" (Am. I 16 (a)). A position passed through between the moves of a turn
//!   of several moves (Am. IV 4) is no turn's start: it is not compared for repetition,
//!   and no claim is made there (a claim is made "before touching a man", Am. II 8).
//! - **A turn of several moves is one move.** The odds give "two or more moves in one
//!   turn to play" (Am. IV 4); "Such several moves are to be collectively considered as
//!   the first move of the player accepting the odds." (Br. VI 5). So the fifty moves "on
//!   each side" (Am. II 8 (b)) count that turn once ([`Position::capture_clock`]).
//! - **A game that cannot be won is drawn at once**, as soon as neither side can mate by
//!   any legal moves ([`is_dead_position`]: no Pawn, Rook or Queen, and at most one minor
//!   piece, or only Bishops all on squares of one colour). "A game which, whatever legal
//!   moves are made, cannot be won, is called a "Drawn Game."" (Am. I 15 (c)); "If, from
//!   any reason, neither King can be captured, the game is drawn." (Br. II 9 (3); its
//!   Part III adds "When neither side can give \[mate\] the game is a Drawn Game.", where
//!   the OCR reads "give absolute"); FIDE 5.2.2. The Staunton code lists no such case under "DRAWN GAMES"; it says "It is the
//!   duty of the Umpire to determine all questions submitted to him according to these
//!   laws, when they apply, and according to his best judgment when they do not apply."
//!   We read that judgment as the American Code's I 15 (c), which docs/RULES.md follows where
//!   Staunton is silent, and cite "Staunton, The Umpire; Am. I 15 (c)". (A game that
//!   cannot be won ends in a draw by Staunton's own (b) or (c) anyway; drawing it at once
//!   changes no result.)
//!
//! The readings taken, per rule set:
//! - `american-1897` (II 8): fifty moves on each side without a capture (pawn moves do
//!   not reset the count: [`Position::capture_clock`]); repetition when the same men stand
//!   on the same squares (Am. I 16: castling and en passant chances do not enter) at the
//!   commencement of "more than one of his previous turns to play" (II 8 (c)): the third
//!   time, the same player to move.
//! - `staunton-1910` ("DRAWN GAMES"): (b) "fifty moves have been made on each side
//!   without a piece being captured". The Code's definitions say "When the word "man" or
//!   "men" is used, it is understood that it embraces both Pieces and Pawns", but it uses
//!   "piece" for any man where a Pawn must be meant: its odds rule III forbids the
//!   receiver of several moves to "advance any piece beyond his fourth rank", moves that
//!   are mostly Pawn moves. So a Pawn taken is "a piece being captured" and resets the
//!   count, as in the American Code. (c) "proves that the existing position has occurred
//!   at least twice before during the game": unlike Am. II 8 (c) ("more than one of his
//!   previous turns") it does not ask that the position stood at the claimant's turns, so
//!   the same men on the same squares at the commencement of a turn of either player
//!   count: the third occurrence, whoever was to move
//!   ([`RepetitionRule::SameMenEitherSideThirdTime`]).
//! - `fide`: fifty moves without a capture or pawn move; threefold repetition of the full
//!   position (castling and en passant rights included).
//! - `british-1894` (IV 11–12): the fifty-move rule is a *call to mate*: only the weak
//!   side (a lone King, or K+Q, K+R, K+B, K+N against equal or greater force, or K+2B,
//!   K+2N, K+B+N against K+Q, all without Pawns) may call on the opponent to mate within
//!   fifty moves on each side, and "If neither player wins within the fifty moves the
//!   game is drawn." The fifty moves run from the call, not from the last capture
//!   ([`Position::call_clock`]): in `morphy play` from the `call` the weak side gives
//!   ([`call::call_to_mate`], [`crate::Game::give_calls_by_command`]); over UCI, where no one can
//!   call, from the first position where a side could call (where the material first
//!   stood so). A call once made stands. Repetition is "three repetitions in
//!   succession": the position (men, side to move) occurs a third time and the line of
//!   play between the second and third occurrence is the same as between the first and
//!   second (the same cycle played twice in a row).
//!
//! The citations, per rule set:
//! - `american-1897`: repetition "Am. II 8 (c), I 16", fifty moves "Am. II 8 (b)", a game
//!   that cannot be won "Am. I 15 (c)".
//! - `fide`: repetition "FIDE 9.2", fifty moves "FIDE 9.3", dead position "FIDE 5.2.2".
//! - `british-1894`: repetition "Br. IV 11", call to mate "Br. IV 12", a game that cannot
//!   be won "Br. II 9 (3)". The draft reads: "11. A player shall be entitled to draw the
//!   game if his opponent repeats three times in succession a particular check, or series
//!   of checks, or the same line of play." and "12. A player may call upon his opponent
//!   to mate him within fifty moves on each side, whenever he has- A King alone on the
//!   board; ...". (Earlier copies of these words cited the two the other way round.)
//! - `staunton-1910`: the Code numbers no laws; its section "DRAWN GAMES" reads "A game is
//!   drawn— ... (b) Upon the proof by either player that fifty moves have been made on
//!   each side without a piece being captured. (c) When either player claims a draw upon
//!   his turn to play, and proves that the existing position has occurred at least twice
//!   before during the game. ... (e) When a stale-mate occurs." So repetition is cited
//!   "Staunton, Drawn Games (c)", fifty moves "Staunton, Drawn Games (b)", and a game
//!   that cannot be won "Staunton, The Umpire; Am. I 15 (c)". No Staunton ruling cites
//!   Am. II 8.
//! - An endless series of checks, proved by the claimant ([`endless_checks`]):
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

pub mod call;
pub mod endless_checks;
pub mod repetition;
pub mod ruling;

use crate::position::Position;
use crate::rules::{FiftyMoveRule, RepetitionRule, RuleSet};
use crate::types::{Bitboard, PieceKind};
use endless_checks::{Budget, Proof, Verdict};
use repetition::repetition_claimable;
use ruling::{
    claims_law, dead_position_law, endless_checks_law, fifty_moves_law, repetition_law, Ruling,
};

impl DrawClaim {
    /// What the claim is, in words, and its law, for the side to move of `pos` under the
    /// rule set in force.
    ///
    /// ```
    /// use engine::rules::draws::DrawClaim;
    /// use engine::{Position, Rules, RuleSet};
    /// let pos = Position::startpos(Rules::new(RuleSet::British1894));
    /// assert_eq!(DrawClaim::Repetition.ruling(&pos).law, "Br. IV 11");
    /// assert_eq!(DrawClaim::FiftyMoves.ruling(&pos).law, "Br. IV 12");
    /// assert_eq!(DrawClaim::DeadPosition.ruling(&pos).law, "Br. II 9 (3)");
    /// ```
    pub fn ruling(self, pos: &Position) -> Ruling {
        let side = pos.turn();
        let rules = pos.rules();
        match self {
            // RULE(repetition): the reading of "the same position".
            DrawClaim::Repetition => Ruling {
                words: match rules.repetition {
                    RepetitionRule::SameMenThirdTime => format!(
                        "the same men stand on the same squares with {side} to move for the third time"
                    ),
                    RepetitionRule::SameMenEitherSideThirdTime => {
                        "the same men stand on the same squares at the start of a turn for the third time"
                            .to_string()
                    }
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
                words: match rules.set {
                    RuleSet::Fide => "neither side can possibly mate: a dead position",
                    RuleSet::British1894 => "neither King can be mated, whatever moves are made",
                    RuleSet::American1897 | RuleSet::Staunton1910 => {
                        "the game cannot be won, whatever legal moves are made"
                    }
                }
                .to_string(),
                law: dead_position_law(rules.set),
            },
            // RULE(endless_checks)
            DrawClaim::EndlessChecks => Ruling {
                words: format!(
                    "every defence of {} is answered by a check until the position recurs: {side} can subject the adverse King to an endless series of checks",
                    !pos.turn()
                ),
                law: endless_checks_law(rules.set),
            },
        }
    }
}

/// Why the proof of an endless series of checks by the side to move of `pos` failed, in
/// words; `None` when it did not fail.
pub fn endless_checks_refusal(proof: Proof, budget: Budget, pos: &Position) -> Option<String> {
    let side = pos.turn();
    let other = !pos.turn();
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
    let law = claims_law(pos.rules().set);
    if !pos.at_turn_start() {
        return Ruling {
            words: "no draw can be claimed inside a turn of several moves: a claim is made before touching a man, at the commencement of a turn".to_string(),
            law,
        };
    }
    // RULE(fifty_moves): which clock counts.
    let count = match pos.rules().fifty_moves {
        FiftyMoveRule::WithoutCapture => format!(
            "{} of the 100 half-moves without a capture the fifty-move rule needs",
            pos.capture_clock()
        ),
        FiftyMoveRule::WithoutCaptureOrPawnMove => format!(
            "{} of the 100 half-moves without a capture or Pawn move the fifty-move rule needs",
            pos.halfmove_clock()
        ),
        FiftyMoveRule::CallToMate => match pos.call_clock() {
            Some(turns) => {
                format!("{turns} of the 100 half-moves since the call to mate have been played")
            }
            None => "no call to mate stands".to_string(),
        },
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
        words: format!("no draw can be claimed now: {count}{rest}"),
        law,
    }
}

/// The draw that holds in `pos` or that its side to move may claim, given the repetition
/// keys of the positions at the commencement of each turn so far ([`repetition::turn_start_keys`],
/// the current position's last): see [`crate::Game::draw_claim`]. The claims that are
/// counted come first; an endless series of checks is proved last, within
/// [`Budget::CLAIM`].
pub fn draw_claim(pos: &Position, keys: &[u64]) -> Option<DrawClaim> {
    if is_dead_position(pos) {
        return Some(DrawClaim::DeadPosition);
    }
    if !pos.at_turn_start() {
        return None;
    }
    if fifty_move_claimable(pos) {
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

/// A draw that may be claimed, or, for a game that cannot be won, that holds at once.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum DrawClaim {
    /// The fifty-move rule of the rule set in force (under `british-1894`: the weak side's
    /// call to mate ran out).
    FiftyMoves,
    /// Repetition, by the rule set's reading of "the same position".
    Repetition,
    /// Neither side can mate, whatever legal moves are made: drawn at once (Am. I 15 (c),
    /// Br. II 9 (3), FIDE 5.2.2; Staunton by its Umpire's law).
    DeadPosition,
    /// The claimant proves that he can subject the adverse King to an endless series of
    /// checks ([`endless_checks`]; `american-1897`, `staunton-1910`).
    EndlessChecks,
}

/// Fifty moves on each side, in half-moves (turns).
const FIFTY_MOVES: u32 = 100;

/// Whether the side to move may claim a draw by the fifty-move rule of the rule set in
/// force: at the commencement of a turn, when the count has reached fifty moves on each
/// side (a turn of several moves counted once), unless the last move mated.
#[inline]
pub fn fifty_move_claimable(pos: &Position) -> bool {
    // RULE(fifty_moves)
    let due = match pos.rules().fifty_moves {
        FiftyMoveRule::WithoutCapture => pos.capture_clock() >= FIFTY_MOVES,
        FiftyMoveRule::WithoutCaptureOrPawnMove => pos.halfmove_clock() >= FIFTY_MOVES,
        FiftyMoveRule::CallToMate => pos.call_clock().is_some_and(|t| t >= FIFTY_MOVES),
    };
    due && pos.at_turn_start() && (!pos.in_check() || pos.has_legal_moves())
}

/// The dark squares (a1 is dark).
const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

/// Whether neither side can possibly mate, whatever legal moves are made: K v K, K+minor
/// v K, and any position whose only men besides the Kings are Bishops all on squares of
/// one colour (K+B v K+B so, or K+B+B v K). A draw at once under every rule set
/// ([`DrawClaim::DeadPosition`]). A few bitboard tests: cheap enough for every node.
#[inline]
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

#[cfg(test)]
mod tests;
