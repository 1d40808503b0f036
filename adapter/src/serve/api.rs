//! The routes of the web board: the page and its assets, and a small JSON API a page
//! uses to start a game, move, claim, call, offer, resign, download and upload PGN, and
//! follow Morphy's thinking (server-sent events). Each handler asks the game's session
//! and answers with the page's picture of the game ([`view::state`]).

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use engine::{Odds, PieceKind, RuleSet, Square};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::{Stream, StreamExt};

use super::game::{self, WebGame};
use super::guard::{guard, Allowed};
use super::params::{self, ParamError};
use super::shared::App;
use super::store::Slot;
use super::upload::{self, UploadError};
use super::{assets, history, think, view};

/// The largest request body taken, bytes (a PGN upload may be larger).
pub const BODY_LIMIT: usize = 64 * 1024;
/// The largest PGN upload taken, bytes.
pub const PGN_LIMIT: usize = 256 * 1024;

type Shared = State<Arc<App>>;

/// An answer with a status and a JSON body.
fn answer(status: StatusCode, body: Value) -> Response {
    (status, Json(body)).into_response()
}

/// An error in words.
fn error(status: StatusCode, words: &str) -> Response {
    answer(status, json!({ "error": words }))
}

fn no_game() -> Response {
    error(
        StatusCode::NOT_FOUND,
        "no such game: it ended long ago or was never started; start a new one",
    )
}

/// The router: the page, the API, the guard ([`guard`]) and the body limits.
pub fn router(app: Arc<App>, allowed: Allowed) -> Router {
    let api = Router::new()
        .route("/api/choices", get(choices))
        .route("/api/games", post(new_game))
        .route(
            "/api/games/pgn",
            post(upload).layer(DefaultBodyLimit::max(PGN_LIMIT)),
        )
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/pgn", get(download))
        .route("/api/games/{id}/moves", get(moves))
        .route("/api/games/{id}/move", post(person_moves))
        .route("/api/games/{id}/typed", post(person_types))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/call", post(call))
        .route("/api/games/{id}/offer", post(offer))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/undo", post(take_back))
        .route("/api/games/{id}/stop", post(stop))
        .route("/api/history", get(history::list))
        .route("/api/history/pgn", get(history::all_pgn))
        .route("/api/history/{id}", get(history::replay))
        .route("/api/history/{id}/evals", get(history::evals))
        .route("/api/history/{id}/pgn", get(history::one_pgn));
    Router::new()
        .route("/", get(assets::index))
        .route("/game/{id}", get(assets::index))
        .route("/games", get(assets::games))
        .route("/games/{id}", get(assets::games))
        .route("/assets/{file}", get(assets::asset))
        .merge(api)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
        .layer(middleware::from_fn_with_state(Arc::new(allowed), guard))
}

/// The game under `id` ([`Store::get`]: live, or opened again from the database); a
/// game opened again on Morphy's turn has it think again.
fn lookup(app: &App, id: &str) -> Option<Arc<Slot>> {
    let slot = app.store.get(id)?;
    think::start(id.to_string(), Arc::clone(&slot));
    Some(slot)
}

/// The state of a game, as JSON. A game that this ends (a clock run out) is written.
fn state_of(id: &str, slot: &Slot) -> Value {
    let mut g = slot.lock();
    let going = g.session.ending().is_none();
    let state = view::state(id, &mut g).to_json();
    if going && g.session.ending().is_some() {
        slot.keep(&mut g);
    }
    state
}

/// Opens a game, starts Morphy if it moves first, and answers with its state.
fn opened(app: &App, game: WebGame) -> Response {
    match app.store.insert(game) {
        Ok((id, slot)) => {
            let state = state_of(&id, &slot);
            think::start(id, slot);
            answer(StatusCode::CREATED, state)
        }
        Err(e) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!("no game id could be drawn: {e}"),
        ),
    }
}

