//! The odds start recognised in a setup sent as a FEN: its first turn gets the odds'
//! moves (Am. IV 4), and a man given that still stands on the board is named (Am. IV 3).

use super::odds::Odds;
use super::Rules;
use crate::position::legality::{SetupViolation, SetupViolationKind};
use crate::setup::Setup;
use crate::types::{Color, Square};

/// How a setup stands to the start of a game at odds.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum OddsStart {
    /// No odds, or not the odds start's men.
    No,
    /// The men of the odds start, but some other field differs.
    SameMen,
    /// The odds start exactly, but for the number of moves in the first turn.
    Exact,
}

/// Recognises the odds start in `setup`: the one place that says whether a setup is it.
///
/// ```
/// use engine::rules::start::{recognise, OddsStart};
/// use engine::{Odds, Rules, Setup};
/// let rules = Rules::default();
/// assert_eq!(recognise(&Odds::Knight.setup(&rules), Odds::Knight, &rules), OddsStart::Exact);
/// assert_eq!(recognise(&Setup::standard(), Odds::Knight, &rules), OddsStart::No);
/// ```
pub fn recognise(setup: &Setup, odds: Odds, rules: &Rules) -> OddsStart {
    if odds == Odds::None {
        return OddsStart::No;
    }
    let start = odds.setup(rules);
    if setup.board != start.board {
        return OddsStart::No;
    }
    let mut as_written = setup.clone();
    as_written.turn_moves = start.turn_moves;
    if as_written == start {
        OddsStart::Exact
    } else {
        OddsStart::SameMen
    }
}

/// Gives the odds start's first turn the odds' moves when `setup` has the odds start's
/// men with White to move at move 1; says whether it is the odds start's men.
pub fn apply_first_turn(setup: &mut Setup, odds: Odds, rules: &Rules) -> bool {
    if recognise(setup, odds, rules) == OddsStart::No {
        return false;
    }
    if setup.turn == Color::White && setup.fullmove_number == 1 {
        setup.turn_moves = odds.first_turn_moves();
    }
    true
}

/// In a game at odds, a start that is the standard array but for men given that still
/// stand on their squares: the violation naming them (Am. IV 3), if any.
pub fn odds_man_on_board(setup: &Setup, odds: Odds) -> Option<SetupViolation> {
    let standard = Setup::standard();
    let removed = odds.removed();
    let rest_standard = Square::ALL
        .into_iter()
        .filter(|sq| !removed.contains(sq))
        .all(|sq| setup.piece_on(sq) == standard.piece_on(sq));
    let still_there: Vec<Square> = removed
        .iter()
        .copied()
        .filter(|sq| setup.piece_on(*sq).is_some() && setup.piece_on(*sq) == standard.piece_on(*sq))
        .collect();
    if !rest_standard || still_there.is_empty() {
        return None;
    }
    let men: Vec<String> = still_there
        .iter()
        .map(|sq| {
            let kind = standard.piece_on(*sq).map_or("man", |p| p.kind.name());
            format!("the {kind} on {sq}")
        })
        .collect();
    let message = format!(
        "a game at the odds of {odds}: the man given ({}) still stands on the board at the start",
        men.join(", ")
    );
    Some(SetupViolation::new(
        SetupViolationKind::OddsManOnBoard,
        "Am. IV 3",
        still_there,
        message,
    ))
}
