//! The British draft's call to mate (Br. IV 12): who may call, and the ruling on a call.
//!
//! "12. A player may call upon his opponent to mate him within fifty moves on each side,
//! whenever he has- A King alone on the board; King and Queen; King and Rook; King and
//! Bishop; or King and Knight; against an equal or superior force: King and two Bishops;
//! King and two Knights; or King, Bishop, and Knight against King and Queen. And in all
//! analogous cases. If neither player wins within the fifty moves the game is drawn."
//!
//! Read so: the caller has no Pawn; with one piece besides the King, the opponent's force
//! (Pawn 1, Knight and Bishop 3, Rook 5, Queen 9) is at least his; with two, both are
//! minor pieces and the opponent has a Queen. The count runs from the call
//! ([`Position::call_clock`]); a call once made stands until the fifty moves on each side
//! are played.

use super::ruling::{fifty_moves_law, Ruling};
use crate::position::Position;
use crate::rules::FiftyMoveRule;
use crate::types::{Color, PieceKind};

/// The side that may call on its opponent to mate within fifty moves (Br. IV 12), if
/// either may (White first when both may). The material test does not look at the rule
/// set.
pub fn call_to_mate_side(pos: &Position) -> Option<Color> {
    Color::ALL.into_iter().find(|&c| may_call_to_mate(pos, c))
}

/// Whether `weak` has the material that lets a player call to mate (Br. IV 12).
pub fn may_call_to_mate(pos: &Position, weak: Color) -> bool {
    const VALUE: [u32; 6] = [1, 3, 3, 5, 9, 0];
    let count = |c: Color, k: PieceKind| pos.pieces_of(c, k).len();
    let force = |c: Color| {
        PieceKind::ALL
            .iter()
            .map(|&k| count(c, k) * VALUE[k as usize])
            .sum::<u32>()
    };
    let strong = !weak;
    if count(weak, PieceKind::Pawn) > 0 {
        return false;
    }
    let pieces = pos.colors(weak) - pos.pieces(PieceKind::King);
    match pieces.len() {
        0 => true,
        1 => force(strong) >= force(weak),
        2 => {
            let minors = count(weak, PieceKind::Knight) + count(weak, PieceKind::Bishop);
            minors == 2 && count(strong, PieceKind::Queen) > 0
        }
        _ => false,
    }
}

/// The ruling on `by`'s call on the opponent to mate within fifty moves on each side in
/// `pos`: granted (the caller then starts the count, [`crate::Game::call_to_mate`]) or
/// refused, in words with the law.
///
/// ```
/// use engine::rules::draws::call::call_to_mate;
/// use engine::{Color, Position, Rules, RuleSet, Setup};
/// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 60", false).unwrap();
/// let pos = Position::from_setup(&setup, Rules::new(RuleSet::British1894)).unwrap();
/// // Over UCI the lone King's call is deemed made already; the ruling says so.
/// assert_eq!(call_to_mate(&pos, Color::Black).unwrap_err().law, "Br. IV 12");
/// ```
///
/// # Errors
/// The refusal with its law: the rule set knows no call, a call stands already, or `by`
/// lacks the material that lets a player call.
pub fn call_to_mate(pos: &Position, by: Color) -> Result<Ruling, Ruling> {
    let set = pos.rules().set;
    let law = fifty_moves_law(set);
    let refuse = |words: String| Err(Ruling { words, law });
    // RULE(fifty_moves): only the British draft counts from a call.
    if pos.rules().fifty_moves != FiftyMoveRule::CallToMate {
        return refuse(format!(
            "no call to mate under {set}: the fifty moves on each side are counted without a call"
        ));
    }
    if let Some(turns) = pos.call_clock() {
        return refuse(format!(
            "a call to mate stands already: {turns} of the 100 half-moves since it have been played"
        ));
    }
    if !may_call_to_mate(pos, by) {
        return refuse(format!(
            "{by} may not call to mate: only a side without Pawns that has a lone King, or one piece against equal or greater force, or two minor pieces against a Queen, may call"
        ));
    }
    Ok(Ruling {
        words: format!(
            "{} calls on {} to mate within fifty moves on each side",
            by, !by
        ),
        law,
    })
}
