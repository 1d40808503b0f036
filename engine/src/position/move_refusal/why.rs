//! The reason a move is illegal, found the way a player would explain it: whose man
//! stands where, how that man moves, whether the way is clear, and whether the move
//! would place or leave the King in check (Am. I 9, I 11 E). Only the move generator
//! decides what is legal; this file is asked only after it said no, and only words why.

use super::{IllegalKind, IllegalReason, MOVES_LAW, MOVE_SHAPE_LAW};
use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::position::setup_law::repair::castling_right_problem;
use crate::position::Position;
use crate::setup::CastleSide;
use crate::types::{Bitboard, Color, File, Move, MoveKind, Piece, PieceKind, Rank, Square};

/// The law of castling's conditions.
const CASTLING_LAW: &str = "Am. I 11 E (e)";
/// The law of promotion.
const PROMOTION_LAW: &str = "Am. I 11 E (d)";

impl Position {
    /// Why no legal move takes the man on `from` to `to` (promoting to `promotion`, if
    /// named). Asked about a legal move, it says only that no reason was found.
    ///
    /// ```
    /// use engine::{position::move_refusal::IllegalKind, Position, Rules, Setup, Square};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", false).unwrap();
    /// let pos = Position::from_setup(&setup, Rules::default()).unwrap();
    /// let why = pos.why_illegal_move(Square::E1, Square::F2, None);
    /// assert_eq!(why.kind, IllegalKind::LeavesKingInCheck);
    /// assert_eq!(why.message, "your King would stand in check on f2, commanded by Black's Rook on e2");
    /// ```
    pub fn why_illegal_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> IllegalReason {
        let turn = self.turn();
        let reason = |kind, law, message: String| IllegalReason {
            kind,
            law,
            squares: vec![from, to],
            message,
        };
        let Some(man) = self.piece_on(from) else {
            return reason(
                IllegalKind::NoMan,
                MOVES_LAW,
                format!("there is no man on {from}"),
            );
        };
        let name = man.kind.name();
        if man.color != turn {
            return reason(
                IllegalKind::NotYourMan,
                MOVES_LAW,
                format!(
                    "the {name} on {from} is {}'s, and it is {}'s turn to play",
                    man.color, turn
                ),
            );
        }
        if let Some(side) = self.castling_side(man, from, to) {
            return self.why_no_castling(side, from, to);
        }
        if let Some(own) = self.piece_on(to).filter(|p| p.color == turn) {
            return reason(
                IllegalKind::OwnManOnTarget,
                MOVES_LAW,
                format!("your own {} stands on {to}", own.kind.name()),
            );
        }
        if !self.reaches(man.kind, from, to) {
            return reason(
                IllegalKind::CannotMoveThere,
                MOVE_SHAPE_LAW,
                self.cannot_reach_words(man.kind, from, to),
            );
        }
        if self.in_multi_move_turn() && !self.move_limit().has(to) {
            return reason(
                IllegalKind::BeyondFourthRank,
                "Am. IV 4",
                "in a turn of several moves no man may go beyond the fourth rank".to_string(),
            );
        }
        if let Some(words) = self.king_in_check_after(man.kind, from, to) {
            return reason(IllegalKind::LeavesKingInCheck, MOVES_LAW, words);
        }
        let last_rank = Rank::Eighth.relative_to(turn);
        if man.kind == PieceKind::Pawn && to.rank() == last_rank && promotion.is_none() {
            return reason(
                IllegalKind::Promotion,
                PROMOTION_LAW,
                format!(
                    "a Pawn reaching {to} must be promoted: name the piece (as in {from}{to}q)"
                ),
            );
        }
        if promotion.is_some() && (man.kind != PieceKind::Pawn || to.rank() != last_rank) {
            return reason(
                IllegalKind::Promotion,
                PROMOTION_LAW,
                "only a Pawn reaching its eighth rank is promoted".to_string(),
            );
        }
        reason(
            IllegalKind::Illegal,
            MOVES_LAW,
            format!("not a legal move under {}", self.rules().set),
        )
    }

