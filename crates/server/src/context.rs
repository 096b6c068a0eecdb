//! What every part of the server shares: storage, the bot pool, the
//! lobby, the map of live games, the cluster and the shutdown signal.

use crate::bots::BotPool;
use crate::cluster::Cluster;
use crate::game::actor::StoredSeat;
use crate::game::spec::GameSpec;
use crate::game::{self, GameHandle};
use crate::lobby::Lobby;
use crate::store::{Store, StoredGame};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use tetrarch_rules::AnyGame;
use tokio::sync::watch;

/// The live games by id. The lock guards only the map, never a game.
#[derive(Default)]
pub struct Registry {
    map: RwLock<HashMap<Arc<str>, GameHandle>>,
}

impl Registry {
    /// The live game `id`.
    pub fn get(&self, id: &str) -> Option<GameHandle> {
        let map = self.map.read().expect("registry lock");
        map.get(id).filter(|h| !h.is_closed()).cloned()
    }

    /// The live game `id`, or the one `start` starts if none is live
    /// (two requests that loaded it at once start one task).
    pub fn get_or_start(&self, id: &str, start: impl FnOnce() -> GameHandle) -> GameHandle {
        let mut map = self.map.write().expect("registry lock");
        match map.get(id) {
            Some(live) if !live.is_closed() => live.clone(),
            _ => {
                let handle = start();
                map.insert(handle.id.clone(), handle.clone());
                handle
            }
        }
    }

    /// Puts `handle` in place of what was there (returned).
    pub fn replace(&self, handle: GameHandle) -> Option<GameHandle> {
        let mut map = self.map.write().expect("registry lock");
        map.insert(handle.id.clone(), handle)
    }

    /// Every live handle.
    pub fn handles(&self) -> Vec<GameHandle> {
        let map = self.map.read().expect("registry lock");
        map.values().filter(|h| !h.is_closed()).cloned().collect()
    }

    /// Forgets the task whose id is `id` (the very `Arc`: a task that
    /// replaced it stays).
    pub fn remove(&self, id: &Arc<str>) {
        let mut map = self.map.write().expect("registry lock");
        if map.get(id).is_some_and(|h| Arc::ptr_eq(&h.id, id)) {
            map.remove(id);
        }
    }

    /// Live games.
    pub fn len(&self) -> usize {
        self.map.read().expect("registry lock").len()
    }

    /// Whether no game is live.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The server's shared state.
pub struct Context {
    /// Storage.
    pub store: Store,
    /// Bots' threads.
    pub bots: BotPool,
    /// Public games.
    pub lobby: Lobby,
    /// Live games.
    pub games: Registry,
    /// Becomes true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// Per-connection and per-address limits.
    pub limits: crate::config::Limits,
    /// Rate limits and origins of the API.
    pub guard: crate::api::guard::Guard,
    /// This node's part in a cluster (PostgreSQL only).
    pub cluster: Option<Arc<Cluster>>,
}

/// Why a game could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum Reach {
    /// No such game.
    #[error("no game '{0}'")]
    NotFound(String),
    /// It is stored but could not be loaded.
    #[error(transparent)]
    Load(#[from] game::actor::LoadError),
    /// Nodes are handing it over; a moment later it is reachable.
    #[error("game '{0}' is moving between nodes: try again")]
    Moving(String),
}

impl Context {
    /// Game `id`: live, or loaded from storage.
    pub async fn game(self: &Arc<Self>, id: &str) -> Result<GameHandle, Reach> {
        if let Some(h) = self.games.get(id) {
            return Ok(h);
        }
        if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(Reach::NotFound(id.to_string()));
        }
        if let Some(cluster) = &self.cluster {
            return cluster.reach(self, id).await;
        }
        match game::actor::read(self, id).await? {
            Some(read) => Ok(self
                .games
                .get_or_start(id, || game::actor::start(self, read, None))),
            None => Err(Reach::NotFound(id.to_string())),
        }
    }
}

/// Starts the task of a game just stored; in a cluster, under a lease
/// taken for it (if another node took it first, that node serves it).
pub async fn start_created(
    ctx: &Arc<Context>,
    stored: &StoredGame,
    spec: GameSpec,
    game: AnyGame,
    seats: Vec<StoredSeat>,
) {
    let fence = match &ctx.cluster {
        None => None,
        Some(cluster) => match cluster.claim_new(&stored.id).await {
            Some(fence) => Some(fence),
            None => return,
        },
    };
    game::spawn_new(ctx, stored, spec, game, seats, fence);
}
