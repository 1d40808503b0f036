//! A record of a move taken apart: text → every [`Reading`] its words allow, before any
//! position is consulted. Nothing here knows the board; [`super`] matches the readings
//! against the legal moves.
//!
//! The text is read in four steps: the Code's full words become its abbreviations
//! (Am. I 13 A, B: "Knight" → `Kt`, "to" → `-`, "takes" → `x`, "on King's Bishop's
//! third square" → `(KB3)`); the marks after the move (`ch`, `+`, `mate`, `e.p.`, `i.p.`,
//! `!`, `?`) are taken off; castling is recognised; the rest is split into tokens and
//! parsed by a small grammar that keeps every parse (so `B4` is both `QB4` and `KB4`).

use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, File, PieceKind, Rank, Square};

/// A set of files, bit `i` for file `i` (`a` = 0).
pub(super) type Files = u8;

/// Every file.
pub(super) const ALL_FILES: Files = 0xFF;
/// The Queen's side of the board: the files `a`–`d`.
pub(super) const QUEENS_SIDE: Files = 0x0F;
/// The King's side of the board: the files `e`–`h`.
pub(super) const KINGS_SIDE: Files = 0xF0;

/// A man as a record names it: its kind, and the files it may stand on (from a wing,
/// `QKt`, or a file, `KBP`).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(super) struct ManName {
    pub kind: PieceKind,
    pub files: Files,
}

/// A square as a record names it, from the mover's side: the files it may be on (`B4`
/// is `QB4` or `KB4`) and the rank counted from the mover's first rank (1–8).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(super) struct SquareName {
    pub files: Files,
    pub rank: u8,
}

/// What the mover does.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(super) enum Action {
    /// Castles, on the side named if any (Am. I 13 A(d)).
    Castle(Option<CastleSide>),
    /// Goes to a square without capture (Am. I 13 A(a)).
    To(SquareName),
    /// Takes a man, perhaps named with its square (Am. I 13 A(b), (c)).
    Takes {
        victim: ManName,
        on: Option<SquareName>,
    },
    /// Takes whatever stands on a square (`QxQ4`), the man's name omitted.
    TakesOn(SquareName),
}

/// One way of reading a record.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(super) struct Reading {
    pub mover: ManName,
    /// The square the mover stands on, if named (`R(QB1)-Q1`).
    pub from: Option<SquareName>,
    pub action: Action,
    /// The piece a Pawn becomes, if named (`P` for a Pawn that remains one, Br. IV 15).
    pub promotion: Option<PieceKind>,
    /// `e.p.` or `i.p.` was written: the move takes a Pawn in passing.
    pub en_passant: bool,
}

/// The file letters of the files a piece's name stands for: `R` the Rooks' files, `Kt`
/// the Knights', `B` the Bishops', `K` and `Q` their own.
fn files_of(kind: PieceKind) -> Files {
    match kind {
        PieceKind::Rook => 0b1000_0001,
        PieceKind::Knight => 0b0100_0010,
        PieceKind::Bishop => 0b0010_0100,
        PieceKind::Queen => 0b0000_1000,
        PieceKind::King => 0b0001_0000,
        PieceKind::Pawn => ALL_FILES,
    }
}

/// The half of the board a `K` or `Q` before a name stands for.
fn wing(kind: PieceKind) -> Files {
    if kind == PieceKind::King {
        KINGS_SIDE
    } else {
        QUEENS_SIDE
    }
}

/// A token of an abbreviated record.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Tok {
    /// `K`, `Q`, `R`, `B`, `Kt`/`N`, `P`.
    Man(PieceKind),
    /// A rank, `1`–`8` (`sq` is 1).
    Rank(u8),
    /// `-`: "to".
    To,
    /// `x`: "takes".
    Takes,
    /// `(` or `/`: a square naming a man follows.
    Open,
    /// `)`.
    Close,
    /// `=`: a promotion piece follows.
    Equals,
}