/// `GET /api/choices`: what the new-game form offers: every odds of the engine's
/// catalogue with its words, every rule set, Morphy's levels.
async fn choices() -> Response {
    let odds: Vec<Value> = Odds::ALL
        .iter()
        .map(|o| json!({ "name": o.name(), "words": o.describe() }))
        .collect();
    let rules: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name()).collect();
    answer(
        StatusCode::OK,
        json!({
            "odds": odds,
            "rules": rules,
            "elo": { "min": params::ELO_RANGE.start(), "max": params::ELO_RANGE.end() },
        }),
    )
}

/// `POST /api/games` with the new-game parameters ([`params::read`]).
async fn new_game(State(app): Shared, Json(params): Json<BTreeMap<String, String>>) -> Response {
    let new = match params::read(&params, app.limit) {
        Ok(new) => new,
        Err(errors) => {
            for e in &errors {
                eprintln!("serve: new game refused: {e}");
            }
            return answer(StatusCode::BAD_REQUEST, errors_json(&errors));
        }
    };
    off_the_runtime(move || match WebGame::open(new) {
        Ok(game) => opened(&app, game),
        Err(refused) => {
            let lines: Vec<String> = refused.into();
            for l in &lines {
                eprintln!("serve: new game refused: {l}");
            }
            answer(StatusCode::UNPROCESSABLE_ENTITY, json!({ "errors": lines }))
        }
    })
    .await
}

/// Runs `work` — opening a game (its search table is allocated) or changing one (the
/// change is written to the database before the answer) — on the blocking pool, so that
/// no request waits behind another's work or its disk.
async fn off_the_runtime(work: impl FnOnce() -> Response + Send + 'static) -> Response {
    match tokio::task::spawn_blocking(work).await {
        Ok(answer) => answer,
        Err(e) => {
            eprintln!("serve: a request failed: {e}");
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the request failed inside the server; the game is as it was before it",
            )
        }
    }
}

#[derive(Deserialize)]
struct Upload {
    pgn: String,
    #[serde(default)]
    elo: Option<String>,
}

/// `{"errors": [...]}`, one line an error, for the page to show.
fn errors_json(errors: &[ParamError]) -> Value {
    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
    json!({ "errors": lines })
}

/// `POST /api/games/pgn`: resumes the first game of a PGN text, the person taking the
/// side to move ([`upload::resume`]).
async fn upload(State(app): Shared, Json(upload): Json<Upload>) -> Response {
    match upload::resume(&upload.pgn, upload.elo.as_deref(), app.limit) {
        Ok(game) => opened(&app, game),
        Err(UploadError::Refused(words)) => {
            eprintln!("serve: PGN refused: {words}");
            answer(
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({ "errors": [words] }),
            )
        }
        Err(UploadError::Params(errors)) => answer(StatusCode::BAD_REQUEST, errors_json(&errors)),
    }
}

/// `GET /api/games/{id}`.
async fn show(State(app): Shared, Path(id): Path<String>) -> Response {
    match lookup(&app, &id) {
        Some(slot) => answer(StatusCode::OK, state_of(&id, &slot)),
        None => no_game(),
    }
}

/// `GET /api/games/{id}/events`: `state` and `thinking` events as they come.
async fn events(
    State(app): Shared,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, Response> {
    let slot = lookup(&app, &id).ok_or_else(no_game)?;
    // Subscribed first, then the state now: nothing said in between is missed.
    let later = BroadcastStream::new(slot.events.subscribe()).filter_map(Result::ok);
    let now = super::store::Event {
        kind: "state",
        data: state_of(&id, &slot).to_string(),
    };
    let stream = tokio_stream::once(now)
        .chain(later)
        .map(|e| Ok(Event::default().event(e.kind).data(e.data)));
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// `GET /api/games/{id}/moves`: each move of the game with the position after it, for
/// the page to look back (view only).
async fn moves(State(app): Shared, Path(id): Path<String>) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    let g = slot.lock();
    answer(
        StatusCode::OK,
        json!({ "start": g.session.game().start().fen(), "moves": history::moves_of(&g) }),
    )
}

/// `GET /api/games/{id}/pgn`: the game so far as a PGN file.
async fn download(State(app): Shared, Path(id): Path<String>) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    let text = slot.lock().pgn();
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"morphy-game.pgn\"",
            ),
        ],
        text,
    )
        .into_response()
}

