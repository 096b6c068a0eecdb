//! `tetrarch loadtest`: many concurrent games over loopback WebSockets
//! against a `tetrarch serve` it starts (or a server at `--url`), every
//! seat connected, players moving at a chosen pace. It reports moves per
//! second, move-to-broadcast latency (from a player's `move` message to
//! the `move` event at each other seat), and the server's CPU and
//! resident memory per live game.
//!
//! The server runs as a child process so that its CPU and memory are
//! read apart from the load generator's, from `/proc`.

mod game;
mod latency;
mod player;
mod sockets;
mod stats;
mod target;
mod usage;

use anyhow::{Context, Result, bail};
use game::Load;
use player::Pace;
use stats::Stats;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use target::Target;
use tetrarch_rules::AnyVariant;
use tokio::sync::Semaphore;
use usage::Usage;

/// Flags of `tetrarch loadtest`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Live games to keep (a game that ends is replaced by a new one).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// A built-in variant (see `tetrarch variants`).
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Mean thinking time of a player before each move, in milliseconds
    /// (each think is drawn uniformly from half to one and a half times it).
    #[arg(long, default_value_t = 2000)]
    pace_ms: u64,
    /// Seconds measured, after the games are connected and warmed up.
    #[arg(long, default_value_t = 30)]
    duration: u64,
    /// Seconds of play before measuring.
    #[arg(long, default_value_t = 5)]
    warmup: u64,
    /// Each seat's initial time in milliseconds (0: no clock).
    #[arg(long, default_value_t = 600_000)]
    clock_ms: u64,
    /// Increment per move in milliseconds.
    #[arg(long, default_value_t = 0)]
    increment_ms: u64,
    /// A running server (`http://HOST:PORT`) instead of a child one;
    /// its API rate limit must allow the games to be created.
    #[arg(long)]
    url: Option<String>,
    /// The process id of the server at `--url`, to measure its CPU and memory.
    #[arg(long, requires = "url")]
    server_pid: Option<u32>,
    /// Games created and connected at once while ramping up.
    #[arg(long, default_value_t = 64)]
    ramp: usize,
    /// Log filter of the child server.
    #[arg(long, default_value = "warn")]
    server_log: String,
    /// Seed of the players' move choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The child servers' database (default: a fresh SQLite file); a
    /// `postgres://` database is shared by `--nodes` servers.
    #[arg(long, conflicts_with = "url")]
    db: Option<String>,
    /// Child servers to start on `--db` (PostgreSQL), each game's seats
    /// spread over them: the cost of coordinating a cluster.
    #[arg(long, default_value_t = 1, requires = "db")]
    nodes: usize,
}

/// Files a process holds besides its seats' sockets (runtime, database,
/// listener, HTTP clients), with room to spare.
const OTHER_FILES: u64 = 200;

/// Runs the load test and prints its report.
pub fn run(args: &Args) -> Result<()> {
    if args.games == 0 || args.duration == 0 {
        bail!("--games and --duration must be at least 1");
    }
    let postgres = args
        .db
        .as_deref()
        .is_some_and(|db| db.starts_with("postgres://") || db.starts_with("postgresql://"));
    if args.nodes == 0 || (args.nodes > 1 && !postgres) {
        bail!(
            "--nodes {}: several nodes need a postgres:// --db (SQLite serves one node)",
            args.nodes
        );
    }
    let variant = AnyVariant::builtin(&args.variant)?;
    let seats = variant.seat_count();
    let limit = crate::files::raise_open_file_limit().context("reading the open-file limit")?;
    println!("loadtest: open files: at most {limit}");
    let limit = limit.soft;
    let needed = args.games as u64 * u64::from(seats) + OTHER_FILES;
    if needed > limit {
        bail!(
            "{} games of {} need about {needed} open files ({seats} sockets a game, in the \
             server and in this process alike), but the open-file limit is {limit} (a hard \
             limit is raised only with CAP_SYS_RESOURCE): at most {} games fit",
            args.games,
            args.variant,
            limit.saturating_sub(OTHER_FILES) / u64::from(seats)
        );
    }
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(drive(args, seats))
}

/// Resource use at the start and end of the measured window.
struct Window {
    server: (Option<Usage>, Option<Usage>),
    generator: (Usage, Usage),
    elapsed: Duration,
}

async fn drive(args: &Args, seats: u8) -> Result<()> {
    let mut target = match &args.url {
        Some(url) => Target::at(url, args.server_pid)?,
        None => Target::spawn(&args.server_log, args.db.as_deref(), args.nodes)?,
    };
    let http = http_clients()?;
    target.ready(&http[0], Duration::from_secs(30)).await?;
    let idle = target.usage()?;
    let stats = Arc::new(Stats::default());
    let load = Arc::new(Load {
        servers: target.addrs.clone(),
        http,
        create: creation(args, seats),
        seats,
        pace: Pace {
            think: Duration::from_millis(args.pace_ms),
        },
        stats: stats.clone(),
        ramp: Semaphore::new(args.ramp.max(1)),
        seed: args.seed,
    });
    println!(
        "loadtest: {} live games of {} ({seats} seats each, every seat on its own WebSocket) \
         against {}; players think {} ms on average; {} s measured after {} s of play",
        args.games,
        args.variant,
        target.base(),
        args.pace_ms,
        args.duration,
        args.warmup
    );
    let mut slots = tokio::task::JoinSet::new();
    for index in 0..args.games {
        slots.spawn(game::run_slot(load.clone(), index));
    }
    let ramp_time = ramp_up(&stats, args.games).await?;
    println!(
        "ramp: {} games connected in {:.1} s",
        args.games,
        ramp_time.as_secs_f64()
    );
    tokio::time::sleep(Duration::from_secs(args.warmup)).await;
    let window = measure(&target, &stats, Duration::from_secs(args.duration)).await?;
    slots.abort_all();
    while slots.join_next().await.is_some() {}
    report(args, &stats, &window, idle);
    Ok(())
}

