//! The score as the page lays it out: one row a move number, each side's moves in it
//! (several in a turn of several moves, Am. IV 4), each move in SAN and in descriptive
//! notation (Am. I 13) with its ply, so that a click on it can show the position after it.

use engine::{Color, Game};
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

/// The rows of `game`'s score.
pub fn rows(game: &Game) -> Vec<ScoreRow> {
    let mut rows: Vec<ScoreRow> = Vec::new();
    for (n, (before, &mv)) in game.positions().iter().zip(game.moves()).enumerate() {
        let number = before.fullmove_number();
        if rows.last().is_none_or(|r| r.number != number) {
            rows.push(ScoreRow {
                number,
                white: Vec::new(),
                black: Vec::new(),
            });
        }
        let cell = ScoreMove {
            ply: n + 1,
            san: before.san(mv),
            descriptive: before.descriptive(mv),
        };
        let row = rows.last_mut().expect("a row was pushed");
        match before.turn() {
            Color::White => row.white.push(cell),
            Color::Black => row.black.push(cell),
        }
    }
    rows
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
        let rows = rows(&game);
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
