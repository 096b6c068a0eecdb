//! `GET /api/games/{id}/stream`: NDJSON for bots and scripts, as the
//! lichess Board API streams a game: a `gameFull` line, a `gameState` line
//! at every change of the position or result, other events as lines of
//! their own type (`offers`, `seats`, `chatLine`, `rematch`), and an empty
//! line every few seconds to keep the connection alive.

use super::ask;
use super::guard::bearer;
use crate::context::Context;
use crate::error::ApiError;
use crate::game::event::Event;
use crate::game::{Auth, CatchUp, Command, GameHandle, Subscription};
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// An empty line this often when nothing happens.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// What the stream carries between lines.
struct Feed {
    handle: GameHandle,
    subscription: Subscription,
    seat: Option<u8>,
    moves: Vec<String>,
    /// The last known state line's fields.
    state: Value,
    out: VecDeque<String>,
    done: bool,
    shutdown: tokio::sync::watch::Receiver<bool>,
}

impl Drop for Feed {
    fn drop(&mut self) {
        if let Some(seat) = self.seat {
            self.handle.send(Command::Leave { seat });
        }
    }
}

/// The `gameFull` line of a full state (a `FullState` as JSON), the
/// moves, and the `gameState` it starts from.
fn full_line(state: &Value) -> (String, Vec<String>, Value) {
    let mut value = state.clone();
    value["type"] = json!("gameFull");
    let mut st = json!({"type": "gameState"});
    for key in [
        "v",
        "ply",
        "moves",
        "turn",
        "clocks_ms",
        "status",
        "outcome",
        "legal",
    ] {
        st[key] = state[key].clone();
    }
    let moves = state["moves"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|m| m.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    (value.to_string(), moves, st)
}

impl Feed {
    /// The lines an event makes.
    fn on_event(&mut self, event: &Event) {
        let Some(json) = event.for_viewer(self.seat) else {
            return;
        };
        let Ok(mut value) = serde_json::from_str::<Value>(json) else {
            return;
        };
        match event.kind {
            "move" | "takeback" | "state" | "end" => {
                if event.kind == "move"
                    && let Some(m) = value["uci"].as_str()
                {
                    self.moves.push(m.to_string());
                }
                if event.kind == "takeback"
                    && let Some(moves) = value["moves"].as_array()
                {
                    self.moves = moves
                        .iter()
                        .filter_map(|m| m.as_str().map(String::from))
                        .collect();
                }
                for key in [
                    "v",
                    "ply",
                    "turn",
                    "clocks_ms",
                    "status",
                    "outcome",
                    "legal",
                ] {
                    if let Some(x) = value.get(key) {
                        self.state[key] = x.clone();
                    }
                }
                self.state["moves"] = json!(self.moves);
                self.out.push_back(self.state.to_string());
            }
            other => {
                value["type"] = json!(if other == "chat" { "chatLine" } else { other });
                if let Some(map) = value.as_object_mut() {
                    map.remove("t");
                }
                self.out.push_back(value.to_string());
            }
        }
    }

    async fn next_line(&mut self) -> Option<String> {
        loop {
            if let Some(line) = self.out.pop_front() {
                return Some(line + "\n");
            }
            if self.done {
                return None;
            }
            let received = tokio::select! {
                r = tokio::time::timeout(KEEP_ALIVE, self.subscription.events.recv()) => r,
                _ = self.shutdown.changed() => return None,
            };
            match received {
                Err(_) => return Some("\n".into()),
                Ok(Ok(event)) => self.on_event(&event),
                Ok(Err(RecvError::Lagged(_))) => {
                    let auth = self.seat.map_or(Auth::None, Auth::Seat);
                    match self
                        .handle
                        .ask(|reply| Command::State { auth, reply })
                        .await
                    {
                        Some(Ok(state)) => {
                            let (line, moves, st) = full_line(&state);
                            self.moves = moves;
                            self.state = st;
                            self.out.push_back(line);
                        }
                        _ => self.done = true,
                    }
                }
                Ok(Err(RecvError::Closed)) => self.done = true,
            }
        }
    }
}

/// `GET /api/games/{id}/stream`.
pub async fn game(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let auth = bearer(&headers).map_or(Auth::None, Auth::Token);
    let mut subscription = ask(&ctx, &id, |reply| Command::Subscribe {
        auth: auth.clone(),
        since: None,
        presence: true,
        reply,
    })
    .await??;
    let handle = ctx.game(&id).await?;
    let CatchUp::Full(state) =
        std::mem::replace(&mut subscription.catch_up, CatchUp::Events(Vec::new()))
    else {
        unreachable!("a subscription without a version gets the full state")
    };
    let (line, moves, st) = full_line(&state);
    let feed = Feed {
        handle,
        seat: subscription.seat,
        subscription,
        moves,
        state: st,
        out: VecDeque::from([line]),
        done: false,
        shutdown: ctx.shutdown.clone(),
    };
    let stream = futures_util::stream::unfold(feed, |mut feed| async move {
        let line = feed.next_line().await?;
        Some((Ok::<Bytes, Infallible>(Bytes::from(line)), feed))
    });
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response())
}