/// Every reading of a record's text; `None` when it has none (malformed). The second
/// value says whether `e.p.`/`i.p.` was written.
pub(super) fn readings(text: &str) -> Option<Vec<Reading>> {
    let abbreviated = abbreviate(text);
    let (body, en_passant) = strip_marks(&abbreviated);
    if body.is_empty() {
        return None;
    }
    if let Some(action) = castling(&body) {
        return Some(vec![Reading {
            mover: ManName {
                kind: PieceKind::King,
                files: ALL_FILES,
            },
            from: None,
            action,
            promotion: None,
            en_passant,
        }]);
    }
    let tokens = tokenize(&body)?;
    let mut found: Vec<Reading> = records(&tokens)
        .into_iter()
        .map(|r| Reading { en_passant, ..r })
        .collect();
    found.dedup();
    (!found.is_empty()).then_some(found)
}

/// The Code's full words as its abbreviations (Am. I 13 B), joined without spaces;
/// abbreviated words pass through, so `Kt-K B 3` becomes `Kt-KB3`.
fn abbreviate(text: &str) -> String {
    let mut out = String::new();
    // Inside "on <square>": the `(` is written, the `)` comes after the rank.
    let mut open = false;
    let mut last_was_rank = false;
    for raw in text.split_whitespace() {
        let word: String = raw
            .chars()
            .filter(|c| !matches!(c, '\'' | '’' | ','))
            .collect::<String>()
            .to_ascii_lowercase();
        let word = word.trim_end_matches('.');
        let rank = match word {
            "first" | "1st" => Some('1'),
            "second" | "2nd" => Some('2'),
            "third" | "3rd" => Some('3'),
            "fourth" | "4th" => Some('4'),
            "fifth" | "5th" => Some('5'),
            "sixth" | "6th" => Some('6'),
            "seventh" | "7th" => Some('7'),
            "eighth" | "8th" => Some('8'),
            "sq" | "square" if !last_was_rank => Some('1'),
            _ => None,
        };
        if let Some(r) = rank {
            out.push(r);
            if open {
                out.push(')');
                open = false;
            }
            last_was_rank = true;
            continue;
        }
        let abbreviation = match word {
            "king" | "kings" => "K",
            "queen" | "queens" => "Q",
            "rook" | "rooks" => "R",
            "bishop" | "bishops" => "B",
            "knight" | "knights" => "Kt",
            "pawn" | "pawns" => "P",
            "to" => "-",
            "takes" | "captures" => "x",
            "on" | "at" | "from" => {
                open = true;
                "("
            }
            "square" | "sq" | "the" | "a" | "and" | "in" | "en" | "becomes" | "for" => "",
            "passing" | "passant" => " e.p.",
            "castles" | "castle" => "Castles",
            "check" => " ch",
            "checkmate" | "mates" => " mate",
            _ => {
                out.push_str(raw);
                if open && raw.chars().any(|c| c.is_ascii_digit()) {
                    out.push(')');
                    open = false;
                }
                last_was_rank = false;
                continue;
            }
        };
        out.push_str(abbreviation);
        last_was_rank = false;
    }
    if open {
        // "on" with no square after it: leave the `(` unclosed, so the text is malformed.
        out.push('(');
    }
    out
}

/// The record without the marks written after the move (check, mate, annotations, the
/// words "in passing"), uppercase, without spaces or dots; and whether `e.p.`/`i.p.` was
/// among them.
fn strip_marks(text: &str) -> (String, bool) {
    let mut s: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '.')
        .collect::<String>()
        .to_ascii_uppercase();
    let mut en_passant = false;
    loop {
        let before = s.len();
        for mark in [
            "+", "#", "!", "?", "CHECK", "CH", "MATE", "DIS", "DISC", "DBL", "DOUBLE",
        ] {
            if let Some(rest) = s.strip_suffix(mark) {
                s = rest.to_string();
            }
        }
        for mark in ["EP", "IP"] {
            if let Some(rest) = s.strip_suffix(mark) {
                s = rest.to_string();
                en_passant = true;
            }
        }
        if s.len() == before {
            return (s, en_passant);
        }
    }
}

