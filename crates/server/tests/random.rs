//! Hundreds of random games of every kind of variant, with random
//! disconnects and reconnects, resignations and draw offers, played over
//! real sockets; afterwards every stored game replays through the kernel
//! to its stored result, and the live games agree with storage.

use crate::common;

use common::{Client, TestServer, tokens, verify_store};
use serde_json::{Value, json};

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const VARIANTS: &[&str] = &[
    "chess",
    "chess960",
    "euroshogi",
    "fourway-teams",
    "fourway-ffa",
    "fourway-original",
];

/// The latest state-bearing event a client has seen, if newer than `state`.
fn latest(client: &Client, state: Value) -> Value {
    client
        .seen
        .iter()
        .rev()
        .find(|e| ["move", "takeback", "state"].contains(&e["t"].as_str().unwrap_or("")))
        .filter(|e| e["v"].as_u64() > state["v"].as_u64())
        .cloned()
        .unwrap_or(state)
}

async fn one_game(base: String, http: reqwest::Client, seed: u64, max_plies: usize) -> String {
    let mut rng = Rng(seed | 1);
    let variant = VARIANTS[rng.below(VARIANTS.len())];
    let seats = if variant.starts_with("fourway") { 4 } else { 2 };
    let created: Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({"variant": variant, "seats": vec![json!({"kind": "me"}); seats], "public": false}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let mut clients = Vec::new();
    let mut full = Value::Null;
    for token in &t {
        let (c, f) = Client::connect(&base, &id, token.as_deref(), None).await;
        full = f;
        clients.push(Some(c));
    }
    let mut state = full;
    for _ in 0..max_plies {
        if state["status"] != "started" {
            break;
        }
        // Now and then a client drops and comes back with what it has.
        if rng.below(8) == 0 {
            let s = rng.below(seats);
            let c = clients[s].take().unwrap();
            let since = (c.v, c.epoch);
            let next_id = c.next_id;
            c.close().await;
            let (mut back, first) = Client::connect(&base, &id, t[s].as_deref(), Some(since)).await;
            // Action ids go on counting across reconnects.
            back.next_id = next_id;
            if first["t"] != "full" && first["t"] != "synced" {
                back.wait_for(|m| m["t"] == "synced").await;
            }
            clients[s] = Some(back);
        }
        let turn = state["turn"].as_u64().unwrap() as usize;
        let ply = state["ply"].as_u64().unwrap();
        let client = clients[turn].as_mut().unwrap();
        let roll = rng.below(100);
        let answer = if roll < 2 {
            client.act(json!({"t": "resign"})).await
        } else if roll < 4 {
            client.act(json!({"t": "draw", "accept": true})).await
        } else {
            let legal = state["legal"].as_array().unwrap();
            let mv = legal[rng.below(legal.len())]["uci"].clone();
            // Sometimes the same move twice (a resend).
            let first = client
                .act(json!({"t": "move", "move": mv, "ply": ply}))
                .await;
            if rng.below(10) == 0 {
                let again = client
                    .act(json!({"t": "move", "move": mv, "ply": ply}))
                    .await;
                assert_eq!(again["duplicate"], true, "{first} then {again}");
            }
            first
        };
        assert_eq!(answer["t"], "ack", "{variant} {id}: {answer}");
        // A draw offer changes no position: the same seat moves next.
        state = latest(client, state);
    }
    for c in clients.into_iter().flatten() {
        c.close().await;
    }
    id
}

async fn run(games: usize, max_plies: usize, parallel: usize) {
    let server = TestServer::start("random").await;
    let mut ids = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..games.div_ceil(parallel) {
        let mut tasks = Vec::new();
        for _ in 0..parallel {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            tasks.push(tokio::spawn(one_game(
                server.base.clone(),
                server.http.clone(),
                seed,
                max_plies,
            )));
        }
        for task in tasks {
            ids.push(task.await.expect("a game task"));
        }
    }
    // Live state and storage agree, and storage replays.
    for id in &ids {
        let (_, state) = server.get(&format!("/api/games/{id}")).await;
        let store = tetrarch_server::store::Store::open(&server.db)
            .await
            .unwrap();
        let stored = store.game(id).await.unwrap().unwrap();
        assert_eq!(
            state["status"].as_str(),
            Some(stored.status.as_str()),
            "{id}"
        );
        assert_eq!(state["ply"].as_i64(), Some(stored.ply), "{id}");
        store.close().await;
    }
    verify_store(&server.db, &ids).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_games_with_disconnects_leave_storage_consistent() {
    run(240, 30, 24).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: thousands of longer games"]
async fn many_long_random_games() {
    run(2000, 200, 50).await;
}
