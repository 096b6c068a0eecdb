//! Reading `go` commands: search limits, per-seat clocks, `searchmoves`,
//! `perft`. Every `go` searches: a parameter that cannot be read is
//! skipped and reported, as other engines do, so a GUI always gets its
//! `bestmove`.

use crate::search::Limits;
use std::time::Duration;

/// What a `go` command asks for.
#[derive(Debug, Default)]
pub(super) struct Go {
    /// The search limits.
    pub limits: Limits,
    /// `go perft N`: count instead of searching.
    pub perft: Option<u32>,
    /// Parameters that could not be read, in words.
    pub skipped: Vec<String>,
}

/// Read the words after `go`; `seats` is the variant's seat count (four
/// players name clocks by seat: `rtime btime ytime gtime`).
pub(super) fn parse(args: &[&str], seats: u8) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        let value = args.get(i + 1).copied();
        let used = match word {
            "infinite" => {
                go.limits.infinite = true;
                1
            }
            "ponder" => 1,
            "searchmoves" => {
                let moves: Vec<String> = args[i + 1..]
                    .iter()
                    .take_while(|w| !is_keyword(w))
                    .map(|w| w.to_string())
                    .collect();
                let n = moves.len();
                go.limits.searchmoves = moves;
                1 + n
            }
            _ if is_keyword(word) => {
                match value.and_then(|v| v.parse::<i64>().ok()) {
                    Some(n) => go.set(word, n, seats),
                    None => go.skipped.push(format!("'{word}' needs a number")),
                }
                if value.is_some_and(|v| !is_keyword(v)) {
                    2
                } else {
                    1
                }
            }
            other => {
                go.skipped.push(format!("unknown parameter '{other}'"));
                1
            }
        };
        i += used;
    }
    if !go.limits.bounded() {
        // A bare `go` searches until `stop`, as in Stockfish.
        go.limits.infinite = true;
    }
    go
}

/// Words that start a `go` parameter.
fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "infinite"
            | "ponder"
            | "searchmoves"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "movestogo"
            | "perft"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "rtime"
            | "ytime"
            | "gtime"
            | "rinc"
            | "yinc"
            | "ginc"
    )
}

impl Go {
    fn set(&mut self, word: &str, n: i64, seats: u8) {
        let ms = Duration::from_millis(n.max(0) as u64);
        let l = &mut self.limits;
        match word {
            "depth" => l.depth = Some(n.clamp(1, 1000) as u32),
            "nodes" => l.nodes = Some(n.max(1) as u64),
            "mate" => l.depth = Some((2 * n.clamp(1, 100) - 1) as u32),
            "movetime" => l.movetime = Some(ms),
            "movestogo" => l.movestogo = Some(n.clamp(1, 1000) as u32),
            "perft" => self.perft = Some(n.clamp(0, 20) as u32),
            clock if seats > 2 => {
                // Four players: per-seat clocks (`w` is red's, `b` blue's).
                let seat = match &clock[..1] {
                    "w" | "r" => 0,
                    "b" => 1,
                    "y" => 2,
                    _ => 3,
                };
                if clock.ends_with("time") {
                    l.seat_time[seat] = Some(ms);
                } else {
                    l.seat_inc[seat] = Some(ms);
                }
            }
            "wtime" => l.wtime = Some(ms),
            "btime" => l.btime = Some(ms),
            "winc" => l.winc = Some(ms),
            "binc" => l.binc = Some(ms),
            other => self
                .skipped
                .push(format!("'{other}' is a four-player clock")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_parameters_are_skipped_and_the_rest_is_kept() {
        let go = parse(&["movetime", "abc", "depth", "3"], 2);
        assert_eq!(go.limits.depth, Some(3));
        assert_eq!(go.limits.movetime, None);
        assert_eq!(go.skipped, ["'movetime' needs a number"]);
        let go = parse(&["depth"], 2);
        assert!(go.limits.infinite, "nothing readable: until stop");
        let go = parse(&["searchmoves", "e2e4", "d2d4", "depth", "2"], 2);
        assert_eq!(go.limits.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(go.limits.depth, Some(2));
        let go = parse(&["rtime", "500", "gtime", "900"], 4);
        assert_eq!(go.limits.seat_time[3], Some(Duration::from_millis(900)));
        let go = parse(&["sideways", "perft", "3"], 2);
        assert_eq!((go.perft, go.skipped.len()), (Some(3), 1));
    }
}
