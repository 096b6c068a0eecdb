//! Search limits and the time manager.

use std::time::Duration;
use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::Seat;

/// When to stop searching. Unset fields do not limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Plies of iterative deepening.
    pub depth: Option<u32>,
    /// Nodes (search and quiescence).
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// Clock of the first seat (white).
    pub wtime: Option<Duration>,
    /// Clock of the second seat (black).
    pub btime: Option<Duration>,
    /// Increment of the first seat.
    pub winc: Option<Duration>,
    /// Increment of the second seat.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Games of more than two seats: each seat's clock (seat order), used
    /// instead of `wtime`/`btime` when the mover's is set.
    pub seat_time: [Option<Duration>; MAX_SEATS],
    /// Games of more than two seats: each seat's increment.
    pub seat_inc: [Option<Duration>; MAX_SEATS],
    /// Search until stopped.
    pub infinite: bool,
    /// Only these root moves, in the variant's protocol notation (UCI
    /// `searchmoves`); empty for all. Moves that are not legal are ignored.
    pub searchmoves: Vec<String>,
}

impl Limits {
    /// Whether a depth, node count, time or clock ends the search.
    pub fn bounded(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.movetime.is_some()
            || self.wtime.is_some()
            || self.btime.is_some()
            || self.seat_time.iter().any(Option::is_some)
    }
}

/// Soft (do not start another iteration past half of it) and hard (stop
/// at once) time limits.
pub fn time_plan(limits: &Limits, turn: Seat) -> (Option<Duration>, Option<Duration>) {
    if limits.infinite {
        return (None, None);
    }
    if let Some(mt) = limits.movetime {
        let hard = mt.saturating_sub((mt / 20).min(Duration::from_millis(20)));
        return (Some(hard * 2), Some(hard.max(Duration::from_millis(1))));
    }
    let seat_clock = limits.seat_time.get(turn.idx()).copied().flatten();
    let (time, inc) = if seat_clock.is_some() {
        (seat_clock, limits.seat_inc[turn.idx()])
    } else if turn.0 == 0 {
        (limits.wtime, limits.winc)
    } else {
        (limits.btime, limits.binc)
    };
    let Some(time) = time else {
        return (None, None);
    };
    let inc = inc.unwrap_or_default();
    let mtg = limits.movestogo.unwrap_or(30).clamp(1, 50);
    let cap = time
        .saturating_sub(Duration::from_millis(50).min(time / 2))
        .max(Duration::from_millis(1));
    let soft = (time / mtg + inc * 3 / 4).min(cap);
    let hard = (soft * 4).min(time / 3 + inc).min(cap).max(soft.min(cap));
    (Some(soft), Some(hard))
}
