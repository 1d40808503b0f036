//! `Game`: a start position and the moves played from it, with every position kept, so
//! that repetitions and the move count can be judged; and the draw rules of each rule set
//! (CODE.md §5) as small functions that the search shares. No notation and no I/O here.
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

use crate::position::Position;
use crate::rules::{FiftyMoveRule, RepetitionRule};
use crate::types::{Bitboard, Color, Move, PieceKind};

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

/// Under the British draft (IV 11): the side that may call on its opponent to mate
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
        // RULE(repetition): "three repetitions in succession" (Br. IV 12).
        RepetitionRule::ThreeInSuccession => {
            let (second, first) = (matches[0], matches[1]);
            let last = keys.len() - 1;
            last - second == second - first && keys[second..last] == keys[first..second]
        }
    }
}

/// A game in progress: the start and the moves since.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The position now.
    pub fn current(&self) -> &Position {
        self.positions.last().expect("a game always has its start")
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Every position from the start to now, the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move after checking it is legal.
    pub fn try_play(&mut self, mv: Move) -> Result<(), crate::position::IllegalMove> {
        let mut next = self.current().clone();
        next.try_play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// The repetition keys of every position so far ([`repetition_key`]), the current last.
    pub fn repetition_keys(&self) -> Vec<u64> {
        self.positions.iter().map(repetition_key).collect()
    }

    /// A draw the player to move may claim now under the rule set in force, if any.
    /// Checkmate and stalemate are not claims and are not reported here.
    ///
    /// ```
    /// use engine::{game::DrawClaim, Game, Position, Rules, RuleSet, Setup};
    /// // Ninety-nine moves without a capture but with pawn moves, then one more.
    /// let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 99 80";
    /// for (set, claim) in [(RuleSet::American1897, Some(DrawClaim::FiftyMoves)), (RuleSet::Fide, None)] {
    ///     let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::new(set)).unwrap();
    ///     let mut game = Game::new(pos);
    ///     game.try_play(game.current().parse_uci_move("e2e4").unwrap()).unwrap();
    ///     assert_eq!(game.draw_claim(), claim);
    /// }
    /// ```
    pub fn draw_claim(&self) -> Option<DrawClaim> {
        let pos = self.current();
        if pos.rules().dead_position_is_draw && is_dead_position(pos) {
            return Some(DrawClaim::DeadPosition);
        }
        if fifty_move_claimable(pos) && (!pos.in_check() || pos.has_legal_moves()) {
            return Some(DrawClaim::FiftyMoves);
        }
        let keys = self.repetition_keys();
        let window = pos.halfmove_clock() as usize;
        repetition_claimable(&keys, window, pos.rules().repetition).then_some(DrawClaim::Repetition)
    }

    /// Plays a moves list in UCI notation, where `0000` is the giver's pass: accepted
    /// only between the receiver's moves of a turn of several moves (Am. IV 4), right
    /// after a move that leaves the same side to move. Stops at the first move that
    /// cannot be played, with its index and why; the moves before it stay played.
    ///
    /// ```
    /// use engine::{position::illegal::PlayUciError, Game, Odds, Position, Rules};
    /// let rules = Rules::default();
    /// let start = || Game::new(Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap());
    /// assert!(start().play_uci_list(&["e2e4", "0000", "d2d4"]).is_ok());
    /// let err = start().play_uci_list(&["e2e4", "0000", "0000"]).unwrap_err();
    /// assert_eq!(err, (2, PlayUciError::MisplacedPass));
    /// ```
    pub fn play_uci_list<S: AsRef<str>>(
        &mut self,
        moves: &[S],
    ) -> Result<(), (usize, crate::position::illegal::PlayUciError)> {
        use crate::position::illegal::PlayUciError;
        // Whether the last token was a real move after which the same side still moves.
        let mut pass_allowed = false;
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let pos = self.current();
            if text == "0000" {
                if pass_allowed && pos.in_multi_move_turn() {
                    pass_allowed = false;
                    continue;
                }
                return Err((i, PlayUciError::MisplacedPass));
            }
            let mv = match pos.parse_uci_move(text) {
                Ok(mv) => mv,
                Err(crate::notation::UciMoveError::Malformed(_)) => {
                    return Err((i, PlayUciError::Malformed));
                }
                Err(crate::notation::UciMoveError::Illegal(_)) => {
                    return Err((i, PlayUciError::Illegal(pos.why_illegal(text))));
                }
            };
            let mover = pos.turn();
            if self.try_play(mv).is_err() {
                return Err((i, PlayUciError::Illegal(self.current().why_illegal(text))));
            }
            pass_allowed = self.current().turn() == mover;
        }
        Ok(())
    }
}

