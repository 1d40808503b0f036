//! The person's games, as the history page (`/games`) shows them: the list from the
//! games' database, newest first and filtered by odds and result; one game laid out to
//! replay move by move; the PGN of one game or of all. Every game is rebuilt from its
//! record through the session ([`super::keep::Keeper::rebuild`]), so what the page
//! replays is what the engine rules, never text read back from the file.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::{Color, Odds};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::evals;
use super::game::WebGame;
use super::keep::Keeper;
use super::shared::App;
use crate::game_db::GameRecord;
use crate::games::facts::{outcome, Outcome};
use crate::games::filter::Filter;
use crate::games::standing::{standing, Standing};
use crate::ladder;

/// One game in the list.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Its id (its address is `/game/ID`, its replay `/games/ID`).
    pub id: String,
    /// When it began, seconds since 1970.
    pub created: i64,
    /// When it last changed, seconds since 1970.
    pub updated: i64,
    /// The odds' name.
    pub odds: String,
    /// The odds in words.
    pub odds_words: String,
    /// The rule set's name.
    pub rules: String,
    /// Morphy's level (`None`: full strength).
    pub level: Option<u32>,
    /// The person's colour.
    pub human: String,
    /// The time control, if timed.
    pub clock: Option<String>,
    /// How it went for the person: `won`, `drawn`, `lost` or `unfinished`.
    pub outcome: &'static str,
    /// The result (`1-0`, `0-1`, `1/2-1/2`), when over.
    pub result: Option<String>,
    /// Why, with the law, when over.
    pub reason: Option<String>,
    /// Its length in half-moves.
    pub plies: usize,
}

impl Row {
    /// The list's row for `record`.
    pub fn of(record: &GameRecord) -> Row {
        let odds_words = record
            .odds
            .parse::<Odds>()
            .map_or_else(|_| record.odds.clone(), Odds::describe);
        Row {
            id: record.id.clone(),
            created: record.created,
            updated: record.updated,
            odds: record.odds.clone(),
            odds_words,
            rules: record.rules.clone(),
            level: record.level,
            human: record.human.clone(),
            clock: record.clock.clone(),
            outcome: outcome(record).name(),
            result: record.result.clone(),
            reason: record.reason.clone(),
            plies: record.moves.len(),
        }
    }
}

/// The list's filters, from the address (`?odds=knight&result=won`; `all` or nothing:
/// no filter), read as `morphy games` reads its flags.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Asked {
    /// Only games at these odds (a name of the catalogue).
    #[serde(default)]
    pub odds: Option<String>,
    /// Only games that went so for the person.
    #[serde(default)]
    pub result: Option<String>,
}

impl Asked {
    /// The filter asked for: an unknown odds or result is refused in words.
    pub fn filter(&self) -> Result<Filter, String> {
        let given = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty() && *t != "all")
                .map(str::to_string)
        };
        Ok(Filter {
            odds: given(&self.odds)
                .map(|name| name.parse::<Odds>().map_err(|e| e.to_string()))
                .transpose()?,
            result: given(&self.result)
                .map(|words| words.parse::<Outcome>().map_err(|e| e.to_string()))
                .transpose()?,
        })
    }
}

type Shared = State<Arc<App>>;

/// A request that cannot be answered: its status and why, in words.
pub struct Refused(StatusCode, String);

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

fn refused(status: StatusCode, words: &str) -> Refused {
    Refused(status, words.to_string())
}

/// The database, or the answer that there is none.
fn keeper(app: &App) -> Result<&Arc<Keeper>, Refused> {
    app.store.keeper().ok_or_else(|| {
        refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "no games are kept: the server has no games' database (its console says why)",
        )
    })
}

/// Every stored game, newest first, and the filter asked for.
fn all_and_filter(app: &App, asked: &Asked) -> Result<(Vec<GameRecord>, Filter), Refused> {
    let keeper = keeper(app)?;
    let filter = asked
        .filter()
        .map_err(|words| refused(StatusCode::BAD_REQUEST, &words))?;
    let games = keeper.all().map_err(|e| {
        eprintln!("serve: {e}");
        refused(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string())
    })?;
    Ok((games, filter))
}

