//! Move ordering: static exchange evaluation, the history tables (butterfly history,
//! continuation history, counter-moves, killers) and the scores that order a node's moves.
//!
//! Ordering decides the order of a node's moves; which are searched is `alphabeta`'s
//! (its pruning drops the remaining quiet moves with [`keep_tactical`] once late move
//! pruning or futility begins).

use crate::position::Position;
use crate::types::{Bitboard, ByColor, Color, Move, MoveKind, PieceKind, Square, MAX_MOVES};

use super::score::MAX_PLY;

/// Exchange values for SEE and MVV-LVA (King: never captured).
pub(crate) const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// The kind of man a move captures, if any (a Pawn for en passant).
#[inline]
pub(crate) fn captured(pos: &Position, mv: Move) -> Option<PieceKind> {
    match mv.kind() {
        MoveKind::EnPassant => Some(PieceKind::Pawn),
        MoveKind::Castle => None,
        _ => pos.kind_on(mv.to()),
    }
}

/// The kind of man that moves (the King for castling).
#[inline]
pub(crate) fn moved(pos: &Position, mv: Move) -> PieceKind {
    pos.kind_on(mv.from()).unwrap_or(PieceKind::King)
}

/// Whether a move is "tactical": a capture or a promotion to a Queen.
#[inline]
pub(crate) fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.kind() == MoveKind::PromoteQueen || captured(pos, mv).is_some()
}

/// Static exchange evaluation: whether the exchange that `mv` starts on its target square
/// wins at least `threshold` centipawns for the mover, both sides taking with their least
/// valuable man each time and either side free to stop.
pub(crate) fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    if matches!(mv.kind(), MoveKind::Castle) || mv.promotion().is_some() {
        return 0 >= threshold;
    }
    let (from, to) = (mv.from(), mv.to());
    let victim = captured(pos, mv).map_or(0, |k| SEE_VALUE[k as usize]);
    let mut swap = victim - threshold;
    if swap < 0 {
        return false;
    }
    swap = SEE_VALUE[moved(pos, mv) as usize] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied() - from - to;
    if mv.kind() == MoveKind::EnPassant {
        occupied -= Square::new(to.file(), from.rank());
    }
    let diagonal = pos.pieces(PieceKind::Bishop) | pos.pieces(PieceKind::Queen);
    let straight = pos.pieces(PieceKind::Rook) | pos.pieces(PieceKind::Queen);
    let mut attackers =
        pos.attackers(to, Color::White, occupied) | pos.attackers(to, Color::Black, occupied);
    let mut side = pos.turn();
    let mut result = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & pos.colors(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let Some(kind) = PieceKind::ALL
            .into_iter()
            .find(|&k| (ours & pos.pieces(k)).is_nonempty())
        else {
            break;
        };
        if kind == PieceKind::King {
            // The King may take only if nothing defends the square any more.
            if (attackers & pos.colors(!side)).is_nonempty() {
                result = !result;
            }
            break;
        }
        swap = SEE_VALUE[kind as usize] - swap;
        if swap < i32::from(result) {
            break;
        }
        let sq = (ours & pos.pieces(kind)).first().expect("non-empty");
        occupied -= sq;
        // Sliders behind the man that just took now see the square.
        if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen) {
            attackers |= crate::attacks::bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
            attackers |= crate::attacks::rook_attacks(to, occupied) & straight;
        }
    }
    result
}

/// The largest magnitude a history value reaches.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// Adds `bonus` to a history value, pulling it back towards zero as it nears the limit.
#[inline]
pub(crate) fn gravity(value: &mut i16, bonus: i32) {
    let v = i32::from(*value);
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *value = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// The history bonus for a move that caused (or failed to cause) a cut-off at `depth`:
/// 32 per ply squared, up to 12800, so that one cut-off deep in the tree outweighs many
/// shallow ones (with `gravity`, a bonus of 12800 takes a value from 0 to 78% of
/// `HISTORY_MAX`).
#[inline]
pub(crate) fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 32).min(12_800)
}

/// How many (piece, destination) indices there are: six kinds on 64 squares.
const PIECE_TO: usize = 6 * 64;

/// A move's (piece, destination) index, below [`PIECE_TO`], for counter-moves and
/// continuation history.
#[inline]
pub(crate) fn piece_to(kind: PieceKind, to: Square) -> usize {
    kind as usize * 64 + to as usize
}

