//! Repetition of a position (Am. I 16): the key under which the rule set compares
//! positions, the keys of the positions at the commencement of each turn, and whether
//! the position now is repeated so that a draw may be claimed. The draw law
//! ([`super`]) and the proof of an endless series of checks
//! ([`super::endless_checks`]) both compare positions so.

use crate::position::Position;
use crate::rules::RepetitionRule;

/// The key under which the rule set compares positions for repetition: the men on their
/// squares and the side to move (the Code, Am. I 16), the men alone (Staunton), or the
/// full key with castling and en passant rights (`fide`).
#[inline]
pub fn repetition_key(pos: &Position) -> u64 {
    // RULE(repetition): what makes two positions "identical".
    match pos.rules().repetition {
        RepetitionRule::SamePositionAndRightsThirdTime => pos.key(),
        RepetitionRule::SameMenThirdTime | RepetitionRule::ThreeInSuccession => pos.men_key(),
        RepetitionRule::SameMenEitherSideThirdTime => pos.placement_key(),
    }
}

/// The repetition keys ([`repetition_key`]) of those of `positions` that stand at the
/// commencement of a turn (Am. I 16 (a)), in order: the positions passed through inside
/// a turn of several moves are left out.
pub fn turn_start_keys(positions: &[Position]) -> Vec<u64> {
    positions
        .iter()
        .filter(|p| p.at_turn_start())
        .map(repetition_key)
        .collect()
}

/// Whether the last key of `keys` (the position now) makes a repetition claimable, given
/// that only the last `window` earlier keys can possibly match (the position before a
/// capture or pawn move never comes back). `keys` are the keys of the positions at the
/// commencement of each turn ([`turn_start_keys`]).
pub fn repetition_claimable(keys: &[u64], window: usize, rule: RepetitionRule) -> bool {
    let Some((&now, earlier)) = keys.split_last() else {
        return false;
    };
    let first = earlier.len().saturating_sub(window);
    let matches: Vec<usize> = (first..earlier.len())
        .rev()
        .filter(|&i| earlier[i] == now)
        .take(2)
        .collect();
    if matches.len() < 2 {
        return false;
    }
    match rule {
        RepetitionRule::SameMenThirdTime
        | RepetitionRule::SameMenEitherSideThirdTime
        | RepetitionRule::SamePositionAndRightsThirdTime => true,
        // RULE(repetition): "three repetitions in succession" (Br. IV 11).
        RepetitionRule::ThreeInSuccession => {
            let (second, first) = (matches[0], matches[1]);
            let last = keys.len() - 1;
            last - second == second - first && keys[second..last] == keys[first..second]
        }
    }
}
