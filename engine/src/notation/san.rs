//! Standard Algebraic Notation (SAN: `Nf3`, `exd6`, `O-O-O`, `e8=Q+`) to and from
//! [`Move`], in the context of a position.
//!
//! Writing follows the PGN standard: the piece letter (none for a Pawn), the departure
//! file, rank, or both when another man of the same kind could go to the same square,
//! `x` for a capture, `=Q` for a promotion, `O-O`/`O-O-O` for castling (with or without
//! the Rook, Am. IV 5: the King's move names it), and `+` or `#`. Under the British draft
//! a Pawn that remains a Pawn on its eighth rank (Br. IV 15) is written `e8=P`.
//!
//! Reading is lenient where that cannot mislead: check and annotation marks (`+ # ! ?`)
//! are ignored, `0-0` and `o-o` are castling, `e8Q` is `e8=Q`, `Ng1-f3`/`Ng1f3` are
//! accepted, and a lowercase `b` that names no Pawn move is read as a Bishop. Text that
//! fits several legal moves is an error naming them (Am. III 3: never guess silently).
//! No I/O here, and nothing about move numbers or PGN.

use std::fmt;

use crate::position::move_refusal::{IllegalKind, IllegalReason, MOVES_LAW};
use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{File, Move, MoveKind, PieceKind, Rank, Square};

/// Why a SAN text was not accepted.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum SanError {
    /// The text cannot be read as a move in SAN.
    Malformed(String),
    /// Well-formed, but no legal move of that man reaches that square.
    Illegal {
        /// The text as given.
        text: String,
        /// The kind of man it names.
        piece: PieceKind,
        /// The square it names.
        to: Square,
    },
    /// Castling on this side is not a legal move here.
    IllegalCastling {
        /// The text as given.
        text: String,
        /// The side named.
        side: CastleSide,
    },
    /// A Pawn reaches its last rank, but the text names no promotion piece.
    MissingPromotion(String),
    /// A promotion piece was named for a move that does not promote.
    NotAPromotion(String),
    /// The text fits several legal moves; they are listed in SAN.
    Ambiguous {
        /// The text as given.
        text: String,
        /// The legal moves it could mean, in SAN.
        candidates: Vec<String>,
    },
}