    /// Why no man of `kind` of the side to move can go to `to` (a SAN move that names
    /// no legal move): the reason of the man that came nearest to going there.
    ///
    /// ```
    /// use engine::{position::move_refusal::IllegalKind, PieceKind, Position, Rules, Square};
    /// let pos = Position::startpos(Rules::default());
    /// let why = pos.why_none_goes_to(PieceKind::Knight, Square::D2);
    /// assert_eq!(why.kind, IllegalKind::OwnManOnTarget);
    /// ```
    pub fn why_none_goes_to(&self, kind: PieceKind, to: Square) -> IllegalReason {
        let turn = self.turn();
        let best = self
            .pieces_of(turn, kind)
            .into_iter()
            .map(|from| self.why_illegal_move(from, to, None))
            .min_by_key(IllegalReason::nearness);
        match best {
            Some(r) if r.kind != IllegalKind::CannotMoveThere => r,
            Some(_) => IllegalReason::none_goes_to(kind, vec![to]),
            None => IllegalReason {
                kind: IllegalKind::NoMan,
                law: MOVES_LAW,
                squares: vec![to],
                message: format!("you have no {}", kind.name()),
            },
        }
    }

    /// The side of a castling, if the King's move from `from` to `to` is one.
    fn castling_side(&self, man: Piece, from: Square, to: Square) -> Option<CastleSide> {
        let first = Rank::First.relative_to(man.color);
        let is_castling = man.kind == PieceKind::King
            && !self.rules().chess960
            && from == Square::new(File::E, first)
            && to.rank() == first
            && (to.file() == File::C || to.file() == File::G);
        is_castling.then_some(CastleSide::of_king_to(to))
    }

    /// Why the King may not castle on `side` now (Am. I 11 E (e); Am. IV 5).
    fn why_no_castling(&self, side: CastleSide, from: Square, to: Square) -> IllegalReason {
        let turn = self.turn();
        let first = Rank::First.relative_to(turn);
        let rook_square = Square::new(side.standard_rook_file(), first);
        let side_name = match side {
            CastleSide::King => "King's",
            CastleSide::Queen => "Queen's",
        };
        let reason = |kind, law, squares, message| IllegalReason {
            kind,
            law,
            squares,
            message,
        };
        if self.piece_on(rook_square).is_none() {
            if let Some(problem) = castling_right_problem(
                &self.to_setup(),
                *self.rules(),
                turn,
                side,
                side.standard_rook_file(),
            ) {
                if !self.rules().allows_castling_without_rook() {
                    return reason(
                        IllegalKind::CastlingWithoutRookNotAllowed,
                        problem.law,
                        vec![from, to, rook_square],
                        format!(
                            "castling without the Rook on {rook_square} is not allowed under {}",
                            self.rules().set
                        ),
                    );
                }
            }
        }
        let Some(path) = self
            .castle_path(turn, side)
            .filter(|_| self.has_castling_right(turn, side))
        else {
            return reason(
                IllegalKind::CastlingConditions,
                CASTLING_LAW,
                vec![from, to, rook_square],
                format!(
                    "{turn} may no longer castle on the {side_name} side: the King or the Rook has moved, or a man has stood on {rook_square}"
                ),
            );
        };
        let blockers = path.must_be_empty & self.occupied();
        if let Some(sq) = blockers.into_iter().next() {
            return reason(
                IllegalKind::CastlingConditions,
                CASTLING_LAW,
                vec![from, to, sq],
                format!("castling on the {side_name} side needs {sq} empty"),
            );
        }
        let occupied = self.occupied();
        let commanded = path
            .must_be_safe
            .into_iter()
            .find(|&sq| self.is_attacked(sq, !turn, occupied));
        if let Some(sq) = commanded {
            let words = if sq == from {
                "the King may not castle out of check".to_string()
            } else {
                format!("the King may not castle over or onto {sq}, which an adverse man commands")
            };
            return reason(
                IllegalKind::CastlingConditions,
                CASTLING_LAW,
                vec![from, to, sq],
                words,
            );
        }
        reason(
            IllegalKind::Illegal,
            CASTLING_LAW,
            vec![from, to],
            format!("not a legal castling under {}", self.rules().set),
        )
    }

    /// Whether the mover's man of `kind` on `from` can go to `to` by the way it moves,
    /// with the men as they stand (check left aside).
    fn reaches(&self, kind: PieceKind, from: Square, to: Square) -> bool {
        let occupied = self.occupied();
        let turn = self.turn();
        let targets = match kind {
            PieceKind::Knight => knight_attacks(from),
            PieceKind::King => king_attacks(from),
            PieceKind::Bishop => bishop_attacks(from, occupied),
            PieceKind::Rook => rook_attacks(from, occupied),
            PieceKind::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            PieceKind::Pawn => return self.pawn_reaches(from, to),
        };
        targets.has(to) && self.piece_on(to).is_none_or(|p| p.color != turn)
    }

