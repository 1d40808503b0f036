//! `Finding`: one thing the Code's validation found, as a typed value.
//!
//! A finding names its kind, how serious it is, the law it rests on, the squares it
//! concerns and a sentence for people. It does not decide what the session does with
//! it: that is the [`crate::validate::Validation`] mode's business.

use std::fmt::{self, Write as _};

use engine::{SetupViolation, SetupViolationKind, Square};

/// How serious a finding is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Severity {
    /// The position cannot arise under the Code, or the engine cannot play it: refused.
    Error,
    /// A field that was repaired without doubt; the position is taken.
    Warning,
    /// Information under the Code, such as a draw the side to move may claim.
    Code,
}

impl Severity {
    /// The word printed before the message (`error`, `warning`, `code`).
    pub const fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Code => "code",
        }
    }
}

/// What was found. Each kind has one law and one default severity.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum FindingKind {
    /// The FEN cannot be read at all.
    MalformedFen,
    /// Something wrong with the setup, as the engine's setup law names it: its kinds
    /// and their names are the engine's ([`SetupViolationKind`]).
    Setup(SetupViolationKind),
    /// A move of the moves list that is not written as a UCI move.
    MalformedMove,
    /// A move of the moves list that is illegal under the rules in force.
    IllegalMove,
    /// A receiver's extra move that goes beyond his fourth rank.
    BeyondFourthRank,
    /// A castling without Rook under rules that do not allow it.
    CastlingWithoutRookNotAllowed,
    /// `0000` anywhere but as the giver's pass inside a turn of several moves.
    MisplacedNullMove,
    /// Something the engine refuses that none of the kinds above names.
    Unplayable,
    /// The side to move may claim a draw by repetition.
    RepetitionClaim,
    /// The side to move may claim a draw by the fifty-move rule.
    FiftyMoveClaim,
    /// A game that cannot be won (neither side can mate by any legal moves): drawn at
    /// once under every rule set (Am. I 15 (c), Br. II 9 (3), FIDE 5.2.2).
    DeadPosition,
    /// A mate condition that names no man of the giver's, or binds nobody: refused,
    /// and the game is never played under it.
    MateConditionRefused,
    /// Draw odds set while nobody gives odds: they mean nothing.
    DrawOddsWithoutGiver,
    /// The giver's marked man is lost: he can only forfeit or be mated.
    ConditionLost,
    /// The side to move may claim a draw: he proves an endless series of checks.
    EndlessChecksClaim,
}

impl FindingKind {
    /// A stable kebab-case name, used in JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            FindingKind::MalformedFen => "malformed-fen",
            FindingKind::Setup(kind) => kind.name(),
            FindingKind::MalformedMove => "malformed-move",
            FindingKind::IllegalMove => "illegal-move",
            FindingKind::BeyondFourthRank => "beyond-fourth-rank",
            FindingKind::CastlingWithoutRookNotAllowed => "castling-without-rook-not-allowed",
            FindingKind::MisplacedNullMove => "misplaced-null-move",
            FindingKind::Unplayable => "unplayable",
            FindingKind::RepetitionClaim => "repetition-claim",
            FindingKind::FiftyMoveClaim => "fifty-move-claim",
            FindingKind::DeadPosition => "dead-position",
            FindingKind::MateConditionRefused => "mate-condition-refused",
            FindingKind::DrawOddsWithoutGiver => "draw-odds-without-giver",
            FindingKind::ConditionLost => "condition-lost",
            FindingKind::EndlessChecksClaim => "endless-checks-claim",
        }
    }

    /// Whether the engine cannot play the position at all after this finding, whatever
    /// the validation mode.
    pub const fn is_fatal(self) -> bool {
        if let FindingKind::Setup(kind) = self {
            return kind.stops_play();
        }
        matches!(
            self,
            FindingKind::MalformedFen
                | FindingKind::MalformedMove
                | FindingKind::IllegalMove
                | FindingKind::BeyondFourthRank
                | FindingKind::CastlingWithoutRookNotAllowed
                | FindingKind::MisplacedNullMove
                | FindingKind::Unplayable
        )
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One finding: kind, severity, law, squares and a sentence.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Finding {
    /// What was found.
    pub kind: FindingKind,
    /// How serious it is (after the validation mode was applied).
    pub severity: Severity,
    /// The law it rests on, e.g. `Am. I 4`; empty when no law applies (a FEN typo).
    pub law: &'static str,
    /// The squares involved.
    pub squares: Vec<Square>,
    /// What, where, and what was done about it.
    pub message: String,
}

impl Finding {
    /// A finding with its kind's default severity: `Error` for errors, `Warning` for
    /// repairs, `Code` for claims.
    pub fn new(
        kind: FindingKind,
        law: &'static str,
        squares: Vec<Square>,
        message: String,
    ) -> Finding {
        let severity = match kind {
            FindingKind::Setup(kind) if kind.is_repairable() => Severity::Warning,
            FindingKind::DrawOddsWithoutGiver => Severity::Warning,
            FindingKind::RepetitionClaim
            | FindingKind::FiftyMoveClaim
            | FindingKind::DeadPosition
            | FindingKind::EndlessChecksClaim
            | FindingKind::ConditionLost => Severity::Code,
            _ => Severity::Error,
        };
        Finding {
            kind,
            severity,
            law,
            squares,
            message,
        }
    }

    /// The finding a violation of the engine's setup law is: its kind, law, squares and
    /// words as they are.
    pub fn from_setup(v: SetupViolation) -> Finding {
        Finding::new(FindingKind::Setup(v.kind), v.law, v.squares, v.message)
    }

    /// The finding as one JSON object (no dependency: the fields are few and simple).
    pub fn to_json(&self) -> String {
        let squares: Vec<String> = self.squares.iter().map(|s| format!("\"{s}\"")).collect();
        format!(
            "{{\"severity\":\"{}\",\"kind\":\"{}\",\"law\":{},\"squares\":[{}],\"message\":{}}}",
            self.severity.word(),
            self.kind.name(),
            json_string(self.law),
            squares.join(","),
            json_string(&self.message)
        )
    }
}

impl fmt::Display for Finding {
    /// `<message> (<law>)`, without the severity word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.law.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{} ({})", self.message, self.law)
        }
    }
}

/// Quotes a string for JSON.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The squares of a set, listed `a1, b2`.
pub fn list_squares(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    names.join(", ")
}
