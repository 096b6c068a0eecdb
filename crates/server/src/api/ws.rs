//! The WebSocket of a game (`/api/games/{id}/ws`) and of the lobby
//! (`/api/lobby/ws`). The protocol is in `docs/protocol.md`.

use super::guard::{Bucket, origin_allowed};
use crate::context::Context;
use crate::error::ApiError;
use crate::game::{Action, Auth, CatchUp, Command, GameHandle, Shape, Since, Subscription};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;

/// The protocol version this server speaks.
pub const PROTOCOL: u32 = 1;
/// Socket buffers: small, so ten thousand idle games stay cheap.
const BUFFER: usize = 4 * 1024;
/// Messages larger than this close the socket (1009); those between the
/// frame limit and this get an error reply.
const HARD_LIMIT: usize = 64 * 1024;
/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(10);
/// Pings unanswered before the socket counts as dead.
const PINGS_MISSED: u32 = 3;
/// How long a client has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(20);

/// A message from the client.
#[derive(Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
enum ClientMessage {
    Hello {
        #[serde(default)]
        protocol: Option<u32>,
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        v: Option<u64>,
        #[serde(default)]
        epoch: Option<u64>,
    },
    Move {
        id: u64,
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        ply: Option<usize>,
    },
    Resign {
        id: u64,
    },
    Draw {
        id: u64,
        accept: bool,
    },
    Takeback {
        id: u64,
        accept: bool,
    },
    Rematch {
        id: u64,
        accept: bool,
    },
    Abort {
        id: u64,
    },
    ClaimDraw {
        id: u64,
    },
    ClaimWin {
        id: u64,
    },
    ClaimVictory {
        id: u64,
    },
    Chat {
        id: u64,
        text: String,
        #[serde(default)]
        room: Option<String>,
        #[serde(default)]
        to: Option<u8>,
    },
    Ping {
        #[serde(default)]
        id: Option<u64>,
    },
    Shapes {
        shapes: Vec<Shape>,
    },
}

fn error(id: Option<u64>, code: &str, message: &str) -> String {
    json!({"t": "error", "id": id, "code": code, "message": message}).to_string()
}

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(ctx): State<Arc<Context>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    origin_allowed(&headers, &ctx.guard.origins)?;
    let handle = ctx.game(&id).await?;
    Ok(configure(ws).on_upgrade(move |socket| async move {
        Connection::new(ctx, handle, socket).run().await;
    }))
}

fn configure(ws: WebSocketUpgrade) -> WebSocketUpgrade {
    ws.read_buffer_size(BUFFER)
        .write_buffer_size(BUFFER)
        .max_write_buffer_size(HARD_LIMIT * 4)
        .max_message_size(HARD_LIMIT)
        .max_frame_size(HARD_LIMIT)
}

/// Counts a seat's connection as present until dropped.
struct Presence {
    handle: GameHandle,
    seat: u8,
}

impl Drop for Presence {
    fn drop(&mut self) {
        self.handle.send(Command::Leave { seat: self.seat });
    }
}

/// One game socket.
struct Connection {
    ctx: Arc<Context>,
    handle: GameHandle,
    socket: WebSocket,
    seat: Option<u8>,
    subscription: Option<Subscription>,
    presence: Option<Presence>,
    bucket: Bucket,
    strikes: u32,
    /// The last ping's send time and how many went unanswered.
    pinged: Option<Instant>,
    missed: u32,
    lag_ms: Option<f64>,
    started: Instant,
}

/// Why a socket ends.
enum End {
    /// The client closed or vanished.
    Gone,
    /// Close with this code and reason.
    Close(u16, &'static str),
}

impl Connection {
    fn new(ctx: Arc<Context>, handle: GameHandle, socket: WebSocket) -> Connection {
        let burst = ctx.limits.ws_burst;
        Connection {
            ctx,
            handle,
            socket,
            seat: None,
            subscription: None,
            presence: None,
            bucket: Bucket::full(burst),
            strikes: 0,
            pinged: None,
            missed: 0,
            lag_ms: None,
            started: Instant::now(),
        }
    }

