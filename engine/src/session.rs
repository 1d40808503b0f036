//! [`Session`]: one game as every front end plays it — which game is played (a
//! [`GameSpec`]), the moves and turns, draw claims granted or refused with their law,
//! offers, resignation, and the result with its law. Front ends (the terminal game, the
//! UCI server, a web board) read input and draw; what a move, a claim or an ending
//! means is decided here, by the law of [`crate::rules::draws`] and
//! [`crate::rules::outcome`]. No I/O here.
//!
//! ```
//! use engine::session::Session;
//! use engine::{GameSpec, Game, Position, RuleSet};
//! let spec = GameSpec::new(RuleSet::British1894);
//! let mut s = Session::new(spec, Game::new(Position::startpos(spec.rules()))).unwrap();
//! for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
//!     let mv = s.game().current().parse_uci_move(m).unwrap();
//!     s.play(mv).unwrap();
//! }
//! let granted = s.claim().unwrap();
//! assert_eq!(granted.law, "Br. IV 11");
//! assert_eq!(s.verdict().result, "1/2-1/2");
//! ```

use crate::game::Game;
use crate::rules::draws::ruling::{fifty_moves_law, Ruling};
use crate::rules::draws::{self, DrawClaim};
use crate::rules::odds::{self, OddsGiver, OddsTerms};
use crate::rules::outcome::{self, marked_man_laws, Ending, Verdict};
use crate::rules::spec::GameSpec;
use crate::types::{Color, Move, Square};

/// Why a move was not played.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PlayError {
    /// The game is over.
    Over,
    /// Not a legal move in the position.
    Illegal(Move),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Over => f.write_str("the game is over"),
            PlayError::Illegal(mv) => write!(f, "illegal move {mv:?}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why no turn was taken back ([`Session::take_back_turn`]).
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum TakeBackError {
    /// The game is over.
    Over,
    /// The side has made no move yet.
    NoMove,
}

impl std::fmt::Display for TakeBackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TakeBackError::Over => "the game is over: its moves stand",
            TakeBackError::NoMove => "you have made no move to take back",
        })
    }
}

impl std::error::Error for TakeBackError {}

/// One game under a [`GameSpec`], from its start to its result.
#[derive(Clone, Debug)]
pub struct Session {
    spec: GameSpec,
    game: Game,
    offer: Option<Color>,
    ending: Option<Ending>,
}

impl Session {
    /// A session of the game `spec` from the (already validated) start of `game`.
    ///
    /// # Errors
    /// A ruling with its law when the spec cannot be played from this start: a mate
    /// condition that names no man of the giver's, or binds nobody
    /// ([`crate::rules::odds::MateCondition::check_start`]).
    pub fn new(spec: GameSpec, mut game: Game) -> Result<Session, Ruling> {
        spec.mate_condition.check_start(
            game.start(),
            spec.giver(),
            marked_man_laws(spec.rule_set),
        )?;
        // RULE(fifty_moves): in a session the weaker side gives its call to mate (Br. IV 12).
        game.give_calls_by_command();
        Ok(Session {
            spec,
            game,
            offer: None,
            ending: None,
        })
    }

    /// Which game is played.
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// The game: the start, the moves, every position.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The odds terms in force.
    pub fn terms(&self) -> OddsTerms {
        self.spec.terms()
    }

    /// The side giving the odds, if any.
    pub fn giver(&self) -> Option<Color> {
        self.spec.giver()
    }

    /// Where the giver's marked man stands now (a mate with a particular man only).
    pub fn marked(&self) -> Option<Square> {
        odds::marked_now(self.spec.mate_condition, &self.game)
    }

    /// The legal moves of the side to move.
    pub fn moves(&self) -> Vec<Move> {
        self.game.current().legal_moves().to_vec()
    }

