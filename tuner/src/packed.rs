//! The compact binary format of training positions for the learned evaluation: one
//! fixed 32-byte record per position, little-endian.
//!
//! ```text
//! bytes  0..8   occupancy: a bitboard of the occupied squares (bit 0 = a1)
//! bytes  8..24  the men, 4 bits each, in the order of the occupancy's set bits (lowest
//!               square first), two per byte, low nibble first: colour × 8 + kind
//!               (kind 0 Pawn … 5 King; colour 0 White, 1 Black); at most 32 men
//! bytes 24..26  score: i16, centipawns from the search, from the side to move's view
//! byte  26      result: i8, White's: 1 win, 0 draw, -1 loss
//! byte  27      side to move: 0 White, 1 Black
//! bytes 28..30  ply of the game at which the position arose: u16
//! bytes 30..32  zero (reserved)
//! ```
//!
//! Castling rights, the en passant square and the clocks are not kept: the network sees
//! only men on squares and the side to move.

use std::error::Error;
use std::fmt;

use engine::{Bitboard, Color, Piece, PieceKind, Position, Setup, Square};

/// Bytes per record.
pub const RECORD_BYTES: usize = 32;

/// One training position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PackedPosition {
    /// The occupied squares.
    pub occupancy: u64,
    /// The men in square order, 4 bits each (see the module documentation).
    pub men: [u8; 16],
    /// The search score, side to move's view, centipawns.
    pub score: i16,
    /// White's result: 1, 0, -1.
    pub result: i8,
    /// The side to move.
    pub turn: Color,
    /// The game's ply.
    pub ply: u16,
}

/// A record that cannot be read or a position that cannot be packed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackError {
    /// More than 32 men on the board.
    TooManyMen(u32),
    /// A nibble that names no man.
    BadMan(u8),
    /// A side-to-move byte other than 0 or 1, or a result outside -1..=1.
    BadField(&'static str),
    /// A file whose length is not a multiple of the record size.
    Truncated(usize),
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::TooManyMen(n) => write!(f, "{n} men: at most 32 fit a record"),
            PackError::BadMan(n) => write!(f, "nibble {n} names no man"),
            PackError::BadField(name) => write!(f, "bad {name} field"),
            PackError::Truncated(n) => {
                write!(
                    f,
                    "{n} bytes is not a whole number of {RECORD_BYTES}-byte records"
                )
            }
        }
    }
}

impl Error for PackError {}

fn man_code(piece: Piece) -> u8 {
    (piece.color as u8) * 8 + piece.kind as u8
}

fn code_man(code: u8) -> Result<Piece, PackError> {
    let color = if code & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let kind = (code & 7) as usize;
    if kind >= 6 {
        return Err(PackError::BadMan(code));
    }
    Ok(Piece::new(color, PieceKind::index(kind)))
}

impl PackedPosition {
    /// Packs `pos` with its search score (side to move's view, clamped to i16), White's
    /// result (1, 0, -1) and the game's ply.
    pub fn new(pos: &Position, score: i32, result: i8, ply: usize) -> Result<Self, PackError> {
        let occ = pos.occupied();
        if occ.len() > 32 {
            return Err(PackError::TooManyMen(occ.len()));
        }
        let mut men = [0u8; 16];
        for (i, sq) in occ.into_iter().enumerate() {
            let piece = pos.piece_on(sq).expect("an occupied square holds a man");
            men[i / 2] |= man_code(piece) << (4 * (i % 2));
        }
        Ok(PackedPosition {
            occupancy: occ.0,
            men,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            result,
            turn: pos.turn(),
            ply: ply.min(u16::MAX as usize) as u16,
        })
    }

    /// The men and their squares, lowest square first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Bitboard(self.occupancy)
            .into_iter()
            .enumerate()
            .map(|(i, sq)| {
                let code = (self.men[i / 2] >> (4 * (i % 2))) & 15;
                (sq, code_man(code).expect("checked when read"))
            })
    }

    /// A FEN of the men and the side to move (no castling, no en passant, clocks 0 1).
    pub fn fen(&self) -> String {
        let mut setup = Setup::empty();
        for (sq, piece) in self.pieces() {
            setup.board[sq as usize] = Some(piece);
        }
        setup.turn = self.turn;
        setup.to_fen(engine::fen::CastlingNotation::Standard)
    }

    /// The position of the record under FIDE rules, as the networks and the hand-crafted
    /// evaluation score it. Panics on a record whose men make no legal position (the
    /// records are written from positions played and checked when read).
    pub fn position(&self) -> Position {
        let setup = Setup::from_fen(&self.fen(), false).expect("a record's FEN reads");
        Position::from_setup(&setup, engine::Rules::new(engine::RuleSet::Fide))
            .expect("a record's position is legal")
    }

    /// The record's bytes.
    pub fn to_bytes(self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[0..8].copy_from_slice(&self.occupancy.to_le_bytes());
        b[8..24].copy_from_slice(&self.men);
        b[24..26].copy_from_slice(&self.score.to_le_bytes());
        b[26] = self.result as u8;
        b[27] = self.turn as u8;
        b[28..30].copy_from_slice(&self.ply.to_le_bytes());
        b
    }

    /// Reads a record, checking every field.
    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Self, PackError> {
        let occupancy = u64::from_le_bytes(b[0..8].try_into().expect("8 bytes"));
        let count = occupancy.count_ones();
        if count > 32 {
            return Err(PackError::TooManyMen(count));
        }
        let mut men = [0u8; 16];
        men.copy_from_slice(&b[8..24]);
        for i in 0..count as usize {
            code_man((men[i / 2] >> (4 * (i % 2))) & 15)?;
        }
        let result = b[26] as i8;
        if !(-1..=1).contains(&result) {
            return Err(PackError::BadField("result"));
        }
        let turn = match b[27] {
            0 => Color::White,
            1 => Color::Black,
            _ => return Err(PackError::BadField("side to move")),
        };
        Ok(PackedPosition {
            occupancy,
            men,
            score: i16::from_le_bytes([b[24], b[25]]),
            result,
            turn,
            ply: u16::from_le_bytes([b[28], b[29]]),
        })
    }
}

