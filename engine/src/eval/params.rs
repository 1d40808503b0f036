//! The evaluation's parameters, all in one place as data, so that a tuner can read and
//! rewrite them. Each value is a middlegame/endgame pair in centipawns.
//!
//! [`DEFAULT`] was fitted by `tuner/` to Morphy's own games, in two rounds (the steps and
//! the matches that adopted them are in `docs/STRENGTH.md`):
//!
//! - v4: starting from values written by hand (from general chess knowledge, not copied
//!   from any engine), about 16,700 self-play games at 6,000 nodes a move (`tuner
//!   datagen`, openings from `scripts/openings/openings.epd`, 1,164,029 quiet positions
//!   with the result, all but 70,820 with the search score too) and `tuner tune data.txt
//!   --epochs 1200 --lr 2 --relinearise 400 --keep-best --lambda 0.5 --write
//!   engine/src/eval/params.rs`, which also centres the square tables. Held-out error
//!   (real evaluation against game results) 0.081959 → 0.079475.
//! - v6: from v4's weights with the terms added since (the mobility tables set to the
//!   linear values they replaced, the other new terms at zero), 24,025 self-play games at
//!   6,000 nodes a move (1,724,527 positions with result and score) and 641,759
//!   positions of 6,487 games of the match runs in `docs/STRENGTH.md` (result only),
//!   the same `tune` command.
//!   Held-out error 0.082768 → 0.081645 (a different set: these positions are harder).
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
    /// Per square a Queen may go to, above `mobility_base` (index by kind). The Knight,
    /// Bishop and Rook entries are no longer read: their tables replace them (the tuner
    /// still lists them; they get no gradient).
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
    /// A Knight's mobility by the number of squares counted (in place of `mobility`).
    pub knight_mobility: [S; 9],
    /// A Bishop's mobility by the number of squares counted (in place of `mobility`).
    pub bishop_mobility: [S; 14],
    /// A Rook's mobility by the number of squares counted (in place of `mobility`).
    pub rook_mobility: [S; 15],
    /// Per square from which a Knight, Bishop, Rook, Queen could check the enemy King
    /// without being taken there.
    pub safe_check: [S; 4],
    /// Per square next to our King that the enemy attacks and only the King or Queen
    /// defends.
    pub weak_king_zone: S,
    /// A Knight, Bishop on the fourth to sixth rank, defended by a Pawn, where no enemy
    /// Pawn can ever attack it.
    pub outpost: [S; 2],
    /// A Knight or Bishop with a Pawn on the square in front of it.
    pub minor_behind_pawn: S,
    /// Per own Pawn on the squares of a Bishop's colour, per Bishop.
    pub bishop_pawns: S,
    /// A Rook on the seventh rank while the enemy King is on the eighth or enemy Pawns
    /// stand on the seventh.
    pub rook_seventh: S,
    /// Per enemy piece that a safe one-square Pawn advance would attack.
    pub pawn_push_threat: S,
    /// Per undefended enemy man (Pawns too, not the King) our King attacks; a piece
    /// among them counts under `hanging` as well.
    pub threat_by_king: S,
}

