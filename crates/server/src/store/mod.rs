//! Storage: games and their actions in SQLite (WAL) or PostgreSQL, through
//! one set of SQL (sqlx's `Any` driver; `$N` parameters work in both).
//!
//! A game is a row of `games`; every accepted action (move, resignation,
//! timeout, takeback, ...) is a row of `actions`. An action is stored with
//! a compare-and-set on the game's action count `seq`, in the same
//! transaction as the game's new status, so a resent or stale action can
//! never be stored twice, and a game is never half-written.
//!
//! SQLite has one writer at a time. Its writes (new games, actions, seats)
//! therefore go to one writer task ([`writer`]) that holds one connection
//! and commits whatever is waiting in one transaction (group commit); a
//! caller hears back only after the commit, so an action is still stored
//! before anyone hears of it. PostgreSQL writes through its pool.

mod fence;
mod migrations;
mod writer;

pub use fence::Fence;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyConnection, AnyPool, Row};
use std::time::Duration;
use writer::Writer;

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database URL is not one we can use.
    #[error("database URL '{0}': expected sqlite://PATH or postgres://...")]
    Url(String),
    /// The database holds tables that are not Tetrarch's.
    #[error("{0} is not a Tetrarch database (it has tables of another program: {1})")]
    NotOurs(String, String),
    /// The database was written by a newer Tetrarch.
    #[error("{0} has schema version {1}; this Tetrarch knows up to {2}")]
    TooNew(String, i64, i64),
    /// The compare-and-set failed: the game moved on (a resent action).
    #[error("game {0} is no longer at action {1}")]
    Conflict(String, i64),
    /// The database could not be opened or made ready at start.
    #[error("{0}: {1}")]
    Open(String, sqlx::Error),
    /// This node no longer holds the game's lease: another node owns it.
    #[error("game {0} is owned by another node now")]
    Fenced(String),
    /// Cluster mode needs PostgreSQL.
    #[error("{0}")]
    Cluster(&'static str),
    /// The database refused or failed.
    #[error("{0}")]
    Db(#[from] sqlx::Error),
    /// A write failed together with others committed with it, or the
    /// writer has stopped.
    #[error("{0}")]
    Write(String),
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// How it was set up (JSON).
    pub spec: String,
    /// Its seats: kinds, token and invite hashes (JSON).
    pub seats: String,
    /// `created`, `started`, `finished`, `aborted`.
    pub status: String,
    /// Listed in the lobby.
    pub public: bool,
    /// Actions stored.
    pub seq: i64,
    /// Plies played.
    pub ply: i64,
    /// Each seat's clock after the last action (JSON), if timed.
    pub clocks: Option<String>,
    /// The outcome (JSON), once over.
    pub outcome: Option<String>,
    /// When it was created (ms since the Unix epoch).
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

/// One stored action of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredAction {
    /// Its number, from 0.
    pub seq: i64,
    /// `move`, `resign`, `timeout`, `draw`, `claim`, `undo`, `abandon`, `abort`.
    pub kind: String,
    /// The acting seat (-1: none).
    pub seat: i64,
    /// The move text or other detail.
    pub data: String,
    /// Each seat's clock after it (JSON), if timed.
    pub clocks: Option<String>,
    /// When it happened (ms since the Unix epoch).
    pub at_ms: i64,
}

/// What an action changes in the game's row.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    /// New status.
    pub status: String,
    /// Plies after the action.
    pub ply: i64,
    /// Clocks after the action.
    pub clocks: Option<String>,
    /// Outcome after the action.
    pub outcome: Option<String>,
    /// When.
    pub at_ms: i64,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// SQLite's one writer; `None`: writes go through the pool.
    writer: Option<Writer>,
    /// The URL without its password, for messages.
    name: String,
}

/// A URL sqlx understands, from what a user gives: `sqlite://PATH`,
/// `sqlite:PATH`, a bare path, or `postgres://...`.
pub fn normalise_url(url: &str) -> Result<String, StoreError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(url.to_string());
    }
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    if path.is_empty() || path.contains("://") {
        return Err(StoreError::Url(url.to_string()));
    }
    // Create the file if missing; keep any options the user gave.
    Ok(if path.contains('?') {
        format!("sqlite://{path}")
    } else {
        format!("sqlite://{path}?mode=rwc")
    })
}

