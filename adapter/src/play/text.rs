//! The words and pictures of `morphy play`: the board seen from the player's side, a
//! search score, the odds, why no draw may be claimed. Pure functions returning text;
//! nothing is printed here and nothing is decided.

use std::fmt::Write as _;

use engine::search::Score;
use engine::{Color, File, Odds, Piece, PieceKind, Position, Rank, Setup, Square};

use engine::rules::draws::color_name;

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

/// The men the odds remove, in words: `the Rook on a1 and the Knight on b1`.
fn men_given(odds: Odds) -> String {
    let standard = Setup::standard();
    odds.removed()
        .iter()
        .map(|sq| {
            let kind = standard.piece_on(*sq).map_or(PieceKind::Pawn, |p| p.kind);
            format!("the {} on {sq}", kind.name())
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// What the odds are, in words, with the law.
pub fn odds_text(odds: Odds) -> String {
    let Some(giver) = odds.giver() else {
        return "none".to_string();
    };
    let mut s = format!("{odds}: ");
    if odds.removed().is_empty() {
        let _ = write!(s, "{} gives no man", color_name(giver));
    } else {
        let _ = write!(
            s,
            "{} gives {} (Am. IV 3)",
            color_name(giver),
            men_given(odds)
        );
    }
    let receiver = color_name(!giver);
    let n = odds.first_turn_moves();
    if n > 1 {
        let _ = write!(
            s,
            "; {receiver} makes {n} moves in his first turn, none beyond his fourth rank (Am. IV 4)"
        );
    } else if giver == Color::Black {
        let _ = write!(s, "; {receiver} moves first");
    } else {
        s.push_str("; the giver moves first (Am. IV 2)");
    }
    s
}
