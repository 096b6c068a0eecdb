//! Tetrarch's game server: every variant playable over the network.
//!
//! An axum application: a JSON HTTP API (modelled on the lichess Board
//! API, with per-seat arrays), a WebSocket per game for play, NDJSON
//! streams for bots and scripts, and the web client (`web/`, embedded). Each live
//! game is one tokio task ([`game`]) that owns its state and sees the game
//! only through the rules crate's width-free game; every action is stored
//! ([`store`], SQLite or PostgreSQL) before anyone hears of it. Bots
//! search on their own threads ([`bots`]). On PostgreSQL, several servers
//! share the games as one cluster ([`cluster`]).
//!
//! The protocol is described in `docs/protocol.md`, the HTTP API in
//! `docs/api.md` and at `/api/openapi.json`.

// No unsafe code here: the workspace denies it, this crate forbids it outright.
#![forbid(unsafe_code)]

pub mod api;
pub mod bots;
pub mod cluster;
pub mod config;
pub mod context;
pub mod error;
pub mod game;
pub mod lobby;
pub mod secret;
pub mod store;
pub mod web;

pub use config::{Config, Limits};

use context::{Context, Registry};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened.
    #[error("database: {0}")]
    Store(#[from] store::StoreError),
    /// The address could not be listened on.
    #[error("cannot listen on {0}: {1}")]
    Listen(String, std::io::Error),
    /// A stored game could not be loaded.
    #[error("loading unfinished games: {0}")]
    Load(#[from] game::actor::LoadError),
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    ctx: Arc<Context>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    resumed: usize,
}

impl Server {
    /// Opens the database, resumes every unfinished game, and starts
    /// listening.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        let store = store::Store::open_sized(&config.db, config.db_connections).await?;
        let listener = TcpListener::bind(&config.listen)
            .await
            .map_err(|e| StartError::Listen(config.listen.clone(), e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| StartError::Listen(config.listen.clone(), e))?;
        let (stop, shutdown) = watch::channel(false);
        // PostgreSQL is shared: every node there is a cluster node.
        let cluster = store
            .is_postgres()
            .then(|| cluster::Cluster::new(&store, &config.db, config.lease, shutdown.clone()));
        let ctx = Arc::new(Context {
            store,
            bots: bots::BotPool::new(config.bot_threads),
            lobby: lobby::Lobby::default(),
            games: Registry::default(),
            shutdown,
            limits: config.limits.clone(),
            guard: api::guard::Guard {
                addresses: api::guard::RateLimiter::new(
                    config.limits.http_per_sec,
                    config.limits.http_burst,
                ),
                tokens: api::guard::RateLimiter::new(
                    config.limits.http_per_sec,
                    config.limits.http_burst,
                ),
                origins: config.allowed_origins.clone(),
            },
            cluster,
        });
        let resumed = match &ctx.cluster {
            Some(cluster) => cluster.run(&ctx).await?,
            None => resume(&ctx).await?,
        };
        let app = api::router(ctx.clone());
        let mut signal = ctx.shutdown.clone();
        let task = tokio::spawn(async move {
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .with_graceful_shutdown(async move {
                let _ = signal.wait_for(|stop| *stop).await;
            })
            .await
        });
        Ok(Server {
            addr,
            ctx,
            stop,
            task,
            resumed,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Unfinished games loaded from storage at start.
    pub fn resumed(&self) -> usize {
        self.resumed
    }

    /// This node's id in a cluster (PostgreSQL), or `None` (SQLite).
    pub fn node(&self) -> Option<&str> {
        self.ctx.cluster.as_deref().map(|c| c.node())
    }

    /// Live games now.
    pub fn live_games(&self) -> usize {
        self.ctx.games.len()
    }

    /// Closes every socket with a close frame, lets requests finish, and
    /// closes the database. Every accepted action is stored already.
    pub async fn shut_down(self) -> std::io::Result<()> {
        let _ = self.stop.send(true);
        let served = self.task.await.unwrap_or(Ok(()));
        if let Some(cluster) = &self.ctx.cluster {
            cluster.release_all().await;
        }
        self.ctx.store.close().await;
        let ctx = self.ctx.clone();
        // Bot threads finish their current search.
        let _ = tokio::task::spawn_blocking(move || ctx.bots.shut_down()).await;
        served
    }

    /// Runs until `signal` completes, then shuts down.
    pub async fn run_until(
        self,
        signal: impl std::future::Future<Output = ()>,
    ) -> std::io::Result<()> {
        signal.await;
        self.shut_down().await
    }
}

/// Starts the task of every unfinished game.
async fn resume(ctx: &Arc<Context>) -> Result<usize, StartError> {
    let ids = ctx.store.unfinished().await?;
    for id in &ids {
        match game::actor::read(ctx, id).await {
            Ok(Some(read)) => {
                ctx.games
                    .get_or_start(id, || game::actor::start(ctx, read, None));
            }
            Ok(None) => {}
            // One broken game must not keep the others from resuming.
            Err(e) => tracing::error!("game {id} not resumed: {e}"),
        }
    }
    Ok(ids.len())
}
