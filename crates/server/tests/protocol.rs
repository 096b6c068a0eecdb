//! The protocol's guarantees on real sockets: reconnecting clients get
//! exactly the events they missed; tokens guard every action; malformed,
//! oversized, out-of-turn, duplicate and flood messages get an error or an
//! ack and change nothing.

use crate::common;

use common::{Client, TestServer, tokens};
use serde_json::{Value, json};

async fn two_seat_game(server: &TestServer) -> (String, String, String) {
    let created = server
        .create(json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}]}))
        .await;
    let t = tokens(&created);
    (
        created["id"].as_str().unwrap().to_string(),
        t[0].clone().unwrap(),
        t[1].clone().unwrap(),
    )
}

#[tokio::test]
async fn a_reconnecting_client_gets_exactly_the_events_it_missed() {
    let server = TestServer::start("reconnect").await;
    let (id, white, black) = two_seat_game(&server).await;
    let (mut w, _) = server.client(&id, Some(&white)).await;
    let (mut b, _) = server.client(&id, Some(&black)).await;
    let (mut steady, _) = server.client(&id, None).await;
    let (mut leaver, _) = server.client(&id, None).await;
    w.act(json!({"t": "move", "move": "e2e4"})).await;
    leaver.wait_for(|m| m["t"] == "move").await;
    steady.wait_for(|m| m["t"] == "move").await;
    let (v, epoch) = (leaver.v, leaver.epoch);
    let seen_before = steady.seen.len();
    leaver.close().await;

    for (white, action) in [
        (false, json!({"t": "move", "move": "e7e5"})),
        (true, json!({"t": "draw", "accept": true})),
        (true, json!({"t": "move", "move": "g1f3"})),
        (false, json!({"t": "move", "move": "g8f6"})),
    ] {
        let c = if white { &mut w } else { &mut b };
        let answer = c.act(action).await;
        assert_eq!(answer["t"], "ack", "{answer}");
    }
    steady.wait_for(|m| m["t"] == "move" && m["ply"] == 4).await;
    let missed: Vec<Value> = steady.seen[seen_before..].to_vec();

    let (mut back, first) = Client::connect(&server.base, &id, None, Some((v, epoch))).await;
    let mut replayed = vec![first];
    loop {
        let m = back.recv().await;
        if m["t"] == "synced" {
            assert_eq!(m["v"].as_u64(), missed.last().and_then(|e| e["v"].as_u64()));
            break;
        }
        replayed.push(m);
    }
    assert_eq!(replayed, missed, "the missed events, exactly and in order");
    assert!(missed.iter().any(|e| e["t"] == "offers"));

    // An unknown epoch gets the full state.
    let (_, first) = Client::connect(&server.base, &id, None, Some((v, epoch + 1))).await;
    assert_eq!(first["t"], "full");
    assert_eq!(first["ply"], 4);
}

#[tokio::test]
async fn without_the_seats_token_nobody_moves_resigns_or_offers() {
    let server = TestServer::start("tokens").await;
    let (id, white, black) = two_seat_game(&server).await;
    let other = two_seat_game(&server).await.1;
    for path in [
        "move/e2e4",
        "resign",
        "draw/yes",
        "takeback/yes",
        "abort",
        "claim-draw",
    ] {
        let path = format!("/api/games/{id}/{path}");
        let (status, body) = server.post(&path, None, None).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (401, Some("no-token")),
            "{path}"
        );
        let (status, body) = server.post(&path, Some(&other), None).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (403, Some("bad-token")),
            "{path}"
        );
        let (status, _) = server.post(&path, Some("not-a-token"), None).await;
        assert_eq!(status, 403, "{path}");
    }
    // Black's token cannot move for white.
    let (status, body) = server
        .post(&format!("/api/games/{id}/move/e2e4"), Some(&black), None)
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (403, Some("not-your-turn"))
    );
    // A spectator's socket cannot act.
    let (mut spectator, _) = server.client(&id, None).await;
    for action in [
        json!({"t": "move", "move": "e2e4"}),
        json!({"t": "resign"}),
        json!({"t": "draw", "accept": true}),
    ] {
        let answer = spectator.act(action).await;
        assert_eq!(answer["code"], "no-token", "{answer}");
    }
    let (_, mut bad) = server.client(&id, Some(&other)).await;
    assert_eq!(bad["code"], "bad-token");
    bad = server.get(&format!("/api/games/{id}")).await.1;
    assert_eq!(
        (bad["ply"].as_u64(), bad["status"].as_str()),
        (Some(0), Some("started"))
    );
    assert!(bad["outcome"].is_null() && bad["offers"]["draw"] == json!([]));
    // Tokens never show in any view.
    let text = bad.to_string();
    assert!(!text.contains(&white) && !text.contains(&black));
    // With the token it works.
    let (status, _) = server
        .post(&format!("/api/games/{id}/move/e2e4"), Some(&white), None)
        .await;
    assert_eq!(status, 200);
    let (status, body) = server
        .post(&format!("/api/games/{id}/move/e2e4"), Some(&black), None)
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("illegal-move"))
    );
}

