//! Attacks on the local web board, through the router: cross-site requests (a foreign
//! `Origin`, `Sec-Fetch-Site: cross-site`), DNS rebinding (a foreign `Host`, in
//! `serve_http`), path tricks in asset and game addresses, deeply nested and huge JSON,
//! numbers out of range, invalid UTF-8 and wrong types. Each is answered with a 4xx and
//! words, never a file outside the assets or a crash; the server answers normally after.
//! (Script in PGN tags, comments, names and FEN text shown on the pages is tried in a real
//! browser: `tests/browser/hostile_text.py`.)

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use morphy_adapter::play::Limit;
use morphy_adapter::serve::{app, ServeConfig};
use serde_json::json;

use crate::serve_http::{get, new_game, send, HOST, ORIGIN};
use crate::serve_kept::{router_on, Folder};

fn router() -> Router {
    let config = ServeConfig {
        limit: Limit::Depth(1),
        ..ServeConfig::default()
    };
    app(&config, 8397).1
}

/// A request with the board's own host, and `headers`.
fn request(method: &str, path: &str, headers: &[(&str, &str)], body: Body) -> Request<Body> {
    let mut req = Request::builder()
        .method(method)
        .uri(path)
        .header("host", HOST);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.body(body).unwrap()
}

/// A POST from the board's own page with `body` as it is, bytes and all.
async fn post_raw(router: &Router, path: &str, body: Vec<u8>) -> (StatusCode, String) {
    let req = request(
        "POST",
        path,
        &[("origin", ORIGIN), ("content-type", "application/json")],
        Body::from(body),
    );
    send(router, req).await
}

