//! Reading PGN games: tags, SAN moves, results; and picking the quiet positions.

use engine::{Move, PieceKind, Position, RuleSet, Rules, Setup};

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

/// Every quiet position of every game in `text`, as (FEN, White's score 1, 0.5 or 0).
pub fn quiet_positions(text: &str) -> Vec<(String, f64)> {
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
        let moves: String = strip_comments(
            &game
                .lines()
                .filter(|l| !l.starts_with('['))
                .collect::<Vec<_>>()
                .join(" "),
        );
        for (ply, token) in moves
            .split_whitespace()
            .filter(|t| !t.ends_with('.') && !t.contains("...") && !is_result(t))
            .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            let Some(mv) = parse_san(&pos, token) else {
                break;
            };
            let quiet =
                pos.kind_on(mv.to()).is_none() && mv.promotion().is_none() && !mv.is_castle();
            if ply >= SKIP_PLIES && quiet && !pos.in_check() {
                out.push((pos.fen(), result));
            }
            pos.play(mv);
        }
    }
    out
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

fn strip_comments(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_short_game() {
        let pgn = "[Event \"s\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 {+0.1/3 0.1s} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 1-0\n";
        let positions = quiet_positions(pgn);
        assert_eq!(positions.len(), 8);
        assert!(positions.iter().all(|(_, r)| (*r - 1.0).abs() < 1e-9));
    }
}
