//! Counting legal moves a ply or two ahead without playing the moves in full (perft's
//! last plies, [`Position::count_legal_replies`]): a light make that brings only what
//! move generation reads up to date, and its undo.

use super::replies::{Arrival, ReplyBase};
use super::Position;
use crate::attacks::{with_slider_lookup, SliderLookup};
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, Move, MoveKind, PieceKind};

/// What [`Position::undo_plain_light`] takes back: the mover's from and to squares, and
/// the man taken with his square.
#[derive(Copy, Clone)]
struct LightUndo {
    path: Bitboard,
    victim: Option<(PieceKind, Bitboard)>,
}

impl Position {
    /// The number of legal moves after the legal move `mv` (perft's last two plies).
    /// For all the moves of a position, [`Position::count_legal_replies`] is quicker.
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// let e4 = pos.parse_uci_move("e2e4").unwrap();
    /// assert_eq!(pos.count_legal_moves_after(e4), pos.played(e4).count_legal_moves());
    /// ```
    pub fn count_legal_moves_after(&self, mv: Move) -> u64 {
        let mut next = self.clone();
        next.play_with::<false>(mv);
        with_slider_lookup!(sliders => next.count_legal_moves_with(sliders))
    }

    /// The number of legal moves after each legal move, summed: perft's last two plies.
    ///
    /// The replier's moves are counted once for the position, in parts, and after each
    /// plain move, double step or capture only the parts that move can reach are counted
    /// again (`engine/src/position/replies.rs`, whose module documentation lists the
    /// moves that cannot share the count: castling, en passant, promotions, checks and
    /// changed pins among them). Those are played on one scratch copy with only what
    /// move generation reads brought up to date (the men, the turn, the rights, the
    /// check information: no key, no mailbox, no clocks). A plain move or double push
    /// changes the men's boards by one exclusive-or each and is taken back by the same
    /// exclusive-ors; castling, en passant and promotions are played in full and the
    /// move-generation state copied back whole. The slider lookup and the side to move
    /// are chosen once, for all the moves.
    ///
    /// ```
    /// use engine::{Position, Rules};
    /// let pos = Position::startpos(Rules::default());
    /// assert_eq!(pos.count_legal_replies(), 400);
    /// ```
    pub fn count_legal_replies(&self) -> u64 {
        with_slider_lookup!(sliders => match self.turn() {
            Color::White => self.count_legal_replies_as::<false>(sliders),
            Color::Black => self.count_legal_replies_as::<true>(sliders),
        })
    }

    /// [`Position::count_legal_replies`] with a given slider lookup, for the side to
    /// move (Black where `BLACK`). The side is a constant parameter rather than an
    /// argument so that the closures below, compiled as functions of their own, know it
    /// when compiling too.
    #[inline(always)]
    fn count_legal_replies_as<const BLACK: bool>(&self, sliders: impl SliderLookup) -> u64 {
        let us = Color::constant::<BLACK>();
        let mut scratch = self.clone();
        let mut base = ReplyBase::blank(self);
        let shared = self
            .reply_base(&mut scratch, sliders, us, &mut base)
            .then_some(&base);
        // Whether `scratch` holds the replier's state (for the shared count) rather than
        // this position's (for playing a move).
        let mut holds_replier = false;
        let mut n = 0;
        self.generate_moves_with(sliders, us, Bitboard::FULL, &mut |batch| {
            let us = Color::constant::<BLACK>();
            let mut batch = batch;
            if let Some(base) = &shared {
                if batch.is_castle {
                    for to in batch.to {
                        let side = CastleSide::of_king_to(to);
                        let Some(arrival) = self.castle_path(us, side).and_then(Arrival::castling)
                        else {
                            continue;
                        };
                        if (arrival.changed() & base.core).is_nonempty() {
                            continue;
                        }
                        if let Some(count) = base.count_after(
                            &mut scratch,
                            &mut holds_replier,
                            sliders,
                            !us,
                            arrival,
                        ) {
                            n += count;
                            batch.to -= to;
                        }
                    }
                } else if !base.core.has(batch.from) {
                    // Plain moves and double steps outside the core: the shared count.
                    let mut plain = batch.to - base.core;
                    if batch.piece == PieceKind::Pawn {
                        plain -= Position::promotion_rank(us) | self.ep_square_bb();
                    }
                    // The quiet moves, then the captures (two loops: no branch on
                    // whether a move takes; one body over both sets, or a closure, ran
                    // 13% and 25% more instructions at perft 6).
                    let theirs = self.colors(!us);
                    let (set, count) =
                        base.count_after_quiet_set(!us, batch.piece, batch.from, plain - theirs);
                    n += count;
                    batch.to -= set;
                    for to in plain - theirs - set {
                        let arrival = Arrival::new(batch.piece, batch.from, to, None);
                        if let Some(count) = base.count_after(
                            &mut scratch,
                            &mut holds_replier,
                            sliders,
                            !us,
                            arrival,
                        ) {
                            n += count;
                            if batch.piece == PieceKind::Pawn
                                && (batch.from as i8 - to as i8).abs() == 16
                                && base.double_step_zone.has(to)
                            {
                                n += base.en_passant_replies(self, sliders, !us, batch.from);
                            }
                            batch.to -= to;
                        }
                    }
                    for to in plain & theirs {
                        let arrival = Arrival::new(batch.piece, batch.from, to, self.kind_on(to));
                        if let Some(count) = base.count_after(
                            &mut scratch,
                            &mut holds_replier,
                            sliders,
                            !us,
                            arrival,
                        ) {
                            n += count;
                            batch.to -= to;
                        }
                    }
                }
            }
            if batch.to.is_empty() {
                return false;
            }
            if holds_replier {
                scratch.gen = self.gen;
                holds_replier = false;
            }
            self.for_each_move_in(batch, |mv| {
                let us = Color::constant::<BLACK>();
                // The side to move is matched again in the count, so that it is compiled
                // for each colour: the same side moves again in a turn of several moves.
                if matches!(mv.kind(), MoveKind::Normal | MoveKind::DoublePush) {
                    let undo = scratch.play_plain_light(self, us, batch.piece, mv);
                    n += scratch.count_legal_moves_with(sliders);
                    scratch.undo_plain_light(self, us, batch.piece, undo);
                } else {
                    scratch.play_with::<false>(mv);
                    n += scratch.count_legal_moves_with(sliders);
                    scratch.gen = self.gen;
                }
            });
            false
        });
        n
    }

