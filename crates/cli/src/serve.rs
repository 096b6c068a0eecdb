//! `tetrarch serve`: the game server (also what `tetrarch` with no command
//! does). Each flag has an environment variable.

use anyhow::Context as _;
use clap::Parser;
use tetrarch_server::{Config, Limits, Server};

/// Flags of `tetrarch serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address and port to listen on.
    #[arg(long, env = "TETRARCH_LISTEN", default_value = "127.0.0.1:8080")]
    listen: String,
    /// Database: sqlite://PATH (created if missing) or postgres://USER@HOST/DB.
    #[arg(long, env = "TETRARCH_DB", default_value = "sqlite://tetrarch.db")]
    db: String,
    /// Log filter, in RUST_LOG syntax (`info`, `tetrarch_server=debug`).
    #[arg(long, env = "TETRARCH_LOG", default_value = "info")]
    log: String,
    /// Threads for bots' searches.
    #[arg(long, env = "TETRARCH_BOT_THREADS", default_value_t = 1)]
    bot_threads: usize,
    /// Browser origins allowed to use the API besides the server's own
    /// (comma-separated; `*` for any).
    #[arg(long, env = "TETRARCH_ALLOW_ORIGIN", value_delimiter = ',')]
    allow_origin: Vec<String>,
    /// API requests a second per address and per token (0: no limit).
    #[arg(long, env = "TETRARCH_HTTP_RATE", default_value_t = 20)]
    http_rate: u32,
    /// WebSocket messages a second per connection.
    #[arg(long, env = "TETRARCH_WS_RATE", default_value_t = 20)]
    ws_rate: u32,
    /// Connections to PostgreSQL at most (each node of a cluster has its
    /// own pool, plus one connection that listens).
    #[arg(long, env = "TETRARCH_DB_CONNECTIONS", default_value_t = 16)]
    db_connections: u32,
    /// Cluster mode (PostgreSQL): how long, in milliseconds, a node holds
    /// its games without renewing; a dead node's games move to the others
    /// after about this long.
    #[arg(long, env = "TETRARCH_LEASE_MS", default_value_t = 5000)]
    lease_ms: u64,
}

/// Only for parsing the defaults and environment when no command is given.
#[derive(Parser)]
struct Defaults {
    #[command(flatten)]
    args: Args,
}

impl Args {
    /// The flags' defaults and environment variables.
    pub fn from_env() -> Args {
        Defaults::parse_from(["tetrarch"]).args
    }
}

/// Runs the server until SIGINT or SIGTERM.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_new(&args.log)
        .with_context(|| format!("--log '{}'", args.log))?;
    tracing_subscriber::fmt().with_env_filter(filter).init();
    // Every player's socket is an open file.
    #[cfg(unix)]
    match crate::files::raise_open_file_limit() {
        Ok(limit) => tracing::info!("open files: at most {limit}"),
        Err(e) => tracing::warn!("reading the open-file limit: {e}"),
    }
    let config = Config {
        listen: args.listen.clone(),
        db: args.db.clone(),
        bot_threads: args.bot_threads.max(1),
        allowed_origins: args.allow_origin.clone(),
        limits: Limits {
            http_per_sec: args.http_rate,
            ws_per_sec: args.ws_rate.max(1),
            ws_burst: args.ws_rate.max(1) * 2,
            ..Limits::default()
        },
        db_connections: args.db_connections,
        lease: std::time::Duration::from_millis(args.lease_ms.max(500)),
    };
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async move {
        let stop = stop_signal()?;
        let server = Server::start(config).await?;
        println!("Tetrarch serves on http://{}/", server.addr());
        if let Some(node) = server.node() {
            println!("cluster node {node} (PostgreSQL: nodes on this database share its games)");
        }
        if server.resumed() > 0 {
            println!("resumed {} unfinished games", server.resumed());
        }
        server.run_until(stop).await?;
        println!("stopped");
        anyhow::Ok(())
    })
}

/// A future that completes on SIGINT or SIGTERM. The handlers are
/// installed here, at once, so a signal that comes as soon as the server
/// announces itself stops it cleanly rather than killing it.
#[cfg(unix)]
fn stop_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt()).context("handling SIGINT")?;
    let mut term = signal(SignalKind::terminate()).context("handling SIGTERM")?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = term.recv() => {}
        }
    })
}

/// A future that completes on Ctrl-C.
#[cfg(not(unix))]
fn stop_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
