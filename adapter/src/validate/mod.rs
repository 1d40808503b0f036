//! The Code's validation (docs/RULES.md §6): reads a start (the standard or odds array, or a
//! FEN) and a list of UCI moves under a rule set and odds, and says everything wrong
//! with it as typed [`Finding`]s, repairing what can be repaired without doubt.
//!
//! This is a library API, used by the UCI server and by `morphy check` alike. It does
//! not print: callers turn findings into `info string` lines or JSON.
//!
//! ```
//! use morphy_adapter::validate::{check, Request, Start, Validation};
//! use engine::{GameSpec, Odds, RuleSet};
//!
//! let moves = ["e2e4".to_string(), "0000".to_string(), "d2d4".to_string()];
//! let report = check(&Request {
//!     start: Start::Standard,
//!     moves: &moves,
//!     spec: GameSpec { odds: Odds::PawnAndTwoMoves, ..GameSpec::new(RuleSet::American1897) },
//!     mode: Validation::Refuse,
//! });
//! let game = report.game.expect("two moves in the first turn, the giver's pass between");
//! assert_eq!(game.current().turn(), engine::Color::Black);
//! ```

mod claims;
pub mod finding;
mod terms;

use engine::position::move_refusal::{IllegalKind, PlayUciError};
use engine::position::setup_law::{self, Relax};
use engine::rules::start;
use engine::{Game, GameSpec, Odds, OddsTerms, Position, Setup};

pub use finding::{Finding, FindingKind, Severity};

/// What to do with a position the Code finds wrong (the UCI `Validation` option).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum Validation {
    /// Refuse every position that cannot arise under the Code (the default).
    #[default]
    Refuse,
    /// Warn, but take whatever the engine can still play.
    Flag,
    /// No checks beyond what the engine needs to play; repairs are made silently.
    Off,
}

engine::named_enum!(
    Validation,
    "validation mode",
    [Refuse => "refuse", Flag => "flag", Off => "off"]
);

/// An unknown validation mode.
pub type UnknownValidation = engine::UnknownName;

/// Where the game starts.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Start<'a> {
    /// The standard array, or the odds start when odds are set.
    Standard,
    /// A FEN (X-FEN/Shredder-FEN castling letters under Chess960).
    Fen(&'a str),
}

/// What to check.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The start.
    pub start: Start<'a>,
    /// The moves played from it, in UCI notation (`0000` for the giver's pass inside a
    /// turn of several moves).
    pub moves: &'a [String],
    /// Which game is played: the rules, the odds and their terms.
    pub spec: GameSpec,
    /// What to do with what is found.
    pub mode: Validation,
}

/// What the check found, and the game to play if it was taken.
#[derive(Clone, Debug)]
pub struct Report {
    /// Every finding, in the order found, with severities after the mode was applied.
    pub findings: Vec<Finding>,
    /// The game (start, repaired, and the moves), or `None` when refused.
    pub game: Option<Game>,
}

impl Report {
    /// Whether the position was refused.
    pub fn is_refused(&self) -> bool {
        self.game.is_none()
    }
}

/// Reads the start into a setup, with the odds' turn structure where it applies.
fn start_setup(req: &Request, out: &mut Vec<Finding>) -> Option<Setup> {
    let Start::Fen(fen) = req.start else {
        return Some(req.spec.start());
    };
    let rules = req.spec.rules();
    let mut setup = match Setup::from_fen(fen, rules.chess960) {
        Ok(s) => s,
        Err(e) => {
            out.push(Finding::new(
                FindingKind::MalformedFen,
                "",
                Vec::new(),
                format!("cannot read FEN '{fen}': {e}"),
            ));
            return None;
        }
    };
    let odds = req.spec.odds;
    if odds == Odds::None || start::apply_first_turn(&mut setup, odds, &rules) {
        return Some(setup);
    }
    // The man given still on his square says it all; otherwise, men given back beyond
    // what promotion allows (Am. IV 3).
    let on_board = start::odds_man_on_board(&setup, odds);
    let back = || {
        req.spec
            .giver_at(&setup)
            .and_then(|g| start::odds_men_unexplained(&setup, odds, g))
    };
    out.extend(on_board.or_else(back).map(Finding::from_setup));
    Some(setup)
}

