//! Draws the side to move may claim under the rule set in force (docs/RULES.md §5), as
//! `info string code: ...` findings. Whether a draw may be claimed, and what the ruling
//! says with which law, is the engine's ([`Game::draw_claim`], [`DrawClaim::ruling`]);
//! this file only maps the ruling to a finding. A claim is information, never a refusal.

use engine::rules::draws::DrawClaim;
use engine::Game;

use super::finding::{Finding, FindingKind};

/// Adds a finding for the draw the side to move may claim now, if any.
pub fn claims(game: &Game, out: &mut Vec<Finding>) {
    let Some(claim) = game.draw_claim() else {
        return;
    };
    let now = game.current();
    let ruling = claim.ruling(now);
    let may_claim = || format!("{} may claim a draw: {}", now.turn(), ruling.words);
    let (kind, message) = match claim {
        DrawClaim::Repetition => (FindingKind::RepetitionClaim, may_claim()),
        DrawClaim::FiftyMoves => (FindingKind::FiftyMoveClaim, may_claim()),
        DrawClaim::EndlessChecks => (FindingKind::EndlessChecksClaim, may_claim()),
        DrawClaim::DeadPosition => (
            FindingKind::DeadPosition,
            format!("a draw: {}", ruling.words),
        ),
    };
    out.push(Finding::new(kind, ruling.law, Vec::new(), message));
}
