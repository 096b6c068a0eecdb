//! Fencing: a node writes to a game only while it holds the game's lease
//! under the epoch it loaded the game with, checked in the very
//! transaction of the write. A node that lost its lease (partitioned,
//! paused, too slow to renew) can then never write, whatever it believes.

use super::StoreError;
use sqlx::AnyConnection;
use std::sync::Arc;

/// PostgreSQL's clock in milliseconds since the Unix epoch: every lease
/// time is the database's, so the nodes' clocks may disagree.
#[macro_export]
#[doc(hidden)]
macro_rules! db_now_ms {
    () => {
        "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    };
}

/// The lease a write is made under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    /// The node holding it.
    pub node: Arc<str>,
    /// The epoch it was granted with (every grant adds one).
    pub epoch: i64,
}

impl Fence {
    /// Fails unless the lease of game `id` is still ours, under our epoch,
    /// and unexpired. `FOR SHARE` holds the lease row until the write
    /// commits, so a takeover (an `UPDATE` of the row) waits for it and
    /// then reads the game with this write in it.
    pub(super) async fn check(&self, conn: &mut AnyConnection, id: &str) -> Result<(), StoreError> {
        let held = sqlx::query(concat!(
            "SELECT 1 AS held FROM leases WHERE game_id = $1 AND node = $2 AND epoch = $3 ",
            "AND expires_ms > ",
            db_now_ms!(),
            " FOR SHARE"
        ))
        .bind(id)
        .bind(&*self.node)
        .bind(self.epoch)
        .fetch_optional(&mut *conn)
        .await?;
        match held {
            Some(_) => Ok(()),
            None => Err(StoreError::Fenced(id.to_string())),
        }
    }
}
