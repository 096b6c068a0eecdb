//! The transcripts in docs/protocol.md are real: this test plays the same
//! session against a real server and checks that every message in the
//! document is what the server sends (with what varies from run to run,
//! such as times and boards, written as "…"). Run with
//! `TETRARCH_WRITE_TRANSCRIPT=1` to write the section anew.

use crate::common;

use common::{Client, TestServer, tokens};
use serde_json::{Value, json};
use std::fmt::Write;

const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
const BEGIN: &str = "<!-- transcript: begin -->";
const END: &str = "<!-- transcript: end -->";

/// Fields that differ between runs or are too long to read in a transcript.
const ELIDED: &[&str] = &[
    "variant_view",
    "legal",
    "board",
    "clocks_ms",
    "lag_ms",
    "created_ms",
    "start_fen",
    "epoch",
    "message",
];

fn normalise(value: &Value, game: &str) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let v = if ELIDED.contains(&k.as_str()) && !v.is_null() {
                        json!("…")
                    } else {
                        normalise(v, game)
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| normalise(v, game)).collect()),
        Value::String(s) if s == game => json!("GAME"),
        other => other.clone(),
    }
}

/// A transcript being recorded: `>` client to server, `<` server to client.
struct Transcript {
    game: String,
    text: String,
}

impl Transcript {
    fn heading(&mut self, title: &str) {
        let _ = write!(self.text, "\n#### {title}\n\n```text\n");
    }
    fn end(&mut self) {
        self.text.push_str("```\n");
    }
    fn line(&mut self, who: &str, seat: &str, message: &Value) {
        let message = normalise(message, &self.game);
        let _ = writeln!(self.text, "{who} {seat} {message}");
    }
    async fn send(&mut self, client: &mut Client, seat: &str, message: Value) {
        self.line(">", seat, &message);
        client.send(&message).await;
    }
    /// Connects `seat` with its token and says hello (`since`: the version
    /// and epoch it has); the hello is written down when `shown`.
    async fn hello(
        &mut self,
        server: &TestServer,
        seat: &str,
        token: &str,
        since: Option<(u64, u64)>,
        shown: bool,
    ) -> Client {
        let mut client = connect(server, &self.game).await;
        let mut hello = json!({"t": "hello", "protocol": 1, "token": "TOKEN"});
        if let Some((v, epoch)) = since {
            hello["v"] = json!(v);
            hello["epoch"] = json!(epoch);
        }
        if shown {
            self.line(">", seat, &hello);
        }
        hello["token"] = json!(token);
        client.send(&hello).await;
        client
    }

    /// Sends `message` and records the answers up to the first of type `until`.
    async fn exchange(&mut self, client: &mut Client, seat: &str, message: Value, until: &str) {
        self.send(client, seat, message).await;
        self.recv_until(client, seat, until).await;
    }

    async fn recv(&mut self, client: &mut Client, seat: &str) -> Value {
        let message = client.recv().await;
        self.line("<", seat, &message);
        message
    }
    async fn recv_until(&mut self, client: &mut Client, seat: &str, t: &str) -> Value {
        loop {
            let message = client.recv().await;
            // Other seats' connections come and go at their own pace.
            if message["t"] != "seats" || t == "seats" {
                self.line("<", seat, &message);
            }
            if message["t"] == t {
                return message;
            }
        }
    }
}

/// Waits until the server shows `seat` connected or not, so that the
/// events' versions do not depend on how fast a close is noticed.
async fn wait_connected(server: &TestServer, id: &str, seat: usize, connected: bool) {
    for _ in 0..400 {
        let (_, state) = server.get(&format!("/api/games/{id}")).await;
        if state["seats"][seat]["connected"] == connected {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("seat {seat} never became connected={connected}");
}

/// Connects without the helper's hello, so the transcript shows it.
async fn connect(server: &TestServer, id: &str) -> Client {
    let url = format!(
        "{}/api/games/{id}/ws",
        server.base.replacen("http", "ws", 1)
    );
    let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("ws");
    Client {
        ws,
        next_id: 1,
        v: 0,
        epoch: 0,
        seen: Vec::new(),
    }
}

async fn record() -> String {
    let server = TestServer::start("transcript").await;
    let created = server
        .create(
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}],
                       "clock": {"initial_ms": 300000, "increment_ms": 2000}}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let seat_tokens: Vec<String> = tokens(&created).into_iter().map(Option::unwrap).collect();
    let mut t = Transcript {
        game: id.clone(),
        text: String::new(),
    };

    t.heading("A player says hello and gets the full state");
    let mut white = t.hello(&server, "white", &seat_tokens[0], None, true).await;
    let full = t.recv(&mut white, "white").await;
    wait_connected(&server, &id, 0, true).await;
    let epoch = full["epoch"].as_u64().unwrap();
    t.end();

    t.heading("A move, its event and its ack; a refused move");
    t.exchange(
        &mut white,
        "white",
        json!({"t": "move", "id": 1, "move": "e2e4", "ply": 0}),
        "ack",
    )
    .await;
    t.exchange(
        &mut white,
        "white",
        json!({"t": "move", "id": 2, "move": "e7e5"}),
        "error",
    )
    .await;
    t.exchange(
        &mut white,
        "white",
        json!({"t": "move", "id": 1, "move": "e2e4", "ply": 0}),
        "ack",
    )
    .await;
    t.end();

    t.heading("Black plays while white is away; white comes back and gets what it missed");
    let seen = white.v;
    white.close().await;
    wait_connected(&server, &id, 0, false).await;
    let mut black = t
        .hello(&server, "black", &seat_tokens[1], None, false)
        .await;
    black.recv().await;
    wait_connected(&server, &id, 1, true).await;
    t.exchange(
        &mut black,
        "black",
        json!({"t": "move", "id": 1, "move": "e7e5", "ply": 1}),
        "ack",
    )
    .await;
    let mut white = t
        .hello(&server, "white", &seat_tokens[0], Some((seen, epoch)), true)
        .await;
    t.recv_until(&mut white, "white", "synced").await;
    wait_connected(&server, &id, 0, true).await;
    t.end();

    t.heading("A draw offered and accepted");
    t.exchange(
        &mut white,
        "white",
        json!({"t": "draw", "id": 3, "accept": true}),
        "ack",
    )
    .await;
    t.exchange(
        &mut black,
        "black",
        json!({"t": "draw", "id": 2, "accept": true}),
        "ack",
    )
    .await;
    t.end();
    t.text
}

#[tokio::test]
async fn the_transcripts_in_protocol_md_are_what_the_server_sends() {
    let recorded = record().await;
    let doc = std::fs::read_to_string(DOC).expect("docs/protocol.md");
    let (Some(begin), Some(end)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("docs/protocol.md has no {BEGIN} ... {END} section");
    };
    if std::env::var_os("TETRARCH_WRITE_TRANSCRIPT").is_some() {
        let text = format!("{}{BEGIN}\n{recorded}{}", &doc[..begin], &doc[end..]);
        std::fs::write(DOC, text).expect("write docs/protocol.md");
        return;
    }
    let written = doc[begin + BEGIN.len()..end].trim();
    assert_eq!(
        written,
        recorded.trim(),
        "the server's messages changed: run with TETRARCH_WRITE_TRANSCRIPT=1 and check the diff"
    );
}
