//! The odds catalogue: which men the giver removes and how the first turn is played.
//!
//! Odds are pure data producing a [`Setup`]; the move generator never sees them, only
//! the position's first-turn fields (several moves, none beyond the fourth rank).
//! Men given follow Am. IV 3: a Pawn is the King's Bishop's Pawn, a Knight the Queen's
//! Knight, a Bishop the Queen's Bishop, a Rook the Queen's Rook.

use std::fmt;
use std::str::FromStr;

use crate::position::Position;
use crate::rules::draws::ruling::Ruling;
use crate::rules::Rules;
use crate::setup::{CastleSide, Setup};
use crate::types::{Color, Move, MoveKind, PieceKind, Square};

/// A start at odds, from the catalogue of the period's common odds (docs/RULES.md §4).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum Odds {
    /// No odds: the standard game.
    #[default]
    None,
    /// White gives the King's Bishop's Pawn (f2) and moves first (Am. IV 2, 3).
    Pawn,
    /// Black gives the f7 Pawn; White, the receiver, moves first.
    PawnAndMove,
    /// Black gives the f7 Pawn; White makes two moves in his first turn (Am. IV 4).
    PawnAndTwoMoves,
    /// White gives the Queen's Knight (b1).
    Knight,
    /// White gives the Queen's Bishop (c1).
    Bishop,
    /// White gives the Queen's Rook (a1).
    Rook,
    /// White gives the Queen's Rook and Knight (a1, b1).
    RookAndKnight,
    /// Black gives the Queen's Rook (a8) and the f7 Pawn; White moves first.
    RookPawnAndMove,
    /// White gives both Rooks (a1, h1).
    TwoRooks,
    /// White gives the Queen (d1).
    Queen,
    /// No man given; White makes two moves in his first turn (Am. IV 4).
    TwoMoves,
    /// No man given; White makes three moves in his first turn (Am. IV 4).
    ThreeMoves,
}

crate::named_enum!(
    Odds,
    "odds",
    [
        None => "none",
        Pawn => "pawn",
        PawnAndMove => "pawn-and-move",
        PawnAndTwoMoves => "pawn-and-two-moves",
        Knight => "knight",
        Bishop => "bishop",
        Rook => "rook",
        RookAndKnight => "rook-and-knight",
        RookPawnAndMove => "rook-pawn-and-move",
        TwoRooks => "two-rooks",
        Queen => "queen",
        TwoMoves => "two-moves",
        ThreeMoves => "three-moves",
    ]
);

impl Odds {
    /// The side that gives the odds, if any.
    pub const fn giver(self) -> Option<Color> {
        match self {
            Odds::None => None,
            Odds::PawnAndMove
            | Odds::PawnAndTwoMoves
            | Odds::RookPawnAndMove
            | Odds::TwoMoves
            | Odds::ThreeMoves => Some(Color::Black),
            _ => Some(Color::White),
        }
    }

    /// The squares whose men the giver removes before the game.
    pub const fn removed(self) -> &'static [Square] {
        match self {
            Odds::None | Odds::TwoMoves | Odds::ThreeMoves => &[],
            Odds::Pawn => &[Square::F2],
            Odds::PawnAndMove | Odds::PawnAndTwoMoves => &[Square::F7],
            Odds::Knight => &[Square::B1],
            Odds::Bishop => &[Square::C1],
            Odds::Rook => &[Square::A1],
            Odds::RookAndKnight => &[Square::A1, Square::B1],
            Odds::RookPawnAndMove => &[Square::A8, Square::F7],
            Odds::TwoRooks => &[Square::A1, Square::H1],
            Odds::Queen => &[Square::D1],
        }
    }

    /// How many moves White makes in the first turn (Am. IV 4).
    pub const fn first_turn_moves(self) -> u8 {
        match self {
            Odds::PawnAndTwoMoves | Odds::TwoMoves => 2,
            Odds::ThreeMoves => 3,
            _ => 1,
        }
    }

    /// The start position under `rules`. Castling letters stay for a removed Rook where
    /// the rules allow castling without Rook (docs/RULES.md §3); elsewhere they are dropped.
    ///
    /// ```
    /// use engine::{Odds, Rules, RuleSet, fen::CastlingNotation};
    /// let s = Odds::Rook.setup(&Rules::new(RuleSet::American1897));
    /// assert_eq!(s.to_fen(CastlingNotation::Standard), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1");
    /// let s = Odds::Rook.setup(&Rules::new(RuleSet::Fide));
    /// assert_eq!(s.castling_fen(CastlingNotation::Standard), "Kkq");
    /// ```
    pub fn setup(self, rules: &Rules) -> Setup {
        let mut setup = Setup::standard();
        for sq in self.removed() {
            setup.board[*sq as usize] = None;
        }
        // A right whose Rook was removed stands only where castling without Rook does.
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(file) = setup.castling.get(color).get(side) {
                    let problem = crate::position::setup_law::repair::castling_right_problem(
                        &setup, *rules, color, side, file,
                    );
                    if problem.is_some() {
                        setup.castling.get_mut(color).set(side, None);
                    }
                }
            }
        }
        setup.turn_moves = self.first_turn_moves();
        setup
    }
}

