//! The words and pictures of `morphy play`: the board seen from the player's side, a
//! search score, the odds, why no draw may be claimed. Pure functions returning text;
//! nothing is printed here and nothing is decided.

use std::fmt::Write as _;

use engine::rules::draws::ruling::color_name;
use engine::rules::outcome::ending_laws;
use engine::search::Score;
use engine::{Color, File, GameSpec, MateCondition, Odds, Piece, Position, Rank, Square};

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

/// Who searched, for [`score_text`]: the score is turned to the player's side.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum ScoreOf {
    /// Morphy's own search, for its move.
    Morphy,
    /// A search for the player (a hint).
    Player,
}

/// A search score in words, always from the player's side ("for you"), whoever searched:
/// `+35 cp for you`, `you mate in 2`, `Morphy mates in 3`.
pub fn score_text(score: Option<Score>, searched_for: ScoreOf) -> String {
    let mine = searched_for == ScoreOf::Player;
    match score {
        None => "no score".to_string(),
        Some(Score::Cp(cp)) => {
            let cp = if mine { cp } else { -cp };
            format!("{cp:+} cp for you")
        }
        Some(Score::Mate(n)) => {
            let searcher_mates = n > 0;
            let who = if searcher_mates == mine {
                "you mate"
            } else {
                "Morphy mates"
            };
            format!("{who} in {}", n.abs())
        }
    }
}

/// The odds terms of a game where `giver` gives the odds, in sentences with their laws:
/// draw odds, the giver's conditional mate, the odds contempt.
pub fn terms_lines(spec: &GameSpec, giver: Option<Color>) -> Vec<String> {
    let laws = ending_laws(spec.rule_set);
    let mut lines = Vec::new();
    if let Some(giver) = giver {
        let (g, r) = (color_name(giver), color_name(!giver));
        if spec.draw_odds {
            lines.push(format!(
                "Draw odds: a drawn game counts as won by {r} ({}).",
                laws.draw_odds
            ));
        }
        match spec.mate_condition {
            MateCondition::None => {}
            MateCondition::Pawn(sq) => lines.push(format!(
                "{g} undertakes to mate with the Pawn on {sq}, which may not promote; any other mate, or a draw, is his loss ({}).",
                laws.mate_with_pawn
            )),
            MateCondition::Square(sq) => lines.push(format!(
                "{g} undertakes to mate with the mated King on {sq}; any other mate, or a draw, is his loss ({}).",
                laws.mate_on_square
            )),
            MateCondition::Man(sq) => lines.push(format!(
                "{g} undertakes to mate with the man on {sq}; any other mate, or a draw, is his loss, and so is losing that man ({}).",
                laws.mate_with_man
            )),
        }
        if spec.contempt != 0 {
            lines.push(format!("Odds contempt: {} cp.", spec.contempt));
        }
    }
    lines
}

/// What the odds are, in words, with the law.
pub fn odds_text(odds: Odds) -> String {
    odds.describe()
}
