//! The descriptive notation of the Code's period (`P-K4`, `Kt-KB3`, `PxP`, `QxKtP`,
//! `Castles QR`), read and written in the context of a position (Am. I 13, III 3).
//!
//! # The law followed
//!
//! Am. I 13 A: a record is "the name of the transferred man — the word 'on' — the
//! player's name of the square from which the man is transferred — the word 'to' — the
//! player's name of the square to which the man is transferred — and, in the case of the
//! promotion of a Pawn, the name of the piece for which the Pawn is exchanged"; for a
//! capture, "the word 'takes' — the name of the captured man — the word 'on' — the
//! player's name of the square on which the captured man stood immediately before the
//! capture"; for taking in passing, "the words 'takes Pawn in passing'"; for castling,
//! "the words 'Castles King's Rook' or the words 'Castles Queen's Rook'".
//!
//! Am. I 13 B: "K for 'King' or 'King's,' Q for 'Queen' or 'Queen's,' B for 'Bishop' or
//! 'Bishop's,' Kt for 'Knight' or 'Knight's,' R for 'Rook' or 'Rook's,' P for 'Pawn;' 1,
//! or sq., for 'first square,' … Kt(K5) for 'Knight on King's fifth square,' … 0-0 for
//! 'Castles King's Rook,' 0-0-0 for 'Castles Queen's Rook;' — for the word 'to,' x for
//! the word 'takes,' i.p. for the words 'in passing.'"
//!
//! Am. I 13 C: "Any sign or word or abbreviation of a word may be omitted in recording or
//! communicating a move, provided that the move can be recorded or communicated without
//! such sign or word or abbreviation of a word. A record or communication may not be
//! interpreted as expressing an illegal move if it can be interpreted as expressing a
//! legal move."
//!
//! Am. III 3: "if the terms can be interpreted as expressing more than one legal move,
//! the side receiving the communication may adopt any one of such moves, provided that
//! the move adopted is announced".
//!
//! # Reading
//!
//! [`Position::read_descriptive`] returns every legal move the record can express (I 13
//! C), so that an ambiguous record is never settled by a guess (III 3);
//! [`Position::parse_descriptive`] wants exactly one and names them all otherwise.
//! Squares are named from the mover's side (White's K4 is e4, Black's K4 is e5). Read:
//! the full words ("Knight on King's Knight's first square to King's Bishop's third
//! square") and the abbreviations, `Kt` or `N`, `1` or `sq`, any case and spacing
//! (`Kt-K B 3`, `Q x P`, `K Kt-B3`); `B4`, `Kt3`, `R1` for either of two squares; a man
//! named by its wing (`KKt`, `QR`: `K` or `Q` before a piece names the half of the board
//! it stands on now, files e–h or a–d — a man's origin is not tracked), a Pawn by its
//! file (`KP`, `BP`, `QKtP`), or any man by its square (`R(QB1)`, `P(K4)`, `R/QB1`); a
//! captured man likewise (`QxKtP`, `BxQKt`, `KtxP(Q4)`), or only its square (`QxQ4`);
//! `-` may be left out (`P K4`); `e.p.`/`i.p.`; the promotion as `P-K8(Q)`, `P-K8=Q`,
//! `P-K8Q` — with no piece written, every promotion fits (the name was omitted), and
//! under the British draft so does the Pawn remaining a Pawn, `P-K8(P)` (Br. IV 15);
//! `Castles`, `Castles KR`/`QR`, `0-0`, `O-O`, `0-0-0`, castling without the Rook
//! included (Am. IV 5); and after the move `ch`, `+`, `mate`, `#`, `!`, `?`. A `-` names a
//! move without capture and an `x` a capture, as I 13 A(a) and (b) have it.
//!
//! # Writing: the house style
//!
//! [`Position::descriptive`] writes the shortest record — the fewest signs, each
//! abbreviation of I 13 B (`Kt`, `K`, `3`, `-`, `x`) one sign — that names the move alone
//! among the legal moves, in the abbreviated style of the modern period: `Kt` for the Knight,
//! `1` for the first square (`R-Q1`), the wing or file before a man only when needed
//! (`Kt-KB3`, `QKt-Q2`, `KPxP`, `QxKtP`), a square in parentheses when nothing shorter
//! serves (`R(QB1)-Q1`, `KtxP(Q4)`), `Castles KR` and `Castles QR` always (the Code's own
//! words), `P-K8(Q)` for a promotion and `P-K8(P)` for a Pawn that remains one, then
//! ` e.p.` after a capture in passing and ` ch` after a check, ` mate` after a mate (a
//! check given inside a turn of several moves is ` ch`, as SAN marks it `+`). Among
//! records of as many signs, the one qualifying the square or the man taken comes before
//! the one qualifying the mover (`Kt-KB3` before `KKt-B3`, `B-QB4` before `KB-B4`). Every record written is read back before it is
//! returned, so that it names that move and no other.
//!
//! [`score`] numbers a whole game; [`read_score`] reads one back.

