//! The schema, versioned: each migration runs once, in a transaction, and
//! `tetrarch_schema` records how far a database has come. The SQL is the
//! same for SQLite and PostgreSQL.

use super::StoreError;
use sqlx::{AnyConnection, AnyPool, Connection, Row};

/// Migrations in order; the schema version is the number applied.
const MIGRATIONS: &[&[&str]] = &[
    &[
        "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        spec TEXT NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL,
        public BIGINT NOT NULL,
        seq BIGINT NOT NULL,
        ply BIGINT NOT NULL,
        clocks TEXT,
        outcome TEXT,
        created_ms BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL
    )",
        "CREATE INDEX games_by_status ON games (status, updated_ms)",
        "CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        seat BIGINT NOT NULL,
        data TEXT NOT NULL,
        clocks TEXT,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
    ],
    // Scale-out (PostgreSQL only uses them; SQLite gets them empty so the
    // schema versions stay one list): which node owns a live game, under
    // which epoch until when, and the messages too large for a NOTIFY.
    &[
        "CREATE TABLE leases (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        node TEXT NOT NULL,
        epoch BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL
    )",
        "CREATE INDEX leases_by_node ON leases (node)",
        "CREATE TABLE mail (
        id BIGINT PRIMARY KEY,
        body TEXT NOT NULL,
        at_ms BIGINT NOT NULL
    )",
    ],
];

/// The key of the advisory lock that lets one node at a time migrate a
/// shared PostgreSQL database (nodes started together would otherwise race
/// to create the same tables).
const MIGRATION_LOCK: i64 = 0x7e74_7261_7263;

/// The tables of the database.
async fn tables(conn: &mut AnyConnection, sqlite: bool) -> Result<Vec<String>, StoreError> {
    let sql = if sqlite {
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    } else {
        "SELECT CAST(table_name AS TEXT) AS name FROM information_schema.tables \
         WHERE table_schema = current_schema()"
    };
    let rows = sqlx::query(sql).fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|r| r.try_get::<String, _>("name"))
        .collect::<Result<_, _>>()
        .map_err(StoreError::from)
}

/// Brings the schema of `pool` up to date.
pub(super) async fn run(pool: &AnyPool, name: &str, sqlite: bool) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await?;
    if !sqlite {
        // Held by this session: a node that dies mid-way releases it.
        sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *conn)
            .await?;
    }
    let result = migrate(&mut conn, name, sqlite).await;
    if !sqlite {
        sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *conn)
            .await?;
    }
    result
}

async fn migrate(conn: &mut AnyConnection, name: &str, sqlite: bool) -> Result<(), StoreError> {
    let existing = tables(conn, sqlite).await?;
    if !existing.iter().any(|t| t == "tetrarch_schema") {
        if !existing.is_empty() {
            return Err(StoreError::NotOurs(name.to_string(), existing.join(", ")));
        }
        let mut tx = conn.begin().await?;
        sqlx::query("CREATE TABLE tetrarch_schema (version BIGINT NOT NULL)")
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO tetrarch_schema (version) VALUES (0)")
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    let version: i64 = sqlx::query("SELECT version FROM tetrarch_schema")
        .fetch_one(&mut *conn)
        .await?
        .try_get("version")?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::TooNew(name.to_string(), version, known));
    }
    for (i, statements) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let mut tx = conn.begin().await?;
        for statement in *statements {
            sqlx::query(*statement).execute(&mut *tx).await?;
        }
        sqlx::query("UPDATE tetrarch_schema SET version = $1")
            .bind(i as i64 + 1)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    // A write, so a read-only database is refused at start-up rather than
    // at the first move.
    sqlx::query("UPDATE tetrarch_schema SET version = version")
        .execute(&mut *conn)
        .await?;
    Ok(())
}
