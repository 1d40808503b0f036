//! `Game`: a start position and the moves played from it, with every position kept, so
//! that repetitions and the move count can be judged. No notation and no I/O here.

use crate::position::Position;
use crate::types::Move;

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
}
