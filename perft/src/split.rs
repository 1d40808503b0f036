//! Cutting a deep perft into independent jobs: the distinct positions a few plies below
//! the root, each with its multiplicity (how many move paths reach it). The sum of
//! multiplicity × perft(job, depth left) over the jobs is perft(root, depth).
//!
//! Positions are merged (transpositions) when they have the same men, side to move,
//! castling rights and en passant capture, and stand at the same point of a turn: what
//! decides every legal move below them. Castling rights come from the engine's own
//! position, which keeps the history FEN cannot show: a right ends when "the King \[or\]
//! the Rook has moved in the game" (Am. I 11 E(e), condition 1), even if it came back, and
//! castling without Rook needs the Rook's square "unoccupied and … unoccupied throughout
//! the game" (Am. IV 5). Positions whose men agree but whose rights differ are kept apart.
//! An en passant square counts only when a capture there is legal; otherwise the two
//! positions have the same moves and the same children.
//!
//! A turn of several moves at odds (Am. IV 4: "two or more moves in one turn to play")
//! cannot be cut inside: FEN cannot say that a turn is under way, so the cut moves to the
//! end of that first turn.

use std::collections::HashMap;
use std::fmt;

use engine::{MoveKind, Position};

use crate::jobline::Job;
use crate::suite::BuildError;

/// Why a perft cannot be split as asked.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum SplitError {
    /// The split depth is 0 or beyond the depth.
    SplitDepth {
        /// The split depth asked for.
        split_depth: u32,
        /// The depth of the whole count.
        depth: u32,
    },
    /// The depth ends inside the first turn of several moves (Am. IV 4).
    InsideFirstTurn {
        /// The depth of the whole count.
        depth: u32,
    },
    /// A job's FEN does not give back the position's moves: a bug, reported rather than
    /// counted wrong.
    NotExpressible {
        /// The FEN written.
        fen: String,
        /// What the engine said when reading it, if it refused.
        error: Option<BuildError>,
    },
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::SplitDepth { split_depth, depth } => write!(
                f,
                "the split depth must be from 1 to the depth ({depth}); got {split_depth}"
            ),
            SplitError::InsideFirstTurn { depth } => write!(
                f,
                "depth {depth} ends inside the first turn of several moves (Am. IV 4), which a job cannot start from; count it undivided or deeper"
            ),
            SplitError::NotExpressible { fen, error } => {
                write!(f, "the job FEN '{fen}' does not give back its position")?;
                match error {
                    Some(e) => write!(f, ": {e}"),
                    None => write!(f, " (its legal moves differ)"),
                }
            }
        }
    }
}

impl std::error::Error for SplitError {}

/// The jobs of a split, in a fixed order (ids 0, 1, 2, …).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Split {
    /// One per distinct position at the cut.
    pub jobs: Vec<Job>,
    /// The ply the jobs stand at.
    pub cut: u32,
    /// How many move paths reach the cut (the sum of the multiplicities).
    pub paths: u128,
}

/// Whether a legal en passant capture exists (only then does the en passant square
/// decide anything).
fn en_passant_capture_is_legal(pos: &Position) -> bool {
    pos.ep_square().is_some()
        && pos
            .legal_moves()
            .iter()
            .any(|mv| mv.kind() == MoveKind::EnPassant)
}

/// The first four FEN fields with the en passant square only when a capture there is
/// legal: the identity of a position at a turn's commencement.
fn identity_fen(pos: &Position) -> String {
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let ep = if en_passant_capture_is_legal(pos) {
        fields[3]
    } else {
        "-"
    };
    format!("{} {} {} {ep}", fields[0], fields[1], fields[2])
}

/// What two positions must share to be merged: the identity, and the point of the turn
/// (moves left, and whether the Am. IV 4 limit to the fourth rank is in force).
fn merge_key(pos: &Position) -> String {
    format!(
        "{} {} {}",
        identity_fen(pos),
        pos.turn_moves(),
        pos.in_multi_move_turn()
    )
}

