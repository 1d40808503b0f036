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
mod tests;
