//! A game owned by another node, as this node's sockets see it: a task
//! that looks like the game's own (same commands, same subscriptions) and
//! passes every command on to the owner, and the owner's events, heard
//! through `LISTEN`, to its watchers.
//!
//! The relay ends, closing its watchers' sockets so that their clients
//! reconnect and resynchronise, whenever its view may be wrong: the owner
//! changed (another epoch, or a node says it took the game over), an event
//! is missing (a version skipped), or the owner stopped answering.

use super::Cluster;
use super::wire::{Call, WireError};
use crate::context::Context;
use crate::game::event::Event;
use crate::game::{ActError, Auth, CatchUp, Command, Done, GameHandle, Subscription};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc, oneshot};

/// How long a call may wait for the owner's answer.
const CALL_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a relay nobody uses stays.
const IDLE: Duration = Duration::from_secs(10);
/// Events buffered for slow watchers, as a game's own task does.
const BROADCAST_CAPACITY: usize = 32;

/// What the node's listener hands a relay.
pub(super) enum Inbound {
    /// An event of the game under `epoch`.
    Event { epoch: u64, event: Event },
    /// The answer to call `call`.
    Reply {
        call: u64,
        body: Result<serde_json::Value, WireError>,
    },
    /// Another node took the game over.
    Owner,
}

/// A call waiting for its answer, by what the answer becomes.
enum Pending {
    /// A subscription, and whether it counts as its seat's presence.
    Subscribe(oneshot::Sender<Result<Subscription, ActError>>, bool),
    Done(oneshot::Sender<Result<Done, ActError>>),
    Token(oneshot::Sender<Result<String, ActError>>),
    State(oneshot::Sender<Result<Box<serde_json::Value>, ActError>>),
    History(oneshot::Sender<Result<serde_json::Value, ActError>>),
    Text(oneshot::Sender<Result<String, ActError>>),
    Count(oneshot::Sender<Result<usize, ActError>>),
}

/// The owner's answer to a subscription.
#[derive(Deserialize)]
struct Subscribed {
    seat: Option<u8>,
    epoch: u64,
    v: u64,
    events: Option<Vec<String>>,
    full: Option<serde_json::Value>,
}

struct Relay {
    id: Arc<str>,
    owner: String,
    ctx: Arc<Context>,
    cluster: Arc<Cluster>,
    events: broadcast::Sender<Arc<Event>>,
    epoch: Option<u64>,
    last_v: Option<u64>,
    pending: HashMap<u64, (Instant, Pending)>,
    used: Instant,
    /// Connections counted at the owner as seats' presence, per seat: the
    /// relay takes them back when it ends before its sockets say so.
    present: HashMap<u8, u32>,
}

/// Starts the relay of game `id` to node `owner`.
pub(super) fn start(
    ctx: &Arc<Context>,
    cluster: &Arc<Cluster>,
    id: &str,
    owner: String,
) -> GameHandle {
    let (tx, rx) = mpsc::unbounded_channel();
    let (inbox_tx, inbox) = mpsc::unbounded_channel();
    let id: Arc<str> = Arc::from(id);
    cluster.add_relay(&id, inbox_tx.clone());
    let relay = Relay {
        id: id.clone(),
        owner,
        ctx: ctx.clone(),
        cluster: cluster.clone(),
        events: broadcast::channel(BROADCAST_CAPACITY).0,
        epoch: None,
        last_v: None,
        pending: HashMap::new(),
        used: Instant::now(),
        present: HashMap::new(),
    };
    tokio::spawn(relay.run(rx, inbox, inbox_tx));
    GameHandle::new(id, tx, true)
}

/// Tokens stay on the node they were given to: the owner checks hashes.
fn hidden(auth: Auth) -> Auth {
    match auth {
        Auth::Token(token) => Auth::Hashed(crate::secret::hash(&token)),
        other => other,
    }
}

impl Relay {
    async fn run(
        mut self,
        mut commands: mpsc::UnboundedReceiver<Command>,
        mut inbox: mpsc::UnboundedReceiver<Inbound>,
        inbox_tx: mpsc::UnboundedSender<Inbound>,
    ) {
        let mut tick = tokio::time::interval(Duration::from_millis(500));
        let mut shutdown = self.ctx.shutdown.clone();
        loop {
            let going = tokio::select! {
                command = commands.recv() => command.is_some_and(|c| self.command(c)),
                inbound = inbox.recv() => inbound.is_some_and(|i| self.inbound(i)),
                _ = tick.tick() => self.tick(),
                _ = shutdown.changed() => false,
            };
            if !going {
                break;
            }
        }
        for (seat, count) in std::mem::take(&mut self.present) {
            for _ in 0..count {
                self.call(Call::Leave { seat }, None);
            }
        }
        self.cluster.remove_relay(&self.id, &inbox_tx);
        self.ctx.games.remove(&self.id);
    }

    /// Sends `call` to the owner, its answer to become `pending`.
    fn call(&mut self, body: Call, pending: Option<Pending>) {
        self.used = Instant::now();
        let call = match pending {
            Some(p) => {
                let call = self.cluster.next_call();
                self.pending.insert(call, (Instant::now(), p));
                call
            }
            None => 0,
        };
        self.cluster.call(&self.owner, &self.id, call, body);
    }

