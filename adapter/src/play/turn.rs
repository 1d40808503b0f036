//! What Morphy does on its turn once it has searched, and how it answers an offer of a
//! draw: shared by the terminal game and the web board, so that both play Morphy alike.
//! Whether a draw suits Morphy is [`outcome`]; what a call, a claim or an acceptance
//! means, with its law, is the engine's [`Session`].

use engine::rules::draws::ruling::Ruling;
use engine::search::{Score, SearchResult};
use engine::session::Session;
use engine::{Color, Move};

use super::outcome;
use super::text::{score_text, ScoreOf};

/// What Morphy did with its turn.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Act {
    /// It claimed a draw, granted with this ruling; the game is over.
    Claimed(Ruling),
    /// It played this move.
    Played(Move),
    /// Nothing: no legal move, or the game was over.
    Nothing,
}

/// Morphy's turn: a call to mate if it made one, and what it did.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct MorphyTurn {
    /// Morphy called on its opponent to mate within fifty moves (Br. IV 12), granted so.
    pub call: Option<Ruling>,
    /// The claim or the move.
    pub act: Act,
}

/// Morphy, playing `morphy`, acts on its search `result`: it calls to mate (Br. IV 12)
/// when it may and a draw suits it (the session refuses the call under other rule sets
/// or without the material to call), claims a draw it may claim when a draw suits it
/// ([`outcome::morphy_takes_draw`]), and otherwise plays its best move (or the first
/// legal one when the search found none in time).
pub fn morphy_acts(session: &mut Session, morphy: Color, result: &SearchResult) -> MorphyTurn {
    let takes_draw = outcome::morphy_takes_draw(
        session.terms(),
        morphy,
        result.score,
        outcome::odds_handicap(session.spec().odds),
    );
    let call = if takes_draw {
        session.call_to_mate(morphy).ok()
    } else {
        None
    };
    if takes_draw && session.game().draw_claim().is_some() {
        if let Ok(ruling) = session.claim() {
            return MorphyTurn {
                call,
                act: Act::Claimed(ruling),
            };
        }
    }
    let best = result.best.filter(|mv| session.moves().contains(mv));
    let act = match best.or_else(|| session.moves().first().copied()) {
        Some(mv) if session.play(mv).is_ok() => Act::Played(mv),
        _ => Act::Nothing,
    };
    MorphyTurn { call, act }
}

/// Morphy's answer to a draw offered by its opponent.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct OfferAnswer {
    /// Whether Morphy accepted (the session's game is then drawn by agreement).
    pub accepted: bool,
    /// Why it declined, in words (empty when it accepted).
    pub why: String,
}

/// The player offers a draw on his turn; Morphy, playing `morphy`, answers by the
/// `player_score` of a short search made for the player (the side to move) and the odds
/// terms ([`outcome::morphy_takes_draw`]).
pub fn answer_offer(
    session: &mut Session,
    morphy: Color,
    player_score: Option<Score>,
) -> OfferAnswer {
    session.offer_draw(!morphy);
    // The search was the player's (his turn): Morphy's score is its opposite.
    let morphy_score = player_score.map(|s| match s {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(n) => Score::Mate(-n),
    });
    let terms = session.terms();
    let handicap = outcome::odds_handicap(session.spec().odds);
    if outcome::morphy_takes_draw(terms, morphy, morphy_score, handicap)
        && session.accept_draw(morphy)
    {
        return OfferAnswer {
            accepted: true,
            why: String::new(),
        };
    }
    let why = if terms.giver == Some(morphy) && terms.draws_lose() {
        "under the odds terms a draw would be its loss".to_string()
    } else if terms.giver == Some(morphy) && handicap > 0 {
        format!(
            "it gave the odds and plays on to win ({})",
            score_text(player_score, ScoreOf::Player)
        )
    } else {
        format!(
            "it plays on ({})",
            score_text(player_score, ScoreOf::Player)
        )
    };
    OfferAnswer {
        accepted: false,
        why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Game, GameSpec, Odds, Position, RuleSet};

    fn session(spec: GameSpec) -> Session {
        let start = Position::from_setup(&spec.start(), spec.rules()).unwrap();
        Session::new(spec, Game::new(start)).unwrap()
    }

    #[test]
    fn morphy_plays_its_best_move_or_a_legal_one() {
        let mut s = session(GameSpec::new(RuleSet::American1897));
        let e4 = s.game().current().parse_uci_move("e2e4").unwrap();
        let result = SearchResult {
            best: Some(e4),
            score: Some(Score::Cp(30)),
            ..SearchResult::default()
        };
        let turn = morphy_acts(&mut s, Color::White, &result);
        assert_eq!(turn.act, Act::Played(e4));
        assert_eq!(s.game().moves(), [e4]);
        // A search that found nothing still leaves Morphy a legal move to play.
        let turn = morphy_acts(&mut s, Color::Black, &SearchResult::default());
        assert!(matches!(turn.act, Act::Played(_)));
        assert_eq!(s.game().moves().len(), 2);
    }

    #[test]
    fn the_giver_at_knight_odds_declines_an_even_draw_offer() {
        let spec = GameSpec {
            odds: Odds::Knight,
            ..GameSpec::new(RuleSet::American1897)
        };
        let mut s = session(spec);
        let mv = s.game().current().parse_uci_move("e2e4").unwrap();
        s.play(mv).unwrap();
        // Black (the receiver, to move) stands a Knight up: the giver plays on.
        let answer = answer_offer(&mut s, Color::White, Some(Score::Cp(300)));
        assert!(!answer.accepted);
        assert!(answer.why.starts_with("it gave the odds"), "{}", answer.why);
        assert!(s.ending().is_none());
        // Clearly lost beyond the odds: the giver accepts, by agreement (Am. II 8 (a)).
        let answer = answer_offer(&mut s, Color::White, Some(Score::Cp(900)));
        assert!(answer.accepted);
        assert_eq!(
            s.verdict().reason,
            "the players agree to a draw (Am. II 8 (a))"
        );
    }
}