/// Castling: `Castles` (either side), `Castles KR`/`QR` (also `K`/`Q`, in parentheses
/// or not), `0-0`, `O-O`, `0-0-0`, `O-O-O`. `None` when the text is not castling.
fn castling(body: &str) -> Option<Action> {
    let zeros: String = body
        .chars()
        .map(|c| if c == '0' { 'O' } else { c })
        .collect();
    match zeros.as_str() {
        "O-O" | "OO" => return Some(Action::Castle(Some(CastleSide::King))),
        "O-O-O" | "OOO" => return Some(Action::Castle(Some(CastleSide::Queen))),
        _ => {}
    }
    let rest = body
        .strip_prefix("CASTLES")
        .or_else(|| body.strip_prefix("CASTLE"))?;
    let rest: String = rest.chars().filter(|c| !matches!(c, '(' | ')')).collect();
    let side = match rest.as_str() {
        "" => None,
        "KR" | "K" | "KS" => Some(CastleSide::King),
        "QR" | "Q" | "QS" => Some(CastleSide::Queen),
        _ => return None,
    };
    Some(Action::Castle(side))
}

/// The tokens of an uppercase record without spaces; `None` on a character that has no
/// place in a record.
fn tokenize(body: &str) -> Option<Vec<Tok>> {
    let chars: Vec<char> = body.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        let (tok, width) = match chars[i] {
            'K' if next == Some('T') => (Tok::Man(PieceKind::Knight), 2),
            'S' if next == Some('Q') => (Tok::Rank(1), 2),
            'N' => (Tok::Man(PieceKind::Knight), 1),
            c @ ('K' | 'Q' | 'R' | 'B' | 'P') => (Tok::Man(PieceKind::from_char(c)?), 1),
            c @ '1'..='8' => (Tok::Rank(c as u8 - b'0'), 1),
            '-' | '–' | '—' => (Tok::To, 1),
            'X' | '×' | ':' => (Tok::Takes, 1),
            '(' | '/' => (Tok::Open, 1),
            ')' => (Tok::Close, 1),
            '=' => (Tok::Equals, 1),
            _ => return None,
        };
        tokens.push(tok);
        i += width;
    }
    Some(tokens)
}

