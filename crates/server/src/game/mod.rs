//! Live games: one tokio task per game owns its state (position, history,
//! clocks, seats, offers); commands arrive on its channel, events leave on
//! its broadcast. No lock is shared between games.

mod actions;
pub mod actor;
mod announce;
mod chat;
pub mod clock;
pub mod event;
pub mod history;
mod offers;
mod render;
pub mod replay;
pub mod shapes;
pub mod spec;

pub use actor::spawn_new;
pub use history::PlyView;
pub use render::{FullState, OutcomeView, SeatView};
pub use shapes::{Shape, ShapeError};

use event::Event;
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc, oneshot};

/// Who acts: a seat already identified (a socket that said hello with its
/// token), or a token to check.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum Auth {
    /// No token: a spectator.
    None,
    /// A bearer token, checked by the game.
    Token(String),
    /// A token's hash, as another node passes a token on (the token
    /// itself never leaves the node it was given to).
    Hashed(String),
    /// A seat whose token was checked.
    Seat(u8),
}

/// Something a player does.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Play a move in the variant's protocol notation; `ply`, when given,
    /// is the ply the client plays it at (a stale or resent move is not
    /// played twice).
    Move {
        /// The move.
        text: String,
        /// The ply it is played at.
        ply: Option<usize>,
    },
    /// Resign.
    Resign,
    /// Offer or accept a draw (`true`), or decline or withdraw (`false`).
    Draw(bool),
    /// Ask for or accept a takeback, or refuse or withdraw.
    Takeback(bool),
    /// Abort (before every seat has moved).
    Abort,
    /// Claim a draw the rules give on a claim.
    ClaimDraw,
    /// Claim the win the rules give on a claim (a points lead).
    ClaimWin,
    /// Claim the win over absent opponents.
    ClaimVictory,
    /// Offer or accept a rematch, or withdraw.
    Rematch(bool),
    /// Say something.
    Chat {
        /// `players`, `spectators`, `team` or `private`.
        room: String,
        /// The seat a private message goes to.
        to: Option<u8>,
        /// The message.
        text: String,
    },
}

/// An action accepted.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Done {
    /// The game's event version after it.
    pub v: u64,
    /// Plies played after it.
    pub ply: usize,
    /// It had been applied already (same action id or same ply).
    pub duplicate: bool,
}

/// Why an action was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    /// No token given.
    #[error("this action needs the seat's token")]
    NoToken,
    /// The token is no seat's of this game.
    #[error("the token is not a seat's token of this game")]
    BadToken,
    /// Not this seat's turn.
    #[error("it is not seat {0}'s turn")]
    NotYourTurn(u8),
    /// The move is not legal or cannot be read.
    #[error("{0}")]
    Illegal(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// The game waits for players to join.
    #[error("the game has not started: seats are still open")]
    NotStarted,
    /// The action does not fit the game's state.
    #[error("{1}")]
    Refused(&'static str, String),
    /// A stale move: the game is at another ply.
    #[error("the game is at ply {0}, not {1}")]
    Stale(usize, usize),
    /// The invite code is wrong or used.
    #[error("the invite code is wrong or has been used")]
    BadCode,
    /// Storage failed; nothing changed.
    #[error("storage failed: {0}")]
    Storage(String),
    /// The game's task is gone (server shutting down).
    #[error("the game is not available")]
    Gone,
}

impl ActError {
    /// The short code clients see.
    pub fn code(&self) -> &'static str {
        match self {
            ActError::NoToken => "no-token",
            ActError::BadToken => "bad-token",
            ActError::NotYourTurn(_) => "not-your-turn",
            ActError::Illegal(_) => "illegal-move",
            ActError::Over => "game-over",
            ActError::NotStarted => "not-started",
            ActError::Refused(code, _) => code,
            ActError::Stale(..) => "stale",
            ActError::BadCode => "bad-code",
            ActError::Storage(_) => "storage",
            ActError::Gone => "unavailable",
        }
    }
}

/// Where a reconnecting client stands: the epoch and version it has.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub struct Since {
    /// The epoch of the game's event numbering it saw.
    pub epoch: u64,
    /// The last version it has.
    pub v: u64,
}