mod record;
mod refusal;
mod score;
mod write;

use std::fmt::{self, Write as _};

use crate::position::move_refusal::IllegalReason;
use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{File, Move, MoveKind, PieceKind, Square};
use record::{on_files, squares_of, Action, Files, ManName, Reading};
pub use score::{layout, lines_by_turn, read_score, score, score_lines, ScoreError, ScoreLine};

/// Why a record was not read as one legal move.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum DescriptiveError {
    /// The text cannot be read as a record of a move at all.
    Malformed(String),
    /// The text is a record, but expresses no legal move here (Am. I 13 C).
    NoLegalMove {
        /// The text as given.
        text: String,
        /// What the record was read as, in words with algebraic squares.
        reading: String,
        /// Why the move it came nearest to meaning is illegal, with its law; `None` when
        /// it names no man or square that could make a move.
        why: Option<Box<IllegalReason>>,
    },
    /// The record expresses several legal moves (Am. III 3); only
    /// [`Position::parse_descriptive`] and the score reader call this an error.
    Ambiguous {
        /// The text as given.
        text: String,
        /// Each legal move it can express: the record naming it alone, and its UCI.
        candidates: Vec<String>,
    },
}

impl fmt::Display for DescriptiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DescriptiveError::Malformed(text) => write!(
                f,
                "'{text}' is not a record of a move in descriptive notation (expected e.g. P-K4, Kt-KB3, PxP, QxKtP, R(QB1)-Q1, Castles KR)"
            ),
            DescriptiveError::NoLegalMove {
                text,
                reading,
                why: Some(why),
            } => write!(
                f,
                "'{text}' ({reading}) is not a legal move here: {} ({})",
                why.message, why.law
            ),
            DescriptiveError::NoLegalMove {
                text,
                reading,
                why: None,
            } => write!(
                f,
                "'{text}' expresses no legal move here ({reading}) (Am. I 13 C)"
            ),
            DescriptiveError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' can express {} legal moves: {}; the receiver may adopt any one of them and must announce it (Am. III 3)",
                candidates.len(),
                candidates.join(", ")
            ),
        }
    }
}

impl std::error::Error for DescriptiveError {}

impl Position {
    /// Every legal move a record can express (Am. I 13 C), in move-generation order; more
    /// than one when the record is ambiguous (Am. III 3). See the module docs for what is
    /// read.
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// let uci = |text: &str| -> Vec<String> {
    ///     pos.read_descriptive(text).unwrap().iter().map(|m| pos.uci_move(*m)).collect()
    /// };
    /// assert_eq!(uci("P-K4"), ["e2e4"]);
    /// assert_eq!(uci("Kt-B3"), ["b1c3", "g1f3"]);
    /// assert!(pos.read_descriptive("P-K5").is_err());
    /// ```
    pub fn read_descriptive(&self, text: &str) -> Result<Vec<Move>, DescriptiveError> {
        let readings =
            record::readings(text).ok_or_else(|| DescriptiveError::Malformed(text.to_string()))?;
        let found = self.fitting(&readings, &self.legal_moves());
        if found.is_empty() {
            return Err(DescriptiveError::NoLegalMove {
                text: text.to_string(),
                reading: self.describe(&readings),
                why: refusal::nearest_refusal(self, &readings).map(Box::new),
            });
        }
        Ok(found)
    }

    /// The one legal move a record expresses; [`DescriptiveError::Ambiguous`], naming
    /// each, when it can express several (Am. III 3: never guess).
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// assert_eq!(pos.uci_move(pos.parse_descriptive("Kt-KB3").unwrap()), "g1f3");
    /// let err = pos.parse_descriptive("Kt-B3").unwrap_err().to_string();
    /// assert!(err.contains("Kt-QB3 (b1c3), Kt-KB3 (g1f3)"), "{err}");
    /// ```
    pub fn parse_descriptive(&self, text: &str) -> Result<Move, DescriptiveError> {
        let found = self.read_descriptive(text)?;
        match found.as_slice() {
            [mv] => Ok(*mv),
            many => Err(DescriptiveError::Ambiguous {
                text: text.to_string(),
                candidates: many
                    .iter()
                    .map(|m| format!("{} ({})", self.descriptive(*m), self.uci_move(*m)))
                    .collect(),
            }),
        }
    }

