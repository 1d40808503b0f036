//! The words and pictures of `morphy play`: the board seen from the player's side, a
//! search score, the odds, why no draw may be claimed. Pure functions returning text;
//! nothing is printed here and nothing is decided.

use std::fmt::Write as _;

use engine::search::Score;
use engine::{Color, File, Odds, Piece, Position, Rank, Square};

/// The board as eight rows seen from `side`, ranks and files marked.
pub fn board(pos: &Position, side: Color) -> String {
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    let mut files: Vec<File> = File::ALL.to_vec();
    if side == Color::White {
        ranks.reverse();
    } else {
        files.reverse();
    }
    let mut s = String::new();
    for rank in &ranks {
        let _ = write!(s, "  {} |", rank.to_char());
        for file in &files {
            let c = pos
                .piece_on(Square::new(*file, *rank))
                .map_or('.', Piece::to_char);
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s.push_str("    +----------------\n     ");
    for file in &files {
        s.push(' ');
        s.push(file.to_char());
    }
    s
}

/// A search score in words, from the searching side's point of view.
pub fn score_text(score: Option<Score>) -> String {
    match score {
        None => "no score".to_string(),
        Some(Score::Cp(cp)) => format!("{cp:+} cp"),
        Some(Score::Mate(n)) if n > 0 => format!("mate in {n}"),
        Some(Score::Mate(n)) => format!("mated in {}", -n),
    }
}

/// What the odds are, in words, with the law.
pub fn odds_text(odds: Odds) -> String {
    odds.describe()
}
