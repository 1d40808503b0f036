//! The evaluation's parameters, all in one place as data, so that a tuner can read and
//! rewrite them. Each value is a middlegame/endgame pair in centipawns. These are our
//! own starting values (written by hand from general chess knowledge, not copied from
//! any engine); `tuner/` refits them.
//!
//! Piece-square values are the sum of a file term and a rank term; ranks are counted
//! from the side's own first rank, so one table serves both colours.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame/endgame pair of centipawn values.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct S(pub i32, pub i32);

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}
impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}
impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// Every evaluation weight. [`DEFAULT`] is the set the engine plays with.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Value of a Pawn, Knight, Bishop, Rook, Queen (King unused).
    pub material: [S; 6],
    /// Piece-square file term, per kind, files a..h.
    pub file: [[S; 8]; 6],
    /// Piece-square rank term, per kind, ranks 1..8 from the side's own side.
    pub rank: [[S; 8]; 6],
    /// Per square a Knight, Bishop, Rook, Queen may go to (index by kind), above `mobility_base`.
    pub mobility: [S; 6],
    /// The number of squares counted as neutral mobility, per kind.
    pub mobility_base: [i32; 6],
    /// A passed Pawn, by relative rank.
    pub passed: [S; 8],
    /// A passed Pawn whose next square is empty, by relative rank.
    pub passed_free: [S; 8],
    /// Per square of distance from the enemy King to a passed Pawn's next square, by rank.
    pub passed_enemy_king: [i32; 8],
    /// Per square of distance from our King to a passed Pawn's next square, by rank.
    pub passed_own_king: [i32; 8],
    /// A Pawn with no friendly Pawn on the neighbouring files.
    pub isolated: S,
    /// Each Pawn behind another of its colour on the same file.
    pub doubled: S,
    /// A Pawn that cannot be supported by a neighbour and whose advance square the enemy
    /// Pawns command.
    pub backward: S,
    /// A Pawn side by side with or defended by another, by relative rank.
    pub connected: [S; 8],
    /// Attack units per square of the King's zone that a Knight, Bishop, Rook, Queen attacks.
    pub king_attack_weight: [i32; 6],
    /// A Pawn of the King's shield on the second / third rank in front of the King.
    pub shield: [S; 2],
    /// A file at or next to the King with no friendly Pawn.
    pub king_open_file: S,
    /// A non-pawn man attacked by an enemy Pawn.
    pub threat_by_pawn: S,
    /// A Rook or Queen attacked by an enemy Knight or Bishop.
    pub threat_by_minor: S,
    /// A Queen attacked by an enemy Rook.
    pub threat_by_rook: S,
    /// A non-pawn man attacked and not defended.
    pub hanging: S,
    /// Both Bishops.
    pub bishop_pair: S,
    /// A Rook on a file with no Pawns.
    pub rook_open: S,
    /// A Rook on a file with enemy Pawns only.
    pub rook_semi_open: S,
    /// The side to move's bonus.
    pub tempo: S,
}

