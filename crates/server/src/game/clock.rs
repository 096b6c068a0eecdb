//! Clocks on the server, with lag compensation as lichess does it: each
//! seat has a quota of time that pays for measured network lag; it grows a
//! little with every move and is capped, so a player with a slow line is
//! not flagged by it, and a player cannot claim more than a little lag.
//!
//! A seat's clock runs from its second turn on: its first move is free
//! (the game may still be aborted then).

use super::spec::ClockSpec;
use std::time::{Duration, Instant};

/// Quota gained with each move.
const QUOTA_GAIN_MS: i64 = 100;
/// The quota a seat starts with.
const QUOTA_START_MS: i64 = 300;
/// The largest quota.
const QUOTA_MAX_MS: i64 = 1_000;
const DAY_MS: i64 = 24 * 3600 * 1000;

/// The clocks of a game.
#[derive(Clone, Debug)]
pub struct Clocks {
    spec: ClockSpec,
    /// Time left per seat when its turn began (or now, if not running).
    remaining: Vec<i64>,
    quota: Vec<i64>,
    /// The seat whose clock runs and since when.
    running: Option<(u8, Instant)>,
}

impl Clocks {
    /// Fresh clocks for `seats` seats.
    pub fn new(spec: ClockSpec, seats: usize) -> Clocks {
        let start = match spec {
            ClockSpec::Fischer { initial_ms, .. } => initial_ms as i64,
            ClockSpec::Correspondence { days_per_move } => days_per_move as i64 * DAY_MS,
        };
        Clocks {
            spec,
            remaining: vec![start; seats],
            quota: vec![QUOTA_START_MS; seats],
            running: None,
        }
    }

    /// Clocks as stored after an action (remaining ms per seat).
    pub fn restore(&mut self, remaining: &[i64]) {
        if remaining.len() == self.remaining.len() {
            self.remaining.copy_from_slice(remaining);
        }
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<u8> {
        self.running.map(|(s, _)| s)
    }

    /// Starts `seat`'s clock at `now` (stopping any other without charge).
    pub fn start(&mut self, seat: u8, now: Instant) {
        self.running = Some((seat, now));
    }

    /// Stops every clock without charge (the game ended or paused).
    pub fn halt(&mut self, now: Instant) {
        if let Some((seat, since)) = self.running.take() {
            let spent = now.saturating_duration_since(since).as_millis() as i64;
            let r = &mut self.remaining[seat as usize];
            *r = (*r - spent).max(0);
        }
    }

    /// `seat` moved at `now` with `lag_ms` of measured network lag: charge
    /// its thinking time less what its quota pays for the lag, then add
    /// the increment (or reset a correspondence clock).
    pub fn moved(&mut self, seat: u8, now: Instant, lag_ms: i64) {
        self.stepped(seat, now, lag_ms, true);
    }

    /// `seat` took a step of its turn at `now`: its time is spent as for
    /// a move; the increment comes once, when `turn_over` (a turn of
    /// several steps, such as an assassin's pick and then its move, earns
    /// one increment).
    pub fn stepped(&mut self, seat: u8, now: Instant, lag_ms: i64, turn_over: bool) {
        let i = seat as usize;
        if let Some((running, since)) = self.running.take()
            && running == seat
        {
            let spent = now.saturating_duration_since(since).as_millis() as i64;
            let paid = lag_ms.clamp(0, self.quota[i]).min(spent);
            self.quota[i] = (self.quota[i] - paid + QUOTA_GAIN_MS).min(QUOTA_MAX_MS);
            self.remaining[i] = (self.remaining[i] - (spent - paid)).max(0);
        }
        if !turn_over {
            return;
        }
        match self.spec {
            ClockSpec::Fischer { increment_ms, .. } => self.remaining[i] += increment_ms as i64,
            ClockSpec::Correspondence { days_per_move } => {
                self.remaining[i] = days_per_move as i64 * DAY_MS
            }
        }
    }

    /// Time left per seat at `now`.
    pub fn now(&self, now: Instant) -> Vec<i64> {
        let mut left = self.remaining.clone();
        if let Some((seat, since)) = self.running {
            let spent = now.saturating_duration_since(since).as_millis() as i64;
            let r = &mut left[seat as usize];
            *r = (*r - spent).max(0);
        }
        left
    }

    /// When the running clock falls (its quota stays unpaid: lag that was
    /// never reported buys nothing).
    pub fn deadline(&self) -> Option<Instant> {
        self.running.map(|(seat, since)| {
            since + Duration::from_millis(self.remaining[seat as usize].max(0) as u64)
        })
    }

    /// The seat whose flag fell by `now`.
    pub fn flagged(&self, now: Instant) -> Option<u8> {
        let (seat, _) = self.running?;
        (self.now(now)[seat as usize] <= 0).then_some(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_is_paid_from_a_capped_quota() {
        let t0 = Instant::now();
        let spec = ClockSpec::Fischer {
            initial_ms: 10_000,
            increment_ms: 1_000,
        };
        let mut c = Clocks::new(spec, 2);
        c.start(0, t0);
        // 2 s of thinking, 500 ms lag claimed: the quota (300) pays 300.
        c.moved(0, t0 + Duration::from_millis(2_000), 500);
        assert_eq!(c.now(t0)[0], 10_000 - 1_700 + 1_000);
        assert_eq!(c.running(), None);
        c.start(1, t0);
        assert_eq!(c.flagged(t0 + Duration::from_millis(9_999)), None);
        assert_eq!(c.flagged(t0 + Duration::from_millis(10_000)), Some(1));
        assert_eq!(c.deadline(), Some(t0 + Duration::from_millis(10_000)));
    }

    #[test]
    fn a_step_of_a_turn_that_goes_on_is_charged_without_increment() {
        let t0 = Instant::now();
        let spec = ClockSpec::Fischer {
            initial_ms: 10_000,
            increment_ms: 1_000,
        };
        let mut c = Clocks::new(spec, 2);
        c.start(0, t0);
        c.stepped(0, t0 + Duration::from_millis(2_000), 0, false);
        assert_eq!(c.now(t0)[0], 8_000);
        // The turn's last step brings the increment, once.
        c.start(0, t0);
        c.moved(0, t0 + Duration::from_millis(1_000), 0);
        assert_eq!(c.now(t0)[0], 8_000 - 1_000 + 1_000);
    }

    #[test]
    fn correspondence_resets_each_move() {
        let t0 = Instant::now();
        let mut c = Clocks::new(ClockSpec::Correspondence { days_per_move: 2 }, 2);
        c.start(0, t0);
        c.moved(0, t0 + Duration::from_secs(3600), 0);
        assert_eq!(c.now(t0)[0], 2 * DAY_MS);
    }
}
