//! What each odds is worth in Elo when Morphy gives it at a level: the receiver plays as
//! if that much stronger. Measured by Morphy against Morphy under the Code
//! ([`super::duel`]) and fitted by the model of [`super::worth_fit`]; each figure below
//! names its row of docs/LADDER.md, where its games, counts, interval and command are
//! (`odds_worth fit --rust` prints this table from the runs' files).
//!
//! Between the levels measured the worth is interpolated linearly in the level; below
//! the lowest and above the highest it is held at the nearest figure. The levels above
//! the highest measured, and full strength, were not measured (docs/LADDER.md "The table
//! in the code").

use engine::Odds;

/// Each odds' worth, Elo, at the giver levels it was measured at (rising), each figure
/// with its row of docs/LADDER.md.
const TABLE: [(Odds, &[(u32, f64)]); 12] = [
    (
        Odds::Pawn,
        &[
            (1200, -6.9),  // docs/LADDER.md W-pawn-1200
            (1400, 56.1),  // docs/LADDER.md W-pawn-1400
            (1600, 103.7), // docs/LADDER.md W-pawn-1600
            (1800, 52.5),  // docs/LADDER.md W-pawn-1800
            (2000, 147.2), // docs/LADDER.md W-pawn-2000
        ],
    ),
    (
        Odds::PawnAndMove,
        &[
            (1200, 100.0), // docs/LADDER.md W-pawn-and-move-1200
            (1400, 88.7),  // docs/LADDER.md W-pawn-and-move-1400
            (1600, 186.2), // docs/LADDER.md W-pawn-and-move-1600
            (1800, 259.5), // docs/LADDER.md W-pawn-and-move-1800
            (2000, 254.7), // docs/LADDER.md W-pawn-and-move-2000
        ],
    ),
    (
        Odds::PawnAndTwoMoves,
        &[
            (1200, 132.9), // docs/LADDER.md W-pawn-and-two-moves-1200
            (1400, 92.5),  // docs/LADDER.md W-pawn-and-two-moves-1400
            (1600, 130.9), // docs/LADDER.md W-pawn-and-two-moves-1600
            (1800, 231.9), // docs/LADDER.md W-pawn-and-two-moves-1800
            (2000, 284.9), // docs/LADDER.md W-pawn-and-two-moves-2000
        ],
    ),
    (
        Odds::Knight,
        &[
            (1200, 129.0), // docs/LADDER.md W-knight-1200
            (1400, 230.2), // docs/LADDER.md W-knight-1400
            (1600, 309.5), // docs/LADDER.md W-knight-1600
            (1800, 483.2), // docs/LADDER.md W-knight-1800
            (2000, 636.4), // docs/LADDER.md W-knight-2000
        ],
    ),
    (
        Odds::Bishop,
        &[
            (1200, 137.0), // docs/LADDER.md W-bishop-1200
            (1400, 257.6), // docs/LADDER.md W-bishop-1400
            (1600, 378.1), // docs/LADDER.md W-bishop-1600
            (1800, 398.4), // docs/LADDER.md W-bishop-1800
            (2000, 523.3), // docs/LADDER.md W-bishop-2000 (all won: lower bound)
        ],
    ),
    (
        Odds::Rook,
        &[
            (1200, 214.8), // docs/LADDER.md W-rook-1200
            (1400, 288.1), // docs/LADDER.md W-rook-1400
            (1600, 288.4), // docs/LADDER.md W-rook-1600
            (1800, 585.0), // docs/LADDER.md W-rook-1800
            (2000, 585.0), // docs/LADDER.md W-rook-2000 (all won: held from below)
        ],
    ),
    (
        Odds::RookAndKnight,
        &[
            (1200, 372.3), // docs/LADDER.md W-rook-and-knight-1200
            (1400, 338.0), // docs/LADDER.md W-rook-and-knight-1400
            (1600, 635.8), // docs/LADDER.md W-rook-and-knight-1600
            (1800, 830.2), // docs/LADDER.md W-rook-and-knight-1800
            (2000, 830.2), // docs/LADDER.md W-rook-and-knight-2000 (all won: held from below)
        ],
    ),
    (
        Odds::RookPawnAndMove,
        &[
            (1200, 238.1), // docs/LADDER.md W-rook-pawn-and-move-1200
            (1400, 269.4), // docs/LADDER.md W-rook-pawn-and-move-1400
            (1600, 475.8), // docs/LADDER.md W-rook-pawn-and-move-1600
            (1800, 708.3), // docs/LADDER.md W-rook-pawn-and-move-1800
            (2000, 708.3), // docs/LADDER.md W-rook-pawn-and-move-2000 (all won: held from below)
        ],
    ),
    (
        Odds::TwoRooks,
        &[
            (1200, 391.6), // docs/LADDER.md W-two-rooks-1200
            (1400, 478.0), // docs/LADDER.md W-two-rooks-1400
            (1600, 687.5), // docs/LADDER.md W-two-rooks-1600
            (1800, 687.5), // docs/LADDER.md W-two-rooks-1800 (all won: held from below)
            (2000, 687.5), // docs/LADDER.md W-two-rooks-2000 (all won: held from below)
        ],
    ),
    (
        Odds::Queen,
        &[
            (1200, 576.2), // docs/LADDER.md W-queen-1200
            (1400, 636.4), // docs/LADDER.md W-queen-1400
            (1600, 711.5), // docs/LADDER.md W-queen-1600
            (1800, 711.5), // docs/LADDER.md W-queen-1800 (all won: held from below)
            (2000, 711.5), // docs/LADDER.md W-queen-2000 (all won: held from below)
        ],
    ),
    (
        Odds::TwoMoves,
        &[
            (1200, 68.6),  // docs/LADDER.md W-two-moves-1200
            (1400, 103.7), // docs/LADDER.md W-two-moves-1400
            (1600, 41.9),  // docs/LADDER.md W-two-moves-1600
            (1800, 70.4),  // docs/LADDER.md W-two-moves-1800
            (2000, 107.5), // docs/LADDER.md W-two-moves-2000
        ],
    ),
    (
        Odds::ThreeMoves,
        &[
            (1200, 31.4),  // docs/LADDER.md W-three-moves-1200
            (1400, 34.9),  // docs/LADDER.md W-three-moves-1400
            (1600, 49.0),  // docs/LADDER.md W-three-moves-1600
            (1800, 64.4),  // docs/LADDER.md W-three-moves-1800
            (2000, 140.4), // docs/LADDER.md W-three-moves-2000
        ],
    ),
];

/// The Elo `odds` give the receiver when Morphy gives them at `level` (an Elo setting;
/// full strength is [`super::FULL_STRENGTH_ELO`]). Zero for no odds.
pub fn worth(odds: Odds, level: u32) -> f64 {
    let Some((_, points)) = TABLE.iter().find(|(o, _)| *o == odds) else {
        return 0.0;
    };
    let level = f64::from(level);
    let (first, last) = (points[0], points[points.len() - 1]);
    if level <= f64::from(first.0) {
        return first.1;
    }
    for pair in points.windows(2) {
        let ((l0, w0), (l1, w1)) = (pair[0], pair[1]);
        let (l0, l1) = (f64::from(l0), f64::from(l1));
        if level <= l1 {
            return w0 + (w1 - w0) * (level - l0) / (l1 - l0);
        }
    }
    last.1
}

/// The levels `odds` was measured at (none for no odds).
pub fn measured_at(odds: Odds) -> Vec<u32> {
    TABLE
        .iter()
        .find(|(o, _)| *o == odds)
        .map(|(_, points)| points.iter().map(|&(l, _)| l).collect())
        .unwrap_or_default()
}

#[cfg(test)]
#[path = "worth_tests.rs"]
mod tests;