    async fn run(mut self) {
        let end = self.serve().await;
        if let End::Close(code, reason) = end {
            let frame = CloseFrame {
                code,
                reason: Utf8Bytes::from_static(reason),
            };
            if self.socket.send(Message::Close(Some(frame))).await.is_ok() {
                // The closing handshake: read until the client's close, so
                // unread messages do not turn the close into a reset.
                let _ = tokio::time::timeout(Duration::from_secs(2), async {
                    while let Some(Ok(m)) = self.socket.recv().await {
                        if matches!(m, Message::Close(_)) {
                            break;
                        }
                    }
                })
                .await;
            }
        }
    }

    async fn send(&mut self, text: &str) -> Result<(), End> {
        self.socket
            .send(Message::Text(Utf8Bytes::from(text)))
            .await
            .map_err(|_| End::Gone)
    }

    async fn serve(&mut self) -> End {
        let mut shutdown = self.ctx.shutdown.clone();
        let mut ping =
            tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
        loop {
            let hello_late = self.subscription.is_none() && self.started.elapsed() > HELLO_WITHIN;
            if hello_late {
                return End::Close(close_code::POLICY, "no hello");
            }
            let step = tokio::select! {
                message = self.socket.recv() => self.on_message(message).await,
                event = next_event(&mut self.subscription) => self.on_event(event).await,
                _ = ping.tick() => self.ping().await,
                _ = shutdown.changed() => Err(End::Close(close_code::AWAY, "server shutting down")),
            };
            if let Err(end) = step {
                return end;
            }
        }
    }

    async fn ping(&mut self) -> Result<(), End> {
        if self.pinged.is_some() {
            self.missed += 1;
            if self.missed >= PINGS_MISSED {
                return Err(End::Close(close_code::AWAY, "no pong"));
            }
        }
        self.pinged = Some(Instant::now());
        self.socket
            .send(Message::Ping(axum::body::Bytes::from_static(b"tetrarch")))
            .await
            .map_err(|_| End::Gone)
    }

    fn pong(&mut self) {
        let Some(at) = self.pinged.take() else { return };
        self.missed = 0;
        let one_way = at.elapsed().as_secs_f64() * 500.0;
        let lag = match self.lag_ms {
            Some(old) => old * 0.7 + one_way * 0.3,
            None => one_way,
        };
        self.lag_ms = Some(lag);
        if let Some(seat) = self.seat {
            self.handle.send(Command::Lag {
                seat,
                ms: lag.round() as i64,
            });
        }
    }