    /// The moves of `legal` that fit any of the readings.
    fn fitting(&self, readings: &[Reading], legal: &[Move]) -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| readings.iter().any(|r| self.fits(r, *m)))
            .collect()
    }

    /// Whether a legal move is what a reading says.
    fn fits(&self, r: &Reading, mv: Move) -> bool {
        let us = self.turn();
        if let Action::Castle(side) = r.action {
            let moved = CastleSide::of_king_to(mv.to());
            return mv.is_castle() && side.is_none_or(|s| s == moved) && !r.en_passant;
        }
        let (from, to) = (mv.from(), mv.to());
        if mv.is_castle()
            || self.kind_on(from) != Some(r.mover.kind)
            || !on_files(from, r.mover.files)
            || r.from
                .is_some_and(|q| !squares_of(q.files, q.rank, us).has(from))
            || (r.en_passant && mv.kind() != MoveKind::EnPassant)
        {
            return false;
        }
        let promotion_fits = match (mv.promotion(), r.promotion) {
            // With no piece's name, every choice fits: the name was omitted (I 13 C).
            (None | Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(p), Some(q)) => p == q,
        };
        if !promotion_fits {
            return false;
        }
        let taken = if mv.kind() == MoveKind::EnPassant {
            Some((PieceKind::Pawn, Square::new(to.file(), from.rank())))
        } else {
            self.kind_on(to).map(|k| (k, to))
        };
        match (r.action, taken) {
            (Action::To(sq), None) => squares_of(sq.files, sq.rank, us).has(to),
            (Action::Takes { victim, on }, Some((kind, at))) => {
                kind == victim.kind
                    && on_files(at, victim.files)
                    && on.is_none_or(|q| {
                        let named = squares_of(q.files, q.rank, us);
                        named.has(at) || (mv.kind() == MoveKind::EnPassant && named.has(to))
                    })
            }
            (Action::TakesOn(sq), Some((_, at))) => {
                let named = squares_of(sq.files, sq.rank, us);
                named.has(at) || named.has(to)
            }
            _ => false,
        }
    }

    /// A reading in words with algebraic squares, for an error message: "a Knight to c3
    /// or f3".
    fn describe(&self, readings: &[Reading]) -> String {
        let us = self.turn();
        let squares = |files: Files, rank: u8| -> String {
            squares_of(files, rank, us)
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        let man = |m: ManName| -> String {
            let files: Vec<String> = File::ALL
                .into_iter()
                .filter(|f| m.files & (1 << *f as u8) != 0)
                .map(|f| f.to_char().to_string())
                .collect();
            let name = m.kind.name();
            if files.len() == 8 {
                format!("a {name}")
            } else {
                format!("a {name} on the {}-file", files.join(" or "))
            }
        };
        let one = |r: &Reading| -> String {
            let mut s = match r.action {
                Action::Castle(None) => return "castling".to_string(),
                Action::Castle(Some(CastleSide::King)) => {
                    return "castling on the King's side".to_string()
                }
                Action::Castle(Some(CastleSide::Queen)) => {
                    return "castling on the Queen's side".to_string()
                }
                _ => man(r.mover),
            };
            if let Some(q) = r.from {
                let _ = write!(s, " on {}", squares(q.files, q.rank));
            }
            match r.action {
                Action::To(sq) => {
                    let _ = write!(s, " to {}", squares(sq.files, sq.rank));
                }
                Action::Takes { victim, on } => {
                    let _ = write!(s, " taking {}", man(victim));
                    if let Some(q) = on {
                        let _ = write!(s, " on {}", squares(q.files, q.rank));
                    }
                }
                Action::TakesOn(sq) => {
                    let _ = write!(s, " taking on {}", squares(sq.files, sq.rank));
                }
                Action::Castle(_) => {}
            }
            if let Some(p) = r.promotion {
                let _ = write!(s, ", becoming a {}", p.name());
            }
            if r.en_passant {
                s.push_str(", in passing");
            }
            s
        };
        let mut words: Vec<String> = readings.iter().map(one).collect();
        words.dedup();
        format!("read as {}", words.join("; or "))
    }
}

#[cfg(test)]
mod tests;
