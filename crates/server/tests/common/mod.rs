//! What the server's tests share: a real server on a real database file
//! (or PostgreSQL), WebSocket and HTTP clients on real sockets.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Duration;
use tetrarch_server::{Config, Limits, Server};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one message.
pub const WAIT: Duration = Duration::from_secs(20);

/// A directory removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "tetrarch-test-{name}-{}-{}",
            std::process::id(),
            tetrarch_server::secret::random_u64()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server on a fresh SQLite file.
pub struct TestServer {
    pub server: Option<Server>,
    pub base: String,
    pub db: String,
    pub dir: TempDir,
    pub http: reqwest::Client,
}

pub fn config(db: &str) -> Config {
    Config {
        listen: "127.0.0.1:0".into(),
        db: db.to_string(),
        bot_threads: 1,
        allowed_origins: Vec::new(),
        limits: Limits {
            http_per_sec: 0,
            ..Limits::default()
        },
        ..Config::default()
    }
}

impl TestServer {
    pub async fn start(name: &str) -> TestServer {
        let dir = TempDir::new(name);
        let db = format!("sqlite://{}", dir.0.join("games.db").display());
        TestServer::start_with(dir, config(&db)).await
    }

    pub async fn start_with(dir: TempDir, config: Config) -> TestServer {
        let db = config.db.clone();
        let server = Server::start(config).await.expect("server starts");
        let base = format!("http://{}", server.addr());
        TestServer {
            server: Some(server),
            base,
            db,
            dir,
            http: reqwest::Client::new(),
        }
    }

    pub async fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            server.shut_down().await.expect("clean shutdown");
        }
    }

    /// POST /api/games; panics unless 201.
    pub async fn create(&self, body: Value) -> Value {
        let response = self
            .http
            .post(format!("{}/api/games", self.base))
            .json(&body)
            .send()
            .await
            .expect("create");
        let status = response.status();
        let answer: Value = response.json().await.expect("json");
        assert_eq!(status, 201, "create answered {answer}");
        answer
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("get");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        let mut request = self.http.post(format!("{}{path}", self.base));
        if let Some(t) = token {
            request = request.bearer_auth(t);
        }
        if let Some(b) = body {
            request = request.json(&b);
        }
        let response = request.send().await.expect("post");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Takes seat `seat` of game `id` with its invite `code`.
    pub async fn join(&self, id: &str, seat: u8, code: &str) -> (u16, Value) {
        let path = format!("/api/games/{id}/join/{seat}");
        self.post(&path, None, Some(json!({"code": code}))).await
    }

    /// A socket on game `id`, said hello with `token`.
    pub async fn client(&self, id: &str, token: Option<&str>) -> (Client, Value) {
        Client::connect(&self.base, id, token, None).await
    }
}

/// A WebSocket client of one game.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub next_id: u64,
    /// The last version seen and the epoch.
    pub v: u64,
    pub epoch: u64,
    /// Every event received, in order.
    pub seen: Vec<Value>,
}

impl Client {
    /// Connects and says hello (`since`: the version and epoch it has).
    pub async fn connect(
        base: &str,
        id: &str,
        token: Option<&str>,
        since: Option<(u64, u64)>,
    ) -> (Client, Value) {
        let url = format!("{}/api/games/{id}/ws", base.replacen("http", "ws", 1));
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("ws connects");
        let mut client = Client {
            ws,
            next_id: 1,
            v: 0,
            epoch: 0,
            seen: Vec::new(),
        };
        let mut hello = json!({"t": "hello", "protocol": 1});
        if let Some(t) = token {
            hello["token"] = json!(t);
        }
        if let Some((v, epoch)) = since {
            hello["v"] = json!(v);
            hello["epoch"] = json!(epoch);
        }
        client.send(&hello).await;
        let first = client.recv().await;
        (client, first)
    }

    pub async fn send(&mut self, message: &Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    /// The next JSON message; `None` when the socket closed (with its code).
    pub async fn try_recv(&mut self) -> Result<Value, Option<u16>> {
        // One deadline for the whole wait: pings must not extend it.
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let message = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("a message within the wait");
            match message {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(&text).expect("server sends JSON");
                    if let Some(v) = value["v"].as_u64()
                        && value["t"] != "ack"
                    {
                        self.v = self.v.max(v);
                        if value["t"] != "full" {
                            self.seen.push(value.clone());
                        }
                    }
                    if let Some(e) = value["epoch"].as_u64() {
                        self.epoch = e;
                    }
                    return Ok(value);
                }
                Some(Ok(Message::Close(frame))) => return Err(frame.map(|f| u16::from(f.code))),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Err(None),
            }
        }
    }

    pub async fn recv(&mut self) -> Value {
        self.try_recv().await.expect("socket open")
    }

    /// Sends an action with a fresh id; returns the ack or error for it.
    pub async fn act(&mut self, mut message: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        message["id"] = json!(id);
        self.send(&message).await;
        self.answer(id).await
    }

    /// Waits for the ack or error of action `id`.
    pub async fn answer(&mut self, id: u64) -> Value {
        loop {
            let m = self.recv().await;
            if (m["t"] == "ack" || m["t"] == "error") && m["id"] == json!(id) {
                return m;
            }
        }
    }

    /// Waits for a message satisfying `want`.
    pub async fn wait_for(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.recv().await;
            if want(&m) {
                return m;
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The seat tokens of a create answer (`None` for open and bot seats).
pub fn tokens(created: &Value) -> Vec<Option<String>> {
    created["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["token"].as_str().map(String::from))
        .collect()
}

/// Checks every stored game of `db` replays to its stored result.
pub async fn verify_store(db: &str, ids: &[String]) {
    let store = tetrarch_server::store::Store::open(db)
        .await
        .expect("store opens");
    for id in ids {
        let game = store.game(id).await.expect("read").expect("stored");
        let actions = store.actions(id).await.expect("actions");
        tetrarch_server::game::replay::verify(&game, &actions)
            .unwrap_or_else(|e| panic!("stored game does not replay: {e}"));
    }
    store.close().await;
}
