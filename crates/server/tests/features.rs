//! The server's features beyond playing moves, each on a real server and
//! real sockets: reviewing earlier positions, arrows shared with partners,
//! the NDJSON stream, the lobby socket, chat rooms, takebacks, rematches,
//! absent players (claimed or handed to a bot) and the origin check.

use crate::common;

use common::{TestServer, tokens};
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A game of `variant` whose seats the creator holds all; its id and tokens.
async fn all_mine(
    server: &TestServer,
    variant: &str,
    seats: usize,
    extra: Value,
) -> (String, Vec<String>) {
    let mut body = json!({"variant": variant, "seats": vec![json!({"kind": "me"}); seats]});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let created = server.create(body).await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = tokens(&created).into_iter().map(Option::unwrap).collect();
    (id, tokens)
}

/// Plays `moves` over HTTP, each by the seat to move (seats in turn).
async fn play_http(server: &TestServer, id: &str, tokens: &[String], moves: &[&str]) {
    for (ply, mv) in moves.iter().enumerate() {
        let token = &tokens[ply % tokens.len()];
        let (status, body) = server
            .post(&format!("/api/games/{id}/move/{mv}"), Some(token), None)
            .await;
        assert_eq!(status, 200, "{mv}: {body}");
    }
}

/// `GET path` with a bearer token.
async fn get_as(server: &TestServer, path: &str, token: &str) -> (u16, Value) {
    let response = server
        .http
        .get(format!("{}{path}", server.base))
        .bearer_auth(token)
        .send()
        .await
        .expect("get");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn has_piece(board: &Value, cell: &str) -> bool {
    board["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["cell"] == cell)
}

#[tokio::test]
async fn the_boards_route_gives_the_board_after_every_ply() {
    let server = TestServer::start("boards").await;
    let (id, tokens) = all_mine(&server, "chess", 2, json!({})).await;
    play_http(&server, &id, &tokens, &["e2e4", "e7e5", "g1f3"]).await;
    let (status, plies) = server.get(&format!("/api/games/{id}/boards")).await;
    assert_eq!(status, 200, "{plies}");
    let plies = plies.as_array().unwrap();
    assert_eq!(plies.len(), 4, "the start and three plies");
    assert_eq!(plies[0]["last_move"], Value::Null);
    assert!(has_piece(&plies[0]["board"], "e2") && !has_piece(&plies[0]["board"], "e4"));
    assert_eq!(plies[1]["last_move"]["uci"], "e2e4");
    assert!(has_piece(&plies[1]["board"], "e4") && has_piece(&plies[1]["board"], "e7"));
    assert_eq!(plies[1]["board"]["turn"], 1);
    assert_eq!(plies[3]["last_move"]["san"], "Nf3");
    assert!(has_piece(&plies[3]["board"], "f3") && !has_piece(&plies[3]["board"], "g1"));
    // The last board is the game's board now.
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(plies[3]["board"], state["board"]);
    let (status, missing) = server.get("/api/games/nosuchgame/boards").await;
    assert_eq!(
        (status, missing["error"].as_str()),
        (404, Some("not-found"))
    );
}

#[tokio::test]
async fn arrows_reach_the_partner_and_nobody_else() {
    let server = TestServer::start("shapes").await;
    let (id, tokens) = all_mine(&server, "fourway-teams", 4, json!({})).await;
    let mut clients = Vec::new();
    for token in &tokens {
        clients.push(server.client(&id, Some(token)).await.0);
    }
    let (mut spectator, _) = server.client(&id, None).await;
    let arrow = json!([{"from": "h2", "to": "h4"}, {"from": "g1"}]);
    clients[0]
        .send(&json!({"t": "shapes", "shapes": arrow}))
        .await;
    // Red's partner is yellow, across the board.
    let got = clients[2].wait_for(|m| m["t"] == "shapes").await;
    assert_eq!((got["seat"].as_u64(), &got["shapes"]), (Some(0), &arrow));
    // The others get the next message without any arrows before it.
    let [_, blue, _, green] = &mut clients[..] else {
        unreachable!("four seats")
    };
    for client in [blue, green, &mut spectator] {
        client.send(&json!({"t": "ping", "id": 7})).await;
        let next = client
            .wait_for(|m| m["t"] == "pong" || m["t"] == "shapes")
            .await;
        assert_eq!(next["t"], "pong", "an opponent or spectator got {next}");
    }
    // Bad shapes and spectators' shapes are refused with a reason.
    clients[0]
        .send(&json!({"t": "shapes", "shapes": [{"from": "<script>"}]}))
        .await;
    let refused = clients[0].wait_for(|m| m["t"] == "error").await;
    assert_eq!(refused["code"], "bad-shapes");
    spectator
        .send(&json!({"t": "shapes", "shapes": arrow}))
        .await;
    let refused = spectator.wait_for(|m| m["t"] == "error").await;
    assert_eq!(refused["code"], "not-a-player");

    // Chess has no partners.
    let (chess, chess_tokens) = all_mine(&server, "chess", 2, json!({})).await;
    let (mut white, _) = server.client(&chess, Some(&chess_tokens[0])).await;
    white.send(&json!({"t": "shapes", "shapes": arrow})).await;
    let refused = white.wait_for(|m| m["t"] == "error").await;
    assert_eq!(refused["code"], "no-partner");
}

/// The next non-empty NDJSON line of a stream.
async fn next_line(response: &mut reqwest::Response, buffer: &mut String) -> Value {
    loop {
        if let Some(end) = buffer.find('\n') {
            let line: String = buffer.drain(..=end).collect();
            if line.trim().is_empty() {
                continue;
            }
            return serde_json::from_str(line.trim()).expect("a JSON line");
        }
        let chunk = tokio::time::timeout(common::WAIT, response.chunk())
            .await
            .expect("a line within the wait")
            .expect("stream reads")
            .expect("stream open");
        buffer.push_str(std::str::from_utf8(&chunk).expect("UTF-8"));
    }
}

#[tokio::test]
async fn the_stream_sends_game_full_then_a_game_state_at_each_move() {
    let server = TestServer::start("stream").await;
    let (id, tokens) = all_mine(&server, "chess", 2, json!({})).await;
    let mut response = server
        .http
        .get(format!("{}/api/games/{id}/stream", server.base))
        .bearer_auth(&tokens[1])
        .send()
        .await
        .expect("stream");
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(content_type.contains("ndjson"), "{content_type}");
    let mut buffer = String::new();
    let full = next_line(&mut response, &mut buffer).await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["you"], 1, "the token's seat's view");
    play_http(&server, &id, &tokens, &["d2d4"]).await;
    let state = loop {
        let line = next_line(&mut response, &mut buffer).await;
        if line["type"] == "gameState" {
            break line;
        }
    };
    assert_eq!(state["moves"], json!(["d2d4"]));
    assert_eq!(state["turn"], 1);
}

#[tokio::test]
async fn the_lobby_socket_lists_a_new_public_game_and_not_a_private_one() {
    let server = TestServer::start("lobby").await;
    let url = format!("{}/api/lobby/ws", server.base.replacen("http", "ws", 1));
    let (mut lobby, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("lobby ws");
    use futures_util::StreamExt;
    let mut next = async || -> Value {
        loop {
            let message = tokio::time::timeout(common::WAIT, lobby.next())
                .await
                .expect("a lobby message")
                .expect("open")
                .expect("reads");
            if let Ok(text) = message.to_text()
                && !text.is_empty()
            {
                return serde_json::from_str(text).expect("JSON");
            }
        }
    };
    let first = next().await;
    assert_eq!(first["t"], "lobby");
    let private = server
        .create(json!({"variant": "chess", "public": false, "seats": [{"kind": "me"}, {"kind": "open"}]}))
        .await;
    let public = server
        .create(json!({"variant": "euroshogi", "seats": [{"kind": "me"}, {"kind": "open"}]}))
        .await;
    let listed = loop {
        let message = next().await;
        let games = message["games"].as_array().unwrap().clone();
        if games.iter().any(|g| g["id"] == public["id"]) {
            break games;
        }
    };
    assert!(listed.iter().all(|g| g["id"] != private["id"]));
    let entry = listed.iter().find(|g| g["id"] == public["id"]).unwrap();
    assert_eq!(entry["variant"], "euroshogi");
    assert_eq!(entry["status"], "created");
}

#[tokio::test]
async fn chat_rooms_reach_their_audience_only() {
    let server = TestServer::start("chat").await;
    let (id, tokens) = all_mine(&server, "fourway-teams", 4, json!({})).await;
    let say = async |token: Option<&str>, room: &str, text: &str| {
        server
            .post(
                &format!("/api/games/{id}/chat"),
                token,
                Some(json!({"room": room, "text": text})),
            )
            .await
    };
    assert_eq!(
        say(Some(&tokens[0]), "team", "push on the h-file").await.0,
        200
    );
    assert_eq!(
        say(Some(&tokens[1]), "players", "good luck all").await.0,
        200
    );
    let (status, refused) = say(Some(&tokens[1]), "spectators", "hi").await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (400, Some("chat-refused"))
    );
    let (status, _) = say(Some(&tokens[1]), "players", "").await;
    assert_eq!(status, 400, "an empty message is refused");
    let texts = |state: &Value| -> Vec<String> {
        state["chat"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["text"].as_str().unwrap().to_string())
            .collect()
    };
    let path = format!("/api/games/{id}");
    let yellow = texts(&get_as(&server, &path, &tokens[2]).await.1);
    assert_eq!(yellow, ["push on the h-file", "good luck all"]);
    let blue = texts(&get_as(&server, &path, &tokens[1]).await.1);
    assert_eq!(blue, ["good luck all"], "blue is not in red's team room");
    let spectator = texts(&server.get(&path).await.1);
    assert!(
        spectator.is_empty(),
        "spectators read neither room: {spectator:?}"
    );
    // A closed game has no chat at all.
    let (closed, closed_tokens) = all_mine(&server, "chess", 2, json!({"chat": "closed"})).await;
    let (status, body) = server
        .post(
            &format!("/api/games/{closed}/chat"),
            Some(&closed_tokens[0]),
            Some(json!({"room": "players", "text": "hello"})),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("chat-refused"))
    );
}

