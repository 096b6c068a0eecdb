//! Stored games replayed through the rules kernel: how a game's task is
//! rebuilt after a restart, and how tests check that storage holds
//! exactly the games that were played.

use super::render::OutcomeView;
use super::spec::{self, GameSpec};
use crate::store::{StoredAction, StoredGame};
use tetrarch_rules::{AnyGame, Outcome, Seat, WinReason};

/// A stored game, replayed.
pub struct Replayed {
    /// The setup.
    pub spec: GameSpec,
    /// The game after every stored action.
    pub game: AnyGame,
    /// Which seats have made a move.
    pub moved: Vec<bool>,
    /// Each seat's clock after the last timed action.
    pub clocks: Option<Vec<i64>>,
    /// An `abort` action was stored.
    pub aborted: bool,
}

/// Why a stored game does not replay.
#[derive(Debug, thiserror::Error)]
#[error("game {id}, action {seq}: {message}")]
pub struct ReplayError {
    /// The game.
    pub id: String,
    /// The action that failed.
    pub seq: i64,
    /// Why.
    pub message: String,
}

/// Replays `actions` of `game` through the kernel.
pub fn replay(game: &StoredGame, actions: &[StoredAction]) -> Result<Replayed, ReplayError> {
    let fail = |seq: i64, message: String| ReplayError {
        id: game.id.clone(),
        seq,
        message,
    };
    let spec: GameSpec =
        serde_json::from_str(&game.spec).map_err(|e| fail(-1, format!("spec: {e}")))?;
    let variant = spec::game_variant(&spec).map_err(|e| fail(-1, e.to_string()))?;
    let mut any = spec::start(&variant, &spec).map_err(|e| fail(-1, e.to_string()))?;
    let seats = variant.seat_count() as usize;
    let mut moved = vec![false; seats];
    // The game's row keeps the clocks after its last action.
    let clocks: Option<Vec<i64>> = match &game.clocks {
        Some(text) => {
            Some(serde_json::from_str(text).map_err(|e| fail(-1, format!("clocks: {e}")))?)
        }
        None => None,
    };
    let mut aborted = false;
    for (i, action) in actions.iter().enumerate() {
        if action.seq != i as i64 {
            return Err(fail(action.seq, format!("expected action {i}")));
        }
        let seat = u8::try_from(action.seat)
            .ok()
            .filter(|&s| (s as usize) < seats);
        let need_seat = || seat.ok_or_else(|| fail(action.seq, "no seat".into()));
        let result = match action.kind.as_str() {
            "move" => {
                let s = need_seat()?;
                if any.turn().0 != s {
                    return Err(fail(action.seq, format!("seat {s} moved out of turn")));
                }
                moved[s as usize] = true;
                any.play(&action.data).map(|_| ())
            }
            "resign" => any.resign(Seat(need_seat()?)),
            "timeout" => any.time_out(Seat(need_seat()?)),
            "draw" => any.agree_draw(),
            "claim" => any.claim_draw(Seat(need_seat()?)).map(|_| ()),
            "claim-win" => any.claim_win(Seat(need_seat()?)).map(|_| ()),
            "undo" => {
                let n: usize = action.data.parse().unwrap_or(1);
                (0..n).try_for_each(|_| any.undo())
            }
            "abandon" => any.decide(Outcome::Win {
                winner: Seat(need_seat()?),
                reason: WinReason::Abandonment,
            }),
            "abort" => {
                aborted = true;
                Ok(())
            }
            other => return Err(fail(action.seq, format!("unknown action '{other}'"))),
        };
        result.map_err(|e| fail(action.seq, e.to_string()))?;
    }
    Ok(Replayed {
        spec,
        game: any,
        moved,
        clocks,
        aborted,
    })
}

/// Checks that `game`'s stored outcome, status and ply are what its
/// actions replay to.
pub fn verify(game: &StoredGame, actions: &[StoredAction]) -> Result<(), ReplayError> {
    let fail = |message: String| ReplayError {
        id: game.id.clone(),
        seq: actions.len() as i64,
        message,
    };
    let r = replay(game, actions)?;
    if game.seq != actions.len() as i64 {
        return Err(fail(format!(
            "seq {} but {} actions",
            game.seq,
            actions.len()
        )));
    }
    if game.ply != r.game.ply() as i64 {
        return Err(fail(format!(
            "ply {} but replay {}",
            game.ply,
            r.game.ply()
        )));
    }
    let variant = r.game.variant().clone();
    let replayed = if r.aborted {
        Some(OutcomeView::aborted())
    } else {
        r.game.outcome().map(|o| OutcomeView::of(&o, &variant))
    };
    let stored: Option<OutcomeView> = match &game.outcome {
        Some(text) => Some(serde_json::from_str(text).map_err(|e| fail(format!("outcome: {e}")))?),
        None => None,
    };
    if stored != replayed {
        return Err(fail(format!(
            "stored outcome {stored:?}, replay {replayed:?}"
        )));
    }
    let status = match (&replayed, r.aborted) {
        (_, true) => "aborted",
        (Some(_), false) => "finished",
        (None, false) => {
            if game.status == "created" {
                "created"
            } else {
                "started"
            }
        }
    };
    if game.status != status {
        return Err(fail(format!("status {} but replay {status}", game.status)));
    }
    Ok(())
}
