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

use crate::game::{DrawClaim, Game};
use crate::rules::draws::{self, color_name, Ruling};
use crate::rules::odds::{self, MateCondition, OddsGiver, OddsTerms};
use crate::rules::outcome::{self, ending_laws, Ending, Verdict};
use crate::rules::spec::GameSpec;
use crate::types::{Color, Move, Piece, PieceKind, Square};

/// Why a move was not played.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PlayError {
    /// The game is over.
    Over,
    /// Not a legal move in the position.
    Illegal(Move),
    /// The giver's marked Pawn may not promote; the law is cited.
    MarkedPawn(Ruling),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Over => f.write_str("the game is over"),
            PlayError::Illegal(mv) => write!(f, "illegal move {mv:?}"),
            PlayError::MarkedPawn(r) => write!(f, "{r}"),
        }
    }
}

impl std::error::Error for PlayError {}

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
    /// A ruling with its law when the spec cannot be played from this start: a mate with
    /// a marked Pawn that does not stand on its square.
    pub fn new(spec: GameSpec, game: Game) -> Result<Session, Ruling> {
        if let (MateCondition::Pawn(sq), Some(giver)) = (spec.mate_condition, spec.giver()) {
            if game.current().piece_on(sq) != Some(Piece::new(giver, PieceKind::Pawn)) {
                return Err(Ruling {
                    words: format!(
                        "mate condition pawn:{sq}: no {} Pawn stands on {sq} at the start",
                        color_name(giver)
                    ),
                    law: ending_laws(spec.rule_set).marked_pawn,
                });
            }
        }
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

    /// Where the giver's marked Pawn stands now (a mate with the marked Pawn only).
    pub fn marked(&self) -> Option<Square> {
        odds::marked_now(self.spec.mate_condition, &self.game)
    }

    /// The legal moves of the side to move that the odds terms allow (the marked Pawn
    /// may not promote).
    pub fn moves(&self) -> Vec<Move> {
        let marked = self.marked();
        let pos = self.game.current();
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|&m| !odds::forbidden(marked, m))
            .collect()
    }

    /// Plays a move for the side to move. A draw offered by the other side lapses.
    ///
    /// # Errors
    /// When the game is over, the move is illegal, or it promotes the marked Pawn.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.ending.is_some() {
            return Err(PlayError::Over);
        }
        if odds::forbidden(self.marked(), mv) {
            return Err(PlayError::MarkedPawn(Ruling {
                words: "the marked Pawn may not promote".to_string(),
                law: ending_laws(self.spec.rule_set).mate_with_pawn,
            }));
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

    /// `by` resigns; the game ends.
    pub fn resign(&mut self, by: Color) {
        if self.ending.is_none() {
            self.ending = Some(Ending::Resigned(by));
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

    /// A checkmate, a stalemate or a dead position, which end the game without a claim.
    pub fn natural_ending(&self) -> Option<Ending> {
        let pos = self.game.current();
        if !pos.has_legal_moves() {
            return Some(if pos.in_check() {
                Ending::Checkmate
            } else {
                Ending::Stalemate
            });
        }
        (self.game.draw_claim() == Some(DrawClaim::DeadPosition)).then_some(Ending::DeadPosition)
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
    use crate::{Odds, Position, RuleSet, Setup};

    fn session(fen: &str, spec: GameSpec) -> Session {
        let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), spec.rules());
        Session::new(spec, Game::new(pos.unwrap())).unwrap()
    }

    #[test]
    fn claims_are_granted_or_refused_with_the_law() {
        let spec = GameSpec::new(RuleSet::Staunton1910);
        let mut s = session("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", spec);
        let refused = s.claim().unwrap_err();
        assert_eq!(refused.law, "Staunton, Drawn Games (b), (c)");
        assert!(s.ending().is_none());
        let mut s = session("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80", spec);
        assert_eq!(s.claim().unwrap().law, "Staunton, Drawn Games (b)");
        assert!(s.play(s.moves()[0]).is_err());
        assert!(s.verdict().reason.ends_with("(Staunton, Drawn Games (b))"));
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
    fn the_marked_pawn_must_stand_and_may_not_promote() {
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
        let s = session("4k3/6P1/8/8/8/8/8/4K3 w - - 0 1", spec);
        assert!(s.moves().iter().all(|m| m.promotion().is_none()));
        let mut s = s;
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
}
