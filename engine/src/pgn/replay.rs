//! Replays a game's move tokens in a [`Session`], under its rules and odds, and names the
//! first move that cannot be played with the reason and the law: the engine's SAN reader
//! and [`Position::why_illegal_san`](crate::Position::why_illegal_san) for the move, the
//! giver's pass of a turn of several moves as `Game::play_uci_list` takes it (Am. IV 4),
//! the marked Pawn as the session keeps it (Am. IV 6), and no move after a mate or a
//! stalemate.

use std::fmt;

use super::{is_pass, Ply};
use crate::position::move_refusal::PlayUciError;
use crate::rules::draws::DrawClaim;
use crate::rules::outcome::{ending_laws, Ending};
use crate::session::Session;

/// How much of a game was replayed.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Replayed {
    /// Moves played.
    pub moves: usize,
    /// The giver's passes between the receiver's moves of a turn of several moves.
    pub passes: usize,
}

/// The first move token that cannot be played, with why and the law.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct ReplayError {
    /// Its index among the game's move tokens.
    pub index: usize,
    /// The token as the move text numbers it: `12. O-O-O`, `7... Nf6`.
    pub label: String,
    /// Why it cannot be played, in words.
    pub words: String,
    /// The law.
    pub law: &'static str,
    /// What was replayed before it.
    pub replayed: Replayed,
}

impl fmt::Display for ReplayError {
    /// `12. O-O-O: castling without the Rook on a1 is not allowed under fide (docs/RULES.md §3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} ({})", self.label, self.words, self.law)
    }
}

impl std::error::Error for ReplayError {}

/// Why no move may follow the game's end, with the ending's law.
fn after_the_end(session: &Session, ending: Ending) -> (String, &'static str) {
    let pos = session.game().current();
    let laws = ending_laws(pos.rules().set);
    let law = match ending {
        Ending::Checkmate => laws.checkmate,
        Ending::Stalemate => laws.stalemate,
        _ => DrawClaim::DeadPosition.ruling(pos).law,
    };
    let reason = session.verdict().reason;
    let reason = reason
        .strip_suffix(&format!(" ({law})"))
        .map_or(reason.clone(), str::to_string);
    (format!("the game is over before it: {reason}"), law)
}

