//! Morphy thinks on tokio's blocking thread pool, one search per game, so that no tab's
//! search holds up another's page. Its progress goes to the game's pages as `thinking`
//! events; when it is done, Morphy acts ([`super::game::WebGame::morphy_acts`]) unless the game
//! changed meanwhile (a resignation, a new game), and the pages get the new `state`.

use std::sync::Arc;

use engine::search::{Reporter, SearchInfo, SearchResult};
use engine::Position;
use serde_json::json;

use super::store::Slot;
use super::view;
use crate::play::{score_text, ScoreOf};

/// Sends each completed iteration of Morphy's search to the pages.
struct PageReporter<'a> {
    slot: &'a Slot,
    pos: Position,
}

impl Reporter for PageReporter<'_> {
    fn info(&mut self, info: &SearchInfo) {
        let mut pos = self.pos.clone();
        let mut pv = Vec::new();
        for &mv in info.pv.iter().take(8) {
            if !pos.is_legal(mv) {
                break;
            }
            pv.push(pos.san(mv));
            pos.play(mv);
        }
        let data = json!({
            "depth": info.depth,
            "score": score_text(Some(info.score), ScoreOf::Morphy),
            "nodes": info.nodes,
            "pv": pv.join(" "),
        });
        self.slot.send("thinking", data.to_string());
    }
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
        )
    };
    let (mut searcher, game, limits, epoch, stop) = job;
    tokio::task::spawn_blocking(move || {
        let mut reporter = PageReporter {
            slot: &slot,
            pos: game.current().clone(),
        };
        let result = searcher.search(&game, &limits, &stop, &mut reporter);
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
