//! The Code's validation (CODE.md §6): reads a start (the standard or odds array, or a
//! FEN) and a list of UCI moves under a rule set and odds, and says everything wrong
//! with it as typed [`Finding`]s, repairing what can be repaired without doubt.
//!
//! This is a library API, used by the UCI session and by `morphy check` alike. It does
//! not print: callers turn findings into `info string` lines or JSON.
//!
//! ```
//! use morphy_adapter::validate::{check, Request, Start, Validation};
//! use engine::{Odds, Rules, RuleSet};
//!
//! let moves = ["e2e4".to_string(), "0000".to_string(), "d2d4".to_string()];
//! let report = check(&Request {
//!     start: Start::Standard,
//!     moves: &moves,
//!     rules: Rules::new(RuleSet::American1897),
//!     odds: Odds::PawnAndTwoMoves,
//!     mode: Validation::Refuse,
//! });
//! let game = report.game.expect("two moves in the first turn, the giver's pass between");
//! assert_eq!(game.current().turn(), engine::Color::Black);
//! ```

mod checks;
mod claims;
pub mod finding;
mod men;
mod repair;

use engine::notation::UciMoveError;
use engine::{
    CastleSide, Color, File, Game, Odds, Piece, PieceKind, Position, Rank, Rules, Setup, Square,
};

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
    /// The rules in force (with `chess960` set for Chess960).
    pub rules: Rules,
    /// The odds of the game.
    pub odds: Odds,
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