/// The per-thread learning tables, kept between searches.
pub(crate) struct Histories {
    /// Butterfly history: [side][from][to].
    pub butterfly: Box<ByColor<[[i16; 64]; 64]>>,
    /// Continuation history: [plies back − 1][earlier piece-to][piece-to], as rows
    /// `back * PIECE_TO + earlier` ([`continuation_rows`]): one table for the move a ply before (the opponent's, or
    /// our own inside a turn of several moves, Am. IV 4) and one for the move two plies
    /// before, so that a move's score as a reply and as a follow-up are learnt apart.
    pub continuation: Vec<[i16; PIECE_TO]>,
    /// The reply that refuted a move last time: [previous piece-to].
    pub counter: Vec<Option<Move>>,
    /// Two quiet moves per ply that caused cut-offs.
    pub killers: [[Option<Move>; 2]; MAX_PLY + 8],
}

impl Histories {
    pub fn new() -> Histories {
        Histories {
            butterfly: Box::new(ByColor::new([[0; 64]; 64], [[0; 64]; 64])),
            continuation: vec![[0; PIECE_TO]; 2 * PIECE_TO],
            counter: vec![None; PIECE_TO],
            killers: [[None; 2]; MAX_PLY + 8],
        }
    }

    pub fn clear(&mut self) {
        *self = Histories::new();
    }

    /// The quiet-move ordering score: butterfly plus continuation histories.
    #[inline]
    pub fn quiet_score(&self, side: Color, mv: Move, pt: usize, prev: [Option<usize>; 2]) -> i32 {
        let mut s = i32::from(self.butterfly[side][mv.from() as usize][mv.to() as usize]);
        for row in continuation_rows(prev) {
            s += i32::from(self.continuation[row][pt]);
        }
        s
    }

    /// Rewards `mv` (or punishes it, with a negative bonus) in every quiet table.
    pub fn update_quiet(
        &mut self,
        side: Color,
        mv: Move,
        pt: usize,
        prev: [Option<usize>; 2],
        bonus: i32,
    ) {
        gravity(
            &mut self.butterfly[side][mv.from() as usize][mv.to() as usize],
            bonus,
        );
        for row in continuation_rows(prev) {
            gravity(&mut self.continuation[row][pt], bonus);
        }
    }
}

/// The continuation history's rows for the earlier moves `prev` (a ply back, two plies
/// back) that are known: none near the root or after a null move.
#[inline]
fn continuation_rows(prev: [Option<usize>; 2]) -> impl Iterator<Item = usize> {
    prev.into_iter()
        .enumerate()
        .filter_map(|(back, p)| p.map(|p| back * PIECE_TO + p))
}

/// Ordering score bands: hash move, good captures and Queen promotions, killers and
/// counter, quiets not scored yet (`QUIET_PENDING`), quiets by history (at most
/// 3 × `HISTORY_MAX` either way), bad captures, under-promotions that take nothing.
pub(crate) const HASH_MOVE: i32 = 4_000_000;
const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER: [i32; 2] = [1_000_002, 1_000_001];
const COUNTER: i32 = 1_000_000;
/// A quiet move not scored yet (see [`score_moves`]).
pub(crate) const QUIET_PENDING: i32 = 900_000;
const BAD_CAPTURE: i32 = -2_000_000;

/// The ordering scores of a node's moves, one for each, in the moves' order (not filled
/// with zeros first: a node's moves are far fewer than `MAX_MOVES`).
pub(crate) type Scores = arrayvec::ArrayVec<i32, MAX_MOVES>;

/// Scores every move of a node for ordering (into `out`, in the moves' order), but for
/// the quiet moves other than the hash move, killers and counter: those get
/// [`QUIET_PENDING`], above every history score and below the counter move, and
/// [`score_quiets`] scores them when the first is picked.
/// Many nodes are cut off before any quiet is tried; picking, by the largest score
/// first, chooses the same moves in the same places as if every quiet had been scored
/// at once when the first was picked (the history tables then hold what the subtrees of
/// the moves before it taught them, which they did not when the node began).
pub(crate) fn score_moves(
    pos: &Position,
    moves: &[Move],
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    out: &mut Scores,
) {
    let score = |mv: Move| {
        if Some(mv) == hash_move {
            HASH_MOVE
        } else if let Some(victim) = captured(pos, mv) {
            let attacker = moved(pos, mv);
            let mvv_lva = SEE_VALUE[victim as usize] * 8 - SEE_VALUE[attacker as usize] / 8;
            if see_ge(pos, mv, -20) {
                GOOD_CAPTURE + mvv_lva
            } else {
                BAD_CAPTURE + mvv_lva
            }
        } else if mv.kind() == MoveKind::PromoteQueen {
            GOOD_CAPTURE - 1
        } else if mv.promotion().is_some() {
            BAD_CAPTURE - 1000
        } else if Some(mv) == killers[0] {
            KILLER[0]
        } else if Some(mv) == killers[1] {
            KILLER[1]
        } else if Some(mv) == counter {
            COUNTER
        } else {
            QUIET_PENDING
        }
    };
    out.clear();
    out.extend(moves.iter().map(|&mv| score(mv)));
}