    /// Handles a command; false when the relay must end.
    fn command(&mut self, command: Command) -> bool {
        match command {
            Command::Subscribe {
                auth,
                since,
                presence,
                reply,
            } => {
                let body = Call::Subscribe {
                    auth: hidden(auth),
                    since,
                    presence,
                };
                self.call(body, Some(Pending::Subscribe(reply, presence)));
            }
            Command::Leave { seat } => {
                if let Some(count) = self.present.get_mut(&seat) {
                    *count = count.saturating_sub(1);
                }
                self.call(Call::Leave { seat }, None);
            }
            Command::Act {
                auth,
                id,
                action,
                reply,
            } => {
                let body = Call::Act {
                    auth: hidden(auth),
                    id,
                    action,
                };
                self.call(body, Some(Pending::Done(reply)));
            }
            Command::Join {
                seat,
                code,
                name,
                reply,
            } => self.call(Call::Join { seat, code, name }, Some(Pending::Token(reply))),
            Command::State { auth, reply } => {
                let body = Call::State { auth: hidden(auth) };
                self.call(body, Some(Pending::State(reply)));
            }
            Command::Export { auth, fen, reply } => {
                let body = Call::Export {
                    auth: hidden(auth),
                    fen,
                };
                self.call(body, Some(Pending::Text(reply)));
            }
            Command::Lag { seat, ms } => self.call(Call::Lag { seat, ms }, None),
            Command::History { auth, reply } => {
                let body = Call::History { auth: hidden(auth) };
                self.call(body, Some(Pending::History(reply)));
            }
            Command::Shapes {
                seat,
                shapes,
                reply,
            } => self.call(Call::Shapes { seat, shapes }, Some(Pending::Count(reply))),
            // Bots run on the owner; a relay that must yield simply ends.
            Command::Bot { .. } => {}
            Command::Yield => return false,
        }
        true
    }

    /// Handles what the listener heard; false when the relay must end.
    fn inbound(&mut self, inbound: Inbound) -> bool {
        match inbound {
            Inbound::Event { epoch, event } => {
                if self.epoch.is_some_and(|e| e != epoch)
                    || self.last_v.is_some_and(|v| event.v != v + 1)
                {
                    return false;
                }
                self.epoch = Some(epoch);
                self.last_v = Some(event.v);
                // Nobody watching is fine.
                let _ = self.events.send(Arc::new(event));
                true
            }
            Inbound::Reply { call, body } => match self.pending.remove(&call) {
                Some((_, pending)) => self.answer(pending, body),
                None => true,
            },
            Inbound::Owner => false,
        }
    }

    /// Hands an answer to its caller; false when it shows the owner changed.
    fn answer(&mut self, pending: Pending, body: Result<serde_json::Value, WireError>) -> bool {
        let body = body.map_err(ActError::from);
        fn read<T: serde::de::DeserializeOwned>(
            body: Result<serde_json::Value, ActError>,
        ) -> Result<T, ActError> {
            body.and_then(|v| {
                serde_json::from_value(v)
                    .map_err(|e| ActError::Storage(format!("a node's answer does not read: {e}")))
            })
        }
        match pending {
            Pending::Subscribe(reply, presence) => {
                let subscribed = read::<Subscribed>(body);
                if let (
                    Ok(Subscribed {
                        seat: Some(seat), ..
                    }),
                    true,
                ) = (&subscribed, presence)
                {
                    *self.present.entry(*seat).or_default() += 1;
                }
                let going = match &subscribed {
                    Ok(s) => self.epoch.is_none_or(|e| e == s.epoch),
                    Err(_) => true,
                };
                let answer = subscribed.and_then(|s| self.subscribed(s));
                let _ = reply.send(answer);
                return going;
            }
            Pending::Done(reply) => {
                let _ = reply.send(read(body));
            }
            Pending::Token(reply) => {
                let _ = reply.send(read(body));
            }
            Pending::State(reply) => {
                let _ = reply.send(body.map(Box::new));
            }
            Pending::History(reply) => {
                let _ = reply.send(body);
            }
            Pending::Text(reply) => {
                let _ = reply.send(read(body));
            }
            Pending::Count(reply) => {
                let _ = reply.send(read(body));
            }
        }
        true
    }

    /// The subscription the owner granted, fed by this relay's events:
    /// every event before the answer was heard before it, so the new
    /// receiver gets exactly those after.
    fn subscribed(&mut self, s: Subscribed) -> Result<Subscription, ActError> {
        if self.epoch.is_some_and(|e| e != s.epoch) {
            return Err(ActError::Gone);
        }
        self.epoch = Some(s.epoch);
        self.last_v = Some(self.last_v.map_or(s.v, |v| v.max(s.v)));
        let catch_up = match (s.events, s.full) {
            (_, Some(full)) => CatchUp::Full(Box::new(full)),
            (Some(events), None) => CatchUp::Events(events.into_iter().map(Arc::from).collect()),
            (None, None) => CatchUp::Events(Vec::new()),
        };
        Ok(Subscription {
            seat: s.seat,
            epoch: s.epoch,
            v: s.v,
            catch_up,
            events: self.events.subscribe(),
        })
    }

    /// False when a call went unanswered too long (the owner is gone) or
    /// nobody has used the relay for a while.
    fn tick(&mut self) -> bool {
        let late = self
            .pending
            .values()
            .any(|(at, _)| at.elapsed() > CALL_TIMEOUT);
        if late {
            tracing::info!(game = %self.id, owner = %self.owner, "the owner does not answer");
            return false;
        }
        let unused = self.events.receiver_count() == 0
            && self.pending.is_empty()
            && self.used.elapsed() > IDLE;
        !unused
    }
}
