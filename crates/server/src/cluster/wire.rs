//! What nodes say to each other through `NOTIFY`: game events, lobby
//! entries, owner changes, and calls to a game's owner with their replies.
//! JSON, one message a notification.

use crate::game::event::{self, Audience, Event};
use crate::game::shapes::Shape;
use crate::game::{ActError, Action, Auth, Since};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The channel every node listens on.
pub(super) const ALL: &str = "tetrarch";

/// The channel of node `node` alone (calls to it, replies to its calls).
pub(super) fn channel_of(node: &str) -> String {
    format!("tetrarch_{node}")
}

/// One message.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub(super) enum Wire {
    /// An event of a game, from its owner.
    Event {
        game: String,
        epoch: u64,
        event: WireEvent,
    },
    /// A game's lobby entry (`None`: gone from the lobby).
    Lobby {
        from: String,
        game: String,
        entry: Option<serde_json::Value>,
    },
    /// A node that starts asks the others for their lobby entries.
    LobbySync { from: String },
    /// Node `from` owns game `game` now.
    Owner { from: String, game: String },
    /// A call to the owner of `game`; `call` 0 wants no reply.
    Call {
        from: String,
        game: String,
        call: u64,
        body: Call,
    },
    /// The reply to call `call` about `game`.
    Reply {
        game: String,
        call: u64,
        body: Result<serde_json::Value, WireError>,
    },
}

/// An event as it crosses.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct WireEvent {
    v: u64,
    audience: Audience,
    json: String,
    seats: Option<Vec<String>>,
    kind: String,
}

impl WireEvent {
    pub fn of(event: &Event) -> WireEvent {
        WireEvent {
            v: event.v,
            audience: event.audience,
            json: event.json.to_string(),
            seats: event
                .seats
                .as_ref()
                .map(|s| s.iter().map(|j| j.to_string()).collect()),
            kind: event.kind.to_string(),
        }
    }

    pub fn into_event(self) -> Event {
        Event {
            v: self.v,
            audience: self.audience,
            json: Arc::from(self.json),
            seats: self.seats.map(|s| s.into_iter().map(Arc::from).collect()),
            kind: event::kind_named(&self.kind),
        }
    }
}

/// A command for a game, as it crosses to the game's owner.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub(super) enum Call {
    Subscribe {
        auth: Auth,
        since: Option<Since>,
        presence: bool,
    },
    Leave {
        seat: u8,
    },
    Act {
        auth: Auth,
        id: Option<u64>,
        action: Action,
    },
    Join {
        seat: u8,
        code: String,
        name: Option<String>,
    },
    State {
        auth: Auth,
    },
    Export {
        auth: Auth,
        fen: bool,
    },
    Lag {
        seat: u8,
        ms: i64,
    },
    History {
        auth: Auth,
    },
    Shapes {
        seat: u8,
        shapes: Vec<Shape>,
    },
}

/// A refusal as it crosses: its code, message and numbers.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct WireError {
    code: String,
    message: String,
    numbers: (usize, usize),
}

/// The codes of `ActError::Refused` (the error keeps them `'static`).
const REFUSED: &[&str] = &[
    "chat-refused",
    "claim-refused",
    "not-over",
    "bad-name",
    "refused",
];

impl From<&ActError> for WireError {
    fn from(e: &ActError) -> WireError {
        let numbers = match e {
            ActError::NotYourTurn(s) => (*s as usize, 0),
            ActError::Stale(a, b) => (*a, *b),
            _ => (0, 0),
        };
        WireError {
            code: e.code().to_string(),
            message: e.to_string(),
            numbers,
        }
    }
}

impl From<WireError> for ActError {
    fn from(e: WireError) -> ActError {
        let (a, b) = e.numbers;
        match e.code.as_str() {
            "no-token" => ActError::NoToken,
            "bad-token" => ActError::BadToken,
            "not-your-turn" => ActError::NotYourTurn(a as u8),
            "illegal-move" => ActError::Illegal(e.message),
            "game-over" => ActError::Over,
            "not-started" => ActError::NotStarted,
            "stale" => ActError::Stale(a, b),
            "bad-code" => ActError::BadCode,
            "storage" => ActError::Storage(e.message),
            "unavailable" => ActError::Gone,
            code => {
                let code = REFUSED.iter().find(|c| **c == code).copied();
                ActError::Refused(code.unwrap_or("refused"), e.message)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_cross_unchanged() {
        for e in [
            ActError::NotYourTurn(3),
            ActError::Stale(4, 7),
            ActError::Illegal("e2e5 is not legal".into()),
            ActError::Refused("claim-refused", "no claim".into()),
            ActError::Gone,
        ] {
            let json = serde_json::to_string(&WireError::from(&e)).unwrap();
            let back: WireError = serde_json::from_str(&json).unwrap();
            assert_eq!(ActError::from(back), e);
        }
    }

    #[test]
    fn events_cross_unchanged() {
        let event = Event {
            v: 9,
            audience: Audience::Seats(0b101),
            json: Arc::from("{\"t\":\"move\"}"),
            seats: Some(vec![Arc::from("a"), Arc::from("b"), Arc::from("c")]),
            kind: "move",
        };
        let wire = Wire::Event {
            game: "g".into(),
            epoch: 5,
            event: WireEvent::of(&event),
        };
        let json = serde_json::to_string(&wire).unwrap();
        let Ok(Wire::Event { event: back, .. }) = serde_json::from_str(&json) else {
            panic!("{json} does not read back");
        };
        let back = back.into_event();
        assert_eq!(
            (back.v, back.audience, back.kind),
            (9, event.audience, "move")
        );
        assert_eq!(back.for_viewer(Some(2)).map(|j| &**j), Some("c"));
        assert_eq!(back.for_viewer(Some(1)), None);
    }
}