/// Gives the quiet moves that [`score_moves`] left pending their history scores.
pub(crate) fn score_quiets(
    pos: &Position,
    moves: &[Move],
    scores: &mut [i32],
    hist: &Histories,
    prev: [Option<usize>; 2],
) {
    let side = pos.turn();
    for (mv, score) in moves.iter().zip(scores.iter_mut()) {
        if *score == QUIET_PENDING {
            *score = hist.quiet_score(side, *mv, piece_to(moved(pos, *mv), mv.to()), prev);
        }
    }
}

/// Moves the best-scored remaining move to index `i` (selection sort, one step) and
/// returns it with its score.
#[inline]
pub(crate) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) -> (Move, i32) {
    // Two passes that the compiler can vectorise (the largest score, then its first
    // place) choose the same move as one pass keeping the first strictly larger score.
    let rest = &scores[i..];
    let top = rest.iter().copied().fold(i32::MIN, i32::max);
    let best = i + rest.iter().position(|&s| s == top).unwrap_or(0);
    moves.swap(i, best);
    scores.swap(i, best);
    (moves[i], scores[i])
}

/// Moves `searched`, a move already searched before the list was generated, to the
/// first place, the move there to its place: what [`pick`] does when it picks it first,
/// so the rest are picked in the same order. The caller tested it legal (and, in the
/// quiescence search, noisy), which holds exactly for the listed moves, so it is there.
pub(crate) fn put_first(moves: &mut [Move], scores: &mut [i32], searched: Option<Move>) {
    let at = searched.and_then(|h| moves.iter().position(|&m| m == h));
    debug_assert_eq!(at.is_some(), searched.is_some());
    if let Some(k) = at {
        moves.swap(0, k);
        scores.swap(0, k);
    }
}

/// Keeps only the tactical moves ([`is_tactical`]) of `moves` and their scores, in their
/// order, at the front; returns how many there are.
pub(crate) fn keep_tactical(pos: &Position, moves: &mut [Move], scores: &mut [i32]) -> usize {
    let mut kept = 0;
    for j in 0..moves.len() {
        let mv = moves[j];
        if is_tactical(pos, mv) {
            moves[kept] = mv;
            scores[kept] = scores[j];
            kept += 1;
        }
    }
    kept
}

