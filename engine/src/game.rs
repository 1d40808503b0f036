//! `Game`: a start position and the moves played from it, with every position kept, so
//! that repetitions and the move count can be judged. The draw law itself (what may be
//! claimed, in words, with its law) is [`crate::rules::draws`]; no notation and no I/O here.

use crate::position::Position;
use crate::rules::draws::call::call_to_mate;
use crate::rules::draws::repetition::turn_start_keys;
use crate::rules::draws::ruling::Ruling;
use crate::rules::draws::{self, DrawClaim};
use crate::types::{Color, Move};

/// A game in progress: the start and the moves since.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Whether the British call to mate (Br. IV 12) is given by a player's command
    /// ([`Game::call_to_mate`]) rather than deemed made at the first chance.
    calls_by_command: bool,
}

impl Game {
    /// A game starting from `start`. Under the British draft the weaker side's call to
    /// mate is deemed made at the first position where it could call (no player can say
    /// so over UCI), unless [`Game::give_calls_by_command`] is set.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            calls_by_command: false,
        }
    }

    /// From now on the British call to mate (Br. IV 12: "A player may call upon his
    /// opponent to mate him within fifty moves on each side") is made only by a player's
    /// command, [`Game::call_to_mate`], as in `morphy play`: no call stands until one is
    /// given, and the fifty moves run from it.
    pub fn give_calls_by_command(&mut self) {
        self.calls_by_command = true;
        for pos in &mut self.positions {
            pos.set_call_clock(None);
        }
    }

    /// `by` calls on the opponent to mate within fifty moves on each side (Br. IV 12):
    /// the ruling in words with its law, and, when granted, the count starts now.
    ///
    /// # Errors
    /// The refusal with its law ([`call_to_mate`]).
    pub fn call_to_mate(&mut self, by: Color) -> Result<Ruling, Ruling> {
        let granted = call_to_mate(self.current(), by)?;
        if let Some(now) = self.positions.last_mut() {
            now.set_call_clock(Some(0));
        }
        Ok(granted)
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
        if self.calls_by_command && self.current().call_clock().is_none() {
            // RULE(fifty_moves): no call was given, so none stands (Br. IV 12).
            next.set_call_clock(None);
        }
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

    /// The repetition keys ([`draws::repetition::repetition_key`]) of the positions so far that stand at the
    /// commencement of a turn (Am. I 16 (a)), the current last if it does.
    pub fn repetition_keys(&self) -> Vec<u64> {
        turn_start_keys(&self.positions)
    }

    /// A draw the player to move may claim now under the rule set in force, or a game
    /// that cannot be won ([`DrawClaim::DeadPosition`], drawn at once), if any.
    /// Checkmate and stalemate are not claims and are not reported here.
    ///
    /// ```
    /// use engine::{rules::draws::DrawClaim, Game, Position, Rules, RuleSet, Setup};
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
        draws::draw_claim(self.current(), &self.repetition_keys())
    }

    /// Plays a moves list in UCI notation, where `0000` is the giver's pass: accepted
    /// only between the receiver's moves of a turn of several moves (Am. IV 4), right
    /// after a move that leaves the same side to move. Stops at the first move that
    /// cannot be played, with its index and why; the moves before it stay played.
    ///
    /// ```
    /// use engine::{position::move_refusal::PlayUciError, Game, Odds, Position, Rules};
    /// let rules = Rules::default();
    /// let start = || Game::new(Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap());
    /// assert!(start().play_uci_list(&["e2e4", "0000", "d2d4"]).is_ok());
    /// let err = start().play_uci_list(&["e2e4", "0000", "0000"]).unwrap_err();
    /// assert_eq!(err, (2, PlayUciError::MisplacedPass));
    /// ```
    pub fn play_uci_list<S: AsRef<str>>(
        &mut self,
        moves: &[S],
    ) -> Result<(), (usize, crate::position::move_refusal::PlayUciError)> {
        use crate::position::move_refusal::PlayUciError;
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
                Err(crate::notation::uci::UciMoveError::Malformed(_)) => {
                    return Err((i, PlayUciError::Malformed));
                }
                Err(crate::notation::uci::UciMoveError::Illegal(_)) => {
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
pub(crate) fn game_from(fen: &str, set: crate::rules::RuleSet, moves: &[&str]) -> Game {
    let setup = crate::setup::Setup::from_fen(fen, false).unwrap();
    let mut game = Game::new(Position::from_setup(&setup, crate::rules::Rules::new(set)).unwrap());
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
    use crate::rules::RuleSet;

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
    fn every_code_draws_a_game_that_cannot_be_won_am_i_15_c_br_ii_9_3() {
        // White's King takes the last Rook: K+B v K, drawn at once under every rule set.
        let fen = "4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1";
        for set in RuleSet::ALL {
            assert_eq!(game(fen, set, &[]).draw_claim(), None, "{set}");
            assert_eq!(
                game(fen, set, &["e1d2"]).draw_claim(),
                Some(DrawClaim::DeadPosition),
                "{set}"
            );
        }
    }

    #[test]
    fn a_call_given_by_command_runs_from_the_call_and_is_undone_with_it_br_iv_12() {
        // Black promotes: White's K+R against K+Q may call, but in a game whose calls
        // are given by command none stands until White calls.
        let mut g = game(
            "4k3/8/8/8/8/8/p7/4K2R b - - 100 80",
            RuleSet::British1894,
            &[],
        );
        g.give_calls_by_command();
        for m in ["a2a1q", "e1e2"] {
            let mv = g.current().parse_uci_move(m).unwrap();
            g.try_play(mv).unwrap();
        }
        assert_eq!(g.current().call_clock(), None);
        assert_eq!(g.draw_claim(), None);
        let mv = g.current().parse_uci_move("a1a2").unwrap();
        g.try_play(mv).unwrap();
        assert!(g.call_to_mate(Color::White).is_ok());
        for m in ["e2e1", "a2a1"] {
            let mv = g.current().parse_uci_move(m).unwrap();
            g.try_play(mv).unwrap();
        }
        assert_eq!(g.current().call_clock(), Some(2));
        for _ in 0..3 {
            g.undo();
        }
        assert_eq!(g.current().call_clock(), None, "the call was taken back");
    }

    #[test]
    fn am_ii_8_d_staunton_drawn_games_d_an_endless_series_of_checks_is_claimed() {
        // White checks on e8 and h5 for ever (Kh7, Kg8): see rules::draws::endless_checks.
        let fen = "6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 w - - 0 1";
        for (set, claim) in [
            (RuleSet::American1897, Some(DrawClaim::EndlessChecks)),
            (RuleSet::Staunton1910, Some(DrawClaim::EndlessChecks)),
            // Br. III 4 (1), IV 11: a series of checks is drawn once repeated three times.
            (RuleSet::British1894, None),
            // FIDE 9.2: by repetition only.
            (RuleSet::Fide, None),
        ] {
            assert_eq!(game(fen, set, &[]).draw_claim(), claim, "{set:?}");
        }
        // Black, to move, has no check: the claim is the side to move's.
        let black = "6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 b - - 0 1";
        assert_eq!(game(black, RuleSet::American1897, &[]).draw_claim(), None);
        // Once the series has gone round three times it is also a repetition, which
        // the Code counts first.
        let moves = [
            "e1e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7", "e8h5",
            "h7g8",
        ];
        assert_eq!(
            game(fen, RuleSet::American1897, &moves).draw_claim(),
            Some(DrawClaim::Repetition)
        );
    }
}
