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

/// A body of chess law, as named in docs/RULES.md.
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

/// When a player may claim a draw by the count of moves. Under every rule set a turn of
/// several moves counts once (Am. IV 4; Br. VI 5).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum FiftyMoveRule {
    /// Fifty moves on each side without a capture; pawn moves do not reset the count
    /// (Am. II 8 (b); Staunton, Drawn Games (b), "without a piece being captured", a
    /// Pawn taken counting as a capture: see [`draws`]).
    WithoutCapture,
    /// Fifty moves on each side without a capture or a pawn move (FIDE).
    WithoutCaptureOrPawnMove,
    /// Only a player with a lone King, or with slight material against equal or greater
    /// force, may call on the opponent to mate within fifty moves on each side, counted
    /// from the call (Br. IV 12).
    CallToMate,
}

/// When a player may claim a draw by repetition. Under every rule set only positions at
/// the commencement of a turn count (Am. I 16 (a)): not those passed through inside a
/// turn of several moves.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum RepetitionRule {
    /// The position (the same men on the same squares, Am. I 16: castling rights and en
    /// passant chances do not enter) stood at the start of more than one of the
    /// claimant's previous turns: the third occurrence, same player to move (Am. II 8 (c)).
    SameMenThirdTime,
    /// The position (the same men on the same squares) "has occurred at least twice
    /// before during the game", at the commencement of a turn of either player: the
    /// third occurrence, whoever was to move (Staunton, Drawn Games (c); see [`draws`]).
    SameMenEitherSideThirdTime,
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
    /// The repetition draw. (A game that cannot be won is drawn at once under every rule
    /// set, so no switch names it: Am. I 15 (c), Br. II 9 (3), FIDE 5.2.2, and Staunton
    /// by the Umpire's law, [`draws`].)
    pub repetition: RepetitionRule,
    /// Whether the player to move may claim a draw by proving that he can subject the
    /// adverse King to an endless series of checks (Am. II 8 (d); Staunton, Drawn Games
    /// (d)). The British draft draws a series of checks only when it has been repeated
    /// three times in succession (Br. III 4 (1), IV 11: the repetition claim), and FIDE
    /// by repetition only ([`draws::endless_checks`]).
    pub endless_checks_claim: bool,
    /// Chess960 (Fischer random): castling letters name Rooks as in X-FEN/Shredder-FEN,
    /// and castling without Rook does not apply. Switched on explicitly only.
    pub chess960: bool,
}

impl Rules {
    /// The switches of a rule set, for standard (not Chess960) chess.
    pub const fn new(set: RuleSet) -> Rules {
        match set {
            RuleSet::American1897 => Rules {
                set,
                castling: CastlingRule::WithoutRookToo,
                promotion: PromotionRule::Piece,
                fifty_moves: FiftyMoveRule::WithoutCapture,
                repetition: RepetitionRule::SameMenThirdTime,
                endless_checks_claim: true,
                chess960: false,
            },
            // The Staunton code agrees with the American one but for repetition.
            RuleSet::Staunton1910 => Rules {
                set,
                castling: CastlingRule::WithoutRookToo,
                promotion: PromotionRule::Piece,
                fifty_moves: FiftyMoveRule::WithoutCapture,
                repetition: RepetitionRule::SameMenEitherSideThirdTime,
                endless_checks_claim: true,
                chess960: false,
            },
            RuleSet::British1894 => Rules {
                set,
                castling: CastlingRule::WithoutRookToo,
                promotion: PromotionRule::PieceOrRemainPawn,
                fifty_moves: FiftyMoveRule::CallToMate,
                repetition: RepetitionRule::ThreeInSuccession,
                endless_checks_claim: false,
                chess960: false,
            },
            RuleSet::Fide => Rules {
                set,
                castling: CastlingRule::WithRookOnly,
                promotion: PromotionRule::Piece,
                fifty_moves: FiftyMoveRule::WithoutCaptureOrPawnMove,
                repetition: RepetitionRule::SamePositionAndRightsThirdTime,
                endless_checks_claim: false,
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
