//! The lobby: public games not over, for the lobby page and its live
//! updates. Games publish their entry; watchers wait on a version number.
//! Entries are kept as JSON, so a cluster's nodes can pass them on.

use crate::game::SeatView;
use crate::game::spec::ClockSpec;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::watch;

/// Games the lobby lists at most (the newest waiting ones first).
const LISTED: usize = 200;

/// A game in the lobby.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyEntry {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// `created` (seats open) or `started`.
    pub status: &'static str,
    /// The clock.
    pub clock: Option<ClockSpec>,
    /// Its seats.
    pub seats: Vec<SeatView>,
    /// When it was created.
    pub created_ms: i64,
}

/// An entry as listed: its JSON and what it is sorted by.
struct Listed {
    waiting: bool,
    created_ms: i64,
    json: serde_json::Value,
}

/// The lobby.
pub struct Lobby {
    entries: Mutex<HashMap<String, Listed>>,
    changed: watch::Sender<u64>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            entries: Mutex::new(HashMap::new()),
            changed: watch::channel(0).0,
        }
    }
}

impl Lobby {
    /// Adds or replaces a game's entry.
    pub fn upsert(&self, entry: &LobbyEntry) {
        let json = serde_json::to_value(entry).expect("a lobby entry serialises");
        self.put(&entry.id, json);
    }

    /// Adds or replaces a game's entry given as JSON (from another node);
    /// one that is not an entry is ignored.
    pub fn put(&self, id: &str, json: serde_json::Value) {
        let Some(created_ms) = json.get("created_ms").and_then(|c| c.as_i64()) else {
            return;
        };
        let waiting = json.get("status").and_then(|s| s.as_str()) == Some("created");
        let listed = Listed {
            waiting,
            created_ms,
            json,
        };
        self.entries
            .lock()
            .expect("lobby lock")
            .insert(id.to_string(), listed);
        self.changed.send_modify(|v| *v += 1);
    }

    /// The entry of game `id`, as JSON.
    pub fn get(&self, id: &str) -> Option<serde_json::Value> {
        let entries = self.entries.lock().expect("lobby lock");
        entries.get(id).map(|l| l.json.clone())
    }

    /// Removes a game.
    pub fn remove(&self, id: &str) {
        if self
            .entries
            .lock()
            .expect("lobby lock")
            .remove(id)
            .is_some()
        {
            self.changed.send_modify(|v| *v += 1);
        }
    }

    /// The games listed: waiting for players first, newest first.
    pub fn list(&self) -> Vec<serde_json::Value> {
        let entries = self.entries.lock().expect("lobby lock");
        let mut games: Vec<&Listed> = entries.values().collect();
        games.sort_by_key(|g| (!g.waiting, -g.created_ms));
        games.truncate(LISTED);
        games.into_iter().map(|g| g.json.clone()).collect()
    }

    /// A receiver that changes with the lobby.
    pub fn watch(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }
}
