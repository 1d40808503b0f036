//! UCI move text (`e2e4`, `e7e8q`) to and from [`Move`], in the context of a position.
//!
//! Castling is written King-from King-to (`e1g1`, and `e1c1` for castling without Rook)
//! in standard chess, and King-takes-Rook (`e1h1`) under Chess960. Under the British
//! draft, a move to the last rank without a letter means the pawn remains a Pawn; under
//! every other rule set such text names no legal move.

use std::fmt;

use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{Move, MoveKind, PieceKind, Square};

/// Why a UCI move text was not accepted.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum UciMoveError {
    /// The text is not of the form `e2e4` or `e7e8q`.
    Malformed(String),
    /// Well-formed, but no legal move in the position matches it.
    Illegal(String),
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Malformed(s) => {
                write!(f, "'{s}' is not a move in UCI notation (expected from-square, to-square and an optional promotion letter q, r, b or n, as in e2e4 or e7e8q)")
            }
            UciMoveError::Illegal(s) => write!(f, "'{s}' is not a legal move in this position"),
        }
    }
}

impl std::error::Error for UciMoveError {}

impl Position {
    /// The UCI text of a move of this position.
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// let mv = pos.parse_uci_move("g1f3").unwrap();
    /// assert_eq!(pos.uci_move(mv), "g1f3");
    /// ```
    pub fn uci_move(&self, mv: Move) -> String {
        let mut to = mv.to();
        if mv.is_castle() && self.rules().chess960 {
            let side = CastleSide::of_king_to(to);
            if let Some(path) = self.castle_path(self.turn(), side) {
                to = path.rook_square;
            }
        }
        let mut s = format!("{}{}", mv.from(), to);
        if let Some(p) = mv.promotion() {
            if p != PieceKind::Pawn {
                s.push(p.to_char());
            }
        }
        s
    }

    /// Reads UCI move text and finds the legal move it names. Promotion letters may be
    /// of either case; under Chess960 castling is King-takes-Rook, elsewhere King-to.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, UciMoveError> {
        let malformed = || UciMoveError::Malformed(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(malformed());
        }
        let from = Square::parse(&text[0..2]).ok_or_else(malformed)?;
        let to = Square::parse(&text[2..4]).ok_or_else(malformed)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => match PieceKind::from_char(c) {
                Some(
                    k
                    @ (PieceKind::Queen | PieceKind::Rook | PieceKind::Bishop | PieceKind::Knight),
                ) => Some(k),
                _ => return Err(malformed()),
            },
        };
        let chess960 = self.rules().chess960;
        let mut found = None;
        self.generate_moves(|batch| {
            if batch.from != from {
                return false;
            }
            for mv in self.expand(batch) {
                let written_to = if mv.is_castle() && chess960 {
                    let side = CastleSide::of_king_to(mv.to());
                    self.castle_path(self.turn(), side)
                        .map_or(mv.to(), |p| p.rook_square)
                } else {
                    mv.to()
                };
                let wanted_promotion = match mv.kind() {
                    MoveKind::RemainPawn => None,
                    _ => mv.promotion(),
                };
                let is_promotion_move = mv.promotion().is_some();
                if written_to == to
                    && wanted_promotion == promotion
                    && (is_promotion_move || promotion.is_none())
                {
                    // In Chess960 a King step onto the castling square and the castling
                    // itself can share a text; the castling (King takes Rook) wins only
                    // when `to` is the Rook's square, which a King step cannot be.
                    found = Some(mv);
                    return true;
                }
            }
            false
        });
        found.ok_or_else(|| UciMoveError::Illegal(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::rules::RuleSet;
    use crate::rules::Rules;
    use crate::setup::Setup;

    fn pos(fen: &str, rules: Rules) -> Position {
        Position::from_setup(&Setup::from_fen(fen, rules.chess960).unwrap(), rules).unwrap()
    }

    #[test]
    fn castling_without_rook_is_written_king_to() {
        let p = pos(
            "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1",
            Rules::new(RuleSet::American1897),
        );
        let mv = p.parse_uci_move("e1c1").unwrap();
        assert!(mv.is_castle());
        assert_eq!(p.uci_move(mv), "e1c1");
        let fide = pos(
            "r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1",
            Rules::new(RuleSet::Fide),
        );
        assert!(fide.parse_uci_move("e1c1").is_err());
    }

    #[test]
    fn chess960_castling_is_king_takes_rook() {
        let rules = Rules::new(RuleSet::Fide).with_chess960(true);
        let p = pos("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", rules);
        let short = p.parse_uci_move("g1h1").unwrap();
        assert!(short.is_castle());
        assert_eq!(short.to(), engine_sq("g1"));
        assert_eq!(p.uci_move(short), "g1h1");
        let long = p.parse_uci_move("g1b1").unwrap();
        assert!(long.is_castle());
        assert_eq!(p.uci_move(long), "g1b1");
        // f1 holds a Rook here, so the short castling is not available.
        let blocked = pos(
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            rules,
        );
        assert!(blocked.parse_uci_move("g1h1").is_err());
    }

    fn engine_sq(s: &str) -> crate::types::Square {
        crate::types::Square::parse(s).unwrap()
    }

    #[test]
    fn promotion_letters_and_remaining_pawn() {
        let fen = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
        let am = pos(fen, Rules::default());
        assert_eq!(am.uci_move(am.parse_uci_move("e7e8Q").unwrap()), "e7e8q");
        assert!(am.parse_uci_move("e7e8").is_err());
        assert!(am.parse_uci_move("e7e8k").is_err());
        let br = pos(fen, Rules::new(RuleSet::British1894));
        let stay = br.parse_uci_move("e7e8").unwrap();
        assert_eq!(stay.promotion(), Some(crate::types::PieceKind::Pawn));
        assert_eq!(br.uci_move(stay), "e7e8");
    }

    #[test]
    fn garbage_is_malformed() {
        let p = Position::startpos(Rules::default());
        for s in ["", "e2", "e2e9", "e2e4qq", "zzzz", "e2e4x", "é2e4"] {
            assert!(
                matches!(p.parse_uci_move(s), Err(super::UciMoveError::Malformed(_))),
                "{s}"
            );
        }
        assert!(matches!(
            p.parse_uci_move("e2e5"),
            Err(super::UciMoveError::Illegal(_))
        ));
    }
}
