//! An independent perft oracle for the Code's rules: a plain 0x88 mailbox board,
//! pseudo-legal move generation and make-and-test legality (play the move on a copy, then
//! ask whether the mover's King is attacked). It owns its own squares, men, FEN parser,
//! odds catalogue and suite reader, and shares nothing with the `engine` crate — not even
//! a type — so that a count on which both agree was found twice, by different algorithms.
//! It is written to be read and checked by eye, not to be fast; it is not used in play.
//!
//! What it knows (see docs/RULES.md): standard moves with castling, en passant
//! and promotion; castling without Rook (§3) under every rule set but `fide`; the
//! `british-1894` fifth promotion choice, a pawn that remains a Pawn on its eighth rank
//! (§2); and the odds starts of §4, including turns of several moves (Am. IV 4).
//! Included by integration tests with `mod oracle;`.

mod fen;
mod movegen;
mod odds;
mod suite;
#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub use fen::FenError;
pub use odds::{Odds, CATALOGUE};
pub use suite::SuiteLine;

/// The side a man belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// An index for per-side arrays: White 0, Black 1.
    fn index(self) -> usize {
        self as usize
    }

    /// The 0x88 step one rank forward, as this side's pawns move.
    fn forward(self) -> i8 {
        match self {
            Color::White => 16,
            Color::Black => -16,
        }
    }

    /// The rank of `sq` counted from this side: 0 is its own first rank, 7 its eighth.
    fn relative_rank(self, sq: Sq) -> u8 {
        match self {
            Color::White => sq.rank(),
            Color::Black => 7 - sq.rank(),
        }
    }

    /// The board rank (0 = rank 1) of this side's first rank.
    fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
}

/// What a man is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

/// A man on the board: its colour and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub color: Color,
    pub kind: Kind,
}

impl Man {
    pub const fn new(color: Color, kind: Kind) -> Man {
        Man { color, kind }
    }
}

/// A square as a 0x88 index: `16 * rank + file`, both counted from 0. Stepping off the
/// board sets one of the bits `0x88`, which is how [`Sq::offset`] notices it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sq(u8);

impl Sq {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    pub fn new(file: u8, rank: u8) -> Sq {
        assert!(
            file < 8 && rank < 8,
            "no square at file {file}, rank {rank}"
        );
        Sq(16 * rank + file)
    }

    /// Parses a square name such as `e4`.
    pub fn parse(name: &str) -> Option<Sq> {
        match name.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Sq::new(f - b'a', r - b'1')),
            _ => None,
        }
    }

    pub fn file(self) -> u8 {
        self.0 & 7
    }

    pub fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The square `delta` 0x88 steps away, or `None` off the board.
    pub fn offset(self, delta: i8) -> Option<Sq> {
        let target = i16::from(self.0) + i16::from(delta);
        if (0..128).contains(&target) && target & 0x88 == 0 {
            Some(Sq(target as u8))
        } else {
            None
        }
    }

    /// The squares from here (exclusive) in `direction` to the edge of the board.
    pub fn ray(self, direction: i8) -> impl Iterator<Item = Sq> {
        std::iter::successors(self.offset(direction), move |sq| sq.offset(direction))
    }

    /// All 64 squares, a1, b1, …, h8.
    pub fn all() -> impl Iterator<Item = Sq> {
        (0..8).flat_map(|rank| (0..8).map(move |file| Sq::new(file, rank)))
    }

    fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// The rule sets of `docs/RULES.md`, by the names used in the suites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    American1897,
    British1894,
    Staunton1910,
    Fide,
}

impl RuleSet {
    pub const ALL: [RuleSet; 4] = [
        RuleSet::American1897,
        RuleSet::British1894,
        RuleSet::Staunton1910,
        RuleSet::Fide,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::American1897 => "american-1897",
            RuleSet::British1894 => "british-1894",
            RuleSet::Staunton1910 => "staunton-1910",
            RuleSet::Fide => "fide",
        }
    }

    pub fn from_name(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|rules| rules.name() == name)
    }

    /// docs/RULES.md §3: a player may castle on a side whose Rook was removed before the game.
    pub fn castles_without_rook(self) -> bool {
        self != RuleSet::Fide
    }

    /// docs/RULES.md §2: under the British draft (IV 15) a pawn may remain a Pawn on its
    /// eighth rank, where it never moves again and commands no square.
    pub fn pawn_may_remain(self) -> bool {
        self == RuleSet::British1894
    }
}

/// The King's side or the Queen's side, for castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wing {
    King,
    Queen,
}

impl Wing {
    pub const BOTH: [Wing; 2] = [Wing::King, Wing::Queen];

    fn index(self) -> usize {
        self as usize
    }

    /// The file of the Rook's original square: h or a.
    fn rook_file(self) -> u8 {
        match self {
            Wing::King => 7,
            Wing::Queen => 0,
        }
    }
}

/// The fixed squares of castling for one side and wing (standard chess only).
struct CastlingPath {
    king_from: Sq,
    king_to: Sq,
    rook_home: Sq,
    rook_to: Sq,
}

