//! Steps 1 and 2 of every game against Morphy, the terminal's and the web board's
//! alike: the start checked under the Code, the sides settled, the session opened.

use engine::session::Session;

use super::config::{PlayConfig, Sides};
use crate::validate::{check, Request, Severity, Start, Validation};

/// A game ready to be played: the session, who plays which side, and what the check of
/// the start found (lines for people, `warning: ...`).
#[derive(Debug)]
pub struct Started {
    /// The game.
    pub session: Session,
    /// Who plays which side.
    pub sides: Sides,
    /// The findings on the start, one line each.
    pub notes: Vec<String>,
}

/// A start refused under the Code: the findings, and the line that says why.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Refused {
    /// The findings on the start, one line each.
    pub notes: Vec<String>,
    /// Why it is refused, in the engine's words.
    pub reason: String,
}

/// Steps 1 and 2 of every game against Morphy (the terminal and the web board alike):
/// the start validated as the UCI server does ([`check`]), the sides settled, and the
/// session opened under the spec (which refuses terms the start cannot meet).
///
/// # Errors
/// [`Refused`], with the findings and the reason, when the start cannot be played.
pub fn start(config: &PlayConfig) -> Result<Started, Refused> {
    let spec = config.game_spec();
    let report = check(&Request {
        start: config.fen.as_deref().map_or(Start::Standard, Start::Fen),
        moves: &[],
        spec,
        mode: Validation::Refuse,
    });
    // The draws the start allows are the session's to state (it shows the player's
    // claims, ends a game that cannot be won, and counts the British call to mate from
    // the call given in play, not from the first chance as over UCI).
    let notes: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.severity != Severity::Code)
        .map(|f| format!("{}: {f}", f.severity.word()))
        .collect();
    let Some(game) = report.game else {
        return Err(Refused {
            notes,
            reason: format!("The start is refused under {}.", spec.rule_set),
        });
    };
    match Session::new(spec, game) {
        Ok(session) => Ok(Started {
            session,
            sides: config.sides(),
            notes,
        }),
        Err(ruling) => Err(Refused {
            notes,
            reason: format!("error: {ruling}"),
        }),
    }
}