/// Plays the move tokens (SAN, and null moves for the giver's pass) from the session's
/// position. Stops at the first token that cannot be played; the moves before it stay
/// played. A mate or stalemate reached ends the session ([`Session::settle`]).
///
/// ```
/// use engine::pgn::replay;
/// use engine::session::Session;
/// use engine::{Game, GameSpec, Odds, Position, RuleSet};
/// let spec = GameSpec { odds: Odds::TwoMoves, ..GameSpec::new(RuleSet::American1897) };
/// let start = || Session::new(spec, Game::new(Position::from_setup(&spec.start(), spec.rules()).unwrap())).unwrap();
/// let done = replay(&mut start(), &["e4", "--", "d4", "e5"].map(String::from)).unwrap();
/// assert_eq!((done.moves, done.passes), (3, 1));
/// let err = replay(&mut start(), &["e4", "--", "e5"].map(String::from)).unwrap_err();
/// assert_eq!(err.to_string(), "2. e5: in a turn of several moves no man may go beyond the fourth rank (Am. IV 4)");
/// ```
pub fn replay(session: &mut Session, tokens: &[String]) -> Result<Replayed, ReplayError> {
    let mut done = Replayed::default();
    let mut ply = Ply::start(session.game().current());
    // Whether the last token was a move after which the same side moves again.
    let mut pass_allowed = false;
    for (index, text) in tokens.iter().enumerate() {
        let fail = |words: String, law: &'static str| ReplayError {
            index,
            label: ply.label(text),
            words,
            law,
            replayed: done,
        };
        if is_pass(text) {
            if pass_allowed && session.game().current().in_multi_move_turn() {
                pass_allowed = false;
                done.passes += 1;
                ply = ply.next();
                continue;
            }
            let e = PlayUciError::MisplacedPass;
            return Err(fail(e.to_string(), e.law()));
        }
        if let Some(ending) = session.settle() {
            let (words, law) = after_the_end(session, ending);
            return Err(fail(words, law));
        }
        let pos = session.game().current().clone();
        let mv = pos.parse_san(text).map_err(|e| {
            let why = pos.why_illegal_san(&e);
            fail(why.message, why.law)
        })?;
        if let Err(e) = session.play(mv) {
            // The session was settled above and the move is legal: this does not happen.
            return Err(fail(e.to_string(), "Am. I 11"));
        }
        done.moves += 1;
        pass_allowed = session.game().current().turn() == pos.turn();
        ply = ply.next();
    }
    session.settle();
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::Position;
    use crate::rules::odds::Odds;
    use crate::rules::odds::{MateCondition, OddsGiver};
    use crate::rules::spec::GameSpec;
    use crate::rules::RuleSet;
    use crate::setup::Setup;
    use crate::types::Square;

    fn session(spec: GameSpec, fen: Option<&str>) -> Session {
        let setup = fen.map_or_else(|| spec.start(), |f| Setup::from_fen(f, false).unwrap());
        let pos = Position::from_setup(&setup, spec.rules()).unwrap();
        Session::new(spec, Game::new(pos)).unwrap()
    }

    fn tokens(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn castling_without_the_rook_replays_under_the_code_and_not_under_fide() {
        let moves = tokens("e4 e5 Nc3 Nc6 d3 d6 Be3 Be6 Qd2 Qd7 O-O-O O-O-O");
        for set in [
            RuleSet::American1897,
            RuleSet::Staunton1910,
            RuleSet::British1894,
        ] {
            let spec = GameSpec {
                odds: Odds::Rook,
                ..GameSpec::new(set)
            };
            let done = replay(&mut session(spec, None), &moves).unwrap();
            assert_eq!(done.moves, 12, "{set}");
        }
        let spec = GameSpec {
            odds: Odds::Rook,
            ..GameSpec::new(RuleSet::Fide)
        };
        let err = replay(&mut session(spec, None), &moves).unwrap_err();
        assert_eq!(err.index, 10);
        assert_eq!(err.label, "6. O-O-O");
        assert_eq!(err.law, "docs/RULES.md §3");
        assert_eq!(
            err.words,
            "castling without the Rook on a1 is not allowed under fide"
        );
        assert_eq!(err.replayed.moves, 10);
    }

    #[test]
    fn a_pass_only_between_the_receivers_moves_am_iv_4() {
        let spec = GameSpec {
            odds: Odds::PawnAndTwoMoves,
            ..GameSpec::new(RuleSet::American1897)
        };
        let done = replay(&mut session(spec, None), &tokens("e4 -- d4 e6 Nf3")).unwrap();
        assert_eq!(
            done,
            Replayed {
                moves: 4,
                passes: 1
            }
        );
        let err = replay(&mut session(spec, None), &tokens("e4 -- d4 Z0")).unwrap_err();
        assert_eq!(
            (err.index, err.label.as_str(), err.law),
            (3, "2... Z0", "Am. IV 4")
        );
        let err = replay(&mut session(spec, None), &tokens("0000")).unwrap_err();
        assert_eq!((err.index, err.law), (0, "Am. IV 4"));
    }

    #[test]
    fn no_move_after_mate_and_a_promoted_marked_pawn_forfeits_am_iv_6_8() {
        let spec = GameSpec::new(RuleSet::American1897);
        let mut s = session(spec, None);
        let err = replay(&mut s, &tokens("f3 e5 g4 Qh4# Kf2")).unwrap_err();
        assert_eq!(err.label, "3. Kf2");
        assert_eq!(err.words, "the game is over before it: White is checkmated");
        assert_eq!(err.law, "Am. I 15 (a)");
        assert_eq!(s.verdict().result, "0-1");

        let spec = GameSpec {
            giver: OddsGiver::White,
            mate_condition: MateCondition::Pawn(Square::G7),
            ..GameSpec::new(RuleSet::American1897)
        };
        let mut s = session(spec, Some("4k3/6P1/8/8/8/8/8/4K3 w - - 0 1"));
        // The promotion is a move; the giver can then only forfeit (Am. IV 6, 8).
        replay(&mut s, &tokens("g8=Q")).unwrap();
        let v = s.verdict();
        assert_eq!(v.result, "0-1");
        assert!(v.reason.contains("promoted on g8"), "{}", v.reason);
    }

    #[test]
    fn unreadable_and_ambiguous_moves_cite_the_laws_of_records() {
        let spec = GameSpec::new(RuleSet::American1897);
        let err = replay(&mut session(spec, None), &tokens("e4 e5 Xy9")).unwrap_err();
        assert_eq!((err.label.as_str(), err.law), ("2. Xy9", "Am. I 13"));
        let fen = "4k3/8/8/8/8/8/8/4KN1N w - - 0 1";
        let err = replay(&mut session(spec, Some(fen)), &tokens("Ng3")).unwrap_err();
        assert_eq!(err.law, "Am. III 3");
        let err = replay(&mut session(spec, None), &tokens("Nf6")).unwrap_err();
        assert_eq!(err.law, "Am. I 9, I 11 E (a)");
        assert_eq!(err.words, "no Knight of yours can go to f6");
    }
}
