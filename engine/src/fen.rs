//! FEN, X-FEN and Shredder-FEN text to and from [`Setup`].
//!
//! This file reads and writes the notation only: whether the position can be played is
//! `Position::from_setup`'s question. In standard chess the castling letters `K`/`Q` name
//! the h- and a-file Rook squares, which may be empty: the right to castle without Rook
//! (docs/RULES.md §3). Under Chess960 `K`/`Q` name the outermost Rook (X-FEN) and file letters
//! name a Rook's file (Shredder-FEN).

use std::fmt;

use crate::setup::{CastleSide, CastlingRights, Setup};
use crate::types::{Color, File, Piece, PieceKind, Rank, Square};

/// The FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN could not be read. Each variant carries the offending text.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum FenError {
    /// The text has no fields at all.
    Empty,
    /// Fewer than 4 or more than 6 space-separated fields.
    WrongFieldCount(usize),
    /// The piece placement does not describe 8 ranks of 8 squares.
    InvalidBoard(String),
    /// A character in the piece placement that is no piece letter or digit.
    InvalidPiece(char),
    /// The side to move is not `w` or `b`.
    InvalidTurn(String),
    /// The castling field is not `-` or a set of `KQkq`/file letters.
    InvalidCastling(String),
    /// The en passant field is not `-` or a square.
    InvalidEnPassant(String),
    /// The half-move clock is not a non-negative number.
    InvalidHalfmoveClock(String),
    /// The move number is not a positive number.
    InvalidFullmoveNumber(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::WrongFieldCount(n) => write!(
                f,
                "FEN has {n} fields; expected 6 (placement, side, castling, en passant, half-move clock, move number) or the first 4"
            ),
            FenError::InvalidBoard(why) => write!(f, "invalid piece placement: {why}"),
            FenError::InvalidPiece(c) => {
                write!(f, "invalid piece letter '{c}' in placement (expected one of PNBRQKpnbrqk or 1-8)")
            }
            FenError::InvalidTurn(s) => write!(f, "invalid side to move '{s}' (expected w or b)"),
            FenError::InvalidCastling(s) => {
                write!(f, "invalid castling field '{s}' (expected -, or letters from KQkq or A-H/a-h)")
            }
            FenError::InvalidEnPassant(s) => {
                write!(f, "invalid en passant field '{s}' (expected - or a square on rank 3 or 6)")
            }
            FenError::InvalidHalfmoveClock(s) => {
                write!(f, "invalid half-move clock '{s}' (expected a number from 0)")
            }
            FenError::InvalidFullmoveNumber(s) => {
                write!(f, "invalid move number '{s}' (expected a number from 1)")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// How to write the castling field.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum CastlingNotation {
    /// `KQkq` for the h- and a-file Rooks (standard chess).
    Standard,
    /// `KQkq` for the outermost Rook, a file letter otherwise (X-FEN, Chess960).
    XFen,
    /// Always the Rook's file letter (Shredder-FEN, Chess960).
    Shredder,
}

fn parse_board(text: &str, setup: &mut Setup) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::InvalidBoard(format!(
            "{} ranks instead of 8",
            ranks.len()
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i);
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::InvalidPiece(c));
                }
                file += d as usize;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::InvalidPiece(c))?;
                if file >= 8 {
                    return Err(FenError::InvalidBoard(format!(
                        "rank {} has more than 8 squares",
                        rank.to_char()
                    )));
                }
                setup.board[Square::new(File::new(file), rank) as usize] = Some(piece);
                file += 1;
            }
            if file > 8 {
                return Err(FenError::InvalidBoard(format!(
                    "rank {} has more than 8 squares",
                    rank.to_char()
                )));
            }
        }
        if file != 8 {
            return Err(FenError::InvalidBoard(format!(
                "rank {} has {file} squares instead of 8",
                rank.to_char()
            )));
        }
    }
    Ok(())
}

/// The file of the outermost Rook of `color` on `side` of its King, on its first rank.
fn outermost_rook(setup: &Setup, color: Color, side: CastleSide) -> Option<File> {
    let rank = Rank::First.relative_to(color);
    let king = setup.king(color).filter(|k| k.rank() == rank)?;
    let rook = Piece::new(color, PieceKind::Rook);
    let files: Vec<File> = match side {
        CastleSide::King => File::ALL[king.file() as usize + 1..]
            .iter()
            .rev()
            .copied()
            .collect(),
        CastleSide::Queen => File::ALL[..king.file() as usize].to_vec(),
    };
    files
        .into_iter()
        .find(|f| setup.piece_on(Square::new(*f, rank)) == Some(rook))
}

fn parse_castling(text: &str, setup: &mut Setup, chess960: bool) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let err = || FenError::InvalidCastling(text.to_string());
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let (side, file) = match c.to_ascii_lowercase() {
            'k' => {
                let file = if chess960 {
                    outermost_rook(setup, color, CastleSide::King)
                } else {
                    None
                };
                (CastleSide::King, file.unwrap_or(File::H))
            }
            'q' => {
                let file = if chess960 {
                    outermost_rook(setup, color, CastleSide::Queen)
                } else {
                    None
                };
                (CastleSide::Queen, file.unwrap_or(File::A))
            }
            l @ 'a'..='h' => {
                let file = File::from_char(l).ok_or_else(err)?;
                // The side is told by where the King stands; without a King on its
                // first rank, by the standard array's King file.
                let king_file = setup
                    .king(color)
                    .filter(|k| k.rank() == Rank::First.relative_to(color))
                    .map_or(File::E, Square::file);
                let side = if file > king_file {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                (side, file)
            }
            _ => return Err(err()),
        };
        let rights = setup.castling.get_mut(color);
        if rights.get(side).is_some() {
            return Err(err());
        }
        rights.set(side, Some(file));
    }
    Ok(())
}