    /// Plays a move for the side to move. A draw offered by the other side lapses.
    ///
    /// # Errors
    /// When the game is over or the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.ending.is_some() {
            return Err(PlayError::Over);
        }
        let mover = self.game.current().turn();
        self.game
            .try_play(mv)
            .map_err(|e| PlayError::Illegal(e.0))?;
        if self.offer.is_some_and(|by| by != mover) {
            self.offer = None;
        }
        Ok(())
    }

    /// Takes back the last move, if any, while the game goes on.
    pub fn undo(&mut self) -> Option<Move> {
        if self.ending.is_some() {
            return None;
        }
        self.offer = None;
        self.game.undo()
    }

    /// Why `side` could not take back a turn now, if he could not
    /// ([`Session::take_back_turn`]).
    pub fn no_take_back(&self, side: Color) -> Option<TakeBackError> {
        let made = self.game.moves().len();
        if self.ending.is_some() {
            Some(TakeBackError::Over)
        } else if !self.game.positions()[..made]
            .iter()
            .any(|p| p.turn() == side)
        {
            Some(TakeBackError::NoMove)
        } else {
            None
        }
    }

    /// Takes back `side`'s last turn and the opponent's moves since, and answers the
    /// moves taken back, oldest first (the position before them is the game's current
    /// one). A courtesy of friendly play, outside the law: under the Code a move is
    /// "complete" when the player "has quitted the transferred man" (Am. I 14 B (a)),
    /// and a complete move stands.
    ///
    /// # Errors
    /// When the game is over, or `side` has made no move to take back.
    pub fn take_back_turn(&mut self, side: Color) -> Result<Vec<Move>, TakeBackError> {
        if let Some(why) = self.no_take_back(side) {
            return Err(why);
        }
        let made_by = |game: &Game| -> Option<Color> {
            let n = game.moves().len();
            (n > 0).then(|| game.positions()[n - 1].turn())
        };
        let mut taken = Vec::new();
        while made_by(&self.game) == Some(!side) {
            taken.extend(self.undo());
        }
        while made_by(&self.game) == Some(side) {
            taken.extend(self.undo());
        }
        taken.reverse();
        Ok(taken)
    }

    /// A draw the side to move may claim now, in words with its law (a dead position is
    /// no claim: it ends the game at once, [`Session::natural_ending`]).
    pub fn claimable(&self) -> Option<(DrawClaim, Ruling)> {
        let claim = self.game.draw_claim()?;
        (claim != DrawClaim::DeadPosition).then(|| (claim, claim.ruling(self.game.current())))
    }

    /// The side to move claims a draw.
    ///
    /// # Errors
    /// The refusal in words with its law when no draw may be claimed now.
    pub fn claim(&mut self) -> Result<Ruling, Ruling> {
        match self.game.draw_claim() {
            Some(claim) if self.ending.is_none() => {
                self.ending = Some(Ending::Claimed(claim));
                Ok(claim.ruling(self.game.current()))
            }
            _ => Err(draws::no_claim(self.game.current())),
        }
    }

    /// `by` calls on the opponent to mate within fifty moves on each side (Br. IV 12,
    /// "A player may call upon his opponent to mate him within fifty moves on each side,
    /// whenever he has- A King alone on the board; ..."): from now on the fifty moves run,
    /// and when they are played without a win the draw may be claimed.
    ///
    /// # Errors
    /// The refusal in words with its law: the game is over, the rule set knows no call,
    /// a call stands already, or `by` lacks the material that lets a player call.
    pub fn call_to_mate(&mut self, by: Color) -> Result<Ruling, Ruling> {
        if self.ending.is_some() {
            return Err(Ruling {
                words: "no call to mate: the game is over".to_string(),
                law: fifty_moves_law(self.spec.rule_set),
            });
        }
        self.game.call_to_mate(by)
    }

    /// `by` resigns; the game ends.
    pub fn resign(&mut self, by: Color) {
        if self.ending.is_none() {
            self.ending = Some(Ending::Resigned(by));
        }
    }

    /// `by`'s time ran out on the clock: he forfeits (Am. II 10; Br. IV 18; Staunton, Time
    /// Limit; FIDE 6.9, which draws when the opponent has only his King).
    pub fn time_forfeit(&mut self, by: Color) {
        if self.ending.is_none() {
            self.ending = Some(Ending::TimeForfeit(by));
        }
    }

    /// `by` offers a draw; it stands until the opponent accepts it or plays a move.
    pub fn offer_draw(&mut self, by: Color) {
        if self.ending.is_none() {
            self.offer = Some(by);
        }
    }

    /// The side whose draw offer stands, if any.
    pub fn offer(&self) -> Option<Color> {
        self.offer
    }

    /// `by` accepts the opponent's standing offer: the game is drawn by agreement.
    /// Returns whether there was such an offer.
    pub fn accept_draw(&mut self, by: Color) -> bool {
        if self.ending.is_some() || self.offer != Some(!by) {
            return false;
        }
        self.ending = Some(Ending::Agreed);
        true
    }

    /// A checkmate, a stalemate, or a game that cannot be won (Am. I 15 (c), Br. II 9 (3),
    /// FIDE 5.2.2; Staunton by its Umpire's law), which end the game without a claim; or
    /// the giver's marked man lost, which leaves him only to forfeit (Am. IV 8).
    pub fn natural_ending(&self) -> Option<Ending> {
        if let Err(how) = odds::mark_history(self.spec.mate_condition, &self.game) {
            if self.giver().is_some() {
                return Some(Ending::ConditionLost(how));
            }
        }
        let pos = self.game.current();
        if !pos.has_legal_moves() {
            return Some(if pos.in_check() {
                Ending::Checkmate
            } else {
                Ending::Stalemate
            });
        }
        draws::is_dead_position(pos).then_some(Ending::DeadPosition)
    }

    /// Ends the game if the board ends it ([`Session::natural_ending`]); returns the
    /// ending, if the game is over.
    pub fn settle(&mut self) -> Option<Ending> {
        if self.ending.is_none() {
            self.ending = self.natural_ending();
        }
        self.ending
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The result and its reason with the law (`*` while the game goes on).
    pub fn verdict(&self) -> Verdict {
        outcome::verdict(
            self.ending.unwrap_or(Ending::Unfinished),
            self.game.current(),
            self.terms(),
            self.marked(),
        )
    }

    /// The PGN tags that say which game was played (after the seven-tag roster):
    /// `Rules`, and with odds `Odds`, `OddsGiver`, `DrawOdds`, `MateCondition`
    /// ([`crate::pgn::spec_tags`]).
    pub fn pgn_tags(&self) -> Vec<(&'static str, String)> {
        crate::pgn::spec_tags(&self.spec)
    }
}

