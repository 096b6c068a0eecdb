//! Game events as they leave a game's task: numbered (the game's event
//! version), rendered to JSON once, and addressed to an audience (chat
//! rooms, hidden information).

use std::collections::VecDeque;
use std::sync::Arc;

/// Who sees an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Audience {
    /// Everyone watching.
    All,
    /// The players (every seat), not spectators.
    Players,
    /// Spectators only.
    Spectators,
    /// The seats in the bit set (bit `s` for seat `s`).
    Seats(u32),
}

impl Audience {
    /// Whether `viewer` (a seat, or `None` for a spectator) sees it.
    pub fn includes(self, viewer: Option<u8>) -> bool {
        match (self, viewer) {
            (Audience::All, _) => true,
            (Audience::Players, v) => v.is_some(),
            (Audience::Spectators, v) => v.is_none(),
            (Audience::Seats(set), Some(s)) => set & (1 << s) != 0,
            (Audience::Seats(_), None) => false,
        }
    }
}

/// An event of one game.
#[derive(Debug)]
pub struct Event {
    /// Its version: events of a game are numbered 1, 2, ... (a viewer
    /// sees only those addressed to it, so its numbers may skip).
    pub v: u64,
    /// Who sees it.
    pub audience: Audience,
    /// The JSON message for spectators (and every seat, unless `seats`).
    pub json: Arc<str>,
    /// Per-seat JSON, when seats see different boards (hidden pieces).
    pub seats: Option<Vec<Arc<str>>>,
    /// The kind of event (`move`, `takeback`, `end`, ...).
    pub kind: &'static str,
}

/// The kinds of event a game emits.
const KINDS: &[&str] = &[
    "chat", "end", "move", "offers", "rematch", "resync", "seats", "state", "takeback", "full",
];

/// The kind named `name` (from another node); an unknown one is `event`.
pub fn kind_named(name: &str) -> &'static str {
    KINDS
        .iter()
        .find(|k| **k == name)
        .copied()
        .unwrap_or("event")
}

impl Event {
    /// The message `viewer` gets, if any.
    pub fn for_viewer(&self, viewer: Option<u8>) -> Option<&Arc<str>> {
        if !self.audience.includes(viewer) {
            return None;
        }
        match (&self.seats, viewer) {
            (Some(per_seat), Some(s)) => per_seat.get(s as usize).or(Some(&self.json)),
            _ => Some(&self.json),
        }
    }

    /// Bytes it holds, for the replay budget.
    fn size(&self) -> usize {
        self.json.len()
            + self
                .seats
                .as_ref()
                .map_or(0, |s| s.iter().map(|j| j.len()).sum())
    }
}

/// The latest events of a game, kept for clients that reconnect: bounded
/// by count and bytes, so a long game costs no more than a short one.
#[derive(Debug, Default)]
pub struct EventLog {
    events: VecDeque<Arc<Event>>,
    bytes: usize,
}

/// Events kept at most.
const MAX_EVENTS: usize = 64;
/// Bytes of JSON kept at most.
const MAX_BYTES: usize = 24 * 1024;

impl EventLog {
    /// Keeps `event`, forgetting the oldest beyond the budget.
    pub fn push(&mut self, event: Arc<Event>) {
        self.bytes += event.size();
        self.events.push_back(event);
        while self.events.len() > MAX_EVENTS || (self.bytes > MAX_BYTES && self.events.len() > 1) {
            if let Some(old) = self.events.pop_front() {
                self.bytes -= old.size();
            }
        }
    }

    /// The events after version `v`, or `None` when some are forgotten.
    pub fn since(&self, v: u64, current: u64) -> Option<Vec<Arc<Event>>> {
        if v >= current {
            return Some(Vec::new());
        }
        let first = self.events.front()?.v;
        if v + 1 < first {
            return None;
        }
        Some(self.events.iter().filter(|e| e.v > v).cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(v: u64) -> Arc<Event> {
        Arc::new(Event {
            v,
            audience: Audience::All,
            json: Arc::from("x".repeat(1000)),
            seats: None,
            kind: "move",
        })
    }

    #[test]
    fn the_log_replays_what_it_kept() {
        let mut log = EventLog::default();
        for v in 1..=100 {
            log.push(event(v));
        }
        assert!(log.since(10, 100).is_none());
        let tail = log.since(95, 100).unwrap();
        assert_eq!(
            tail.iter().map(|e| e.v).collect::<Vec<_>>(),
            [96, 97, 98, 99, 100]
        );
        assert!(log.since(100, 100).unwrap().is_empty());
        assert!(log.bytes <= MAX_BYTES);
    }

    #[test]
    fn audiences() {
        assert!(Audience::Seats(0b10).includes(Some(1)));
        assert!(!Audience::Seats(0b10).includes(Some(0)));
        assert!(!Audience::Players.includes(None));
        assert!(Audience::Spectators.includes(None));
    }
}