#[tokio::test]
async fn bad_messages_get_errors_duplicates_acks_and_floods_a_close() {
    let server = TestServer::start("bad-messages").await;
    let (id, white, _) = two_seat_game(&server).await;
    let (mut w, _) = server.client(&id, Some(&white)).await;
    w.send_text("this is not json".into()).await;
    assert_eq!(w.recv().await["code"], "malformed");
    w.send(&json!({"t": "teleport", "id": 1})).await;
    let e = w.recv().await;
    assert_eq!(
        (e["code"].as_str(), e["id"].as_u64()),
        (Some("malformed"), Some(1))
    );
    w.send_text(format!(
        "{{\"t\":\"chat\",\"id\":2,\"text\":\"{}\"}}",
        "x".repeat(9000)
    ))
    .await;
    assert_eq!(w.recv().await["code"], "too-large");
    let e = w.act(json!({"t": "move", "move": "e2e5"})).await;
    assert_eq!(e["code"], "illegal-move");
    let e = w.act(json!({"t": "move", "move": "e7e5"})).await;
    assert_eq!(e["code"], "illegal-move");

    // The same action id twice: applied once, acked twice.
    w.send(&json!({"t": "move", "id": 100, "move": "e2e4"}))
        .await;
    let first = w.answer(100).await;
    w.send(&json!({"t": "move", "id": 100, "move": "e2e4"}))
        .await;
    let second = w.answer(100).await;
    assert_eq!(
        (first["duplicate"].as_bool(), second["duplicate"].as_bool()),
        (Some(false), Some(true))
    );
    // The same ply again (a new id, as after a reconnect): acked, not replayed.
    let again = w.act(json!({"t": "move", "move": "e2e4", "ply": 0})).await;
    assert_eq!(
        (again["t"].as_str(), again["duplicate"].as_bool()),
        (Some("ack"), Some(true))
    );
    let stale = w.act(json!({"t": "move", "move": "d2d4", "ply": 0})).await;
    assert_eq!(stale["code"], "stale");
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["moves"], json!(["e2e4"]));
    // Out of turn.
    let e = w.act(json!({"t": "move", "move": "d2d4"})).await;
    assert_eq!(e["code"], "not-your-turn");

    // A flood: errors, then a close with 1008.
    let mut code = None;
    for i in 0..500 {
        // The server may close while the flood is still being written.
        let ping = json!({"t": "ping", "id": i}).to_string();
        if futures_util::SinkExt::send(
            &mut w.ws,
            tokio_tungstenite::tungstenite::Message::Text(ping.into()),
        )
        .await
        .is_err()
        {
            break;
        }
    }
    loop {
        match w.try_recv().await {
            Ok(m) => assert!(m["t"] == "pong" || m["code"] == "rate-limited", "{m}"),
            Err(c) => {
                code = code.or(c);
                break;
            }
        }
    }
    assert_eq!(code, Some(1008));
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["moves"], json!(["e2e4"]));
}

#[tokio::test]
async fn bad_requests_get_clear_errors() {
    let server = TestServer::start("bad-requests").await;
    let cases = [
        (
            json!({"variant": "no-such", "seats": []}),
            "unknown-variant",
        ),
        (
            json!({"variant": "chess", "seats": [{"kind": "me"}]}),
            "bad-seats",
        ),
        (
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "bot", "level": 9}]}),
            "bad-seats",
        ),
        (
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}], "fen": "8/8/8 w - - 0 1"}),
            "bad-position",
        ),
        (
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}], "clock": {"initial_ms": 0, "increment_ms": 0}}),
            "bad-clock",
        ),
        (
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}], "nations": ["x", "y"]}),
            "bad-option",
        ),
        (json!({"variant": "chess", "seats": "two"}), "bad-json"),
    ];
    for (body, code) in cases {
        let (status, answer) = server.post("/api/games", None, Some(body.clone())).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some(code)),
            "{body}: {answer}"
        );
    }
    let (status, answer) = server.get("/api/games/nope").await;
    assert_eq!((status, answer["error"].as_str()), (404, Some("not-found")));
    let (status, _) = server.get("/api/nothing-here").await;
    assert_eq!(status, 404);
    let big = json!({"variant": "chess", "seats": [], "fen": "x".repeat(20000)});
    let (status, _) = server.post("/api/games", None, Some(big)).await;
    assert_eq!(status, 413);
    let (status, health) = server.get("/healthz").await;
    assert_eq!((status, health["ok"].as_bool()), (200, Some(true)));
    let (status, api) = server.get("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(api["paths"]["/api/games"].is_object());
}
