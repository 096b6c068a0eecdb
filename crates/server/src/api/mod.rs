//! The HTTP API: routes, their request and response types, and the web
//! client's pages and files (`crate::web`). Every `/api` route is behind [`guard`]; static paths are not
//! rate-limited (a browser loads many of them at once).

mod games;
pub mod guard;
mod stream;
pub mod ws;

use crate::context::{Context, Reach};
use crate::error::ApiError;
use crate::game::{ActError, Command};
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use std::sync::Arc;
use tokio::sync::oneshot;

/// The OpenAPI description of the API.
const OPENAPI: &str = include_str!("openapi.json");

/// The application.
pub fn router(ctx: Arc<Context>) -> Router {
    let body_limit = ctx.limits.body_bytes;
    let api = Router::new()
        .route("/api/games", post(games::create).get(games::list))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/boards", get(games::boards))
        .route("/api/games/{id}/stream", get(stream::game))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/games/{id}/join/{seat}", post(games::join))
        .route("/api/games/{id}/move/{mv}", post(games::play))
        .route("/api/games/{id}/resign", post(games::resign))
        .route("/api/games/{id}/draw/{answer}", post(games::draw))
        .route("/api/games/{id}/takeback/{answer}", post(games::takeback))
        .route("/api/games/{id}/rematch/{answer}", post(games::rematch))
        .route("/api/games/{id}/abort", post(games::abort))
        .route("/api/games/{id}/claim-draw", post(games::claim_draw))
        .route("/api/games/{id}/claim-win", post(games::claim_win))
        .route("/api/games/{id}/claim-victory", post(games::claim_victory))
        .route("/api/games/{id}/chat", post(games::chat))
        .route("/api/games/{id}/export", get(games::export))
        .route("/api/lobby", get(games::lobby))
        .route("/api/lobby/ws", get(ws::lobby))
        .route("/api/variants", get(games::variants))
        .route(
            "/api/openapi.json",
            get(|| async { ([("content-type", "application/json")], OPENAPI) }),
        )
        .route("/api", any(not_found))
        .route("/api/{*rest}", any(not_found))
        .layer(axum::middleware::from_fn_with_state(
            ctx.clone(),
            guard::guard,
        ))
        .layer(DefaultBodyLimit::max(body_limit));
    Router::new()
        .merge(api)
        .route("/healthz", get(health))
        .route("/", get(crate::web::index))
        .route("/game/{id}", get(crate::web::index))
        .fallback(crate::web::asset)
        .with_state(ctx)
}

async fn not_found() -> ApiError {
    ApiError::NotFound("no such API route (see /api/openapi.json)".into())
}

async fn health(
    axum::extract::State(ctx): axum::extract::State<Arc<Context>>,
) -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "ok": true,
        "live_games": ctx.games.len(),
        "bot_jobs": ctx.bots.queued(),
    }))
}

/// A JSON body whose errors are the API's JSON errors.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(JsonRejection::BytesRejection(_)) => Err(ApiError::TooLarge),
            Err(e) => Err(ApiError::BadRequest("bad-json", e.body_text())),
        }
    }
}

impl From<Reach> for ApiError {
    fn from(e: Reach) -> ApiError {
        match e {
            Reach::NotFound(_) => ApiError::NotFound(e.to_string()),
            Reach::Load(e) => ApiError::Storage(e.to_string()),
            Reach::Moving(_) => ApiError::Unavailable(e.to_string()),
        }
    }
}

impl From<ActError> for ApiError {
    fn from(e: ActError) -> ApiError {
        let code = e.code();
        let message = e.to_string();
        match e {
            ActError::NoToken => ApiError::NoToken,
            ActError::BadToken | ActError::NotYourTurn(_) | ActError::BadCode => {
                ApiError::Forbidden(code, message)
            }
            ActError::Illegal(_) => ApiError::BadRequest(code, message),
            ActError::Refused("chat-refused" | "bad-name", _) => {
                ApiError::BadRequest(code, message)
            }
            ActError::Over | ActError::NotStarted | ActError::Refused(..) | ActError::Stale(..) => {
                ApiError::Conflict(code, message)
            }
            ActError::Storage(_) => ApiError::Storage(message),
            ActError::Gone => ApiError::Unavailable(message),
        }
    }
}

/// Asks game `id` with the command `make` builds; a task that ended
/// between lookup and answer is loaded again once.
pub async fn ask<T>(
    ctx: &Arc<Context>,
    id: &str,
    make: impl Fn(oneshot::Sender<T>) -> Command,
) -> Result<T, ApiError> {
    for _ in 0..2 {
        let handle = ctx.game(id).await?;
        if let Some(answer) = handle.ask(&make).await {
            return Ok(answer);
        }
    }
    Err(ApiError::Unavailable(
        "the game is not available; try again".into(),
    ))
}
