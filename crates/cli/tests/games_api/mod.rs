//! The game API and its WebSocket as the process tests call them.

use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A client's socket to one game.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The next JSON message on `socket` (control frames skipped), or `None`
/// when it closed.
pub async fn next_json(socket: &mut Socket) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a message within 20 s")?;
        match message.ok()? {
            Message::Text(text) => return Some(serde_json::from_str(&text).expect("JSON")),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// `POST /api/games` on the server at `base`: a timed chess game whose
/// seats are all the creator's; its id and the seats' tokens.
pub async fn create_chess_game(http: &reqwest::Client, base: &str) -> (String, Vec<String>) {
    let body = json!({
        "variant": "chess",
        "clock": {"initial_ms": 300_000, "increment_ms": 0},
        "seats": [{"kind": "me"}, {"kind": "me"}],
    });
    let r = http
        .post(format!("{base}/api/games"))
        .json(&body)
        .send()
        .await
        .expect("POST /api/games");
    assert_eq!(r.status(), 201);
    let created: Value = r.json().await.expect("JSON");
    let tokens = created["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["token"].as_str().expect("token").to_string())
        .collect();
    (created["id"].as_str().expect("id").to_string(), tokens)
}
