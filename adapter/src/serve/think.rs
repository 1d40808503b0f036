//! Morphy thinks on tokio's blocking thread pool, one search per game, so that no tab's
//! search holds up another's page. Its progress goes to the game's pages as `thinking`
//! events; when it is done, Morphy acts ([`super::game::WebGame::morphy_acts`]) unless the game
//! changed meanwhile (a resignation, a new game), and the pages get the new `state`.

use std::sync::Arc;

use engine::search::{Reporter, SearchInfo, SearchResult};
use engine::{Move, Position};
use serde_json::json;

use super::store::Slot;
use super::view;
use crate::play::{score_text, ScoreOf};

/// A line in SAN from `pos`, at most eight moves, up to the first that is not legal.
fn san_line(pos: &Position, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for &mv in line.iter().take(8) {
        if !pos.is_legal(mv) {
            break;
        }
        out.push(pos.san(mv));
        pos.play(mv);
    }
    out.join(" ")
}

/// Sends each completed iteration of Morphy's search to the pages, and keeps the first
/// move of the last line sent.
struct PageReporter<'a> {
    slot: &'a Slot,
    pos: Position,
    first: Option<Move>,
}

impl Reporter for PageReporter<'_> {
    fn info(&mut self, info: &SearchInfo) {
        self.first = info.pv.first().copied();
        let data = json!({
            "depth": info.depth,
            "score": score_text(Some(info.score), ScoreOf::Morphy),
            "nodes": info.nodes,
            "pv": san_line(&self.pos, &info.pv),
        });
        self.slot.send("thinking", data.to_string());
    }
}

/// The last word on a search at a limited level (`elo`) whose move is not the first of
/// the last line shown (`first`): the line that begins with the move played, and that it
/// was chosen weaker on purpose. `None` when the move played is the line's.
fn chosen_on_purpose(
    pos: &Position,
    result: &SearchResult,
    first: Option<Move>,
    elo: Option<u32>,
) -> Option<serde_json::Value> {
    let elo = elo?;
    let best = result.best?;
    if first == Some(best) {
        return None;
    }
    let line: Vec<Move> = std::iter::once(best).chain(result.ponder).collect();
    Some(json!({
        "depth": result.depth,
        "score": score_text(result.score, ScoreOf::Morphy),
        "nodes": result.nodes,
        "pv": san_line(pos, &line),
        "note": format!(
            "Morphy plays {}, not its best move: at Elo {elo} it chooses a weaker one on \
             purpose now and then, as a player of that strength would",
            pos.san(best)
        ),
    }))
}

/// Starts Morphy's search when it is Morphy's turn and no search is under way. Morphy
/// goes on moving while the turn is its own (a turn of several moves, Am. IV 4).
pub fn start(id: String, slot: Arc<Slot>) {
    let job = {
        let mut g = slot.lock();
        if !g.morphy_to_move() {
            return;
        }
        let Some(searcher) = g.searcher.take() else {
            return;
        };
        (
            searcher,
            g.session.game().clone(),
            g.limits(),
            g.epoch,
            slot.new_stop(),
            g.new.elo,
        )
    };
    let (mut searcher, game, limits, epoch, stop, elo) = job;
    tokio::task::spawn_blocking(move || {
        let mut reporter = PageReporter {
            slot: &slot,
            pos: game.current().clone(),
            first: None,
        };
        let result = searcher.search(&game, &limits, &stop, &mut reporter);
        let first = reporter.first;
        if let Some(last) = chosen_on_purpose(game.current(), &result, first, elo) {
            slot.send("thinking", last.to_string());
        }
        let again = {
            let mut g = slot.lock();
            g.searcher = Some(searcher);
            if g.epoch == epoch {
                g.morphy_acts(&result);
                slot.keep(&mut g);
            }
            let state = view::state(&id, &mut g);
            slot.send("state", state.to_json().to_string());
            g.morphy_to_move()
        };
        if again {
            start(id, slot);
        }
    });
}

/// A short search for the side to move (the person, answering his offer of a draw) on
/// the blocking pool; `None` when Morphy's searcher is busy.
pub async fn short_search(slot: &Arc<Slot>) -> Option<SearchResult> {
    let (mut searcher, game, limits) = {
        let mut g = slot.lock();
        let searcher = g.searcher.take()?;
        (searcher, g.session.game().clone(), g.hint_limits())
    };
    let stop = slot.new_stop();
    let done = Arc::clone(slot);
    let joined = tokio::task::spawn_blocking(move || {
        let result = searcher.search(&game, &limits, &stop, &mut engine::search::NullReporter);
        done.lock().searcher = Some(searcher);
        result
    })
    .await;
    joined.ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(best: &str, ponder: Option<&str>, pos: &Position) -> SearchResult {
        SearchResult {
            best: Some(pos.parse_uci_move(best).unwrap()),
            ponder: ponder.map(|p| {
                let mut after = pos.clone();
                after.play(pos.parse_uci_move(best).unwrap());
                after.parse_uci_move(p).unwrap()
            }),
            nodes: 1234,
            score: Some(engine::search::Score::Cp(-40)),
            completed_score: None,
            depth: 6,
        }
    }

    #[test]
    fn a_weaker_move_chosen_at_a_level_is_shown_as_such_with_its_line() {
        let pos = Position::startpos(engine::Rules::default());
        let best_line_first = pos.parse_uci_move("e2e4").ok();
        let played = result("a2a3", Some("e7e5"), &pos);
        let last = chosen_on_purpose(&pos, &played, best_line_first, Some(1400)).unwrap();
        assert_eq!(last["pv"], "a3 e5", "{last}");
        let note = last["note"].as_str().unwrap();
        assert!(
            note.contains("Morphy plays a3") && note.contains("Elo 1400"),
            "{note}"
        );
        assert!(note.contains("on purpose"), "{note}");
    }

    #[test]
    fn the_best_move_or_full_strength_needs_no_word() {
        let pos = Position::startpos(engine::Rules::default());
        let e4 = pos.parse_uci_move("e2e4").ok();
        let best = result("e2e4", None, &pos);
        assert_eq!(chosen_on_purpose(&pos, &best, e4, Some(1400)), None);
        let other = result("a2a3", None, &pos);
        assert_eq!(chosen_on_purpose(&pos, &other, e4, None), None);
    }
}
