//! `morphy serve` keeps its games in the games' database: a game played through the
//! router, the app dropped (a restart), a new app on the same data folder finds the
//! game where it stood and plays on; a data folder whose file is no database leaves
//! the file untouched and the board still plays, the page told the game is not kept. Real files in a temporary folder.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::http::StatusCode;
use axum::Router;
use morphy_adapter::play::Limit;
use morphy_adapter::serve::{app, ServeConfig};
use serde_json::{json, Value};

use crate::serve_http::{get, new_game, persons_turn, post};

/// A new empty folder under the system's temporary one, removed when dropped.
pub struct Folder(pub PathBuf);

impl Folder {
    pub fn new(name: &str) -> Folder {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("morphy-kept-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        Folder(path)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server's router keeping its games in `data`.
pub fn router_on(data: &Folder) -> Router {
    let config = ServeConfig {
        limit: Limit::Depth(2),
        data: Some(data.0.join("morphy")),
        ..ServeConfig::default()
    };
    app(&config, 8397).1
}

pub async fn person_plays(router: &Router, id: &str, from: &str, to: &str) -> Value {
    let (status, state) = post(
        router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": from, "to": to }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    persons_turn(router, id).await
}

/// What must be the same after a restart.
fn standing(state: &Value) -> Value {
    json!({
        "fen": state["fen"],
        "san": state["san"],
        "plies": state["plies"],
        "odds": state["odds"],
        "rules": state["rules"],
        "human": state["human"],
        "elo": state["elo"],
        "over": state["over"],
        "result": state["result"],
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_keeps_a_game_at_odds_across_a_restart() {
    let data = Folder::new("restart");
    let (id, before) = {
        let router = router_on(&data);
        let state = new_game(
            &router,
            json!({ "odds": "pawn-and-move", "color": "receiver", "elo": "1400" }),
        )
        .await;
        let id = state["id"].as_str().unwrap().to_string();
        assert_eq!(state["kept"], true, "{state}");
        person_plays(&router, &id, "e2", "e4").await;
        let state = person_plays(&router, &id, "d2", "d4").await;
        (id, state)
    };
    assert!(before["plies"].as_u64().unwrap() >= 4, "{before}");
    assert!(data.0.join("morphy").join("morphy.db").is_file());
    // A new server on the same folder: the game is found where it stood.
    let router = router_on(&data);
    let (status, after) = get(&router, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(standing(&after), standing(&before));
    assert_eq!(after["odds"], "pawn-and-move");
    assert_eq!(after["kept"], true);
    // And it plays on.
    let on = person_plays(&router, &id, "g1", "f3").await;
    assert!(on["plies"].as_u64() > after["plies"].as_u64(), "{on}");
    // An id never stored is still no game.
    let (status, _) = get(&router, "/api/games/0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_keeps_a_take_back_a_resignation_and_the_clocks() {
    let data = Folder::new("ended");
    let (id, before) = {
        let router = router_on(&data);
        let state = new_game(&router, json!({ "color": "white", "clock": "1+1" })).await;
        let id = state["id"].as_str().unwrap().to_string();
        person_plays(&router, &id, "e2", "e4").await;
        person_plays(&router, &id, "g1", "f3").await;
        let (status, body) = post(&router, &format!("/api/games/{id}/undo"), &json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let clocks = body["state"]["clocks"].clone();
        let (status, _) = post(&router, &format!("/api/games/{id}/resign"), &json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (_, state) = get(&router, &format!("/api/games/{id}")).await;
        assert_eq!(state["plies"], 2, "{state}");
        assert_eq!(state["over"], true);
        (id, json!({ "state": state, "clocks": clocks }))
    };
    let router = router_on(&data);
    let (status, after) = get(&router, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(standing(&after), standing(&before["state"]));
    assert_eq!(after["result"]["result"], "0-1", "{after}");
    // The clocks stand as they did when the game was last written (the take-back
    // leaves them as they were; the resignation stops them).
    let (now, then) = (&after["clocks"], &before["clocks"]);
    for side in ["white", "black"] {
        let (a, b) = (now[side].as_u64().unwrap(), then[side].as_u64().unwrap());
        assert!(a.abs_diff(b) < 2_000, "{side}: {now} against {then}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_plays_on_when_the_database_is_no_database_and_leaves_it_untouched() {
    let data = Folder::new("junk");
    let folder = data.0.join("morphy");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("morphy.db");
    let junk = b"not a database, whatever its name says; keep me".repeat(40);
    std::fs::write(&file, &junk).unwrap();
    let router = router_on(&data);
    let state = new_game(&router, json!({ "color": "white" })).await;
    assert_eq!(state["kept"], false, "the page is told: {state}");
    let id = state["id"].as_str().unwrap().to_string();
    person_plays(&router, &id, "e2", "e4").await;
    assert_eq!(std::fs::read(&file).unwrap(), junk, "the file is untouched");
}
