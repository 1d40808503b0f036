//! How the person stands, from the finished games kept ([`crate::ladder`]): the
//! estimate of their strength with its interval and the games it rests on, and the next
//! game to ask for (`morphy play --suggested`).

use crate::game_db::GameRecord;
use crate::ladder::{estimate, result_of, suggest, Estimate, GameResult, Suggestion};

/// The person's standing.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The estimate (`None`: no finished game Morphy gave the odds in).
    pub estimate: Option<Estimate>,
    /// The next game to ask for.
    pub next: Suggestion,
}

/// The standing `records` give.
pub fn standing(records: &[GameRecord]) -> Standing {
    let results: Vec<GameResult> = records.iter().filter_map(result_of).collect();
    let estimate = estimate(&results);
    let next = suggest(estimate.as_ref(), &results);
    Standing { estimate, next }
}

/// The estimate in words.
pub fn estimate_words(estimate: Option<&Estimate>) -> String {
    match estimate {
        None => {
            "Your strength: not estimated yet (no finished game at odds Morphy gave).".to_string()
        }
        Some(e) => format!(
            "Your strength: about {:.0} Elo (95% interval {:.0} to {:.0}), from {} game{}.",
            e.elo,
            e.low,
            e.high,
            e.games,
            if e.games == 1 { "" } else { "s" }
        ),
    }
}

/// The suggested game in words.
pub fn next_words(next: &Suggestion) -> String {
    format!(
        "Next game: odds {}, Morphy at {} Elo, where you are expected to score {:.0}%: \
         morphy play --suggested.",
        next.odds.name(),
        next.level,
        100.0 * next.expected
    )
}
