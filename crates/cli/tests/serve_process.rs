//! The real `tetrarch serve` binary as an operator runs it: killed with
//! SIGKILL in the middle of several games and started again on the same
//! SQLite file, it has every acknowledged move and the clocks run on; a
//! database it must not or cannot use stops it at start with one clear
//! line on stderr and a non-zero exit, never a panic.

mod games_api;
use futures_util::SinkExt;
use games_api::{Socket, next_json};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A fresh directory for one test's database.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create test directory");
    dir
}

/// `tetrarch serve` on the SQLite file `db`.
fn serve_command(db: &Path) -> Command {
    serve_url_command(&format!("sqlite://{}", db.display()))
}

/// `tetrarch serve` on the database at `url`, on a free port.
fn serve_url_command(url: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tetrarch"));
    command
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--log",
            "warn",
            "--http-rate",
            "0",
        ])
        .arg("--db")
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// A running `tetrarch serve`.
struct Serve {
    child: Child,
    base: String,
    stderr: Arc<Mutex<String>>,
}

impl Serve {
    /// Starts the binary on `db` and waits for the URL it prints.
    fn start(db: &Path) -> Serve {
        let mut child = serve_command(db).spawn().expect("start tetrarch serve");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err = child.stderr.take().expect("stderr");
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = err.read_to_string(&mut text);
            sink.lock().expect("stderr lock").push_str(&text);
        });
        let (tx, rx) = std::sync::mpsc::channel();
        let out = child.stdout.take().expect("stdout");
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if let Some(at) = line.find("http://") {
                    let _ = tx.send(line[at..].trim_end_matches('/').to_string());
                }
            }
        });
        let Ok(base) = rx.recv_timeout(Duration::from_secs(60)) else {
            let _ = child.kill();
            panic!(
                "serve printed no URL; stderr: {}",
                stderr.lock().expect("lock")
            );
        };
        Serve {
            child,
            base,
            stderr,
        }
    }

    /// SIGKILL: no chance to flush or close anything.
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reap");
    }

    fn ws_url(&self, id: &str) -> String {
        format!(
            "{}/api/games/{id}/ws",
            self.base.replacen("http://", "ws://", 1)
        )
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let errors = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        if errors.contains("panicked") {
            eprintln!("serve stderr: {errors}");
        }
    }
}

/// One seat's connection to one game.
struct Player {
    socket: Socket,
    next_id: u64,
}

impl Player {
    /// Connects and says hello with the seat's token; the full state.
    async fn join(serve: &Serve, id: &str, token: &str) -> (Player, Value) {
        let (mut socket, _) = tokio_tungstenite::connect_async(serve.ws_url(id))
            .await
            .expect("WebSocket");
        let hello = json!({"t": "hello", "protocol": 1, "token": token});
        socket
            .send(Message::text(hello.to_string()))
            .await
            .expect("hello");
        let full = next_json(&mut socket).await.expect("full state");
        assert_eq!(full["t"], "full", "{full}");
        (Player { socket, next_id: 1 }, full)
    }

    /// Sends `uci` and reads until its answer; the `move` event it caused
    /// and whether the server acknowledged it. `None`: the socket closed.
    async fn play(&mut self, uci: &str, ply: u64) -> Option<(Value, bool)> {
        let id = self.next_id;
        self.next_id += 1;
        let message = json!({"t": "move", "id": id, "move": uci, "ply": ply});
        self.socket
            .send(Message::text(message.to_string()))
            .await
            .ok()?;
        let mut event = Value::Null;
        loop {
            let m = next_json(&mut self.socket).await?;
            match m["t"].as_str() {
                Some("move") if m["uci"] == uci => event = m,
                Some("ack") if m["id"] == id => return Some((event, true)),
                Some("error") if m["id"] == id => return Some((m, false)),
                _ => {}
            }
        }
    }
}

/// `POST /api/games`: a timed chess game whose seats are all the
/// creator's; its id and the seats' tokens.
async fn create_game(http: &reqwest::Client, serve: &Serve) -> (String, Vec<String>) {
    games_api::create_chess_game(http, &serve.base).await
}

async fn game_state(http: &reqwest::Client, serve: &Serve, id: &str) -> Value {
    let r = http
        .get(format!("{}/api/games/{id}", serve.base))
        .send()
        .await
        .expect("GET /api/games/{id}");
    assert_eq!(r.status(), 200, "GET game {id}");
    r.json().await.expect("JSON")
}

/// Each seat's clock in a state or event.
fn clocks_of(state: &Value) -> Vec<i64> {
    state["clocks_ms"]
        .as_array()
        .expect("clocks_ms")
        .iter()
        .map(|c| c.as_i64().expect("clock"))
        .collect()
}

/// One game's moves as its players saw them acknowledged.
#[derive(Clone, Default)]
struct Acknowledged {
    moves: Vec<String>,
    /// A move sent whose answer had not come when the server died.
    in_flight: Option<String>,
    /// The clocks in the `move` event of the last acknowledged move.
    clocks_ms: Vec<i64>,
}