/// The stored games that pass the filter, newest first (those with neither a move nor
/// a result left out, [`Filter::keeps`]).
fn chosen(app: &App, asked: &Asked) -> Result<Vec<GameRecord>, Refused> {
    let (games, filter) = all_and_filter(app, asked)?;
    Ok(games.into_iter().filter(|g| filter.keeps(g)).collect())
}

/// How the person stands, from every game kept (whatever the filter): the results per
/// odds and level, the estimate of their strength and the next game to ask for, with
/// the new-game parameters that start it ([`crate::games::standing`]).
fn standing_json(all: &[GameRecord]) -> serde_json::Value {
    let Standing { estimate, next } = standing(all);
    let tally: Vec<serde_json::Value> = ladder::tally(all)
        .iter()
        .map(|t| {
            json!({
                "odds": t.odds.name(),
                "odds_words": t.odds.describe(),
                "level": t.level,
                "person_gives": t.person_gives,
                "won": t.won,
                "drawn": t.drawn,
                "lost": t.lost,
            })
        })
        .collect();
    json!({
        "estimate": estimate,
        "tally": tally,
        "suggestion": {
            "odds": next.odds.name(),
            "odds_words": next.odds.describe(),
            "level": next.level,
            "expected": next.expected,
            "params": {
                "odds": next.odds.name(),
                "elo": next.level.to_string(),
                // The person takes the odds; without odds, White.
                "color": if next.odds.giver().is_some() { "receiver" } else { "white" },
            },
        },
    })
}

/// `GET /api/history?odds=&result=`: the games that pass the filter, newest first,
/// where they are kept, and how the person stands.
pub async fn list(State(app): Shared, Query(asked): Query<Asked>) -> Response {
    let (stored, filter) = match all_and_filter(&app, &asked) {
        Ok(found) => found,
        Err(refusal) => return refusal.into_response(),
    };
    // The standing counts every game played; the list, those the filter keeps.
    let all: Vec<GameRecord> = stored
        .into_iter()
        .filter(|g| Filter::default().keeps(g))
        .collect();
    let rows: Vec<Row> = all
        .iter()
        .filter(|g| filter.keeps(g))
        .map(Row::of)
        .collect();
    let file = app.store.keeper().map(|k| k.path().display().to_string());
    let body = json!({ "games": rows, "file": file, "standing": standing_json(&all) });
    (StatusCode::OK, Json(body)).into_response()
}

/// One move of a replay.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayMove {
    /// Its number and the side's mark: `12.` for White, `12…` for Black.
    pub number: String,
    /// The move in SAN.
    pub san: String,
    /// The position after it, as FEN.
    pub fen: String,
    /// The square it left.
    pub from: String,
    /// The square it reached.
    pub to: String,
    /// The square of the King it checks, if any.
    pub check: Option<String>,
}

/// A game laid out to replay: its row, its start and each move with the position after.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// The list's row.
    pub row: Row,
    /// The game played, in words.
    pub game: String,
    /// The start, as FEN.
    pub start: String,
    /// The moves.
    pub moves: Vec<ReplayMove>,
}

/// Each move of `game` with the position after it.
pub fn moves_of(game: &WebGame) -> Vec<ReplayMove> {
    let played = game.session.game();
    let after = played.positions().iter().skip(1).chain([played.current()]);
    played
        .moves()
        .iter()
        .zip(played.positions())
        .zip(after)
        .map(|((&mv, before), after)| ReplayMove {
            number: match before.turn() {
                Color::White => format!("{}.", before.fullmove_number()),
                Color::Black => format!("{}…", before.fullmove_number()),
            },
            san: before.san(mv),
            fen: after.fen(),
            from: mv.from().to_string(),
            to: mv.to().to_string(),
            check: after
                .in_check()
                .then(|| after.king(after.turn()).to_string()),
        })
        .collect()
}

