//! The storage suite, on a real SQLite file always and on PostgreSQL when
//! `TETRARCH_TEST_POSTGRES` names a database (`.ci/run` starts one).

use crate::common;

use common::TempDir;
use tetrarch_server::store::{GameUpdate, Store, StoreError, StoredAction, StoredGame};

fn game(id: &str) -> StoredGame {
    StoredGame {
        id: id.into(),
        variant: "chess".into(),
        spec: "{}".into(),
        seats: "[]".into(),
        status: "started".into(),
        public: true,
        seq: 0,
        ply: 0,
        clocks: None,
        outcome: None,
        created_ms: 1,
        updated_ms: 1,
    }
}

fn action(seq: i64, data: &str) -> StoredAction {
    StoredAction {
        seq,
        kind: "move".into(),
        seat: seq % 2,
        data: data.into(),
        clocks: Some("[1000,2000]".into()),
        at_ms: 10 + seq,
    }
}

fn update(ply: i64, status: &str) -> GameUpdate {
    GameUpdate {
        status: status.into(),
        ply,
        clocks: Some("[1000,2000]".into()),
        outcome: (status == "finished").then(|| "{\"winners\":[0]}".to_string()),
        at_ms: 100 + ply,
    }
}

/// The suite, on one database.
async fn suite(url: &str) {
    let store = Store::open(url).await.expect("opens");
    // Ids unique per run: a PostgreSQL database may be shared.
    let id = format!("t{}", tetrarch_server::secret::random_u64() % 1_000_000_000);
    store.create(&game(&id)).await.unwrap();
    assert!(
        store.create(&game(&id)).await.is_err(),
        "an id is stored once"
    );
    store
        .append(&id, &action(0, "e2e4"), &update(1, "started"))
        .await
        .unwrap();
    // A resent action (same seq) is refused and nothing changes.
    let again = store
        .append(&id, &action(0, "d2d4"), &update(1, "started"))
        .await;
    assert!(matches!(again, Err(StoreError::Conflict(..))), "{again:?}");
    let stale = store
        .append(&id, &action(5, "d2d4"), &update(1, "started"))
        .await;
    assert!(matches!(stale, Err(StoreError::Conflict(..))));
    store
        .append(&id, &action(1, "e7e5"), &update(2, "finished"))
        .await
        .unwrap();
    let actions = store.actions(&id).await.unwrap();
    assert_eq!(actions, vec![action(0, "e2e4"), action(1, "e7e5")]);
    let stored = store.game(&id).await.unwrap().unwrap();
    assert_eq!(
        (stored.seq, stored.ply, stored.status.as_str()),
        (2, 2, "finished")
    );
    assert_eq!(stored.outcome.as_deref(), Some("{\"winners\":[0]}"));
    assert!(!store.unfinished().await.unwrap().contains(&id));
    let other = format!("{id}b");
    store.create(&game(&other)).await.unwrap();
    assert!(store.unfinished().await.unwrap().contains(&other));
    store
        .update_seats(&other, "[{\"x\":1}]", "created", 5)
        .await
        .unwrap();
    assert_eq!(
        store.game(&other).await.unwrap().unwrap().seats,
        "[{\"x\":1}]"
    );
    let finished = store.list(Some("finished"), 1000).await.unwrap();
    assert!(finished.iter().any(|g| g.id == id));
    assert!(store.game("missing").await.unwrap().is_none());
    store.close().await;
    // Opening again keeps everything (migrations run once).
    let store = Store::open(url).await.expect("opens again");
    assert_eq!(store.actions(&id).await.unwrap().len(), 2);
    store.close().await;
}

#[tokio::test]
async fn storage_on_sqlite() {
    let dir = TempDir::new("store");
    suite(&format!("sqlite://{}", dir.0.join("t.db").display())).await;
    // WAL mode.
    assert!(dir.0.join("t.db-wal").exists() || dir.0.join("t.db").exists());
}