#[tokio::test]
async fn a_takeback_needs_the_opponent_and_a_rematch_needs_everyone() {
    let server = TestServer::start("takeback").await;
    let (id, tokens) = all_mine(&server, "chess", 2, json!({})).await;
    play_http(&server, &id, &tokens, &["e2e4", "e7e5"]).await;
    let (status, _) = server
        .post(
            &format!("/api/games/{id}/takeback/yes"),
            Some(&tokens[0]),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        state["moves"].as_array().unwrap().len(),
        2,
        "asked, not yet agreed"
    );
    assert_eq!(
        state["offers"]["takeback"],
        json!([0]),
        "{}",
        state["offers"]
    );
    let (status, _) = server
        .post(
            &format!("/api/games/{id}/takeback/yes"),
            Some(&tokens[1]),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        state["moves"],
        json!([]),
        "white's move and black's reply are taken back"
    );
    assert_eq!(state["turn"], 0);
    // With no move of its own, a takeback cannot be asked.
    let (status, body) = server
        .post(
            &format!("/api/games/{id}/takeback/yes"),
            Some(&tokens[1]),
            None,
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("nothing-to-take-back"))
    );

    play_http(&server, &id, &tokens, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    let (_, over) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(over["status"], "finished");
    let (mut watcher, _) = server.client(&id, Some(&tokens[0])).await;
    for token in &tokens {
        let (status, body) = server
            .post(&format!("/api/games/{id}/rematch/yes"), Some(token), None)
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let rematch = watcher.wait_for(|m| m["t"] == "rematch").await;
    let next = rematch["game"].as_str().unwrap();
    assert_ne!(next, id);
    let (status, fresh) = server.get(&format!("/api/games/{next}")).await;
    assert_eq!(status, 200);
    assert_eq!(
        (fresh["variant"].as_str(), fresh["status"].as_str()),
        (Some("chess"), Some("started"))
    );
    assert_eq!(fresh["moves"], json!([]));
    // The same people hold the rematch's seats with the tokens they had.
    let (status, _) = server
        .post(
            &format!("/api/games/{next}/move/e2e4"),
            Some(&tokens[0]),
            None,
        )
        .await;
    let (status_b, _) = server
        .post(
            &format!("/api/games/{next}/move/e2e4"),
            Some(&tokens[1]),
            None,
        )
        .await;
    assert!(
        (status, status_b) == (200, 400) || (status, status_b) == (403, 200),
        "one of the two old tokens moves first in the rematch: {status} {status_b}"
    );
}

#[tokio::test]
async fn an_absent_opponent_is_claimed_against_or_replaced_by_a_bot() {
    let server = TestServer::start("absent").await;
    // Claim: black never connects; after the absence time white claims.
    let (id, tokens) = all_mine(&server, "chess", 2, json!({"absent_after_ms": 5000})).await;
    let (mut white, _) = server.client(&id, Some(&tokens[0])).await;
    let ack = white
        .act(json!({"t": "move", "move": "e2e4", "ply": 0}))
        .await;
    assert_eq!(ack["t"], "ack");
    let early = white.act(json!({"t": "claim-victory"})).await;
    assert_eq!(early["code"], "claim-refused", "{early}");
    tokio::time::sleep(Duration::from_millis(5500)).await;
    let claimed = white.act(json!({"t": "claim-victory"})).await;
    assert_eq!(claimed["t"], "ack", "{claimed}");
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "finished");
    assert_eq!(state["outcome"]["winners"], json!([0]));

    // Bot: the absent seat is handed to a bot, which moves for it.
    let (id, tokens) = all_mine(
        &server,
        "chess",
        2,
        json!({"absent_after_ms": 5000, "absence": "bot"}),
    )
    .await;
    let (mut white, _) = server.client(&id, Some(&tokens[0])).await;
    let ack = white
        .act(json!({"t": "move", "move": "e2e4", "ply": 0}))
        .await;
    assert_eq!(ack["t"], "ack");
    let reply = white.wait_for(|m| m["t"] == "move" && m["seat"] == 1).await;
    assert_eq!(reply["ply"], 2);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["seats"][1]["kind"], "bot");
}