impl Replay {
    /// The replay of `game` (rebuilt from `record`).
    pub fn of(record: &GameRecord, game: &WebGame) -> Replay {
        let played = game.session.game();
        let moves = moves_of(game);
        Replay {
            row: Row::of(record),
            game: game.session.spec().to_string(),
            start: played.start().fen(),
            moves,
        }
    }
}

/// The stored game under `id`, rebuilt, with its record.
fn rebuilt(app: &App, id: &str) -> Result<(GameRecord, WebGame), Refused> {
    let keeper = keeper(app)?;
    let gone = || refused(StatusCode::NOT_FOUND, &format!("no game {id} is kept"));
    let record = keeper
        .load(id)
        .map_err(|e| refused(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()))?
        .ok_or_else(gone)?;
    let game = keeper
        .rebuild_record(&record)
        .map_err(|e| refused(StatusCode::UNPROCESSABLE_ENTITY, &e.to_string()))?;
    Ok((record, game))
}

/// `GET /api/history/{id}`: the game laid out to replay.
pub async fn replay(State(app): Shared, Path(id): Path<String>) -> Response {
    match rebuilt(&app, &id) {
        Ok((record, game)) => (StatusCode::OK, Json(Replay::of(&record, &game))).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// `GET /api/history/{id}/evals`: Morphy's evaluation of each position of the game,
/// from White's side ([`evals::along`]; searched once per length of the game, then kept).
pub async fn evals(State(app): Shared, Path(id): Path<String>) -> Response {
    let (record, game) = match rebuilt(&app, &id) {
        Ok(found) => found,
        Err(refusal) => return refusal.into_response(),
    };
    let plies = record.moves.len();
    let answer = |figures: Vec<Option<evals::Eval>>| {
        (
            StatusCode::OK,
            Json(json!({ "evals": figures, "nodes": evals::NODES })),
        )
            .into_response()
    };
    if let Some(kept) = app.evals.get(&id, plies) {
        return answer(kept);
    }
    let _one_at_a_time = app.evals.busy.lock().await;
    if let Some(kept) = app.evals.get(&id, plies) {
        return answer(kept);
    }
    match tokio::task::spawn_blocking(move || evals::along(&game)).await {
        Ok(figures) => {
            app.evals.put(&id, plies, figures.clone());
            answer(figures)
        }
        Err(e) => refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("the evaluation failed: {e}"),
        )
        .into_response(),
    }
}

/// A PGN file to save.
fn pgn_file(name: &str, text: String) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}

/// `GET /api/history/{id}/pgn`: the stored game as a PGN file.
pub async fn one_pgn(State(app): Shared, Path(id): Path<String>) -> Response {
    match rebuilt(&app, &id) {
        Ok((_, game)) => pgn_file("morphy-game.pgn", game.pgn()),
        Err(refusal) => refusal.into_response(),
    }
}

/// `GET /api/history/pgn?odds=&result=`: the games that pass the filter, newest first,
/// as one PGN file. A record that cannot be rebuilt is left out and told on the console.
pub async fn all_pgn(State(app): Shared, Query(asked): Query<Asked>) -> Response {
    let games = match chosen(&app, &asked) {
        Ok(games) => games,
        Err(refusal) => return refusal.into_response(),
    };
    let Ok(keeper) = keeper(&app) else {
        return refused(StatusCode::SERVICE_UNAVAILABLE, "no games are kept").into_response();
    };
    let mut text = String::new();
    for record in &games {
        match keeper.rebuild_record(record) {
            Ok(game) => {
                text.push_str(&game.pgn());
                text.push('\n');
            }
            Err(e) => eprintln!("serve: {e}"),
        }
    }
    pgn_file("morphy-games.pgn", text)
}

#[cfg(test)]
mod tests;
