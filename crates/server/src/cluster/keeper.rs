//! The node's leases over time: renewed while the database answers, given
//! up when it has not answered for a lease's length (the node may be cut
//! off: others will take its games, and fencing refuses its writes
//! anyway), and the games of dead nodes taken over.

use super::{Cluster, lease};
use crate::context::Context;
use crate::game::Command;
use crate::store::StoreError;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Renews and takes over every quarter lease until the node stops.
pub(super) async fn keep(ctx: Arc<Context>, cluster: Arc<Cluster>) {
    let every = Duration::from_millis((cluster.lease_ms / 4).max(50) as u64);
    let lease = Duration::from_millis(cluster.lease_ms as u64);
    let mut shutdown = ctx.shutdown.clone();
    let mut renewed_at = Instant::now();
    let mut missing = HashSet::new();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = shutdown.changed() => return,
        }
        let started = Instant::now();
        // A renewal that hangs must not keep the node from giving up.
        let renewal = tokio::time::timeout(
            lease,
            lease::renew(&cluster.pool, &cluster.node, cluster.lease_ms),
        );
        match renewal.await {
            Ok(Ok(games)) => {
                renewed_at = started;
                tracing::debug!("renewed {} leases", games.len());
                missing = yield_lost(&ctx, &games, &missing);
            }
            Ok(Err(e)) => tracing::warn!("leases not renewed: {e}"),
            Err(_) => tracing::warn!("leases not renewed: the database does not answer"),
        }
        if renewed_at.elapsed() >= lease {
            give_up(&ctx);
            continue;
        }
        if let Err(e) = adopt_orphans(&ctx, &cluster).await {
            tracing::warn!("looking for games to take over: {e}");
        }
    }
}

/// Ends the tasks of games this node no longer holds: those that two
/// renewals in a row did not find (a game taken while one renewal ran is
/// missing from it only). The ids missing this time are returned.
fn yield_lost(ctx: &Context, held: &[String], missing: &HashSet<Arc<str>>) -> HashSet<Arc<str>> {
    let held: HashSet<&str> = held.iter().map(String::as_str).collect();
    let mut now_missing = HashSet::new();
    for handle in ctx.games.handles() {
        if handle.relay || held.contains(&*handle.id) {
            continue;
        }
        if missing.contains(&handle.id) {
            tracing::warn!(game = %handle.id, "lease lost: the game is given up");
            handle.send(Command::Yield);
        } else {
            now_missing.insert(handle.id.clone());
        }
    }
    now_missing
}

/// Ends every game task and relay here: the database is out of reach.
fn give_up(ctx: &Context) {
    let handles = ctx.games.handles();
    if !handles.is_empty() {
        tracing::error!(
            "the database has not answered for a lease's length: giving up {} games",
            handles.len()
        );
    }
    for handle in handles {
        handle.send(Command::Yield);
    }
}

/// Takes over the unfinished games nobody holds; how many.
pub(super) async fn adopt_orphans(
    ctx: &Arc<Context>,
    cluster: &Arc<Cluster>,
) -> Result<usize, StoreError> {
    let mut taken = 0;
    for id in lease::orphans(&cluster.pool).await? {
        match cluster.take(ctx, &id).await {
            Ok(Some(_)) => {
                tracing::info!(game = %id, "taken over");
                taken += 1;
            }
            Ok(None) => {}
            // One broken game must not keep the others from resuming.
            Err(e) => tracing::error!(game = %id, "not taken over: {e}"),
        }
    }
    Ok(taken)
}
