//! The quiet positions of PGN games, for training: the games are read by the engine's
//! PGN reader (`engine::pgn`) and their moves by its SAN reader; what is the tuner's is
//! the choice of positions, the result and the engine's score in the move comments.

use engine::pgn::{read_games, PgnError};
use engine::{MoveKind, Position, RuleSet, Rules, Setup};

/// Plies skipped at the start of each game (the opening book's moves and the first few).
const SKIP_PLIES: usize = 8;

/// A quiet position of a game: the FEN, White's result (1, 0.5 or 0) and, when the move
/// played from it carries one in its comment, the mover's search score turned to White's
/// view in centipawns.
#[derive(Clone, Debug, PartialEq)]
pub struct QuietPosition {
    /// The position before the move.
    pub fen: String,
    /// The game's result for White.
    pub result: f64,
    /// The search score of the side that moved, White's view (`None` with no comment, a
    /// comment without a score, or a mate score).
    pub score: Option<i32>,
}

/// Every quiet position of every game in `text`: the position before a move that is not
/// a capture, promotion or castling, its side not in check, past the first plies. Games
/// without a decisive or drawn `Result` tag, or whose `FEN` cannot be set up, are
/// skipped; a game's positions end at its first move that is not a legal one.
///
/// # Errors
/// Text that is not PGN, with its line.
pub fn quiet_positions(text: &str) -> Result<Vec<QuietPosition>, PgnError> {
    let rules = Rules::new(RuleSet::Fide);
    let mut out = Vec::new();
    for game in read_games(text)? {
        let result = match game.tag("Result") {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let setup = match game.tag("FEN") {
            Some(fen) => match Setup::from_fen(fen, false) {
                Ok(s) => s,
                Err(_) => continue,
            },
            None => Setup::standard(),
        };
        let Ok(mut pos) = Position::from_setup(&setup, rules) else {
            continue;
        };
        for (ply, (token, comment)) in game.moves.iter().zip(&game.comments).enumerate() {
            let Ok(mv) = pos.parse_san(token) else {
                break;
            };
            let quiet = pos.kind_on(mv.to()).is_none()
                && mv.kind() != MoveKind::EnPassant
                && mv.promotion().is_none()
                && !mv.is_castle();
            if ply >= SKIP_PLIES && quiet && !pos.in_check() {
                let score = comment.as_deref().and_then(comment_score).map(|own| {
                    if pos.turn() == engine::Color::White {
                        own
                    } else {
                        -own
                    }
                });
                out.push(QuietPosition {
                    fen: pos.fen(),
                    result,
                    score,
                });
            }
            pos.play(mv);
        }
    }
    Ok(out)
}

/// The score at the head of an engine's move comment, as fastchess and cutechess write
/// it (`+0.35/14 0.148s`: pawns, side to move's view, then the depth), in centipawns;
/// `None` for a mate score (`+M5/20`) or any other comment.
fn comment_score(comment: &str) -> Option<i32> {
    let head = comment.trim().split('/').next()?;
    if head.contains('M') || !head.contains('.') {
        return None;
    }
    let pawns: f64 = head.parse().ok()?;
    pawns.is_finite().then(|| (pawns * 100.0).round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_short_game() {
        let pgn = "[Event \"s\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 {+0.1/3 0.1s} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 1-0\n";
        let positions = quiet_positions(pgn).unwrap();
        assert_eq!(positions.len(), 8);
        assert!(positions.iter().all(|p| (p.result - 1.0).abs() < 1e-9));
        assert!(positions.iter().all(|p| p.score.is_none()));
    }

    #[test]
    fn reads_the_engines_scores_from_the_move_comments() {
        // Plies from a set-up position; the eighth (counting from 0) and later count.
        // A clock comment alone and a mate score give no score; a variation's comment is
        // not the main line's; castling is not a quiet move.
        let pgn = "[Event \"s\"]\n[Result \"0-1\"]\n[SetUp \"1\"]\n\
            [FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n\n\
            2. Nf3 {+0.20/10 0.1s} Nc6 {-0.15/11 0.1s} 3. Bc4 {+0.31/10} Bc5 {-0.25/9}\n\
            4. c3 {+0.40/12 0.2s} Nf6 {-0.30/12} 5. d3 {+0.12/12 0.1s} d6 {-0.05/13 0.1s} \
            6. h3 {0.1s} a6 (6... a5 {+9.99/1}) {-0.45/13 0.1s} 7. a4 {+M7/20 0.3s} \
            Rb8 {-1.25/14} $1 8. 0-0 {+0.10/1} ! Nd4 {-0.20/12} 0-1\n";
        let positions = quiet_positions(pgn).unwrap();
        let scores: Vec<Option<i32>> = positions.iter().map(|p| p.score).collect();
        // 6. h3, 6... a6 (Black's -0.45 is White's +45), 7. a4, 7... Rb8, then past the
        // annotations and the castling written with zeros, 8... Nd4; the result is not
        // a move.
        assert_eq!(scores, [None, Some(45), None, Some(125), Some(20)]);
        assert!(positions[0].fen.contains(" w "), "{}", positions[0].fen);
        assert!(positions.iter().all(|p| p.result == 0.0));
        assert_eq!(comment_score("-0.05/13 0.1s"), Some(-5));
        assert_eq!(comment_score("+12.34/20"), Some(1234));
        assert_eq!(comment_score("book"), None);
    }
}
