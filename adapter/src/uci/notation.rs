//! UCI move text in the context of a position, beyond what the engine's
//! `Position::uci_move`/`parse_uci_move` do: principal variations (which may be cut short
//! by a bad move) and `searchmoves` lists (which may name illegal moves).
//!
//! Castling notation (King-to, or King-takes-Rook under Chess960) is the engine's.

use engine::{Move, Position};

/// The UCI text of a principal variation from `root`, stopping before the first move that
/// is not legal where it stands (a search bug must not reach the GUI as an illegal PV).
pub fn pv_text(root: &Position, pv: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &mv in pv {
        if !pos.is_legal(mv) {
            break;
        }
        out.push(pos.uci_move(mv));
        pos.play(mv);
    }
    out
}

/// Reads a `searchmoves` list: the legal moves, and the texts that name none.
pub fn search_moves(pos: &Position, texts: &[String]) -> (Vec<Move>, Vec<String>) {
    let mut moves = Vec::new();
    let mut bad = Vec::new();
    for text in texts {
        match pos.parse_uci_move(text) {
            Ok(mv) if !moves.contains(&mv) => moves.push(mv),
            Ok(_) => {}
            Err(_) => bad.push(text.clone()),
        }
    }
    (moves, bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Rules;

    #[test]
    fn pv_stops_at_an_illegal_move() {
        let pos = Position::startpos(Rules::default());
        let e4 = pos.parse_uci_move("e2e4").unwrap();
        let after = pos.played(e4);
        let e5 = after.parse_uci_move("e7e5").unwrap();
        assert_eq!(pv_text(&pos, &[e4, e5, e5]), ["e2e4", "e7e5"]);
    }

    #[test]
    fn search_moves_split_legal_from_bad() {
        let pos = Position::startpos(Rules::default());
        let (moves, bad) = search_moves(&pos, &["e2e4".into(), "e2e5".into(), "zz".into()]);
        assert_eq!(moves.len(), 1);
        assert_eq!(bad, ["e2e5", "zz"]);
    }
}