    async fn on_message(
        &mut self,
        message: Option<Result<Message, axum::Error>>,
    ) -> Result<(), End> {
        let text = match message {
            None | Some(Err(_)) => {
                // An oversized message ends the socket inside the library.
                return Err(End::Gone);
            }
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Binary(_))) => {
                return self
                    .send(&error(None, "binary", "messages are JSON text"))
                    .await;
            }
            Some(Ok(Message::Pong(_))) => {
                self.pong();
                return Ok(());
            }
            Some(Ok(Message::Ping(_))) => return Ok(()),
            Some(Ok(Message::Close(_))) => return Err(End::Gone),
        };
        let limits = &self.ctx.limits;
        if self
            .bucket
            .take(limits.ws_per_sec, limits.ws_burst)
            .is_err()
        {
            self.strikes += 1;
            if self.strikes > limits.ws_flood_strikes {
                return Err(End::Close(close_code::POLICY, "flood"));
            }
            return self
                .send(&error(None, "rate-limited", "too many messages: slow down"))
                .await;
        }
        self.strikes = 0;
        if text.len() > limits.frame_bytes {
            let message = format!("messages are at most {} bytes", limits.frame_bytes);
            return self.send(&error(None, "too-large", &message)).await;
        }
        let message: ClientMessage = match serde_json::from_str(&text) {
            Ok(m) => m,
            Err(e) => {
                let id = serde_json::from_str::<serde_json::Value>(&text)
                    .ok()
                    .and_then(|v| v.get("id").and_then(|i| i.as_u64()));
                return self.send(&error(id, "malformed", &e.to_string())).await;
            }
        };
        self.on_client(message).await
    }

    async fn on_client(&mut self, message: ClientMessage) -> Result<(), End> {
        let (id, action) = match message {
            ClientMessage::Hello {
                protocol,
                token,
                v,
                epoch,
            } => return self.hello(protocol, token, v, epoch).await,
            ClientMessage::Ping { id } => {
                let lag = self.lag_ms.map(|l| l.round() as i64);
                let pong = json!({"t": "pong", "id": id, "lag_ms": lag}).to_string();
                return self.send(&pong).await;
            }
            ClientMessage::Shapes { shapes } => return self.shapes(shapes).await,
            ClientMessage::Move { id, mv, ply } => (id, Action::Move { text: mv, ply }),
            ClientMessage::Resign { id } => (id, Action::Resign),
            ClientMessage::Draw { id, accept } => (id, Action::Draw(accept)),
            ClientMessage::Takeback { id, accept } => (id, Action::Takeback(accept)),
            ClientMessage::Rematch { id, accept } => (id, Action::Rematch(accept)),
            ClientMessage::Abort { id } => (id, Action::Abort),
            ClientMessage::ClaimDraw { id } => (id, Action::ClaimDraw),
            ClientMessage::ClaimWin { id } => (id, Action::ClaimWin),
            ClientMessage::ClaimVictory { id } => (id, Action::ClaimVictory),
            ClientMessage::Chat { id, text, room, to } => {
                let room = room.unwrap_or_else(|| {
                    if self.seat.is_some() {
                        "players"
                    } else {
                        "spectators"
                    }
                    .to_string()
                });
                (id, Action::Chat { room, to, text })
            }
        };
        if self.subscription.is_none() {
            return self
                .send(&error(Some(id), "hello-first", "say hello first"))
                .await;
        }
        let auth = self.seat.map_or(Auth::None, Auth::Seat);
        let answer = self
            .handle
            .ask(|reply| Command::Act {
                auth,
                id: Some(id),
                action,
                reply,
            })
            .await;
        // The events the action caused go out before its answer.
        self.flush_events().await?;
        let reply = match answer {
            Some(Ok(done)) => json!({
                "t": "ack", "id": id, "v": done.v, "ply": done.ply, "duplicate": done.duplicate,
            })
            .to_string(),
            Some(Err(e)) => error(Some(id), e.code(), &e.to_string()),
            None => return Err(End::Close(close_code::AWAY, "game closed")),
        };
        self.send(&reply).await
    }

    /// Arrows and circles for the partners; no answer unless refused.
    async fn shapes(&mut self, shapes: Vec<Shape>) -> Result<(), End> {
        let Some(seat) = self.seat.filter(|_| self.subscription.is_some()) else {
            let message = "only a player who said hello shares arrows";
            return self.send(&error(None, "not-a-player", message)).await;
        };
        if let Err(e) = crate::game::shapes::check(&shapes) {
            return self.send(&error(None, "bad-shapes", &e.to_string())).await;
        }
        let answer = self
            .handle
            .ask(|reply| Command::Shapes {
                seat,
                shapes,
                reply,
            })
            .await;
        match answer {
            Some(Ok(0)) => {
                let message = "this seat has no partner to share arrows with";
                self.send(&error(None, "no-partner", message)).await
            }
            Some(_) => Ok(()),
            None => Err(End::Close(close_code::AWAY, "game closed")),
        }
    }

    async fn hello(
        &mut self,
        protocol: Option<u32>,
        token: Option<String>,
        v: Option<u64>,
        epoch: Option<u64>,
    ) -> Result<(), End> {
        if self.subscription.is_some() {
            return self
                .send(&error(None, "hello-again", "hello was said already"))
                .await;
        }
        if protocol.is_some_and(|p| p != PROTOCOL) {
            let message = format!("this server speaks protocol {PROTOCOL}");
            self.send(&error(None, "protocol", &message)).await?;
            return Err(End::Close(close_code::PROTOCOL, "protocol version"));
        }
        let auth = token.map_or(Auth::None, Auth::Token);
        let since = match (v, epoch) {
            (Some(v), Some(epoch)) => Some(Since { epoch, v }),
            _ => None,
        };
        let answer = self
            .handle
            .ask(|reply| Command::Subscribe {
                auth,
                since,
                presence: true,
                reply,
            })
            .await;
        let subscription = match answer {
            Some(Ok(s)) => s,
            Some(Err(e)) => return self.send(&error(None, e.code(), &e.to_string())).await,
            None => return Err(End::Close(close_code::AWAY, "game closed")),
        };
        self.seat = subscription.seat;
        if let Some(seat) = self.seat {
            self.presence = Some(Presence {
                handle: self.handle.clone(),
                seat,
            });
        }
        let epoch = subscription.epoch;
        let before = self.subscription.replace(subscription);
        debug_assert!(before.is_none());
        let sub = self.subscription.as_mut().expect("just set");
        match std::mem::replace(&mut sub.catch_up, CatchUp::Events(Vec::new())) {
            CatchUp::Full(state) => self.send_full(*state).await,
            CatchUp::Events(events) => {
                let mut last = v.unwrap_or(0);
                for event in events {
                    self.send(&event).await?;
                    last = last.max(event_v(&event));
                }
                let synced = json!({"t": "synced", "v": last, "epoch": epoch, "you": self.seat});
                self.send(&synced.to_string()).await
            }
        }
    }

    /// Sends the events already waiting.
    async fn flush_events(&mut self) -> Result<(), End> {
        loop {
            let Some(sub) = self.subscription.as_mut() else {
                return Ok(());
            };
            match sub.events.try_recv() {
                Ok(event) => self.on_event(Ok(event)).await?,
                Err(tokio::sync::broadcast::error::TryRecvError::Lagged(n)) => {
                    self.on_event(Err(RecvError::Lagged(n))).await?
                }
                Err(_) => return Ok(()),
            }
        }
    }

    async fn send_full(&mut self, mut value: serde_json::Value) -> Result<(), End> {
        value["t"] = json!("full");
        self.send(&value.to_string()).await
    }

    async fn on_event(
        &mut self,
        event: Result<Arc<crate::game::event::Event>, RecvError>,
    ) -> Result<(), End> {
        match event {
            Ok(event) => match event.for_viewer(self.seat) {
                Some(json) => {
                    let json = json.clone();
                    self.send(&json).await
                }
                None => Ok(()),
            },
            Err(RecvError::Lagged(_)) => {
                // Too far behind for the events: the full state instead.
                let auth = self.seat.map_or(Auth::None, Auth::Seat);
                match self
                    .handle
                    .ask(|reply| Command::State { auth, reply })
                    .await
                {
                    Some(Ok(state)) => self.send_full(*state).await,
                    _ => Err(End::Close(close_code::AWAY, "game closed")),
                }
            }
            Err(RecvError::Closed) => Err(End::Close(close_code::AWAY, "game closed")),
        }
    }
}

