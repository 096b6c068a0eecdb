//! A server stopped cleanly and started again on the same database goes
//! on with every unfinished game: moves, clocks, seats.

use crate::common;

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

/// Partners chosen when a game is created (European Chess 2v2) are the
/// game's: in its state, and after a restart.
#[tokio::test]
async fn partners_chosen_at_creation_hold_across_a_restart() {
    let dir = TempDir::new("partners");
    let db = format!("sqlite://{}", dir.0.join("games.db").display());
    let mut server = TestServer::start_with(dir, config(&db)).await;
    let me = json!({"kind": "me"});
    // Red and blue side by side, against yellow and green.
    let created = server
        .create(
            json!({"variant": "european-teams", "seats": [me, me, me, me], "teams": [0, 0, 1, 1]}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let teams = |state: &serde_json::Value| -> Vec<u64> {
        state["variant_view"]["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| s["team"].as_u64().unwrap())
            .collect()
    };
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(teams(&state), [0, 0, 1, 1], "{state}");
    for (seat, mv) in ["d1c3", "a5c4"].iter().enumerate() {
        let (status, body) = server
            .post(
                &format!("/api/games/{id}/move/{mv}"),
                t[seat].as_deref(),
                None,
            )
            .await;
        assert_eq!(status, 200, "{mv}: {body}");
    }

    server.stop().await;
    let dir = std::mem::replace(&mut server.dir, TempDir::new("unused"));
    let server = TestServer::start_with(dir, config(&db)).await;
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(teams(&after), [0, 0, 1, 1], "{after}");
    assert_eq!(after["moves"], json!(["d1c3", "a5c4"]));

    // Partners the variant cannot have, and a variant whose partners are fixed.
    for (variant, teams) in [
        ("european-teams", json!([0, 0, 0, 1])),
        ("fourway-teams", json!([0, 0, 1, 1])),
    ] {
        let (status, body) = server
            .post(
                "/api/games",
                None,
                Some(json!({"variant": variant, "seats": [me, me, me, me], "teams": teams})),
            )
            .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some("bad-option")),
            "{body}"
        );
        assert!(
            body["message"].as_str().unwrap().starts_with("teams: "),
            "{body}"
        );
    }
}

/// European Chess's optional rule, chosen when the game is created: a last
/// king is taken only after a check. The choice is the game's, after a
/// restart too.
#[tokio::test]
async fn an_optional_rule_chosen_at_creation_holds_across_a_restart() {
    let dir = TempDir::new("options");
    let db = format!("sqlite://{}", dir.0.join("games.db").display());
    let mut server = TestServer::start_with(dir, config(&db)).await;
    let me = json!({"kind": "me"});
    // Red's rook on a1 sees blue's king on a8; nobody has checked anyone.
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2)}-\
               bK,1,bN,4,yK/6,yP,1/8/8/8/8/6,gP,1/rR,2,rK,3,gK";
    let created = server
        .create(json!({"variant": "european-ffa", "seats": [me, me, me, me],
                       "fen": fen, "options": ["declare_check"]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["options"], json!(["declare_check"]));
    assert_eq!(
        state["variant_view"]["optional_rules"],
        json!(["declare_check"])
    );
    let take = format!("/api/games/{id}/move/a1a8");
    let (status, body) = server.post(&take, t[0].as_deref(), None).await;
    assert_eq!(status, 400, "no check was declared: {body}");

    server.stop().await;
    let dir = std::mem::replace(&mut server.dir, TempDir::new("unused"));
    let server = TestServer::start_with(dir, config(&db)).await;
    let (status, body) = server.post(&take, t[0].as_deref(), None).await;
    assert_eq!(status, 400, "still refused after a restart: {body}");
    let (status, body) = server
        .post(&format!("/api/games/{id}/move/a1a7"), t[0].as_deref(), None)
        .await;
    assert_eq!(status, 200, "{body}");

    let (status, body) = server
        .post(
            "/api/games",
            None,
            Some(json!({"variant": "chess", "seats": [me, me], "options": ["declare_check"]})),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("bad-option")),
        "{body}"
    );
}

#[tokio::test]
async fn nations_chosen_at_creation_play_their_powers_across_a_restart() {
    let dir = TempDir::new("nations");
    let db = format!("sqlite://{}", dir.0.join("games.db").display());
    let mut server = TestServer::start_with(dir, config(&db)).await;
    let me = json!({"kind": "me"});
    let (_, variants) = server.get("/api/variants").await;
    let euro = variants["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "european-ffa")
        .expect("european-ffa is listed");
    let offered: Vec<&str> = euro["nations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["id"].as_str().unwrap())
        .collect();
    assert!(
        offered.contains(&"huns") && offered.contains(&"aztecs"),
        "{offered:?}"
    );
    let created = server
        .create(json!({"variant": "european-ffa", "seats": [me, me, me, me],
                       "nations": ["huns", "aztecs", "default", "default"]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        state["nations"],
        json!(["huns", "aztecs", "default", "default"])
    );
    for (seat, m) in [(0, "place@e3"), (1, "transform@a5")] {
        let (status, body) = server
            .post(
                &format!("/api/games/{id}/move/{m}"),
                t[seat].as_deref(),
                None,
            )
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    let (_, before) = server.get(&format!("/api/games/{id}")).await;

    server.stop().await;
    let dir = std::mem::replace(&mut server.dir, TempDir::new("unused"));
    let server = TestServer::start_with(dir, config(&db)).await;
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        after["fen"], before["fen"],
        "the line-up replays its powers"
    );
    assert_eq!(after["nations"], before["nations"]);
    let (status, body) = server
        .post(&format!("/api/games/{id}/move/e7e6"), t[2].as_deref(), None)
        .await;
    assert_eq!(status, 200, "{body}");

    for (variant, nations, says) in [
        (
            "european-ffa",
            json!(["huns", "atlantis", "default", "default"]),
            "unknown nation 'atlantis'",
        ),
        (
            "european-ffa",
            json!(["huns", "default"]),
            "2 nations for 4 seats",
        ),
        ("chess", json!(["huns", "default"]), "no nations"),
    ] {
        let seats: Vec<_> = (0..if variant == "chess" { 2 } else { 4 })
            .map(|_| me.clone())
            .collect();
        let (status, body) = server
            .post(
                "/api/games",
                None,
                Some(json!({"variant": variant, "seats": seats, "nations": nations})),
            )
            .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some("bad-option")),
            "{body}"
        );
        assert!(
            body["message"].as_str().unwrap_or_default().contains(says),
            "{body}"
        );
    }
}
