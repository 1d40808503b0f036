//! Move generation and play for the oracle: pseudo-legal moves by walking the 0x88 board
//! man by man, legality by playing each move on a copy and testing whether the mover's King
//! is attacked, and "is this square attacked" by looking outward from the square.
//! Independent of the `engine` crate. The FEN reader (in `fen.rs`) guarantees what this
//! file relies on: one King per side, every castling right with its King at home and its
//! Rook square holding the own Rook or (where the rules allow) nothing.

use super::{CastlingPath, Color, Kind, Man, Move, MoveKind, Position, Sq, Wing};

/// 0x88 steps of a Knight.
const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
/// 0x88 steps of a King, and the directions of a Queen.
const KING_STEPS: [i8; 8] = [1, 15, 16, 17, -1, -15, -16, -17];
/// Directions of a Bishop.
const DIAGONALS: [i8; 4] = [15, 17, -15, -17];
/// Directions of a Rook.
const LINES: [i8; 4] = [1, 16, -1, -16];

/// What a pawn may become on its eighth rank (docs/RULES.md §2). The Staunton code's "any piece
/// except the King" is the same four pieces.
const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

impl Position {
    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let us = self.side;
        let mut moves = Vec::with_capacity(64);
        self.pseudo_legal_moves(&mut moves);
        moves.retain(|&mv| {
            // Am. IV 4: while making a turn of several moves, no man may go beyond the
            // mover's fourth rank.
            if self.turn_moves_left > 0 && us.relative_rank(mv.to) > 3 {
                return false;
            }
            // A King is never captured (it could only happen inside a turn of several moves).
            if self.man(mv.to).is_some_and(|man| man.kind == Kind::King) {
                return false;
            }
            let next = self.play(mv);
            !next.attacked(next.kings[us.index()], us.other())
        });
        moves
    }

    /// Whether a man of `by` commands `sq`, looking outward from `sq` for each kind of man.
    pub fn attacked(&self, sq: Sq, by: Color) -> bool {
        let is = |from: Option<Sq>, kinds: &[Kind]| {
            from.and_then(|from| self.man(from))
                .is_some_and(|man| man.color == by && kinds.contains(&man.kind))
        };
        // Pawns of `by` command the two squares diagonally ahead of them, so look one rank
        // back from `sq`. A pawn that remained a Pawn on its eighth rank (british-1894)
        // commands nothing, and indeed is never found here: its squares are off the board.
        let back = -by.forward();
        if is(sq.offset(back - 1), &[Kind::Pawn]) || is(sq.offset(back + 1), &[Kind::Pawn]) {
            return true;
        }
        if KNIGHT_STEPS
            .iter()
            .any(|&step| is(sq.offset(step), &[Kind::Knight]))
        {
            return true;
        }
        if KING_STEPS
            .iter()
            .any(|&step| is(sq.offset(step), &[Kind::King]))
        {
            return true;
        }
        let slider = |directions: &[i8], kinds: &[Kind]| {
            directions.iter().any(|&direction| {
                let first_man = sq.ray(direction).find(|&to| self.man(to).is_some());
                is(first_man, kinds)
            })
        };
        slider(&DIAGONALS, &[Kind::Bishop, Kind::Queen])
            || slider(&LINES, &[Kind::Rook, Kind::Queen])
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked(self.kings[self.side.index()], self.side.other())
    }

    /// The moves of the side to move that obey how men move, ignoring own-King safety
    /// (except for castling, whose conditions are checked here in full).
    fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        let us = self.side;
        for from in Sq::all() {
            let Some(man) = self.man(from).filter(|man| man.color == us) else {
                continue;
            };
            match man.kind {
                Kind::Pawn => self.pawn_moves(from, out),
                Kind::Knight => self.step_moves(from, &KNIGHT_STEPS, out),
                Kind::Bishop => self.slide_moves(from, &DIAGONALS, out),
                Kind::Rook => self.slide_moves(from, &LINES, out),
                Kind::Queen => self.slide_moves(from, &KING_STEPS, out),
                Kind::King => {
                    self.step_moves(from, &KING_STEPS, out);
                    self.castling_moves(out);
                }
            }
        }
    }

    /// Whether the side to move may go to `to`: it is empty or holds an adverse man.
    fn open_to_us(&self, to: Sq) -> bool {
        self.man(to).is_none_or(|man| man.color != self.side)
    }

    fn step_moves(&self, from: Sq, steps: &[i8], out: &mut Vec<Move>) {
        for &step in steps {
            if let Some(to) = from.offset(step).filter(|&to| self.open_to_us(to)) {
                out.push(Move {
                    from,
                    to,
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    fn slide_moves(&self, from: Sq, directions: &[i8], out: &mut Vec<Move>) {
        for &direction in directions {
            for to in from.ray(direction) {
                if self.open_to_us(to) {
                    out.push(Move {
                        from,
                        to,
                        kind: MoveKind::Normal,
                    });
                }
                if self.man(to).is_some() {
                    break;
                }
            }
        }
    }

    fn pawn_moves(&self, from: Sq, out: &mut Vec<Move>) {
        let us = self.side;
        let rank = us.relative_rank(from);
        if rank == 7 {
            // british-1894: a pawn that remained a Pawn on its eighth rank never moves again.
            return;
        }
        let forward = us.forward();
        let one = from
            .offset(forward)
            .expect("a pawn below its eighth rank has a square ahead");
        if self.man(one).is_none() {
            self.pawn_move_to(from, one, out);
            if rank == 1 {
                let two = one.offset(forward).expect("rank 4 exists");
                if self.man(two).is_none() {
                    out.push(Move {
                        from,
                        to: two,
                        kind: MoveKind::DoubleStep,
                    });
                }
            }
        }
        for side_step in [-1, 1] {
            let Some(to) = from.offset(forward + side_step) else {
                continue;
            };
            match self.man(to) {
                Some(man) if man.color != us => self.pawn_move_to(from, to, out),
                None if self.ep == Some(to) => out.push(Move {
                    from,
                    to,
                    kind: MoveKind::EnPassant,
                }),
                _ => {}
            }
        }
    }

    /// A pawn move or capture to `to`, as every promotion choice if `to` is the last rank.
    fn pawn_move_to(&self, from: Sq, to: Sq, out: &mut Vec<Move>) {
        if self.side.relative_rank(to) < 7 {
            out.push(Move {
                from,
                to,
                kind: MoveKind::Normal,
            });
            return;
        }
        for kind in PROMOTIONS {
            out.push(Move {
                from,
                to,
                kind: MoveKind::Promote(kind),
            });
        }
        if self.rules.pawn_may_remain() {
            // RULE(british-1894): the fifth choice, remaining a Pawn.
            out.push(Move {
                from,
                to,
                kind: MoveKind::Promote(Kind::Pawn),
            });
        }
    }

    /// Castling, with or without the Rook, on each wing whose right is still held.
    fn castling_moves(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let them = us.other();
        for wing in Wing::BOTH {
            if !self.can_castle(us, wing) {
                continue;
            }
            let path = CastlingPath::of(us, wing);
            debug_assert_eq!(self.man(path.king_from), Some(Man::new(us, Kind::King)));
            // Step 1. The Rook's square holds the own Rook (ordinary castling) or nothing
            // (castling without Rook, docs/RULES.md §3). A right without Rook exists only under
            // rules that allow it (the FEN reader sees to that), and is lost as soon as a
            // man arrives on the square, so it is always empty here.
            match self.man(path.rook_home) {
                Some(man) if man == Man::new(us, Kind::Rook) => {}
                None => debug_assert!(self.rules.castles_without_rook()),
                Some(_) => unreachable!("a castling right with a stranger on the Rook's square"),
            }
            // Step 2. Every square between the King and the Rook's square is empty.
            if path.between().any(|sq| self.man(sq).is_some()) {
                continue;
            }
            // Step 3. The King's square, the one it crosses and the one it lands on are not
            // commanded by an adverse man (the King is not in check, nor passes or lands
            // on a commanded square).
            if path.king_walk().any(|sq| self.attacked(sq, them)) {
                continue;
            }
            out.push(Move {
                from: path.king_from,
                to: path.king_to,
                kind: MoveKind::Castle(wing),
            });
        }
    }

    /// The position after `mv`, which must be pseudo-legal here (the own King may be left
    /// attacked: that is for the caller to test).
    pub fn play(&self, mv: Move) -> Position {
        let us = self.side;
        let man = self.man(mv.from).expect("a move starts on a man");
        let captured = self.man(mv.to);
        let mut next = self.clone();

        // Step 1. Move the man, and whatever else the move takes along or away.
        next.board[mv.from.index()] = None;
        next.board[mv.to.index()] = Some(man);
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {}
            MoveKind::EnPassant => {
                let passed_pawn = Sq::new(mv.to.file(), mv.from.rank());
                next.board[passed_pawn.index()] = None;
            }
            MoveKind::Promote(kind) => next.board[mv.to.index()] = Some(Man::new(us, kind)),
            MoveKind::Castle(wing) => {
                let path = CastlingPath::of(us, wing);
                let rook = Some(Man::new(us, Kind::Rook));
                if self.man(path.rook_home) == rook {
                    next.board[path.rook_home.index()] = None;
                    next.board[path.rook_to.index()] = rook;
                }
            }
        }
        if man.kind == Kind::King {
            next.kings[us.index()] = mv.to;
        }

        // Step 2. Castling rights. A right is lost for good when anything leaves or arrives
        // on its King's square or its Rook's original square: that covers the King moving,
        // the Rook moving or being captured, and — for a right without Rook — any man of
        // either colour arriving on the empty Rook square (docs/RULES.md §3).
        for color in [Color::White, Color::Black] {
            for wing in Wing::BOTH {
                let path = CastlingPath::of(color, wing);
                let touched = [mv.from, mv.to]
                    .iter()
                    .any(|&sq| sq == path.king_from || sq == path.rook_home);
                if touched {
                    next.castling[color.index()][wing.index()] = false;
                }
            }
        }

        // Step 3. En passant chance and clocks.
        next.ep = match mv.kind {
            MoveKind::DoubleStep => mv.from.offset(us.forward()),
            _ => None,
        };
        if man.kind == Kind::Pawn || captured.is_some() {
            next.halfmove_clock = 0;
        } else {
            next.halfmove_clock += 1;
        }

        // Step 4. Whose turn. Inside a turn of several moves (Am. IV 4) the same side moves
        // again, and a double step gives no en passant chance: the opponent cannot move
        // before the turn is over.
        if next.turn_moves_left > 0 {
            next.turn_moves_left -= 1;
        }
        if next.turn_moves_left > 0 {
            next.ep = None;
        } else {
            next.side = us.other();
            if us == Color::Black {
                next.fullmove_number += 1;
            }
        }
        next
    }
}