/// The body of `POST /api/games`: every seat the creator's.
fn creation(args: &Args, seats: u8) -> serde_json::Value {
    let clock = (args.clock_ms > 0).then(
        || serde_json::json!({"initial_ms": args.clock_ms, "increment_ms": args.increment_ms}),
    );
    let seats: Vec<_> = (0..seats)
        .map(|_| serde_json::json!({"kind": "me"}))
        .collect();
    serde_json::json!({"variant": args.variant, "clock": clock, "seats": seats, "public": false})
}

/// HTTP clients from several loopback addresses (for a server whose rate
/// limit counts per address).
fn http_clients() -> Result<Vec<reqwest::Client>> {
    (0..8)
        .map(|i| {
            reqwest::Client::builder()
                .local_address(sockets::source_address(i, 1))
                .timeout(Duration::from_secs(60))
                .build()
                .context("building the HTTP client")
        })
        .collect()
}

/// Waits until every slot has connected its first game; how long it took.
async fn ramp_up(stats: &Stats, games: usize) -> Result<Duration> {
    let start = Instant::now();
    let mut last_report = start;
    // Generous: a slow server is measured, not refused; a stuck one fails.
    let limit = Duration::from_secs(120) + Duration::from_millis(games as u64 * 20);
    loop {
        let connected = stats.connected.load(Ordering::SeqCst);
        if connected >= games {
            return Ok(start.elapsed());
        }
        if start.elapsed() > limit {
            bail!("only {connected} of {games} games connected within {limit:?}");
        }
        if last_report.elapsed() > Duration::from_secs(10) {
            eprintln!("ramp: {connected} of {games} games connected");
            last_report = Instant::now();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Opens the measured window for `length` and reads resource use around it.
async fn measure(target: &Target, stats: &Stats, length: Duration) -> Result<Window> {
    let server_start = target.usage()?;
    let generator_start = usage::read(None)?;
    let start = Instant::now();
    stats.measure(true);
    tokio::time::sleep(length).await;
    stats.measure(false);
    let elapsed = start.elapsed();
    Ok(Window {
        server: (server_start, target.usage()?),
        generator: (generator_start, usage::read(None)?),
        elapsed,
    })
}

/// CPU used between two readings, in percent of one core.
fn cpu_percent(from: Usage, to: Usage, elapsed: Duration) -> f64 {
    100.0 * to.cpu.saturating_sub(from.cpu).as_secs_f64() / elapsed.as_secs_f64()
}

fn report(args: &Args, stats: &Stats, window: &Window, idle: Option<Usage>) {
    let mut latencies = stats.take_latencies();
    let summary = latencies.summary();
    let secs = window.elapsed.as_secs_f64();
    let moves = stats.moves.load(Ordering::Relaxed);
    let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1000.0);
    let (p50, p99, max) = match summary {
        Some(s) => (ms(s.p50), ms(s.p99), ms(s.max)),
        None => ("-".into(), "-".into(), "-".into()),
    };
    let (cpu, rss, per_game) = match window.server {
        (Some(from), Some(to)) => {
            let grown = to.rss_bytes.saturating_sub(idle.map_or(0, |u| u.rss_bytes));
            (
                format!("{:.0}", cpu_percent(from, to, window.elapsed)),
                format!("{:.0}", to.rss_bytes as f64 / (1 << 20) as f64),
                format!("{:.1}", grown as f64 / 1024.0 / args.games as f64),
            )
        }
        _ => ("-".into(), "-".into(), "-".into()),
    };
    let generator = cpu_percent(window.generator.0, window.generator.1, window.elapsed);
    println!();
    println!(
        "| live games | moves/s | latency p50 ms | p99 ms | max ms | server CPU % of a core | \
         server RSS MiB | KiB per game | generator CPU % | errors | dropped | games ended |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {} | {:.0} | {p50} | {p99} | {max} | {cpu} | {rss} | {per_game} | {generator:.0} | {} | {} | {} |",
        args.games,
        moves as f64 / secs,
        stats.errors.load(Ordering::Relaxed),
        stats.dropped.load(Ordering::Relaxed),
        stats.finished.load(Ordering::Relaxed),
    );
    if let Some(s) = summary {
        println!(
            "({} latencies; KiB per game: the server's resident memory above its idle size, divided by the games)",
            s.count
        );
    }
}