/// "White" or "Black".
pub(crate) const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Reads the start into a setup, with the odds' turn structure where it applies.
fn start_setup(req: &Request, out: &mut Vec<Finding>) -> Option<Setup> {
    let odds_start = req.odds.setup(&req.rules);
    let Start::Fen(fen) = req.start else {
        return Some(odds_start);
    };
    let mut setup = match Setup::from_fen(fen, req.rules.chess960) {
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
    if req.odds == Odds::None {
        return Some(setup);
    }
    if setup.board == odds_start.board {
        // The odds start sent as a FEN: the first turn has the odds' moves.
        if setup.turn == Color::White && setup.fullmove_number == 1 {
            setup.turn_moves = req.odds.first_turn_moves();
        }
        return Some(setup);
    }
    // The standard array except for men given that are still there: the odds' start
    // with the man given not removed.
    let standard = Setup::standard();
    let removed = req.odds.removed();
    let rest_standard = Square::ALL
        .into_iter()
        .filter(|sq| !removed.contains(sq))
        .all(|sq| setup.piece_on(sq) == standard.piece_on(sq));
    let still_there: Vec<Square> = removed
        .iter()
        .copied()
        .filter(|sq| setup.piece_on(*sq).is_some() && setup.piece_on(*sq) == standard.piece_on(*sq))
        .collect();
    if rest_standard && !still_there.is_empty() {
        let men: Vec<String> = still_there
            .iter()
            .map(|sq| {
                let kind = standard.piece_on(*sq).map_or("man", |p| p.kind.name());
                format!("the {kind} on {sq}")
            })
            .collect();
        out.push(Finding::new(
            FindingKind::OddsManOnBoard,
            "Am. IV 3",
            still_there,
            format!(
                "a game at the odds of {}: the man given ({}) still stands on the board at the start",
                req.odds,
                men.join(", ")
            ),
        ));
    }
    Some(setup)
}

/// Why an illegal move text is illegal, in the Code's words.
fn illegal_move(pos: &Position, text: &str, ply: usize) -> Finding {
    let side = color_name(pos.turn());
    let from = text.get(0..2).and_then(Square::parse);
    let to = text.get(2..4).and_then(Square::parse);
    let where_ = format!("move {ply} '{text}' ({side} to move in {})", pos.fen());
    if let (Some(from), Some(to)) = (from, to) {
        let fourth = Rank::Fourth.relative_to(pos.turn());
        let beyond = match pos.turn() {
            Color::White => to.rank() > fourth,
            Color::Black => to.rank() < fourth,
        };
        if pos.in_multi_move_turn() && beyond {
            return Finding::new(
                FindingKind::BeyondFourthRank,
                "Am. IV 4",
                vec![from, to],
                format!(
                    "{where_}: in a turn of several moves no man may go beyond the fourth rank"
                ),
            );
        }
        let first = Rank::First.relative_to(pos.turn());
        let king = Piece::new(pos.turn(), PieceKind::King);
        let home = Square::new(File::E, first);
        if !pos.rules().allows_castling_without_rook()
            && from == home
            && pos.piece_on(from) == Some(king)
            && to.rank() == first
            && (to.file() == File::C || to.file() == File::G)
        {
            let side = if to.file() == File::G {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            let rook_square = Square::new(side.standard_rook_file(), first);
            if pos.piece_on(rook_square).is_none() {
                return Finding::new(
                    FindingKind::CastlingWithoutRookNotAllowed,
                    "CODE.md §3",
                    vec![from, to, rook_square],
                    format!(
                        "{where_}: castling without the Rook on {rook_square} is not allowed under {}{}",
                        pos.rules().set,
                        if pos.rules().chess960 { " in Chess960" } else { "" }
                    ),
                );
            }
        }
        return Finding::new(
            FindingKind::IllegalMove,
            "Am. I 11",
            vec![from, to],
            format!("{where_}: not a legal move under {}", pos.rules().set),
        );
    }
    Finding::new(
        FindingKind::IllegalMove,
        "Am. I 11",
        Vec::new(),
        format!("{where_}: not a legal move"),
    )
}

/// Plays the moves list; the first bad move ends it with a fatal finding.
fn play_moves(game: &mut Game, moves: &[String], out: &mut Vec<Finding>) -> bool {
    // Whether the previous token was a real move after which the same side still moves:
    // only then may a `0000` (the giver's pass, as GUIs alternate colours) follow.
    let mut pass_allowed = false;
    for (i, text) in moves.iter().enumerate() {
        let ply = i + 1;
        let pos = game.current();
        if text == "0000" {
            if pass_allowed && pos.in_multi_move_turn() {
                pass_allowed = false;
                continue;
            }
            out.push(Finding::new(
                FindingKind::MisplacedNullMove,
                "Am. IV 4",
                Vec::new(),
                format!("move {ply} '0000': a pass is accepted only as the odds-giver's turn between the receiver's moves of a turn of several moves"),
            ));
            return false;
        }
        let mv = match pos.parse_uci_move(text) {
            Ok(mv) => mv,
            Err(UciMoveError::Malformed(_)) => {
                out.push(Finding::new(
                    FindingKind::MalformedMove,
                    "",
                    Vec::new(),
                    format!("move {ply} '{text}' is not a move in UCI notation (e2e4, e7e8q)"),
                ));
                return false;
            }
            Err(UciMoveError::Illegal(_)) => {
                out.push(illegal_move(pos, text, ply));
                return false;
            }
        };
        let mover = pos.turn();
        if game.try_play(mv).is_err() {
            out.push(illegal_move(game.current(), text, ply));
            return false;
        }
        pass_allowed = game.current().turn() == mover;
    }
    true
}

/// Checks a start and a moves list under the Code; see the module docs.
pub fn check(req: &Request) -> Report {
    let mut findings = Vec::new();
    let Some(mut setup) = start_setup(req, &mut findings) else {
        return Report {
            findings,
            game: None,
        };
    };
    // Step 1. The men.
    let before = findings.len();
    men::kings(&setup, &mut findings);
    let kings_ok = findings.len() == before;
    men::counts(&setup, &mut findings);
    men::pawn_ranks(&setup, req.rules, &mut findings);
    // Step 2. Checks (they need one King a side).
    if kings_ok {
        checks::checks(&setup, &mut findings);
    }
    // Step 3. Repairs.
    repair::castling(&mut setup, req.rules, &mut findings);
    repair::en_passant(&mut setup, &mut findings);
    repair::move_counts(&mut setup, &mut findings);
    // Step 4. What the engine needs to play, then the moves and the claims.
    let mut game = match Position::from_setup(&setup, req.rules) {
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

/// Applies the validation mode: `flag` turns non-fatal errors into warnings, `off`
/// drops everything but the fatal errors.
fn apply_mode(mode: Validation, findings: &mut Vec<Finding>) {
    match mode {
        Validation::Refuse => {}
        Validation::Flag => {
            for f in findings.iter_mut() {
                if f.severity == Severity::Error && !f.kind.is_fatal() {
                    f.severity = Severity::Warning;
                    f.message.push_str("; accepted (Validation flag)");
                }
            }
        }
        Validation::Off => findings.retain(|f| f.kind.is_fatal()),
    }
}

#[cfg(test)]
mod tests;
