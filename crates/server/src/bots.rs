//! Bots search on a bounded pool of OS threads, never on the async
//! runtime, so a long search delays no game: a game's task hands over a
//! copy of its game and gets the move back on its channel.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;
use tetrarch_engine::{Engine, Limits, Settings};
use tetrarch_rules::AnyGame;

/// Transposition table of each engine, in megabytes.
const HASH_MB: usize = 8;
/// Engines kept per thread (one per variant recently played).
const ENGINES_KEPT: usize = 4;
/// The longest a bot thinks without a clock.
const UNTIMED_MOVE: Duration = Duration::from_millis(1_000);

/// A search to run.
pub struct BotJob {
    /// The game, at the position to play.
    pub game: AnyGame,
    /// Level 1 to 8.
    pub level: u8,
    /// Each seat's clock now, if timed.
    pub clocks_ms: Option<Vec<i64>>,
    /// The increment.
    pub increment_ms: u64,
    /// Called with the move (on the bot's thread).
    pub answer: Box<dyn FnOnce(Option<String>) + Send>,
}

/// The pool.
pub struct BotPool {
    jobs: Mutex<Option<mpsc::Sender<BotJob>>>,
    queued: Arc<AtomicUsize>,
    threads: Mutex<Vec<std::thread::JoinHandle<()>>>,
}

impl BotPool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> BotPool {
        let (tx, rx) = mpsc::channel::<BotJob>();
        let rx = Arc::new(Mutex::new(rx));
        let queued = Arc::new(AtomicUsize::new(0));
        let handles = (0..threads.max(1))
            .map(|i| {
                let rx = rx.clone();
                let queued = queued.clone();
                std::thread::Builder::new()
                    .name(format!("bot-{i}"))
                    .spawn(move || work(&rx, &queued))
                    .expect("a bot thread starts")
            })
            .collect();
        BotPool {
            jobs: Mutex::new(Some(tx)),
            queued,
            threads: Mutex::new(handles),
        }
    }

    /// Queues `job`.
    pub fn submit(&self, job: BotJob) {
        let jobs = self.jobs.lock().expect("bot pool lock");
        if let Some(tx) = jobs.as_ref() {
            self.queued.fetch_add(1, Ordering::Relaxed);
            if let Err(mpsc::SendError(job)) = tx.send(job) {
                self.queued.fetch_sub(1, Ordering::Relaxed);
                (job.answer)(None);
            }
        }
    }

    /// Searches waiting or running.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Stops taking jobs and waits for the threads.
    pub fn shut_down(&self) {
        self.jobs.lock().expect("bot pool lock").take();
        let handles = std::mem::take(&mut *self.threads.lock().expect("bot pool lock"));
        for h in handles {
            let _ = h.join();
        }
    }
}

fn work(rx: &Mutex<mpsc::Receiver<BotJob>>, queued: &AtomicUsize) {
    let mut engines: HashMap<String, Engine> = HashMap::new();
    loop {
        let job = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let best = search(&mut engines, &job);
        queued.fetch_sub(1, Ordering::Relaxed);
        (job.answer)(best);
    }
}

/// The limits a bot plays under: the game's clocks, or a fixed time.
fn limits(job: &BotJob) -> Limits {
    let mut limits = Limits::default();
    match &job.clocks_ms {
        Some(clocks) => {
            let ms = |t: i64| Duration::from_millis(t.max(1) as u64);
            for (i, &t) in clocks.iter().enumerate().take(limits.seat_time.len()) {
                limits.seat_time[i] = Some(ms(t));
                limits.seat_inc[i] = Some(Duration::from_millis(job.increment_ms));
            }
            if clocks.len() == 2 {
                limits.wtime = Some(ms(clocks[0]));
                limits.btime = Some(ms(clocks[1]));
                limits.winc = Some(Duration::from_millis(job.increment_ms));
                limits.binc = limits.winc;
            }
        }
        None => limits.movetime = Some(UNTIMED_MOVE),
    }
    limits
}

fn search(engines: &mut HashMap<String, Engine>, job: &BotJob) -> Option<String> {
    let variant = job.game.variant();
    let name = variant.name().to_string();
    if !engines.contains_key(&name) && engines.len() >= ENGINES_KEPT {
        engines.clear();
    }
    let engine = engines
        .entry(name)
        .or_insert_with(|| Engine::new(variant, HASH_MB));
    engine.configure(Settings {
        level: job.level,
        threads: 1,
        ..Settings::default()
    });
    engine.clear();
    engine.seed(crate::secret::random_u64());
    match engine.search(&job.game, &limits(job), &mut |_| {}) {
        Ok(found) => found.best,
        Err(e) => {
            tracing::error!("bot: {e}");
            None
        }
    }
}