/// Every complete parse of a record's tokens.
fn records(t: &[Tok]) -> Vec<Reading> {
    let mut out = Vec::new();
    for (mover, i) in men(t, 0) {
        let mut starts = vec![(None, i)];
        starts.extend(qualifier(t, i).into_iter().map(|(sq, j)| (Some(sq), j)));
        for (from, i) in starts {
            let mut actions: Vec<(Action, usize)> = Vec::new();
            match t.get(i) {
                Some(Tok::Takes) => {
                    for (victim, j) in men(t, i + 1) {
                        actions.push((Action::Takes { victim, on: None }, j));
                        for (on, k) in qualifier(t, j) {
                            actions.push((
                                Action::Takes {
                                    victim,
                                    on: Some(on),
                                },
                                k,
                            ));
                        }
                    }
                    for (sq, j) in squares(t, i + 1) {
                        actions.push((Action::TakesOn(sq), j));
                    }
                }
                // The `-` may be omitted (Am. I 13 C): `P K4` is `P-K4`.
                Some(Tok::To) => {
                    actions.extend(
                        squares(t, i + 1)
                            .into_iter()
                            .map(|(s, j)| (Action::To(s), j)),
                    );
                }
                _ => actions.extend(squares(t, i).into_iter().map(|(s, j)| (Action::To(s), j))),
            }
            for (action, j) in actions {
                for (promotion, k) in promotions(t, j) {
                    if k == t.len() {
                        out.push(Reading {
                            mover,
                            from,
                            action,
                            promotion,
                            en_passant: false,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The names of men starting at `i`, with the index after each: `K`, `Q`, `R`, `KR`,
/// `QKt`, `B`, `P`, `KP`, `BP`, `QKtP`…
fn men(t: &[Tok], i: usize) -> Vec<(ManName, usize)> {
    let mut out = Vec::new();
    let man = |k: usize| match t.get(k) {
        Some(Tok::Man(kind)) => Some(*kind),
        _ => None,
    };
    let Some(first) = man(i) else {
        return out;
    };
    let piece_file =
        |k: PieceKind| matches!(k, PieceKind::Rook | PieceKind::Knight | PieceKind::Bishop);
    let wing_letter = |k: PieceKind| matches!(k, PieceKind::King | PieceKind::Queen);
    // A man named alone.
    out.push((
        ManName {
            kind: first,
            files: ALL_FILES,
        },
        i + 1,
    ));
    // A wing or a file, then a piece or `P`: `QKt`, `KR`, `KP`, `BP`, `KBP`.
    if let Some(second) = man(i + 1) {
        if wing_letter(first) && piece_file(second) {
            out.push((
                ManName {
                    kind: second,
                    files: wing(first),
                },
                i + 2,
            ));
            if man(i + 2) == Some(PieceKind::Pawn) {
                out.push((
                    ManName {
                        kind: PieceKind::Pawn,
                        files: wing(first) & files_of(second),
                    },
                    i + 3,
                ));
            }
        }
        if (wing_letter(first) || piece_file(first)) && second == PieceKind::Pawn {
            out.push((
                ManName {
                    kind: PieceKind::Pawn,
                    files: files_of(first),
                },
                i + 2,
            ));
        }
    }
    out
}

/// The names of squares starting at `i`: `K4`, `Q1`, `B3` (either Bishop's file),
/// `KB3`, `QKt5`, `R8`.
fn squares(t: &[Tok], i: usize) -> Vec<(SquareName, usize)> {
    let mut out = Vec::new();
    let at = |k: usize| t.get(k).copied();
    let square = |files: Files, k: usize| match at(k) {
        Some(Tok::Rank(rank)) => Some((SquareName { files, rank }, k + 1)),
        _ => None,
    };
    let Some(Tok::Man(first)) = at(i) else {
        return out;
    };
    if first == PieceKind::Pawn {
        return out;
    }
    out.extend(square(files_of(first), i + 1));
    if matches!(first, PieceKind::King | PieceKind::Queen) {
        if let Some(Tok::Man(second @ (PieceKind::Rook | PieceKind::Knight | PieceKind::Bishop))) =
            at(i + 1)
        {
            out.extend(square(wing(first) & files_of(second), i + 2));
        }
    }
    out
}

/// A square naming a man, `(QB1)` or `/QB1`, starting at `i`.
fn qualifier(t: &[Tok], i: usize) -> Vec<(SquareName, usize)> {
    if t.get(i) != Some(&Tok::Open) {
        return Vec::new();
    }
    let close = |(sq, j): (SquareName, usize)| match t.get(j) {
        Some(Tok::Close) => Some((sq, j + 1)),
        // `/QB1` has no closing mark.
        _ => None,
    };
    let mut out: Vec<(SquareName, usize)> =
        squares(t, i + 1).into_iter().filter_map(close).collect();
    out.extend(squares(t, i + 1));
    out
}

/// The promotion written at `i`, if any: nothing, `Q` (after a rank), `=Q`, `(Q)`, `=(Q)`.
fn promotions(t: &[Tok], i: usize) -> Vec<(Option<PieceKind>, usize)> {
    let mut out = vec![(None, i)];
    let piece = |k: usize| match t.get(k) {
        Some(Tok::Man(kind)) if *kind != PieceKind::King => Some(*kind),
        _ => None,
    };
    let mut j = i;
    if t.get(j) == Some(&Tok::Equals) {
        j += 1;
    }
    // A bare letter (`P-K8Q`) only right after a rank, and never `P`: `QxKtP` is the
    // Queen taking the Knight's Pawn, not a Knight becoming a Pawn.
    let bare = j > i || (i > 0 && matches!(t[i - 1], Tok::Rank(_)));
    if let Some(p) = piece(j).filter(|p| j > i || (bare && *p != PieceKind::Pawn)) {
        out.push((Some(p), j + 1));
    }
    if t.get(j) == Some(&Tok::Open) && t.get(j + 2) == Some(&Tok::Close) {
        if let Some(p) = piece(j + 1) {
            out.push((Some(p), j + 3));
        }
    }
    out
}

/// The squares of a set of files on one rank counted from `color`'s side.
pub(super) fn squares_of(files: Files, rank: u8, color: Color) -> Bitboard {
    let rank = Rank::new(usize::from(rank) - 1).relative_to(color);
    File::ALL
        .into_iter()
        .filter(|f| files & (1 << *f as u8) != 0)
        .fold(Bitboard::EMPTY, |bb, f| {
            bb | Bitboard::from(Square::new(f, rank))
        })
}

/// Whether a square is on one of a set of files.
pub(super) fn on_files(sq: Square, files: Files) -> bool {
    files & (1 << sq.file() as u8) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Reading {
        let r = readings(text).unwrap_or_else(|| panic!("{text} has no reading"));
        assert_eq!(r.len(), 1, "{text}: {r:?}");
        r[0]
    }

    #[test]
    fn full_words_become_the_codes_abbreviations() {
        // Am. I 13 A(a)-(d) written out, and their abbreviations (I 13 B).
        assert_eq!(
            abbreviate("Knight on King's Knight's first square to King's Bishop's third square"),
            "Kt(KKt1)-KB3"
        );
        assert_eq!(
            abbreviate("Pawn on King's fifth square takes Pawn in passing"),
            "P(K5)xP e.p."
        );
        assert_eq!(abbreviate("Castles Queen's Rook"), "CastlesQR");
        assert_eq!(abbreviate("R-K sq"), "R-K1");
        assert_eq!(abbreviate("Kt-K B 3"), "Kt-KB3");
        assert_eq!(
            one("Knight on King's Knight's first square to King's Bishop's third square"),
            one("Kt(KKt1)-KB3")
        );
    }

    #[test]
    fn marks_after_the_move_are_taken_off() {
        assert_eq!(strip_marks("BxKtP ch"), ("BXKTP".to_string(), false));
        assert_eq!(strip_marks("PxP e.p. +"), ("PXP".to_string(), true));
        assert_eq!(strip_marks("PxP i.p."), ("PXP".to_string(), true));
        assert_eq!(strip_marks("R-Q8 mate"), ("R-Q8".to_string(), false));
        assert_eq!(strip_marks("Q-R5 dis. ch.!?"), ("Q-R5".to_string(), false));
    }

    #[test]
    fn castling_forms() {
        for (text, side) in [
            ("Castles", None),
            ("Castles KR", Some(CastleSide::King)),
            ("castles (QR)", Some(CastleSide::Queen)),
            ("0-0", Some(CastleSide::King)),
            ("O-O-O", Some(CastleSide::Queen)),
        ] {
            assert_eq!(one(text).action, Action::Castle(side), "{text}");
        }
    }

    #[test]
    fn squares_and_men_keep_every_parse() {
        let r = one("B-B4");
        assert_eq!(r.mover.kind, PieceKind::Bishop);
        assert_eq!(
            r.action,
            Action::To(SquareName {
                files: 0b0010_0100,
                rank: 4
            })
        );
        let r = one("QKt-Q2");
        assert_eq!(r.mover.files, QUEENS_SIDE);
        let r = one("QxKtP");
        assert_eq!(
            r.action,
            Action::Takes {
                victim: ManName {
                    kind: PieceKind::Pawn,
                    files: 0b0100_0010
                },
                on: None
            }
        );
        let r = one("R(QB1)-Q1");
        assert_eq!(
            r.from,
            Some(SquareName {
                files: 0b0000_0100,
                rank: 1
            })
        );
        assert_eq!(one("P-K8(Q)").promotion, Some(PieceKind::Queen));
        assert_eq!(one("P-K8=Kt").promotion, Some(PieceKind::Knight));
        assert_eq!(one("P-K8Q").promotion, Some(PieceKind::Queen));
        assert_eq!(one("P-K8(P)").promotion, Some(PieceKind::Pawn));
        // `QxQ4`: the Queen takes on Q4, the man taken unnamed.
        assert!(matches!(one("QxQ4").action, Action::TakesOn(_)));
    }

    #[test]
    fn malformed_texts_have_no_reading() {
        for text in [
            "",
            "ch",
            "Z-K4",
            "P-K9",
            "P-",
            "Kt-K",
            "Castles KB",
            "P(K4",
            "Kt on",
        ] {
            assert_eq!(readings(text), None, "{text}");
        }
    }
}
