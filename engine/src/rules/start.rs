//! The odds start recognised in a setup sent as a FEN: its first turn gets the odds'
//! moves (Am. IV 4), and a man given that still stands on the board is named (Am. IV 3).

use super::odds::Odds;
use super::Rules;
use crate::position::setup_law::violation::{SetupViolation, SetupViolationKind};
use crate::setup::Setup;
use crate::types::{Color, Piece, PieceKind, Square};

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

/// Who gives the odds of `odds` in a game starting at `setup` (a FEN): the side that
/// lacks the men those odds remove, when one side has fewer of them than the other;
/// otherwise the odds' own giver (Am. IV 2–3).
///
/// ```
/// use engine::rules::start::giver_in;
/// use engine::{Color, Odds, Setup};
/// let black_gives = Setup::from_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false).unwrap();
/// assert_eq!(giver_in(&black_gives, Odds::Knight), Some(Color::Black));
/// assert_eq!(giver_in(&Odds::Knight.setup(&Default::default()), Odds::Knight), Some(Color::White));
/// ```
pub fn giver_in(setup: &Setup, odds: Odds) -> Option<Color> {
    let standard = Setup::standard();
    let kinds: Vec<PieceKind> = odds
        .removed()
        .iter()
        .filter_map(|sq| standard.piece_on(*sq).map(|p| p.kind))
        .collect();
    let count = |c: Color| -> u32 {
        kinds
            .iter()
            .map(|k| setup.squares_of(Piece::new(c, *k)).len())
            .sum()
    };
    let (white, black) = (count(Color::White), count(Color::Black));
    match white.cmp(&black) {
        std::cmp::Ordering::Less if !kinds.is_empty() => Some(Color::White),
        std::cmp::Ordering::Greater if !kinds.is_empty() => Some(Color::Black),
        _ => odds.giver(),
    }
}

/// In a game at odds, men the odds removed from `giver` that are back on the board beyond
/// what his missing Pawns could have become by promotion: the violation naming them
/// (Am. IV 3, I 4), if any. A Queen with eight Pawns at queen odds cannot be.
///
/// ```
/// use engine::rules::start::odds_men_unexplained;
/// use engine::{Color, Odds, Setup};
/// let fen = |f| Setup::from_fen(f, false).unwrap();
/// let eight_pawns = fen("rnbqkbnr/pppppppp/8/8/8/4Q3/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
/// assert!(odds_men_unexplained(&eight_pawns, Odds::Queen, Color::White).is_some());
/// let one_promoted = fen("rnbqkbnr/pppppppp/8/8/8/4Q3/PPPPPPP1/RNB1KBNR w KQkq - 0 1");
/// assert!(odds_men_unexplained(&one_promoted, Odds::Queen, Color::White).is_none());
/// ```
pub fn odds_men_unexplained(setup: &Setup, odds: Odds, giver: Color) -> Option<SetupViolation> {
    let standard = Setup::standard();
    let mut removed = [0u32; 6];
    let mut names = Vec::new();
    for sq in odds.removed() {
        if let Some(p) = standard.piece_on(*sq) {
            removed[p.kind as usize] += 1;
            names.push(format!("the {} on {sq}", p.kind.name()));
        }
    }
    if names.is_empty() {
        return None;
    }
    let count = |kind: PieceKind| setup.squares_of(Piece::new(giver, kind)).len();
    let first = |kind: PieceKind| standard.squares_of(Piece::new(Color::White, kind)).len();
    let pawns_left = first(PieceKind::Pawn) - removed[PieceKind::Pawn as usize];
    let pawns = count(PieceKind::Pawn);
    let gave = format!("{giver} gave {} (Am. IV 3)", names.join(" and "));
    if pawns > pawns_left {
        let message = format!(
            "a game at the odds of {odds}: {gave}, and has {pawns} Pawns; the odds left him {pawns_left}"
        );
        return Some(SetupViolation::new(
            SetupViolationKind::OddsMenUnexplained,
            "Am. IV 3",
            Vec::new(),
            message,
        ));
    }
    let extra: u32 = [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .into_iter()
    .map(|k| count(k).saturating_sub(first(k) - removed[k as usize]))
    .sum();
    let promoted = pawns_left - pawns;
    if extra <= promoted {
        return None;
    }
    let message = format!(
        "a game at the odds of {odds}: {gave}, and has {extra} piece(s) more than the odds left him, with only {promoted} Pawn(s) missing to have been promoted"
    );
    Some(SetupViolation::new(
        SetupViolationKind::OddsMenUnexplained,
        "Am. IV 3",
        Vec::new(),
        message,
    ))
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