/// Packs one `FEN | result | score` line of the text format (`datagen --format text`:
/// White's result 1.0, 0.5 or 0.0 and White's score in centipawns), so that text data
/// can train the network: the score is turned to the side to move's view and the ply is
/// taken from the FEN's move number.
pub fn from_text_line(line: &str, rules: engine::Rules) -> Result<PackedPosition, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, result, score] = fields[..] else {
        return Err(format!(
            "{} fields, not the three of `FEN | result | score`",
            fields.len()
        ));
    };
    let setup = Setup::from_fen(fen, false).map_err(|e| e.to_string())?;
    let pos = Position::from_setup(&setup, rules).map_err(|e| format!("{e:?}"))?;
    let result: i8 = match result {
        "1" | "1.0" => 1,
        "0.5" => 0,
        "0" | "0.0" => -1,
        other => return Err(format!("result {other:?} is not 1.0, 0.5 or 0.0")),
    };
    let white_score: i32 = score.parse().map_err(|e| format!("score {score:?}: {e}"))?;
    let score = if pos.turn() == Color::White {
        white_score
    } else {
        white_score.saturating_neg()
    };
    let ply =
        2 * (pos.fullmove_number().max(1) as usize - 1) + usize::from(pos.turn() == Color::Black);
    PackedPosition::new(&pos, score, result, ply).map_err(|e| e.to_string())
}

/// Reads a whole file of records.
pub fn read_all(bytes: &[u8]) -> Result<Vec<PackedPosition>, PackError> {
    if !bytes.len().is_multiple_of(RECORD_BYTES) {
        return Err(PackError::Truncated(bytes.len()));
    }
    bytes
        .chunks_exact(RECORD_BYTES)
        .map(|c| PackedPosition::from_bytes(c.try_into().expect("a whole record")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{RuleSet, Rules};

    fn position(fen: &str) -> Position {
        Position::from_setup(
            &Setup::from_fen(fen, false).unwrap(),
            Rules::new(RuleSet::Fide),
        )
        .unwrap()
    }

    #[test]
    fn records_round_trip_through_bytes_and_fen() {
        for (fen, score, result, ply) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                12,
                0,
                0,
            ),
            ("8/8/4k3/8/8/3K4/6P1/8 b - - 0 1", -250, 1, 77),
            ("r3k2r/8/8/8/8/8/8/1NBQK1NR w - - 0 1", 40_000, -1, 300),
        ] {
            let pos = position(fen);
            let packed = PackedPosition::new(&pos, score, result, ply).unwrap();
            let back = PackedPosition::from_bytes(&packed.to_bytes()).unwrap();
            assert_eq!(back, packed);
            assert_eq!(back.fen(), fen);
            assert_eq!(back.score as i32, score.min(i16::MAX as i32));
            assert_eq!((back.result, back.ply as usize), (result, ply));
            assert_eq!(back.pieces().count() as u32, pos.occupied().len());
        }
    }

    #[test]
    fn text_lines_pack_with_the_score_turned_to_the_side_to_move() {
        let rules = Rules::new(RuleSet::Fide);
        let white = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 | 1.0 | 35";
        let r = from_text_line(white, rules).unwrap();
        assert_eq!(
            (r.score, r.result, r.turn, r.ply),
            (-35, 1, Color::Black, 1)
        );
        assert_eq!(
            r.fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1"
        );
        let r = from_text_line("8/8/4k3/8/8/3K4/6P1/8 w - - 3 40 | 0.0 | -120", rules).unwrap();
        assert_eq!(
            (r.score, r.result, r.turn, r.ply),
            (-120, -1, Color::White, 78)
        );
        let r = from_text_line("8/8/4k3/8/8/3K4/6P1/8 w - - 3 40 | 0.5 | 7", rules).unwrap();
        assert_eq!((r.score, r.result), (7, 0));
        for bad in [
            "8/8/4k3/8/8/3K4/6P1/8 w - - 0 1 | 0.5",
            "8/8/4k3/8/8/3K4/6P1/8 w - - 0 1 | 2 | 0",
            "8/8/4k3/8/8/3K4/6P1/8 w - - 0 1 | 0.5 | x",
            "8/8/8/8/8/3K4/6P1/8 w - - 0 1 | 0.5 | 0",
        ] {
            assert!(from_text_line(bad, rules).is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_records_are_refused() {
        let pos = position("8/8/4k3/8/8/3K4/6P1/8 b - - 0 1");
        let good = PackedPosition::new(&pos, 0, 0, 1).unwrap().to_bytes();
        let mut bad = good;
        bad[27] = 2;
        assert_eq!(
            PackedPosition::from_bytes(&bad),
            Err(PackError::BadField("side to move"))
        );
        let mut bad = good;
        bad[26] = 5;
        assert_eq!(
            PackedPosition::from_bytes(&bad),
            Err(PackError::BadField("result"))
        );
        let mut bad = good;
        bad[8] = 0x07; // kind 7 in the first nibble
        assert_eq!(PackedPosition::from_bytes(&bad), Err(PackError::BadMan(7)));
        assert_eq!(read_all(&good[..31]), Err(PackError::Truncated(31)));
        assert_eq!(read_all(&[good, good].concat()).unwrap().len(), 2);
    }
}
