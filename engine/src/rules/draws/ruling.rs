//! A ruling on a draw in words with the law it rests on, and the laws of each draw under
//! each rule set: what the draw law ([`super`]), its call to mate and the game's outcome
//! cite.

use std::fmt;

use crate::rules::RuleSet;

/// A ruling in words with the law it rests on.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Ruling {
    /// The ruling in words, without the law.
    pub words: String,
    /// The law cited, e.g. `Am. II 8 (b)`.
    pub law: &'static str,
}

impl fmt::Display for Ruling {
    /// `words (law)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.words, self.law)
    }
}

/// The law of a draw by repetition under `set`.
pub const fn repetition_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (c), I 16",
        RuleSet::Fide => "FIDE 9.2",
        RuleSet::British1894 => "Br. IV 11",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (c)",
    }
}

/// The law of a draw by the count of moves under `set` (British: the call to mate).
pub const fn fifty_moves_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (b)",
        RuleSet::Fide => "FIDE 9.3",
        RuleSet::British1894 => "Br. IV 12",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (b)",
    }
}

/// The law by which a game that cannot be won is drawn at once under `set`.
pub const fn dead_position_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. I 15 (c)",
        RuleSet::Fide => "FIDE 5.2.2",
        RuleSet::British1894 => "Br. II 9 (3)",
        RuleSet::Staunton1910 => "Staunton, The Umpire; Am. I 15 (c)",
    }
}

/// The law of a draw by an endless series of checks under `set` (where there is no such
/// claim, the law by which a series of checks is drawn as a repetition).
pub const fn endless_checks_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (d)",
        RuleSet::Fide => "FIDE 9.2",
        RuleSet::British1894 => "Br. III 4 (1), IV 11",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (d)",
    }
}

/// The laws that say when a draw may be claimed, cited when none may be.
pub const fn claims_law(set: RuleSet) -> &'static str {
    match set {
        RuleSet::American1897 => "Am. II 8 (b), (c), (d)",
        RuleSet::Fide => "FIDE 9.2, 9.3",
        RuleSet::British1894 => "Br. IV 11, 12",
        RuleSet::Staunton1910 => "Staunton, Drawn Games (b), (c), (d)",
    }
}