/// Writes that come at once (SQLite commits them together): each gets its
/// own answer, a duplicate game or a resent action fails alone, and
/// everything else is stored.
async fn concurrent_writes(url: &str) {
    let store = std::sync::Arc::new(Store::open(url).await.expect("opens"));
    let base = format!("c{}", tetrarch_server::secret::random_u64() % 1_000_000_000);
    let ids: Vec<String> = (0..64).map(|i| format!("{base}-{i}")).collect();
    let mut creates = tokio::task::JoinSet::new();
    // Game 0 twice: exactly one of the two is stored.
    for id in ids.iter().chain(std::iter::once(&ids[0])) {
        let (store, id) = (store.clone(), id.clone());
        creates.spawn(async move { store.create(&game(&id)).await.is_ok() });
    }
    let created = creates.join_all().await;
    assert_eq!(
        created.iter().filter(|ok| **ok).count(),
        ids.len(),
        "{created:?}"
    );
    let mut appends = tokio::task::JoinSet::new();
    for (i, id) in ids.iter().enumerate() {
        let (store, id) = (store.clone(), id.clone());
        appends.spawn(async move {
            let result = store
                .append(&id, &action(0, "e2e4"), &update(1, "started"))
                .await;
            (i, result.map_err(|e| e.to_string()))
        });
    }
    // Game 1's first action sent twice (a resend with other text).
    let (again, id) = (store.clone(), ids[1].clone());
    appends.spawn(async move {
        let result = again
            .append(&id, &action(0, "d2d4"), &update(1, "started"))
            .await;
        (1, result.map_err(|e| e.to_string()))
    });
    let results = appends.join_all().await;
    let failed: Vec<_> = results.iter().filter(|(_, r)| r.is_err()).collect();
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0].0, 1, "{failed:?}");
    for id in &ids {
        let actions = store.actions(id).await.unwrap();
        assert_eq!(actions.len(), 1, "game {id}");
        assert_eq!(store.game(id).await.unwrap().unwrap().seq, 1, "game {id}");
    }
    let first = &store.actions(&ids[1]).await.unwrap()[0].data;
    assert!(first == "e2e4" || first == "d2d4", "{first}");
    store.close().await;
}

#[tokio::test]
async fn concurrent_writes_on_sqlite() {
    let dir = TempDir::new("store-concurrent");
    concurrent_writes(&format!("sqlite://{}", dir.0.join("t.db").display())).await;
}

#[tokio::test]
async fn storage_on_postgres() {
    match std::env::var("TETRARCH_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => {
            suite(&url).await;
            concurrent_writes(&url).await;
        }
        _ => {
            eprintln!("TETRARCH_TEST_POSTGRES is not set: the PostgreSQL storage suite did not run")
        }
    }
}

#[tokio::test]
async fn databases_that_are_not_ours_are_refused() {
    let dir = TempDir::new("not-ours");
    // Another program's SQLite database.
    let path = dir.0.join("other.db");
    {
        let store = Store::open(&format!("sqlite://{}", dir.0.join("x.db").display()))
            .await
            .unwrap();
        store.close().await;
    }
    let url = format!("sqlite://{}", path.display());
    {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&format!("{url}?mode=rwc"))
            .await
            .unwrap();
        sqlx::query("CREATE TABLE notes (x TEXT)")
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
    let e = Store::open(&url).await.unwrap_err();
    assert!(e.to_string().contains("is not a Tetrarch database"), "{e}");
    // A file that is not a database at all.
    let junk = dir.0.join("junk.db");
    std::fs::write(&junk, vec![b'x'; 4096]).unwrap();
    let e = Store::open(&format!("sqlite://{}", junk.display()))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("not a database"), "{e}");
    // A read-only database (not for root, who may write anyway).
    let ro = dir.0.join("ro.db");
    let url = format!("sqlite://{}", ro.display());
    Store::open(&url).await.unwrap().close().await;
    let mut perms = std::fs::metadata(&ro).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&ro, perms).unwrap();
    let _ = std::fs::remove_file(dir.0.join("ro.db-wal"));
    if let Err(e) = Store::open(&format!("{url}?mode=ro")).await {
        assert!(
            e.to_string().contains("readonly")
                || e.to_string().contains("read-only")
                || e.to_string().contains("read only"),
            "{e}"
        );
    } else {
        panic!("a read-only database was accepted");
    }
    let bad = Store::open("mysql://x/y").await.unwrap_err();
    assert!(
        bad.to_string()
            .contains("expected sqlite://PATH or postgres://"),
        "{bad}"
    );
}

