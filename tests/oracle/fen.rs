//! FEN reading and writing for the oracle, with the checks its move generator relies on
//! and the Code's castling-letter convention (docs/RULES.md §3): a `K`/`Q`/`k`/`q` whose Rook
//! square is empty is the right to castle without that Rook, where the rules allow it.
//! Standard chess only (no X-FEN or Shredder letters). Independent of the `engine` crate.

use std::fmt;

use super::{CastlingPath, Color, Kind, Man, Position, RuleSet, Sq, Wing};

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// A field that does not parse: which field, and its text.
    Syntax { field: &'static str, text: String },
    /// A castling letter that cannot stand: the letter, and why.
    CastlingRight { letter: char, reason: &'static str },
    /// A position that parses but cannot arise.
    Illegal(&'static str),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax { field, text } => write!(f, "bad {field} field {text:?}"),
            FenError::CastlingRight { letter, reason } => {
                write!(f, "castling letter {letter}: {reason}")
            }
            FenError::Illegal(reason) => write!(f, "illegal position: {reason}"),
        }
    }
}

impl std::error::Error for FenError {}

fn syntax(field: &'static str, text: &str) -> FenError {
    FenError::Syntax {
        field,
        text: text.to_owned(),
    }
}

fn man_from_letter(letter: char) -> Option<Man> {
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let kind = match letter.to_ascii_lowercase() {
        'p' => Kind::Pawn,
        'n' => Kind::Knight,
        'b' => Kind::Bishop,
        'r' => Kind::Rook,
        'q' => Kind::Queen,
        'k' => Kind::King,
        _ => return None,
    };
    Some(Man::new(color, kind))
}

