//! The catalogue of odds starts (docs/RULES.md §4; Am. Part IV) as the oracle knows them: which
//! men are taken off the standard start and how many moves White, who always moves first,
//! makes in the first turn. Independent of the `engine` crate.

use super::{CastlingPath, Color, Position, RuleSet, Sq, Wing};

/// One odds start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The name used in the suites (`;odds NAME`).
    pub name: &'static str,
    /// The squares emptied on the standard start.
    pub removed: &'static [&'static str],
    /// The moves White makes in the first turn (1, or 2–3 for several moves, Am. IV 4).
    pub first_turn: u8,
}

const fn odds(name: &'static str, removed: &'static [&'static str], first_turn: u8) -> Odds {
    Odds {
        name,
        removed,
        first_turn,
    }
}

/// Every odds start of docs/RULES.md §4. The given Pawn is the f-pawn, the Knight the Queen's
/// Knight, the Bishop the Queen's Bishop, the Rook the Queen's Rook (Am. IV 3).
pub const CATALOGUE: [Odds; 13] = [
    odds("none", &[], 1),
    odds("pawn", &["f2"], 1),
    odds("pawn-and-move", &["f7"], 1),
    odds("pawn-and-two-moves", &["f7"], 2),
    odds("knight", &["b1"], 1),
    odds("bishop", &["c1"], 1),
    odds("rook", &["a1"], 1),
    odds("rook-and-knight", &["a1", "b1"], 1),
    odds("rook-pawn-and-move", &["a8", "f7"], 1),
    odds("two-rooks", &["a1", "h1"], 1),
    odds("queen", &["d1"], 1),
    odds("two-moves", &[], 2),
    odds("three-moves", &[], 3),
];

const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Odds {
    pub fn by_name(name: &str) -> Option<Odds> {
        CATALOGUE.into_iter().find(|odds| odds.name == name)
    }
}

impl Position {
    /// The start of a game at `odds` under `rules`. The castling letters stay `KQkq`: a
    /// removed Rook's letter is the right to castle without it — except under `fide`, which
    /// has no such right, so there the letters of removed Rooks are dropped.
    pub fn odds_start(odds: Odds, rules: RuleSet) -> Position {
        let mut pos =
            Position::from_fen(STANDARD_START, rules).expect("the standard start is valid");
        for name in odds.removed {
            let sq = Sq::parse(name).expect("catalogue squares are valid");
            pos.board[sq.index()] = None;
            for color in [Color::White, Color::Black] {
                for wing in Wing::BOTH {
                    let path = CastlingPath::of(color, wing);
                    if path.rook_home == sq && !rules.castles_without_rook() {
                        pos.castling[color.index()][wing.index()] = false;
                    }
                }
            }
        }
        if odds.first_turn > 1 {
            pos.turn_moves_left = odds.first_turn;
        }
        pos
    }
}
