//! The game routes: create, read, join, act, export, list.

use super::guard::bearer;
use super::{Body, ask};
use crate::context::Context;
use crate::error::ApiError;
use crate::game::actor::{StoredSeat, new_stored};
use crate::game::spec::{self, CreateRequest, SeatKind};
use crate::game::{Action, Auth, Command, Done};
use crate::secret;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;
use tetrarch_rules::AnyVariant;

/// The server's address as the client reached it, for links.
pub fn base_url(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.bytes().all(|b| b.is_ascii_graphic()))
        .unwrap_or("127.0.0.1:8080");
    let scheme = headers
        .get("x-forwarded-proto")
        .and_then(|h| h.to_str().ok())
        .filter(|p| *p == "https")
        .unwrap_or("http");
    format!("{scheme}://{host}")
}

/// One seat of the create answer.
#[derive(Serialize)]
struct CreatedSeat {
    seat: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    invite: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
}

/// `POST /api/games`.
pub async fn create(
    State(ctx): State<Arc<Context>>,
    headers: HeaderMap,
    Body(request): Body<CreateRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let checked =
        spec::check(&request).map_err(|e| ApiError::BadRequest(e.code(), e.to_string()))?;
    let id = secret::game_id();
    let base = base_url(&headers);
    let mut answer = Vec::new();
    let mut seats = Vec::new();
    for (i, (kind, seat)) in checked.kinds.iter().zip(checked.seats).enumerate() {
        let mut created = CreatedSeat {
            seat: i as u8,
            token: None,
            invite: None,
            code: None,
        };
        let mut stored = StoredSeat {
            spec: seat,
            token: None,
            invite: None,
        };
        match kind {
            SeatKind::Me => {
                let token = secret::token();
                stored.token = Some(secret::hash(&token));
                created.token = Some(token);
            }
            SeatKind::Open => {
                let code = secret::invite_code();
                stored.invite = Some(secret::hash(&code));
                created.invite = Some(format!("{base}/game/{id}?join={i}&code={code}"));
                created.code = Some(code);
            }
            SeatKind::Bot => {}
        }
        seats.push(stored);
        answer.push(created);
    }
    let open = checked.kinds.contains(&SeatKind::Open);
    let stored = new_stored(id.clone(), &checked.spec, &seats, open);
    ctx.store
        .create(&stored)
        .await
        .map_err(|e| ApiError::Storage(e.to_string()))?;
    crate::context::start_created(&ctx, &stored, checked.spec, checked.game, seats).await;
    tracing::info!(game = %id, variant = %stored.variant, "created");
    Ok((
        StatusCode::CREATED,
        Json(json!({"id": id, "url": format!("{base}/game/{id}"), "seats": answer})),
    ))
}

fn auth_of(headers: &HeaderMap) -> Auth {
    bearer(headers).map_or(Auth::None, Auth::Token)
}

/// `GET /api/games/{id}`: the full state (the token's seat's view).
pub async fn show(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let auth = auth_of(&headers);
    let state = ask(&ctx, &id, |reply| Command::State {
        auth: auth.clone(),
        reply,
    })
    .await??;
    Ok(Json(
        serde_json::to_value(*state).expect("state serialises"),
    ))
}

/// `GET /api/games/{id}/boards`: the board after every ply as the
/// token's seat (or a spectator) sees it, and the move that led there.
pub async fn boards(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let auth = auth_of(&headers);
    let plies = ask(&ctx, &id, |reply| Command::History {
        auth: auth.clone(),
        reply,
    })
    .await??;
    Ok(Json(plies))
}

