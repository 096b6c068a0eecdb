//! What the simulated players count while the load runs: shared by every
//! game's tasks, counted only inside the measured window.

use super::latency::Latencies;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// Counters of one run.
#[derive(Default)]
pub struct Stats {
    /// Whether the measured window is open.
    measuring: AtomicBool,
    /// Moves the server acknowledged as new in the window.
    pub moves: AtomicU64,
    /// Error replies from the server (any code) in the window.
    pub errors: AtomicU64,
    /// Games that reached their end in the window.
    pub finished: AtomicU64,
    /// Sockets the server closed or lost in the window.
    pub dropped: AtomicU64,
    /// Game slots with every seat connected at least once (the ramp).
    pub connected: AtomicUsize,
    latencies: Mutex<Latencies>,
}

impl Stats {
    /// Opens or closes the measured window.
    pub fn measure(&self, on: bool) {
        self.measuring.store(on, Ordering::SeqCst);
    }

    /// Whether the window is open.
    pub fn measuring(&self) -> bool {
        self.measuring.load(Ordering::Relaxed)
    }

    /// Adds one to `counter` if the window is open.
    pub fn count(&self, counter: &AtomicU64) {
        if self.measuring() {
            counter.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Records a move-to-broadcast latency if the window is open.
    pub fn latency(&self, latency: Duration) {
        if self.measuring()
            && let Ok(mut l) = self.latencies.lock()
        {
            l.record(latency);
        }
    }

    /// Takes the recorded latencies.
    pub fn take_latencies(&self) -> Latencies {
        self.latencies
            .lock()
            .map(|mut l| std::mem::take(&mut *l))
            .unwrap_or_default()
    }
}
