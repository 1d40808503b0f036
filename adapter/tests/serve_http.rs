//! `morphy serve`'s HTTP layer, driven through the router (no socket): the Host and
//! Origin guard, the body limit, bad parameters, an illegal move answered with the
//! engine's reason and the position unchanged, Morphy's answer, claims, PGN, and games
//! played to a result with their law.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use morphy_adapter::play::Limit;
use morphy_adapter::serve::{app, ServeConfig};
use serde_json::{json, Value};
use tower::ServiceExt;

pub(crate) const HOST: &str = "127.0.0.1:8397";
pub(crate) const ORIGIN: &str = "http://127.0.0.1:8397";

fn router() -> Router {
    let config = ServeConfig {
        limit: Limit::Depth(2),
        ..ServeConfig::default()
    };
    app(&config, 8397).1
}

pub(crate) async fn send(router: &Router, req: Request<Body>) -> (StatusCode, String) {
    let response = router.clone().oneshot(req).await.expect("infallible");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

pub(crate) async fn get(router: &Router, path: &str) -> (StatusCode, Value) {
    let req = Request::get(path)
        .header("host", HOST)
        .body(Body::empty())
        .unwrap();
    let (status, text) = send(router, req).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

pub(crate) async fn post(router: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    let req = Request::post(path)
        .header("host", HOST)
        .header("origin", ORIGIN)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (status, text) = send(router, req).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

pub(crate) async fn new_game(router: &Router, params: Value) -> Value {
    let (status, state) = post(router, "/api/games", &params).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}

/// Waits until the game is the person's to move (or over): up to a minute, for a timed
/// game's move on a loaded machine (a test run beside the others on two cores).
pub(crate) async fn persons_turn(router: &Router, id: &str) -> Value {
    for _ in 0..1200 {
        let (_, state) = get(router, &format!("/api/games/{id}")).await;
        if state["turn"] == state["human"] && !state["thinking"].as_bool().unwrap_or(true)
            || state["over"] == true
        {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("Morphy did not move in 60 s");
}

#[tokio::test]
async fn requests_for_another_host_are_refused_dns_rebinding() {
    let router = router();
    for host in ["evil.example:8397", "127.0.0.1:9999", "localhost.evil:8397"] {
        let req = Request::get("/")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        let (status, _) = send(&router, req).await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "{host}");
    }
    let req = Request::get("/").body(Body::empty()).unwrap();
    assert_eq!(send(&router, req).await.0, StatusCode::MISDIRECTED_REQUEST);
    for host in [HOST, "localhost:8397", "[::1]:8397"] {
        let req = Request::get("/")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        let (status, page) = send(&router, req).await;
        assert_eq!(status, StatusCode::OK, "{host}");
        assert!(page.contains("data-fen"), "{page}");
    }
}

#[tokio::test]
async fn changes_from_another_origin_are_refused() {
    let router = router();
    for origin in [Some("http://evil.example"), Some("null"), None] {
        let mut req = Request::post("/api/games")
            .header("host", HOST)
            .header("content-type", "application/json");
        if let Some(o) = origin {
            req = req.header("origin", o);
        }
        let (status, _) = send(&router, req.body(Body::from("{}")).unwrap()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin:?}");
    }
    let state = new_game(&router, json!({})).await;
    assert_eq!(state["id"].as_str().map(str::len), Some(32));
    let other = new_game(&router, json!({})).await;
    assert_ne!(state["id"], other["id"], "each game its own id");
}

#[tokio::test]
async fn bodies_over_the_limit_are_refused() {
    let router = router();
    let big = json!({ "fen": "x".repeat(100 * 1024) });
    let (status, _) = post(&router, "/api/games", &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, _) = post(
        &router,
        "/api/games/pgn",
        &json!({ "pgn": "x".repeat(300 * 1024) }),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let req = Request::post("/api/games")
        .header("host", HOST)
        .header("origin", ORIGIN)
        .header("content-type", "application/json")
        .body(Body::from("{not json"))
        .unwrap();
    assert!(send(&router, req).await.0.is_client_error());
}

#[tokio::test]
async fn bad_parameters_are_answered_in_the_engines_words() {
    let router = router();
    let (status, body) = post(
        &router,
        "/api/games",
        &json!({ "odds": "castle", "elo": "9" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let errors = body["errors"].to_string();
    assert!(errors.contains("unknown odds 'castle'"), "{errors}");
    assert!(errors.contains("bad elo '9'"), "{errors}");
    // A start the Code refuses: the validation's findings (docs/RULES.md §6).
    let (status, body) = post(
        &router,
        "/api/games",
        &json!({ "fen": "8/8/8/8/8/8/8/8 w - - 0 1" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = body["errors"].to_string();
    assert!(
        errors.contains("The start is refused under american-1897."),
        "{errors}"
    );
    // A mate condition naming no man of the giver's (Am. IV 6).
    let (status, body) = post(
        &router,
        "/api/games",
        &json!({ "odds": "rook", "mate": "pawn:e7" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, _) = get(&router, "/api/games/0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_illegal_move_is_refused_with_its_law_and_changes_nothing_am_i_11_e_a() {
    let router = router();
    let state = new_game(&router, json!({ "color": "white" })).await;
    let id = state["id"].as_str().unwrap();
    let fen = state["fen"].clone();
    let (status, body) = post(
        &router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": "e2", "to": "e5" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["law"], "Am. I 9, I 11 E (a)", "{body}");
    assert!(body["error"].as_str().unwrap().contains("Pawn"), "{body}");
    assert_eq!(body["state"]["fen"], fen);
    let (_, now) = get(&router, &format!("/api/games/{id}")).await;
    assert_eq!(now["fen"], fen);
    let (status, _) = post(
        &router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": "z9", "to": "e4" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn morphy_opens_as_the_giver_and_answers_am_iv_2() {
    let router = router();
    let state = new_game(
        &router,
        json!({ "odds": "rook", "color": "receiver", "elo": "1400" }),
    )
    .await;
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["human"], "black");
    assert_eq!(state["given"], json!(["R"]));
    assert_eq!(state["level"], "Elo 1400");
    let state = persons_turn(&router, &id).await;
    assert_eq!(state["plies"], 1, "{state}");
    // Morphy's claim is no person's: claims wait for the person's turn.
    let (status, body) = post(&router, &format!("/api/games/{id}/claim"), &json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("no draw can be claimed now"),
        "{body}"
    );
    assert!(
        body["error"].as_str().unwrap().contains("Am. II 8"),
        "{body}"
    );
    let (status, _) = post(
        &router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": "e7", "to": "e5" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let state = persons_turn(&router, &id).await;
    assert_eq!(state["plies"], 3);
    assert!(state["san"].as_str().unwrap().contains("e5"));
    assert!(
        state["descriptive"].as_str().unwrap().contains("P-K4"),
        "{state}"
    );
    let req = Request::get(format!("/api/games/{id}/pgn"))
        .header("host", HOST)
        .body(Body::empty())
        .unwrap();
    let (status, pgn) = send(&router, req).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        pgn.contains("[Odds \"rook\"]") && pgn.contains("[Rules \"american-1897\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    // The PGN resumes the game, the person to move.
    let (status, resumed) = post(&router, "/api/games/pgn", &json!({ "pgn": pgn })).await;
    assert_eq!(status, StatusCode::CREATED, "{resumed}");
    assert_eq!(resumed["fen"], state["fen"]);
    assert_eq!(resumed["human"], "black");
    let (status, _) = post(
        &router,
        "/api/games/pgn",
        &json!({ "pgn": "1. e4 e5 2. Ke3 *" }),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "resumed before the illegal move"
    );
}

#[tokio::test]
async fn a_mate_ends_the_game_with_its_law_am_i_15_a() {
    let router = router();
    let state = new_game(
        &router,
        json!({ "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "color": "white" }),
    )
    .await;
    let id = state["id"].as_str().unwrap();
    let (status, state) = post(
        &router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": "a1", "to": "a8" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["over"], true);
    assert_eq!(state["result"]["result"], "1-0");
    assert_eq!(
        state["result"]["reason"],
        "Black is checkmated (Am. I 15 (a))"
    );
    let (status, body) = post(
        &router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": "g1", "to": "g2" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("the game is over"),
        "{body}"
    );
}

#[tokio::test]
async fn a_claim_of_fifty_moves_is_granted_am_ii_8_b_and_resignation_loses_am_ii_9() {
    let router = router();
    let state = new_game(
        &router,
        json!({ "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 100 80", "color": "white" }),
    )
    .await;
    assert!(
        state["claimable"]
            .as_str()
            .unwrap()
            .contains("Am. II 8 (b)"),
        "{state}"
    );
    let id = state["id"].as_str().unwrap();
    let (status, body) = post(&router, &format!("/api/games/{id}/claim"), &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["state"]["result"]["result"], "1/2-1/2");
    assert!(
        body["said"].as_str().unwrap().ends_with("(Am. II 8 (b))"),
        "{body}"
    );
    let state = new_game(&router, json!({ "color": "white" })).await;
    let id = state["id"].as_str().unwrap();
    let (_, state) = post(&router, &format!("/api/games/{id}/resign"), &json!({})).await;
    assert_eq!(state["result"]["result"], "0-1");
    assert_eq!(state["result"]["reason"], "White resigns (Am. II 9)");
}

#[tokio::test]
async fn the_form_offers_every_odds_of_the_catalogue() {
    let router = router();
    let (status, choices) = get(&router, "/api/choices").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = choices["odds"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| o["name"].as_str())
        .collect();
    let all: Vec<&str> = engine::Odds::ALL.iter().map(|o| o.name()).collect();
    assert_eq!(names, all);
}

#[tokio::test]
async fn a_take_back_takes_the_persons_turn_and_morphys_reply() {
    let router = router();
    let state = new_game(&router, json!({ "color": "white" })).await;
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["take_back"], false, "no move of the person's yet");
    let (status, body) = post(&router, &format!("/api/games/{id}/undo"), &json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "you have made no move to take back");
    let start_fen = state["fen"].clone();
    let (status, _) = post(
        &router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": "e2", "to": "e4" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let state = persons_turn(&router, &id).await;
    assert_eq!(state["plies"], 2);
    assert_eq!(state["take_back"], true);
    let (status, body) = post(&router, &format!("/api/games/{id}/undo"), &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body["said"]
            .as_str()
            .unwrap()
            .starts_with("You take back 1. e4 "),
        "{body}"
    );
    assert_eq!(body["state"]["plies"], 0);
    assert_eq!(body["state"]["fen"], start_fen);
    assert_eq!(body["state"]["turn"], "white");
    // The game goes on from there: Morphy answers the next move.
    let (status, _) = post(
        &router,
        &format!("/api/games/{id}/move"),
        &json!({ "from": "d2", "to": "d4" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let state = persons_turn(&router, &id).await;
    assert_eq!(state["plies"], 2, "{state}");
    assert!(
        state["san"].as_str().unwrap().starts_with("1. d4 "),
        "{state}"
    );
    // After the result, the moves stand.
    let (status, _) = post(&router, &format!("/api/games/{id}/resign"), &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = post(&router, &format!("/api/games/{id}/undo"), &json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "the game is over: its moves stand");
}
