//! A server stopped cleanly and started again on the same database goes
//! on with every unfinished game: moves, clocks, seats.

mod common;

use common::{TempDir, TestServer, config, tokens};
use serde_json::json;

#[tokio::test]
async fn a_restarted_server_resumes_unfinished_games_with_their_clocks() {
    let dir = TempDir::new("restart");
    let db = format!("sqlite://{}", dir.0.join("games.db").display());
    let mut server = TestServer::start_with(dir, config(&db)).await;
    let created = server
        .create(
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}],
                       "clock": {"initial_ms": 120000, "increment_ms": 0}}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let (mut w, _) = server.client(&id, t[0].as_deref()).await;
    let (mut b, _) = server.client(&id, t[1].as_deref()).await;
    for (i, mv) in ["e2e4", "e7e5", "g1f3", "b8c6"].iter().enumerate() {
        let c = if i % 2 == 0 { &mut w } else { &mut b };
        assert_eq!(c.act(json!({"t": "move", "move": mv})).await["t"], "ack");
    }
    let (_, before) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(before["running"], 0);
    // Shutting down sends a close frame to each socket.
    let stopping = server.stop();
    let until_closed = async {
        loop {
            if let Err(code) = w.try_recv().await {
                return code;
            }
        }
    };
    let (closed, _) = tokio::join!(until_closed, stopping);
    assert_eq!(closed, Some(1001));

    let dir = std::mem::replace(&mut server.dir, TempDir::new("unused"));
    let server = TestServer::start_with(dir, config(&db)).await;
    assert_eq!(server.server.as_ref().unwrap().resumed(), 1);
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["status"], "started");
    assert_eq!(after["running"], 0, "white's clock runs on");
    let left = after["clocks_ms"][0].as_i64().unwrap();
    // Time while the server was down is charged to nobody.
    assert!((100_000..=120_000).contains(&left), "{left}");
    let (mut w, _) = server.client(&id, t[0].as_deref()).await;
    assert_eq!(
        w.act(json!({"t": "move", "move": "f1c4"})).await["t"],
        "ack"
    );
}
