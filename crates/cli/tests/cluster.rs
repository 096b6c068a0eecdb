//! Several real `tetrarch serve` nodes on one PostgreSQL database (the one
//! `TETRARCH_TEST_POSTGRES` names; each test makes a database of its own on
//! it): clients on different nodes play games to the end; a node killed
//! with SIGKILL, or two at once, hands its games to the others with every
//! acknowledged move kept and none played twice; a node cut off from the
//! database gives its games up rather than play on alone.

mod games_api;
use futures_util::SinkExt;
use games_api::{Socket, next_json};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// Short leases keep the tests short: a dead node's games move after
/// about this long.
const LEASE_MS: &str = "1500";
/// A generous bound on a takeover (the lease, a scan, the load).
const TAKEOVER: Duration = Duration::from_secs(15);
/// Scholar's mate: seven plies, the last one mates.
const SCRIPT: [&str; 7] = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];

/// A database of one test on the test cluster.
struct TestDb {
    admin: String,
    name: String,
    url: String,
}

impl TestDb {
    /// Drops the database once the test's nodes are gone (a test that
    /// fails leaves it for a look).
    async fn drop_now(self) {
        use sqlx::Connection;
        let Ok(mut conn) = sqlx::AnyConnection::connect(&self.admin).await else {
            return;
        };
        let sql = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        let _ = sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&mut conn)
            .await;
    }
}

/// A new database on the test cluster, or `None` (with a note) when no
/// PostgreSQL is given.
async fn fresh_database(tag: &str) -> Option<TestDb> {
    use sqlx::Connection;
    let url = match std::env::var("TETRARCH_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => url,
        _ => {
            eprintln!("TETRARCH_TEST_POSTGRES is not set: the cluster test {tag} did not run");
            return None;
        }
    };
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&url)
        .await
        .expect("connect to the test PostgreSQL");
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .subsec_nanos();
    let name = format!("cluster_{tag}_{}_{nanos}", std::process::id());
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .expect("CREATE DATABASE");
    let base = url.rsplit_once('/').expect("a database URL").0;
    Some(TestDb {
        url: format!("{base}/{name}"),
        admin: url,
        name,
    })
}

/// A running node.
struct Node {
    child: Child,
    base: String,
}

impl Node {
    /// `tetrarch serve` on `db`, waiting for the URL it prints.
    fn start(db: &str) -> Node {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tetrarch"))
            .args(["serve", "--listen", "127.0.0.1:0", "--log", "warn"])
            .args(["--http-rate", "0", "--lease-ms", LEASE_MS, "--db", db])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tetrarch serve");
        let (tx, rx) = std::sync::mpsc::channel();
        let out = child.stdout.take().expect("stdout");
        let pid = child.id();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if let Some(at) = line.find("http://") {
                    let _ = tx.send(line[at..].trim_end_matches('/').to_string());
                } else {
                    eprintln!("node {pid}: {line}");
                }
            }
        });
        let Ok(base) = rx.recv_timeout(Duration::from_secs(60)) else {
            let _ = child.kill();
            panic!("serve printed no URL");
        };
        eprintln!("node {} at {base}", child.id());
        Node { child, base }
    }

    /// SIGKILL: no chance to release anything.
    fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reap");
    }

    fn ws_url(&self, id: &str) -> String {
        let base = self.base.replacen("http://", "ws://", 1);
        format!("{base}/api/games/{id}/ws")
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game and its seats' tokens.
struct Game {
    id: String,
    tokens: Vec<String>,
}

/// `POST /api/games` on `node`: a timed chess game of two players.
async fn create(http: &reqwest::Client, node: &Node) -> Game {
    let (id, tokens) = games_api::create_chess_game(http, &node.base).await;
    Game { id, tokens }
}

/// The game's state as `node` shows it, if it answers 200.
async fn state(http: &reqwest::Client, node: &Node, id: &str) -> Option<Value> {
    let r = http
        .get(format!("{}/api/games/{id}", node.base))
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .ok()?;
    if r.status() != 200 {
        return None;
    }
    r.json().await.ok()
}

fn moves_of(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("a move").to_string())
        .collect()
}