/// The FEN a job carries: the identity, then the clocks of the first path that reached it
/// (the clocks decide no legal move).
fn job_fen(pos: &Position) -> String {
    format!(
        "{} {} {}",
        identity_fen(pos),
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}

/// Checks that the job's FEN gives back a position with the same identity and moves.
fn check_expressible(pos: &Position, fen: &str, job: &Job) -> Result<(), SplitError> {
    let failed = |error| SplitError::NotExpressible {
        fen: fen.to_string(),
        error,
    };
    let back = job.position().map_err(|e| failed(Some(e)))?;
    let same_moves = back.legal_moves().iter().eq(pos.legal_moves().iter());
    if merge_key(&back) != merge_key(pos) || !same_moves {
        return Err(failed(None));
    }
    Ok(())
}

/// The distinct children of every position of a level, with summed multiplicities, in
/// order of first appearance.
fn next_level(level: &[(Position, u128)]) -> Vec<(Position, u128)> {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut next: Vec<(Position, u128)> = Vec::new();
    for (pos, paths) in level {
        for mv in &pos.legal_moves() {
            let child = pos.played(*mv);
            let key = merge_key(&child);
            if let Some(&i) = index.get(&key) {
                next[i].1 += paths;
            } else {
                index.insert(key, next.len());
                next.push((child, *paths));
            }
        }
    }
    next
}

/// Splits perft(`root`, `depth`) at `split_depth` plies (or at the end of a first turn
/// of several moves that this falls inside).
///
/// ```
/// use engine::{Position, Rules};
/// let root = Position::startpos(Rules::default());
/// let split = perft::split::split(&root, 4, 2).unwrap();
/// assert_eq!(split.jobs.len(), 400);
/// let total: u128 = split.jobs.iter()
///     .map(|j| j.multiplicity * u128::from(perft::perft(&j.position().unwrap(), j.depth)))
///     .sum();
/// assert_eq!(total, 197_281);
/// ```
pub fn split(root: &Position, depth: u32, split_depth: u32) -> Result<Split, SplitError> {
    if split_depth == 0 || split_depth > depth {
        return Err(SplitError::SplitDepth { split_depth, depth });
    }
    let mut level = vec![(root.clone(), 1u128)];
    let mut ply = 0;
    while ply < split_depth || level.iter().any(|(p, _)| !p.at_turn_start()) {
        if ply == depth {
            return Err(SplitError::InsideFirstTurn { depth });
        }
        level = next_level(&level);
        ply += 1;
    }
    let rules = root.rules();
    let mut jobs = Vec::with_capacity(level.len());
    for (i, (pos, multiplicity)) in level.iter().enumerate() {
        let fen = job_fen(pos);
        let job = Job {
            id: i.to_string(),
            fen: fen.clone(),
            multiplicity: *multiplicity,
            depth: depth - ply,
            rule_set: rules.set,
            chess960: rules.chess960,
        };
        check_expressible(pos, &fen, &job)?;
        jobs.push(job);
    }
    Ok(Split {
        paths: level.iter().map(|(_, n)| n).sum(),
        jobs,
        cut: ply,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::build_position;
    use engine::{Odds, RuleSet, Rules};

    fn american() -> Rules {
        Rules::new(RuleSet::American1897)
    }

    /// The sum over the jobs of multiplicity × perft, and the number of paths.
    fn divided(root: &Position, depth: u32, split_depth: u32) -> (u128, Split) {
        let split = split(root, depth, split_depth).unwrap();
        let total = split
            .jobs
            .iter()
            .map(|j| j.multiplicity * u128::from(crate::perft(&j.position().unwrap(), j.depth)))
            .sum();
        (total, split)
    }

    fn assert_sum_is_perft(root: &Position, depth: u32, split_depth: u32) -> Split {
        let (total, split) = divided(root, depth, split_depth);
        assert_eq!(
            total,
            u128::from(crate::perft(root, depth)),
            "{} depth {depth} split {split_depth}",
            root.fen()
        );
        assert_eq!(
            split.paths,
            u128::from(crate::perft(root, split.cut)),
            "every path to the cut is counted once"
        );
        split
    }

    #[test]
    fn start_position_transpositions_are_merged() {
        let root = Position::startpos(american());
        let split = assert_sum_is_perft(&root, 5, 3);
        assert_eq!(split.paths, 8902);
        assert!(split.jobs.len() < 8902, "{} jobs", split.jobs.len());
        assert!(split.jobs.iter().any(|j| j.multiplicity > 1));
        assert!(split.jobs.iter().all(|j| j.depth == 2));
    }

    #[test]
    fn kiwipete_splits_exactly() {
        let root = build_position(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            american(),
            Odds::None,
        )
        .unwrap();
        assert_sum_is_perft(&root, 3, 2);
        assert_sum_is_perft(&root, 3, 1);
    }

    #[test]
    fn en_passant_positions_split_exactly() {
        // Perft suite position 3 (en passant captures and discovered checks through them),
        // and a position whose first move may take en passant.
        for (fen, depth, split_depth) in [
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 2),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                4,
                1,
            ),
        ] {
            let root = build_position(fen, american(), Odds::None).unwrap();
            assert_sum_is_perft(&root, depth, split_depth);
        }
    }

    #[test]
    fn a_job_keeps_a_legal_en_passant_square_only() {
        let root = build_position(
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
            american(),
            Odds::None,
        )
        .unwrap();
        let split = split(&root, 2, 1).unwrap();
        let fens: Vec<&str> = split.jobs.iter().map(|j| j.fen.as_str()).collect();
        // c2-c4 lets d4 take en passant on c3; g2-g4 gives no capture.
        assert!(fens.iter().any(|f| f.contains(" b KQkq c3 ")), "{fens:?}");
        assert!(
            fens.iter().any(
                |f| f.starts_with("rnbqkbnr/ppp1pppp/8/8/3pP1P1/8/PPPP1P1P/RNBQKBNR b KQkq - ")
            ),
            "{fens:?}"
        );
    }

    #[test]
    fn castling_without_rook_at_rook_odds_splits_exactly() {
        // Am. IV 5: the odds giver keeps castling on the side of the missing Rook.
        for odds in [Odds::Rook, Odds::TwoRooks, Odds::RookAndKnight] {
            let root =
                Position::from_setup(&odds.setup(&american()), american()).expect("odds start");
            let split = assert_sum_is_perft(&root, 5, 2);
            assert!(
                split.jobs[0].fen.contains(" KQkq "),
                "Am. IV 5: {odds} keeps castling without Rook: {}",
                split.jobs[0].fen
            );
        }
    }

    #[test]
    fn same_men_different_castling_rights_are_not_merged() {
        // Am. I 11 E(e): a King or Rook that has moved ends the right, even if it came
        // back. Four plies bring the men back in three ways that keep different rights.
        let root = build_position(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            american(),
            Odds::None,
        )
        .unwrap();
        let split = assert_sum_is_perft(&root, 5, 4);
        let men = "r3k2r/8/8/8/8/8/8/R3K2R w ";
        let mut rights: Vec<&str> = split
            .jobs
            .iter()
            .filter_map(|j| j.fen.strip_prefix(men))
            .map(|rest| rest.split(' ').next().unwrap())
            .collect();
        rights.sort_unstable();
        assert!(rights.len() >= 3, "{rights:?}");
        assert!(
            rights.contains(&"Qq") && rights.contains(&"Kk") && rights.contains(&"-"),
            "Am. I 11 E(e): a King or Rook that moved loses the right: {rights:?}"
        );
        assert!(
            !rights.contains(&"KQkq"),
            "Am. I 11 E(e): no four plies keep every right"
        );
    }

    #[test]
    fn a_first_turn_of_several_moves_is_not_cut_inside() {
        // Am. IV 4: the cut moves to the end of White's first turn.
        for (odds, moves) in [(Odds::TwoMoves, 2), (Odds::ThreeMoves, 3)] {
            let root =
                Position::from_setup(&odds.setup(&american()), american()).expect("odds start");
            let split = assert_sum_is_perft(&root, moves + 1, 1);
            assert_eq!(
                split.cut, moves,
                "Am. IV 4: {odds} is one turn of {moves} moves"
            );
            assert!(split.jobs.iter().all(|j| j.fen.contains(" b ")));
            assert_eq!(
                super::split(&root, moves - 1, 1).unwrap_err(),
                SplitError::InsideFirstTurn { depth: moves - 1 }
            );
        }
        let root =
            Position::from_setup(&Odds::PawnAndTwoMoves.setup(&american()), american()).unwrap();
        assert_sum_is_perft(&root, 4, 3);
    }

    #[test]
    fn chess960_and_fide_split_exactly() {
        let c960 = build_position(
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            Rules::new(RuleSet::Fide).with_chess960(true),
            Odds::None,
        )
        .unwrap();
        let split = assert_sum_is_perft(&c960, 3, 1);
        assert!(split.jobs.iter().all(|j| j.chess960));
        let fide = Position::startpos(Rules::new(RuleSet::Fide));
        assert_sum_is_perft(&fide, 4, 2);
    }

    #[test]
    fn split_depth_must_lie_within_the_depth() {
        let root = Position::startpos(american());
        for k in [0, 5] {
            assert_eq!(
                split(&root, 4, k).unwrap_err(),
                SplitError::SplitDepth {
                    split_depth: k,
                    depth: 4
                }
            );
        }
        let whole = split(&root, 3, 3).unwrap();
        assert!(whole.jobs.iter().all(|j| j.depth == 0));
        assert_eq!(whole.paths, 8902);
    }
}
