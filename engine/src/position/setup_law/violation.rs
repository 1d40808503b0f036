//! What is wrong with a setup, in one vocabulary: [`SetupViolation`], its kind, the law
//! it rests on as the Code is cited ("Am. I 4"), the squares and a sentence. The setup
//! law ([`super::judge`]) finds them, [`crate::Position::from_setup`] refuses with those
//! the engine cannot play, and the adapter's validation reports them as findings.

use std::fmt;

use crate::types::Square;

/// What is wrong with a setup.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum SetupViolationKind {
    /// A side has no King.
    MissingKing,
    /// A side has more than one King.
    TooManyKings,
    /// A side has more than 16 men.
    TooManyMen,
    /// A side has more than 8 Pawns.
    TooManyPawns,
    /// More pieces than the missing Pawns could have become by promotion.
    UnexplainedPieces,
    /// A Pawn stands on its own first rank.
    PawnOnFirstRank,
    /// A Pawn stands on its eighth rank (allowed only under `british-1894`).
    PawnOnLastRank,
    /// The side not to move is in check.
    OpponentInCheck,
    /// A check that no legal last move could have given.
    ImpossibleCheck,
    /// A castling right whose King is off its square.
    CastlingKingMoved,
    /// A castling right whose Rook is off its square, and §3 does not keep it.
    CastlingRookMissing,
    /// An en passant square no double step just passed over.
    InvalidEnPassant,
    /// A move count that contradicts the position.
    MoveCountContradiction,
    /// In a game at odds, the man given still stands on the board at the start.
    OddsManOnBoard,
    /// In a game at odds, the giver has more men than the odds left him, beyond what
    /// his missing Pawns could have become (Am. IV 3).
    OddsMenUnexplained,
    /// A turn of 0 moves, or of more than three: the engine plays turns of one move, and
    /// of several only at the start of a game at odds (Am. IV 4).
    TurnMovesOutOfRange,
}

impl SetupViolationKind {
    /// A stable kebab-case name (`missing-king`), as the adapter's JSON findings print it.
    pub const fn name(self) -> &'static str {
        match self {
            SetupViolationKind::MissingKing => "missing-king",
            SetupViolationKind::TooManyKings => "too-many-kings",
            SetupViolationKind::TooManyMen => "too-many-men",
            SetupViolationKind::TooManyPawns => "too-many-pawns",
            SetupViolationKind::UnexplainedPieces => "unexplained-pieces",
            SetupViolationKind::PawnOnFirstRank => "pawn-on-first-rank",
            SetupViolationKind::PawnOnLastRank => "pawn-on-last-rank",
            SetupViolationKind::OpponentInCheck => "opponent-in-check",
            SetupViolationKind::ImpossibleCheck => "impossible-check",
            SetupViolationKind::CastlingKingMoved => "castling-king-moved",
            SetupViolationKind::CastlingRookMissing => "castling-rook-missing",
            SetupViolationKind::InvalidEnPassant => "invalid-en-passant",
            SetupViolationKind::MoveCountContradiction => "move-count-contradiction",
            SetupViolationKind::OddsManOnBoard => "odds-man-on-board",
            SetupViolationKind::OddsMenUnexplained => "odds-men-unexplained",
            SetupViolationKind::TurnMovesOutOfRange => "turn-moves-out-of-range",
        }
    }

    /// Whether a field can be repaired without doubt ([`super::Relax`]): a castling right
    /// whose King or Rook left, an en passant square, a move count.
    pub const fn is_repairable(self) -> bool {
        matches!(
            self,
            SetupViolationKind::CastlingKingMoved
                | SetupViolationKind::CastlingRookMissing
                | SetupViolationKind::InvalidEnPassant
                | SetupViolationKind::MoveCountContradiction
        )
    }

    /// Whether the engine cannot play a setup with this violation, and no repair removes
    /// it: [`crate::Position::from_setup`] refuses it whatever the caller does. The other
    /// violations say the position cannot arise under the Code, but it can be played.
    pub const fn stops_play(self) -> bool {
        matches!(
            self,
            SetupViolationKind::MissingKing
                | SetupViolationKind::TooManyKings
                | SetupViolationKind::PawnOnFirstRank
                | SetupViolationKind::PawnOnLastRank
                | SetupViolationKind::OpponentInCheck
                | SetupViolationKind::TurnMovesOutOfRange
        )
    }
}

impl fmt::Display for SetupViolationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One thing wrong with a setup: its kind, the law, the squares and a sentence.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SetupViolation {
    /// What is wrong.
    pub kind: SetupViolationKind,
    /// The law it rests on ("Am. I 4"), or "docs/RULES.md §3" for the Code's own switches.
    pub law: &'static str,
    /// The squares concerned.
    pub squares: Vec<Square>,
    /// A sentence for people.
    pub message: String,
    /// Whether the field was repaired (at the caller's request, see [`super::Relax`]).
    pub repaired: bool,
}

impl fmt::Display for SetupViolation {
    /// `message (law)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.law)
    }
}

impl SetupViolation {
    /// A violation not repaired.
    pub fn new(
        kind: SetupViolationKind,
        law: &'static str,
        squares: Vec<Square>,
        message: String,
    ) -> SetupViolation {
        SetupViolation {
            kind,
            law,
            squares,
            message,
            repaired: false,
        }
    }
}

/// Squares as "a1, b2".
pub fn list_squares(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    names.join(", ")
}