/// A game from `fen` under `set` with the UCI `moves` played (tests of this crate).
#[cfg(test)]
pub(crate) fn game_from(fen: &str, set: crate::RuleSet, moves: &[&str]) -> Game {
    let setup = crate::Setup::from_fen(fen, false).unwrap();
    let mut game = Game::new(Position::from_setup(&setup, crate::Rules::new(set)).unwrap());
    for m in moves {
        let mv = game.current().parse_uci_move(m).unwrap();
        game.try_play(mv).unwrap();
    }
    game
}

#[cfg(test)]
mod tests {
    use super::game_from as game;
    use super::*;
    use crate::RuleSet;

    #[test]
    fn pawn_moves_do_not_reset_the_codes_fifty_moves() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 99 80";
        for set in [RuleSet::American1897, RuleSet::Staunton1910] {
            assert_eq!(
                game(fen, set, &["e2e4"]).draw_claim(),
                Some(DrawClaim::FiftyMoves)
            );
        }
        assert_eq!(game(fen, RuleSet::Fide, &["e2e4"]).draw_claim(), None);
        assert_eq!(
            game(fen, RuleSet::Fide, &["e1d1"]).draw_claim(),
            Some(DrawClaim::FiftyMoves)
        );
    }

    #[test]
    fn british_call_to_mate_needs_a_weak_side() {
        // A lone King may call: the count runs out.
        let lone = "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80";
        assert_eq!(
            game(lone, RuleSet::British1894, &["a1a2"]).draw_claim(),
            Some(DrawClaim::FiftyMoves)
        );
        // Both sides with Pawns: nobody may call, the game goes on.
        let pawns = "4k3/4p3/8/8/8/8/4P3/R3K3 w - - 99 80";
        assert_eq!(
            game(pawns, RuleSet::British1894, &["a1a2"]).draw_claim(),
            None
        );
        assert_eq!(
            game(pawns, RuleSet::American1897, &["a1a2"]).draw_claim(),
            Some(DrawClaim::FiftyMoves)
        );
    }

    #[test]
    fn the_code_ignores_castling_rights_when_comparing_positions() {
        // The first occurrence still had White's castling right; the Code does not care.
        let fen = "k7/8/8/8/8/8/8/4K2R w K - 0 1";
        let moves = [
            "e1f1", "a8b8", "f1e1", "b8a8", "e1f1", "a8b8", "f1e1", "b8a8",
        ];
        assert_eq!(
            game(fen, RuleSet::American1897, &moves).draw_claim(),
            Some(DrawClaim::Repetition)
        );
        assert_eq!(game(fen, RuleSet::Fide, &moves).draw_claim(), None);
        let mut more = moves.to_vec();
        more.extend(["e1f1", "a8b8", "f1e1", "b8a8"]);
        assert_eq!(
            game(fen, RuleSet::Fide, &more).draw_claim(),
            Some(DrawClaim::Repetition)
        );
    }

    #[test]
    fn british_repetition_must_come_in_succession() {
        let fen = "k7/8/8/8/8/8/8/4K2R w - - 0 1";
        // Two different cycles back to the start: a third occurrence, not in succession.
        let moves = [
            "e1f1", "a8b8", "f1e1", "b8a8", "e1d1", "a8a7", "d1e1", "a7a8",
        ];
        assert_eq!(
            game(fen, RuleSet::American1897, &moves).draw_claim(),
            Some(DrawClaim::Repetition)
        );
        assert_eq!(game(fen, RuleSet::British1894, &moves).draw_claim(), None);
        let same = [
            "e1f1", "a8b8", "f1e1", "b8a8", "e1f1", "a8b8", "f1e1", "b8a8",
        ];
        assert_eq!(
            game(fen, RuleSet::British1894, &same).draw_claim(),
            Some(DrawClaim::Repetition)
        );
    }

    #[test]
    fn only_fide_knows_dead_positions() {
        let fen = "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1";
        assert_eq!(
            game(fen, RuleSet::Fide, &[]).draw_claim(),
            Some(DrawClaim::DeadPosition)
        );
        assert_eq!(game(fen, RuleSet::American1897, &[]).draw_claim(), None);
    }
}
