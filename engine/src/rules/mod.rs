//! The rule sets: every switch by which the Codes differ, in one place.
//!
//! Each field of [`Rules`] is a rule stated in plain chess words, with the law it comes
//! from. The position compiles these switches into data when it is set up (castling
//! paths, promotion choices, the square limit of a multi-move turn), so the move
//! generator never branches on a rule set. Lines elsewhere that depend on a rule are
//! tagged `// RULE(<name>)`.

pub mod draws;
pub mod fide;
pub mod odds;
pub mod outcome;
pub mod spec;
pub mod start;

/// A body of chess law, as named in CODE.md.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum RuleSet {
    /// The American Chess Code, revised edition, 1897 (the default).
    #[default]
    American1897,
    /// The proposed British Chess Code, draft of February 1894.
    British1894,
    /// "The Chess Code" (Staunton et al.), 1910.
    Staunton1910,
    /// The modern FIDE laws, as chess GUIs assume them.
    Fide,
}

crate::named_enum!(
    RuleSet,
    "rule set",
    [
        American1897 => "american-1897",
        British1894 => "british-1894",
        Staunton1910 => "staunton-1910",
        Fide => "fide",
    ]
);

/// An unknown rule-set name; the message lists the known ones.
pub type UnknownRuleSet = crate::named::UnknownName;

/// Which castlings exist.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum CastlingRule {
    /// Castling needs the King and the Rook on their squares, neither having moved
    /// (Am. I 11 E(e); FIDE).
    WithRookOnly,
    /// Also: a player may castle on a side whose Rook was removed before the game,
    /// provided that Rook's square has been empty throughout the game; only the King
    /// moves (Am. IV 5; Staunton odds IV; Br. VI 3). Standard chess only, never Chess960.
    WithoutRookToo,
}

/// What a Pawn reaching its eighth rank may become.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum PromotionRule {
    /// A Queen, Rook, Bishop or Knight of its colour (Am. I 11 E(d); Staunton; FIDE).
    Piece,
    /// Any piece but the King, or it may remain a Pawn, which never moves again and
    /// commands no square (Br. IV 15).
    PieceOrRemainPawn,
}

/// When a player may claim a draw by the count of moves.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum FiftyMoveRule {
    /// Fifty moves on each side without a capture; pawn moves do not reset the count
    /// (Am. II 8; Staunton).
    WithoutCapture,
    /// Fifty moves on each side without a capture or a pawn move (FIDE).
    WithoutCaptureOrPawnMove,
    /// Only a player with a lone King, or with slight material against equal or greater
    /// force, may call on the opponent to mate within fifty moves (Br. IV 12).
    CallToMate,
}

/// When a player may claim a draw by repetition.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum RepetitionRule {
    /// The position (the same men on the same squares, Am. I 16: castling rights and en
    /// passant chances do not enter) stood at the start of more than one of the
    /// claimant's previous turns: the third occurrence, same player to move (Am. II 8;
    /// Staunton).
    SameMenThirdTime,
    /// Three repetitions in succession of a check, series of checks or line of play (Br. IV 11).
    ThreeInSuccession,
    /// The same position three times with the same rights, castling and en passant
    /// included (FIDE).
    SamePositionAndRightsThirdTime,
}

/// Every rule switch by which the rule sets differ.
///
/// ```
/// use engine::{Rules, RuleSet, CastlingRule};
/// let rules = Rules::new(RuleSet::American1897);
/// assert_eq!(rules.castling, CastlingRule::WithoutRookToo);
/// assert_eq!(Rules::new(RuleSet::Fide).castling, CastlingRule::WithRookOnly);
/// ```
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Rules {
    /// The rule set these switches come from.
    pub set: RuleSet,
    /// Which castlings exist.
    pub castling: CastlingRule,
    /// What a promoting Pawn may become.
    pub promotion: PromotionRule,
    /// The fifty-move draw.
    pub fifty_moves: FiftyMoveRule,
    /// The repetition draw.
    pub repetition: RepetitionRule,
    /// Whether a position where neither side can mate is drawn at once (FIDE only; the
    /// old Codes know no such law).
    pub dead_position_is_draw: bool,
    /// Chess960 (Fischer random): castling letters name Rooks as in X-FEN/Shredder-FEN,
    /// and castling without Rook does not apply. Switched on explicitly only.
    pub chess960: bool,
}

impl Rules {
    /// The switches of a rule set, for standard (not Chess960) chess.
    pub const fn new(set: RuleSet) -> Rules {
        match set {
            // The Staunton code agrees with the American one on every switch here.
            RuleSet::American1897 | RuleSet::Staunton1910 => Rules {
                set,
                castling: CastlingRule::WithoutRookToo,
                promotion: PromotionRule::Piece,
                fifty_moves: FiftyMoveRule::WithoutCapture,
                repetition: RepetitionRule::SameMenThirdTime,
                dead_position_is_draw: false,
                chess960: false,
            },
            RuleSet::British1894 => Rules {
                set,
                castling: CastlingRule::WithoutRookToo,
                promotion: PromotionRule::PieceOrRemainPawn,
                fifty_moves: FiftyMoveRule::CallToMate,
                repetition: RepetitionRule::ThreeInSuccession,
                dead_position_is_draw: false,
                chess960: false,
            },
            RuleSet::Fide => Rules {
                set,
                castling: CastlingRule::WithRookOnly,
                promotion: PromotionRule::Piece,
                fifty_moves: FiftyMoveRule::WithoutCaptureOrPawnMove,
                repetition: RepetitionRule::SamePositionAndRightsThirdTime,
                dead_position_is_draw: true,
                chess960: false,
            },
        }
    }

    /// The same rules played as Chess960: castling without Rook no longer applies.
    pub const fn with_chess960(mut self, chess960: bool) -> Rules {
        self.chess960 = chess960;
        self
    }

    /// Whether a castling right may stand with its Rook's square empty (§3).
    pub const fn allows_castling_without_rook(self) -> bool {
        matches!(self.castling, CastlingRule::WithoutRookToo) && !self.chess960
    }

    /// Whether a Pawn may stand on its eighth rank (it remained a Pawn, Br. IV 15).
    pub const fn allows_pawn_on_last_rank(self) -> bool {
        matches!(self.promotion, PromotionRule::PieceOrRemainPawn)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(RuleSet::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_lists_known() {
        for r in RuleSet::ALL {
            assert_eq!(r.name().parse::<RuleSet>(), Ok(r));
        }
        let err = "fide-2023".parse::<RuleSet>().unwrap_err().to_string();
        assert!(
            err.contains("american-1897") && err.contains("fide"),
            "{err}"
        );
    }

    #[test]
    fn chess960_switches_off_castling_without_rook() {
        let r = Rules::new(RuleSet::American1897);
        assert!(r.allows_castling_without_rook());
        assert!(!r.with_chess960(true).allows_castling_without_rook());
        assert!(!Rules::new(RuleSet::Fide).allows_castling_without_rook());
    }

    #[test]
    fn only_the_british_draft_lets_a_pawn_remain() {
        for r in RuleSet::ALL {
            assert_eq!(
                Rules::new(r).allows_pawn_on_last_rank(),
                r == RuleSet::British1894
            );
        }
    }
}