/// Who gives the odds (UCI `OddsGiver`): the giver of the odds start, or a side named
/// when the start comes as a FEN.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum OddsGiver {
    /// The giver of the `Odds` start; nobody when the odds are `none`.
    #[default]
    Auto,
    /// White gives, whatever the start.
    White,
    /// Black gives.
    Black,
    /// Nobody: the odds terms do not apply.
    Nobody,
}

crate::named_enum!(
    OddsGiver,
    "odds giver",
    [
        Auto => "auto",
        White => Color::White.name(),
        Black => Color::Black.name(),
        Nobody => "none",
    ]
);

impl OddsGiver {
    /// The side giving the odds in a game started with `odds`.
    pub const fn giver(self, odds: Odds) -> Option<Color> {
        match self {
            OddsGiver::Auto => odds.giver(),
            OddsGiver::White => Some(Color::White),
            OddsGiver::Black => Some(Color::Black),
            OddsGiver::Nobody => None,
        }
    }
}

/// A conditional mate the odds-giver has undertaken (UCI option `MateCondition`).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum MateCondition {
    /// No condition: any mate wins.
    #[default]
    None,
    /// Mate with the Pawn that stood on this square at the start of the game; it may
    /// not promote. Written `pawn:e2`.
    Pawn(Square),
    /// Mate with the mated King on this square. Written `square:e8`.
    Square(Square),
    /// Mate with the giver's man (any but the King) that stood on this square at the
    /// start (Staunton, odds I: "agrees to check-mate with a particular man"; Br. VI 1).
    /// Written `man:b1`. A Pawn so named is held to Am. IV 6 as `pawn:` is.
    Man(Square),
}

/// A `MateCondition` text that is not `none`, `pawn:<square>`, `man:<square>` or
/// `square:<square>`.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct MateConditionParseError(pub String);

impl fmt::Display for MateConditionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad mate condition '{}' (expected none, pawn:<square>, man:<square> or square:<square>)",
            self.0
        )
    }
}

impl std::error::Error for MateConditionParseError {}

impl FromStr for MateCondition {
    type Err = MateConditionParseError;

    /// ```
    /// use engine::search::MateCondition;
    /// use engine::Square;
    /// assert_eq!("pawn:e2".parse(), Ok(MateCondition::Pawn(Square::E2)));
    /// assert_eq!("square:e8".parse(), Ok(MateCondition::Square(Square::E8)));
    /// assert_eq!("man:b1".parse(), Ok(MateCondition::Man(Square::B1)));
    /// assert_eq!("none".parse(), Ok(MateCondition::None));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || MateConditionParseError(s.to_string());
        let t = s.trim().to_ascii_lowercase();
        if t.is_empty() || t == "none" {
            return Ok(MateCondition::None);
        }
        let (what, sq) = t.split_once(':').ok_or_else(err)?;
        let sq = Square::parse(sq.trim()).ok_or_else(err)?;
        match what.trim() {
            "pawn" => Ok(MateCondition::Pawn(sq)),
            "square" => Ok(MateCondition::Square(sq)),
            "man" => Ok(MateCondition::Man(sq)),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for MateCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MateCondition::None => f.write_str("none"),
            MateCondition::Pawn(sq) => write!(f, "pawn:{sq}"),
            MateCondition::Square(sq) => write!(f, "square:{sq}"),
            MateCondition::Man(sq) => write!(f, "man:{sq}"),
        }
    }
}

/// The odds terms agreed for a game (UCI options `OddsGiver`, `DrawOdds`, `MateCondition`).
/// Without a giver, none of them applies.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct OddsTerms {
    /// The side giving the odds.
    pub giver: Option<Color>,
    /// Draws count as losses for the giver.
    pub draw_odds: bool,
    /// The giver must mate in this way; any other result is his loss.
    pub mate_condition: MateCondition,
    /// Odds contempt in centipawns (0: off): the giver's dislike of draws and of
    /// exchanges. A playing setting, not a term of the game.
    pub contempt: i32,
}

impl MateCondition {
    /// The start square of the marked man, for a mate with a particular man.
    pub const fn marked_start(self) -> Option<Square> {
        match self {
            MateCondition::Pawn(sq) | MateCondition::Man(sq) => Some(sq),
            MateCondition::None | MateCondition::Square(_) => None,
        }
    }

