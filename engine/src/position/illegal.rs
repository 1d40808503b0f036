//! Why a move is illegal, in the Code's words ([`Position::why_illegal`]), and why a
//! move of a moves list cannot be played ([`PlayUciError`], for `Game::play_uci_list`).

use std::fmt;

use super::legality::castling_right_problem;
use super::Position;
use crate::san::SanError;
use crate::setup::CastleSide;
use crate::types::{Color, File, Piece, PieceKind, Rank, Square};

/// What makes a move illegal.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum IllegalKind {
    /// Not a legal move under the rules in force.
    Illegal,
    /// A receiver's extra move that goes beyond his fourth rank (Am. IV 4).
    BeyondFourthRank,
    /// A castling without Rook under rules that do not allow it (CODE.md §3).
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
    /// assert_eq!(pos.why_illegal("e1a1").kind, IllegalKind::Illegal);
    /// ```
    pub fn why_illegal(&self, text: &str) -> IllegalReason {
        let from = text.get(0..2).and_then(Square::parse);
        let to = text.get(2..4).and_then(Square::parse);
        let (Some(from), Some(to)) = (from, to) else {
            return IllegalReason {
                kind: IllegalKind::Illegal,
                law: "Am. I 11",
                squares: Vec::new(),
                message: "not a legal move".to_string(),
            };
        };
        if self.beyond_turn_limit(to) {
            return Self::beyond_fourth_rank(vec![from, to]);
        }
        let turn = self.turn();
        let first = Rank::First.relative_to(turn);
        if from == Square::new(File::E, first)
            && self.piece_on(from) == Some(Piece::new(turn, PieceKind::King))
            && to.rank() == first
            && (to.file() == File::C || to.file() == File::G)
        {
            let side = if to.file() == File::G {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            let file = side.standard_rook_file();
            let rook_square = Square::new(file, first);
            if self.piece_on(rook_square).is_none()
                && castling_right_problem(&self.to_setup(), *self.rules(), turn, side, file)
                    .is_some()
            {
                return IllegalReason {
                    kind: IllegalKind::CastlingWithoutRookNotAllowed,
                    law: "CODE.md §3",
                    squares: vec![from, to, rook_square],
                    message: format!(
                        "castling without the Rook on {rook_square} is not allowed under {}{}",
                        self.rules().set,
                        if self.rules().chess960 {
                            " in Chess960"
                        } else {
                            ""
                        }
                    ),
                };
            }
        }
        IllegalReason {
            kind: IllegalKind::Illegal,
            law: "Am. I 11",
            squares: vec![from, to],
            message: format!("not a legal move under {}", self.rules().set),
        }
    }
}

impl Position {
    /// Whether a move to `to` goes beyond the mover's fourth rank inside a turn of
    /// several moves (Am. IV 4).
    fn beyond_turn_limit(&self, to: Square) -> bool {
        let turn = self.turn();
        let fourth = Rank::Fourth.relative_to(turn);
        let beyond = match turn {
            Color::White => to.rank() > fourth,
            Color::Black => to.rank() < fourth,
        };
        self.in_multi_move_turn() && beyond
    }

    /// The reason of a move beyond the fourth rank inside a turn of several moves.
    fn beyond_fourth_rank(squares: Vec<Square>) -> IllegalReason {
        IllegalReason {
            kind: IllegalKind::BeyondFourthRank,
            law: "Am. IV 4",
            squares,
            message: "in a turn of several moves no man may go beyond the fourth rank".to_string(),
        }
    }

    /// Why a SAN text that names no legal move here (`error`, from
    /// [`Position::parse_san`]) is illegal: the Code's reason where one applies (a turn
    /// of several moves, castling without the Rook), else the SAN reader's words with the
    /// law of the moves (Am. I 11), of records (Am. I 13) or of ambiguity (Am. III 3).
    ///
    /// ```
    /// use engine::{position::illegal::IllegalKind, Odds, Position, Rules, RuleSet};
    /// let rules = Rules::new(RuleSet::American1897);
    /// let pos = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
    /// let err = pos.parse_san("e5").unwrap_err();
    /// let why = pos.why_illegal_san(&err);
    /// assert_eq!((why.kind, why.law), (IllegalKind::BeyondFourthRank, "Am. IV 4"));
    /// ```
    pub fn why_illegal_san(&self, error: &SanError) -> IllegalReason {
        let plain = |law: &'static str, squares: Vec<Square>| IllegalReason {
            kind: IllegalKind::Illegal,
            law,
            squares,
            message: error.to_string(),
        };
        match error {
            SanError::Malformed(_) => plain("Am. I 13", Vec::new()),
            SanError::Ambiguous { .. } => plain("Am. III 3", Vec::new()),
            SanError::Illegal { to, .. } if self.beyond_turn_limit(*to) => {
                Self::beyond_fourth_rank(vec![*to])
            }
            SanError::Illegal { to, .. } => plain("Am. I 11", vec![*to]),
            SanError::IllegalCastling { side, .. } => {
                let first = Rank::First.relative_to(self.turn());
                let (from, to) = (
                    Square::new(File::E, first),
                    Square::new(side.king_to_file(), first),
                );
                let reason = self.why_illegal(&format!("{from}{to}"));
                if reason.kind == IllegalKind::CastlingWithoutRookNotAllowed {
                    reason
                } else {
                    plain("Am. I 11 E(e)", vec![from, to])
                }
            }
            SanError::MissingPromotion(_) | SanError::NotAPromotion(_) => {
                plain("Am. I 11 E(d)", Vec::new())
            }
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
