//! Writing a record: the shortest one, in the house style of [`super`], that the reader
//! takes for this move and no other.
//!
//! The candidates are every combination of a name of the mover (`Kt`, `KKt`, `Kt(B3)`,
//! `Kt(KB3)`; for a Pawn `P`, `BP`, `KBP`, `P(B4)`, `P(KB4)`) with a name of the square
//! (`B3`, `KB3`) or of the man taken (`P`, `KtP`, `QKtP`, `P(Kt5)`, `P(QKt5)`), fewest
//! signs first (`Kt` is one sign, as I 13 B makes it one abbreviation); the first that
//! reads back as this move alone is written. The longest names a
//! square for each man and so always does.

use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{Color, File, Move, MoveKind, PieceKind, Square};

/// The letters of a man: `K`, `Q`, `R`, `B`, `Kt`, `P`.
pub(super) fn letters(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "K",
        PieceKind::Queen => "Q",
        PieceKind::Rook => "R",
        PieceKind::Bishop => "B",
        PieceKind::Knight => "Kt",
        PieceKind::Pawn => "P",
    }
}

/// How many signs a record has: each abbreviation (`Kt`, `K`, `4`), `-`, `x` and
/// parenthesis is one (Am. I 13 B). The shortest record is the one with fewest.
fn signs(record: &str) -> usize {
    record.chars().filter(|c| *c != 't').count()
}

/// A file's names, short then full: the e-file is `K`, the f-file `B` and `KB`.
fn file_names(file: File) -> Vec<&'static str> {
    match file {
        File::A => vec!["R", "QR"],
        File::B => vec!["Kt", "QKt"],
        File::C => vec!["B", "QB"],
        File::D => vec!["Q"],
        File::E => vec!["K"],
        File::F => vec!["B", "KB"],
        File::G => vec!["Kt", "KKt"],
        File::H => vec!["R", "KR"],
    }
}

/// A square's names from `color`'s side, short then full: Black's f6 is `B3`, `KB3`.
fn square_names(sq: Square, color: Color) -> Vec<String> {
    let rank = sq.rank().relative_to(color).to_char();
    file_names(sq.file())
        .into_iter()
        .map(|f| format!("{f}{rank}"))
        .collect()
}

/// A man's names, shortest first, from `color`'s side: the kind alone, then with its wing
/// (a piece) or file (a Pawn), then with its square.
fn man_names(kind: PieceKind, sq: Square, color: Color) -> Vec<String> {
    let letter = letters(kind);
    let mut names = vec![letter.to_string()];
    match kind {
        PieceKind::Pawn => {
            names.extend(file_names(sq.file()).into_iter().map(|f| format!("{f}P")));
        }
        PieceKind::Rook | PieceKind::Knight | PieceKind::Bishop => {
            let wing = if sq.file() >= File::E { "K" } else { "Q" };
            names.push(format!("{wing}{letter}"));
        }
        PieceKind::King => return names,
        PieceKind::Queen => {}
    }
    names.extend(
        square_names(sq, color)
            .into_iter()
            .map(|s| format!("{letter}({s})")),
    );
    names
}

impl Position {
    /// The record of a legal move of this position, with ` e.p.` after a capture in
    /// passing and ` ch` or ` mate` after a check or a mate; see the module docs.
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// assert_eq!(pos.descriptive(pos.parse_uci_move("e2e4").unwrap()), "P-K4");
    /// assert_eq!(pos.descriptive(pos.parse_uci_move("g1f3").unwrap()), "Kt-KB3");
    /// ```
    pub fn descriptive(&self, mv: Move) -> String {
        let mut record = self.descriptive_record(mv, &self.legal_moves());
        record.push_str(match self.check_suffix(mv) {
            "+" => " ch",
            "#" => " mate",
            _ => "",
        });
        record
    }

    /// The record of `mv` without the check mark; `legal` are this position's moves.
    fn descriptive_record(&self, mv: Move, legal: &[Move]) -> String {
        if mv.is_castle() {
            return match CastleSide::of_king_to(mv.to()) {
                CastleSide::King => "Castles KR".to_string(),
                CastleSide::Queen => "Castles QR".to_string(),
            };
        }
        let us = self.turn();
        let (from, to) = (mv.from(), mv.to());
        let kind = self.kind_on(from).unwrap_or(PieceKind::Pawn);
        let taken = if mv.kind() == MoveKind::EnPassant {
            Some((PieceKind::Pawn, Square::new(to.file(), from.rank())))
        } else {
            self.kind_on(to).map(|k| (k, to))
        };
        let targets: Vec<String> = match taken {
            Some((victim, at)) => man_names(victim, at, us)
                .into_iter()
                .map(|n| format!("x{n}"))
                .collect(),
            None => square_names(to, us)
                .into_iter()
                .map(|n| format!("-{n}"))
                .collect(),
        };
        let promotion = mv
            .promotion()
            .map_or(String::new(), |p| format!("({})", letters(p)));
        let passing = if mv.kind() == MoveKind::EnPassant {
            " e.p."
        } else {
            ""
        };
        let mut candidates: Vec<String> = Vec::new();
        for m in man_names(kind, from, us) {
            for t in &targets {
                candidates.push(format!("{m}{t}{promotion}{passing}"));
            }
        }
        // Fewest signs first; among equals, the order made above (the square or the man
        // taken qualified before the mover).
        candidates.sort_by_key(|c| signs(c));
        let alone = |text: &str| {
            super::record::readings(text)
                .is_some_and(|r| self.fitting(&r, legal).as_slice() == [mv])
        };
        let longest = candidates.last().cloned().unwrap_or_default();
        candidates
            .into_iter()
            .find(|c| alone(c))
            .unwrap_or_else(|| {
                debug_assert!(false, "no record names {mv:?} alone in {}", self.fen());
                longest
            })
    }
}