/// Plays the moves list; the first bad move ends it with a fatal finding.
fn play_moves(game: &mut Game, moves: &[String], out: &mut Vec<Finding>) -> bool {
    let Err((i, error)) = game.play_uci_list(moves) else {
        return true;
    };
    let ply = i + 1;
    let text = &moves[i];
    let pos = game.current();
    let law = error.law();
    let finding = match error {
        PlayUciError::MisplacedPass => Finding::new(
            FindingKind::MisplacedNullMove,
            law,
            Vec::new(),
            format!("move {ply} '0000': {error}"),
        ),
        PlayUciError::Malformed => Finding::new(
            FindingKind::MalformedMove,
            law,
            Vec::new(),
            format!("move {ply} '{text}' {error}"),
        ),
        PlayUciError::Illegal(reason) => {
            let kind = match reason.kind {
                IllegalKind::BeyondFourthRank => FindingKind::BeyondFourthRank,
                IllegalKind::CastlingWithoutRookNotAllowed => {
                    FindingKind::CastlingWithoutRookNotAllowed
                }
                _ => FindingKind::IllegalMove,
            };
            let side = pos.turn();
            Finding::new(
                kind,
                reason.law,
                reason.squares,
                format!(
                    "move {ply} '{text}' ({side} to move in {}): {}",
                    pos.fen(),
                    reason.message
                ),
            )
        }
    };
    out.push(finding);
    false
}

/// Checks a start and a moves list under the Code; see the module docs.
pub fn check(req: &Request) -> Report {
    let mut findings = Vec::new();
    let rules = req.spec.rules();
    let Some(mut setup) = start_setup(req, &mut findings) else {
        return Report {
            findings,
            game: None,
        };
    };
    // Steps 1 to 3: the men, checks and repairs, judged and worded by the engine.
    let found = setup_law::judge(&mut setup, rules, Relax::REPAIR_ALL);
    findings.extend(found.into_iter().map(Finding::from_setup));
    // Step 4. What the engine needs to play, then the moves and the claims.
    let mut game = match Position::from_setup(&setup, rules) {
        Ok(pos) => Some(Game::new(pos)),
        Err(e) => {
            if !findings.iter().any(|f| f.kind.is_fatal()) {
                findings.push(Finding::new(
                    FindingKind::Unplayable,
                    "",
                    Vec::new(),
                    format!("the engine cannot play this position: {e}"),
                ));
            }
            None
        }
    };
    if let Some(g) = game.as_mut() {
        if play_moves(g, req.moves, &mut findings) {
            terms::terms(&req.spec, g, &mut findings);
            claims::claims(g, &mut findings);
        } else {
            game = None;
        }
    }
    // Step 5. The mode decides.
    apply_mode(req.mode, &mut findings);
    if findings.iter().any(|f| f.severity == Severity::Error) {
        game = None;
    }
    Report { findings, game }
}

/// The odds terms `game` is played under by `spec`: its own, less a mate condition
/// that is refused (the findings are those [`check`] reports).
pub fn played_terms(spec: &GameSpec, game: &Game) -> OddsTerms {
    terms::terms(spec, game, &mut Vec::new())
}

/// Applies the validation mode: `flag` turns non-fatal errors into warnings, `off`
/// drops everything but the fatal errors.
fn apply_mode(mode: Validation, findings: &mut Vec<Finding>) {
    match mode {
        Validation::Refuse => {}
        Validation::Flag => {
            for f in findings.iter_mut() {
                if f.severity == Severity::Error && !f.kind.is_fatal() {
                    f.severity = Severity::Warning;
                    f.message
                        .push_str(if f.kind == FindingKind::MateConditionRefused {
                            "; the game is played without it (Validation flag)"
                        } else {
                            "; accepted (Validation flag)"
                        });
                }
            }
        }
        Validation::Off => findings.retain(|f| f.kind.is_fatal()),
    }
}

#[cfg(test)]
mod tests;