impl SanError {
    /// Why the move is illegal in `pos`, in the Code's words, when the text was read but
    /// names no legal move ([`SanError::Illegal`], [`SanError::IllegalCastling`]).
    pub fn reason(&self, pos: &Position) -> Option<IllegalReason> {
        match self {
            SanError::Illegal { piece, to, .. } => Some(pos.why_none_goes_to(*piece, *to)),
            SanError::IllegalCastling { side, .. } => {
                let king = pos.king(pos.turn());
                let file = match side {
                    CastleSide::King => File::G,
                    CastleSide::Queen => File::C,
                };
                Some(pos.why_illegal_move(king, Square::new(file, king.rank()), None))
            }
            _ => None,
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed(s) => write!(
                f,
                "'{s}' is not a move in algebraic notation (expected e.g. e4, Nf3, exd5, O-O, e8=Q)"
            ),
            SanError::Illegal { text, piece, to } => {
                let man = if *piece == PieceKind::Pawn {
                    "Pawn".to_string()
                } else {
                    piece.name().to_string()
                };
                write!(
                    f,
                    "'{text}' is not a legal move here: no {man} can go to {to}"
                )
            }
            SanError::IllegalCastling { text, side } => {
                let side = match side {
                    CastleSide::King => "King's",
                    CastleSide::Queen => "Queen's",
                };
                write!(
                    f,
                    "'{text}' is not a legal move here: castling on the {side} side is not possible now"
                )
            }
            SanError::MissingPromotion(s) => write!(
                f,
                "'{s}': the Pawn reaches its last rank; name the piece it becomes (e.g. {s}=Q)"
            ),
            SanError::NotAPromotion(s) => {
                write!(
                    f,
                    "'{s}' names a promotion piece, but the move does not promote"
                )
            }
            SanError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' is ambiguous: it could be {}",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for SanError {}

/// The uppercase SAN letter of a piece kind (`P` for the Pawn, used only in `=P`).
fn letter(kind: PieceKind) -> char {
    kind.to_char().to_ascii_uppercase()
}

/// A SAN text taken apart, before it is matched against the legal moves.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
struct Pattern {
    piece: PieceKind,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Square,
    /// The promotion letter written, if any (`Pawn` for `=P`).
    promotion: Option<PieceKind>,
}

/// Reads the shape of a non-castling SAN text; `None` when it has none. `body` has its
/// check and annotation marks removed already. A leading lowercase `b` is a file here.
fn pattern(body: &str) -> Option<Pattern> {
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    let piece = match chars.first() {
        Some(&c @ ('N' | 'B' | 'R' | 'Q' | 'K' | 'n' | 'r' | 'q' | 'k')) => {
            i = 1;
            PieceKind::from_char(c)?
        }
        _ => PieceKind::Pawn,
    };
    let mut end = chars.len();
    // The promotion: `=Q`, `Q` or `q` after the destination's rank.
    let mut promotion = None;
    if end >= 2 && chars[end - 1].is_ascii_alphabetic() && !matches!(chars[end - 1], 'x') {
        let prev = chars[end - 2];
        if prev == '=' || prev.is_ascii_digit() {
            promotion = Some(PieceKind::from_char(chars[end - 1])?);
            end -= 1;
            if prev == '=' {
                end -= 1;
            }
        }
    }
    if end < i + 2 {
        return None;
    }
    let to = Square::parse(&chars[end - 2..end].iter().collect::<String>())?;
    end -= 2;
    // Between the piece letter and the destination: file, rank, `x`/`:`, `-`.
    let mut middle: &[char] = &chars[i..end];
    let mut capture = false;
    if let Some((&last, rest)) = middle.split_last() {
        match last {
            'x' | 'X' | ':' => {
                capture = true;
                middle = rest;
            }
            '-' => middle = rest,
            _ => {}
        }
    }
    let (mut from_file, mut from_rank) = (None, None);
    match middle {
        [] => {}
        [c] => {
            if let Some(f) = File::from_char(*c) {
                from_file = Some(f);
            } else {
                from_rank = Some(Rank::from_char(*c)?);
            }
        }
        [f, r] => {
            from_file = Some(File::from_char(*f)?);
            from_rank = Some(Rank::from_char(*r)?);
        }
        _ => return None,
    }
    if piece == PieceKind::Pawn && from_rank.is_some() && from_file.is_none() {
        return None;
    }
    Some(Pattern {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

impl Position {
    /// Whether `mv` (legal here) takes a man.
    pub(crate) fn is_capture(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castle => false,
            _ => self.piece_on(mv.to()).is_some(),
        }
    }

    /// The SAN of a legal move of this position, with `+` or `#`.
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// let mv = pos.parse_uci_move("g1f3").unwrap();
    /// assert_eq!(pos.san(mv), "Nf3");
    /// ```
    pub fn san(&self, mv: Move) -> String {
        let mut s = self.san_without_suffix(mv);
        s.push_str(self.check_suffix(mv));
        s
    }

    /// The SAN of a legal move without its check mark.
    fn san_without_suffix(&self, mv: Move) -> String {
        if mv.is_castle() {
            return match CastleSide::of_king_to(mv.to()) {
                CastleSide::King => "O-O".to_string(),
                CastleSide::Queen => "O-O-O".to_string(),
            };
        }
        let (from, to) = (mv.from(), mv.to());
        let kind = self.kind_on(from).unwrap_or(PieceKind::Pawn);
        let capture = self.is_capture(mv);
        let mut s = String::new();
        if kind == PieceKind::Pawn {
            if capture {
                s.push(from.file().to_char());
            }
        } else {
            s.push(letter(kind));
            if kind != PieceKind::King {
                s.push_str(&self.disambiguation(mv, kind));
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&to.to_string());
        if let Some(p) = mv.promotion() {
            s.push('=');
            s.push(letter(p));
        }
        s
    }

    /// The departure file, rank or square that tells `mv` apart from the moves of the
    /// other men of its kind to the same square.
    fn disambiguation(&self, mv: Move, kind: PieceKind) -> String {
        let (from, to) = (mv.from(), mv.to());
        let rivals: Vec<Square> = self
            .legal_moves()
            .iter()
            .filter(|m| {
                m.to() == to
                    && m.from() != from
                    && !m.is_castle()
                    && self.kind_on(m.from()) == Some(kind)
            })
            .map(|m| m.from())
            .collect();
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.file() != from.file()) {
            from.file().to_char().to_string()
        } else if rivals.iter().all(|r| r.rank() != from.rank()) {
            from.rank().to_char().to_string()
        } else {
            from.to_string()
        }
    }

    /// `#`, `+` or nothing, after `mv`. Inside a turn of several moves the mover moves
    /// again, so a check given there is marked `+` and never `#`.
    pub(crate) fn check_suffix(&self, mv: Move) -> &'static str {
        let us = self.turn();
        let next = self.played(mv);
        if next.turn() == us {
            let them = !us;
            return if next.is_attacked(next.king(them), us, next.occupied()) {
                "+"
            } else {
                ""
            };
        }
        if !next.in_check() {
            ""
        } else if next.has_legal_moves() {
            "+"
        } else {
            "#"
        }
    }

    /// Reads SAN text and finds the legal move it names; see the module docs for what
    /// is accepted.
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// let mv = pos.parse_san("Nf3").unwrap();
    /// assert_eq!(pos.uci_move(mv), "g1f3");
    /// assert!(pos.parse_san("Nf4").is_err());
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let malformed = || SanError::Malformed(text.to_string());
        let mut body = text.trim();
        if let Some(rest) = body.strip_suffix("e.p.") {
            body = rest.trim_end();
        }
        let body = body.trim_end_matches(['+', '#', '!', '?']);
        if body.is_empty() || !body.is_ascii() {
            return Err(malformed());
        }
        if let Some(side) = castling_side(body) {
            return self
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.is_castle() && m.to().file() == side.king_to_file())
                .ok_or_else(|| SanError::IllegalCastling {
                    text: text.to_string(),
                    side,
                });
        }
        let pat = pattern(body).ok_or_else(malformed)?;
        let found = self.matching(text, pat);
        // A lowercase `b` is a file (a Pawn move) first; if that names no legal move,
        // it may be a Bishop written in lowercase.
        if body.starts_with('b') && pat.piece == PieceKind::Pawn && found.is_err() {
            if let Some(bishop) = pattern(&format!("B{}", &body[1..])) {
                if let Ok(mv) = self.matching(text, bishop) {
                    return Ok(mv);
                }
            }
        }
        found
    }

    /// The one legal move fitting a pattern.
    fn matching(&self, text: &str, pat: Pattern) -> Result<Move, SanError> {
        let mut fits: Vec<Move> = Vec::new();
        let mut promotes = false;
        for &m in &self.legal_moves() {
            if m.is_castle()
                || m.to() != pat.to
                || self.kind_on(m.from()) != Some(pat.piece)
                || pat.from_file.is_some_and(|f| m.from().file() != f)
                || pat.from_rank.is_some_and(|r| m.from().rank() != r)
                || (pat.capture && !self.is_capture(m))
            {
                continue;
            }
            // A Pawn move named by its destination only is a step forward (`d5`), never a
            // capture (`exd5`).
            if pat.piece == PieceKind::Pawn && pat.from_file.is_none() && self.is_capture(m) {
                continue;
            }
            if m.promotion().is_some() {
                promotes = true;
            }
            let wanted = match (m.kind(), pat.promotion) {
                // RULE(remain_pawn): under the British draft `e8` alone, like the UCI
                // `e7e8`, means the Pawn remains a Pawn (Br. IV 15).
                (MoveKind::RemainPawn, None | Some(PieceKind::Pawn)) => true,
                (_, p) => m.promotion() == p,
            };
            if wanted {
                fits.push(m);
            }
        }
        match fits.as_slice() {
            [mv] => Ok(*mv),
            [] if promotes && pat.promotion.is_none() => {
                Err(SanError::MissingPromotion(text.to_string()))
            }
            [] if !promotes && pat.promotion.is_some() && self.any_move_to(pat) => {
                Err(SanError::NotAPromotion(text.to_string()))
            }
            [] => Err(SanError::Illegal {
                text: text.to_string(),
                piece: pat.piece,
                to: pat.to,
            }),
            many => Err(SanError::Ambiguous {
                text: text.to_string(),
                candidates: many.iter().map(|m| self.san(*m)).collect(),
            }),
        }
    }

    /// Whether the pattern without its promotion letter names a legal move.
    fn any_move_to(&self, pat: Pattern) -> bool {
        self.matching(
            "",
            Pattern {
                promotion: None,
                ..pat
            },
        )
        .is_ok()
    }
}

/// `O-O` / `0-0` / `o-o` (King's side) or the same with three (Queen's side).
fn castling_side(body: &str) -> Option<CastleSide> {
    let norm: String = body
        .chars()
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .collect();
    match norm.as_str() {
        "O-O" | "OO" => Some(CastleSide::King),
        "O-O-O" | "OOO" => Some(CastleSide::Queen),
        _ => None,
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
    /// use engine::{position::move_refusal::IllegalKind, Odds, Position, Rules, RuleSet};
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

#[cfg(test)]
mod tests;