/// The version of an event's JSON.
fn event_v(json: &str) -> u64 {
    serde_json::from_str::<serde_json::Value>(json)
        .ok()
        .and_then(|v| v.get("v").and_then(|v| v.as_u64()))
        .unwrap_or(0)
}

async fn next_event(
    subscription: &mut Option<Subscription>,
) -> Result<Arc<crate::game::event::Event>, RecvError> {
    match subscription {
        Some(s) => s.events.recv().await,
        None => std::future::pending().await,
    }
}

/// `GET /api/lobby/ws`: the lobby's games now and at every change.
pub async fn lobby(
    State(ctx): State<Arc<Context>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    origin_allowed(&headers, &ctx.guard.origins)?;
    Ok(configure(ws).on_upgrade(move |socket| lobby_socket(ctx, socket)))
}

async fn lobby_socket(ctx: Arc<Context>, mut socket: WebSocket) {
    let mut changes = ctx.lobby.watch();
    let mut shutdown = ctx.shutdown.clone();
    loop {
        let games = ctx.lobby.list();
        let message = json!({"t": "lobby", "games": games}).to_string();
        if socket.send(Message::Text(message.into())).await.is_err() {
            return;
        }
        // Changes come in bursts; one list every quarter second is enough.
        tokio::time::sleep(Duration::from_millis(250)).await;
        loop {
            tokio::select! {
                changed = changes.changed() => {
                    if changed.is_err() { return; }
                    break;
                }
                message = socket.recv() => match message {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    _ => {}
                },
                _ = shutdown.changed() => {
                    let frame = CloseFrame { code: close_code::AWAY, reason: "server shutting down".into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    return;
                }
            }
        }
    }
}
