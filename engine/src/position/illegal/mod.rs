//! Why a move is illegal, in the Code's words ([`Position::why_illegal`], worked out in
//! `why`), and why a move of a moves list cannot be played ([`PlayUciError`], for
//! `Game::play_uci_list`).

mod why;

use std::fmt;

use super::Position;
use crate::san::SanError;
use crate::types::{PieceKind, Square};

/// The law on the moves of the men, and that a player may neither move his opponent's
/// men nor place or leave his own King in check.
pub const MOVES_LAW: &str = "Am. I 11 E (a)";

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

impl Position {
    /// Why the UCI move `text` (assumed not legal here) is illegal.
    ///
    /// ```
    /// use engine::{position::illegal::IllegalKind, Odds, Position, Rules, RuleSet};
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

impl Position {
    /// Why a SAN text that names no legal move here (`error`, from
    /// [`Position::parse_san`]) is illegal: for a move that was read, the reason a player
    /// would give ([`SanError::reason`]: a turn of several moves, castling, check, the
    /// way the man moves); else the SAN reader's words with the law of records (Am. I 13),
    /// of ambiguity (Am. III 3) or of promotion (Am. I 11 E (d)).
    ///
    /// ```
    /// use engine::{position::illegal::IllegalKind, Odds, Position, Rules, RuleSet};
    /// let rules = Rules::new(RuleSet::American1897);
    /// let pos = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
    /// let pos = pos.played(pos.parse_san("e4").unwrap());
    /// let err = pos.parse_san("e5").unwrap_err();
    /// let why = pos.why_illegal_san(&err);
    /// assert_eq!((why.kind, why.law), (IllegalKind::BeyondFourthRank, "Am. IV 4"));
    /// ```
    pub fn why_illegal_san(&self, error: &SanError) -> IllegalReason {
        if let Some(reason) = error.reason(self) {
            return reason;
        }
        let law = match error {
            SanError::Malformed(_) => "Am. I 13",
            SanError::Ambiguous { .. } => "Am. III 3",
            SanError::MissingPromotion(_) | SanError::NotAPromotion(_) => "Am. I 11 E (d)",
            SanError::Illegal { .. } | SanError::IllegalCastling { .. } => MOVES_LAW,
        };
        IllegalReason {
            kind: IllegalKind::Illegal,
            law,
            squares: Vec::new(),
            message: error.to_string(),
        }
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
