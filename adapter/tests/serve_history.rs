//! The history page's API on a real games' database in a temporary folder: the games
//! listed newest first and filtered by odds and by result, a game laid out to replay
//! with Morphy's evaluation along it, the PGN of one game and of all, the pages' own
//! addresses; with no database, a refusal in words.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use morphy_adapter::play::Limit;
use morphy_adapter::serve::{app, ServeConfig};
use serde_json::{json, Value};

use crate::serve_http::{get, new_game, persons_turn, post, send, HOST};
use crate::serve_kept::{person_plays, router_on, Folder};

/// Starts a game with `params` and plays the person's `moves` (each answered).
async fn played(router: &Router, params: Value, moves: &[(&str, &str)]) -> (String, Value) {
    let mut state = new_game(router, params).await;
    let id = state["id"].as_str().unwrap().to_string();
    for (from, to) in moves {
        state = person_plays(router, &id, from, to).await;
    }
    (id, state)
}

async fn text(router: &Router, path: &str) -> (StatusCode, String) {
    let req = Request::get(path)
        .header("host", HOST)
        .body(Body::empty())
        .unwrap();
    send(router, req).await
}

fn ids(list: &Value) -> Vec<String> {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_are_listed_newest_first_and_filtered_by_odds_and_result() {
    let data = Folder::new("history-list");
    let router = router_on(&data);
    let (knight, _) = played(
        &router,
        json!({ "odds": "knight", "color": "receiver", "elo": "1400" }),
        &[],
    )
    .await;
    // The receiver of a Knight plays Black: Morphy moves first; the person answers,
    // then resigns.
    persons_turn(&router, &knight).await;
    person_plays(&router, &knight, "e7", "e5").await;
    let (status, _) = post(&router, &format!("/api/games/{knight}/resign"), &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    // One second later at least: the list goes by when a game began, to the second.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (rook, _) = played(
        &router,
        json!({ "odds": "rook", "color": "white" }),
        &[("e2", "e4")],
    )
    .await;
    // A game opened and left before any move is not listed.
    let (empty, _) = played(&router, json!({ "color": "white" }), &[]).await;

    let (status, list) = get(&router, "/api/history").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(ids(&list), vec![rook.clone(), knight.clone()], "{list}");
    assert!(!ids(&list).contains(&empty));
    let first = &list["games"][0];
    assert_eq!(first["odds"], "rook");
    assert_eq!(first["outcome"], "unfinished");
    assert_eq!(first["human"], "white");
    assert_eq!(first["level"], Value::Null, "full strength");
    let second = &list["games"][1];
    assert_eq!(second["outcome"], "lost", "{second}");
    assert_eq!(second["result"], "1-0");
    assert_eq!(second["level"], 1400);
    assert!(
        second["reason"].as_str().unwrap().contains("resign"),
        "{second}"
    );
    assert!(list["file"].as_str().unwrap().ends_with("morphy.db"));

    let (_, only) = get(&router, "/api/history?odds=knight").await;
    assert_eq!(ids(&only), vec![knight.clone()]);
    let (_, lost) = get(&router, "/api/history?result=lost").await;
    assert_eq!(ids(&lost), vec![knight.clone()]);
    let (_, going) = get(&router, "/api/history?odds=rook&result=unfinished").await;
    assert_eq!(ids(&going), vec![rook.clone()]);
    let (_, none) = get(&router, "/api/history?odds=queen").await;
    assert_eq!(ids(&none), Vec::<String>::new());

    let (status, bad) = get(&router, "/api/history?odds=castle").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(bad["error"].as_str().unwrap().contains("castle"), "{bad}");
    let (status, bad) = get(&router, "/api/history?result=maybe").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(bad["error"]
        .as_str()
        .unwrap()
        .contains("expected won, lost, drawn or unfinished"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_replayed_with_its_positions_evaluations_and_pgn() {
    let data = Folder::new("history-replay");
    let router = router_on(&data);
    let (id, state) = played(
        &router,
        json!({ "odds": "rook", "color": "white" }),
        &[("e2", "e4"), ("g1", "f3")],
    )
    .await;
    let plies = state["plies"].as_u64().unwrap() as usize;
    assert_eq!(plies, 4, "{state}");

    let (status, replay) = get(&router, &format!("/api/history/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{replay}");
    let moves = replay["moves"].as_array().unwrap();
    assert_eq!(moves.len(), plies);
    assert_eq!(moves[0]["san"], "e4");
    assert_eq!(moves[0]["number"], "1.");
    assert_eq!(moves[1]["number"], "1…");
    assert_eq!(moves[2]["san"], "Nf3");
    assert_eq!(moves[plies - 1]["fen"], state["fen"], "the last position");
    // The start is the odds start: White without the Queen's Rook.
    assert!(
        replay["start"]
            .as_str()
            .unwrap()
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR"),
        "{replay}"
    );

    let (status, evals) = get(&router, &format!("/api/history/{id}/evals")).await;
    assert_eq!(status, StatusCode::OK, "{evals}");
    let figures = evals["evals"].as_array().unwrap();
    assert_eq!(figures.len(), plies + 1, "the start and after each move");
    // A Rook down, White stands worse at the start, in Morphy's eyes.
    let start = figures[0]["cp"].as_i64().unwrap();
    assert!(start < -200, "{evals}");

    let (status, one) = text(&router, &format!("/api/history/{id}/pgn")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(one.contains("1. e4") && one.contains("Nf3"), "{one}");
    let (status, all) = text(&router, "/api/history/pgn").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(all.matches("[Event ").count(), 1, "{all}");

    let (status, _) = get(&router, "/api/history/0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_pages_have_their_own_addresses() {
    let data = Folder::new("history-pages");
    let router = router_on(&data);
    let id = "0123456789abcdef0123456789abcdef";
    for (path, script) in [
        (format!("/game/{id}"), "/assets/app.js"),
        ("/games".to_string(), "/assets/games.js"),
        (format!("/games/{id}"), "/assets/games.js"),
    ] {
        let (status, page) = text(&router, &path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(page.contains(script), "{path}");
    }
}

#[tokio::test]
async fn without_a_database_the_history_says_so() {
    let config = ServeConfig {
        limit: Limit::Depth(1),
        data: None,
        ..ServeConfig::default()
    };
    let router = app(&config, 8397).1;
    let (status, body) = get(&router, "/api/history").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("no games are kept"),
        "{body}"
    );
}
