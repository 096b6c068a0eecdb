//! The schema, versioned: each migration runs once, in a transaction, and
//! `tetrarch_schema` records how far a database has come. The SQL is the
//! same for SQLite and PostgreSQL.

use super::StoreError;
use sqlx::{AnyPool, Row};

/// Migrations in order; the schema version is the number applied.
const MIGRATIONS: &[&[&str]] = &[&[
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
]];

/// The tables of the database.
async fn tables(pool: &AnyPool, sqlite: bool) -> Result<Vec<String>, StoreError> {
    let sql = if sqlite {
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    } else {
        "SELECT CAST(table_name AS TEXT) AS name FROM information_schema.tables \
         WHERE table_schema = current_schema()"
    };
    let rows = sqlx::query(sql).fetch_all(pool).await?;
    rows.iter()
        .map(|r| r.try_get::<String, _>("name"))
        .collect::<Result<_, _>>()
        .map_err(StoreError::from)
}

/// Brings the schema of `pool` up to date.
pub(super) async fn run(pool: &AnyPool, name: &str, sqlite: bool) -> Result<(), StoreError> {
    let existing = tables(pool, sqlite).await?;
    if !existing.iter().any(|t| t == "tetrarch_schema") {
        if !existing.is_empty() {
            return Err(StoreError::NotOurs(name.to_string(), existing.join(", ")));
        }
        let mut tx = pool.begin().await?;
        sqlx::query("CREATE TABLE tetrarch_schema (version BIGINT NOT NULL)")
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO tetrarch_schema (version) VALUES (0)")
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    let version: i64 = sqlx::query("SELECT version FROM tetrarch_schema")
        .fetch_one(pool)
        .await?
        .try_get("version")?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::TooNew(name.to_string(), version, known));
    }
    for (i, statements) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let mut tx = pool.begin().await?;
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
        .execute(pool)
        .await?;
    Ok(())
}
