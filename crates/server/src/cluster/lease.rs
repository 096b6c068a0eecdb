//! Leases: which node owns a live game, under which epoch, until when.
//! Every time is PostgreSQL's clock; every grant adds one to the epoch, and
//! a write is fenced by node and epoch (`store::Fence`).

use crate::db_now_ms;
use crate::store::StoreError;
use sqlx::{AnyPool, Row};

/// A game's lease as read.
pub(super) struct Owner {
    /// The node holding it.
    pub node: String,
    /// It has not run out.
    pub live: bool,
}

/// The owner of game `id`'s lease, if there is a lease.
pub(super) async fn owner(pool: &AnyPool, id: &str) -> Result<Option<Owner>, StoreError> {
    let row = sqlx::query(concat!(
        "SELECT node, CASE WHEN expires_ms > ",
        db_now_ms!(),
        " THEN 1 ELSE 0 END AS live FROM leases WHERE game_id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.map(|r| {
        Ok(Owner {
            node: r.try_get("node")?,
            live: r.try_get::<i32, _>("live")? == 1,
        })
    })
    .transpose()
    .map_err(|e: sqlx::Error| StoreError::from(e))
}

/// Takes game `id`'s lease for `node` if nobody holds it live (or `node`
/// holds it already); the new epoch, or `None` when another node holds it.
/// Two nodes that race for one lease: the row lock makes one wait, and it
/// then sees the other's live lease.
pub(super) async fn claim(
    pool: &AnyPool,
    id: &str,
    node: &str,
    lease_ms: i64,
) -> Result<Option<i64>, StoreError> {
    let row = sqlx::query(concat!(
        "INSERT INTO leases (game_id, node, epoch, expires_ms) VALUES ($1, $2, 1, ",
        db_now_ms!(),
        " + $3) ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, ",
        "epoch = leases.epoch + 1, expires_ms = EXCLUDED.expires_ms ",
        "WHERE leases.expires_ms <= ",
        db_now_ms!(),
        " OR leases.node = EXCLUDED.node RETURNING epoch"
    ))
    .bind(id)
    .bind(node)
    .bind(lease_ms)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| r.try_get("epoch")).transpose()?)
}

/// Extends every lease `node` holds; the games they are for.
pub(super) async fn renew(
    pool: &AnyPool,
    node: &str,
    lease_ms: i64,
) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(concat!(
        "UPDATE leases SET expires_ms = ",
        db_now_ms!(),
        " + $2 WHERE node = $1 RETURNING game_id"
    ))
    .bind(node)
    .bind(lease_ms)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|r| r.try_get("game_id"))
        .collect::<Result<_, sqlx::Error>>()
        .map_err(StoreError::from)
}

/// Gives up game `id` if `node` still holds it under `epoch`.
pub(super) async fn release(
    pool: &AnyPool,
    id: &str,
    node: &str,
    epoch: i64,
) -> Result<(), StoreError> {
    // Expired rather than deleted: the epoch goes on counting.
    sqlx::query("UPDATE leases SET expires_ms = 0 WHERE game_id = $1 AND node = $2 AND epoch = $3")
        .bind(id)
        .bind(node)
        .bind(epoch)
        .execute(pool)
        .await?;
    Ok(())
}

/// Gives up every lease of `node` (it stops).
pub(super) async fn release_all(pool: &AnyPool, node: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE leases SET expires_ms = 0 WHERE node = $1")
        .bind(node)
        .execute(pool)
        .await?;
    Ok(())
}

/// Unfinished games that no node holds live, oldest first: those of dead
/// nodes, of nodes that stopped, and any never owned.
pub(super) async fn orphans(pool: &AnyPool) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(concat!(
        "SELECT g.id FROM games g LEFT JOIN leases l ON l.game_id = g.id ",
        "WHERE (g.status = 'created' OR g.status = 'started') AND (l.game_id IS NULL OR l.expires_ms <= ",
        db_now_ms!(),
        ") ORDER BY g.created_ms"
    ))
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|r| r.try_get("id"))
        .collect::<Result<_, sqlx::Error>>()
        .map_err(StoreError::from)
}