    /// Whether the mate on the board of `pos` (the mated side to move) is the one the
    /// giver undertook; `marked` is where the marked man stands, if it still does
    /// (Am. IV 6–8): the marked man must be one of the men giving the check.
    pub fn fulfilled(self, pos: &Position, marked: Option<Square>) -> bool {
        match self {
            MateCondition::None => true,
            MateCondition::Square(sq) => pos.king(pos.turn()) == sq,
            MateCondition::Pawn(_) | MateCondition::Man(_) => {
                marked.is_some_and(|m| pos.checkers().has(m))
            }
        }
    }

    /// Whether this condition may bind `giver` in a game starting at `start`: someone
    /// must give odds, and the man it names must be the giver's (a Pawn for `pawn:`; any
    /// man but the King for `man:`). The ruling says why not, with its law.
    pub fn check_start(
        self,
        start: &Position,
        giver: Option<Color>,
        laws: MarkedManLaws,
    ) -> Result<(), Ruling> {
        if self == MateCondition::None {
            return Ok(());
        }
        let Some(giver) = giver else {
            return Err(Ruling {
                words: format!(
                    "mate condition {self}: a conditional mate binds the giver of the odds, and nobody gives odds in this game"
                ),
                law: laws.forfeit,
            });
        };
        let Some(sq) = self.marked_start() else {
            return Ok(());
        };
        let (is_pawn, law) = match self {
            MateCondition::Pawn(_) => (true, laws.pawn),
            _ => (false, laws.man),
        };
        let refuse = |why: String| {
            Err(Ruling {
                words: format!("mate condition {self}: {why}"),
                law,
            })
        };
        match start.piece_on(sq) {
            None => refuse(format!(
                "no man stands on {sq} at the start; name one of {giver}'s men, the giver's"
            )),
            Some(p) if p.color != giver => refuse(format!(
                "the {} on {sq} is {}'s, not a man of {giver}, the giver",
                p.kind.name(),
                p.color
            )),
            Some(p) if is_pawn && p.kind != PieceKind::Pawn => refuse(format!(
                "the man on {sq} is a {}, not a Pawn (name it as man:{sq})",
                p.kind.name()
            )),
            Some(p) if p.kind == PieceKind::King => {
                refuse("a King cannot give check, so cannot mate".to_string())
            }
            Some(_) => Ok(()),
        }
    }
}

/// The laws a rule set gives the marked man (from `rules::outcome::ending_laws`).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct MarkedManLaws {
    /// The marked Pawn (Am. IV 6; Br. VI 4).
    pub pawn: &'static str,
    /// A mate with another particular man (Staunton, odds I; Br. VI 1).
    pub man: &'static str,
    /// The forfeit of a conditional mate not fulfilled (Am. IV 8; Br. VI 7).
    pub forfeit: &'static str,
}

impl OddsTerms {
    /// Whether a draw is a loss for the giver under these terms.
    pub fn draws_lose(&self) -> bool {
        self.giver.is_some() && (self.draw_odds || self.mate_condition != MateCondition::None)
    }

    /// Whether the giver's mate with a particular man can no longer be given: the marked
    /// man has been captured, or (a Pawn) has promoted and so is that man no more. He
    /// can then only forfeit or be mated (Am. IV 8): every ending is his loss.
    #[inline]
    pub fn condition_lost(&self, marked: Option<Square>) -> bool {
        marked.is_none() && self.giver.is_some() && self.mate_condition.marked_start().is_some()
    }
}

/// How the marked man was lost.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum MarkLost {
    /// Captured on this square.
    Captured(Square),
    /// The marked Pawn promoted on this square: the piece it became is not the marked
    /// man (Am. IV 6: "shall not have been moved beyond the seventh rank").
    Promoted(Square),
}

/// Where the marked man stands after `mv` is played in `pos` (`None` once it is taken,
/// or once the marked Pawn has promoted: the mark does not pass to the piece).
#[inline]
pub fn marked_after(pos: &Position, marked: Option<Square>, mv: Move) -> Option<Square> {
    let m = marked?;
    mark_step(pos, m, mv).ok()
}

/// One move's effect on the marked man standing on `m`.
fn mark_step(pos: &Position, m: Square, mv: Move) -> Result<Square, MarkLost> {
    if mv.from() == m {
        return if mv.promotion().is_some() {
            Err(MarkLost::Promoted(mv.to()))
        } else {
            Ok(mv.to())
        };
    }
    match mv.kind() {
        MoveKind::Castle => {
            // The castling Rook moves too.
            let side = if mv.to().file() > mv.from().file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            Ok(match pos.castle_path(pos.turn(), side) {
                Some(path) if path.rook_from == Some(m) => path.rook_to,
                _ => m,
            })
        }
        MoveKind::EnPassant => {
            if Square::new(mv.to().file(), mv.from().rank()) == m {
                Err(MarkLost::Captured(m))
            } else {
                Ok(m)
            }
        }
        _ if mv.to() == m => Err(MarkLost::Captured(m)),
        _ => Ok(m),
    }
}

