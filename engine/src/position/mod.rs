//! `Position`: a validated position that moves can be generated for and played in.
//!
//! Its fields are private: the only ways in are [`Position::from_setup`] (which checks
//! everything the move generator relies on) and playing legal moves. How a position
//! could have arisen under the Code is judged and worded in [`setup_law`], and why a move
//! is illegal in [`move_refusal`]; game history and draw claims live in [`crate::game`] and
//! [`crate::rules::draws`], and the adapter's `validate` turns all of it into findings.

mod castling;
mod count;
mod play;
mod replies;
pub use play::IllegalMove;
pub mod move_refusal;
mod playable;
pub mod setup_law;

pub use castling::{right_bit, CastlePath, CastlingPaths};
pub use playable::PositionError;

use crate::attacks::{
    bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_rays, with_slider_lookup,
    SliderLookup,
};
use crate::fen::CastlingNotation;
use crate::rules::Rules;
use crate::setup::{CastleSide, CastlingRights, Setup};
use crate::types::{Bitboard, ByColor, Color, Piece, PieceKind, Rank, Square};
use crate::zobrist;

/// A position that can be played: men, side to move, rights, clocks and the rules in force.
///
/// ```
/// use engine::{Position, Rules};
/// let pos = Position::startpos(Rules::default());
/// assert_eq!(pos.legal_moves().len(), 20);
/// ```
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Position {
    /// What move generation reads, and all that playing a move for a count changes.
    gen: MoveGenState,
    /// The kind of man on each square (colour from the state's `by_color`).
    mailbox: [Option<PieceKind>; 64],
    halfmove_clock: u32,
    capture_clock: u32,
    /// Under the British call to mate (Br. IV 12): turns since the weaker side's call.
    call_clock: Option<u32>,
    /// Under the British call to mate: whether a side may call, to start the call clock
    /// after a capture or a promotion.
    call_test: Option<CallTest>,
    fullmove_number: u32,
    key: u64,
    paths: CastlingPaths,
    rules: Rules,
}

/// Whether a side may call on its opponent to mate (Br. IV 12): the draw law's test
/// ([`crate::rules::draws::call::call_to_mate_side`]), handed to the position when it is
/// set up under the British call to mate, so that playing a move, which starts the call
/// clock, does not reach into the draw law. It is a function of the position's rules, so
/// two positions compare and hash alike whatever it holds: the rules are compared.
#[derive(Copy, Clone)]
pub(crate) struct CallTest(pub(crate) fn(&Position) -> bool);

impl PartialEq for CallTest {
    fn eq(&self, _: &CallTest) -> bool {
        true
    }
}

impl Eq for CallTest {}

impl std::hash::Hash for CallTest {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl std::fmt::Debug for CallTest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CallTest")
    }
}

/// The part of a [`Position`] the move generator reads and a move played only to count
/// the replies writes: the men, the turn, the rights and the check information. Small
/// and `Copy`, so that perft's last two plies restore it rather than clone a position
/// ([`Position::count_legal_replies`]).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
struct MoveGenState {
    by_kind: [Bitboard; 6],
    by_color: ByColor<Bitboard>,
    /// Squares men may move to in this turn: all, or the mover's first four ranks during a
    /// turn of several moves (Am. IV 4).
    move_limit: Bitboard,
    checkers: Bitboard,
    pinned: Bitboard,
    turn: Color,
    /// Castling rights, one bit per `right_bit(color, side)`.
    castling: u8,
    ep_square: Option<Square>,
    /// Moves the side to move still makes in this turn, this one included.
    turn_moves: u8,
    /// Whether the side to move has already made a move of this turn (inside a turn of
    /// several moves, Am. IV 4): then this position is no turn's commencement.
    turn_begun: bool,
}

impl MoveGenState {
    /// Ends `us`'s move (the men already moved, the en passant square set): inside a
    /// turn of several moves the same side moves again, else the turn passes. Returns
    /// whether it passed.
    #[inline(always)]
    fn pass_turn_after_move(&mut self, us: Color) -> bool {
        if self.turn_moves > 1 {
            // RULE(multi_move_turn): the same side moves again (Am. IV 4). No opponent
            // move comes between, so no en passant chance arises.
            self.turn_moves -= 1;
            self.ep_square = None;
            self.turn_begun = true;
            false
        } else {
            self.turn_begun = false;
            self.move_limit = Bitboard::FULL;
            self.turn = !us;
            true
        }
    }
}