impl Setup {
    /// Reads a FEN (6 fields; the last two may be left out, as in EPD). With `chess960`,
    /// castling letters are read as X-FEN/Shredder-FEN.
    ///
    /// ```
    /// use engine::{Setup, fen::STARTING_FEN};
    /// let setup = Setup::from_fen(STARTING_FEN, false).unwrap();
    /// assert_eq!(setup, Setup::standard());
    /// assert!(Setup::from_fen("rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", false).is_err());
    /// ```
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::WrongFieldCount(fields.len()));
        }
        let mut setup = Setup::empty();
        parse_board(fields[0], &mut setup)?;
        setup.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::InvalidTurn(other.to_string())),
        };
        parse_castling(fields[2], &mut setup, chess960)?;
        setup.ep_square = match fields[3] {
            "-" => None,
            s => {
                let sq =
                    Square::parse(s).ok_or_else(|| FenError::InvalidEnPassant(s.to_string()))?;
                if sq.rank() != Rank::Third && sq.rank() != Rank::Sixth {
                    return Err(FenError::InvalidEnPassant(s.to_string()));
                }
                Some(sq)
            }
        };
        if let Some(s) = fields.get(4) {
            setup.halfmove_clock = s
                .parse()
                .map_err(|_| FenError::InvalidHalfmoveClock((*s).to_string()))?;
        }
        if let Some(s) = fields.get(5) {
            setup.fullmove_number = match s.parse::<u32>() {
                Ok(0) => 1, // Some writers emit 0; read it as the first move.
                Ok(n) => n,
                Err(_) => return Err(FenError::InvalidFullmoveNumber((*s).to_string())),
            };
        }
        Ok(setup)
    }

    /// Writes the piece placement field.
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.board[Square::new(file, *rank) as usize] {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.to_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if *rank != Rank::First {
                out.push('/');
            }
        }
        out
    }

    /// Writes the castling field in the given notation.
    pub fn castling_fen(&self, notation: CastlingNotation) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            let rights: CastlingRights = *self.castling.get(color);
            for side in CastleSide::ALL {
                let Some(file) = rights.get(side) else {
                    continue;
                };
                let letter = match notation {
                    CastlingNotation::Standard if file == side.standard_rook_file() => None,
                    CastlingNotation::XFen if outermost_rook(self, color, side) == Some(file) => {
                        None
                    }
                    _ => Some(file.to_char()),
                };
                let c = letter.unwrap_or(match side {
                    CastleSide::King => 'k',
                    CastleSide::Queen => 'q',
                });
                out.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// Writes the whole FEN.
    pub fn to_fen(&self, notation: CastlingNotation) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.turn.to_char(),
            self.castling_fen(notation),
            self.ep_square
                .map_or_else(|| "-".to_string(), |s| s.to_string()),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let s = Setup::from_fen(STARTING_FEN, false).unwrap();
        assert_eq!(s.to_fen(CastlingNotation::Standard), STARTING_FEN);
    }

    #[test]
    fn rook_odds_keeps_the_queen_side_letter() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1";
        let s = Setup::from_fen(fen, false).unwrap();
        assert_eq!(s.castling[Color::White].queen_side, Some(File::A));
        assert_eq!(s.to_fen(CastlingNotation::Standard), fen);
    }

    #[test]
    fn shredder_and_xfen_letters() {
        let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let s = Setup::from_fen(fen, true).unwrap();
        assert_eq!(s.castling[Color::White].king_side, Some(File::H));
        assert_eq!(s.castling[Color::White].queen_side, Some(File::F));
        assert_eq!(s.to_fen(CastlingNotation::Shredder), fen);
        assert_eq!(s.castling_fen(CastlingNotation::XFen), "KQkq");
    }

    #[test]
    fn epd_without_clocks_is_accepted() {
        let s = Setup::from_fen("8/8/8/8/8/8/8/K6k w - -", false).unwrap();
        assert_eq!((s.halfmove_clock, s.fullmove_number), (0, 1));
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            ("", FenError::Empty),
            ("8/8/8/8/8/8/8/8 w", FenError::WrongFieldCount(2)),
            ("8/8/8/8/8/8/8/K6X w - - 0 1", FenError::InvalidPiece('X')),
            (
                "8/8/8/8/8/8/8/K6k x - - 0 1",
                FenError::InvalidTurn("x".into()),
            ),
            (
                "8/8/8/8/8/8/8/K6k w KX - 0 1",
                FenError::InvalidCastling("KX".into()),
            ),
            (
                "8/8/8/8/8/8/8/K6k w - e4 0 1",
                FenError::InvalidEnPassant("e4".into()),
            ),
            (
                "8/8/8/8/8/8/8/K6k w - - -1 1",
                FenError::InvalidHalfmoveClock("-1".into()),
            ),
            (
                "8/8/8/8/8/8/8/K6k w - - 0 x",
                FenError::InvalidFullmoveNumber("x".into()),
            ),
        ];
        for (fen, want) in cases {
            assert_eq!(Setup::from_fen(fen, false), Err(want), "{fen}");
        }
        assert!(matches!(
            Setup::from_fen("8/8/8/8/8/8/8/K7k w - - 0 1", false),
            Err(FenError::InvalidBoard(_))
        ));
        assert!(matches!(
            Setup::from_fen("8/8/8/8/8/8/8/K5k w - - 0 1", false),
            Err(FenError::InvalidBoard(_))
        ));
        assert!(matches!(
            Setup::from_fen("8/8/8/8/8/8/K6k w - - 0 1", false),
            Err(FenError::InvalidBoard(_))
        ));
    }
}
