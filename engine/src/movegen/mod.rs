//! Legal move generation with check and pin masks (no make-and-test).
//!
//! Moves come out in batches, [`PieceMoves`]: one man and the set of squares it may go
//! to. A batch is cheap to count (perft's last ply adds up set sizes) and expands into
//! [`Move`]s when a list is wanted. Nothing here branches on the rule set: the rules
//! arrive as data compiled by the position (castling paths, the move limit of a turn of
//! several moves, the number of promotion choices).

mod pawns;

use arrayvec::ArrayVec;

use crate::attacks::{
    between, king_attacks, knight_attacks, line, pawn_attacks, with_slider_lookup, SliderLookup,
};
use crate::position::{CastlePath, Position};
use crate::rules::PromotionRule;
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, PieceKind, Rank, Square};
pub(crate) use pawns::PawnReach;
use pawns::{free_pawn_moves, pawn_attack_sets};

/// The legal moves of one man: where it may go from `from`.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PieceMoves {
    /// The kind of man moving.
    pub piece: PieceKind,
    /// Its square.
    pub from: Square,
    /// The squares it may move to (for castling: the King's destinations).
    pub to: Bitboard,
    /// Whether these are castlings.
    pub is_castle: bool,
}

/// The promotion kinds, most valuable first; the British draft adds "remains a Pawn".
const PROMOTIONS: [MoveKind; 5] = [
    MoveKind::PromoteQueen,
    MoveKind::PromoteKnight,
    MoveKind::PromoteRook,
    MoveKind::PromoteBishop,
    MoveKind::RemainPawn,
];

impl Position {
    /// How many promotion choices a pawn reaching its last rank has: 4, or 5 where it may
    /// remain a Pawn (Br. IV 15).
    #[inline(always)]
    pub(crate) fn promotion_choices(&self) -> u64 {
        // RULE(remain_pawn)
        match self.rules().promotion {
            PromotionRule::Piece => 4,
            PromotionRule::PieceOrRemainPawn => 5,
        }
    }

