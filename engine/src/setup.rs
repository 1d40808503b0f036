//! `Setup`: a position as written down, before anyone checked that it makes sense.
//!
//! Anything goes here: FEN parsing and the odds catalogue produce a `Setup`, and
//! `Position::from_setup` decides whether it can be played. No legality is checked here.

use crate::types::{Bitboard, ByColor, Color, File, Piece, PieceKind, Rank, Square};

/// The two sides a King may castle to.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
#[repr(u8)]
pub enum CastleSide {
    /// Towards the h-file ("Castles KR", 0-0).
    King = 0,
    /// Towards the a-file ("Castles QR", 0-0-0).
    Queen = 1,
}

impl CastleSide {
    /// Both sides, King's first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The side of a castling whose King lands on `to` (on the g-file: the King's side).
    #[inline]
    pub fn of_king_to(to: Square) -> CastleSide {
        if to.file() == File::G {
            CastleSide::King
        } else {
            CastleSide::Queen
        }
    }

    /// The file the King lands on.
    pub const fn king_to_file(self) -> File {
        match self {
            CastleSide::King => File::G,
            CastleSide::Queen => File::C,
        }
    }

    /// The file the Rook lands on.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastleSide::King => File::F,
            CastleSide::Queen => File::D,
        }
    }

    /// The Rook's file in the standard array.
    pub const fn standard_rook_file(self) -> File {
        match self {
            CastleSide::King => File::H,
            CastleSide::Queen => File::A,
        }
    }
}

/// The castling rights of one side: for each side of the board, the file of the Rook
/// square the right belongs to. In standard chess that square may be empty: the right
/// to castle without Rook (docs/RULES.md §3).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct CastlingRights {
    /// The King's side right, by Rook file.
    pub king_side: Option<File>,
    /// The Queen's side right, by Rook file.
    pub queen_side: Option<File>,
}

impl CastlingRights {
    /// The right on one side.
    pub const fn get(self, side: CastleSide) -> Option<File> {
        match side {
            CastleSide::King => self.king_side,
            CastleSide::Queen => self.queen_side,
        }
    }

    /// Sets or clears the right on one side.
    pub fn set(&mut self, side: CastleSide, file: Option<File>) {
        match side {
            CastleSide::King => self.king_side = file,
            CastleSide::Queen => self.queen_side = file,
        }
    }

    /// Whether there is no right at all.
    pub const fn is_empty(self) -> bool {
        self.king_side.is_none() && self.queen_side.is_none()
    }
}

/// An unvalidated position: men on squares and the FEN's other fields.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Setup {
    /// What stands on each square, `a1` first.
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// Castling rights of each side.
    pub castling: ByColor<CastlingRights>,
    /// The square a pawn passed over in a double step just made, if any.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (FEN field 5).
    pub halfmove_clock: u32,
    /// The number of the move about to be played (FEN field 6).
    pub fullmove_number: u32,
    /// How many moves the side to move makes in this turn: 1, or more at the start of a
    /// game at the odds of several moves (Am. IV 4). FEN cannot express it; the odds
    /// catalogue sets it.
    pub turn_moves: u8,
}

impl Setup {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling: ByColor::default(),
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            turn_moves: 1,
        }
    }

    /// The standard starting position.
    pub fn standard() -> Setup {
        const BACK: [PieceKind; 8] = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        let mut setup = Setup::empty();
        for (i, kind) in BACK.iter().enumerate() {
            let file = File::new(i);
            setup.board[Square::new(file, Rank::First) as usize] =
                Some(Piece::new(Color::White, *kind));
            setup.board[Square::new(file, Rank::Second) as usize] =
                Some(Piece::new(Color::White, PieceKind::Pawn));
            setup.board[Square::new(file, Rank::Seventh) as usize] =
                Some(Piece::new(Color::Black, PieceKind::Pawn));
            setup.board[Square::new(file, Rank::Eighth) as usize] =
                Some(Piece::new(Color::Black, *kind));
        }
        let both = CastlingRights {
            king_side: Some(File::H),
            queen_side: Some(File::A),
        };
        setup.castling = ByColor::new(both, both);
        setup
    }

    /// The man on a square.
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    /// The squares holding this kind of man of this colour.
    pub fn squares_of(&self, piece: Piece) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|sq| self.board[*sq as usize] == Some(piece))
            .collect()
    }

    /// The squares holding any man of `color`.
    pub fn squares_of_color(&self, color: Color) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|sq| self.board[*sq as usize].is_some_and(|p| p.color == color))
            .collect()
    }

    /// The square of `color`'s King, if there is exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.squares_of(Piece::new(color, PieceKind::King));
        if kings.len() == 1 {
            kings.first()
        } else {
            None
        }
    }
}
