//! The post between nodes: `NOTIFY` out, `LISTEN` in. A notification's
//! payload must be under 8000 bytes; a longer message is stored in the
//! `mail` table and the notification carries its row's id.
//!
//! One task sends everything, on one connection, in the order it was
//! queued (a batch in one transaction): PostgreSQL delivers a session's
//! notifications in commit order, so a node hears a game's events in the
//! order the owner emitted them, and hears a reply after the events that
//! came before it.

use super::wire::Wire;
use crate::db_now_ms;
use crate::store::StoreError;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Connection, Row};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// Payloads up to this many bytes go in the notification itself.
const INLINE_MAX: usize = 7900;
/// Messages sent in one transaction at most.
const BATCH: usize = 256;
/// How long a long message stays in the table (every node reads it
/// within moments of its notification).
const MAIL_KEPT_MS: i64 = 60_000;

/// A message to send on a channel.
pub(super) struct Letter {
    pub channel: String,
    pub wire: Wire,
}

/// Sends the letters queued on `rx` until the node stops (then its
/// connection goes back to the pool, which can close).
pub(super) async fn send_all(
    pool: AnyPool,
    mut rx: mpsc::UnboundedReceiver<Letter>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut conn: Option<PoolConnection<Any>> = None;
    let mut batch = Vec::with_capacity(BATCH);
    loop {
        let first = tokio::select! {
            first = rx.recv() => first,
            _ = shutdown.changed() => None,
        };
        let Some(first) = first else { return };
        batch.push(first);
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(letter) => batch.push(letter),
                Err(_) => break,
            }
        }
        if conn.is_none() {
            conn = pool.acquire().await.ok();
        }
        let sent = match conn.as_mut() {
            Some(c) => send_batch(c, &batch).await,
            None => Err(StoreError::Write("no connection".into())),
        };
        if let Err(e) = sent {
            // Lost messages show as a gap in a game's versions; the nodes
            // that miss them drop their sockets, whose clients resync.
            tracing::warn!("{} cluster messages not sent: {e}", batch.len());
            conn = None;
        }
        batch.clear();
    }
}

async fn send_batch(conn: &mut PoolConnection<Any>, batch: &[Letter]) -> Result<(), StoreError> {
    let mut tx = conn.begin().await?;
    for letter in batch {
        let body = serde_json::to_string(&letter.wire).expect("a message serialises");
        let payload = if body.len() <= INLINE_MAX {
            format!("={body}")
        } else {
            let id = (crate::secret::random_u64() >> 1) as i64;
            sqlx::query(concat!(
                "INSERT INTO mail (id, body, at_ms) VALUES ($1, $2, ",
                db_now_ms!(),
                ")"
            ))
            .bind(id)
            .bind(&body)
            .execute(&mut *tx)
            .await?;
            format!("@{id}")
        };
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(&letter.channel)
            .bind(payload)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The message a payload carries, reading long ones from the table.
pub(super) async fn open(pool: &AnyPool, payload: &str) -> Result<Wire, String> {
    let body = match (payload.strip_prefix('='), payload.strip_prefix('@')) {
        (Some(inline), _) => inline.to_string(),
        (None, Some(id)) => {
            let id: i64 = id.parse().map_err(|_| format!("bad mail id {id}"))?;
            let row = sqlx::query("SELECT body FROM mail WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("mail {id} is gone"))?;
            row.try_get("body").map_err(|e| e.to_string())?
        }
        _ => return Err("a payload that is not ours".into()),
    };
    serde_json::from_str(&body).map_err(|e| format!("{e}: {body:.200}"))
}

/// Deletes long messages every node has had time to read, now and then.
pub(super) async fn sweep(pool: AnyPool, mut shutdown: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(MAIL_KEPT_MS as u64 / 2)) => {}
            _ = shutdown.changed() => return,
        }
        let swept = sqlx::query(concat!(
            "DELETE FROM mail WHERE at_ms < ",
            db_now_ms!(),
            " - $1"
        ))
        .bind(MAIL_KEPT_MS)
        .execute(&pool)
        .await;
        if let Err(e) = swept {
            tracing::debug!("sweeping cluster mail: {e}");
        }
    }
}
