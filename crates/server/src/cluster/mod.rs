//! Scale-out: several `tetrarch serve` nodes on one PostgreSQL database.
//!
//! Each live game is owned by one node at a time, under a lease (a row of
//! `leases`: node, epoch, expiry by the database's clock) that the node
//! renews while it lives ([`keeper`]). Only the owner runs the game's task;
//! its writes are fenced by the lease's node and epoch in the write's own
//! transaction, so a node that lost the lease can never write a move.
//! Other nodes reach the game through a relay ([`relay`]) that passes
//! commands to the owner and the owner's events to their sockets, all
//! through `LISTEN/NOTIFY` ([`mail`], [`listen`]). A dead node's leases run
//! out and the other nodes take its games over from storage.

mod keeper;
mod lease;
mod listen;
mod mail;
mod relay;
mod serve;
mod wire;

use crate::context::{Context, Reach};
use crate::game::event::Event;
use crate::game::{self, Command, GameHandle};
use crate::lobby::LobbyEntry;
use crate::store::{Fence, Store, StoreError};
use mail::Letter;
use sqlx::AnyPool;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use wire::{Call, Wire, WireEvent, channel_of};

/// This node's part in the cluster.
pub struct Cluster {
    node: Arc<str>,
    lease_ms: i64,
    pool: AnyPool,
    url: String,
    post: mpsc::UnboundedSender<Letter>,
    relays: Mutex<HashMap<String, mpsc::UnboundedSender<relay::Inbound>>>,
    calls: AtomicU64,
}

impl Cluster {
    /// Joins the cluster of the PostgreSQL database `url` that `store`
    /// has opened, holding leases for `lease`.
    pub fn new(
        store: &Store,
        url: &str,
        lease: Duration,
        shutdown: watch::Receiver<bool>,
    ) -> Arc<Cluster> {
        let (post, letters) = mpsc::unbounded_channel();
        tokio::spawn(mail::send_all(store.pool().clone(), letters, shutdown));
        // Lower case: channel names are identifiers.
        let node = format!("n{:016x}", crate::secret::random_u64());
        Arc::new(Cluster {
            node: Arc::from(node),
            lease_ms: lease.as_millis().max(1) as i64,
            pool: store.pool().clone(),
            url: url.to_string(),
            post,
            relays: Mutex::new(HashMap::new()),
            calls: AtomicU64::new(1),
        })
    }

    /// This node's id (new at every start).
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Starts listening, renewing and taking over; the unfinished games
    /// nobody held are taken at once (their count).
    pub async fn run(self: &Arc<Self>, ctx: &Arc<Context>) -> Result<usize, StoreError> {
        let listener = listen::connect(&self.url, &self.node).await?;
        tokio::spawn(listen::dispatch(listener, ctx.clone(), self.clone()));
        tokio::spawn(mail::sweep(self.pool.clone(), ctx.shutdown.clone()));
        self.send(
            wire::ALL.into(),
            Wire::LobbySync {
                from: self.node.to_string(),
            },
        );
        let taken = keeper::adopt_orphans(ctx, self).await?;
        tokio::spawn(keeper::keep(ctx.clone(), self.clone()));
        Ok(taken)
    }

    fn send(&self, channel: String, wire: Wire) {
        // The sender stops only with the runtime.
        let _ = self.post.send(Letter { channel, wire });
    }

    fn next_call(&self) -> u64 {
        self.calls.fetch_add(1, Ordering::Relaxed)
    }

    fn call(&self, owner: &str, game: &str, call: u64, body: Call) {
        let wire = Wire::Call {
            from: self.node.to_string(),
            game: game.to_string(),
            call,
            body,
        };
        self.send(channel_of(owner), wire);
    }

    /// Passes a game's event to the other nodes.
    pub(crate) fn publish_event(&self, game: &str, epoch: u64, event: &Event) {
        let wire = Wire::Event {
            game: game.to_string(),
            epoch,
            event: WireEvent::of(event),
        };
        self.send(wire::ALL.into(), wire);
    }

    /// Passes a game's lobby entry (or its removal) to the other nodes.
    pub(crate) fn publish_lobby(&self, game: &str, entry: Option<&LobbyEntry>) {
        let wire = Wire::Lobby {
            from: self.node.to_string(),
            game: game.to_string(),
            entry: entry.map(|e| serde_json::to_value(e).expect("an entry serialises")),
        };
        self.send(wire::ALL.into(), wire);
    }