/// Plays ply `ply` of the script through `nodes` (the first that answers,
/// from `first` on), retrying while the game moves between nodes. A move
/// whose answer was lost but which the game has is played, not replayed.
async fn play(http: &reqwest::Client, nodes: &[&Node], first: usize, game: &Game, ply: usize) {
    play_move(http, nodes, first, game, ply, SCRIPT[ply]).await;
}

/// [`play`] with move `mv` at ply `ply`.
async fn play_move(
    http: &reqwest::Client,
    nodes: &[&Node],
    first: usize,
    game: &Game,
    ply: usize,
    mv: &str,
) {
    let deadline = Instant::now() + TAKEOVER;
    let token = &game.tokens[ply % 2];
    let mut attempt = first;
    loop {
        let node = nodes[attempt % nodes.len()];
        attempt += 1;
        let url = format!("{}/api/games/{}/move/{mv}", node.base, game.id);
        let sent = http
            .post(url)
            .bearer_auth(token)
            .timeout(Duration::from_secs(10))
            .send()
            .await;
        if let Ok(r) = sent {
            let status = r.status();
            let body: Value = r.json().await.unwrap_or(Value::Null);
            if status == 200 {
                assert_eq!(body["ply"], ply + 1, "{}: {body}", game.id);
                return;
            }
            if let Some(now) = state(http, node, &game.id).await
                && moves_of(&now).len() > ply
            {
                assert_eq!(moves_of(&now)[ply], mv);
                return;
            }
        }
        assert!(
            Instant::now() < deadline,
            "{}: ply {ply} not played within {TAKEOVER:?}",
            game.id
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The game, once its state on `node` shows all `plies` moves.
async fn settled(http: &reqwest::Client, node: &Node, id: &str, plies: usize) -> Value {
    let deadline = Instant::now() + TAKEOVER;
    loop {
        if let Some(s) = state(http, node, id).await
            && moves_of(&s).len() >= plies
        {
            return s;
        }
        assert!(Instant::now() < deadline, "{id}: not {plies} plies");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Asserts the game was played exactly as scripted and ended in mate.
async fn assert_mated(http: &reqwest::Client, node: &Node, game: &Game) {
    let end = settled(http, node, &game.id, SCRIPT.len()).await;
    assert_eq!(moves_of(&end), SCRIPT, "{}: {end}", game.id);
    assert_eq!(end["status"], "finished", "{end}");
    assert_eq!(end["outcome"]["reason"], "checkmate", "{end}");
}

/// A player's socket that keeps the moves it has seen, as a client does.
struct Watcher {
    socket: Socket,
    moves: Vec<String>,
    v: u64,
    epoch: u64,
}

impl Watcher {
    /// Connects to `node` and says hello, with where it stands if it was
    /// connected before (`prior`); a socket closed before the answer (the
    /// game is moving between nodes) is opened again, as a client does.
    async fn connect(node: &Node, id: &str, token: &str, prior: Option<&Watcher>) -> Watcher {
        let deadline = Instant::now() + TAKEOVER;
        loop {
            if let Some(watcher) = Watcher::try_connect(node, id, token, prior).await {
                return watcher;
            }
            assert!(
                Instant::now() < deadline,
                "{id}: no answer to hello on {}",
                node.base
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn try_connect(
        node: &Node,
        id: &str,
        token: &str,
        prior: Option<&Watcher>,
    ) -> Option<Watcher> {
        let (mut socket, _) = tokio_tungstenite::connect_async(node.ws_url(id))
            .await
            .ok()?;
        let mut hello = json!({"t": "hello", "protocol": 1, "token": token});
        if let Some(prior) = prior {
            hello["epoch"] = json!(prior.epoch);
            hello["v"] = json!(prior.v);
        }
        socket.send(Message::text(hello.to_string())).await.ok()?;
        let mut watcher = Watcher {
            socket,
            moves: prior.map(|p| p.moves.clone()).unwrap_or_default(),
            v: prior.map_or(0, |p| p.v),
            epoch: prior.map_or(0, |p| p.epoch),
        };
        let first = next_json(&mut watcher.socket).await?;
        watcher.take(&first);
        Some(watcher)
    }

    /// Folds one message in.
    fn take(&mut self, m: &Value) {
        match m["t"].as_str() {
            Some("full") => {
                self.moves = moves_of(m);
                self.epoch = m["epoch"].as_u64().expect("epoch");
            }
            Some("move") => self.moves.push(m["uci"].as_str().expect("uci").to_string()),
            Some("synced") => self.epoch = m["epoch"].as_u64().expect("epoch"),
            _ => {}
        }
        if let Some(v) = m["v"].as_u64() {
            self.v = self.v.max(v);
        }
    }

    /// Reads until it has seen `plies` moves, reconnecting to `node` from
    /// where it was whenever its socket closes (its game moved), as a
    /// client does.
    async fn follow(mut self, node: &Node, id: &str, token: &str, plies: usize) -> Watcher {
        let deadline = Instant::now() + TAKEOVER;
        while !self.until(plies).await {
            assert!(Instant::now() < deadline, "{id}: not {plies} plies seen");
            self = Watcher::connect(node, id, token, Some(&self)).await;
        }
        self
    }

    /// Reads until it has seen `plies` moves; false if the socket closed.
    async fn until(&mut self, plies: usize) -> bool {
        while self.moves.len() < plies {
            match next_json(&mut self.socket).await {
                Some(m) => self.take(&m),
                None => return false,
            }
        }
        true
    }
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .expect("HTTP client")
}

/// A fresh database, three nodes on it, and `games` chess games created
/// on the nodes in turn (so each node owns some); `None` without
/// PostgreSQL.
async fn three_nodes(
    tag: &str,
    games: usize,
) -> Option<(TestDb, reqwest::Client, Vec<Node>, Vec<Game>)> {
    let test_db = fresh_database(tag).await?;
    let db = test_db.url.clone();
    let http = http();
    let nodes: Vec<Node> = (0..3).map(|_| Node::start(&db)).collect();
    let mut created = Vec::new();
    for g in 0..games {
        created.push(create(&http, &nodes[g % 3]).await);
    }
    Some((test_db, http, nodes, created))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_survive_a_node_killed_in_the_middle() {
    // Six games, two created (so owned) on each node; each ply goes to
    // another node than the one before.
    let Some((test_db, http, mut nodes, games)) = three_nodes("kill", 6).await else {
        return;
    };
    // The lobby is the same on every node (it is passed on by NOTIFY).
    for node in &nodes {
        let deadline = Instant::now() + TAKEOVER;
        loop {
            let r = http.get(format!("{}/api/lobby", node.base)).send().await;
            let lobby: Value = r.expect("lobby").json().await.expect("JSON");
            let listed = lobby["games"].as_array().expect("games").len();
            if listed >= games.len() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{} lists {listed} games",
                node.base
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    // Black's client of every game watches from node 0, the one to die.
    let mut watchers = Vec::new();
    for game in &games {
        watchers.push(Watcher::connect(&nodes[0], &game.id, &game.tokens[1], None).await);
    }
    {
        let all: Vec<&Node> = nodes.iter().collect();
        for ply in 0..3 {
            for (g, game) in games.iter().enumerate() {
                play(&http, &all, g + ply + 1, game, ply).await;
            }
        }
    }
    let mut seen = Vec::new();
    for (game, w) in games.iter().zip(watchers) {
        seen.push(w.follow(&nodes[0], &game.id, &game.tokens[1], 3).await);
    }
    let watchers = seen;
    nodes[0].kill();
    let killed_at = Instant::now();
    let alive: Vec<&Node> = nodes[1..].iter().collect();
    // Black's clients reconnect elsewhere with what they have.
    let mut resumed = Vec::new();
    for (g, (game, old)) in games.iter().zip(&watchers).enumerate() {
        let node = alive[g % 2];
        resumed.push(Watcher::connect(node, &game.id, &game.tokens[1], Some(old)).await);
    }
    for ply in 3..SCRIPT.len() {
        for (g, game) in games.iter().enumerate() {
            play(&http, &alive, g + ply, game, ply).await;
        }
    }
    eprintln!(
        "the games finished {:?} after the kill",
        killed_at.elapsed()
    );
    for (g, (game, w)) in games.iter().zip(resumed).enumerate() {
        assert_mated(&http, alive[0], game).await;
        assert_mated(&http, alive[1], game).await;
        // The resumed client missed nothing: every move once, in order.
        let w = w
            .follow(alive[g % 2], &game.id, &game.tokens[1], SCRIPT.len())
            .await;
        assert_eq!(w.moves, SCRIPT, "{}", game.id);
    }
    drop(nodes);
    test_db.drop_now().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_restarted_at_once_lose_nothing() {
    let Some((test_db, http, mut nodes, games)) = three_nodes("restart", 3).await else {
        return;
    };
    let db = test_db.url.clone();
    {
        let all: Vec<&Node> = nodes.iter().collect();
        for ply in 0..4 {
            for (g, game) in games.iter().enumerate() {
                play(&http, &all, g + ply, game, ply).await;
            }
        }
    }
    nodes[0].kill();
    nodes[1].kill();
    nodes[0] = Node::start(&db);
    nodes[1] = Node::start(&db);
    let all: Vec<&Node> = nodes.iter().collect();
    for ply in 4..SCRIPT.len() {
        for (g, game) in games.iter().enumerate() {
            play(&http, &all, g + ply, game, ply).await;
        }
    }
    for game in &games {
        for node in &nodes {
            assert_mated(&http, node, game).await;
        }
    }
    drop(nodes);
    test_db.drop_now().await;
}

/// A TCP proxy to PostgreSQL that can be cut: every connection through it
/// drops and new ones are closed at once, as when a node loses its network.
struct Proxy {
    addr: SocketAddr,
    cut: Arc<AtomicBool>,
}

impl Proxy {
    async fn start(to: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let cut = Arc::new(AtomicBool::new(false));
        let flag = cut.clone();
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if flag.load(Ordering::SeqCst) {
                    continue;
                }
                let flag = flag.clone();
                tokio::spawn(async move {
                    let Ok(mut server) = TcpStream::connect(to).await else {
                        return;
                    };
                    let copy = tokio::io::copy_bidirectional(&mut client, &mut server);
                    let watch = async {
                        while !flag.load(Ordering::SeqCst) {
                            tokio::time::sleep(Duration::from_millis(20)).await;
                        }
                    };
                    tokio::select! {
                        _ = copy => {}
                        _ = watch => {}
                    }
                });
            }
        });
        Proxy { addr, cut }
    }

    fn cut(&self, cut: bool) {
        self.cut.store(cut, Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_the_database_gives_its_games_up() {
    let Some(test_db) = fresh_database("partition").await else {
        return;
    };
    let db = test_db.url.clone();
    let host_port = db
        .split('@')
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("host:port in the URL")
        .to_string();
    let pg: SocketAddr = tokio::net::lookup_host(&host_port)
        .await
        .expect("resolve")
        .next()
        .expect("an address");
    let proxy = Proxy::start(pg).await;
    let through_proxy = db.replacen(&host_port, &proxy.addr.to_string(), 1);
    let http = http();
    let cut_off = Node::start(&through_proxy);
    let other = Node::start(&db);
    // Created on the node to be cut off, which owns it.
    let game = create(&http, &cut_off).await;
    play(&http, &[&cut_off], 0, &game, 0).await;
    play(&http, &[&other], 0, &game, 1).await;
    proxy.cut(true);
    // Moves the database stored before the cut took hold are kept, rightly.
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The cut-off node plays no move for its game, however long it tries.
    let cut_at = Instant::now();
    let mut refused = 0;
    while cut_at.elapsed() < Duration::from_secs(3) {
        let url = format!("{}/api/games/{}/move/{}", cut_off.base, game.id, SCRIPT[2]);
        let r = http
            .post(url)
            .bearer_auth(&game.tokens[0])
            .timeout(Duration::from_secs(15))
            .send()
            .await
            .expect("the cut-off node still answers HTTP");
        assert_ne!(
            r.status(),
            200,
            "a node cut off from the database played a move"
        );
        refused += 1;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert!(refused > 0);
    // The other node takes the game over and it goes on there.
    for ply in 2..5 {
        play(&http, &[&other], 0, &game, ply).await;
    }
    // Back on the network, the node that gave the game up writes nothing
    // of its own: it passes moves on to the owner.
    proxy.cut(false);
    play(&http, &[&cut_off, &other], 0, &game, 5).await;
    play(&http, &[&cut_off, &other], 0, &game, 6).await;
    assert_mated(&http, &other, &game).await;
    assert_mated(&http, &cut_off, &game).await;
    drop((cut_off, other));
    test_db.drop_now().await;
}

/// Sends `mv` at `ply` as the seat of `token` through a socket on `node`;
/// the server's answer (an `ack` or an `error`), or `None` if the socket
/// closed first (the game is moving).
async fn move_through(node: &Node, id: &str, token: &str, mv: &str, ply: usize) -> Option<Value> {
    let (mut socket, _) = tokio_tungstenite::connect_async(node.ws_url(id))
        .await
        .ok()?;
    let hello = json!({"t": "hello", "protocol": 1, "token": token});
    socket.send(Message::text(hello.to_string())).await.ok()?;
    let message = json!({"t": "move", "id": 7, "move": mv, "ply": ply});
    socket.send(Message::text(message.to_string())).await.ok()?;
    loop {
        let m = next_json(&mut socket).await?;
        let answer = matches!(m["t"].as_str(), Some("ack") | Some("error")) && m["id"] == 7;
        if answer {
            return Some(m);
        }
    }
}

/// [`move_through`] until answered.
async fn answered(node: &Node, id: &str, token: &str, mv: &str, ply: usize) -> Value {
    let deadline = Instant::now() + TAKEOVER;
    loop {
        if let Some(answer) = move_through(node, id, token, mv, ply).await {
            return answer;
        }
        assert!(
            Instant::now() < deadline,
            "{mv} not answered by {}",
            node.base
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The same move at the same ply through two nodes at once; both answers.
async fn race(nodes: [&Node; 2], id: &str, token: &str, mv: &str, ply: usize) -> [Value; 2] {
    let (a, b) = tokio::join!(
        answered(nodes[0], id, token, mv, ply),
        answered(nodes[1], id, token, mv, ply)
    );
    [a, b]
}

/// Exactly one of two racing answers played the move; the other was told
/// it was played already (or that the game moved on).
fn played_once(answers: &[Value; 2]) {
    let fresh = answers
        .iter()
        .filter(|a| a["t"] == "ack" && a["duplicate"] == false)
        .count();
    let others_fine = answers.iter().all(|a| {
        a["t"] == "ack" || matches!(a["code"].as_str(), Some("stale") | Some("not-your-turn"))
    });
    assert!(fresh == 1 && others_fine, "{answers:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_nodes_play_a_move_once() {
    let Some(test_db) = fresh_database("race").await else {
        return;
    };
    let http = http();
    let mut nodes: Vec<Node> = (0..3).map(|_| Node::start(&test_db.url)).collect();
    let game = create(&http, &nodes[0]).await;
    // Two clients of White on two nodes that both relay to the owner.
    let answers = race(
        [&nodes[1], &nodes[2]],
        &game.id,
        &game.tokens[0],
        SCRIPT[0],
        0,
    )
    .await;
    played_once(&answers);
    // The owner dies; the two other nodes race to take the game over while
    // Black's two clients race to move through them.
    nodes[0].kill();
    let answers = race(
        [&nodes[1], &nodes[2]],
        &game.id,
        &game.tokens[1],
        SCRIPT[1],
        1,
    )
    .await;
    played_once(&answers);
    for node in &nodes[1..] {
        let end = settled(&http, node, &game.id, 2).await;
        assert_eq!(moves_of(&end), SCRIPT[..2], "{end}");
    }
    drop(nodes);
    test_db.drop_now().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_too_long_for_a_notification_cross_through_the_table() {
    let Some(test_db) = fresh_database("long").await else {
        return;
    };
    let http = http();
    let nodes: Vec<Node> = (0..2).map(|_| Node::start(&test_db.url)).collect();
    let body = json!({"variant": "fourway-teams", "seats": [{"kind": "me"}, {"kind": "me"}, {"kind": "me"}, {"kind": "me"}]});
    let r = http
        .post(format!("{}/api/games", nodes[0].base))
        .json(&body)
        .send()
        .await
        .expect("POST /api/games");
    let created: Value = r.json().await.expect("JSON");
    let id = created["id"].as_str().expect("id");
    // Four plies played through node 1, which relays them to node 0.
    for seat in created["seats"].as_array().expect("seats") {
        let token = seat["token"].as_str().expect("token");
        let url = format!("{}/api/games/{id}", nodes[1].base);
        let r = http
            .get(url)
            .bearer_auth(token)
            .send()
            .await
            .expect("state");
        let state: Value = r.json().await.expect("JSON");
        let mv = state["legal"][0]["uci"].as_str().expect("a legal move");
        let url = format!("{}/api/games/{id}/move/{mv}", nodes[1].base);
        let r = http
            .post(url)
            .bearer_auth(token)
            .send()
            .await
            .expect("move");
        assert_eq!(r.status(), 200);
    }
    // The boards after every ply are longer than a notification may be.
    let boards = |node: &Node| {
        http.get(format!("{}/api/games/{id}/boards", node.base))
            .send()
    };
    let owner = boards(&nodes[0])
        .await
        .expect("boards")
        .text()
        .await
        .expect("text");
    let relayed = boards(&nodes[1])
        .await
        .expect("boards")
        .text()
        .await
        .expect("text");
    assert!(owner.len() > 8000, "{} bytes only", owner.len());
    assert_eq!(relayed, owner);
    drop(nodes);
    test_db.drop_now().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_plays_on_on_the_node_that_takes_its_game_over() {
    let Some(test_db) = fresh_database("bot").await else {
        return;
    };
    let http = http();
    let mut nodes: Vec<Node> = (0..3).map(|_| Node::start(&test_db.url)).collect();
    let body = json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "bot", "level": 1}]});
    let r = http
        .post(format!("{}/api/games", nodes[0].base))
        .json(&body)
        .send()
        .await
        .expect("POST /api/games");
    let created: Value = r.json().await.expect("JSON");
    let game = Game {
        id: created["id"].as_str().expect("id").to_string(),
        tokens: vec![
            created["seats"][0]["token"]
                .as_str()
                .expect("token")
                .to_string(),
        ],
    };
    // White's knight goes out and back: nothing the bot can take or mate.
    play_move(&http, &[&nodes[1]], 0, &game, 0, "g1f3").await;
    let before = moves_of(&settled(&http, &nodes[1], &game.id, 2).await);
    nodes[0].kill();
    let alive: Vec<&Node> = nodes[1..].iter().collect();
    play_move(&http, &alive, 0, &game, 2, "f3g1").await;
    settled(&http, alive[1], &game.id, 4).await;
    play_move(&http, &alive, 1, &game, 4, "g1f3").await;
    let end = settled(&http, alive[0], &game.id, 6).await;
    let moves = moves_of(&end);
    assert_eq!(moves[..2], before[..], "{end}");
    assert_eq!(
        (&moves[2], &moves[4]),
        (&"f3g1".to_string(), &"g1f3".to_string())
    );
    assert_eq!(moves.len(), 6, "the bot answered each move once: {end}");
    drop(nodes);
    test_db.drop_now().await;
}