/// The body of `POST .../join/{seat}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    code: String,
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/games/{id}/join/{seat}`.
pub async fn join(
    State(ctx): State<Arc<Context>>,
    Path((id, seat)): Path<(String, String)>,
    Body(request): Body<JoinRequest>,
) -> Result<Json<Value>, ApiError> {
    let seat: u8 = seat
        .parse()
        .map_err(|_| ApiError::BadRequest("bad-seat", format!("'{seat}' is not a seat number")))?;
    let token = ask(&ctx, &id, |reply| Command::Join {
        seat,
        code: request.code.clone(),
        name: request.name.clone(),
        reply,
    })
    .await??;
    Ok(Json(json!({"token": token, "seat": seat})))
}

/// Runs `action` as the seat of the request's token.
async fn act(
    ctx: &Arc<Context>,
    id: &str,
    headers: &HeaderMap,
    action: Action,
) -> Result<Json<Done>, ApiError> {
    let token = bearer(headers).ok_or(ApiError::NoToken)?;
    let done = ask(ctx, id, |reply| Command::Act {
        auth: Auth::Token(token.clone()),
        id: None,
        action: action.clone(),
        reply,
    })
    .await??;
    Ok(Json(done))
}

fn yes_no(answer: &str) -> Result<bool, ApiError> {
    match answer {
        "yes" => Ok(true),
        "no" => Ok(false),
        other => Err(ApiError::BadRequest(
            "bad-answer",
            format!("'{other}': expected yes or no"),
        )),
    }
}

/// `POST /api/games/{id}/move/{move}`.
pub async fn play(
    State(ctx): State<Arc<Context>>,
    Path((id, mv)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    if mv.is_empty() || mv.len() > 32 || !mv.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::BadRequest(
            "illegal-move",
            format!("'{mv}' is not a move"),
        ));
    }
    act(
        &ctx,
        &id,
        &headers,
        Action::Move {
            text: mv,
            ply: None,
        },
    )
    .await
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    act(&ctx, &id, &headers, Action::Resign).await
}

/// `POST /api/games/{id}/draw/{yes|no}`.
pub async fn draw(
    State(ctx): State<Arc<Context>>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    let yes = yes_no(&answer)?;
    act(&ctx, &id, &headers, Action::Draw(yes)).await
}

/// `POST /api/games/{id}/takeback/{yes|no}`.
pub async fn takeback(
    State(ctx): State<Arc<Context>>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    let yes = yes_no(&answer)?;
    act(&ctx, &id, &headers, Action::Takeback(yes)).await
}

/// `POST /api/games/{id}/rematch/{yes|no}`.
pub async fn rematch(
    State(ctx): State<Arc<Context>>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    let yes = yes_no(&answer)?;
    act(&ctx, &id, &headers, Action::Rematch(yes)).await
}

/// `POST /api/games/{id}/abort`.
pub async fn abort(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    act(&ctx, &id, &headers, Action::Abort).await
}

/// `POST /api/games/{id}/claim-draw`.
pub async fn claim_draw(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    act(&ctx, &id, &headers, Action::ClaimDraw).await
}

/// `POST /api/games/{id}/claim-win`.
pub async fn claim_win(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    act(&ctx, &id, &headers, Action::ClaimWin).await
}

/// `POST /api/games/{id}/claim-victory`.
pub async fn claim_victory(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Done>, ApiError> {
    act(&ctx, &id, &headers, Action::ClaimVictory).await
}

/// The body of `POST .../chat`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatRequest {
    text: String,
    #[serde(default)]
    room: Option<String>,
    #[serde(default)]
    to: Option<u8>,
}

/// `POST /api/games/{id}/chat`: players need their token; spectators
/// write in the spectators' room without one.
pub async fn chat(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<ChatRequest>,
) -> Result<Json<Done>, ApiError> {
    let auth = auth_of(&headers);
    let room = request.room.clone().unwrap_or_else(|| {
        if matches!(auth, Auth::None) {
            "spectators"
        } else {
            "players"
        }
        .to_string()
    });
    let done = ask(&ctx, &id, |reply| Command::Act {
        auth: auth.clone(),
        id: None,
        action: Action::Chat {
            room: room.clone(),
            to: request.to,
            text: request.text.clone(),
        },
        reply,
    })
    .await??;
    Ok(Json(done))
}

/// The query of `GET .../export`.
#[derive(Deserialize)]
pub struct ExportQuery {
    format: Option<String>,
}

/// `GET /api/games/{id}/export?format=pgn|pgn4|pdn|fen`: the record in the
/// variant's own format (its view's `record_format`), whichever record name
/// is given, or the position; as the token's seat (or a spectator) sees it.
pub async fn export(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    Query(query): Query<ExportQuery>,
    headers: HeaderMap,
) -> Result<impl IntoResponse, ApiError> {
    let auth = auth_of(&headers);
    let format = query.format.unwrap_or_default();
    let fen = match format.as_str() {
        "fen" | "fen4" => true,
        "" | "pgn" | "pgn4" | "pdn" => false,
        other => {
            return Err(ApiError::BadRequest(
                "bad-format",
                format!(
                    "unknown format '{other}': pgn, pgn4, pdn (the record) or fen (the position)"
                ),
            ));
        }
    };
    let text = ask(&ctx, &id, |reply| Command::Export {
        auth: auth.clone(),
        fen,
        reply,
    })
    .await??;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}

/// The query of `GET /api/games`.
#[derive(Deserialize)]
pub struct ListQuery {
    status: Option<String>,
    limit: Option<i64>,
}

/// `GET /api/games?status=...`: public games, newest first.
pub async fn list(
    State(ctx): State<Arc<Context>>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    let status = query.status.as_deref().filter(|s| !s.is_empty());
    if let Some(s) = status
        && !["created", "started", "finished", "aborted"].contains(&s)
    {
        return Err(ApiError::BadRequest(
            "bad-status",
            format!("unknown status '{s}': created, started, finished or aborted"),
        ));
    }
    let limit = query.limit.unwrap_or(50).clamp(1, 500);
    let games = ctx
        .store
        .list(status, limit)
        .await
        .map_err(|e| ApiError::Storage(e.to_string()))?;
    let games: Vec<Value> = games
        .iter()
        .map(|g| {
            json!({
                "id": g.id,
                "variant": g.variant,
                "status": g.status,
                "ply": g.ply,
                "outcome": g.outcome.as_deref().and_then(|o| serde_json::from_str::<Value>(o).ok()),
                "created_ms": g.created_ms,
                "updated_ms": g.updated_ms,
            })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/lobby`.
pub async fn lobby(State(ctx): State<Arc<Context>>) -> Json<Value> {
    Json(json!({ "games": ctx.lobby.list() }))
}

/// `GET /api/variants`: every built-in variant's view.
pub async fn variants() -> Json<Value> {
    let views: Vec<Value> = AnyVariant::builtin_names()
        .filter_map(|n| AnyVariant::builtin(n).ok())
        .map(|v| serde_json::to_value(v.view()).expect("views serialise"))
        .collect();
    Json(json!({ "variants": views }))
}
