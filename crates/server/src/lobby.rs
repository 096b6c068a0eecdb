//! The lobby: public games not over, for the lobby page and its live
//! updates. Games publish their entry; watchers wait on a version number.

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

/// The lobby.
pub struct Lobby {
    entries: Mutex<HashMap<String, LobbyEntry>>,
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
    pub fn upsert(&self, entry: LobbyEntry) {
        self.entries
            .lock()
            .expect("lobby lock")
            .insert(entry.id.clone(), entry);
        self.changed.send_modify(|v| *v += 1);
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
    pub fn list(&self) -> Vec<LobbyEntry> {
        let mut games: Vec<LobbyEntry> = self
            .entries
            .lock()
            .expect("lobby lock")
            .values()
            .cloned()
            .collect();
        games.sort_by_key(|g| (g.status != "created", -g.created_ms));
        games.truncate(LISTED);
        games
    }

    /// A receiver that changes with the lobby.
    pub fn watch(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }
}