/// Where the giver's marked man stands after the game's moves, following it from its
/// start square (`None` once it is lost, or without a mate with a particular man).
pub fn marked_now(condition: MateCondition, game: &crate::game::Game) -> Option<Square> {
    mark_history(condition, game).ok().flatten()
}

/// The marked man over the game: `Ok(Some(square))` where it stands, `Ok(None)` without
/// a mate with a particular man, `Err` how it was lost.
pub fn mark_history(
    condition: MateCondition,
    game: &crate::game::Game,
) -> Result<Option<Square>, MarkLost> {
    let Some(mut m) = condition.marked_start() else {
        return Ok(None);
    };
    for (pos, mv) in game.positions().iter().zip(game.moves()) {
        m = mark_step(pos, m, *mv)?;
    }
    Ok(Some(m))
}

/// The law of a turn of several moves, in words (Am. IV 4).
pub const MULTI_MOVE_TURN_LAW: &str =
    "in a turn of several moves no man may go beyond the fourth rank (Am. IV 4)";

/// The law of the marked Pawn, in words (Am. IV 6, 8): what promoting it costs.
pub const MARKED_PAWN_LAW: &str = "the marked Pawn may not go beyond the seventh rank: the piece it would become is not that Pawn (Am. IV 6), and a giver who can no longer mate as he undertook forfeits the game (Am. IV 8)";

/// What a pass (`0000`, PGN `--`) inside the receiver's turn of several moves is (Am. IV 4).
pub const GIVERS_PASS_LAW: &str =
    "the giver's pass between the receiver's moves of his first turn (Am. IV 4)";

/// How many moves are left in a turn of several moves, with its law.
pub fn moves_left_in_turn(moves: u8) -> String {
    format!("{moves} move(s) left in this turn, no man beyond the fourth rank (Am. IV 4)")
}

impl Odds {
    /// What the odds are, in words, with the law (Am. IV 2–4):
    /// `rook: White gives the Rook on a1 (Am. IV 3); the giver moves first (Am. IV 2)`.
    pub fn describe(self) -> String {
        let Some(giver) = self.giver() else {
            return "none".to_string();
        };
        let given = if self.removed().is_empty() {
            format!("{giver} gives no man")
        } else {
            let standard = Setup::standard();
            let men: Vec<String> = self
                .removed()
                .iter()
                .map(|sq| {
                    let kind = standard.piece_on(*sq).map_or("man", |p| p.kind.name());
                    format!("the {kind} on {sq}")
                })
                .collect();
            format!("{} gives {} (Am. IV 3)", giver, men.join(" and "))
        };
        let receiver = !giver;
        let n = self.first_turn_moves();
        let first = if n > 1 {
            format!(
                "{receiver} makes {n} moves in his first turn, none beyond his fourth rank (Am. IV 4)"
            )
        } else if giver == Color::Black {
            format!("{receiver} moves first")
        } else {
            "the giver moves first (Am. IV 2)".to_string()
        };
        format!("{self}: {given}; {first}")
    }
}

/// An unknown odds name; the message lists the catalogue.
pub type UnknownOdds = crate::named::UnknownName;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    #[test]
    fn names_round_trip_and_unknown_lists_catalogue() {
        for o in Odds::ALL {
            assert_eq!(o.name().parse::<Odds>(), Ok(o));
        }
        let err = "castle".parse::<Odds>().unwrap_err().to_string();
        assert!(
            err.contains("rook-and-knight") && err.contains("three-moves"),
            "{err}"
        );
    }

    #[test]
    fn giver_lacks_exactly_the_removed_men() {
        let rules = Rules::new(RuleSet::American1897);
        for o in Odds::ALL {
            let s = o.setup(&rules);
            let men = s.board.iter().flatten().count();
            assert_eq!(men, 32 - o.removed().len(), "{o}");
            for sq in o.removed() {
                assert!(s.piece_on(*sq).is_none());
                assert_eq!(
                    Some(if sq.rank() as u8 <= 1 {
                        Color::White
                    } else {
                        Color::Black
                    }),
                    o.giver()
                );
            }
        }
    }

    #[test]
    fn two_rooks_keeps_both_rookless_rights_under_the_code_only() {
        let s = Odds::TwoRooks.setup(&Rules::new(RuleSet::American1897));
        assert!(
            s.castling[Color::White].king_side.is_some()
                && s.castling[Color::White].queen_side.is_some()
        );
        let s = Odds::TwoRooks.setup(&Rules::new(RuleSet::Fide));
        assert!(s.castling[Color::White].is_empty());
        assert!(!s.castling[Color::Black].is_empty());
    }
}