    /// Whether the mover's Pawn on `from` can go to `to`: one square on, two from its
    /// second rank over an empty square, or a capture, in passing included.
    fn pawn_reaches(&self, from: Square, to: Square) -> bool {
        let turn = self.turn();
        let step = if turn == Color::White { 1 } else { -1 };
        let empty = |sq: Square| self.piece_on(sq).is_none();
        if pawn_attacks(turn, from).has(to) {
            let adverse = self.piece_on(to).is_some_and(|p| p.color != turn);
            return adverse || self.ep_square() == Some(to);
        }
        let one = from.offset(0, step);
        if one == Some(to) {
            return empty(to);
        }
        let two = one.and_then(|sq| sq.offset(0, step));
        from.rank() == Rank::Second.relative_to(turn)
            && two == Some(to)
            && one.is_some_and(empty)
            && empty(to)
    }

    /// Words for a man that cannot go from `from` to `to`.
    fn cannot_reach_words(&self, kind: PieceKind, from: Square, to: Square) -> String {
        let name = kind.name();
        let open = match kind {
            PieceKind::Bishop => bishop_attacks(from, Bitboard::EMPTY),
            PieceKind::Rook => rook_attacks(from, Bitboard::EMPTY),
            PieceKind::Queen => {
                bishop_attacks(from, Bitboard::EMPTY) | rook_attacks(from, Bitboard::EMPTY)
            }
            PieceKind::Pawn if from.file() == to.file() => {
                // Am. I 11 E (a): one square on, or two at its first move. Only a Pawn
                // that would move so is blocked by a man in its way; any other step is
                // not a Pawn's move at all.
                let turn = self.turn();
                let ahead =
                    to.relative_to(turn).rank() as i32 - from.relative_to(turn).rank() as i32;
                let first_move = from.rank() == Rank::Second.relative_to(turn);
                let between = crate::attacks::between(from, to) | Bitboard::from(to);
                let pawn_step = ahead == 1 || (ahead == 2 && first_move);
                if pawn_step && (between & self.occupied()).is_nonempty() {
                    return format!("the Pawn on {from} is blocked");
                }
                Bitboard::EMPTY
            }
            _ => Bitboard::EMPTY,
        };
        if open.has(to) {
            let blocker = (crate::attacks::between(from, to) & self.occupied())
                .into_iter()
                .next();
            if let Some(b) = blocker {
                return format!("a man on {b} stands in the way of the {name} on {from}");
            }
        }
        if kind == PieceKind::Pawn && pawn_attacks(self.turn(), from).has(to) {
            return format!("the Pawn on {from} can go to {to} only to take a man there");
        }
        format!("the {name} on {from} does not move so: it cannot go to {to}")
    }