/// What a new subscriber gets first.
#[derive(Debug)]
pub enum CatchUp {
    /// Exactly the events it missed (JSON messages, in order).
    Events(Vec<Arc<str>>),
    /// The full state (a [`FullState`] as JSON: it may come from another
    /// node).
    Full(Box<serde_json::Value>),
}

/// A subscription to a game's events.
pub struct Subscription {
    /// The viewer's seat (`None`: a spectator).
    pub seat: Option<u8>,
    /// The game's event epoch.
    pub epoch: u64,
    /// The game's event version when it was made.
    pub v: u64,
    /// What came before.
    pub catch_up: CatchUp,
    /// The events to come.
    pub events: broadcast::Receiver<Arc<Event>>,
}

/// A command to a game's task.
pub enum Command {
    /// Watch the game (as the seat of the token, if any); `presence`
    /// counts the watcher as the seat's live connection until `Leave`.
    Subscribe {
        /// Whose view.
        auth: Auth,
        /// What the watcher has.
        since: Option<Since>,
        /// Whether to count it as the seat's connection.
        presence: bool,
        /// The answer.
        reply: oneshot::Sender<Result<Subscription, ActError>>,
    },
    /// A seat's connection (counted by `Subscribe`) closed.
    Leave {
        /// The seat.
        seat: u8,
    },
    /// A player's action; `id` is the client's action id.
    Act {
        /// Who acts.
        auth: Auth,
        /// The client's action id, for duplicates.
        id: Option<u64>,
        /// What.
        action: Action,
        /// The answer.
        reply: oneshot::Sender<Result<Done, ActError>>,
    },
    /// Take an open seat with its invite code.
    Join {
        /// The seat.
        seat: u8,
        /// The invite code.
        code: String,
        /// A name to show.
        name: Option<String>,
        /// The seat's token.
        reply: oneshot::Sender<Result<String, ActError>>,
    },
    /// The full state as the token's seat (or a spectator) sees it.
    State {
        /// Whose view.
        auth: Auth,
        /// The answer.
        reply: oneshot::Sender<Result<Box<serde_json::Value>, ActError>>,
    },
    /// The game's record (the variant's record format) or its position,
    /// as the token's seat (or a spectator) may see it.
    Export {
        /// Whose view.
        auth: Auth,
        /// The position (`true`) or the record.
        fen: bool,
        /// The text.
        reply: oneshot::Sender<Result<String, ActError>>,
    },
    /// A seat's measured one-way network lag.
    Lag {
        /// The seat.
        seat: u8,
        /// Milliseconds.
        ms: i64,
    },
    /// The board after every ply, as the token's seat (or a spectator)
    /// sees it.
    History {
        /// Whose view.
        auth: Auth,
        /// The answer.
        reply: oneshot::Sender<Result<serde_json::Value, ActError>>,
    },
    /// A seat's arrows and circles, for its partners (not stored, not
    /// numbered: they are gone when the partner reconnects).
    Shapes {
        /// The seat that drew them.
        seat: u8,
        /// What it drew.
        shapes: Vec<Shape>,
        /// Whether anyone received them.
        reply: oneshot::Sender<Result<usize, ActError>>,
    },
    /// Give the game up: its lease is lost (another node owns it now).
    Yield,
    /// A bot's move for action number `seq` (`None`: it found none).
    Bot {
        /// The action count it was asked at.
        seq: i64,
        /// The move.
        text: Option<String>,
    },
}

/// A live game's address: its task on this node, or the relay to the
/// node that owns it.
#[derive(Clone, Debug)]
pub struct GameHandle {
    /// The game's id.
    pub id: Arc<str>,
    tx: mpsc::UnboundedSender<Command>,
    /// It is a relay to another node.
    pub relay: bool,
}

impl GameHandle {
    /// The handle of a task reading `tx`.
    pub(crate) fn new(id: Arc<str>, tx: mpsc::UnboundedSender<Command>, relay: bool) -> GameHandle {
        GameHandle { id, tx, relay }
    }

    /// Sends `command`; false if the task is gone.
    pub fn send(&self, command: Command) -> bool {
        self.tx.send(command).is_ok()
    }

    /// Sends the command `make` builds around a reply channel and waits
    /// for the answer.
    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> Option<T> {
        let (reply, answer) = oneshot::channel();
        if !self.send(make(reply)) {
            return None;
        }
        answer.await.ok()
    }

    /// Whether the task has ended.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}