#[tokio::test]
async fn another_sites_scripts_can_neither_change_nor_read_a_game() {
    let router = router();
    let state = new_game(&router, json!({ "color": "white" })).await;
    let id = state["id"].as_str().unwrap();
    for path in [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/pgn"),
        format!("/api/games/{id}/moves"),
        "/api/history".to_string(),
        "/api/choices".to_string(),
    ] {
        let foreign = request(
            "GET",
            &path,
            &[("origin", "http://evil.example")],
            Body::empty(),
        );
        assert_eq!(
            send(&router, foreign).await.0,
            StatusCode::FORBIDDEN,
            "{path}"
        );
        let cross = request(
            "GET",
            &path,
            &[("sec-fetch-site", "cross-site"), ("sec-fetch-mode", "cors")],
            Body::empty(),
        );
        assert_eq!(
            send(&router, cross).await.0,
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
    // A link followed from another site to the board is a navigation: the page opens.
    let link = request(
        "GET",
        "/",
        &[
            ("sec-fetch-site", "cross-site"),
            ("sec-fetch-mode", "navigate"),
        ],
        Body::empty(),
    );
    assert_eq!(send(&router, link).await.0, StatusCode::OK);
    for route in [
        "move", "typed", "resign", "undo", "claim", "offer", "hint", "stop",
    ] {
        let forged = request(
            "POST",
            &format!("/api/games/{id}/{route}"),
            &[
                ("origin", "http://evil.example"),
                ("content-type", "application/json"),
            ],
            Body::from(r#"{"from":"e2","to":"e4","text":"e4"}"#),
        );
        assert_eq!(
            send(&router, forged).await.0,
            StatusCode::FORBIDDEN,
            "{route}"
        );
    }
    let (_, after) = get(&router, &format!("/api/games/{id}")).await;
    assert_eq!(after["plies"], 0, "nothing changed: {after}");
}

#[tokio::test]
async fn path_tricks_reach_no_file_outside_the_assets() {
    // With a games' database, so that the history's addresses are looked up too.
    let data = Folder::new("attacks");
    let router = router_on(&data);
    for path in [
        "/assets/../Cargo.toml",
        "/assets/..%2fCargo.toml",
        "/assets/%2e%2e%2f%2e%2e%2fCargo.toml",
        "/assets/..%5c..%5cCargo.toml",
        "/assets/app.js%00.png",
        "/assets//etc/passwd",
        "/assets/men/LICENSE-cburnett.txt",
        "/../../etc/passwd",
        "/game/..%2f..%2fetc%2fpasswd",
        "/api/games/..%2f..%2fetc%2fpasswd",
        "/api/history/..%2f..%2fmorphy.db",
        "/games/%3Cscript%3E",
    ] {
        let (status, body) = send(&router, request("GET", path, &[], Body::empty())).await;
        assert!(!body.contains("[package]"), "{path}: a file was read");
        assert!(!body.contains("root:"), "{path}: a file was read");
        assert!(
            !body.contains("<script>"),
            "{path}: the address is shown back as markup"
        );
        // The pages' own addresses serve the page (which reads only a hex id from
        // them); everything else is no such thing.
        if path.starts_with("/game/") || path.starts_with("/games/") {
            assert!(
                status == StatusCode::OK || status.is_client_error(),
                "{path}"
            );
        } else {
            assert!(status.is_client_error(), "{path}: {status}");
        }
    }
}

#[tokio::test]
async fn hostile_bodies_are_refused_in_words_and_the_server_goes_on() {
    let router = router();
    let deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
    let deep_map = format!(r#"{{"odds":{}1{}}}"#, "[".repeat(5_000), "]".repeat(5_000));
    let bodies: Vec<(&str, Vec<u8>)> = vec![
        ("/api/games", deep.into_bytes()),
        ("/api/games", deep_map.into_bytes()),
        ("/api/games", vec![0xff, 0xfe, b'{', b'}']),
        ("/api/games", b"{\"odds\": \"\xff\xfe\"}".to_vec()),
        ("/api/games", br#"{"odds": 7}"#.to_vec()),
        (
            "/api/games",
            br#"{"elo": "99999999999999999999999"}"#.to_vec(),
        ),
        ("/api/games", br#"{"elo": "-1"}"#.to_vec()),
        (
            "/api/games",
            br#"{"clock": "99999999999+99999999999"}"#.to_vec(),
        ),
        ("/api/games", br#"{"clock": "5+-3"}"#.to_vec()),
        (
            "/api/games",
            br#"{"fen": "8/8/8/8/8/8/8/8 w - - 99999999999 1"}"#.to_vec(),
        ),
        ("/api/games", br#"{"mate": "square:z9"}"#.to_vec()),
        ("/api/games", b"[1, 2, 3]".to_vec()),
        ("/api/games", b"null".to_vec()),
        ("/api/games/pgn", br#"{"pgn": 5}"#.to_vec()),
        (
            "/api/games/pgn",
            format!(r#"{{"pgn": "{}"}}"#, "(".repeat(50_000)).into_bytes(),
        ),
    ];
    for (path, body) in bodies {
        let shown = String::from_utf8_lossy(&body)
            .chars()
            .take(60)
            .collect::<String>();
        let (status, answer) = post_raw(&router, path, body).await;
        assert!(
            status.is_client_error(),
            "{path} {shown}: {status} {answer}"
        );
        assert!(
            !answer.trim().is_empty(),
            "{path} {shown}: an answer in words"
        );
    }
    let state = new_game(&router, json!({ "color": "white" })).await;
    let id = state["id"].as_str().unwrap();
    for body in [
        br#"{"from": "e2", "to": "e9"}"#.to_vec(),
        br#"{"from": "e2", "to": "e4", "promotion": "king"}"#.to_vec(),
        br#"{"from": 5, "to": "e4"}"#.to_vec(),
        vec![0xc3, 0x28],
    ] {
        let (status, answer) = post_raw(&router, &format!("/api/games/{id}/move"), body).await;
        assert!(status.is_client_error(), "{status} {answer}");
    }
    let typed = format!(r#"{{"text": "{}"}}"#, "Q".repeat(60_000));
    let (status, _) = post_raw(
        &router,
        &format!("/api/games/{id}/typed"),
        typed.into_bytes(),
    )
    .await;
    assert!(status.is_client_error());
    // The server goes on: the same game takes a good move.
    let (status, answer) = post_raw(
        &router,
        &format!("/api/games/{id}/typed"),
        br#"{"text": "e4"}"#.to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}