#[derive(Deserialize)]
struct MoveAsked {
    from: String,
    to: String,
    #[serde(default)]
    promotion: Option<String>,
}

/// `POST /api/games/{id}/move`: the person's move; refused with the engine's reason and
/// the law, the position unchanged.
async fn person_moves(
    State(app): Shared,
    Path(id): Path<String>,
    Json(asked): Json<MoveAsked>,
) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    let (Some(from), Some(to)) = (Square::parse(&asked.from), Square::parse(&asked.to)) else {
        return error(
            StatusCode::BAD_REQUEST,
            "a move names two squares, a1 to h8",
        );
    };
    let promotion = match asked.promotion.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) => match p.chars().next().and_then(PieceKind::from_char) {
            Some(kind) if p.len() == 1 && kind != PieceKind::King => Some(kind),
            _ => return error(StatusCode::BAD_REQUEST, "a promotion is q, r, b, n or p"),
        },
    };
    off_the_runtime(move || {
        let played = {
            let mut g = slot.lock();
            let played = g.person_moves(from, to, promotion);
            if played.is_ok() {
                slot.keep(&mut g);
            }
            played
        };
        moved(id, slot, played)
    })
    .await
}

#[derive(Deserialize)]
struct MoveTyped {
    text: String,
}

/// `POST /api/games/{id}/typed`: the person's move typed in SAN, UCI or descriptive
/// notation; refused as [`person_moves`] refuses.
async fn person_types(
    State(app): Shared,
    Path(id): Path<String>,
    Json(typed): Json<MoveTyped>,
) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    off_the_runtime(move || {
        let played = {
            let mut g = slot.lock();
            let played = g.person_types(&typed.text);
            if played.is_ok() {
                slot.keep(&mut g);
            }
            played
        };
        moved(id, slot, played)
    })
    .await
}

/// The answer to the person's move: the new state (Morphy starts thinking), or the
/// refusal with its law and the state unchanged.
fn moved(id: String, slot: Arc<Slot>, played: Result<engine::Move, game::Refusal>) -> Response {
    match played {
        Ok(_) => {
            let state = state_of(&id, &slot);
            slot.send("state", state.to_string());
            think::start(id, slot);
            answer(StatusCode::OK, state)
        }
        Err(refusal) => answer(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({
                "error": refusal.words,
                "law": refusal.law,
                "state": state_of(&id, &slot),
            }),
        ),
    }
}

/// The words of a refusal on Morphy's turn.
const NOT_YOUR_TURN: &str = "it is Morphy's turn: wait for its move";

/// Runs `act` on the person's turn, and answers with its words and the state.
fn on_persons_turn(
    app: &App,
    id: &str,
    act: impl FnOnce(&mut WebGame) -> Result<String, String>,
) -> Response {
    let Some(slot) = lookup(app, id) else {
        return no_game();
    };
    let said = {
        let mut g = slot.lock();
        if g.morphy_to_move() || g.searcher.is_none() {
            Err(NOT_YOUR_TURN.to_string())
        } else {
            let said = act(&mut g);
            slot.keep(&mut g);
            said
        }
    };
    said_with_state(id, &slot, said)
}

/// Sends the game's new state to its pages and answers with what was said (or why not)
/// and the state.
fn said_with_state(id: &str, slot: &Slot, said: Result<String, String>) -> Response {
    let state = state_of(id, slot);
    slot.send("state", state.to_string());
    match said {
        Ok(words) => answer(StatusCode::OK, json!({ "said": words, "state": state })),
        Err(words) => answer(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({ "error": words, "state": state }),
        ),
    }
}

