//! Scores as the search counts them (centipawns, mate in so many plies from the root)
//! and as it reports them ([`Score`], [`Bound`]).

/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// The score of mate at the root (mate in `n` plies scores `MATE - n`).
pub(crate) const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Above every score.
pub(crate) const INF: i32 = MATE + 1;

/// A score from the side to move's point of view.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Score {
    /// Centipawns. Under draw odds a draw scores ±20000 (a loss for the giver).
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The report form of an internal score.
    pub(crate) fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score + 1) / 2)
        } else {
            Score::Cp(score)
        }
    }
}

/// Whether a reported score is exact or a bound.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least this (fail high).
    Lower,
    /// At most this (fail low).
    Upper,
}
