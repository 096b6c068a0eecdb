//! The node's ear: one `LISTEN` connection for the channel of all nodes and
//! the node's own, each message handed to whoever it is for.

use super::relay::Inbound;
use super::wire::{ALL, Wire, channel_of};
use super::{Cluster, mail, serve};
use crate::context::Context;
use crate::game::Command;
use crate::store::StoreError;
use sqlx::postgres::PgListener;
use std::sync::Arc;
use std::time::Duration;

/// Connects and listens on the two channels.
pub(super) async fn connect(url: &str, node: &str) -> Result<PgListener, StoreError> {
    let mut listener = PgListener::connect(url).await?;
    listener
        .listen_all([ALL, channel_of(node).as_str()])
        .await?;
    Ok(listener)
}

/// Hands every message on until the node stops.
pub(super) async fn dispatch(mut listener: PgListener, ctx: Arc<Context>, cluster: Arc<Cluster>) {
    let mut shutdown = ctx.shutdown.clone();
    loop {
        let heard = tokio::select! {
            heard = listener.try_recv() => heard,
            _ = shutdown.changed() => return,
        };
        match heard {
            Ok(Some(note)) => match mail::open(&cluster.pool, note.payload()).await {
                Ok(wire) => deliver(&ctx, &cluster, wire),
                Err(e) => tracing::warn!("a cluster message does not read: {e}"),
            },
            Ok(None) => {
                // The connection was lost (and is made again at the next
                // call): what came meanwhile is lost, so every relay ends
                // and its clients resynchronise.
                tracing::warn!("the LISTEN connection was lost; reconnecting");
                cluster.drop_relays();
            }
            Err(e) => {
                tracing::warn!("listening for the cluster: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

fn deliver(ctx: &Arc<Context>, cluster: &Arc<Cluster>, wire: Wire) {
    let me = &*cluster.node;
    match wire {
        Wire::Event { game, epoch, event } => {
            let event = event.into_event();
            cluster.to_relay(&game, Inbound::Event { epoch, event });
        }
        Wire::Reply { game, call, body } => cluster.to_relay(&game, Inbound::Reply { call, body }),
        Wire::Call {
            from,
            game,
            call,
            body,
        } => serve::answer(ctx, cluster, from, game, call, body),
        Wire::Lobby { from, game, entry } if from != me => match entry {
            Some(entry) => ctx.lobby.put(&game, entry),
            None => ctx.lobby.remove(&game),
        },
        Wire::LobbySync { from } if from != me => {
            for handle in ctx.games.handles().into_iter().filter(|h| !h.relay) {
                if let Some(entry) = ctx.lobby.get(&handle.id) {
                    let wire = Wire::Lobby {
                        from: me.to_string(),
                        game: handle.id.to_string(),
                        entry: Some(entry),
                    };
                    cluster.send(ALL.into(), wire);
                }
            }
        }
        Wire::Owner { from, game } if from != me => {
            cluster.to_relay(&game, Inbound::Owner);
            // A task of ours whose lease ran out gives way too.
            if let Some(handle) = ctx.games.get(&game).filter(|h| !h.relay) {
                handle.send(Command::Yield);
            }
        }
        Wire::Lobby { .. } | Wire::LobbySync { .. } | Wire::Owner { .. } => {}
    }
}