    /// If the mover's man of `kind` going from `from` to `to` would place or leave his
    /// King in check, the words saying so; `None` if the King would be safe.
    fn king_in_check_after(&self, kind: PieceKind, from: Square, to: Square) -> Option<String> {
        let turn = self.turn();
        let pawn_kind = || {
            if from.rank().relative_to(turn) == Rank::Second
                && to.rank().relative_to(turn) == Rank::Fourth
            {
                MoveKind::DoublePush
            } else if from.file() != to.file() && self.piece_on(to).is_none() {
                MoveKind::EnPassant
            } else if to.rank() == Rank::Eighth.relative_to(turn) {
                MoveKind::PromoteQueen
            } else {
                MoveKind::Normal
            }
        };
        let move_kind = if kind == PieceKind::Pawn {
            pawn_kind()
        } else {
            MoveKind::Normal
        };
        let mut after = self.clone();
        after.play_unchecked(Move::new(from, to, move_kind));
        let king = after.king(turn);
        let attackers = after.attackers(king, !turn, after.occupied());
        let first = attackers.into_iter().next()?;
        let by = after.piece_on(first).map_or("a man", |p| p.kind.name());
        let commanded = format!("commanded by {}'s {by} on {first}", !turn);
        Some(if kind == PieceKind::King {
            format!("your King would stand in check on {to}, {commanded}")
        } else if self.in_check() {
            format!("your King is in check, and this move does not answer it: it stays {commanded}")
        } else {
            format!(
                "the {} on {from} may not move so: it would leave your King in check, {commanded}",
                kind.name()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::position::move_refusal::IllegalKind;
    use crate::position::Position;
    use crate::rules::odds::Odds;
    use crate::rules::RuleSet;
    use crate::rules::Rules;
    use crate::setup::Setup;
    use crate::types::PieceKind;
    use crate::types::Square;

    fn at(fen: &str) -> Position {
        Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap()
    }

    #[test]
    fn a_king_may_not_be_placed_in_check_am_i_11_e_a() {
        let pos = at("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
        let why = pos.why_illegal("e1f2");
        assert_eq!(why.kind, IllegalKind::LeavesKingInCheck);
        assert_eq!(why.law, "Am. I 11 E (a)");
        let why = pos.why_none_goes_to(PieceKind::King, Square::D2);
        assert_eq!(
            why.message,
            "your King would stand in check on d2, commanded by Black's Rook on e2"
        );
    }

    #[test]
    fn a_pinned_man_may_not_leave_the_king_in_check_am_i_11_e_a() {
        let pos = at("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        let why = pos.why_none_goes_to(PieceKind::Knight, Square::F4);
        assert_eq!(why.kind, IllegalKind::LeavesKingInCheck);
        assert!(
            why.message.contains("Knight on e2 may not move so"),
            "{}",
            why.message
        );
    }

    #[test]
    fn a_check_must_be_answered_am_i_11_e_a() {
        let pos = at("4k3/8/8/8/1b6/8/8/R3K3 w - - 0 1");
        let why = pos.why_illegal("a1a7");
        assert_eq!(why.kind, IllegalKind::LeavesKingInCheck);
        assert!(
            why.message.starts_with("your King is in check"),
            "{}",
            why.message
        );
    }

    #[test]
    fn the_reasons_a_player_would_give() {
        let pos = Position::startpos(Rules::default());
        assert_eq!(pos.why_illegal("e3e4").kind, IllegalKind::NoMan);
        assert_eq!(pos.why_illegal("e7e5").kind, IllegalKind::NotYourMan);
        assert_eq!(pos.why_illegal("d1d2").kind, IllegalKind::OwnManOnTarget);
        // Three squares is no Pawn's move, whatever stands on the way (a Pawn on a4 here).
        let after_a4 = at("rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(
            after_a4.why_illegal("a7a4").message,
            "the Pawn on a7 does not move so: it cannot go to a4"
        );
        // A man in the way of a step a Pawn may make blocks it.
        let a6_taken = at("rnbqkbnr/pppppppp/P7/8/8/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1");
        for step in ["a7a6", "a7a5"] {
            assert_eq!(
                a6_taken.why_illegal(step).message,
                "the Pawn on a7 is blocked",
                "{step}"
            );
        }
        let why = pos.why_illegal("e2e5");
        assert_eq!(why.kind, IllegalKind::CannotMoveThere);
        assert_eq!(
            why.message,
            "the Pawn on e2 does not move so: it cannot go to e5"
        );
        assert_eq!(
            pos.why_illegal("d1h5").message,
            "a man on e2 stands in the way of the Queen on d1"
        );
        assert_eq!(
            pos.why_none_goes_to(PieceKind::Knight, Square::F4).message,
            "no Knight of yours can go to f4"
        );
        assert_eq!(
            pos.why_illegal("e2d3").message,
            "the Pawn on e2 can go to d3 only to take a man there"
        );
    }

    #[test]
    fn castling_conditions_am_i_11_e_e() {
        let pos = at("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1");
        let why = pos.why_illegal("e1g1");
        assert_eq!(why.kind, IllegalKind::CastlingConditions);
        assert_eq!(why.law, "Am. I 11 E (e)");
        let pos = at("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
        assert_eq!(
            pos.why_illegal("e1c1").message,
            "castling on the Queen's side needs b1 empty"
        );
        let pos = at("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
        assert!(pos.why_illegal("e1g1").message.contains("over or onto f1"));
    }

    #[test]
    fn a_promotion_must_name_its_piece_am_i_11_e_d() {
        let pos = at("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let why = pos.why_illegal("a7a8");
        assert_eq!(why.kind, IllegalKind::Promotion);
        assert_eq!(why.law, "Am. I 11 E (d)");
    }

    #[test]
    fn a_turn_of_several_moves_stays_within_the_fourth_rank_am_iv_4() {
        let rules = Rules::new(RuleSet::American1897);
        let pos = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
        let why = pos.why_none_goes_to(PieceKind::Knight, Square::C5);
        assert_eq!(why.kind, IllegalKind::CannotMoveThere);
        let pos = pos.played(pos.parse_uci_move("e2e4").unwrap());
        assert_eq!(pos.why_illegal("e4e5").kind, IllegalKind::BeyondFourthRank);
    }
}
