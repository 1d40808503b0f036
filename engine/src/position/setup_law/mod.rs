//! The setup law, judged and worded: everything that makes a [`Setup`] one that cannot
//! arise under the Code, each with its squares, the law it rests on and a sentence.
//!
//! [`judge`] reports every violation at once, in a fixed order: the men (Kings, counts,
//! Pawns on ranks they can never stand on, in [`men`]), then checks (in [`checks`]),
//! then the fields that can be repaired without doubt (castling rights, the en passant
//! square, move counts, in [`repair`]). Repairs are made only when the caller asks for
//! them with a [`Relax`]; a repaired field is reported as [`SetupViolation::repaired`].
//!
//! ```
//! use engine::position::setup_law::{judge, Relax};
//! use engine::SetupViolationKind;
//! use engine::{Color, Rules, RuleSet, Setup};
//! let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/4RK2 w K e3 0 1", false).unwrap();
//! let found = judge(&mut setup, Rules::new(RuleSet::American1897), Relax::REPAIR_ALL);
//! let kinds: Vec<_> = found.iter().map(|v| v.kind).collect();
//! assert_eq!(kinds, [
//!     SetupViolationKind::OpponentInCheck,
//!     SetupViolationKind::CastlingKingMoved,
//!     SetupViolationKind::InvalidEnPassant,
//! ]);
//! assert!(found[1].repaired && setup.castling[Color::White].is_empty() && setup.ep_square.is_none());
//! ```

pub mod checks;
pub mod men;
pub mod repair;
pub mod violation;

use crate::rules::Rules;
use crate::setup::Setup;
use violation::SetupViolation;

/// Which fields the caller lets [`judge`] repair (like shakmaty's `ignore_*` options).
/// A repair changes the setup and is reported as a repaired violation.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Relax {
    /// Drop castling rights whose King or Rook has left.
    pub castling: bool,
    /// Drop an en passant square no double step passed over.
    pub en_passant: bool,
    /// Fix move counts that contradict the position.
    pub move_counts: bool,
}

impl Relax {
    /// No repair: every violation stands.
    pub const NONE: Relax = Relax {
        castling: false,
        en_passant: false,
        move_counts: false,
    };
    /// Every repair that can be made without doubt.
    pub const REPAIR_ALL: Relax = Relax {
        castling: true,
        en_passant: true,
        move_counts: true,
    };
}

/// Judges a setup under `rules`: every violation, in order, repairing what `relax` lets
/// it repair (see the module docs).
pub fn judge(setup: &mut Setup, rules: Rules, relax: Relax) -> Vec<SetupViolation> {
    let mut out = Vec::new();
    men::kings(setup, &mut out);
    let kings_ok = out.is_empty();
    men::counts(setup, &mut out);
    men::pawn_ranks(setup, rules, &mut out);
    // Checks need one King a side.
    if kings_ok {
        checks::checks(setup, &mut out);
    }
    repair::castling(setup, rules, relax.castling, &mut out);
    repair::en_passant(setup, relax.en_passant, &mut out);
    repair::move_counts(setup, relax.move_counts, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::repair::castling_right_problem;
    use super::violation::SetupViolationKind;
    use super::*;
    use crate::position::Position;
    use crate::rules::odds::Odds;
    use crate::rules::RuleSet;
    use crate::types::{Color, Square};

    #[test]
    fn without_relaxation_nothing_is_repaired() {
        let fen = "4k3/8/8/8/8/8/8/5K2 w K e3 7 1";
        let mut setup = Setup::from_fen(fen, false).unwrap();
        let before = setup.clone();
        let found = judge(&mut setup, Rules::default(), Relax::NONE);
        assert_eq!(setup, before);
        assert!(found.iter().all(|v| !v.repaired));
        let kinds: Vec<_> = found.iter().map(|v| v.kind).collect();
        assert_eq!(
            kinds,
            [
                SetupViolationKind::CastlingKingMoved,
                SetupViolationKind::InvalidEnPassant,
                SetupViolationKind::MoveCountContradiction,
                SetupViolationKind::MoveCountContradiction,
            ]
        );
        assert!(!found[0].message.contains("removed"));
    }

    #[test]
    fn an_en_passant_square_must_explain_the_check_am_i_11_e_c() {
        // d7-d5 could not have given the Bishop's check from a5: refused, as python-chess does.
        let mut setup = Setup::from_fen("4k3/8/8/b2p4/8/8/8/4K3 w - d6 0 1", false).unwrap();
        let found = judge(&mut setup, Rules::default(), Relax::NONE);
        let ep: Vec<_> = found
            .iter()
            .filter(|v| v.kind == SetupViolationKind::InvalidEnPassant)
            .collect();
        assert_eq!(ep.len(), 1, "{found:?}");
        assert!(
            ep[0].message.contains("could not have given the check"),
            "{}",
            ep[0].message
        );
        // A double step that uncovers the Bishop on c8 gives the check itself: it stands.
        let mut setup = Setup::from_fen("2b1k3/8/4K3/3p4/8/8/8/8 w - d6 0 1", false).unwrap();
        let found = judge(&mut setup, Rules::default(), Relax::NONE);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn every_violation_is_reported_with_its_law() {
        let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/7P w - - 0 1", false).unwrap();
        let found = judge(&mut setup, Rules::default(), Relax::REPAIR_ALL);
        let laws: Vec<_> = found.iter().map(|v| (v.kind, v.law)).collect();
        assert_eq!(
            laws,
            [
                (SetupViolationKind::MissingKing, "Am. I 4"),
                (SetupViolationKind::PawnOnFirstRank, "Am. I 4"),
            ]
        );
        assert_eq!(found[0].message, "White has no King");
    }

    #[test]
    fn one_judgement_of_castling_without_rook() {
        let am = Rules::new(RuleSet::American1897);
        let fide = Rules::new(RuleSet::Fide);
        let setup = Odds::Rook.setup(&am);
        let right = |rules| {
            castling_right_problem(
                &setup,
                rules,
                Color::White,
                crate::setup::CastleSide::Queen,
                crate::types::File::A,
            )
        };
        assert!(right(am).is_none());
        assert_eq!(right(fide).unwrap().law, "docs/RULES.md §3");
        // The explanation of an illegal castling asks the same function.
        let mut s = Setup::from_fen("r3k2r/8/8/8/8/8/8/4K2R w K - 0 1", false).unwrap();
        s.castling[Color::White].queen_side = None;
        let pos = Position::from_setup(&s, fide).unwrap();
        let why = pos.why_illegal("e1c1");
        assert_eq!(why.law, "docs/RULES.md §3");
        assert_eq!(why.squares, [Square::E1, Square::C1, Square::A1]);
        let pos = Position::from_setup(&s, am).unwrap();
        assert_eq!(pos.why_illegal("e1c1").law, "Am. I 11 E (e)");
    }
}
