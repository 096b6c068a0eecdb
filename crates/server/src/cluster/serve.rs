//! The owner's side of a call: the command goes to the game's own task,
//! the answer back to the calling node as JSON.

use super::Cluster;
use super::wire::{Call, Wire, WireError, channel_of};
use crate::context::Context;
use crate::game::{ActError, CatchUp, Command, GameHandle};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::oneshot;

/// Answers call `call` from node `from` about `game`, on a task of its own.
pub(super) fn answer(
    ctx: &Arc<Context>,
    cluster: &Arc<Cluster>,
    from: String,
    game: String,
    call: u64,
    body: Call,
) {
    let ctx = ctx.clone();
    let cluster = cluster.clone();
    tokio::spawn(async move {
        let reply = run(&ctx, &game, body).await;
        if call != 0 {
            let wire = Wire::Reply {
                game,
                call,
                body: reply,
            };
            cluster.send(channel_of(&from), wire);
        }
    });
}

fn gone() -> WireError {
    WireError::from(&ActError::Gone)
}

fn refused(e: ActError) -> WireError {
    WireError::from(&e)
}

fn value<T: serde::Serialize>(t: T) -> Value {
    serde_json::to_value(t).expect("an answer serialises")
}

/// Asks the local task and waits; the task gone is `unavailable`.
async fn ask<T>(
    handle: &GameHandle,
    make: impl FnOnce(oneshot::Sender<T>) -> Command,
) -> Result<T, WireError> {
    handle.ask(make).await.ok_or_else(gone)
}

async fn run(ctx: &Arc<Context>, game: &str, body: Call) -> Result<Value, WireError> {
    // Only the game's own task answers: a relay here means this node is
    // not the owner (any more), and the caller must look again.
    let handle = ctx.games.get(game).filter(|h| !h.relay).ok_or_else(gone)?;
    match body {
        Call::Subscribe {
            auth,
            since,
            presence,
        } => {
            let make = |reply| Command::Subscribe {
                auth,
                since,
                presence,
                reply,
            };
            let sub = ask(&handle, make).await?.map_err(refused)?;
            let (events, full) = match sub.catch_up {
                CatchUp::Events(events) => {
                    let events: Vec<&str> = events.iter().map(|e| &**e).collect();
                    (Some(value(events)), None)
                }
                CatchUp::Full(state) => (None, Some(*state)),
            };
            Ok(json!({"seat": sub.seat, "epoch": sub.epoch, "v": sub.v,
                      "events": events, "full": full}))
        }
        Call::Leave { seat } => {
            handle.send(Command::Leave { seat });
            Ok(Value::Null)
        }
        Call::Lag { seat, ms } => {
            handle.send(Command::Lag { seat, ms });
            Ok(Value::Null)
        }
        Call::Act { auth, id, action } => {
            let make = |reply| Command::Act {
                auth,
                id,
                action,
                reply,
            };
            ask(&handle, make).await?.map(value).map_err(refused)
        }
        Call::Join { seat, code, name } => {
            let make = |reply| Command::Join {
                seat,
                code,
                name,
                reply,
            };
            ask(&handle, make).await?.map(value).map_err(refused)
        }
        Call::State { auth } => {
            let make = |reply| Command::State { auth, reply };
            ask(&handle, make).await?.map(|s| *s).map_err(refused)
        }
        Call::History { auth } => {
            let make = |reply| Command::History { auth, reply };
            ask(&handle, make).await?.map_err(refused)
        }
        Call::Export { auth, fen } => {
            let make = |reply| Command::Export { auth, fen, reply };
            ask(&handle, make).await?.map(value).map_err(refused)
        }
        Call::Shapes { seat, shapes } => {
            let make = |reply| Command::Shapes {
                seat,
                shapes,
                reply,
            };
            ask(&handle, make).await?.map(value).map_err(refused)
        }
    }
}