/// A whole server on `db`: a game played to mate over HTTP, a restart on
/// the same database, and the stored game replays to its stored result.
async fn server_round_trip(db: &str) {
    use common::{TestServer, config, tokens, verify_store};
    use serde_json::json;
    let mut server = TestServer::start_with(TempDir::new("pg-server"), config(db)).await;
    let created = server
        .create(
            json!({"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}],
                       "clock": {"initial_ms": 60000, "increment_ms": 0}}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let seat_tokens = tokens(&created);
    for (ply, mv) in ["f2f3", "e7e5", "g2g4"].iter().enumerate() {
        let token = seat_tokens[ply % 2].as_deref();
        let (status, body) = server
            .post(&format!("/api/games/{id}/move/{mv}"), token, None)
            .await;
        assert_eq!(status, 200, "{mv}: {body}");
    }
    server.stop().await;
    let server = TestServer::start_with(TempDir::new("pg-server"), config(db)).await;
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["moves"], json!(["f2f3", "e7e5", "g2g4"]), "{state}");
    let (status, _) = server
        .post(
            &format!("/api/games/{id}/move/d8h4"),
            seat_tokens[1].as_deref(),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (_, state) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["outcome"]["reason"], "checkmate");
    verify_store(db, &[id]).await;
}

#[tokio::test]
async fn a_server_on_postgres_plays_restarts_and_replays() {
    match std::env::var("TETRARCH_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => server_round_trip(&url).await,
        _ => eprintln!("TETRARCH_TEST_POSTGRES is not set: the PostgreSQL server test did not run"),
    }
}

#[tokio::test]
async fn a_server_on_sqlite_plays_restarts_and_replays() {
    let dir = TempDir::new("sqlite-server");
    server_round_trip(&format!("sqlite://{}", dir.0.join("games.db").display())).await;
}

/// Fencing: a write under a lease another node has taken since (a newer
/// epoch) is refused and changes nothing, however sure its writer is.
async fn fenced_writes(url: &str) {
    use sqlx::Connection;
    use std::sync::Arc;
    use tetrarch_server::store::Fence;
    let store = Store::open(url).await.expect("opens");
    let id = format!("f{}", tetrarch_server::secret::random_u64() % 1_000_000_000);
    store.create(&game(&id)).await.unwrap();
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let far = i64::MAX / 2;
    sqlx::query("INSERT INTO leases (game_id, node, epoch, expires_ms) VALUES ($1, 'a', 1, $2)")
        .bind(&id)
        .bind(far)
        .execute(&mut conn)
        .await
        .unwrap();
    let a = Fence {
        node: Arc::from("a"),
        epoch: 1,
    };
    let first = (action(0, "e2e4"), update(1, "started"));
    store
        .append_fenced(Some(&a), &id, &first.0, &first.1)
        .await
        .expect("the holder writes");
    // Node b takes the game over.
    sqlx::query("UPDATE leases SET node = 'b', epoch = 2 WHERE game_id = $1")
        .bind(&id)
        .execute(&mut conn)
        .await
        .unwrap();
    let late = store
        .append_fenced(Some(&a), &id, &action(1, "e7e5"), &update(2, "started"))
        .await;
    assert!(matches!(late, Err(StoreError::Fenced(_))), "{late:?}");
    let seats = store
        .update_seats_fenced(Some(&a), &id, "[]", "started", 9)
        .await;
    assert!(matches!(seats, Err(StoreError::Fenced(_))), "{seats:?}");
    // An expired lease fences too, even its own node's old epoch.
    sqlx::query("UPDATE leases SET node = 'a', epoch = 1, expires_ms = 0 WHERE game_id = $1")
        .bind(&id)
        .execute(&mut conn)
        .await
        .unwrap();
    let expired = store
        .append_fenced(Some(&a), &id, &action(1, "e7e5"), &update(2, "started"))
        .await;
    assert!(matches!(expired, Err(StoreError::Fenced(_))), "{expired:?}");
    assert_eq!(store.actions(&id).await.unwrap(), vec![first.0]);
    assert_eq!(store.game(&id).await.unwrap().unwrap().seq, 1);
    store.close().await;
}

#[tokio::test]
async fn writes_under_a_lost_lease_are_refused_on_postgres() {
    match std::env::var("TETRARCH_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => fenced_writes(&url).await,
        _ => eprintln!("TETRARCH_TEST_POSTGRES is not set: the fencing test did not run"),
    }
}

#[tokio::test]
async fn sqlite_refuses_cluster_writes() {
    use std::sync::Arc;
    let dir = TempDir::new("fence");
    let store = Store::open(&format!("sqlite://{}", dir.0.join("t.db").display()))
        .await
        .unwrap();
    store.create(&game("s1")).await.unwrap();
    let fence = tetrarch_server::store::Fence {
        node: Arc::from("a"),
        epoch: 1,
    };
    let refused = store
        .append_fenced(
            Some(&fence),
            "s1",
            &action(0, "e2e4"),
            &update(1, "started"),
        )
        .await;
    assert!(
        matches!(refused, Err(StoreError::Cluster(_))),
        "{refused:?}"
    );
    assert!(store.actions("s1").await.unwrap().is_empty());
    store.close().await;
}