/// `POST /api/games/{id}/claim`: a draw claimed, granted or refused with the law.
async fn claim(State(app): Shared, Path(id): Path<String>) -> Response {
    on_persons_turn(&app, &id, |g| {
        g.claim().map(|r| r.to_string()).map_err(|r| r.to_string())
    })
}

/// `POST /api/games/{id}/call`: the person calls to mate (Br. IV 12).
async fn call(State(app): Shared, Path(id): Path<String>) -> Response {
    on_persons_turn(&app, &id, |g| {
        g.call().map(|r| r.to_string()).map_err(|r| r.to_string())
    })
}

/// `POST /api/games/{id}/offer`: Morphy answers an offer of a draw after a short search.
async fn offer(State(app): Shared, Path(id): Path<String>) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    if slot.lock().morphy_to_move() {
        return error(StatusCode::UNPROCESSABLE_ENTITY, NOT_YOUR_TURN);
    }
    let Some(result) = think::short_search(&slot, false).await else {
        return error(StatusCode::UNPROCESSABLE_ENTITY, NOT_YOUR_TURN);
    };
    on_persons_turn(&app, &id, |g| {
        let accepted = g.offer(result.score);
        g.log
            .last()
            .cloned()
            .filter(|_| accepted)
            .ok_or_else(|| g.log.last().cloned().unwrap_or_default())
    })
}

/// `POST /api/games/{id}/hint`: the move Morphy at full strength would play for the
/// person, searched briefly; nothing changes.
async fn hint(State(app): Shared, Path(id): Path<String>) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    let waiting = {
        let mut g = slot.lock();
        g.morphy_to_move() || g.session.ending().is_some()
    };
    if waiting {
        return error(StatusCode::UNPROCESSABLE_ENTITY, NOT_YOUR_TURN);
    }
    let Some(result) = think::short_search(&slot, true).await else {
        return error(StatusCode::UNPROCESSABLE_ENTITY, NOT_YOUR_TURN);
    };
    let g = slot.lock();
    let pos = g.session.game().current();
    match result.best.filter(|&mv| pos.is_legal(mv)) {
        Some(mv) => answer(
            StatusCode::OK,
            json!({
                "from": mv.from().to_string(),
                "to": mv.to().to_string(),
                "san": pos.san(mv),
                "score": crate::play::score_text(result.score, crate::play::ScoreOf::Player),
            }),
        ),
        None => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "there is no move to suggest",
        ),
    }
}

/// `POST /api/games/{id}/resign`: the person resigns (at any time); Morphy stops.
async fn resign(State(app): Shared, Path(id): Path<String>) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    slot.stop_search();
    {
        let mut g = slot.lock();
        g.resign();
        slot.keep(&mut g);
    }
    let state = state_of(&id, &slot);
    slot.send("state", state.to_string());
    answer(StatusCode::OK, state)
}

/// `POST /api/games/{id}/undo`: the person takes back his last turn and Morphy's moves
/// since, even while Morphy thinks (its search stops and is forgotten).
async fn take_back(State(app): Shared, Path(id): Path<String>) -> Response {
    let Some(slot) = lookup(&app, &id) else {
        return no_game();
    };
    slot.stop_search();
    let said = {
        let mut g = slot.lock();
        let said = g.take_back().map_err(|why| why.to_string());
        if said.is_ok() {
            slot.keep(&mut g);
        }
        said
    };
    said_with_state(&id, &slot, said)
}

/// `POST /api/games/{id}/stop`: the page is closing; Morphy's search stops (it plays the
/// best move found so far).
async fn stop(State(app): Shared, Path(id): Path<String>) -> Response {
    match lookup(&app, &id) {
        Some(slot) => {
            slot.stop_search();
            StatusCode::NO_CONTENT.into_response()
        }
        None => no_game(),
    }
}
