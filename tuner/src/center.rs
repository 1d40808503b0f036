//! Centering of the square tables after a tune, an exact re-parametrisation.
//!
//! A man's value in the evaluation is `material + file[f] + rank[r]`, so adding a constant
//! to every entry of one table and taking it off the material changes no evaluation. The
//! tuner sees only the sum and lets the three drift together (a tuned Queen can carry a
//! quarter of her endgame value in her square tables). Moving each table's mean, rounded to
//! a whole centipawn, into the material leaves tables centred on zero and material that
//! reads as what a piece is worth, and every evaluation as it was, to the centipawn.
//!
//! Pawns never stand on the first or last rank, so those two rank entries stay 0 and the
//! mean is taken over the other six. The King's table means are dropped rather than moved:
//! each side always has exactly one King, so they cancel in every position.

use engine::eval::{Params, S};
use engine::PieceKind;

const PAWN: usize = PieceKind::Pawn as usize;
const KING: usize = PieceKind::King as usize;

/// Rounded mean of `entries`, per component.
fn mean(entries: &[S]) -> S {
    let n = entries.len() as f64;
    let (mg, eg) = entries
        .iter()
        .fold((0i32, 0i32), |(mg, eg), s| (mg + s.0, eg + s.1));
    S(
        (f64::from(mg) / n).round() as i32,
        (f64::from(eg) / n).round() as i32,
    )
}

/// Takes the mean out of `entries` and returns it.
fn take_mean(entries: &mut [S]) -> S {
    let m = mean(entries);
    for s in entries.iter_mut() {
        *s -= m;
    }
    m
}

/// Centres every piece's file and rank table on zero, moving the shift into its material
/// (dropping it for the King). No evaluation changes.
pub fn center_square_tables(p: &mut Params) {
    for piece in 0..6 {
        let from_files = take_mean(&mut p.file[piece]);
        let ranks = if piece == PAWN {
            &mut p.rank[piece][1..7]
        } else {
            &mut p.rank[piece][..]
        };
        let from_ranks = take_mean(ranks);
        if piece != KING {
            p.material[piece] += from_files + from_ranks;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::eval::{evaluate_with, DEFAULT};
    use engine::{Position, Rules, Setup};

    /// Tables pushed off centre the way a tune leaves them.
    fn drifted() -> Params {
        let mut p = DEFAULT.clone();
        for piece in 0..6 {
            for i in 0..8 {
                let k = piece as i32 * 7 + i as i32;
                p.file[piece][i] += S(40 + k, -25 + 3 * k);
                if piece != PAWN || (1..7).contains(&i) {
                    p.rank[piece][i] += S(-13 + 2 * k, 90 - k);
                }
            }
        }
        p
    }

    #[test]
    fn centring_changes_no_evaluation() {
        let before = drifted();
        let mut after = before.clone();
        center_square_tables(&mut after);
        assert_ne!(before, after);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/8/8/8/2r5/3QK3 b - - 0 1",
            "6k1/5ppp/8/8/8/8/1q3PPP/6K1 w - - 0 1",
        ] {
            let setup = Setup::from_fen(fen, false).unwrap();
            let pos = Position::from_setup(&setup, Rules::default()).unwrap();
            assert_eq!(
                evaluate_with(&pos, &before),
                evaluate_with(&pos, &after),
                "{fen}"
            );
        }
    }

    #[test]
    fn tables_end_centred_and_unused_pawn_ranks_stay_zero() {
        let mut p = drifted();
        center_square_tables(&mut p);
        for piece in 0..6 {
            let files = mean(&p.file[piece]);
            assert!(
                files.0.abs() <= 1 && files.1.abs() <= 1,
                "{piece}: {files:?}"
            );
        }
        assert_eq!(p.rank[PAWN][0], S(0, 0));
        assert_eq!(p.rank[PAWN][7], S(0, 0));
        assert_eq!(p.material[KING], DEFAULT.material[KING]);
    }
}
