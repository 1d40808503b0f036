//! The pawns' moves counted as sets: where a set of pawns steps and takes, and how one
//! man arriving changes that.

use crate::position::Position;
use crate::types::{Bitboard, Color, File, Rank};

/// The moves of `color`'s unpinned pawns `free` (none on its last rank) onto `targets`,
/// en passant apart: single and double steps onto empty squares, captures of `theirs`,
/// each move to the last rank counted `choices` times (the promotion choices).
#[inline(always)]
pub(super) fn free_pawn_moves(
    color: Color,
    free: Bitboard,
    occupied: Bitboard,
    theirs: Bitboard,
    targets: Bitboard,
    choices: u64,
) -> u64 {
    PawnReach::of(color, free).moves(color, occupied, theirs, targets, choices)
}

/// Where a set of pawns of one colour step and take, whatever stands around them.
#[derive(Copy, Clone, Debug)]
pub(crate) struct PawnReach {
    /// The squares one step ahead.
    ahead: Bitboard,
    /// The squares taken towards the a-file and towards the h-file.
    west: Bitboard,
    east: Bitboard,
    /// Whether a pawn stands on its seventh rank (its steps and captures may promote).
    promoting: bool,
}

impl PawnReach {
    /// The reach of `color`'s pawns `pawns`.
    #[inline(always)]
    pub(crate) fn of(color: Color, pawns: Bitboard) -> PawnReach {
        let (west, east) = pawn_attack_sets(color, pawns);
        PawnReach {
            ahead: pawns.forward(color),
            west,
            east,
            promoting: (pawns & Bitboard::rank(Rank::Seventh.relative_to(color))).is_nonempty(),
        }
    }

    /// The pawns' moves onto `targets`, with `occupied` and `theirs` as they stand (see
    /// [`free_pawn_moves`]).
    #[inline(always)]
    pub(crate) fn moves(
        &self,
        color: Color,
        occupied: Bitboard,
        theirs: Bitboard,
        targets: Bitboard,
        choices: u64,
    ) -> u64 {
        let (one, two) = self.steps(color, occupied);
        let (west, east) = (self.west & theirs, self.east & theirs);
        if self.promoting {
            let promotion = Position::promotion_rank(color);
            let count = |set: Bitboard| -> u64 {
                let set = set & targets;
                u64::from((set - promotion).len()) + u64::from((set & promotion).len()) * choices
            };
            count(one) + count(two) + count(west) + count(east)
        } else {
            // No pawn can reach its last rank: one move a target square.
            u64::from((one & targets).len())
                + u64::from((two & targets).len())
                + u64::from((west & targets).len())
                + u64::from((east & targets).len())
        }
    }

    /// The squares the pawns step to, one step and two, with `occupied` as it stands.
    #[inline(always)]
    fn steps(&self, color: Color, occupied: Bitboard) -> (Bitboard, Bitboard) {
        let one = self.ahead - occupied;
        let two = (one & Bitboard::rank(Rank::Third.relative_to(color))).forward(color) - occupied;
        (one, two)
    }

    /// Whether a pawn may promote (then [`PawnReach::moves_summed_over_arrivals`] does
    /// not apply).
    #[inline(always)]
    pub(crate) fn may_promote(&self) -> bool {
        self.promoting
    }

    /// [`PawnReach::moves`] onto every square, summed over the squares of `arrivals`,
    /// each counted with one more man of the other side there (`occupied | to`,
    /// `theirs | to`). The squares of `arrivals` are empty; no pawn may promote. A man
    /// arriving blocks the step onto its square, and the double step through it or onto
    /// it, and gives a capture to each pawn that attacks its square.
    #[inline(always)]
    pub(crate) fn moves_summed_over_arrivals(
        &self,
        color: Color,
        occupied: Bitboard,
        theirs: Bitboard,
        arrivals: Bitboard,
    ) -> u64 {
        debug_assert!(!self.promoting && (arrivals & occupied).is_empty());
        let (one, two) = self.steps(color, occupied);
        let each = u64::from((one.len() + two.len()) + (self.west & theirs).len())
            + u64::from((self.east & theirs).len());
        let blocked = (arrivals & one).len()
            + (arrivals & one & two.forward(!color)).len()
            + (arrivals & two).len();
        let gained = (arrivals & self.west).len() + (arrivals & self.east).len();
        u64::from(arrivals.len()) * each + u64::from(gained) - u64::from(blocked)
    }
}

/// The squares `color`'s pawns in `pawns` attack towards the a-file and towards the h-file.
#[inline(always)]
pub(super) fn pawn_attack_sets(color: Color, pawns: Bitboard) -> (Bitboard, Bitboard) {
    let not_a = pawns - Bitboard::file(File::A);
    let not_h = pawns - Bitboard::file(File::H);
    match color {
        Color::White => (Bitboard(not_a.0 << 7), Bitboard(not_h.0 << 9)),
        Color::Black => (Bitboard(not_a.0 >> 9), Bitboard(not_h.0 >> 7)),
    }
}

#[cfg(test)]
mod tests {
    use super::PawnReach;
    use crate::rng::Rng;
    use crate::types::{Bitboard, Color, Rank};

    /// The sum over many arrivals at once equals the sum of the counts made one arrival
    /// at a time, on random boards (pawns off their first, seventh and last ranks).
    #[test]
    fn moves_summed_over_arrivals_equal_the_sum_of_each() {
        let mut rng = Rng::new(7);
        let mut random = || rng.next_u64();
        for color in [Color::White, Color::Black] {
            let banned = Bitboard::rank(Rank::First.relative_to(color))
                | Bitboard::rank(Rank::Seventh.relative_to(color))
                | Bitboard::rank(Rank::Eighth.relative_to(color));
            for _ in 0..2000 {
                let pawns = Bitboard(random() & random()) - banned;
                let others = Bitboard(random() & random() & random()) - pawns;
                let theirs = others & Bitboard(random());
                let occupied = pawns | others;
                let arrivals = Bitboard(random() & random()) - occupied;
                let reach = PawnReach::of(color, pawns);
                let one_by_one: u64 = arrivals
                    .into_iter()
                    .map(|to| reach.moves(color, occupied | to, theirs | to, Bitboard::FULL, 1))
                    .sum();
                assert_eq!(
                    reach.moves_summed_over_arrivals(color, occupied, theirs, arrivals),
                    one_by_one,
                    "{color:?} pawns {pawns:?} occupied {occupied:?} arrivals {arrivals:?}"
                );
            }
        }
    }
}