    /// Gives up the lease of a game whose task ended.
    pub(crate) fn release(&self, game: &str, fence: &Fence) {
        let (pool, game, fence) = (self.pool.clone(), game.to_string(), fence.clone());
        tokio::spawn(async move {
            if let Err(e) = lease::release(&pool, &game, &fence.node, fence.epoch).await {
                tracing::warn!(game = %game, "lease not released: {e}");
            }
        });
    }

    /// Gives up every lease (the node stops): the others take over at once.
    pub async fn release_all(&self) {
        if let Err(e) = lease::release_all(&self.pool, &self.node).await {
            tracing::warn!("leases not released: {e}");
        }
    }

    /// Takes a lease for a game just created here; `None` if another node
    /// took it first (it serves it then) or the database failed.
    pub(crate) async fn claim_new(&self, game: &str) -> Option<Fence> {
        match lease::claim(&self.pool, game, &self.node, self.lease_ms).await {
            Ok(epoch) => epoch.map(|epoch| self.fence(epoch)),
            Err(e) => {
                tracing::warn!(game = %game, "no lease for a new game: {e}");
                None
            }
        }
    }

    fn fence(&self, epoch: i64) -> Fence {
        Fence {
            node: self.node.clone(),
            epoch,
        }
    }

    /// Game `id` on this node: its task if this node owns it or can take
    /// it, else a relay to its owner.
    pub(crate) async fn reach(
        self: &Arc<Self>,
        ctx: &Arc<Context>,
        id: &str,
    ) -> Result<GameHandle, Reach> {
        let load = |e: StoreError| Reach::Load(game::actor::LoadError::Store(e));
        for _ in 0..3 {
            if let Some(owner) = lease::owner(&self.pool, id).await.map_err(load)?
                && owner.live
                && owner.node != *self.node
            {
                let start = || relay::start(ctx, self, id, owner.node);
                return Ok(ctx.games.get_or_start(id, start));
            }
            if ctx.store.game(id).await.map_err(load)?.is_none() {
                return Err(Reach::NotFound(id.to_string()));
            }
            if let Some(handle) = self.take(ctx, id).await? {
                return Ok(handle);
            }
            // Another node took it between our look and our claim.
        }
        Err(Reach::Moving(id.to_string()))
    }

    /// Takes game `id` over: its lease, then its task loaded from storage
    /// (after the lease, so every write of the former owner is in it).
    async fn take(
        self: &Arc<Self>,
        ctx: &Arc<Context>,
        id: &str,
    ) -> Result<Option<GameHandle>, game::actor::LoadError> {
        let Some(epoch) = lease::claim(&self.pool, id, &self.node, self.lease_ms).await? else {
            return Ok(None);
        };
        let fence = self.fence(epoch);
        let read = match game::actor::read(ctx, id).await {
            Ok(Some(read)) => read,
            Ok(None) => return Ok(None),
            Err(e) => {
                self.release(id, &fence);
                return Err(e);
            }
        };
        let handle = game::actor::start(ctx, read, Some(fence));
        if let Some(old) = ctx.games.replace(handle.clone()) {
            // A relay (or a task whose lease ran out) gives way.
            old.send(Command::Yield);
        }
        self.send(
            wire::ALL.into(),
            Wire::Owner {
                from: self.node.to_string(),
                game: id.to_string(),
            },
        );
        Ok(Some(handle))
    }

    fn add_relay(&self, game: &str, inbox: mpsc::UnboundedSender<relay::Inbound>) {
        let mut relays = self.relays.lock().expect("relays lock");
        relays.insert(game.to_string(), inbox);
    }

    fn remove_relay(&self, game: &str, inbox: &mpsc::UnboundedSender<relay::Inbound>) {
        let mut relays = self.relays.lock().expect("relays lock");
        if relays.get(game).is_some_and(|i| i.same_channel(inbox)) {
            relays.remove(game);
        }
    }

    /// Hands `inbound` to the relay of `game`, if there is one.
    fn to_relay(&self, game: &str, inbound: relay::Inbound) {
        let relays = self.relays.lock().expect("relays lock");
        if let Some(inbox) = relays.get(game) {
            let _ = inbox.send(inbound);
        }
    }

    /// Ends every relay: what they heard may have gaps.
    fn drop_relays(&self) {
        let relays = self.relays.lock().expect("relays lock");
        for inbox in relays.values() {
            let _ = inbox.send(relay::Inbound::Owner);
        }
    }
}
