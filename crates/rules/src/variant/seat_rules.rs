//! Per-seat state a variant declares: counters its moves raise, and actions
//! (turns spent on something other than a piece move) with limits. Each
//! takes one byte per seat in the position, its slot; a variant that
//! declares none keeps every slot at zero and pays nothing else.

use super::VariantError;
use super::spec::{ActionSpec, CounterSpec};
use crate::notation::uci::ActionName;

/// Slots of per-seat state a position keeps.
pub const MAX_SLOTS: usize = 4;

/// The per-seat state of a variant, checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRules {
    /// Counters, in slots `0..counters.len()`.
    pub counters: Vec<Counter>,
    /// Actions, in the slots after the counters.
    pub actions: Vec<Action>,
}

/// What raises a [`Counter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterEvent {
    /// A move of the seat after which an enemy royal piece is attacked.
    Checks,
    /// A move of the seat that captures.
    Captures,
}

/// A number each seat keeps (saturating at 255).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// Identifier.
    pub name: String,
    /// What raises it.
    pub counts: CounterEvent,
    /// The seat whose counter reaches this wins.
    pub wins_at: Option<u8>,
}

/// A turn spent without moving a piece (the turn passes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// Identifier, which is also how the move is written.
    pub name: String,
    /// Times each seat may take it in one game.
    pub uses: Option<u8>,
    /// Not on two turns of the same seat in a row.
    pub not_twice_in_a_row: bool,
}

/// The bit of an action's slot that says its seat took it on its last turn;
/// the low bits count the uses.
pub const TAKEN_LAST_TURN: u8 = 0x80;

impl SeatRules {
    /// Whether the variant keeps any per-seat state.
    pub fn is_empty(&self) -> bool {
        self.counters.is_empty() && self.actions.is_empty()
    }

    /// Slots in use.
    pub fn slots(&self) -> usize {
        self.counters.len() + self.actions.len()
    }

    /// The slot of action `index`.
    pub fn action_slot(&self, index: usize) -> usize {
        self.counters.len() + index
    }

    /// The action written `name`.
    pub fn action_named(&self, name: &str) -> Option<usize> {
        self.actions.iter().position(|a| a.name == name)
    }

    /// Check the `[[counters]]` and `[[actions]]` of a variant file.
    pub(crate) fn from_specs(
        counters: &[CounterSpec],
        actions: &[ActionSpec],
        seats: usize,
        origin: &str,
    ) -> Result<SeatRules, VariantError> {
        let field = |f: String, reason: String| VariantError::Field {
            file: origin.to_string(),
            field: f,
            reason,
        };
        if counters.len() + actions.len() > MAX_SLOTS {
            return Err(field(
                "counters".into(),
                format!("counters and actions together may be at most {MAX_SLOTS}"),
            ));
        }
        if seats > 2 && !(counters.is_empty() && actions.is_empty()) {
            return Err(field(
                "counters".into(),
                "per-seat counters and actions are written in FEN only; FEN4 has no field for them yet"
                    .into(),
            ));
        }
        let counters = counters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                Counter::from_spec(c).map_err(|(f, r)| field(format!("counters[{i}].{f}"), r))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let actions = actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                Action::from_spec(a).map_err(|(f, r)| field(format!("actions[{i}].{f}"), r))
            })
            .collect::<Result<Vec<_>, _>>()?;
        for (i, a) in actions.iter().enumerate() {
            if actions[..i].iter().any(|b| b.name == a.name) {
                return Err(field(
                    format!("actions[{i}].name"),
                    format!("'{}' twice", a.name),
                ));
            }
        }
        Ok(SeatRules { counters, actions })
    }
}

impl Counter {
    fn from_spec(c: &CounterSpec) -> Result<Counter, (&'static str, String)> {
        check_name(&c.name).map_err(|r| ("name", r))?;
        let counts = match c.counts.as_str() {
            "checks" => CounterEvent::Checks,
            "captures" => CounterEvent::Captures,
            other => return Err(("counts", format!("'{other}': expected checks or captures"))),
        };
        if c.wins_at == Some(0) {
            return Err(("wins_at", "must be at least 1".into()));
        }
        Ok(Counter {
            name: c.name.clone(),
            counts,
            wins_at: c.wins_at,
        })
    }
}

impl Action {
    fn from_spec(a: &ActionSpec) -> Result<Action, (&'static str, String)> {
        check_name(&a.name).map_err(|r| ("name", r))?;
        if a.uses.is_some_and(|n| n == 0 || n >= TAKEN_LAST_TURN) {
            return Err(("uses", format!("must be from 1 to {}", TAKEN_LAST_TURN - 1)));
        }
        Ok(Action {
            name: a.name.clone(),
            uses: a.uses,
            not_twice_in_a_row: a.not_twice_in_a_row,
        })
    }
}

/// Names are written as moves (see [`ActionName`]).
fn check_name(name: &str) -> Result<(), String> {
    if ActionName::new(name).is_none() || name.starts_with("o-o") {
        return Err(format!(
            "'{name}': 3 to {} lower-case letters and inner hyphens, not a castling",
            ActionName::MAX
        ));
    }
    Ok(())
}