impl CastlingPath {
    fn of(color: Color, wing: Wing) -> CastlingPath {
        let rank = color.back_rank();
        let (king_to, rook_to) = match wing {
            Wing::King => (6, 5),
            Wing::Queen => (2, 3),
        };
        CastlingPath {
            king_from: Sq::new(4, rank),
            king_to: Sq::new(king_to, rank),
            rook_home: Sq::new(wing.rook_file(), rank),
            rook_to: Sq::new(rook_to, rank),
        }
    }

    /// The squares strictly between the King's and the Rook's original squares, which
    /// must be empty: f1, g1 or b1, c1, d1 (Am. I 11 E(e); docs/RULES.md §3).
    fn between(&self) -> impl Iterator<Item = Sq> {
        let (low, high) = if self.rook_home.file() < 4 {
            (self.rook_home.file() + 1, 4)
        } else {
            (5, self.rook_home.file())
        };
        let rank = self.king_from.rank();
        (low..high).map(move |file| Sq::new(file, rank))
    }

    /// The King's square, the square it crosses and the square it lands on: none may be
    /// commanded by an adverse man.
    fn king_walk(&self) -> impl Iterator<Item = Sq> {
        let rank = self.king_from.rank();
        let (from, to) = (self.king_from.file(), self.king_to.file());
        (from.min(to)..=from.max(to)).map(move |file| Sq::new(file, rank))
    }
}

/// What a move does besides taking the man from `from` to `to` (capturing whatever stood
/// there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Normal,
    /// A pawn's first move of two squares.
    DoubleStep,
    EnPassant,
    /// The King moves two squares; the Rook jumps over it if it is on its square (castling
    /// without Rook otherwise).
    Castle(Wing),
    /// A pawn reaches its eighth rank and becomes this kind. `Kind::Pawn` is the
    /// `british-1894` choice of remaining a Pawn.
    Promote(Kind),
}

/// A move, printed in UCI form (`e2e4`, `e7e8q`, castling as `e1g1`/`e1c1`, and a pawn
/// remaining a Pawn as `e7e8`, as docs/RULES.md §2 says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    pub kind: MoveKind,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let MoveKind::Promote(kind) = self.kind {
            let letter = match kind {
                Kind::Queen => "q",
                Kind::Rook => "r",
                Kind::Bishop => "b",
                Kind::Knight => "n",
                Kind::Pawn | Kind::King => "",
            };
            f.write_str(letter)?;
        }
        Ok(())
    }
}

/// A position: the board, whose turn it is, castling rights, en passant chance, and how
/// many moves are left in a turn of several moves. Built by [`Position::from_fen`] or
/// [`Position::odds_start`]; changed only by [`Position::play`], which returns a copy.
#[derive(Clone, Debug)]
pub struct Position {
    board: [Option<Man>; 128],
    side: Color,
    /// `castling[color][wing]`: the right to castle, with the Rook or (Rook square empty)
    /// without it.
    castling: [[bool; 2]; 2],
    /// The square a pawn just passed over with a double step, if any.
    ep: Option<Sq>,
    kings: [Sq; 2],
    /// In a turn of several moves (Am. IV 4), the moves the side to move still has to make
    /// in it, counting the next one; 0 in an ordinary turn.
    turn_moves_left: u8,
    halfmove_clock: u32,
    fullmove_number: u32,
    rules: RuleSet,
}

impl Position {
    pub fn man(&self, sq: Sq) -> Option<Man> {
        self.board[sq.index()]
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn can_castle(&self, color: Color, wing: Wing) -> bool {
        self.castling[color.index()][wing.index()]
    }

    /// The moves left in the current turn of several moves (0 in an ordinary turn).
    pub fn turn_moves_left(&self) -> u8 {
        self.turn_moves_left
    }

    /// Plays the legal move written `uci` (as [`Move`] prints it), or returns `None`.
    pub fn play_uci(&self, uci: &str) -> Option<Position> {
        let mv = self
            .legal_moves()
            .into_iter()
            .find(|mv| mv.to_string() == uci)?;
        Some(self.play(mv))
    }
}

/// The number of leaf nodes `depth` plies below `pos`. Every move of a turn of several
/// moves is one ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|mv| perft(&pos.play(mv), depth - 1))
            .sum(),
    }
}

/// The count below each legal move of `pos`, in generation order (for hunting a
/// disagreement down the tree).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    assert!(depth >= 1, "divide needs depth 1 or more");
    pos.legal_moves()
        .into_iter()
        .map(|mv| (mv, perft(&pos.play(mv), depth - 1)))
        .collect()
}

/// [`perft`] spread over all available cores: the positions two plies down are shared out
/// to worker threads one by one. Gives the same number as [`perft`].
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth < 4 {
        return perft(pos, depth);
    }
    let mut work = Vec::new();
    for first in pos.legal_moves() {
        let after_first = pos.play(first);
        for second in after_first.legal_moves() {
            work.push(after_first.play(second));
        }
    }
    let next = AtomicUsize::new(0);
    let total = Mutex::new(0_u64);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut nodes = 0;
                while let Some(child) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
                    nodes += perft(child, depth - 2);
                }
                *total.lock().unwrap() += nodes;
            });
        }
    });
    total.into_inner().unwrap()
}