fn letter_of(man: Man) -> char {
    let letter = match man.kind {
        Kind::Pawn => 'p',
        Kind::Knight => 'n',
        Kind::Bishop => 'b',
        Kind::Rook => 'r',
        Kind::Queen => 'q',
        Kind::King => 'k',
    };
    match man.color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

const CASTLING_LETTERS: [(char, Color, Wing); 4] = [
    ('K', Color::White, Wing::King),
    ('Q', Color::White, Wing::Queen),
    ('k', Color::Black, Wing::King),
    ('q', Color::Black, Wing::Queen),
];

impl Position {
    /// Reads a FEN (4 to 6 fields; missing clocks are 0 and 1) under `rules`.
    pub fn from_fen(fen: &str, rules: RuleSet) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(syntax("whole", fen));
        }
        let mut pos = Position {
            board: [None; 128],
            side: Color::White,
            castling: [[false; 2]; 2],
            ep: None,
            kings: [Sq::new(0, 0); 2],
            turn_moves_left: 0,
            halfmove_clock: 0,
            fullmove_number: 1,
            rules,
        };

        // Step 1. Placement, from rank 8 down to rank 1.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(syntax("placement", fields[0]));
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let mut file = 0_u8;
            for letter in text.chars() {
                if let Some(empty) = letter.to_digit(10).filter(|n| (1..=8).contains(n)) {
                    file += empty as u8;
                } else {
                    let man =
                        man_from_letter(letter).ok_or_else(|| syntax("placement", fields[0]))?;
                    if file >= 8 {
                        return Err(syntax("placement", fields[0]));
                    }
                    pos.board[Sq::new(file, rank).index()] = Some(man);
                    file += 1;
                }
                if file > 8 {
                    return Err(syntax("placement", fields[0]));
                }
            }
            if file != 8 {
                return Err(syntax("placement", fields[0]));
            }
        }

        // Step 2. Side to move.
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(syntax("side to move", other)),
        };

        // Step 3. Castling rights.
        if fields[2] != "-" {
            for letter in fields[2].chars() {
                let &(_, color, wing) = CASTLING_LETTERS
                    .iter()
                    .find(|(l, _, _)| *l == letter)
                    .ok_or_else(|| syntax("castling", fields[2]))?;
                if pos.can_castle(color, wing) {
                    return Err(syntax("castling", fields[2]));
                }
                pos.check_castling_letter(letter, color, wing)?;
                pos.castling[color.index()][wing.index()] = true;
            }
        }

        // Step 4. En passant square: it must lie just behind a pawn of the side not to
        // move that can have made a double step.
        if fields[3] != "-" {
            let ep = Sq::parse(fields[3]).ok_or_else(|| syntax("en passant", fields[3]))?;
            let us = pos.side;
            let them = us.other();
            let pawn_square = ep.offset(them.forward());
            let from_square = ep.offset(-them.forward());
            let plausible = us.relative_rank(ep) == 5
                && pos.man(ep).is_none()
                && pawn_square.and_then(|sq| pos.man(sq)) == Some(Man::new(them, Kind::Pawn))
                && from_square.is_some_and(|sq| pos.man(sq).is_none());
            if !plausible {
                return Err(FenError::Illegal(
                    "no double step just passed over the en passant square",
                ));
            }
            pos.ep = Some(ep);
        }

        // Step 5. Clocks.
        if let Some(text) = fields.get(4) {
            pos.halfmove_clock = text.parse().map_err(|_| syntax("halfmove clock", text))?;
        }
        if let Some(text) = fields.get(5) {
            pos.fullmove_number = text.parse().map_err(|_| syntax("fullmove number", text))?;
        }

        // Step 6. Kings, pawns, and the side not to move not in check.
        pos.check_men()?;
        if pos.attacked(pos.kings[pos.side.other().index()], pos.side) {
            return Err(FenError::Illegal("the side not to move is in check"));
        }
        Ok(pos)
    }

    /// A castling letter needs its King at home and its Rook at home — or, for castling
    /// without Rook, the Rook's square empty under rules that allow it.
    fn check_castling_letter(
        &self,
        letter: char,
        color: Color,
        wing: Wing,
    ) -> Result<(), FenError> {
        let path = CastlingPath::of(color, wing);
        let error = |reason| Err(FenError::CastlingRight { letter, reason });
        if self.man(path.king_from) != Some(Man::new(color, Kind::King)) {
            return error("the King is not on its square");
        }
        match self.man(path.rook_home) {
            Some(man) if man == Man::new(color, Kind::Rook) => Ok(()),
            None if self.rules.castles_without_rook() => Ok(()),
            None => {
                error("the Rook's square is empty, and these rules have no castling without Rook")
            }
            Some(_) => error("the Rook's square holds another man"),
        }
    }

    /// One King per side; no pawn on its own first rank; a pawn on its eighth rank only
    /// under british-1894 (where it remained a Pawn); at most 16 men and 8 pawns a side.
    fn check_men(&mut self) -> Result<(), FenError> {
        for color in [Color::White, Color::Black] {
            let ours: Vec<(Sq, Man)> = Sq::all()
                .filter_map(|sq| self.man(sq).map(|man| (sq, man)))
                .filter(|(_, man)| man.color == color)
                .collect();
            let kings: Vec<Sq> = ours
                .iter()
                .filter(|(_, man)| man.kind == Kind::King)
                .map(|&(sq, _)| sq)
                .collect();
            let [king] = kings[..] else {
                return Err(FenError::Illegal("not exactly one King per side"));
            };
            self.kings[color.index()] = king;
            let pawns: Vec<Sq> = ours
                .iter()
                .filter(|(_, man)| man.kind == Kind::Pawn)
                .map(|&(sq, _)| sq)
                .collect();
            if ours.len() > 16 || pawns.len() > 8 {
                return Err(FenError::Illegal("more than 16 men or 8 pawns on a side"));
            }
            if pawns.iter().any(|&sq| color.relative_rank(sq) == 0) {
                return Err(FenError::Illegal("a pawn on its own first rank"));
            }
            if !self.rules.pawn_may_remain() && pawns.iter().any(|&sq| color.relative_rank(sq) == 7)
            {
                return Err(FenError::Illegal(
                    "a pawn on its eighth rank (only british-1894 allows one)",
                ));
            }
        }
        Ok(())
    }

    /// The FEN of this position. (A turn of several moves in progress is not part of FEN.)
    pub fn to_fen(&self) -> String {
        let mut placement = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.man(Sq::new(file, rank)) {
                    None => empty += 1,
                    Some(man) => {
                        if empty > 0 {
                            placement.push_str(&empty.to_string());
                            empty = 0;
                        }
                        placement.push(letter_of(man));
                    }
                }
            }
            if empty > 0 {
                placement.push_str(&empty.to_string());
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        let side = match self.side {
            Color::White => "w",
            Color::Black => "b",
        };
        let mut castling: String = CASTLING_LETTERS
            .iter()
            .filter(|&&(_, color, wing)| self.can_castle(color, wing))
            .map(|&(letter, _, _)| letter)
            .collect();
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = self.ep.map_or("-".to_owned(), |sq| sq.to_string());
        format!(
            "{placement} {side} {castling} {ep} {} {}",
            self.halfmove_clock, self.fullmove_number
        )
    }
}