    /// Plays a plain move or double push of `piece` on `self`, a scratch copy of
    /// `before` whose move-generation state equals `before`'s, bringing up to date only
    /// what move generation reads (as `play_with::<false>` does). The men's boards are
    /// changed by one exclusive-or each, with the side known at compile time, so that no
    /// board is read back from memory between two changes. Returns what
    /// [`Position::undo_plain_light`] needs.
    #[inline(always)]
    fn play_plain_light(
        &mut self,
        before: &Position,
        us: Color,
        piece: PieceKind,
        mv: Move,
    ) -> LightUndo {
        let (from, to) = (mv.from(), mv.to());
        let path = Bitboard::from(from) | to;
        let victim = before.kind_on(to);
        let g = &mut self.gen;
        *g.by_color.get_mut(us) ^= path;
        g.by_kind[piece as usize] ^= path;
        if let Some(v) = victim {
            g.by_kind[v as usize] ^= Bitboard::from(to);
            *g.by_color.get_mut(!us) ^= Bitboard::from(to);
        }
        g.castling = before.paths.rights_after(before.gen.castling, from, to);
        g.ep_square = (mv.kind() == MoveKind::DoublePush).then(|| from.passed_by_double_step(us));
        g.pass_turn_after_move(us);
        self.update_check_info();
        LightUndo {
            path,
            victim: victim.map(|v| (v, Bitboard::from(to))),
        }
    }

    /// Takes back [`Position::play_plain_light`]: the same exclusive-ors, and the rest of
    /// the state copied from `before` field by field.
    #[inline(always)]
    fn undo_plain_light(
        &mut self,
        before: &Position,
        us: Color,
        piece: PieceKind,
        undo: LightUndo,
    ) {
        let g = &mut self.gen;
        *g.by_color.get_mut(us) ^= undo.path;
        g.by_kind[piece as usize] ^= undo.path;
        if let Some((v, to)) = undo.victim {
            g.by_kind[v as usize] ^= to;
            *g.by_color.get_mut(!us) ^= to;
        }
        let b = &before.gen;
        g.castling = b.castling;
        g.turn_moves = b.turn_moves;
        g.ep_square = b.ep_square;
        g.turn_begun = b.turn_begun;
        g.move_limit = b.move_limit;
        g.turn = b.turn;
        g.checkers = b.checkers;
        g.pinned = b.pinned;
        debug_assert!(self.gen == before.gen, "the light undo restores the state");
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::rules::odds::Odds;
    use crate::rules::RuleSet;
    use crate::rules::Rules;
    use crate::setup::Setup;

    fn odds_start(odds: Odds) -> Position {
        let rules = Rules::new(RuleSet::American1897);
        Position::from_setup(&odds.setup(&rules), rules).unwrap()
    }

    /// Every legal move of `pos` and of each position after it: the count after the
    /// light make equals the count after playing the move in full.
    fn check_counts_after_moves(pos: &Position) {
        let replies: u64 = pos
            .legal_moves()
            .iter()
            .map(|mv| pos.played(*mv).count_legal_moves())
            .sum();
        assert_eq!(pos.count_legal_replies(), replies, "{}", pos.fen());
        for mv in pos.legal_moves() {
            let next = pos.played(mv);
            assert_eq!(
                next.count_legal_replies(),
                next.legal_moves()
                    .iter()
                    .map(|r| next.played(*r).count_legal_moves())
                    .sum::<u64>(),
                "{}",
                next.fen()
            );
            assert_eq!(
                pos.count_legal_moves_after(mv),
                next.count_legal_moves(),
                "{} after {mv:?}",
                pos.fen()
            );
            for reply in next.legal_moves() {
                assert_eq!(
                    next.count_legal_moves_after(reply),
                    next.played(reply).count_legal_moves(),
                    "{} after {reply:?}",
                    next.fen()
                );
            }
        }
    }

    #[test]
    fn counting_after_a_move_equals_counting_after_playing_it() {
        let fens = [
            // Kiwipete: castling both sides, pins, en passant chances.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // En passant that would expose the King along the rank.
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            // Promotions, with and without capture, and checks.
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        for set in [RuleSet::American1897, RuleSet::British1894] {
            for fen in fens {
                let setup = Setup::from_fen(fen, false).unwrap();
                check_counts_after_moves(&Position::from_setup(&setup, Rules::new(set)).unwrap());
            }
        }
        // Turns of several moves (Am. IV 4) and castling without the Rook (Am. IV 5).
        for odds in [Odds::PawnAndTwoMoves, Odds::ThreeMoves, Odds::Rook] {
            check_counts_after_moves(&odds_start(odds));
        }
    }
}