/// The giver named explicitly, so that a spec keeps who gives when the odds start says
/// nobody does (odds terms without odds of men).
pub const fn named_giver(giver: Option<Color>) -> OddsGiver {
    match giver {
        Some(Color::White) => OddsGiver::White,
        Some(Color::Black) => OddsGiver::Black,
        None => OddsGiver::Nobody,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::odds::{MarkLost, MateCondition};
    use crate::{Odds, Position, RuleSet, Setup};

    fn session(fen: &str, spec: GameSpec) -> Session {
        let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), spec.rules());
        Session::new(spec, Game::new(pos.unwrap())).unwrap()
    }

    #[test]
    fn a_take_back_takes_a_whole_turn_and_the_replies_am_iv_4() {
        // Two moves' odds: White's first turn is two moves (Am. IV 4).
        let rules = crate::Rules::new(RuleSet::American1897);
        let start = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
        let spec = GameSpec::new(RuleSet::American1897);
        let mut s = Session::new(spec, Game::new(start)).unwrap();
        assert_eq!(s.take_back_turn(Color::White), Err(TakeBackError::NoMove));
        let mut played = Vec::new();
        for m in ["e2e4", "d2d4", "e7e5", "g1f3"] {
            let mv = s.game().current().parse_uci_move(m).unwrap();
            played.push(mv);
            s.play(mv).unwrap();
        }
        assert_eq!(s.take_back_turn(Color::Black).map(|t| t.len()), Ok(2));
        assert_eq!(s.game().moves().len(), 2);
        // White's whole turn of two moves goes back at once.
        assert_eq!(s.take_back_turn(Color::White), Ok(played[..2].to_vec()));
        assert_eq!(s.game().moves().len(), 0);
        s.resign(Color::Black);
        assert_eq!(s.take_back_turn(Color::White), Err(TakeBackError::Over));
    }

    #[test]
    fn claims_are_granted_or_refused_with_the_law() {
        let spec = GameSpec::new(RuleSet::Staunton1910);
        let mut s = session("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", spec);
        let refused = s.claim().unwrap_err();
        assert_eq!(refused.law, "Staunton, Drawn Games (b), (c), (d)");
        assert!(s.ending().is_none());
        let mut s = session("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80", spec);
        assert_eq!(s.claim().unwrap().law, "Staunton, Drawn Games (b)");
        assert!(s.play(s.moves()[0]).is_err());
        assert!(s.verdict().reason.ends_with("(Staunton, Drawn Games (b))"));
    }

    #[test]
    fn am_ii_8_d_an_endless_series_of_checks_is_granted_only_when_proved() {
        let spec = GameSpec::new(RuleSet::American1897);
        // White checks on e8 and h5 for ever (Kh7, Kg8).
        let mut s = session("6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 w - - 0 1", spec);
        let (claim, ruling) = s.claimable().unwrap();
        assert_eq!(claim, DrawClaim::EndlessChecks);
        assert_eq!(ruling.law, "Am. II 8 (d)");
        let granted = s.claim().unwrap();
        assert_eq!(granted, ruling);
        let v = s.verdict();
        assert_eq!(v.result, "1/2-1/2");
        assert_eq!(
            v.reason,
            "White claims a draw: every defence of Black is answered by a check until the position recurs: White can subject the adverse King to an endless series of checks (Am. II 8 (d))"
        );
        // Every check of the Queen on e7 loses her (Qe8+ Rxe8, Qxf7+ Kxf7, ...).
        let mut s = session("r5k1/4Qppp/8/8/8/8/5PPP/6K1 w - - 0 1", spec);
        assert!(s.claimable().is_none());
        let refused = s.claim().unwrap_err();
        assert_eq!(refused.law, "Am. II 8 (b), (c), (d)");
        assert!(
            refused.words.ends_with(
                "no endless series of checks: whatever check White gives, Black's King escapes the checks"
            ),
            "{}",
            refused.words
        );
        assert!(s.ending().is_none());
    }

    #[test]
    fn offers_lapse_with_a_move_and_agreement_draws() {
        let mut s = session(
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            GameSpec::new(RuleSet::American1897),
        );
        s.offer_draw(Color::White);
        assert!(!s.accept_draw(Color::White));
        let mv = s.game().current().parse_uci_move("e2e3").unwrap();
        s.play(mv).unwrap();
        assert_eq!(s.offer(), Some(Color::White));
        let mv = s.game().current().parse_uci_move("e8d8").unwrap();
        s.play(mv).unwrap();
        assert_eq!(s.offer(), None);
        s.offer_draw(Color::White);
        assert!(s.accept_draw(Color::Black));
        let v = s.verdict();
        assert_eq!(v.result, "1/2-1/2");
        assert_eq!(v.reason, "the players agree to a draw (Am. II 8 (a))");
    }

    #[test]
    fn the_marked_pawn_must_stand_br_vi_4() {
        let spec = GameSpec {
            rule_set: RuleSet::British1894,
            odds: Odds::None,
            giver: OddsGiver::White,
            mate_condition: MateCondition::Pawn(Square::G7),
            ..GameSpec::default()
        };
        let pos = Position::startpos(spec.rules());
        let err = Session::new(spec, Game::new(pos)).unwrap_err();
        assert_eq!(err.law, "Br. VI 4");
        let mut s = session("4k3/6P1/8/8/8/8/8/4K3 w - - 0 1", spec);
        s.resign(Color::White);
        assert_eq!(s.verdict().reason, "White resigns (Br. IV 16)");
        assert_eq!(
            s.pgn_tags(),
            [
                ("Rules", "british-1894".to_string()),
                ("OddsGiver", "White".to_string()),
                ("MateCondition", "pawn:g7".to_string())
            ]
        );
    }

    #[test]
    fn a_marked_pawn_that_promotes_or_is_taken_leaves_the_giver_to_forfeit_am_iv_6_8() {
        let spec = GameSpec {
            giver: OddsGiver::White,
            mate_condition: MateCondition::Pawn(Square::G7),
            ..GameSpec::default()
        };
        // Promoted: the Queen it became is not the marked Pawn (Am. IV 6).
        let mut s = session("k7/6P1/8/8/8/8/8/4K3 w - - 0 1", spec);
        let mv = s.game().current().parse_uci_move("g7g8q").unwrap();
        s.play(mv).unwrap();
        assert_eq!(s.marked(), None);
        assert_eq!(
            s.settle(),
            Some(Ending::ConditionLost(MarkLost::Promoted(Square::G8)))
        );
        let v = s.verdict();
        assert_eq!(v.result, "0-1");
        assert!(v.reason.contains("promoted on g8"), "{}", v.reason);
        assert!(
            v.reason.ends_with("forfeits the game (Am. IV 6, 8)"),
            "{}",
            v.reason
        );
        // Taken by the receiver.
        let mut s = session(
            "k5r1/8/8/8/8/8/6P1/4K3 b - - 0 1",
            GameSpec {
                mate_condition: MateCondition::Pawn(Square::G2),
                ..spec
            },
        );
        assert!(s.settle().is_none());
        let mv = s.game().current().parse_uci_move("g8g2").unwrap();
        s.play(mv).unwrap();
        assert_eq!(
            s.settle(),
            Some(Ending::ConditionLost(MarkLost::Captured(Square::G2)))
        );
        assert_eq!(s.verdict().result, "0-1");
    }

    #[test]
    fn a_mate_with_a_particular_man_staunton_odds_i() {
        let spec = GameSpec {
            rule_set: RuleSet::Staunton1910,
            odds: Odds::Rook,
            mate_condition: MateCondition::Man(Square::G1),
            ..GameSpec::default()
        };
        let start = Position::from_setup(&spec.start(), spec.rules()).unwrap();
        assert!(Session::new(spec, Game::new(start.clone())).is_ok());
        // Not the giver's man, an empty square, the King, a Pawn named as `pawn:`.
        for (condition, words) in [
            (
                MateCondition::Man(Square::G8),
                "is Black's, not a man of White",
            ),
            (MateCondition::Man(Square::E4), "no man stands on e4"),
            (MateCondition::Man(Square::E1), "a King cannot give check"),
            (MateCondition::Pawn(Square::G1), "is a Knight, not a Pawn"),
            (MateCondition::Pawn(Square::E7), "is Black's"),
        ] {
            let spec = GameSpec {
                mate_condition: condition,
                ..spec
            };
            let err = Session::new(spec, Game::new(start.clone())).unwrap_err();
            assert!(err.words.contains(words), "{condition}: {}", err.words);
            assert!(err.law.starts_with("Staunton odds I"), "{}", err.law);
        }
        // Nobody gives odds: the condition binds nobody (Am. IV 8).
        let spec = GameSpec {
            odds: Odds::None,
            giver: OddsGiver::Nobody,
            mate_condition: MateCondition::Square(Square::E8),
            ..GameSpec::new(RuleSet::American1897)
        };
        let err = Session::new(spec, Game::new(Position::startpos(spec.rules()))).unwrap_err();
        assert_eq!(err.law, "Am. IV 8");
    }

    #[test]
    fn a_game_that_cannot_be_won_ends_at_once_and_draw_odds_give_it_to_the_receiver_am_i_15_c() {
        let fen = "4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1";
        let take = |s: &mut Session| {
            let mv = s.game().current().parse_uci_move("e1d2").unwrap();
            s.play(mv).unwrap();
            s.settle()
        };
        let mut plain = session(fen, GameSpec::new(RuleSet::British1894));
        assert_eq!(take(&mut plain), Some(Ending::DeadPosition));
        assert_eq!(plain.verdict().result, "1/2-1/2");
        assert_eq!(
            plain.verdict().reason,
            "neither King can be mated, whatever moves are made (Br. II 9 (3))"
        );
        let odds = GameSpec {
            giver: OddsGiver::White,
            draw_odds: true,
            ..GameSpec::new(RuleSet::American1897)
        };
        let mut s = session(fen, odds);
        assert_eq!(take(&mut s), Some(Ending::DeadPosition));
        let v = s.verdict();
        assert_eq!(v.result, "0-1");
        assert!(
            v.reason.starts_with(
                "the game cannot be won, whatever legal moves are made (Am. I 15 (c)); by the odds terms the draw is a loss for White, the giver"
            ),
            "{}",
            v.reason
        );
    }

    #[test]
    fn the_fifty_moves_run_from_the_weak_sides_call_br_iv_12() {
        // Black's lone King has not called: no draw however long the game goes on.
        let spec = GameSpec::new(RuleSet::British1894);
        let mut s = session("4k3/8/8/8/8/8/8/R3K3 w - - 99 60", spec);
        let shuffle = ["a1a2", "e8d8", "a2a1", "d8e8"];
        let mut played = 0;
        let mut play = |s: &mut Session, n: usize| {
            for _ in 0..n {
                let m = shuffle[played % shuffle.len()];
                let mv = s.game().current().parse_uci_move(m).unwrap();
                s.play(mv).unwrap();
                played += 1;
            }
        };
        play(&mut s, 4);
        assert_eq!(
            s.claim().unwrap_err().to_string(),
            "no draw can be claimed now: no call to mate stands, and no repetition (Br. IV 11, 12)"
        );
        assert!(s.call_to_mate(Color::White).is_err());
        let call = s.call_to_mate(Color::Black).unwrap();
        assert_eq!(
            call.to_string(),
            "Black calls on White to mate within fifty moves on each side (Br. IV 12)"
        );
        play(&mut s, 99);
        assert_ne!(s.game().draw_claim(), Some(DrawClaim::FiftyMoves));
        play(&mut s, 1);
        assert_eq!(s.claimable().map(|c| c.0), Some(DrawClaim::FiftyMoves));
        let granted = s.claim().unwrap();
        assert_eq!(granted.law, "Br. IV 12");
        assert_eq!(s.verdict().result, "1/2-1/2");
    }

    #[test]
    fn time_runs_out_am_ii_10_br_iv_18_fide_6_9() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let mut s = session(fen, GameSpec::new(RuleSet::British1894));
        s.time_forfeit(Color::Black);
        let v = s.verdict();
        assert_eq!(v.result, "1-0");
        assert_eq!(
            v.reason,
            "Black's time ran out: Black forfeits the game (Br. IV 18)"
        );
        // Under FIDE a side with only his King cannot win on time (FIDE 6.9).
        let mut s = session(fen, GameSpec::new(RuleSet::Fide));
        s.time_forfeit(Color::White);
        assert_eq!(s.verdict().result, "1/2-1/2");
        let mut s = session(fen, GameSpec::new(RuleSet::Fide));
        s.time_forfeit(Color::Black);
        assert_eq!(s.verdict().result, "1-0");
    }
}