/// A legal move of the seat to move, from an event's `legal` list:
/// varied by game and ply, so the games differ.
fn pick(event: &Value, game: usize) -> Option<String> {
    let legal = event["legal"].as_array()?;
    if legal.is_empty() {
        return None;
    }
    let ply = event["ply"].as_u64().unwrap_or(0) as usize;
    let choice = &legal[(ply * 7 + game * 3) % legal.len()];
    choice["uci"].as_str().map(str::to_string)
}

/// Plays game `index` with both its seats until its socket dies (or the
/// game ends), writing down every acknowledged move.
async fn play_on(
    mut players: Vec<Player>,
    mut last: Value,
    index: usize,
    log: Arc<Mutex<Acknowledged>>,
) {
    loop {
        if last["status"] != "started" {
            return;
        }
        let Some(uci) = pick(&last, index) else {
            return;
        };
        let ply = log.lock().expect("log").moves.len() as u64;
        let seat = last["turn"].as_u64().expect("turn") as usize;
        log.lock().expect("log").in_flight = Some(uci.clone());
        let Some((event, acked)) = players[seat].play(&uci, ply).await else {
            return;
        };
        assert!(acked, "game {index}: {uci} refused: {event}");
        let mut log = log.lock().expect("log");
        log.moves.push(uci);
        log.in_flight = None;
        log.clocks_ms = clocks_of(&event);
        drop(log);
        last = event;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_in_the_middle_of_games_loses_no_acknowledged_move() {
    let dir = temp_dir("crash");
    let db = dir.join("games.db");
    let http = reqwest::Client::new();
    let serve = Serve::start(&db);
    const GAMES: usize = 4;
    let mut ids = Vec::new();
    let mut logs = Vec::new();
    let mut tasks = Vec::new();
    for index in 0..GAMES {
        let (id, tokens) = create_game(&http, &serve).await;
        let mut players = Vec::new();
        let mut full = Value::Null;
        for token in &tokens {
            let (player, state) = Player::join(&serve, &id, token).await;
            players.push(player);
            full = state;
        }
        let log = Arc::new(Mutex::new(Acknowledged::default()));
        ids.push((id, tokens));
        logs.push(log.clone());
        tasks.push(tokio::spawn(play_on(players, full, index, log)));
    }
    // Let every game get past both seats' first moves (their clocks then
    // run), then kill the server while moves are in flight.
    let deadline = Instant::now() + Duration::from_secs(60);
    while logs.iter().any(|l| l.lock().expect("log").moves.len() < 6) {
        assert!(Instant::now() < deadline, "games too slow to reach 6 plies");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(150)).await;
    serve.kill();
    for task in tasks {
        task.await.expect("player task");
    }
    let in_flight = logs
        .iter()
        .filter(|l| l.lock().expect("log").in_flight.is_some())
        .count();
    eprintln!("killed with {in_flight} of {GAMES} games waiting for a move's answer");
    // Down for a while: that time must be charged to nobody.
    tokio::time::sleep(Duration::from_secs(1)).await;

    let restarted = Instant::now();
    let serve = Serve::start(&db);
    for (index, ((id, tokens), log)) in ids.iter().zip(&logs).enumerate() {
        let log = log.lock().expect("log").clone();
        let asked = Instant::now();
        let first = game_state(&http, &serve, id).await;
        let since_restart = restarted.elapsed().as_millis() as i64;
        let stored: Vec<String> = first["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("move text").to_string())
            .collect();
        assert!(
            stored.len() >= log.moves.len() && stored[..log.moves.len()] == log.moves[..],
            "game {index}: acknowledged {:?}, stored {stored:?}",
            log.moves
        );
        // Beyond the acknowledged moves only the one in flight may be stored.
        let extra = &stored[log.moves.len()..];
        assert!(
            extra.is_empty()
                || (extra.len() == 1 && log.in_flight.as_deref() == Some(extra[0].as_str())),
            "game {index}: stored {extra:?} beyond the acknowledged moves (in flight: {:?})",
            log.in_flight
        );
        assert_eq!(first["status"], "started", "game {index}: {first}");
        let turn = first["turn"].as_u64().expect("turn") as usize;
        let other = 1 - turn;
        let now = clocks_of(&first);
        if extra.is_empty() {
            // The clocks stand as stored with the last move: the mover's has
            // run only since the restart, not while the server was down
            // (1 ms of rounding allowed); the other's has not moved.
            let charged = log.clocks_ms[turn] - now[turn];
            assert!(
                (0..=since_restart + 1).contains(&charged),
                "game {index}: seat {turn} was charged {charged} ms, {since_restart} ms after \
                 the restart began"
            );
            assert_eq!(
                now[other], log.clocks_ms[other],
                "game {index}: seat {other}"
            );
        }

        // The clock of the seat to move runs on; the other stands.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let second = game_state(&http, &serve, id).await;
        // An upper bound: from before the first request to after the second.
        let between = asked.elapsed().as_millis() as i64;
        let later = clocks_of(&second);
        let ran = now[turn] - later[turn];
        assert!(
            ran > 0 && ran <= between + 1,
            "game {index}: seat {turn}'s clock ran {ran} ms in {between} ms"
        );
        assert_eq!(
            now[other], later[other],
            "game {index}: seat {other}'s clock moved"
        );

        // And the game goes on with the seats' old tokens.
        let (mut player, full) = Player::join(&serve, id, &tokens[turn]).await;
        assert_eq!(full["moves"].as_array().expect("moves").len(), stored.len());
        let uci = pick(&full, index).expect("a legal move");
        let (event, acked) = player
            .play(&uci, stored.len() as u64)
            .await
            .expect("answer");
        assert!(acked, "game {index}: {uci} after the restart: {event}");
        let third = game_state(&http, &serve, id).await;
        assert_eq!(
            third["moves"].as_array().expect("moves").len(),
            stored.len() + 1
        );
    }
}

/// Runs `command` (a `tetrarch serve`), which must refuse to start; its
/// exit status and standard error.
fn refused_start(mut command: Command, what: &str) -> (ExitStatus, String) {
    let mut child = command.spawn().expect("start tetrarch serve");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("tetrarch serve started on {what} instead of refusing");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("read stderr");
    (status, stderr)
}

/// A clear refusal: non-zero exit, one line, no panic; the line.
fn one_line_refusal(command: Command, what: &str) -> String {
    let (status, stderr) = refused_start(command, what);
    assert!(!status.success(), "exit status {status}");
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "stderr: {stderr}");
    lines[0].to_string()
}

#[test]
fn a_file_that_is_no_database_is_refused_with_one_line() {
    let db = temp_dir("garbage").join("notes.db");
    let notes = "These are my notes, not a database.\n".repeat(200);
    std::fs::write(&db, &notes).expect("write");
    let line = one_line_refusal(serve_command(&db), "a text file");
    assert!(line.contains("notes.db"), "{line}");
    assert!(line.contains("not a database"), "{line}");
    assert_eq!(
        std::fs::read_to_string(&db).expect("read"),
        notes,
        "the file was changed"
    );
}

#[tokio::test]
async fn another_programs_sqlite_database_is_refused_with_one_line() {
    use sqlx::ConnectOptions;
    let db = temp_dir("foreign").join("shop.db");
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&db)
        .create_if_missing(true);
    let mut conn = options.connect().await.expect("create SQLite file");
    sqlx::query("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        .execute(&mut conn)
        .await
        .expect("create table");
    drop(conn);
    let line = one_line_refusal(serve_command(&db), "another program's database");
    assert!(line.contains("shop.db"), "{line}");
    assert!(line.contains("customers"), "{line}");
}

/// A real Tetrarch database, stopped cleanly (SIGTERM).
fn stopped_database(name: &str) -> PathBuf {
    let db = temp_dir(name).join("games.db");
    let mut serve = Serve::start(&db);
    // SAFETY: kill only sends SIGTERM to our own child.
    #[allow(unsafe_code)]
    unsafe {
        libc::kill(serve.child.id() as libc::pid_t, libc::SIGTERM);
    }
    let status = serve.child.wait().expect("wait");
    assert!(status.success(), "SIGTERM: {status}");
    drop(serve);
    db
}

/// Read-only as SQLite itself opens it (`?mode=ro`): this holds for root
/// too, whom permission bits do not stop.
#[test]
fn a_database_opened_read_only_is_refused_with_one_line() {
    let db = stopped_database("read-only");
    let url = format!("sqlite://{}?mode=ro", db.display());
    let line = one_line_refusal(serve_url_command(&url), "a read-only database");
    assert!(line.contains("games.db"), "{line}");
    assert!(
        line.contains("readonly") || line.contains("read-only") || line.contains("read only"),
        "{line}"
    );
}

/// A database file without write permission. Root writes such a file
/// anyway, so as root this case is skipped (and says so); the `?mode=ro`
/// test above covers read-only for root.
#[test]
fn a_database_file_without_write_permission_is_refused_with_one_line() {
    let db = stopped_database("no-write");
    let mut permissions = std::fs::metadata(&db).expect("database file").permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&db, permissions).expect("chmod");
    if std::fs::OpenOptions::new().append(true).open(&db).is_ok() {
        eprintln!(
            "skipped: {} is still writable for this user (root ignores permission bits)",
            db.display()
        );
        return;
    }
    let line = one_line_refusal(serve_command(&db), "a file without write permission");
    assert!(line.contains("games.db"), "{line}");
    assert!(
        line.contains("readonly")
            || line.contains("read-only")
            || line.contains("read only")
            || line.contains("unable to open"),
        "{line}"
    );
}
