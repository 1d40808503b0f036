//! The score as the page lays it out: one row a move number, each side's moves in it
//! (several in a turn of several moves, Am. IV 4), each move in SAN and in descriptive
//! notation (Am. I 13) with its ply, so that a click on it can show the position after it.

use engine::notation::descriptive::{self, ScoreLine};
use engine::{Game, Position};
use serde::Serialize;

/// One move of the score.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreMove {
    /// Its place in the game: the position after it is the `ply`-th.
    pub ply: usize,
    /// In SAN.
    pub san: String,
    /// In descriptive notation.
    pub descriptive: String,
}

/// One move number's row.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreRow {
    /// The move number.
    pub number: u32,
    /// White's moves in it.
    pub white: Vec<ScoreMove>,
    /// Black's moves in it.
    pub black: Vec<ScoreMove>,
}

/// A game's score in both notations, as the engine lines it up by turn
/// ([`descriptive::lines_by_turn`]): read once, laid out as text for each notation and
/// as the page's rows.
pub struct Score {
    /// In SAN.
    pub san: Vec<ScoreLine>,
    /// In descriptive notation.
    pub descriptive: Vec<ScoreLine>,
}

impl Score {
    /// `game`'s score.
    pub fn of(game: &Game) -> Score {
        Score {
            san: descriptive::lines_by_turn(game, Position::san),
            descriptive: descriptive::lines_by_turn(game, Position::descriptive),
        }
    }
}

/// The rows of `score`, each move with its ply (the moves of a line come in the game's
/// order, White's before Black's).
pub fn rows(score: &Score) -> Vec<ScoreRow> {
    let mut ply = 0;
    let mut cells = |sans: &[String], records: &[String]| -> Vec<ScoreMove> {
        sans.iter()
            .zip(records)
            .map(|(san, descriptive)| {
                ply += 1;
                ScoreMove {
                    ply,
                    san: san.clone(),
                    descriptive: descriptive.clone(),
                }
            })
            .collect()
    };
    score
        .san
        .iter()
        .zip(&score.descriptive)
        .map(|(s, d)| ScoreRow {
            number: s.number,
            white: cells(&s.white, &d.white),
            black: cells(&s.black, &d.black),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use engine::{Odds, Position, Rules};

    use super::*;

    #[test]
    fn a_turn_of_two_moves_is_one_cell_and_each_move_keeps_its_ply() {
        let rules = Rules::default();
        let start = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
        let mut game = Game::new(start);
        for m in ["e2e4", "d2d4", "e7e6", "g1f3"] {
            let mv = game.current().parse_uci_move(m).unwrap();
            game.try_play(mv).unwrap();
        }
        let rows = rows(&Score::of(&game));
        let sans = |cells: &[ScoreMove]| cells.iter().map(|c| c.san.clone()).collect::<Vec<_>>();
        assert_eq!(rows.len(), 2);
        assert_eq!(sans(&rows[0].white), ["e4", "d4"]);
        assert_eq!(sans(&rows[0].black), ["e6"]);
        assert_eq!(rows[0].black[0].descriptive, "P-K3");
        assert_eq!(rows[1].number, 2);
        assert_eq!(rows[1].white[0].ply, 4);
        // The same moves as the engine's own score, in its order.
        assert_eq!(
            engine::notation::descriptive::score(&game),
            "1. P-K4, P-Q4  P-K3\n2. Kt-KB3"
        );
    }
}
