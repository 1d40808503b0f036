//! What a stored game's list line says: its date, how it went for the person, its length
//! and Morphy's level. Every text from the file is shown as plain text ([`plain`]): a
//! record's words (an uploaded game's, a file from anyone) cannot steer the terminal.

use std::fmt;
use std::str::FromStr;

use engine::Color;

use crate::game_ask::TimeControl;
use crate::game_db::GameRecord;
use crate::play::pgn::date_of;

/// How a game went for the person.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd)]
pub enum Outcome {
    /// The person won.
    Won,
    /// It was drawn.
    Drawn,
    /// Morphy won.
    Lost,
    /// It goes on.
    Unfinished,
}

impl Outcome {
    /// Every outcome, in the order counted.
    pub const ALL: [Outcome; 4] = [
        Outcome::Won,
        Outcome::Drawn,
        Outcome::Lost,
        Outcome::Unfinished,
    ];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Drawn => "drawn",
            Outcome::Lost => "lost",
            Outcome::Unfinished => "unfinished",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Outcome`].
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct UnknownOutcome(pub String);

impl fmt::Display for UnknownOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown result '{}' (expected won, lost, drawn or unfinished)",
            self.0
        )
    }
}

impl std::error::Error for UnknownOutcome {}

impl FromStr for Outcome {
    type Err = UnknownOutcome;

    fn from_str(s: &str) -> Result<Outcome, UnknownOutcome> {
        Outcome::ALL
            .into_iter()
            .find(|o| o.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| UnknownOutcome(s.to_string()))
    }
}

/// How the game of `record` went for the person (a result the file holds that is none
/// of the three, or a colour that is none, counts as unfinished).
pub fn outcome(record: &GameRecord) -> Outcome {
    let human = record.human.parse::<Color>().ok();
    match (record.result.as_deref(), human) {
        (Some("1/2-1/2"), _) => Outcome::Drawn,
        (Some("1-0"), Some(Color::White)) | (Some("0-1"), Some(Color::Black)) => Outcome::Won,
        (Some("1-0"), Some(Color::Black)) | (Some("0-1"), Some(Color::White)) => Outcome::Lost,
        _ => Outcome::Unfinished,
    }
}

/// Whether the game was played at all: a move made, or a result (a game opened and
/// left before any move is not one of the person's games, as on the web board's list).
pub fn played(record: &GameRecord) -> bool {
    !record.moves.is_empty() || record.result.is_some()
}

/// The game's time control, when it is played on a clock (`None`: untimed, which the
/// web board's form may also write as the clock `untimed`).
pub fn clock(record: &GameRecord) -> Option<&str> {
    record
        .clock
        .as_deref()
        .filter(|c| matches!(TimeControl::parse(c), Ok(Some(_))))
}

/// `text` as plain text: control characters (a terminal's escapes among them) written
/// as escapes, so that only the text itself is shown.
pub fn plain(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// When the game was first stored, UTC, `YYYY-MM-DD HH:MM`.
pub fn date(record: &GameRecord) -> String {
    let day = date_of(record.created).replace('.', "-");
    let secs = record.created.rem_euclid(86_400);
    format!("{day} {:02}:{:02}", secs / 3600, secs % 3600 / 60)
}

/// The game's length in moves: its half-moves, two to a move (the last one counted if
/// only White's half of it was played).
pub fn length(record: &GameRecord) -> usize {
    record.moves.len().div_ceil(2)
}

/// Morphy's level in words.
pub fn level(record: &GameRecord) -> String {
    record
        .level
        .map_or_else(|| "full".to_string(), |elo| format!("Elo {elo}"))
}

/// The result with its reason and law (`unfinished` while the game goes on).
pub fn result(record: &GameRecord) -> String {
    let outcome = outcome(record);
    match (&record.result, &record.reason) {
        (Some(result), Some(reason)) => {
            format!("{outcome} {}: {}", plain(result), plain(reason))
        }
        (Some(result), None) => format!("{outcome} {}", plain(result)),
        (None, _) => outcome.to_string(),
    }
}

/// The first characters of `id`, enough to name it among a person's games.
pub fn short_id(id: &str) -> String {
    plain(&id.chars().take(8).collect::<String>())
}
