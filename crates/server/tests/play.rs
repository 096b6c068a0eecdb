//! Games played to their end by clients on real WebSockets against a real
//! server on a real SQLite file; the stored games replay to the stored
//! result.

use crate::common;

use common::{Client, TestServer, tokens, verify_store};
use serde_json::{Value, json};

/// Plays `moves` alternately from the clients of the seats to move.
async fn play_line(clients: &mut [Client], moves: &[&str]) -> Vec<Value> {
    let mut answers = Vec::new();
    for (ply, mv) in moves.iter().enumerate() {
        let seat = ply % clients.len();
        let ack = clients[seat]
            .act(json!({"t": "move", "move": mv, "ply": ply}))
            .await;
        assert_eq!(ack["t"], "ack", "{mv}: {ack}");
        answers.push(ack);
    }
    answers
}

#[tokio::test]
async fn two_clients_play_chess_to_mate_and_an_invite_is_used_once() {
    let server = TestServer::start("mate").await;
    let created = server
        .create(
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "open"}],
                       "clock": {"initial_ms": 60000, "increment_ms": 1000}}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let code = created["seats"][1]["code"].as_str().unwrap();
    assert!(
        created["seats"][1]["invite"]
            .as_str()
            .unwrap()
            .contains(code)
    );
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "created");
    let (status, joined) = server.join(&id, 1, code).await;
    assert_eq!(status, 200, "{joined}");
    let (status, again) = server.join(&id, 1, code).await;
    assert_eq!((status, again["error"].as_str()), (403, Some("bad-code")));
    let white = tokens(&created)[0].clone().unwrap();
    let black = joined["token"].as_str().unwrap().to_string();

    let (w, full) = server.client(&id, Some(&white)).await;
    assert_eq!(
        (full["t"].as_str(), full["you"].as_u64()),
        (Some("full"), Some(0))
    );
    assert_eq!(full["status"], "started");
    assert_eq!(full["legal"].as_array().unwrap().len(), 20);
    let (b, _) = server.client(&id, Some(&black)).await;
    let (mut spectator, _) = server.client(&id, None).await;
    let mut clients = [w, b];
    play_line(&mut clients, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    let end = spectator.wait_for(|m| m["t"] == "end").await;
    assert_eq!(end["status"], "finished");
    assert_eq!(end["outcome"]["winners"], json!([1]));
    assert_eq!(end["outcome"]["reason"], "checkmate");
    // Every move event carried the board and the next legal moves.
    let moves: Vec<&Value> = spectator.seen.iter().filter(|e| e["t"] == "move").collect();
    assert_eq!(moves.len(), 4);
    assert!(moves[0]["board"]["pieces"].as_array().unwrap().len() == 32);
    assert_eq!(moves[0]["legal"].as_array().unwrap().len(), 20);
    assert!(moves[3]["legal"].as_array().unwrap().is_empty());

    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "finished");
    assert_eq!(state["moves"], json!(["f2f3", "e7e5", "g2g4", "d8h4"]));
    assert_eq!(state["outcome"]["winners"], json!([1]));
    let (status, over) = server
        .post(&format!("/api/games/{id}/move/e2e4"), Some(&white), None)
        .await;
    assert_eq!((status, over["error"].as_str()), (409, Some("game-over")));
    // The mating move resent (a client that lost the ack): acked as a
    // duplicate, not refused as a move after the end.
    let again = clients[1]
        .act(json!({"t": "move", "move": "d8h4", "ply": 3}))
        .await;
    assert_eq!(
        (again["t"].as_str(), again["duplicate"].as_bool()),
        (Some("ack"), Some(true)),
        "{again}"
    );
    let pgn = server
        .http
        .get(format!("{}/api/games/{id}/export?format=pgn", server.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    verify_store(&server.db, &[id]).await;
}

/// The body of `GET path` as text, and its status.
async fn get_text(server: &TestServer, path: &str) -> (u16, String) {
    get_text_as(server, path, None).await
}

/// `GET path` as text, with a seat's token (`None`: a spectator).
async fn get_text_as(server: &TestServer, path: &str, token: Option<&str>) -> (u16, String) {
    let mut request = server.http.get(format!("{}{path}", server.base));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let answer = request.send().await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[tokio::test]
async fn a_draughts_record_is_exported_under_its_own_format() {
    let server = TestServer::start("pdn").await;
    let created = server
        .create(json!({"variant": "english-draughts", "seats": [{"kind": "me"}, {"kind": "me"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    // The client names its downloads from the view.
    let view = &state["variant_view"];
    assert_eq!(
        (
            view["record_format"].as_str(),
            view["position_format"].as_str()
        ),
        (Some("pdn"), Some("fen"))
    );
    let (status, pdn) = get_text(&server, &format!("/api/games/{id}/export?format=pdn")).await;
    assert_eq!(status, 200, "{pdn}");
    assert!(pdn.contains("[Variant \"english-draughts\"]"), "{pdn}");
    let (status, bad) = get_text(&server, &format!("/api/games/{id}/export?format=sgf")).await;
    assert_eq!(status, 400);
    assert!(bad.contains("pdn"), "the error names the formats: {bad}");
}

/// A line of the variant's moves, found by seeded random play through
/// the kernel, whose last move is a drop.
fn line_with_a_drop(variant: &str) -> Vec<String> {
    let variant = tetrarch_rules::AnyVariant::builtin(variant).unwrap();
    let mut seed = 7u64;
    loop {
        let mut game = tetrarch_rules::AnyGame::new(&variant);
        let mut line = Vec::new();
        while line.len() < 80 && game.outcome().is_none() {
            let legal = game.legal_moves();
            if let Some(drop) = legal.iter().find(|m| m.drop.is_some()) {
                line.push(drop.uci.clone());
                return line;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Captures first, so there is something to drop.
            let captures: Vec<_> = legal.iter().filter(|m| m.capture).collect();
            let mv = if !captures.is_empty() {
                captures[seed as usize % captures.len()]
            } else {
                &legal[seed as usize % legal.len()]
            };
            game.play(&mv.uci).unwrap();
            line.push(mv.uci.clone());
        }
    }
}

/// The cell a move view lands on holds a piece of `kind`.
fn captures_kind(board: &Value, mv: &Value, kind: &str) -> bool {
    board["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["cell"] == mv["to"] && p["kind"] == kind)
}

/// The move a greedy player picks: a drop if `drops`, else the most
/// valuable capture, else the first move.
fn greedy(state: &Value, prefer_drop: bool) -> String {
    let legal = state["legal"].as_array().unwrap();
    if prefer_drop && let Some(d) = legal.iter().find(|m| !m["drop"].is_null()) {
        return d["uci"].as_str().unwrap().to_string();
    }
    for kind in ["k", "q", "r", "b", "n", "g", "s", "p"] {
        if let Some(m) = legal
            .iter()
            .find(|m| m["capture"] == true && captures_kind(&state["board"], m, kind))
        {
            return m["uci"].as_str().unwrap().to_string();
        }
    }
    legal[legal.len() / 2]["uci"].as_str().unwrap().to_string()
}

/// Plays greedily from every seat's own client until the game ends or
/// `max_plies`; returns the plies played and whether a drop was played.
async fn play_greedy(
    clients: &mut [Client],
    first: Value,
    max_plies: usize,
) -> (usize, bool, Value) {
    let mut state = first;
    let mut dropped = false;
    for ply in 0..max_plies {
        if state["status"] != "started" {
            return (ply, dropped, state);
        }
        let turn = state["turn"].as_u64().unwrap() as usize;
        let mv = greedy(&state, true);
        dropped |= mv.contains('@');
        let ack = clients[turn]
            .act(json!({"t": "move", "move": mv, "ply": ply}))
            .await;
        assert_eq!(ack["t"], "ack", "{mv}: {ack}");
        // Every client sees the move event with the new state.
        let mut event = Value::Null;
        for c in clients.iter_mut() {
            let at = |m: &Value| m["t"] == "move" && m["ply"] == json!(ply + 1);
            event = match c.seen.iter().rev().find(|m| at(m)) {
                Some(e) => e.clone(),
                None => c.wait_for(at).await,
            };
        }
        state = event;
    }
    (max_plies, dropped, state)
}

#[tokio::test]
async fn euroshogi_with_a_drop_and_a_four_player_team_game_to_the_end() {
    let server = TestServer::start("drops").await;
    let mut ids = Vec::new();

    let created = server
        .create(json!({"variant": "euroshogi", "seats": [{"kind": "me"}, {"kind": "me"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let (a, _) = server.client(&id, t[0].as_deref()).await;
    let (b, _) = server.client(&id, t[1].as_deref()).await;
    let mut clients = [a, b];
    let line = line_with_a_drop("euroshogi");
    let refs: Vec<&str> = line.iter().map(String::as_str).collect();
    play_line(&mut clients, &refs).await;
    let last = clients[0]
        .wait_for(|m| m["t"] == "move" && m["ply"] == json!(line.len()))
        .await;
    assert!(last["uci"].as_str().unwrap().contains('@'), "{last}");
    assert!(
        last["san"].as_str().unwrap().contains('*') || last["san"].as_str().unwrap().contains('@')
    );
    // Resign to end it; the other seat wins.
    let turn = last["turn"].as_u64().unwrap() as usize;
    let ack = clients[turn].act(json!({"t": "resign"})).await;
    assert_eq!(ack["t"], "ack");
    let end = clients[1 - turn].wait_for(|m| m["t"] == "end").await;
    assert_eq!(end["outcome"]["winners"], json!([1 - turn]));
    ids.push(id);

    let created = server
        .create(json!({"variant": "fourway-teams",
                       "seats": [{"kind": "me"}, {"kind": "me"}, {"kind": "me"}, {"kind": "me"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let mut clients = Vec::new();
    let mut first = Value::Null;
    for token in &t {
        let (c, full) = server.client(&id, token.as_deref()).await;
        first = full;
        clients.push(c);
    }
    let (plies, _, last) = play_greedy(&mut clients, first, 1500).await;
    assert_eq!(last["status"], "finished", "not over after {plies} plies");
    let winners = last["outcome"]["winners"].as_array().unwrap().clone();
    assert_eq!(
        winners.len(),
        2,
        "a team wins together: {}",
        last["outcome"]
    );
    ids.push(id);
    verify_store(&server.db, &ids).await;
}

#[tokio::test]
async fn a_bot_game_finishes_by_itself() {
    let server = TestServer::start("bots").await;
    let created = server
        .create(json!({"variant": "chess", "seats": [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 2}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let (mut watcher, _) = server.client(&id, None).await;
    let end = loop {
        match watcher.try_recv().await {
            Ok(m) if m["t"] == "end" => break m,
            Ok(_) => {}
            Err(code) => panic!("socket closed: {code:?}"),
        }
    };
    assert_eq!(end["status"], "finished");
    verify_store(&server.db, &[id]).await;
}

/// A European Chess game of four seats played from this test's sockets,
/// `nation` in red's seat and the default army in the others, from `fen`
/// or the start: its id and the seats' tokens.
async fn create_lineup(
    server: &TestServer,
    nation: &str,
    fen: Option<&str>,
) -> (String, Vec<Option<String>>) {
    let me = json!({"kind": "me"});
    let mut spec = json!({"variant": "european-ffa", "seats": [me, me, me, me],
                          "nations": [nation, "default", "default", "default"]});
    if let Some(fen) = fen {
        spec["fen"] = json!(fen);
    }
    let created = server.create(spec).await;
    let id = created["id"].as_str().unwrap().to_string();
    (id, tokens(&created))
}

/// France's turns of several steps play through the ordinary move route:
/// the move, an extra move for a sacrifice (`d1e3@b2`), the pass that
/// ends the turn (`0000`), and the record exports with them.
#[tokio::test]
async fn a_turn_of_several_steps_plays_and_exports() {
    let server = TestServer::start("fear").await;
    let (id, t) = create_lineup(&server, "france", None).await;
    // Each step, and whether the move route takes it: blue may not move
    // while red's turn goes on; yellow has no power to sacrifice with.
    for (seat, m, ok) in [
        (0, "c2c3", true),
        (1, "b5c5", false),
        (0, "d1e3@b2", true),
        (0, "0000", true),
        (1, "b5c5", true),
        (2, "e7e6@h7", false),
    ] {
        let (status, body) = server
            .post(
                &format!("/api/games/{id}/move/{m}"),
                t[seat].as_deref(),
                None,
            )
            .await;
        assert_eq!(status == 200, ok, "{m}: {status} {body}");
    }
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert!(
        !state["fen"].as_str().unwrap().contains("continuing"),
        "{state}"
    );
    let (status, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert_eq!(status, 200, "{pgn4}");
    assert!(pgn4.contains("@b2") && pgn4.contains("--"), "{pgn4}");
    verify_store(&server.db, &[id]).await;
}

/// Line-ups whose turns are unusual play through the ordinary move route
/// and export as PGN4, with no nation known to the server: the Ottoman
/// Empire deploys from its reserve (`K@a1`, a drop).
#[tokio::test]
async fn a_lineup_with_unusual_turns_plays_and_exports() {
    let server = TestServer::start("deploy").await;
    let (id, t) = create_lineup(&server, "ottoman-empire", None).await;
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "started", "{state}");
    // The variant's view names the line-up's nations, for the seat labels.
    let named: Vec<(&str, &str)> = state["variant_view"]["nations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n["name"].as_str().unwrap()))
        .collect();
    assert_eq!(
        named,
        [
            ("default", "Default army"),
            ("ottoman-empire", "Ottoman Empire")
        ],
        "{state}"
    );
    for (seat, m) in [
        (0, "K@c1"),
        (1, "b5c5"),
        (2, "e7e6"),
        (3, "g4f4"),
        (0, "N@b2"),
    ] {
        let (status, body) = server
            .post(
                &format!("/api/games/{id}/move/{m}"),
                t[seat].as_deref(),
                None,
            )
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert!(
        state["fen"]
            .as_str()
            .unwrap()
            .contains("'reserve':('ppbbnr','','','')"),
        "{state}"
    );
    let (status, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert_eq!(status, 200, "{pgn4}");
    assert!(pgn4.contains("K@c1") && pgn4.contains("N@b2"), "{pgn4}");
    verify_store(&server.db, &[id]).await;
}

/// The Balkan States' dice on the server: a seat's pick is played through
/// the move route and the game rolls the die (a step of its own, in the
/// moves); a roll sent by a seat is refused; the stored game replays to
/// the same position, its rolls drawn again from its stored seed.
#[tokio::test]
async fn the_server_rolls_the_dice_of_a_pick() {
    let server = TestServer::start("dice").await;
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2)}-bK,6,yK/8/8/8/8/2,bP,5/4,rP,3/rK,rN,5,gK";
    let (id, t) = create_lineup(&server, "balkan-states", Some(fen)).await;
    let post = |m: &'static str| {
        let path = format!("/api/games/{id}/move/{m}");
        let token = t[0].clone();
        let server = &server;
        async move { server.post(&path, token.as_deref(), None).await }
    };
    let (status, body) = post("roll=3").await;
    assert_ne!(status, 200, "a seat rolled: {body}");
    let (status, body) = post("assassinate@c3").await;
    assert_eq!(status, 200, "{body}");
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    let fen = state["fen"].as_str().unwrap();
    assert!(fen.contains("'assassinate':('rolled','','','')"), "{state}");
    let (status, body) = post("e2e3").await;
    assert_eq!(status, 200, "{body}");
    verify_store(&server.db, &[id]).await;
}

/// North Korea's insanity on the server: a game with North Korea first
/// begins with the game's roll (its turn's state in the position); a
/// seat's pick of its pieces is played through the move route and the
/// game rolls once per piece; a roll sent by a seat is refused; the pass
/// ends the turn; the record exports the steps and the stored game
/// replays to the same position from its stored seed.
#[tokio::test]
async fn the_server_rolls_north_koreas_dice() {
    let server = TestServer::start("insanity").await;
    let (id, _) = create_lineup(&server, "north-korea", None).await;
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    let fen = state["fen"].as_str().unwrap();
    assert!(fen.contains("'insanity':("), "rolled at the start: {state}");
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2),'insanity':('pick2','','','')}-bK,6,yK/bN,6,yN/8/8/8/8/4,rP,2,gN/rK,rN,5,gK";
    let (id, t) = create_lineup(&server, "north-korea", Some(fen)).await;
    let post = |m: &'static str, seat: usize| {
        let path = format!("/api/games/{id}/move/{m}");
        let token = t[seat].clone();
        let server = &server;
        async move { server.post(&path, token.as_deref(), None).await }
    };
    let (status, body) = post("roll=3", 0).await;
    assert_ne!(status, 200, "a seat rolled: {body}");
    let (status, body) = post("insanity@a1b1e2", 0).await;
    assert_ne!(status, 200, "three pieces where two are allowed: {body}");
    let (status, body) = post("insanity@b1e2", 0).await;
    assert_eq!(status, 200, "{body}");
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    let fen = state["fen"].as_str().unwrap();
    assert!(fen.contains("'insanity':('b1"), "both rolled: {state}");
    assert!(!fen.contains("b1/"), "both rolled: {state}");
    let (status, body) = post("insanity@b1", 1).await;
    assert_ne!(status, 200, "blue has no insanity: {body}");
    let (status, body) = post("0000", 0).await;
    assert_eq!(status, 200, "{body}");
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    let fen = state["fen"].as_str().unwrap();
    assert!(fen.starts_with('B') && !fen.contains("insanity"), "{state}");
    let (status, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert_eq!(status, 200, "{pgn4}");
    assert!(
        pgn4.contains("insanity@b1e2") && pgn4.contains("roll="),
        "{pgn4}"
    );
    verify_store(&server.db, &[id]).await;
}

/// European Chess with Lightning on the server: a capture sent through
/// the move route is followed by the game's two draws (steps of their own
/// in the moves), the board's seat labels name the nations drawn, the
/// position text carries them, a draw sent by a seat is refused, and the
/// stored game replays to the same position from its stored seed.
#[tokio::test]
async fn the_server_draws_lightning_nations_after_a_capture() {
    let server = TestServer::start("lightning").await;
    let me = json!({"kind": "me"});
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2)}-bK,6,yK/1,bP,4,yP,1/8/3,bN,4/3,rR,4/8/1,rP,4,gP,1/rK,6,gK";
    let created = server
        .create(
            json!({"variant": "european-lightning", "seats": [me, me, me, me],
                       "nations": ["default", "gaul", "default", "default"], "fen": fen}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t = tokens(&created);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        state["board"]["nations"],
        json!(["default", "gaul", "default", "default"]),
        "{state}"
    );
    let post = |m: &'static str, seat: usize| {
        let path = format!("/api/games/{id}/move/{m}");
        let token = t[seat].clone();
        let server = &server;
        async move { server.post(&path, token.as_deref(), None).await }
    };
    let (status, body) = post("roll=3", 0).await;
    assert_ne!(status, 200, "a seat drew: {body}");
    let (status, body) = post("d4d5", 0).await;
    assert_eq!(status, 200, "{body}");
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    let moves: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 3, "{state}");
    assert!(
        moves[1].starts_with("roll=") && moves[2].starts_with("roll="),
        "{moves:?}"
    );
    let nations = state["board"]["nations"].as_array().unwrap().clone();
    assert_ne!(nations[0], "default", "{state}");
    assert_ne!(nations[1], "gaul", "{state}");
    assert!(
        state["fen"].as_str().unwrap().contains("'nations':("),
        "{state}"
    );
    // The variant's view lists the deck, for the seat labels' names.
    let deck = state["variant_view"]["nations"].as_array().unwrap();
    assert!(deck.iter().any(|n| n["id"] == nations[0]), "{state}");
    assert!(!deck.iter().any(|n| n["id"] == "britain"), "{state}");
    // Blue moves on.
    assert_eq!(state["turn"], 1, "{state}");
    verify_store(&server.db, &[id]).await;
    // A nation out of the deck is refused when the game is made.
    let (status, body) = server
        .post(
            "/api/games",
            None,
            Some(
                json!({"variant": "european-lightning", "seats": [me, me, me, me],
                   "nations": ["britain", "default", "default", "default"]}),
            ),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("Lightning deck"), "{body}");
}

/// The Soviet Union's cards on the server, over real sockets: its owner
/// sees its cards and its deal; another seat and a spectator see unknown
/// pieces, `?` for the deal, no cards in the FEN4; the next seat is offered
/// the challenge of a bluff among its moves, plays it (the piece is lost)
/// and then its own move.
#[tokio::test]
async fn soviet_cards_are_shown_to_their_owner_only_and_a_challenge_plays() {
    let server = TestServer::start("secrecy").await;
    let (id, t) = create_lineup(&server, "soviet-union", None).await;
    let (mut blue, _) = server.client(&id, t[1].as_deref()).await;
    // The deal: King card a1, bishop cards b1 and c1, knight cards d1 and
    // a2; then the bishop card's bluff b1-b4.
    for m in ["secrecy@a1", "secrecy@b1c1", "secrecy@d1a2", "b1b4"] {
        let (status, body) = server
            .post(&format!("/api/games/{id}/move/{m}"), t[0].as_deref(), None)
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    for _ in 0..3 {
        let event = blue.wait_for(|m| m["t"] == "move").await;
        assert_eq!(event["uci"], "?", "{event}");
    }
    let event = blue.wait_for(|m| m["t"] == "move").await;
    assert_eq!(event["uci"], "b1b4", "{event}");
    let leaks = |state: &Value| {
        let pieces = state["board"]["pieces"].as_array().unwrap();
        let shown = pieces
            .iter()
            .any(|p| p["seat"] == 0 && p["kind"].as_str().unwrap() != "u");
        shown
            || state["fen"].as_str().unwrap().contains("'cards'")
            || state["moves"].to_string().contains("secrecy@")
    };
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    assert!(!leaks(&spectator), "{spectator}");
    let (_, blue_state) = server.client(&id, t[1].as_deref()).await;
    assert!(!leaks(&blue_state), "{blue_state}");
    let challenge = blue_state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["uci"] == "challenge@b4")
        .cloned()
        .unwrap_or_else(|| panic!("no challenge offered: {blue_state}"));
    assert_eq!(challenge["power"], "challenge", "{challenge}");
    // The owner sees its cards.
    let (_, red_state) = server.client(&id, t[0].as_deref()).await;
    assert!(
        red_state["fen"].as_str().unwrap().contains("'cards'"),
        "{red_state}"
    );
    assert_eq!(red_state["moves"][0], "secrecy@a1", "{red_state}");
    // Blue challenges: a bluff, so the piece is lost and blue plays on.
    for m in ["challenge@b4", "b5c5"] {
        let (status, body) = server
            .post(&format!("/api/games/{id}/move/{m}"), t[1].as_deref(), None)
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    let pieces = after["board"]["pieces"].as_array().unwrap();
    assert!(!pieces.iter().any(|p| p["cell"] == "b4"), "{after}");
    assert!(!leaks(&after), "{after}");
    verify_store(&server.db, &[id]).await;
}

/// The start position is sent as each viewer sees it while the game runs
/// (a browser test found the truth in every full state): the Soviet
/// Union's cards lie in its start, so another seat's and a spectator's
/// `start_fen` hold unknown pieces and no cards, over a socket and over
/// HTTP, and in the spectators' record; the owner's holds its cards, and
/// everyone's once the game is over.
#[tokio::test]
async fn the_start_position_is_sent_as_the_viewer_sees_it() {
    let server = TestServer::start("start-view").await;
    let (id, t) = create_lineup(&server, "soviet-union", None).await;
    let start = |state: &Value| state["start_fen"].as_str().unwrap().to_string();
    let (_, blue) = server.client(&id, t[1].as_deref()).await;
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    for state in [&blue, &spectator] {
        assert!(!start(state).contains("'cards'"), "{state}");
        assert!(start(state).contains("rU,rU,rU,rU"), "{state}");
    }
    let (_, red) = server.client(&id, t[0].as_deref()).await;
    assert!(start(&red).contains("'cards'"), "{red}");
    // The spectators' record writes its positions as a spectator sees them.
    let (status, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert_eq!(status, 200, "{pgn4}");
    assert!(
        !pgn4.contains("'cards'") && pgn4.contains("rU,rU,rU,rU"),
        "{pgn4}"
    );
    for (seat, token) in t.iter().enumerate().skip(1) {
        let (status, body) = server
            .post(&format!("/api/games/{id}/resign"), token.as_deref(), None)
            .await;
        assert_eq!(status, 200, "{seat}: {body}");
    }
    let (_, over) = server.get(&format!("/api/games/{id}")).await;
    assert_ne!(over["status"], "started", "{over}");
    assert_eq!(start(&over), start(&red), "{over}");
}

/// The end of a game with hidden steps tells a socket that saw `?` the
/// true record (a browser test found the packing still `?` on the others'
/// pages once the game was over): the `end` event carries the true moves,
/// move list and position to another seat and a spectator.
#[tokio::test]
async fn the_end_event_carries_the_true_record() {
    let server = TestServer::start("end-truth").await;
    let (id, t) = create_lineup(&server, "mycenae", None).await;
    let (mut blue, _) = server.client(&id, t[1].as_deref()).await;
    let (mut watcher, _) = server.client(&id, None).await;
    for m in ["cargo@b1c1=kbp", "c1b3"] {
        let (status, body) = server
            .post(&format!("/api/games/{id}/move/{m}"), t[0].as_deref(), None)
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    for (seat, token) in t.iter().enumerate().skip(1) {
        let (status, body) = server
            .post(&format!("/api/games/{id}/resign"), token.as_deref(), None)
            .await;
        assert_eq!(status, 200, "{seat}: {body}");
    }
    for client in [&mut blue, &mut watcher] {
        let end = client.wait_for(|m| m["t"] == "end").await;
        // The two steps, then the three resignations (`R`).
        assert_eq!(
            end["moves"],
            json!(["cargo@b1c1=kbp", "c1b3", "R", "R", "R"]),
            "{end}"
        );
        assert_eq!(end["san"][0], "cargo@b1c1=kbp", "{end}");
        assert!(
            end["fen"]
                .as_str()
                .unwrap()
                .contains("'cargo':('b1=kbp/b3=rbpp'"),
            "{end}"
        );
    }
}

/// The Assassins' Guild's hidden knight on the server, over real sockets:
/// its owner sees it (marked hidden) and its moves; another seat and a
/// spectator see neither the knight nor its square, in the board, the FEN4,
/// the moves and SAN lists, the move events and the exports; once the game
/// is over, the true record is shown to all.
#[tokio::test]
async fn a_hidden_knight_is_shown_to_its_owner_only_until_the_end() {
    let server = TestServer::start("stealth").await;
    let (id, t) = create_lineup(&server, "assassins-guild", None).await;
    let (mut blue, _) = server.client(&id, t[1].as_deref()).await;
    let (mut watcher, _) = server.client(&id, None).await;
    for m in ["stealth@d1", "d1e3"] {
        let (status, body) = server
            .post(&format!("/api/games/{id}/move/{m}"), t[0].as_deref(), None)
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    // The move events: `?` for the others.
    for client in [&mut blue, &mut watcher] {
        for _ in 0..2 {
            let event = client.wait_for(|m| m["t"] == "move").await;
            assert_eq!(event["uci"], "?", "{event}");
            assert_eq!(event["san"], "?", "{event}");
            assert!(!event.to_string().contains("e3"), "{event}");
        }
    }
    let leaks = |state: &Value| {
        let pieces = state["board"]["pieces"].as_array().unwrap();
        let knight = pieces
            .iter()
            .any(|p| p["seat"] == 0 && p["kind"].as_str().unwrap().eq_ignore_ascii_case("n"));
        knight
            || state["fen"].as_str().unwrap().contains("rN")
            || state["moves"].to_string().contains("e3")
            || state["san"].to_string().contains("e3")
    };
    // A spectator's state and a seat's, from a fresh socket.
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    assert!(!leaks(&spectator), "{spectator}");
    assert_eq!(spectator["moves"], json!(["?", "?"]), "{spectator}");
    let (_, blue_state) = server.client(&id, t[1].as_deref()).await;
    assert!(!leaks(&blue_state), "{blue_state}");
    // The owner sees its knight, marked hidden, and its moves.
    let (_, red_state) = server.client(&id, t[0].as_deref()).await;
    assert_eq!(
        red_state["moves"],
        json!(["stealth@d1", "d1e3"]),
        "{red_state}"
    );
    let mine = red_state["board"]["pieces"].as_array().unwrap();
    assert!(
        mine.iter()
            .any(|p| p["cell"] == "e3" && p["hidden"] == true),
        "{red_state}"
    );
    // The exports: the view's FEN4, the record up to the hidden step.
    let (status, fen) = get_text(&server, &format!("/api/games/{id}/export?format=fen")).await;
    assert_eq!(status, 200, "{fen}");
    assert!(!fen.contains("rN") && fen.contains("'stealth'"), "{fen}");
    let (status, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert_eq!(status, 200, "{pgn4}");
    assert!(!pgn4.contains("e3") && !pgn4.contains("d1"), "{pgn4}");
    // The others resign: the game is over and the truth is shown.
    for (seat, token) in t.iter().enumerate().skip(1) {
        let (status, body) = server
            .post(&format!("/api/games/{id}/resign"), token.as_deref(), None)
            .await;
        assert_eq!(status, 200, "{seat}: {body}");
    }
    let (_, over) = server.get(&format!("/api/games/{id}")).await;
    assert_ne!(over["status"], "started", "{over}");
    assert_eq!(
        over["moves"].as_array().unwrap()[..2],
        [json!("stealth@d1"), json!("d1e3")],
        "{over}"
    );
    let board = over["board"]["pieces"].as_array().unwrap();
    assert!(board.iter().any(|p| p["cell"] == "e3"), "{over}");
    let (_, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert!(pgn4.contains("e3"), "{pgn4}");
    verify_store(&server.db, &[id]).await;
}

/// Mycenae's cargo on the server, over real sockets: the packing is `?`
/// for another seat and a spectator in the move events and lists; their
/// board, FEN4 and exports show the cargo of both knights together only
/// (the pool), never which knight holds what; the owner's board shows each
/// knight's cargo; a load, an unload and a burn play through the move
/// route and are public; the truth is shown to all at the end.
#[tokio::test]
async fn mycenaes_cargo_is_shown_to_its_owner_only_until_the_end() {
    let server = TestServer::start("cargo").await;
    let (id, t) = create_lineup(&server, "mycenae", None).await;
    let (mut blue, _) = server.client(&id, t[1].as_deref()).await;
    let (mut watcher, _) = server.client(&id, None).await;
    for m in ["cargo@b1c1=kbp", "c1b3"] {
        let (status, body) = server
            .post(&format!("/api/games/{id}/move/{m}"), t[0].as_deref(), None)
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    // The move events: `?` for the packing, the knight's move as made.
    for client in [&mut blue, &mut watcher] {
        let event = client.wait_for(|m| m["t"] == "move").await;
        assert_eq!(event["uci"], "?", "{event}");
        assert!(!event.to_string().contains("kbp"), "{event}");
        let event = client.wait_for(|m| m["t"] == "move").await;
        assert_eq!(event["uci"], "c1b3", "{event}");
    }
    let leaks = |state: &Value| {
        let cargo = state["board"]["cargo"].to_string();
        state["fen"].as_str().unwrap().contains("b1=")
            || state["fen"].as_str().unwrap().contains("b3=")
            || cargo.contains("\"b1\"")
            || cargo.contains("\"b3\"")
            || state["moves"].to_string().contains("kbp")
    };
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    assert!(!leaks(&spectator), "{spectator}");
    assert_eq!(spectator["moves"], json!(["?", "c1b3"]), "{spectator}");
    assert_eq!(
        spectator["board"]["cargo"],
        json!([{"seat": 0, "cell": null, "pieces": "krbbppp"}]),
        "{spectator}"
    );
    assert!(
        spectator["fen"].as_str().unwrap().contains("'?=krbbppp'"),
        "{spectator}"
    );
    let (_, blue_state) = server.client(&id, t[1].as_deref()).await;
    assert!(!leaks(&blue_state), "{blue_state}");
    // The owner sees each knight's cargo and its packing.
    let (_, red_state) = server.client(&id, t[0].as_deref()).await;
    assert_eq!(
        red_state["moves"],
        json!(["cargo@b1c1=kbp", "c1b3"]),
        "{red_state}"
    );
    assert_eq!(
        red_state["board"]["cargo"],
        json!([
            {"seat": 0, "cell": "b1", "pieces": "kbp"},
            {"seat": 0, "cell": "b3", "pieces": "rbpp"}
        ]),
        "{red_state}"
    );
    // The exports: the view's FEN4, the record up to the packing.
    let (status, fen) = get_text(&server, &format!("/api/games/{id}/export?format=fen")).await;
    assert_eq!(status, 200, "{fen}");
    assert!(fen.contains("'?=krbbppp'") && !fen.contains("b1="), "{fen}");
    let (status, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert_eq!(status, 200, "{pgn4}");
    assert!(!pgn4.contains("kbp"), "{pgn4}");
    // With a token, each seat exports its own view: the owner its packing
    // and each knight's cargo, another seat the pool; a forged token none.
    let export = |token: Option<String>, format: &'static str| {
        let path = format!("/api/games/{id}/export?format={format}");
        let server = &server;
        async move { get_text_as(server, &path, token.as_deref()).await }
    };
    let (status, fen) = export(t[0].clone(), "fen").await;
    assert_eq!(status, 200, "{fen}");
    assert!(fen.contains("'cargo':('b1=kbp/b3=rbpp'"), "{fen}");
    let (_, pgn4) = export(t[0].clone(), "pgn4").await;
    assert!(pgn4.contains("cargo@b1c1=kbp"), "{pgn4}");
    let (_, fen) = export(t[1].clone(), "fen").await;
    assert!(fen.contains("'?=krbbppp'") && !fen.contains("b1="), "{fen}");
    let (_, pgn4) = export(t[1].clone(), "pgn4").await;
    assert!(!pgn4.contains("kbp"), "{pgn4}");
    let (status, body) = export(Some("forged".into()), "fen").await;
    assert_eq!(status, 403, "{body}");
    // An unload is public: the others see it as made.
    for (seat, m) in [(1, "b5c5"), (2, "g7g6"), (3, "g4f4"), (0, "cargo@b3c4=r")] {
        let (status, body) = server
            .post(
                &format!("/api/games/{id}/move/{m}"),
                t[seat].as_deref(),
                None,
            )
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    let moves = spectator["moves"].as_array().unwrap();
    assert_eq!(moves.last().unwrap(), "cargo@b3c4=r", "{spectator}");
    assert_eq!(
        spectator["board"]["cargo"],
        json!([{"seat": 0, "cell": null, "pieces": "kbbppp"}]),
        "{spectator}"
    );
    // The others resign: the truth is shown to all.
    for (seat, token) in t.iter().enumerate().skip(1) {
        let (status, body) = server
            .post(&format!("/api/games/{id}/resign"), token.as_deref(), None)
            .await;
        assert_eq!(status, 200, "{seat}: {body}");
    }
    let (_, over) = server.get(&format!("/api/games/{id}")).await;
    assert_ne!(over["status"], "started", "{over}");
    assert_eq!(over["moves"][0], "cargo@b1c1=kbp", "{over}");
    let (_, pgn4) = get_text(&server, &format!("/api/games/{id}/export?format=pgn4")).await;
    assert!(pgn4.contains("cargo@b1c1=kbp"), "{pgn4}");
    verify_store(&server.db, &[id]).await;
}

/// A page that joined before the game began holds no legal moves (none are
/// offered while seats are open): the start brings them in a `state` event.
#[tokio::test]
async fn a_client_connected_before_the_start_gets_its_legal_moves_at_the_start() {
    let server = TestServer::start("start").await;
    let created = server
        .create(json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "open"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let code = created["seats"][1]["code"].as_str().unwrap();
    let white = tokens(&created)[0].clone().unwrap();
    let (mut w, full) = server.client(&id, Some(&white)).await;
    assert_eq!(full["status"], "created");
    assert_eq!(full["legal"].as_array().unwrap().len(), 0);
    let (status, joined) = server.join(&id, 1, code).await;
    assert_eq!(status, 200, "{joined}");
    let start = w.wait_for(|m| m["t"] == "state").await;
    assert_eq!(
        (start["what"].as_str(), start["status"].as_str()),
        (Some("start"), Some("started"))
    );
    assert_eq!(start["legal"].as_array().unwrap().len(), 20);
}