impl Position {
    /// The standard starting position under `rules`.
    pub fn startpos(rules: Rules) -> Position {
        Position::from_setup(&Setup::standard(), rules).expect("the starting position is valid")
    }

    /// The men of a kind, both colours.
    #[inline(always)]
    pub fn pieces(&self, kind: PieceKind) -> Bitboard {
        self.gen.by_kind[kind as usize]
    }

    /// The men of a colour.
    #[inline(always)]
    pub fn colors(&self, color: Color) -> Bitboard {
        *self.gen.by_color.get(color)
    }

    /// The men of a colour and kind.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces(kind) & self.colors(color)
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.gen.by_color[Color::White] | self.gen.by_color[Color::Black]
    }

    /// The square of `color`'s King.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.pieces_of(color, PieceKind::King).single()
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.gen.turn
    }

    /// The men giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.gen.checkers
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.gen.checkers.is_nonempty()
    }

    /// The side to move's men pinned against its King.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.gen.pinned
    }

    /// The en passant square, as the FEN gives it (after any double step).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.gen.ep_square
    }

    /// Half-moves since the last capture or pawn move (the FEN clock; FIDE's fifty moves).
    /// A turn of several moves counts once (Am. IV 4: "two or more moves in one turn to
    /// play"; Br. VI 5: "collectively considered as the first move").
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Half-moves since the last capture (the Code's fifty moves, Am. II 8). From a FEN
    /// it starts at the FEN's clock, which is all the FEN tells. A turn of several moves
    /// counts once, as for [`Position::halfmove_clock`].
    #[inline]
    pub fn capture_clock(&self) -> u32 {
        self.capture_clock
    }

    /// Under the British draft's call to mate (Br. IV 12, "A player may call upon his
    /// opponent to mate him within fifty moves on each side"): the half-moves (turns)
    /// since the weaker side's call, or `None` while no call stands (always `None` under
    /// the other rule sets). By itself a position deems the call made at the first
    /// position where a side could call ([`crate::rules::draws::call::call_to_mate_side`]): from
    /// a FEN where a side could call, since the FEN's clock; after a capture or promotion
    /// that first lets a side call, from then on. A game whose calls are given by command
    /// ([`crate::Game::give_calls_by_command`]) sets it instead.
    #[inline]
    pub fn call_clock(&self) -> Option<u32> {
        self.call_clock
    }

    /// Sets the call clock ([`Position::call_clock`]): `Some(0)` when a call is given now.
    pub(crate) fn set_call_clock(&mut self, clock: Option<u32>) {
        self.call_clock = clock;
    }

    /// Whether this position stands at the commencement of a turn to play (Am. I 16 (a)):
    /// true except between the moves of a turn of several moves (Am. IV 4). Only such
    /// positions count for repetition, and only then may a draw be claimed.
    #[inline]
    pub fn at_turn_start(&self) -> bool {
        !self.gen.turn_begun
    }

    /// The number of the move about to be played.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Moves the side to move still makes in this turn, this one included (more than one
    /// only at the start of a game at the odds of several moves).
    #[inline]
    pub fn turn_moves(&self) -> u8 {
        self.gen.turn_moves
    }

    /// Whether this turn is part of a turn of several moves, in which no man may go
    /// beyond the mover's fourth rank (Am. IV 4).
    #[inline]
    pub fn in_multi_move_turn(&self) -> bool {
        self.gen.move_limit != Bitboard::FULL
    }

    /// The squares men may move to in this turn (all, except in a turn of several moves).
    #[inline(always)]
    pub fn move_limit(&self) -> Bitboard {
        self.gen.move_limit
    }

    /// The rules in force.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The Zobrist key of everything that decides the legal moves.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key of the men on their squares and the side to move only: positions that are
    /// "identical" in the sense of Am. I 16 (castling and en passant chances do not enter).
    pub fn men_key(&self) -> u64 {
        self.key ^ zobrist::castling(self.gen.castling) ^ self.ep_key() ^ self.turn_key()
    }

    /// The key of the men on their squares alone, whoever is to move.
    pub fn placement_key(&self) -> u64 {
        match self.gen.turn {
            Color::White => self.men_key(),
            Color::Black => self.men_key() ^ zobrist::black_to_move(),
        }
    }

    /// Whether `color` still has the right to castle on `side`.
    #[inline]
    pub fn has_castling_right(&self, color: Color, side: CastleSide) -> bool {
        self.gen.castling & right_bit(color, side) != 0
    }

    /// Whether `color` has any castling right left.
    #[inline(always)]
    pub fn may_castle(&self, color: Color) -> bool {
        self.gen.castling
            & (right_bit(color, CastleSide::King) | right_bit(color, CastleSide::Queen))
            != 0
    }

    /// The castling path of a right the position has.
    pub fn castle_path(&self, color: Color, side: CastleSide) -> Option<&CastlePath> {
        if self.has_castling_right(color, side) {
            self.paths.get(color, side)
        } else {
            None
        }
    }

    /// The man on a square.
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let kind = self.kind_on(sq)?;
        let color = if self.gen.by_color[Color::White].has(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }

    /// The kind of man on a square.
    #[inline(always)]
    pub fn kind_on(&self, sq: Square) -> Option<PieceKind> {
        self.mailbox[sq as usize]
    }

    /// `by`'s men that command `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        with_slider_lookup!(sliders => self.attackers_with(sliders, sq, by, occupied))
    }

    /// [`Position::attackers`] with a given slider lookup.
    #[inline(always)]
    pub(crate) fn attackers_with(
        &self,
        sliders: impl SliderLookup,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let them = self.colors(by);
        let rooks = self.pieces(PieceKind::Rook) | self.pieces(PieceKind::Queen);
        let bishops = self.pieces(PieceKind::Bishop) | self.pieces(PieceKind::Queen);
        ((knight_attacks(sq) & self.pieces(PieceKind::Knight))
            | (king_attacks(sq) & self.pieces(PieceKind::King))
            | (pawn_attacks(!by, sq) & self.pieces(PieceKind::Pawn))
            | (sliders.rook(sq, occupied) & rooks)
            | (sliders.bishop(sq, occupied) & bishops))
            & them
    }

    /// Whether any of `by`'s men commands `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        with_slider_lookup!(sliders => self.is_attacked_with(sliders, sq, by, occupied))
    }

    /// [`Position::is_attacked`] with a given slider lookup.
    #[inline(always)]
    pub(crate) fn is_attacked_with(
        &self,
        sliders: impl SliderLookup,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> bool {
        let them = self.colors(by);
        (knight_attacks(sq) & self.pieces(PieceKind::Knight) & them).is_nonempty()
            || (king_attacks(sq) & self.pieces(PieceKind::King) & them).is_nonempty()
            || (pawn_attacks(!by, sq) & self.pieces(PieceKind::Pawn) & them).is_nonempty()
            || (sliders.rook(sq, occupied)
                & (self.pieces(PieceKind::Rook) | self.pieces(PieceKind::Queen))
                & them)
                .is_nonempty()
            || (sliders.bishop(sq, occupied)
                & (self.pieces(PieceKind::Bishop) | self.pieces(PieceKind::Queen))
                & them)
                .is_nonempty()
    }

    /// Back to a [`Setup`], e.g. to write a FEN.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in self.occupied() {
            setup.board[sq as usize] = self.piece_on(sq);
        }
        setup.turn = self.gen.turn;
        for color in Color::ALL {
            let mut rights = CastlingRights::default();
            for side in CastleSide::ALL {
                if let Some(p) = self.castle_path(color, side) {
                    rights.set(side, Some(p.rook_square.file()));
                }
            }
            *setup.castling.get_mut(color) = rights;
        }
        setup.ep_square = self.gen.ep_square;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmove_number = self.fullmove_number;
        setup.turn_moves = self.gen.turn_moves;
        setup
    }

    /// The FEN of the position (X-FEN castling under Chess960).
    pub fn fen(&self) -> String {
        let notation = if self.rules.chess960 {
            CastlingNotation::XFen
        } else {
            CastlingNotation::Standard
        };
        self.to_setup().to_fen(notation)
    }

    /// The last rank of `color`'s pawns (where they promote).
    #[inline(always)]
    pub(crate) fn promotion_rank(color: Color) -> Bitboard {
        Bitboard::rank(Rank::Eighth.relative_to(color))
    }

    /// The en passant part of the key: only when a pawn of the side to move could take.
    #[inline]
    fn ep_key(&self) -> u64 {
        match self.gen.ep_square {
            Some(ep)
                if (pawn_attacks(!self.gen.turn, ep)
                    & self.pieces_of(self.gen.turn, PieceKind::Pawn))
                .is_nonempty() =>
            {
                zobrist::ep_file(ep.file())
            }
            _ => 0,
        }
    }

    #[inline]
    fn turn_key(&self) -> u64 {
        if self.in_multi_move_turn() {
            zobrist::turn_moves(self.gen.turn_moves)
        } else {
            0
        }
    }

    /// The key computed from scratch (the incremental one must always equal it).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for sq in self.occupied() {
            let p = self.piece_on(sq).expect("occupied");
            key ^= zobrist::piece(p.color, p.kind, sq);
        }
        if self.gen.turn == Color::Black {
            key ^= zobrist::black_to_move();
        }
        key ^ zobrist::castling(self.gen.castling) ^ self.ep_key() ^ self.turn_key()
    }

    /// Recomputes the checkers and pinned men of the side to move.
    #[inline]
    fn update_check_info(&mut self) {
        let us = self.gen.turn;
        let them = !us;
        let king = self.king(us);
        let occ = self.occupied();
        let their = self.colors(them);
        let snipers = ((rook_rays(king)
            & (self.pieces(PieceKind::Rook) | self.pieces(PieceKind::Queen)))
            | (bishop_rays(king)
                & (self.pieces(PieceKind::Bishop) | self.pieces(PieceKind::Queen))))
            & their;
        let mut checkers = ((knight_attacks(king) & self.pieces(PieceKind::Knight))
            | (pawn_attacks(us, king) & self.pieces(PieceKind::Pawn)))
            & their;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = crate::attacks::between(king, s) & occ;
            if blockers.is_empty() {
                checkers |= s;
            } else if !blockers.has_more_than_one() {
                pinned |= blockers & self.colors(us);
            }
        }
        self.gen.checkers = checkers;
        self.gen.pinned = pinned;
    }

    /// Checks the internal invariants: the boards agree, the key matches a recomputation,
    /// and the check information is right. Used by debug builds at every perft node.
    ///
    /// # Panics
    /// When an invariant is broken (a bug, never bad input).
    pub fn assert_consistent(&self) {
        let mut union = Bitboard::EMPTY;
        for k in PieceKind::ALL {
            assert!(
                (union & self.pieces(k)).is_empty(),
                "two kinds on one square"
            );
            union |= self.pieces(k);
        }
        assert_eq!(union, self.occupied(), "kind and colour boards disagree");
        for sq in Square::ALL {
            let from_boards = PieceKind::ALL.into_iter().find(|k| self.pieces(*k).has(sq));
            assert_eq!(
                self.mailbox[sq as usize], from_boards,
                "mailbox disagrees on {sq}"
            );
        }
        assert!(
            (self.gen.by_color[Color::White] & self.gen.by_color[Color::Black]).is_empty(),
            "two colours on one square"
        );
        assert_eq!(self.pieces_of(Color::White, PieceKind::King).len(), 1);
        assert_eq!(self.pieces_of(Color::Black, PieceKind::King).len(), 1);
        assert_eq!(self.key, self.key_from_scratch(), "incremental key drifted");
        let mut copy = self.clone();
        copy.update_check_info();
        assert_eq!(
            (copy.gen.checkers, copy.gen.pinned),
            (self.gen.checkers, self.gen.pinned),
            "stale check info"
        );
        assert!(
            !self.is_attacked(self.king(!self.gen.turn), self.gen.turn, self.occupied()),
            "side not to move is in check"
        );
    }
}

impl std::fmt::Display for Position {
    /// The board as eight text rows, White at the bottom, then the FEN.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            write!(f, " {} |", rank.to_char())?;
            for file in crate::types::File::ALL {
                let c = self
                    .piece_on(Square::new(file, *rank))
                    .map_or('.', Piece::to_char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   +----------------")?;
        writeln!(f, "     a b c d e f g h")?;
        write!(f, "FEN: {}", self.fen())
    }
}
