//! Draws the side to move may claim under the rule set in force (CODE.md §5), as
//! `info string code: ...` findings. Whether a draw may be claimed is the engine's
//! [`Game::draw_claim`] (the same judgement the search uses); this file only says it in
//! words with the law. A claim is information, never a refusal.

use engine::game::DrawClaim;
use engine::{FiftyMoveRule, Game, RepetitionRule};

use super::finding::{Finding, FindingKind};

/// Adds a finding for the draw the side to move may claim now, if any.
pub fn claims(game: &Game, out: &mut Vec<Finding>) {
    let Some(claim) = game.draw_claim() else {
        return;
    };
    let now = game.current();
    let rules = now.rules();
    let side = super::color_name(now.turn());
    let (kind, law, message) = match claim {
        // RULE(repetition): the law and the reading of "the same position".
        DrawClaim::Repetition => match rules.repetition {
            RepetitionRule::SameMenThirdTime => (
                FindingKind::RepetitionClaim,
                "Am. II 8, I 16",
                format!("{side} may claim a draw: the same men stand on the same squares with {side} to move for the third time (castling and en passant chances do not count)"),
            ),
            RepetitionRule::SamePositionAndRightsThirdTime => (
                FindingKind::RepetitionClaim,
                "FIDE 9.2",
                format!("{side} may claim a draw: the same position with the same rights has occurred three times"),
            ),
            RepetitionRule::ThreeInSuccession => (
                FindingKind::RepetitionClaim,
                "Br. IV 12",
                format!("{side} may claim a draw: the same line of play has been repeated three times in succession"),
            ),
        },
        // RULE(fifty_moves): what resets the count.
        DrawClaim::FiftyMoves => match rules.fifty_moves {
            FiftyMoveRule::WithoutCapture => (
                FindingKind::FiftyMoveClaim,
                "Am. II 8",
                format!("{side} may claim a draw: fifty moves on each side without a capture ({} half-moves)", now.capture_clock()),
            ),
            FiftyMoveRule::WithoutCaptureOrPawnMove => (
                FindingKind::FiftyMoveClaim,
                "FIDE 9.3",
                format!("{side} may claim a draw: fifty moves on each side without a capture or a Pawn move ({} half-moves)", now.halfmove_clock()),
            ),
            FiftyMoveRule::CallToMate => (
                FindingKind::FiftyMoveClaim,
                "Br. IV 11",
                format!("a draw: the weaker side called on its opponent to mate within fifty moves, and {} half-moves have passed without a capture", now.capture_clock()),
            ),
        },
        DrawClaim::DeadPosition => (
            FindingKind::DeadPosition,
            "FIDE 5.2.2",
            "a draw: neither side can possibly mate (dead position)".to_string(),
        ),
    };
    out.push(Finding::new(kind, law, Vec::new(), message));
}