#[tokio::test]
async fn a_foreign_origin_is_refused_on_sockets_and_actions() {
    let server = TestServer::start("origin").await;
    let (id, tokens) = all_mine(&server, "chess", 2, json!({})).await;
    let url = format!(
        "{}/api/games/{id}/ws",
        server.base.replacen("http", "ws", 1)
    );
    let mut request = url.as_str().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403)
        }
        other => panic!(
            "a foreign origin's socket was not refused: {:?}",
            other.map(|_| ())
        ),
    }
    let response = server
        .http
        .post(format!("{}/api/games/{id}/move/e2e4", server.base))
        .bearer_auth(&tokens[0])
        .header("origin", "http://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["moves"], json!([]), "nothing was played");
    // The server's own origin is fine.
    let own = server.base.clone();
    let response = server
        .http
        .post(format!("{}/api/games/{id}/move/e2e4", server.base))
        .bearer_auth(&tokens[0])
        .header("origin", own)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

/// The free-for-all with points: the state shows each seat's points and
/// who may claim the win; with two players left, the leader by 21 claims
/// it (the other is refused), and the stored game replays to that end.
#[tokio::test]
async fn a_points_leader_claims_the_win() {
    let server = TestServer::start("claim-win").await;
    // Red and Blue are left (Yellow and Green are out); Red leads by 25.
    let corner = "x,x,x,8,x,x,x";
    let mut rows = vec![corner.to_string(); 3];
    for rank in (4..=11).rev() {
        rows.push(match rank {
            10 => "bR,13".into(),
            7 => "bK,13".into(),
            4 => "7,rQ,6".into(),
            _ => "14".into(),
        });
    }
    rows.extend([
        corner.to_string(),
        corner.to_string(),
        "x,x,x,4,rK,3,x,x,x".into(),
    ]);
    let fen = format!("R-0,0,1,1-0,0,0,0-0,0,0,0-30,5,0,0-0-{}", rows.join("/"));
    let (id, tokens) = all_mine(&server, "fourway-chesscom-ffa", 4, json!({ "fen": fen })).await;
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["board"]["points"], json!([30, 5, 0, 0]), "{state}");
    assert_eq!(state["board"]["may_claim_win"], json!([0]));
    let (mut blue, _) = server.client(&id, Some(&tokens[1])).await;
    let refused = blue.act(json!({"t": "claim-win"})).await;
    assert_eq!(refused["code"], "claim-refused", "{refused}");
    let (status, body) = server
        .post(
            &format!("/api/games/{id}/claim-win"),
            Some(&tokens[0]),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "finished");
    assert_eq!(state["outcome"]["winners"], json!([0]));
    assert_eq!(state["outcome"]["reason"], "points-lead", "{state}");
    let mut server = server;
    server.stop().await;
    common::verify_store(&server.db, &[id]).await;
}

/// Walls on the board (Ancient China's Great Wall) reach the client as
/// pairs of cells, the inside one first; a line-up without walls sends
/// none.
#[tokio::test]
async fn walls_on_the_board_reach_the_client_as_cell_pairs() {
    let server = TestServer::start("walls").await;
    let nations = json!({"nations": ["ancient-china", "default", "default", "default"]});
    let (id, _) = all_mine(&server, "european-ffa", 4, nations).await;
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    let mut walls: Vec<String> = state["board"]["walls"]
        .as_array()
        .unwrap_or_else(|| panic!("no walls: {state}"))
        .iter()
        .map(|pair| {
            let pair = pair.as_array().expect("a pair");
            assert_eq!(pair.len(), 2, "{pair:?}");
            format!(
                "{}-{}",
                pair[0].as_str().unwrap(),
                pair[1].as_str().unwrap()
            )
        })
        .collect();
    walls.sort();
    assert_eq!(
        walls,
        [
            "a3-a4", "b3-b4", "c3-c4", "d3-d4", "e1-f1", "e2-f2", "e3-e4", "e3-f3"
        ]
    );
    let (id, _) = all_mine(&server, "european-ffa", 4, json!({})).await;
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert!(state["board"].get("walls").is_none(), "{state}");
}
