//! A simulated player: one seat's WebSocket, speaking the game protocol
//! of `docs/protocol.md`. It says hello with its seat's token, and
//! whenever its seat is to move it thinks for a while (the pace, with
//! jitter so that games do not move in lockstep) and plays a random move
//! from the `legal` list the server sent. It records how long each of
//! the other seats' moves took from their `move` message to the `move`
//! event reaching it.

use super::stats::Stats;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{WebSocketStream, client_async_with_config};

/// What the seats of one game share: when the last move left its mover.
#[derive(Default)]
pub struct Sent {
    last: Mutex<Option<(u8, Instant)>>,
}

impl Sent {
    fn mark(&self, seat: u8) {
        if let Ok(mut last) = self.last.lock() {
            *last = Some((seat, Instant::now()));
        }
    }

    fn since(&self, seat: u8) -> Option<Duration> {
        let last = self.last.lock().ok()?;
        match *last {
            Some((s, at)) if s == seat => Some(at.elapsed()),
            _ => None,
        }
    }
}

/// How a seat's play ended.
#[derive(Debug, PartialEq, Eq)]
pub enum End {
    /// The game is over.
    Over,
    /// The socket closed or failed.
    Dropped,
    /// The server refused the seat's hello.
    Refused(String),
}

/// A player's settings.
#[derive(Clone, Copy)]
pub struct Pace {
    /// Mean thinking time before a move.
    pub think: Duration,
}

/// The fields of server messages a player reads (others are skipped).
#[derive(Deserialize)]
struct Incoming {
    t: String,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    turn: Option<u8>,
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    legal: Option<Vec<Legal>>,
    #[serde(default)]
    duplicate: Option<bool>,
    #[serde(default)]
    code: Option<String>,
}

#[derive(Deserialize)]
struct Legal {
    uci: String,
}

type Socket = WebSocketStream<TcpStream>;

/// Opens the socket of game `id` over `stream`.
pub async fn connect(stream: TcpStream, server: SocketAddr, id: &str) -> Result<Socket, String> {
    let url = format!("ws://{server}/api/games/{id}/ws");
    // Small buffers: the generator holds one socket per seat of every game.
    let config = WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0);
    let (socket, _) = client_async_with_config(url, stream, Some(config))
        .await
        .map_err(|e| format!("WebSocket handshake: {e}"))?;
    Ok(socket)
}

/// One seat's view of the game, enough to move.
struct Seat {
    me: u8,
    turn: Option<u8>,
    ply: usize,
    legal: Vec<String>,
    over: bool,
    next_id: u64,
    rng: u64,
}

/// Plays seat `me` with `token` until the game ends or the socket drops.
pub async fn play(
    mut socket: Socket,
    me: u8,
    token: &str,
    sent: Arc<Sent>,
    stats: Arc<Stats>,
    pace: Pace,
    seed: u64,
) -> End {
    let hello = serde_json::json!({"t": "hello", "protocol": 1, "token": token});
    if socket.send(Message::text(hello.to_string())).await.is_err() {
        return End::Dropped;
    }
    let mut seat = Seat {
        me,
        turn: None,
        ply: 0,
        legal: Vec::new(),
        over: false,
        next_id: 1,
        rng: seed | 1,
    };
    let mut move_at: Option<Instant> = None;
    loop {
        let wake = move_at.map(tokio::time::Instant::from_std);
        let message = tokio::select! {
            m = socket.next() => m,
            () = sleep_until(wake) => {
                move_at = None;
                if let Some(text) = seat.choose_move() {
                    sent.mark(me);
                    if socket.send(Message::text(text)).await.is_err() {
                        return End::Dropped;
                    }
                }
                continue;
            }
        };
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return End::Dropped,
            Some(Ok(_)) => continue,
        };
        let Ok(incoming) = serde_json::from_str::<Incoming>(&text) else {
            stats.count(&stats.errors);
            continue;
        };
        match seat.apply(&incoming, &sent, &stats) {
            Some(end) => return end,
            None if seat.over => return End::Over,
            None => {}
        }
        if seat.turn == Some(me) && !seat.legal.is_empty() && move_at.is_none() {
            move_at = Some(Instant::now() + seat.think(pace));
        }
    }
}

/// Sleeps until `at`, or forever without one.
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

impl Seat {
    /// Takes in one server message; `Some` when play ends here.
    fn apply(&mut self, m: &Incoming, sent: &Sent, stats: &Stats) -> Option<End> {
        match m.t.as_str() {
            "full" | "move" | "takeback" | "state" => {
                if m.t == "move"
                    && let Some(mover) = m.seat
                    && mover != self.me
                    && let Some(latency) = sent.since(mover)
                {
                    stats.latency(latency);
                }
                self.turn = m.turn;
                self.ply = m.ply.unwrap_or(self.ply);
                if let Some(legal) = &m.legal {
                    self.legal = legal.iter().map(|l| l.uci.clone()).collect();
                }
                self.over = matches!(m.status.as_deref(), Some("finished" | "aborted"));
            }
            "end" => self.over = true,
            "ack" if m.duplicate != Some(true) => stats.count(&stats.moves),
            "error" => {
                stats.count(&stats.errors);
                if matches!(m.code.as_deref(), Some("bad-token" | "protocol")) {
                    return Some(End::Refused(m.code.clone().unwrap_or_default()));
                }
            }
            _ => {}
        }
        None
    }

    /// The move message to send now, if the seat is still to move.
    fn choose_move(&mut self) -> Option<String> {
        if self.over || self.turn != Some(self.me) || self.legal.is_empty() {
            return None;
        }
        let pick = (self.random() % self.legal.len() as u64) as usize;
        let id = self.next_id;
        self.next_id += 1;
        let message = serde_json::json!({
            "t": "move", "id": id, "move": self.legal[pick], "ply": self.ply,
        });
        // The move is on its way: nothing more to play until the server's event.
        self.legal.clear();
        Some(message.to_string())
    }

    /// A thinking time, uniform in half to one and a half times the pace.
    fn think(&mut self, pace: Pace) -> Duration {
        let mean = pace.think.as_micros() as u64;
        if mean == 0 {
            return Duration::ZERO;
        }
        Duration::from_micros(mean / 2 + self.random() % mean.max(1))
    }

    /// splitmix64: random enough for choosing moves, and seedable.
    fn random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
