//! The pages and their assets, built into the binary: nothing is fetched from the
//! network. The board is drawn by the page itself (SVG, `board.js`); the men are Colin
//! M. L. Burnett's (`page/men/cburnett.svg`, BSD: its licence beside it) or the
//! machine's chess glyphs, as the person chooses.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

/// The board's page (`/`, and a game's own address `/game/ID`).
const INDEX: &str = include_str!("page/index.html");
/// The history's page (`/games`, and a game's replay `/games/ID`).
const GAMES: &str = include_str!("page/games.html");

/// The assets: name, content type, text.
const ASSETS: [(&str, &str, &str); 9] = [
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("page/board.js"),
    ),
    (
        "panel.js",
        "text/javascript; charset=utf-8",
        include_str!("page/panel.js"),
    ),
    (
        "games.js",
        "text/javascript; charset=utf-8",
        include_str!("page/games.js"),
    ),
    (
        "graph.js",
        "text/javascript; charset=utf-8",
        include_str!("page/graph.js"),
    ),
    (
        "look.js",
        "text/javascript; charset=utf-8",
        include_str!("page/look.js"),
    ),
    (
        "men-cburnett.svg",
        "image/svg+xml",
        include_str!("page/men/cburnett.svg"),
    ),
    (
        "men.js",
        "text/javascript; charset=utf-8",
        include_str!("page/men.js"),
    ),
];

/// The headers every page answer carries: no framing by other sites, no sniffing, and
/// scripts and styles from this server only.
const SECURITY: [(header::HeaderName, &str); 3] = [
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    ),
];

/// `GET /` and `GET /game/{id}`: the board's page (it reads the new-game parameters,
/// or the game's id, from the address itself).
pub async fn index() -> Response {
    (SECURITY, Html(INDEX)).into_response()
}

/// `GET /games` and `GET /games/{id}`: the history's page (it reads the game to replay
/// from the address itself).
pub async fn games() -> Response {
    (SECURITY, Html(GAMES)).into_response()
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, text)) => (SECURITY, [(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_only_assets_that_exist() {
        for name in ["style.css", "app.js"] {
            assert!(super::INDEX.contains(&format!("/assets/{name}")), "{name}");
        }
        for name in ["style.css", "games.js"] {
            assert!(super::GAMES.contains(&format!("/assets/{name}")), "{name}");
        }
        let texts = super::ASSETS.iter().map(|(_, _, t)| *t);
        for text in texts.chain([super::INDEX, super::GAMES]) {
            for part in text.split("/assets/").skip(1) {
                let name: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || "-._".contains(*c))
                    .collect();
                assert!(
                    super::ASSETS.iter().any(|(n, _, _)| *n == name),
                    "a reference to a missing asset: {name}"
                );
            }
        }
        for (_, _, text) in super::ASSETS {
            for part in text.split("from \"./").skip(1) {
                let name = part.split('"').next().unwrap_or("");
                assert!(
                    super::ASSETS.iter().any(|(n, _, _)| *n == name),
                    "an import of a missing asset: {name}"
                );
            }
        }
    }
}
