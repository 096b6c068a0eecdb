//! Move-to-broadcast latencies: every sample is kept (a run of a few
//! minutes yields at most a few million), so percentiles are exact.

use std::time::Duration;

/// Latencies recorded during a run.
#[derive(Default)]
pub struct Latencies {
    micros: Vec<u32>,
}

/// Percentiles of a set of latencies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// How many samples.
    pub count: usize,
    /// The median.
    pub p50: Duration,
    /// The 99th percentile.
    pub p99: Duration,
    /// The largest.
    pub max: Duration,
}

impl Latencies {
    /// Records one latency (saturating at about 71 minutes).
    pub fn record(&mut self, latency: Duration) {
        let micros = u32::try_from(latency.as_micros()).unwrap_or(u32::MAX);
        self.micros.push(micros);
    }

    /// The percentiles, or `None` without samples.
    pub fn summary(&mut self) -> Option<Summary> {
        if self.micros.is_empty() {
            return None;
        }
        self.micros.sort_unstable();
        let at = |q: f64| {
            // Nearest rank: the smallest sample with at least q of them at or below it.
            let rank = (q * self.micros.len() as f64).ceil() as usize;
            let index = rank.clamp(1, self.micros.len()) - 1;
            Duration::from_micros(u64::from(self.micros[index]))
        };
        Some(Summary {
            count: self.micros.len(),
            p50: at(0.50),
            p99: at(0.99),
            max: at(1.0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let mut l = Latencies::default();
        for ms in (1..=100).rev() {
            l.record(Duration::from_millis(ms));
        }
        let s = l.summary().expect("samples");
        assert_eq!(s.count, 100);
        assert_eq!(s.p50, Duration::from_millis(50));
        assert_eq!(s.p99, Duration::from_millis(99));
        assert_eq!(s.max, Duration::from_millis(100));
    }

    #[test]
    fn no_samples_no_summary() {
        assert_eq!(Latencies::default().summary(), None);
    }
}
