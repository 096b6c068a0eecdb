//! One game slot of the load: it creates a game through the HTTP API
//! with every seat the creator's (so it holds every seat's token),
//! connects a player to each seat, and when the game ends starts the next
//! one, so that the number of live games stays as asked.

use super::player::{self, End, Pace, Sent};
use super::sockets;
use super::stats::Stats;
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::Semaphore;

/// What every slot shares.
pub struct Load {
    /// The servers' addresses (the nodes of a cluster): a game is created
    /// on one, its seats connect to the next ones in turn.
    pub servers: Vec<SocketAddr>,
    /// HTTP clients, each bound to its own loopback source address.
    pub http: Vec<reqwest::Client>,
    /// The body of `POST /api/games`.
    pub create: serde_json::Value,
    /// Seats a game has.
    pub seats: u8,
    /// How players move.
    pub pace: Pace,
    /// Counters.
    pub stats: Arc<Stats>,
    /// Bounds how many games are being created and connected at once.
    pub ramp: Semaphore,
    /// Seed of the players' move choices.
    pub seed: u64,
}

/// Seats' sockets from one source address at most.
const SOCKETS_PER_ADDRESS: usize = 2000;

#[derive(Deserialize)]
struct Created {
    id: String,
    seats: Vec<CreatedSeat>,
}

#[derive(Deserialize)]
struct CreatedSeat {
    seat: u8,
    #[serde(default)]
    token: Option<String>,
}

/// Runs slot `index` until its task is aborted.
pub async fn run_slot(load: Arc<Load>, index: usize) {
    let mut first = true;
    let mut round: u64 = 0;
    loop {
        round += 1;
        match play_one(&load, index, round, &mut first).await {
            Ok(End::Over) => load.stats.count(&load.stats.finished),
            Ok(End::Dropped) => load.stats.count(&load.stats.dropped),
            Ok(End::Refused(code)) => {
                eprintln!("game slot {index}: the server refused a seat: {code}");
                load.stats.count(&load.stats.errors);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(e) => {
                eprintln!("game slot {index}: {e}");
                load.stats.count(&load.stats.errors);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Creates one game, plays all its seats, and says how the first seat to
/// stop playing stopped.
async fn play_one(
    load: &Arc<Load>,
    index: usize,
    round: u64,
    first: &mut bool,
) -> Result<End, String> {
    let permit = load.ramp.acquire().await.map_err(|e| e.to_string())?;
    let created = create(load, index).await?;
    let mut sockets = Vec::with_capacity(created.seats.len());
    for (k, seat) in created.seats.iter().enumerate() {
        let token = seat
            .token
            .clone()
            .ok_or_else(|| format!("seat {} came without a token", seat.seat))?;
        let from =
            sockets::source_address(index * usize::from(load.seats) + k, SOCKETS_PER_ADDRESS);
        let server = load.servers[(index + k) % load.servers.len()];
        let stream = sockets::connect_from(from, server)
            .await
            .map_err(|e| format!("connecting from {from}: {e}"))?;
        let socket = player::connect(stream, server, &created.id).await?;
        sockets.push((seat.seat, token, socket));
    }
    drop(permit);
    if std::mem::take(first) {
        load.stats.connected.fetch_add(1, Ordering::SeqCst);
    }
    let sent = Arc::new(Sent::default());
    let mut players = tokio::task::JoinSet::new();
    for (seat, token, socket) in sockets {
        let (sent, stats, pace) = (sent.clone(), load.stats.clone(), load.pace);
        let seed = load.seed ^ ((index as u64) << 20) ^ (round << 8) ^ u64::from(seat);
        players.spawn(
            async move { player::play(socket, seat, &token, sent, stats, pace, seed).await },
        );
    }
    let end = players
        .join_next()
        .await
        .and_then(Result::ok)
        .unwrap_or(End::Dropped);
    // The others see the same end; a dropped seat ends the game's round.
    players.abort_all();
    Ok(end)
}

/// `POST /api/games`, waiting out a rate limit.
async fn create(load: &Load, index: usize) -> Result<Created, String> {
    let http = &load.http[index % load.http.len()];
    let url = format!(
        "http://{}/api/games",
        load.servers[index % load.servers.len()]
    );
    for _ in 0..20 {
        let response = http
            .post(&url)
            .json(&load.create)
            .send()
            .await
            .map_err(|e| format!("POST /api/games: {e}"))?;
        let status = response.status();
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            let wait = response
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(1);
            tokio::time::sleep(Duration::from_secs(wait)).await;
            continue;
        }
        let body = response
            .text()
            .await
            .map_err(|e| format!("POST /api/games: {e}"))?;
        if !status.is_success() {
            return Err(format!("POST /api/games: {status}: {body}"));
        }
        return serde_json::from_str(&body)
            .map_err(|e| format!("POST /api/games answer: {e}: {body}"));
    }
    Err("POST /api/games: still rate-limited after 20 tries".into())
}