/// The parameters the engine plays with.
#[rustfmt::skip]
pub const DEFAULT: Params = Params {
    material: [S(106, 97), S(363, 375), S(404, 408), S(545, 640), S(1379, 1016), S(0, 0)],
    file: [
        [S(-4, 1), S(-8, 7), S(-2, 5), S(4, -4), S(11, 0), S(13, -2), S(7, -9), S(-18, 0)],
        [S(-25, -12), S(-8, -2), S(-4, 4), S(17, 8), S(11, 12), S(16, 0), S(3, 2), S(-8, -13)],
        [S(-11, -13), S(5, -2), S(7, 5), S(-1, 9), S(1, 7), S(-1, 4), S(10, -3), S(-13, -8)],
        [S(-13, 15), S(-15, 6), S(12, -2), S(10, -4), S(18, -11), S(12, -6), S(-14, 5), S(-13, -2)],
        [S(7, -45), S(6, -12), S(1, 19), S(2, 16), S(5, 22), S(-9, 27), S(-5, 10), S(-9, -33)],
        [S(1, -26), S(19, -2), S(9, 6), S(-39, 16), S(-6, 8), S(-18, 19), S(30, 5), S(7, -23)],
    ],
    rank: [
        [S(0, 0), S(-14, 10), S(-24, 7), S(-10, 2), S(-10, 4), S(25, 4), S(33, -25), S(0, 0)],
        [S(2, -19), S(21, -30), S(23, -9), S(26, 11), S(31, 16), S(28, 13), S(11, 5), S(-144, 17)],
        [S(1, -22), S(26, -27), S(21, -9), S(14, 2), S(15, 10), S(12, 6), S(-26, 19), S(-60, 21)],
        [S(-4, -24), S(-23, -21), S(-19, -8), S(-29, 14), S(-2, 15), S(10, 14), S(43, 5), S(24, 6)],
        [S(45, -136), S(37, -103), S(17, -28), S(5, 8), S(-11, 38), S(-28, 66), S(-32, 83), S(-36, 69)],
        [S(3, -22), S(9, -11), S(6, -1), S(-1, 8), S(-8, 18), S(-3, 37), S(-37, 15), S(35, -40)],
    ],
    mobility: [S(0, 0), S(9, 1), S(7, 2), S(6, 3), S(6, -7), S(0, 0)],
    mobility_base: [0, 4, 6, 6, 12, 0],
    passed: [S(0, 0), S(-3, 25), S(-7, 20), S(-9, 21), S(0, 23), S(-21, 23), S(73, 41), S(0, 0)],
    passed_free: [S(0, 0), S(-13, -3), S(-6, 0), S(4, 6), S(25, 11), S(66, 16), S(85, 75), S(0, 0)],
    passed_enemy_king: [0, 2, 5, 17, 30, 46, 49, 0],
    passed_own_king: [0, 1, 4, 8, 12, 10, 10, 0],
    isolated: S(-4, -18),
    doubled: S(-16, -3),
    backward: S(-1, -22),
    connected: [S(0, 0), S(6, -5), S(17, 1), S(12, 6), S(16, 26), S(48, 65), S(291, 81), S(0, 0)],
    king_attack_weight: [0, 2, 2, 3, 5, 0],
    shield: [S(21, -12), S(14, -13)],
    king_open_file: S(-7, -12),
    threat_by_pawn: S(56, 31),
    threat_by_minor: S(57, 14),
    threat_by_rook: S(46, 47),
    hanging: S(24, 1),
    bishop_pair: S(32, 55),
    rook_open: S(40, -6),
    rook_semi_open: S(16, 17),
    tempo: S(16, 6),
    knight_mobility: [S(-48, -62), S(-25, -42), S(-15, -23), S(-7, -15), S(-3, 1), S(4, 7), S(11, 2), S(16, 3), S(9, -4)],
    bishop_mobility: [S(-48, -71), S(-32, -36), S(-26, -31), S(-17, -22), S(-9, -15), S(-5, -6), S(-3, -1), S(1, 0), S(1, 0), S(0, 2), S(13, -3), S(-13, 4), S(1, -4), S(-36, 7)],
    rook_mobility: [S(-45, -40), S(-32, -22), S(-27, -10), S(-22, 1), S(-23, 9), S(-18, 16), S(-13, 20), S(-8, 19), S(-8, 26), S(-12, 38), S(-8, 35), S(-2, 37), S(-7, 44), S(4, 36), S(53, 6)],
    safe_check: [S(47, -4), S(20, 14), S(48, -1), S(41, -12)],
    weak_king_zone: S(2, 1),
    outpost: [S(14, 9), S(29, 0)],
    minor_behind_pawn: S(4, 15),
    bishop_pawns: S(-2, -7),
    rook_seventh: S(-10, 15),
    pawn_push_threat: S(16, 15),
    threat_by_king: S(73, 19),
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
        for s in self
            .knight_mobility
            .iter_mut()
            .chain(self.bishop_mobility.iter_mut())
            .chain(self.rook_mobility.iter_mut())
            .chain(self.safe_check.iter_mut())
            .chain([&mut self.weak_king_zone])
            .chain(self.outpost.iter_mut())
            .chain([
                &mut self.minor_behind_pawn,
                &mut self.bishop_pawns,
                &mut self.rook_seventh,
                &mut self.pawn_push_threat,
                &mut self.threat_by_king,
            ])
        {
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
