//! Reading PGN games: tags, SAN moves, results; and picking the quiet positions.

use engine::{Move, MoveKind, PieceKind, Position, RuleSet, Rules, Setup};

/// Plies skipped at the start of each game (the opening book's moves and the first few).
const SKIP_PLIES: usize = 8;

/// The move a SAN text names in `pos`, if exactly one legal move fits.
pub fn parse_san(pos: &Position, san: &str) -> Option<Move> {
    let s = san.trim_end_matches(['+', '#', '!', '?']);
    let legal = pos.legal_moves();
    if s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0" {
        let file = if s.len() == 3 { 'g' } else { 'c' };
        return legal
            .iter()
            .copied()
            .find(|m| m.is_castle() && m.to().file().to_char() == file);
    }
    let (body, promo) = match s.split_once('=') {
        Some((b, p)) => (b, p.chars().next().and_then(PieceKind::from_char_upper)),
        None => (s, None),
    };
    if body.len() < 2 {
        return None;
    }
    let to = engine::Square::parse(&body[body.len() - 2..])?;
    let mut head = &body[..body.len() - 2];
    let piece = match head.chars().next() {
        Some(c @ ('N' | 'B' | 'R' | 'Q' | 'K')) => {
            head = &head[1..];
            PieceKind::from_char_upper(c)?
        }
        _ => PieceKind::Pawn,
    };
    let hint: Vec<char> = head.chars().filter(|c| *c != 'x').collect();
    let mut found = legal.iter().copied().filter(|m| {
        m.to() == to
            && !m.is_castle()
            && pos.kind_on(m.from()) == Some(piece)
            && m.promotion() == promo
            && hint
                .iter()
                .all(|&c| c == m.from().file().to_char() || c == m.from().rank().to_char())
    });
    let mv = found.next()?;
    found.next().is_none().then_some(mv)
}

trait FromUpper {
    fn from_char_upper(c: char) -> Option<PieceKind>;
}

impl FromUpper for PieceKind {
    fn from_char_upper(c: char) -> Option<PieceKind> {
        PieceKind::from_char(c.to_ascii_lowercase())
    }
}

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
/// a capture, promotion or castling, its side not in check, past the first plies.
pub fn quiet_positions(text: &str) -> Vec<QuietPosition> {
    let rules = Rules::new(RuleSet::Fide);
    let mut out = Vec::new();
    for piece in text.split("\n[Event ").filter(|g| !g.trim().is_empty()) {
        // Splitting took the `[Event ` off every game but the first: put it back, so that
        // the tag line is not read as moves.
        let game = if piece.starts_with("[Event ") {
            piece.to_string()
        } else {
            format!("[Event {piece}")
        };
        let game = game.as_str();
        let tag = |name: &str| {
            game.lines()
                .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
                .and_then(|rest| rest.split('"').next())
                .map(str::to_string)
        };
        let result = match tag("Result").as_deref() {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let setup = match tag("FEN") {
            Some(fen) => match Setup::from_fen(&fen, false) {
                Ok(s) => s,
                Err(_) => continue,
            },
            None => Setup::standard(),
        };
        let Ok(mut pos) = Position::from_setup(&setup, rules) else {
            continue;
        };
        // The tags end at the first line that is not one; a later line that starts with
        // `[` (inside a comment) is movetext.
        let movetext = game
            .lines()
            .skip_while(|l| l.starts_with('[') || l.trim().is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        for (ply, (token, comment)) in moves_with_comments(&movetext).into_iter().enumerate() {
            let Some(mv) = parse_san(&pos, token) else {
                break;
            };
            let quiet = pos.kind_on(mv.to()).is_none()
                && mv.kind() != MoveKind::EnPassant
                && mv.promotion().is_none()
                && !mv.is_castle();
            if ply >= SKIP_PLIES && quiet && !pos.in_check() {
                let score = comment.and_then(comment_score).map(|own| {
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
    out
}

/// The SAN moves of a game's movetext, each with the `{...}` comment that follows it;
/// move numbers, results, annotations (`$1`, `!?`) and variations (`(...)`) left out.
fn moves_with_comments(movetext: &str) -> Vec<(&str, Option<&str>)> {
    let mut out: Vec<(&str, Option<&str>)> = Vec::new();
    let mut rest = movetext;
    let mut variation = 0;
    while let Some(c) = rest.chars().next() {
        if c == '{' {
            let end = rest.find('}').unwrap_or(rest.len());
            if variation == 0 {
                if let Some(last) = out.last_mut() {
                    last.1.get_or_insert(&rest[1..end]);
                }
            }
            rest = rest.get(end + 1..).unwrap_or("");
        } else if c == '(' {
            variation += 1;
            rest = &rest[1..];
        } else if c == ')' {
            variation = (variation - 1).max(0);
            rest = &rest[1..];
        } else if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ')'))
                .unwrap_or(rest.len());
            let raw = &rest[..end];
            // A move number (`12.`, `12...`) may lead the move: digits then dots.
            let token = match raw.find(|c: char| !c.is_ascii_digit()) {
                Some(i) if i > 0 && raw[i..].starts_with('.') => raw[i..].trim_start_matches('.'),
                _ => raw,
            };
            let annotation = token.starts_with('$') || token.chars().all(|c| c == '!' || c == '?');
            if variation == 0 && !token.is_empty() && !annotation && !is_result(token) {
                out.push((token, None));
            }
            rest = &rest[end..];
        }
    }
    out
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

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_short_game() {
        let pgn = "[Event \"s\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 {+0.1/3 0.1s} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 1-0\n";
        let positions = quiet_positions(pgn);
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
        let positions = quiet_positions(pgn);
        let scores: Vec<Option<i32>> = positions.iter().map(|p| p.score).collect();
        // 6. h3, 6... a6 (Black's -0.45 is White's +45), 7. a4, 7... Rb8, then past the
        // annotations and the castling written with zeros, 8... Nd4; the result is not
        // a move.
        assert_eq!(scores, [None, Some(45), None, Some(125), Some(20)]);
        assert_eq!(
            moves_with_comments("8. 0-0 {c} $1 ! 8...Nd4 !? 1-0").len(),
            2,
            "0-0 and Nd4"
        );
        assert_eq!(
            moves_with_comments("1. e4 ) e5 {x} 2. Nf3 1/2-1/2"),
            [("e4", None), ("e5", Some("x")), ("Nf3", None)]
        );
        assert!(positions[0].fen.contains(" w "), "{}", positions[0].fen);
        assert!(positions.iter().all(|p| p.result == 0.0));
        assert_eq!(comment_score("-0.05/13 0.1s"), Some(-5));
        assert_eq!(comment_score("+12.34/20"), Some(1234));
        assert_eq!(comment_score("book"), None);
    }
}