    /// Calls `listener` with every batch of legal moves; it returns `true` to stop early.
    /// Returns whether it was stopped.
    #[inline]
    pub fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_moves_to(Bitboard::FULL, &mut listener)
    }

    /// Like [`Position::generate_moves`], but only moves landing on `mask` (e.g. the
    /// opponent's men for captures). En passant lands on the en passant square and
    /// castling on the King's destination.
    pub fn generate_moves_to(
        &self,
        mask: Bitboard,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        // Compiled once for each slider lookup and side to move, as the count is.
        with_slider_lookup!(sliders => match self.turn() {
            Color::White => self.generate_moves_with(sliders, Color::White, mask, listener),
            Color::Black => self.generate_moves_with(sliders, Color::Black, mask, listener),
        })
    }

    /// [`Position::generate_moves_to`] with a given slider lookup, for `us` (the side to
    /// move).
    #[inline(always)]
    pub(crate) fn generate_moves_with(
        &self,
        sliders: impl SliderLookup,
        us: Color,
        mask: Bitboard,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let king = self.king(us);
        let occupied = self.occupied();
        // The opponent's King is never a target (it could only be reached in a turn of
        // several moves, where the first gave check).
        let base = (!self.colors(us) - self.pieces(PieceKind::King)) & self.move_limit() & mask;

        macro_rules! emit {
            ($piece:expr, $from:expr, $to:expr, $castle:expr) => {
                let to = $to;
                if to.is_nonempty()
                    && listener(PieceMoves {
                        piece: $piece,
                        from: $from,
                        to,
                        is_castle: $castle,
                    })
                {
                    return true;
                }
            };
        }

        // Step 1. King moves (each target safe with the King gone from its square) and
        // castlings, which are emitted last.
        let (king_to, castle_to) = self.king_and_castle_targets(sliders, us, king, base, mask);
        emit!(PieceKind::King, king, king_to, false);

        // Step 2. In double check only the King moves; in single check the others must
        // take the checker or block.
        let checkers = self.checkers();
        if checkers.has_more_than_one() {
            return false;
        }
        let targets = self.evasion_targets(king, base);
        let pinned = self.pinned();

        // Step 3. Knights: a pinned Knight never moves.
        for from in self.pieces_of(us, PieceKind::Knight) - pinned {
            emit!(
                PieceKind::Knight,
                from,
                knight_attacks(from) & targets,
                false
            );
        }

        // Step 4. Sliders: a pinned one stays on the line through its King.
        for kind in [PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen] {
            for from in self.pieces_of(us, kind) {
                let attacks = match kind {
                    PieceKind::Bishop => sliders.bishop(from, occupied),
                    PieceKind::Rook => sliders.rook(from, occupied),
                    _ => sliders.queen(from, occupied),
                };
                let mut to = attacks & targets;
                if pinned.has(from) {
                    to &= line(king, from);
                }
                emit!(kind, from, to, false);
            }
        }

        // Step 5. Pawns. RULE(remain_pawn): one that remained on its eighth rank never moves.
        for from in self.pieces_of(us, PieceKind::Pawn) - Position::promotion_rank(us) {
            emit!(
                PieceKind::Pawn,
                from,
                self.pawn_targets(sliders, us, from, king, targets, base),
                false
            );
        }

        // Step 6. Castling.
        emit!(PieceKind::King, king, castle_to, true);
        false
    }

    /// The King's safe steps within `base`, and the King's destinations of the castlings
    /// available now (empty in check): each castling needs an empty path, no commanded
    /// square on the King's way (Am. I 11 E(e)), and, under Chess960, the King safe where
    /// it lands once the Rook has moved. With many King steps or an open castling path,
    /// the opponent's whole attack map is cheaper than testing square by square.
    #[inline(always)]
    fn king_and_castle_targets(
        &self,
        sliders: impl SliderLookup,
        us: Color,
        king: Square,
        base: Bitboard,
        mask: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let them = !us;
        let without_king = self.occupied() - king;
        let steps = king_attacks(king) & base;
        let open_paths = self.open_castle_paths(us, mask);
        let castling_open = open_paths.iter().any(Option::is_some);
        if !castling_open && steps.len() <= 3 {
            let mut to = Bitboard::EMPTY;
            for sq in steps {
                if !self.is_attacked_with(sliders, sq, them, without_king) {
                    to |= sq;
                }
            }
            return (to, Bitboard::EMPTY);
        }
        let attacked = self.attacked_squares(sliders, them, without_king);
        let castle_to = self.castle_targets(sliders, us, &open_paths, attacked);
        (steps - attacked, castle_to)
    }

    /// The castlings of `us` whose paths are open now (a right, no check, the squares
    /// between empty, the King's landing square within `mask` and the turn's limit).
    #[inline(always)]
    pub(crate) fn open_castle_paths(&self, us: Color, mask: Bitboard) -> [Option<CastlePath>; 2] {
        let occupied = self.occupied();
        let limit = self.move_limit() & mask;
        let mut open_paths = [None, None];
        if self.checkers().is_empty() && self.may_castle(us) {
            for side in CastleSide::ALL {
                if let Some(path) = self.castle_path(us, side) {
                    // The King may "land" on its own square (Chess960): test the limit, not `base`.
                    if (occupied & path.must_be_empty).is_empty() && limit.has(path.king_to) {
                        open_paths[side as usize] = Some(*path);
                    }
                }
            }
        }
        open_paths
    }

    /// The King's destinations of the open castlings `open_paths` whose King's way
    /// (Am. I 11 E(e)) holds none of the `attacked` squares, and under Chess960 whose
    /// landing square stays safe once the Rook has moved.
    #[inline(always)]
    pub(crate) fn castle_targets(
        &self,
        sliders: impl SliderLookup,
        us: Color,
        open_paths: &[Option<CastlePath>; 2],
        attacked: Bitboard,
    ) -> Bitboard {
        let mut castle_to = Bitboard::EMPTY;
        for path in open_paths.iter().flatten() {
            if (path.must_be_safe & attacked).is_nonempty() {
                continue;
            }
            if path.recheck_king_to {
                let mut after = (self.occupied() - path.king_from) | path.king_to;
                if let Some(rook_from) = path.rook_from {
                    after = (after - rook_from) | path.rook_to;
                }
                if self.is_attacked_with(sliders, path.king_to, !us, after) {
                    continue;
                }
            }
            castle_to |= path.king_to;
        }
        castle_to
    }

    /// Every square `by`'s men command, with `occupied` as the blockers.
    #[inline(always)]
    fn attacked_squares(
        &self,
        sliders: impl SliderLookup,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let men = self.colors(by);
        let (west, east) = pawn_attack_sets(by, self.pieces(PieceKind::Pawn) & men);
        let mut attacked = west | east | king_attacks(self.king(by));
        for sq in self.pieces(PieceKind::Knight) & men {
            attacked |= knight_attacks(sq);
        }
        let queens = self.pieces(PieceKind::Queen);
        for sq in (self.pieces(PieceKind::Bishop) | queens) & men {
            attacked |= sliders.bishop(sq, occupied);
        }
        for sq in (self.pieces(PieceKind::Rook) | queens) & men {
            attacked |= sliders.rook(sq, occupied);
        }
        attacked
    }

    /// `base` narrowed to the squares that take or block a single checker.
    #[inline(always)]
    fn evasion_targets(&self, king: Square, base: Bitboard) -> Bitboard {
        match self.checkers().first() {
            Some(checker) => base & (between(king, checker) | checker),
            None => base,
        }
    }

    /// One pawn's legal targets, en passant included.
    #[inline(always)]
    fn pawn_targets(
        &self,
        sliders: impl SliderLookup,
        us: Color,
        from: Square,
        king: Square,
        targets: Bitboard,
        base: Bitboard,
    ) -> Bitboard {
        let occupied = self.occupied();
        let from_bb = Bitboard::from(from);
        let one = from_bb.forward(us) - occupied;
        let two = (one & Bitboard::rank(Rank::Third.relative_to(us))).forward(us) - occupied;
        let mut to = (one | two | (pawn_attacks(us, from) & self.colors(!us))) & targets;
        if self.pinned().has(from) {
            to &= line(king, from);
        }
        if let Some(ep) = self.ep_square() {
            if pawn_attacks(us, from).has(ep)
                && base.has(ep)
                && self.en_passant_is_legal(sliders, us, from, ep)
            {
                to |= ep;
            }
        }
        to
    }

    /// Whether taking en passant from `from` leaves the King safe: both pawns leave
    /// their ranks at once, which can open a line no pin mask sees.
    fn en_passant_is_legal(
        &self,
        sliders: impl SliderLookup,
        us: Color,
        from: Square,
        ep: Square,
    ) -> bool {
        let victim = Square::new(ep.file(), from.rank());
        let occupied = (self.occupied() - from - victim) | ep;
        (self.attackers_with(sliders, self.king(us), !us, occupied) - victim).is_empty()
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|batch| {
            self.push_moves(batch, &mut list);
            false
        });
        list
    }

    /// The number of legal moves, counted set by set without building moves (perft's
    /// last ply). Mirrors [`Position::generate_moves`], with the pawns taken as one set.
    pub fn count_legal_moves(&self) -> u64 {
        with_slider_lookup!(sliders => self.count_legal_moves_with(sliders))
    }

    /// [`Position::count_legal_moves`] with a given slider lookup: compiled once for
    /// each side to move, so that the pawns' directions and ranks are constants.
    #[inline(always)]
    pub(crate) fn count_legal_moves_with(&self, sliders: impl SliderLookup) -> u64 {
        match self.turn() {
            Color::White => self.count_legal_moves_as(sliders, Color::White),
            Color::Black => self.count_legal_moves_as(sliders, Color::Black),
        }
    }

    /// The count for `us`, the side to move.
    #[inline(always)]
    pub(crate) fn count_legal_moves_as(&self, sliders: impl SliderLookup, us: Color) -> u64 {
        let king = self.king(us);
        let base = (!self.colors(us) - self.pieces(PieceKind::King)) & self.move_limit();
        let (king_to, castle_to) =
            self.king_and_castle_targets(sliders, us, king, base, Bitboard::FULL);
        let mut n = u64::from(king_to.len()) + u64::from(castle_to.len());
        if self.checkers().has_more_than_one() {
            return n;
        }
        let targets = self.evasion_targets(king, base);
        n += self.knight_moves(us, targets);
        n += self.slider_moves(sliders, us, targets);

        // Pawns: the free ones as sets, the pinned ones (rare) one by one, en passant.
        let pawns = self.pieces_of(us, PieceKind::Pawn) - Position::promotion_rank(us);
        n += free_pawn_moves(
            us,
            pawns - self.pinned(),
            self.occupied(),
            self.colors(!us),
            targets,
            self.promotion_choices(),
        );
        n += self.pinned_pawn_moves(sliders, us, targets, base);
        if let Some(ep) = self.ep_square() {
            if base.has(ep) {
                for from in pawn_attacks(!us, ep) & pawns {
                    if self.en_passant_is_legal(sliders, us, from, ep) {
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// The moves of `us`'s unpinned Knights onto `targets` (a pinned Knight never moves).
    #[inline(always)]
    pub(crate) fn knight_moves(&self, us: Color, targets: Bitboard) -> u64 {
        let mut n = 0;
        for from in self.pieces_of(us, PieceKind::Knight) - self.pinned() {
            n += u64::from((knight_attacks(from) & targets).len());
        }
        n
    }

    /// The moves of `us`'s pinned pawns (rare) onto `targets`, en passant apart.
    #[inline(always)]
    pub(crate) fn pinned_pawn_moves(
        &self,
        sliders: impl SliderLookup,
        us: Color,
        targets: Bitboard,
        base: Bitboard,
    ) -> u64 {
        let promotion = Position::promotion_rank(us);
        let king = self.king(us);
        let mut n = 0;
        for from in (self.pieces_of(us, PieceKind::Pawn) - promotion) & self.pinned() {
            let to =
                self.pawn_targets(sliders, us, from, king, targets, base) - self.ep_square_bb();
            n += u64::from((to - promotion).len())
                + u64::from((to & promotion).len()) * self.promotion_choices();
        }
        n
    }

    /// The moves of `us`'s Bishops, Rooks and Queens onto `targets` (the free ones, then
    /// the pinned ones, rare, along their King's line).
    #[inline(always)]
    fn slider_moves(&self, sliders: impl SliderLookup, us: Color, targets: Bitboard) -> u64 {
        let occupied = self.occupied();
        let pinned = self.pinned();
        let queens = self.pieces(PieceKind::Queen);
        let diagonal = (self.pieces(PieceKind::Bishop) | queens) & self.colors(us);
        let straight = (self.pieces(PieceKind::Rook) | queens) & self.colors(us);
        let mut n = 0;
        for from in diagonal - pinned {
            n += u64::from((sliders.bishop(from, occupied) & targets).len());
        }
        for from in straight - pinned {
            n += u64::from((sliders.rook(from, occupied) & targets).len());
        }
        for from in (diagonal | straight) & pinned {
            let mut to = Bitboard::EMPTY;
            if diagonal.has(from) {
                to |= sliders.bishop(from, occupied);
            }
            if straight.has(from) {
                to |= sliders.rook(from, occupied);
            }
            n += u64::from((to & targets & line(self.king(us), from)).len());
        }
        n
    }

    #[inline(always)]
    pub(crate) fn ep_square_bb(&self) -> Bitboard {
        self.ep_square().map_or(Bitboard::EMPTY, Bitboard::from)
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }

    /// Adds a batch's moves to a list.
    #[inline]
    pub fn push_moves(&self, batch: PieceMoves, list: &mut MoveList) {
        self.for_each_move_in(batch, |mv| list.push(mv));
    }

    /// A batch's moves, with their kinds (promotions, double steps, en passant, castling).
    pub fn expand(&self, batch: PieceMoves) -> ArrayVec<Move, 32> {
        let mut out = ArrayVec::new();
        self.for_each_move_in(batch, |mv| out.push(mv));
        out
    }

    /// Calls `f` with each move of a batch, with its kind (promotions, double steps,
    /// en passant, castling).
    #[inline(always)]
    pub fn for_each_move_in(&self, batch: PieceMoves, mut f: impl FnMut(Move)) {
        let from = batch.from;
        if batch.is_castle {
            for to in batch.to {
                f(Move::new(from, to, MoveKind::Castle));
            }
        } else if batch.piece != PieceKind::Pawn {
            for to in batch.to {
                f(Move::new(from, to, MoveKind::Normal));
            }
        } else {
            let promotion = Position::promotion_rank(self.turn());
            let choices = self.promotion_choices() as usize;
            for to in batch.to - promotion {
                let kind = if (from as i8 - to as i8).abs() == 16 {
                    MoveKind::DoublePush
                } else if Some(to) == self.ep_square() && from.file() != to.file() {
                    MoveKind::EnPassant
                } else {
                    MoveKind::Normal
                };
                f(Move::new(from, to, kind));
            }
            for to in batch.to & promotion {
                for kind in &PROMOTIONS[..choices] {
                    f(Move::new(from, to, *kind));
                }
            }
        }
    }
}
