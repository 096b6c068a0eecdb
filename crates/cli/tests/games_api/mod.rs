//! The game API as the process tests call it.

use serde_json::{Value, json};

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
