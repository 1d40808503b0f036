//! Why a move is refused: illegal, in the Code's words ([`Position::why_illegal`], worked
//! out in `why`; for a SAN text, `Position::why_illegal_san` in [`crate::notation::san`]),
//! or a move of a moves list that cannot be played ([`PlayUciError`], for
//! `Game::play_uci_list`).

mod why;

use std::fmt;

use super::Position;
use crate::types::{PieceKind, Square};

/// The law on the moves of the men, and that a player may neither move his opponent's
/// men nor place or leave his own King in check.
pub const MOVES_LAW: &str = "Am. I 11 E (a)";

/// The laws a man's way of moving rests on: what each man commands (Am. I 9), and that a
/// piece moves to a square it commands, a Pawn one square on or two at its first move, or
/// to take (Am. I 11 E (a)). Cited when a man does not move so, or a man stands in its
/// way.
pub const MOVE_SHAPE_LAW: &str = "Am. I 9, I 11 E (a)";

/// What makes a move illegal.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum IllegalKind {
    /// Not a legal move under the rules in force (no more particular reason found).
    Illegal,
    /// No man stands on the square the move starts from.
    NoMan,
    /// The man that would move is the opponent's (Am. I 11 E (a)).
    NotYourMan,
    /// One of the mover's own men stands on the target square (Am. I 11 E (a)).
    OwnManOnTarget,
    /// The man does not move so, or a man stands in its way (Am. I 9, I 11 E (a)).
    CannotMoveThere,
    /// The move would place or leave the mover's King in check (Am. I 11 E (a)).
    LeavesKingInCheck,
    /// Castling whose conditions are not fulfilled (Am. I 11 E (e)).
    CastlingConditions,
    /// A Pawn reaching its last rank without a piece named, or a piece named for a move
    /// that does not promote (Am. I 11 E (d)).
    Promotion,
    /// A receiver's extra move that goes beyond his fourth rank (Am. IV 4).
    BeyondFourthRank,
    /// A castling without Rook under rules that do not allow it (docs/RULES.md §3).
    CastlingWithoutRookNotAllowed,
}

/// Why a move is illegal: its kind, the law, the squares and a sentence.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct IllegalReason {
    /// What makes it illegal.
    pub kind: IllegalKind,
    /// The law it rests on.
    pub law: &'static str,
    /// The squares concerned.
    pub squares: Vec<Square>,
    /// A sentence for people.
    pub message: String,
}

impl IllegalReason {
    /// That no man of `kind` of the mover's can go to any of `squares` (Am. I 9, I 11 E
    /// (a)): the reason given when no man named moves so.
    pub fn none_goes_to(kind: PieceKind, squares: Vec<Square>) -> IllegalReason {
        let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
        IllegalReason {
            kind: IllegalKind::CannotMoveThere,
            law: MOVE_SHAPE_LAW,
            message: format!(
                "no {} of yours can go to {}",
                kind.name(),
                names.join(" or ")
            ),
            squares,
        }
    }

    /// How near the move came to being legal, lowest first: a move refused only for the
    /// check it leaves, then one refused by the odds' terms, then by castling's or
    /// promotion's conditions, then one onto a man of one's own, then the rest. Of the
    /// moves a player may have meant, the nearest gives the reason he is told.
    pub fn nearness(&self) -> u8 {
        match self.kind {
            IllegalKind::LeavesKingInCheck => 0,
            IllegalKind::BeyondFourthRank | IllegalKind::CastlingWithoutRookNotAllowed => 1,
            IllegalKind::CastlingConditions | IllegalKind::Promotion => 2,
            IllegalKind::OwnManOnTarget => 3,
            _ => 4,
        }
    }
}

impl Position {
    /// Why the UCI move `text` (assumed not legal here) is illegal.
    ///
    /// ```
    /// use engine::{position::move_refusal::IllegalKind, Odds, Position, Rules, RuleSet};
    /// let rules = Rules::new(RuleSet::Fide);
    /// let pos = Position::from_setup(&Odds::Rook.setup(&rules), rules).unwrap();
    /// assert_eq!(pos.why_illegal("e1a1").kind, IllegalKind::CannotMoveThere);
    /// ```
    pub fn why_illegal(&self, text: &str) -> IllegalReason {
        let from = text.get(0..2).and_then(Square::parse);
        let to = text.get(2..4).and_then(Square::parse);
        let (Some(from), Some(to)) = (from, to) else {
            return IllegalReason {
                kind: IllegalKind::Illegal,
                law: MOVES_LAW,
                squares: Vec::new(),
                message: "not a legal move".to_string(),
            };
        };
        let promotion = text
            .get(4..5)
            .and_then(|c| c.chars().next())
            .and_then(PieceKind::from_char);
        self.why_illegal_move(from, to, promotion)
    }
}

/// Why a move of a moves list cannot be played.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PlayUciError {
    /// Not written as a UCI move.
    Malformed,
    /// Illegal, and why.
    Illegal(IllegalReason),
    /// `0000` anywhere but as the giver's pass inside a turn of several moves (Am. IV 4).
    MisplacedPass,
}

impl PlayUciError {
    /// The law it rests on ("" when none).
    pub fn law(&self) -> &'static str {
        match self {
            PlayUciError::Malformed => "",
            PlayUciError::Illegal(r) => r.law,
            PlayUciError::MisplacedPass => "Am. IV 4",
        }
    }
}

impl fmt::Display for PlayUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayUciError::Malformed => f.write_str("is not a move in UCI notation (e2e4, e7e8q)"),
            PlayUciError::Illegal(r) => f.write_str(&r.message),
            PlayUciError::MisplacedPass => f.write_str("a pass is accepted only as the odds-giver's turn between the receiver's moves of a turn of several moves"),
        }
    }
}

impl std::error::Error for PlayUciError {}
