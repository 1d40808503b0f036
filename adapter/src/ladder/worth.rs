//! What each odds is worth in Elo when Morphy gives it at a level: the receiver plays as
//! if that much stronger. Measured by Morphy against Morphy under the Code
//! ([`super::duel`]) and fitted by the model of [`super::worth_fit`]; each figure below
//! names its row of docs/LADDER.md, where its games, counts, interval and command are
//! (`odds_worth fit --rust` prints this table from the runs' files).
//!
//! Between the levels measured the worth is interpolated linearly in the level; below
//! the lowest and above the highest it is held at the nearest figure. The levels measured
//! are 1200 to 2400; 2600 and full strength take 2400's figures, since at 2600 Morphy
//! plays no second-best move and every game between equals from one odds start is the same
//! game (docs/LADDER.md "The table in the code").

use engine::Odds;

/// Each odds' worth, Elo, at the giver levels it was measured at (rising), each figure
/// with its row of docs/LADDER.md.
const TABLE: [(Odds, &[(u32, f64)]); 12] = [
    (
        Odds::Pawn,
        &[
            (1200, -6.9),  // docs/LADDER.md W-pawn-1200
            (1400, 56.1),  // docs/LADDER.md W-pawn-1400
            (1600, 130.9), // docs/LADDER.md W-pawn-1600
            (1800, 11.6),  // docs/LADDER.md W-pawn-1800
            (2000, 17.4),  // docs/LADDER.md W-pawn-2000
            (2200, 175.7), // docs/LADDER.md W-pawn-2200
            (2400, 175.7), // docs/LADDER.md W-pawn-2400
        ],
    ),
    (
        Odds::PawnAndMove,
        &[
            (1200, 100.0), // docs/LADDER.md W-pawn-and-move-1200
            (1400, 88.7),  // docs/LADDER.md W-pawn-and-move-1400
            (1600, 200.2), // docs/LADDER.md W-pawn-and-move-1600
            (1800, 223.3), // docs/LADDER.md W-pawn-and-move-1800
            (2000, 154.1), // docs/LADDER.md W-pawn-and-move-2000
            (2200, 168.4), // docs/LADDER.md W-pawn-and-move-2200
            (2400, 585.0), // docs/LADDER.md W-pawn-and-move-2400
        ],
    ),
    (
        Odds::PawnAndTwoMoves,
        &[
            (1200, 132.9), // docs/LADDER.md W-pawn-and-two-moves-1200
            (1400, 92.5),  // docs/LADDER.md W-pawn-and-two-moves-1400
            (1600, 147.2), // docs/LADDER.md W-pawn-and-two-moves-1600
            (1800, 154.1), // docs/LADDER.md W-pawn-and-two-moves-1800
            (2000, 154.1), // docs/LADDER.md W-pawn-and-two-moves-2000
            (2200, 88.7),  // docs/LADDER.md W-pawn-and-two-moves-2200
            (2400, 214.8), // docs/LADDER.md W-pawn-and-two-moves-2400
        ],
    ),
    (
        Odds::Knight,
        &[
            (1200, 129.0), // docs/LADDER.md W-knight-1200
            (1400, 230.2), // docs/LADDER.md W-knight-1400
            (1600, 196.9), // docs/LADDER.md W-knight-1600
            (1800, 351.7), // docs/LADDER.md W-knight-1800
            (2000, 325.2), // docs/LADDER.md W-knight-2000
            (2200, 436.4), // docs/LADDER.md W-knight-2200
            (2400, 544.7), // docs/LADDER.md W-knight-2400
        ],
    ),
    (
        Odds::Bishop,
        &[
            (1200, 137.0), // docs/LADDER.md W-bishop-1200
            (1400, 257.6), // docs/LADDER.md W-bishop-1400
            (1600, 201.0), // docs/LADDER.md W-bishop-1600
            (1800, 250.0), // docs/LADDER.md W-bishop-1800
            (2000, 381.7), // docs/LADDER.md W-bishop-2000
            (2200, 511.5), // docs/LADDER.md W-bishop-2200
            (2400, 708.3), // docs/LADDER.md W-bishop-2400
        ],
    ),
    (
        Odds::Rook,
        &[
            (1200, 214.8), // docs/LADDER.md W-rook-1200
            (1400, 288.1), // docs/LADDER.md W-rook-1400
            (1600, 336.2), // docs/LADDER.md W-rook-1600
            (1800, 381.7), // docs/LADDER.md W-rook-1800
            (2000, 301.3), // docs/LADDER.md W-rook-2000
            (2200, 458.5), // docs/LADDER.md W-rook-2200
            (2400, 544.7), // docs/LADDER.md W-rook-2400
        ],
    ),
    (
        Odds::RookAndKnight,
        &[
            (1200, 372.3), // docs/LADDER.md W-rook-and-knight-1200
            (1400, 338.0), // docs/LADDER.md W-rook-and-knight-1400
            (1600, 452.1), // docs/LADDER.md W-rook-and-knight-1600
            (1800, 436.4), // docs/LADDER.md W-rook-and-knight-1800
            (2000, 636.4), // docs/LADDER.md W-rook-and-knight-2000
            (2200, 636.4), // docs/LADDER.md W-rook-and-knight-2200 (all won: held from below)
            (2400, 636.4), // docs/LADDER.md W-rook-and-knight-2400 (all won: held from below)
        ],
    ),
    (
        Odds::RookPawnAndMove,
        &[
            (1200, 238.1), // docs/LADDER.md W-rook-pawn-and-move-1200
            (1400, 269.4), // docs/LADDER.md W-rook-pawn-and-move-1400
            (1600, 369.9), // docs/LADDER.md W-rook-pawn-and-move-1600
            (1800, 416.6), // docs/LADDER.md W-rook-pawn-and-move-1800
            (2000, 830.2), // docs/LADDER.md W-rook-pawn-and-move-2000
            (2200, 708.3), // docs/LADDER.md W-rook-pawn-and-move-2200
            (2400, 585.0), // docs/LADDER.md W-rook-pawn-and-move-2400
        ],
    ),
    (
        Odds::TwoRooks,
        &[
            (1200, 391.6), // docs/LADDER.md W-two-rooks-1200
            (1400, 478.0), // docs/LADDER.md W-two-rooks-1400
            (1600, 532.5), // docs/LADDER.md W-two-rooks-1600
            (1800, 585.0), // docs/LADDER.md W-two-rooks-1800
            (2000, 595.1), // docs/LADDER.md W-two-rooks-2000 (all won: lower bound)
            (2200, 595.1), // docs/LADDER.md W-two-rooks-2200 (all won: lower bound)
            (2400, 595.1), // docs/LADDER.md W-two-rooks-2400 (all won: lower bound)
        ],
    ),
    (
        Odds::Queen,
        &[
            (1200, 576.2), // docs/LADDER.md W-queen-1200
            (1400, 636.4), // docs/LADDER.md W-queen-1400
            (1600, 585.2), // docs/LADDER.md W-queen-1600
            (1800, 595.1), // docs/LADDER.md W-queen-1800 (all won: lower bound)
            (2000, 708.3), // docs/LADDER.md W-queen-2000
            (2200, 830.2), // docs/LADDER.md W-queen-2200
            (2400, 830.2), // docs/LADDER.md W-queen-2400 (all won: held from below)
        ],
    ),
    (
        Odds::TwoMoves,
        &[
            (1200, 68.6),  // docs/LADDER.md W-two-moves-1200
            (1400, 103.7), // docs/LADDER.md W-two-moves-1400
            (1600, 81.4),  // docs/LADDER.md W-two-moves-1600
            (1800, 147.2), // docs/LADDER.md W-two-moves-1800
            (2000, 82.6),  // docs/LADDER.md W-two-moves-2000
            (2200, 206.7), // docs/LADDER.md W-two-moves-2200
            (2400, 301.3), // docs/LADDER.md W-two-moves-2400
        ],
    ),
    (
        Odds::ThreeMoves,
        &[
            (1200, 31.4),  // docs/LADDER.md W-three-moves-1200
            (1400, 34.9),  // docs/LADDER.md W-three-moves-1400
            (1600, 81.4),  // docs/LADDER.md W-three-moves-1600
            (1800, 147.2), // docs/LADDER.md W-three-moves-1800
            (2000, 23.2),  // docs/LADDER.md W-three-moves-2000
            (2200, 120.4), // docs/LADDER.md W-three-moves-2200
            (2400, 214.8), // docs/LADDER.md W-three-moves-2400
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