/// The URL without a password.
fn display_name(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            let user = userinfo.split(':').next().unwrap_or("");
            format!("{}{user}@{}", &url[..scheme + 3], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

fn game_of(row: &AnyRow) -> Result<StoredGame, sqlx::Error> {
    Ok(StoredGame {
        id: row.try_get("id")?,
        variant: row.try_get("variant")?,
        spec: row.try_get("spec")?,
        seats: row.try_get("seats")?,
        status: row.try_get("status")?,
        public: row.try_get::<i64, _>("public")? != 0,
        seq: row.try_get("seq")?,
        ply: row.try_get("ply")?,
        clocks: row.try_get("clocks")?,
        outcome: row.try_get("outcome")?,
        created_ms: row.try_get("created_ms")?,
        updated_ms: row.try_get("updated_ms")?,
    })
}

impl Store {
    /// Opens (creating if needed) the database at `url` and brings its
    /// schema up to date. Refuses databases of other programs.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_sized(url, 16).await
    }

    /// [`Store::open`] with at most `connections` connections to
    /// PostgreSQL (SQLite uses 8).
    pub async fn open_sized(url: &str, connections: u32) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = normalise_url(url)?;
        let name = display_name(url.strip_suffix("?mode=rwc").unwrap_or(&url));
        // Errors at start name the database they are about.
        Store::open_normalised(url, name.clone(), connections.max(2))
            .await
            .map_err(|e| match e {
                StoreError::Db(e) => StoreError::Open(name, e),
                e => e,
            })
    }

    async fn open_normalised(
        url: String,
        name: String,
        connections: u32,
    ) -> Result<Store, StoreError> {
        let sqlite = url.starts_with("sqlite:");
        // One connection first: the pool reports a database that cannot be
        // opened only as a time-out, this says why (not a database, no such
        // host, wrong password).
        {
            use sqlx::Connection;
            let mut conn = sqlx::AnyConnection::connect(&url).await?;
            if sqlite {
                sqlx::query("PRAGMA journal_mode = WAL")
                    .execute(&mut conn)
                    .await?;
            }
            conn.close().await?;
        }
        let pool = AnyPoolOptions::new()
            // SQLite: one connection is the writer's, the others read
            // (WAL: readers never wait for the writer).
            .max_connections(if sqlite { 8 } else { connections })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL: readers never wait for the writer; NORMAL
                        // sync loses nothing when the process dies (only an
                        // OS crash can lose the last commits).
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = NORMAL",
                            "PRAGMA busy_timeout = 10000",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        migrations::run(&pool, &name, sqlite).await?;
        let writer = if sqlite {
            Some(Writer::start(pool.acquire().await?))
        } else {
            None
        };
        Ok(Store { pool, writer, name })
    }

    /// The database's name for messages (no password).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Stores a new game.
    pub async fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.write(Write::Create(game.clone())).await
    }

    /// Stores `action` as action number `action.seq` of game `id`, with
    /// the game's new state, if and only if the game has exactly
    /// `action.seq` actions stored (compare-and-set).
    pub async fn append(
        &self,
        id: &str,
        action: &StoredAction,
        update: &GameUpdate,
    ) -> Result<(), StoreError> {
        self.append_fenced(None, id, action, update).await
    }

    /// [`Store::append`], refused unless `fence` is still the game's lease.
    pub async fn append_fenced(
        &self,
        fence: Option<&Fence>,
        id: &str,
        action: &StoredAction,
        update: &GameUpdate,
    ) -> Result<(), StoreError> {
        let write = Write::Append {
            id: id.to_string(),
            action: action.clone(),
            update: update.clone(),
        };
        self.write_fenced(fence, id, write).await
    }

    /// Replaces the seats of game `id` (a seat joined or changed hands),
    /// and its status (the last open seat filled starts it).
    pub async fn update_seats(
        &self,
        id: &str,
        seats: &str,
        status: &str,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        self.update_seats_fenced(None, id, seats, status, at_ms)
            .await
    }

    /// [`Store::update_seats`], refused unless `fence` is still the game's lease.
    pub async fn update_seats_fenced(
        &self,
        fence: Option<&Fence>,
        id: &str,
        seats: &str,
        status: &str,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        let write = Write::Seats {
            id: id.to_string(),
            seats: seats.to_string(),
            status: status.to_string(),
            at_ms,
        };
        self.write_fenced(fence, id, write).await
    }

    /// Performs `write`: through the writer, or in a transaction of its own.
    async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.write_fenced(None, "", write).await
    }

    /// Performs `write`, checking `fence` for game `id` in its transaction.
    async fn write_fenced(
        &self,
        fence: Option<&Fence>,
        id: &str,
        write: Write,
    ) -> Result<(), StoreError> {
        match (&self.writer, fence) {
            (Some(writer), None) => writer.write(write).await,
            (Some(_), Some(_)) => Err(StoreError::Cluster(
                "leases need PostgreSQL: SQLite serves one node",
            )),
            (None, fence) => {
                let mut tx = self.pool.begin().await?;
                if let Some(fence) = fence {
                    fence.check(&mut tx, id).await?;
                }
                write.apply(&mut tx).await?;
                tx.commit().await?;
                Ok(())
            }
        }
    }

    /// The pool, for the cluster's own tables.
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Whether this is PostgreSQL (the one database several nodes share).
    pub fn is_postgres(&self) -> bool {
        self.writer.is_none()
    }

    /// Game `id`, if stored.
    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let row = sqlx::query(const_format_games_by_id())
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(game_of).transpose()?)
    }

    /// The actions of game `id`, in order.
    pub async fn actions(&self, id: &str) -> Result<Vec<StoredAction>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, kind, seat, data, clocks, at_ms FROM actions WHERE game_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(StoredAction {
                    seq: row.try_get("seq")?,
                    kind: row.try_get("kind")?,
                    seat: row.try_get("seat")?,
                    data: row.try_get("data")?,
                    clocks: row.try_get("clocks")?,
                    at_ms: row.try_get("at_ms")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The ids of the games not over (`created` or `started`), oldest first.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'created' OR status = 'started' ORDER BY created_ms",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Up to `limit` public games with `status` (any when `None`), newest first.
    pub async fn list(
        &self,
        status: Option<&str>,
        limit: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let rows = match status {
            Some(status) => {
                sqlx::query(const_format_games_by_status())
                    .bind(status)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                sqlx::query(const_format_games_all())
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        rows.iter()
            .map(game_of)
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Closes the pool, waiting for running queries and for the writes
    /// waiting for the writer.
    pub async fn close(&self) {
        if let Some(writer) = &self.writer {
            writer.close().await;
        }
        self.pool.close().await;
    }
}

/// One write to the database.
#[derive(Debug)]
pub(crate) enum Write {
    /// A new game.
    Create(StoredGame),
    /// An action, compare-and-set on the game's action count.
    Append {
        id: String,
        action: StoredAction,
        update: GameUpdate,
    },
    /// New seats and status.
    Seats {
        id: String,
        seats: String,
        status: String,
        at_ms: i64,
    },
}

impl Write {
    /// Performs the write on `conn`, inside the caller's transaction. A
    /// refused compare-and-set changes nothing.
    async fn apply(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        match self {
            Write::Create(game) => {
                sqlx::query(
                    "INSERT INTO games (id, variant, spec, seats, status, public, seq, ply, clocks, \
                     outcome, created_ms, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                )
                .bind(&game.id)
                .bind(&game.variant)
                .bind(&game.spec)
                .bind(&game.seats)
                .bind(&game.status)
                .bind(game.public as i64)
                .bind(game.seq)
                .bind(game.ply)
                .bind(game.clocks.clone())
                .bind(game.outcome.clone())
                .bind(game.created_ms)
                .bind(game.updated_ms)
                .execute(&mut *conn)
                .await?;
            }
            Write::Append { id, action, update } => {
                let done = sqlx::query(
                    "UPDATE games SET seq = $1, status = $2, ply = $3, clocks = $4, outcome = $5, \
                     updated_ms = $6 WHERE id = $7 AND seq = $8",
                )
                .bind(action.seq + 1)
                .bind(&update.status)
                .bind(update.ply)
                .bind(update.clocks.clone())
                .bind(update.outcome.clone())
                .bind(update.at_ms)
                .bind(id)
                .bind(action.seq)
                .execute(&mut *conn)
                .await?;
                if done.rows_affected() != 1 {
                    return Err(StoreError::Conflict(id.clone(), action.seq));
                }
                sqlx::query(
                    "INSERT INTO actions (game_id, seq, kind, seat, data, clocks, at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(id)
                .bind(action.seq)
                .bind(&action.kind)
                .bind(action.seat)
                .bind(&action.data)
                .bind(action.clocks.clone())
                .bind(action.at_ms)
                .execute(&mut *conn)
                .await?;
            }
            Write::Seats {
                id,
                seats,
                status,
                at_ms,
            } => {
                sqlx::query(
                    "UPDATE games SET seats = $1, status = $2, updated_ms = $3 WHERE id = $4",
                )
                .bind(seats)
                .bind(status)
                .bind(at_ms)
                .bind(id)
                .execute(&mut *conn)
                .await?;
            }
        }
        Ok(())
    }

    /// Whether a failure of this write leaves the transaction as it was
    /// (a refused compare-and-set writes nothing).
    fn clean_failure(error: &StoreError) -> bool {
        matches!(error, StoreError::Conflict(..))
    }
}

// sqlx takes only static SQL; these spell the column list out once.
macro_rules! select_games {
    ($tail:literal) => {
        concat!(
            "SELECT id, variant, spec, seats, status, public, seq, ply, clocks, outcome, ",
            "created_ms, updated_ms FROM games ",
            $tail
        )
    };
}

fn const_format_games_by_id() -> &'static str {
    select_games!("WHERE id = $1")
}
fn const_format_games_by_status() -> &'static str {
    select_games!("WHERE public = 1 AND status = $1 ORDER BY updated_ms DESC LIMIT $2")
}
fn const_format_games_all() -> &'static str {
    select_games!("WHERE public = 1 ORDER BY updated_ms DESC LIMIT $1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_normalised_and_passwords_hidden() {
        assert_eq!(normalise_url("x.db").unwrap(), "sqlite://x.db?mode=rwc");
        assert_eq!(
            normalise_url("sqlite://x.db").unwrap(),
            "sqlite://x.db?mode=rwc"
        );
        assert_eq!(
            normalise_url("sqlite:x.db?mode=ro").unwrap(),
            "sqlite://x.db?mode=ro"
        );
        assert!(normalise_url("mysql://h/db").is_err());
        assert_eq!(
            display_name("postgres://u:secret@h:5/db"),
            "postgres://u@h:5/db"
        );
    }
}