/// The parameters the engine plays with.
#[rustfmt::skip]
pub const DEFAULT: Params = Params {
    material: [S(82, 100), S(330, 300), S(345, 320), S(470, 530), S(1000, 960), S(0, 0)],
    file: [
        [S(-6, 2), S(-2, 0), S(2, -2), S(8, -4), S(8, -4), S(2, -2), S(-2, 0), S(-6, 2)],
        [S(-24, -20), S(-8, -8), S(4, 2), S(10, 8), S(10, 8), S(4, 2), S(-8, -8), S(-24, -20)],
        [S(-8, -6), S(0, -2), S(4, 2), S(6, 4), S(6, 4), S(4, 2), S(0, -2), S(-8, -6)],
        [S(-4, 0), S(0, 0), S(4, 0), S(8, 0), S(8, 0), S(4, 0), S(0, 0), S(-4, 0)],
        [S(-6, -10), S(-2, -4), S(2, 4), S(4, 8), S(4, 8), S(2, 4), S(-2, -4), S(-6, -10)],
        [S(15, -20), S(25, -6), S(5, 4), S(-15, 10), S(-15, 10), S(-5, 4), S(25, -6), S(15, -20)],
    ],
    rank: [
        [S(0, 0), S(-4, -6), S(-4, -4), S(2, 2), S(10, 10), S(22, 25), S(40, 50), S(0, 0)],
        [S(-20, -20), S(-6, -8), S(6, 2), S(14, 10), S(18, 14), S(22, 10), S(10, 0), S(-20, -18)],
        [S(-8, -8), S(4, -2), S(6, 2), S(8, 4), S(8, 4), S(8, 2), S(0, 0), S(-10, -6)],
        [S(-4, -4), S(-6, -4), S(-6, -2), S(-4, 0), S(0, 2), S(4, 4), S(16, 8), S(8, 6)],
        [S(-6, -16), S(0, -6), S(2, 2), S(2, 8), S(4, 12), S(4, 12), S(0, 8), S(-4, 0)],
        [S(10, -30), S(-10, -6), S(-30, 6), S(-45, 14), S(-55, 18), S(-60, 18), S(-60, 10), S(-60, -10)],
    ],
    mobility: [S(0, 0), S(4, 4), S(5, 5), S(2, 4), S(1, 2), S(0, 0)],
    mobility_base: [0, 4, 6, 6, 12, 0],
    passed: [S(0, 0), S(2, 8), S(6, 12), S(12, 24), S(24, 45), S(45, 80), S(75, 130), S(0, 0)],
    passed_free: [S(0, 0), S(0, 0), S(0, 2), S(2, 6), S(6, 12), S(10, 24), S(20, 40), S(0, 0)],
    passed_enemy_king: [0, 0, 0, 4, 8, 12, 16, 0],
    passed_own_king: [0, 0, 0, 2, 4, 5, 6, 0],
    isolated: S(-10, -12),
    doubled: S(-8, -18),
    backward: S(-8, -8),
    connected: [S(0, 0), S(0, 0), S(4, 2), S(6, 4), S(10, 8), S(18, 14), S(30, 24), S(0, 0)],
    king_attack_weight: [0, 2, 2, 3, 5, 0],
    shield: [S(12, 0), S(7, 0)],
    king_open_file: S(-14, 0),
    threat_by_pawn: S(40, 30),
    threat_by_minor: S(25, 20),
    threat_by_rook: S(25, 15),
    hanging: S(15, 10),
    bishop_pair: S(30, 50),
    rook_open: S(25, 10),
    rook_semi_open: S(12, 8),
    tempo: S(14, 6),
};

impl Params {
    /// Calls `f` on every weight, in a fixed order (for tuners: flatten and rebuild).
    pub fn visit_mut(&mut self, mut f: impl FnMut(&mut i32)) {
        let pair = |s: &mut S, f: &mut dyn FnMut(&mut i32)| {
            f(&mut s.0);
            f(&mut s.1);
        };
        for s in &mut self.material {
            pair(s, &mut f);
        }
        for table in self.file.iter_mut().chain(self.rank.iter_mut()) {
            for s in table {
                pair(s, &mut f);
            }
        }
        for s in &mut self.mobility {
            pair(s, &mut f);
        }
        for s in self
            .passed
            .iter_mut()
            .chain(self.passed_free.iter_mut())
            .chain(self.connected.iter_mut())
        {
            pair(s, &mut f);
        }
        for v in self
            .passed_enemy_king
            .iter_mut()
            .chain(self.passed_own_king.iter_mut())
            .chain(self.king_attack_weight.iter_mut())
        {
            f(v);
        }
        for s in self.shield.iter_mut().chain([
            &mut self.isolated,
            &mut self.doubled,
            &mut self.backward,
            &mut self.king_open_file,
            &mut self.threat_by_pawn,
            &mut self.threat_by_minor,
            &mut self.threat_by_rook,
            &mut self.hanging,
            &mut self.bishop_pair,
            &mut self.rook_open,
            &mut self.rook_semi_open,
            &mut self.tempo,
        ]) {
            pair(s, &mut f);
        }
    }

    /// Every weight in [`Params::visit_mut`] order.
    pub fn to_vec(&self) -> Vec<i32> {
        let mut out = Vec::new();
        self.clone().visit_mut(|v| out.push(*v));
        out
    }

    /// These parameters with the weights replaced from `values` (in `to_vec` order).
    ///
    /// # Panics
    /// When `values` is shorter than [`Params::to_vec`].
    pub fn with_values(&self, values: &[i32]) -> Params {
        let mut p = self.clone();
        let mut it = values.iter();
        p.visit_mut(|v| *v = *it.next().expect("enough values"));
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flattening_round_trips() {
        let v = DEFAULT.to_vec();
        assert!(v.len() > 250);
        assert_eq!(DEFAULT.with_values(&v), DEFAULT);
        let bumped: Vec<i32> = v.iter().map(|x| x + 1).collect();
        assert_eq!(DEFAULT.with_values(&bumped).to_vec(), bumped);
    }
}