/// Whether the ordering score marks a capture that loses material.
#[inline]
pub(crate) fn is_bad_capture_score(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

/// The captures and promotions of a position (all legal moves when in check), for the
/// quiescence search.
pub(crate) fn noisy_moves(pos: &Position, out: &mut crate::types::MoveList) {
    if pos.in_check() {
        *out = pos.legal_moves();
        return;
    }
    let us = pos.turn();
    let promo = Bitboard::rank(crate::types::Rank::Eighth.relative_to(us));
    let mut mask = pos.colors(!us) | promo;
    if let Some(ep) = pos.ep_square() {
        mask |= ep;
    }
    out.clear();
    pos.generate_moves_to(mask, &mut |batch| {
        let targets = if batch.piece == PieceKind::Pawn {
            batch.to
        } else {
            batch.to & pos.colors(!us)
        };
        if targets.is_nonempty() {
            for mv in pos.expand(crate::movegen::PieceMoves {
                to: targets,
                ..batch
            }) {
                // Under-promotions are left to the main search.
                if mv.promotion().is_none_or(|p| p == PieceKind::Queen) {
                    out.push(mv);
                }
            }
        }
        false
    });
}

/// Whether the move `mv`, if legal, is one of [`noisy_moves`]: any move when in check,
/// else a capture or a pawn's move to the last rank or the en-passant square, but no
/// promotion other than to a Queen (neither an under-promotion nor a Pawn left a Pawn,
/// Br. IV 15). Safe on any move; legality is the caller's test.
pub(crate) fn is_noisy(pos: &Position, mv: Move) -> bool {
    if pos.in_check() {
        return true;
    }
    let to = mv.to();
    let promo = Bitboard::rank(crate::types::Rank::Eighth.relative_to(pos.turn()));
    mv.promotion().is_none_or(|p| p == PieceKind::Queen)
        && (captured(pos, mv).is_some()
            || (moved(pos, mv) == PieceKind::Pawn
                && (promo.has(to) || pos.ep_square() == Some(to))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::setup::Setup;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::from_fen(fen, false).unwrap(), Rules::default()).unwrap()
    }

    #[test]
    fn see_sees_defended_and_undefended_men() {
        // Rook takes an undefended pawn: wins a pawn.
        let p = pos("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1");
        let mv = p.parse_uci_move("e1e5").unwrap();
        assert!(see_ge(&p, mv, 100) && !see_ge(&p, mv, 101));
        // Knight takes a pawn defended by a pawn behind a Bishop x-ray: loses material.
        let p = pos("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
        let mv = p.parse_uci_move("d3e5").unwrap();
        assert!(!see_ge(&p, mv, 0));
    }

    #[test]
    fn is_noisy_holds_exactly_for_the_noisy_moves() {
        // Walks of random legal moves from the bench's positions (checks, promotions,
        // en passant, castling and odds turns among them): every legal move is noisy
        // exactly when `noisy_moves` lists it.
        let mut rng = crate::rng::Rng::new(7);
        let mut noisy_seen = 0;
        for game in crate::search::bench::games() {
            let mut p = game.current().clone();
            for _ in 0..40 {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mut noisy = crate::types::MoveList::new();
                noisy_moves(&p, &mut noisy);
                for &mv in &legal {
                    assert_eq!(
                        is_noisy(&p, mv),
                        noisy.contains(&mv),
                        "{mv:?} in {}",
                        p.fen()
                    );
                }
                noisy_seen += noisy.len();
                let mv = legal[rng.below(legal.len())];
                p.play(mv);
            }
        }
        assert!(noisy_seen > 1000, "only {noisy_seen} noisy moves seen");
    }

    #[test]
    fn noisy_moves_are_captures_and_queen_promotions() {
        let p = pos("r3k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let mut list = crate::types::MoveList::new();
        noisy_moves(&p, &mut list);
        let mut texts: Vec<String> = list.iter().map(|m| format!("{m:?}")).collect();
        texts.sort();
        assert_eq!(texts, ["b7a8q", "b7b8q", "e4d5"]);
    }

    /// The moves in the order `pick` gives them, quiets scored at once or when the first
    /// is picked.
    fn picked(p: &Position, hist: &Histories, lazy: bool) -> Vec<Move> {
        let mut moves = p.legal_moves();
        let hash = p.parse_uci_move("a2a3").ok();
        let killers = [p.parse_uci_move("h2h4").ok(), None];
        let mut scores = Scores::new();
        score_moves(p, &moves, hash, killers, None, &mut scores);
        if !lazy {
            score_quiets(p, &moves, &mut scores, hist, [None; 2]);
        }
        let n = moves.len();
        (0..n)
            .map(|i| {
                let (mut mv, order) = pick(&mut moves[..n], &mut scores[..n], i);
                if order == QUIET_PENDING {
                    score_quiets(p, &moves[i..n], &mut scores[i..n], hist, [None; 2]);
                    (mv, _) = pick(&mut moves[..n], &mut scores[..n], i);
                }
                mv
            })
            .collect()
    }

    #[test]
    fn quiets_scored_when_first_picked_come_in_the_order_of_quiets_scored_at_once() {
        let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut hist = Histories::new();
        for (text, bonus) in [("d2d3", 900), ("b1c3", 700), ("e1g1", 300), ("h2h3", -400)] {
            let mv = p.parse_uci_move(text).unwrap();
            let pt = piece_to(moved(&p, mv), mv.to());
            hist.update_quiet(Color::White, mv, pt, [None; 2], bonus);
        }
        let lazy = picked(&p, &hist, true);
        assert_eq!(lazy, picked(&p, &hist, false));
        // The hash move, the killer, the quiets by history (the punished one last of
        // them), then the captures that lose material (Nxe5, Bxf7+), the larger first.
        let text: Vec<String> = lazy.iter().map(|m| format!("{m:?}")).collect();
        let n = text.len();
        assert_eq!(text[..5], ["a2a3", "h2h4", "d2d3", "b1c3", "e1g1(castle)"]);
        assert_eq!(text[n - 3..], ["h2h3", "f3e5", "c4f7"]);
    }

    #[test]
    fn keeping_the_tactical_moves_keeps_them_and_their_scores_in_order() {
        let p = pos("r3k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let mut moves: Vec<Move> = p.legal_moves().to_vec();
        let mut scores: Vec<i32> = (0..moves.len() as i32).collect();
        let before: Vec<(Move, i32)> = moves.iter().copied().zip(scores.iter().copied()).collect();
        let kept = keep_tactical(&p, &mut moves, &mut scores);
        let tactical: Vec<(Move, i32)> = before
            .into_iter()
            .filter(|&(m, _)| is_tactical(&p, m))
            .collect();
        // exd5, b7b8q and the four promotions that take on a8.
        assert_eq!(kept, 6);
        assert_eq!(
            moves[..kept]
                .iter()
                .copied()
                .zip(scores[..kept].iter().copied())
                .collect::<Vec<_>>(),
            tactical
        );
    }
}
