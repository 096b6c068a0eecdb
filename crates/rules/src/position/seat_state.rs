//! Per-seat state: the counters a variant's moves raise and the actions a
//! seat may take instead of a piece move (see [`crate::variant::SeatRules`]).
//! Only variants that declare some reach this code.

use super::Position;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::variant::{CounterEvent, SeatRules, TAKEN_LAST_TURN};
use crate::zobrist;

impl<B: HasSliders> Position<B> {
    /// The value of `seat`'s counter `name`, if the variant has one.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant};
    /// let v = Variant::builtin("threecheck").unwrap();
    /// let pos = Position::<u64>::from_fen(&v, "4k3/8/8/8/8/8/8/4KQ2 w - - 2+3 0 1").unwrap();
    /// assert_eq!(pos.counter(tetrarch_rules::Seat(0), "checks"), Some(1));
    /// ```
    pub fn counter(&self, seat: Seat, name: &str) -> Option<u8> {
        let rules = &self.variant().seat_rules;
        let slot = rules.counters.iter().position(|c| c.name == name)?;
        Some(self.slots[seat.idx()][slot])
    }

    /// How often `seat` has taken action `index` of the variant.
    pub fn action_uses(&self, seat: Seat, index: usize) -> u8 {
        let slot = self.variant().seat_rules.action_slot(index);
        self.slots[seat.idx()][slot] & !TAKEN_LAST_TURN
    }

    /// The raw per-seat state `slot` of `seat`.
    pub(crate) fn slot(&self, seat: Seat, slot: usize) -> u8 {
        self.slots[seat.idx()][slot]
    }

    /// Set a slot, keeping the hash.
    pub(crate) fn set_slot(&mut self, seat: Seat, slot: usize, value: u8) {
        let old = &mut self.slots[seat.idx()][slot];
        self.hash ^= zobrist::slot(seat.idx(), slot, *old) ^ zobrist::slot(seat.idx(), slot, value);
        *old = value;
    }

    /// The seat whose counter has reached the variant's goal.
    pub fn counter_winner(&self) -> Option<Seat> {
        let rules = &self.variant().seat_rules;
        (0..self.rules.seats()).map(Seat).find(|&seat| {
            rules.counters.iter().enumerate().any(|(i, c)| {
                c.wins_at
                    .is_some_and(|goal| self.slots[seat.idx()][i] >= goal)
            })
        })
    }

    /// After `us` played `m` (the turn has passed): raise its counters and
    /// note which action it took. `captured` is whether `m` took a piece.
    #[inline(never)]
    pub(crate) fn update_seat_state(&mut self, us: Seat, m: Move, captured: bool) {
        let rules = &self.rules.variant.seat_rules;
        let mut raised = [false; crate::variant::MAX_SLOTS];
        for (i, c) in rules.counters.iter().enumerate() {
            raised[i] = match c.counts {
                CounterEvent::Checks => self.in_check(),
                CounterEvent::Captures => captured,
            };
        }
        let taken = match m.kind() {
            MoveKind::Action(a) => Some(a as usize),
            _ => None,
        };
        let (counters, actions) = (rules.counters.len(), rules.actions.len());
        for (i, raise) in raised.into_iter().enumerate().take(counters) {
            if raise {
                let v = self.slot(us, i).saturating_add(1);
                self.set_slot(us, i, v);
            }
        }
        for a in 0..actions {
            let slot = counters + a;
            let old = self.slot(us, slot);
            let value = match taken == Some(a) {
                true => ((old & !TAKEN_LAST_TURN) + 1).min(TAKEN_LAST_TURN - 1) | TAKEN_LAST_TURN,
                false => old & !TAKEN_LAST_TURN,
            };
            self.set_slot(us, slot, value);
        }
    }

    /// Whether the seat to move may take action `index` now.
    fn action_allowed(&self, index: usize) -> bool {
        let action = &self.variant().seat_rules.actions[index];
        let state = self.slot(self.turn, self.variant().seat_rules.action_slot(index));
        let uses_left = action.uses.is_none_or(|n| state & !TAKEN_LAST_TURN < n);
        let rested = !(action.not_twice_in_a_row && state & TAKEN_LAST_TURN != 0);
        // An action moves no piece: in check, it would leave the royal attacked.
        let safe = !(self.variant().rules.check && self.in_check());
        uses_left && rested && safe
    }

    /// Legal moves of a variant with per-seat state: none once a counter
    /// has decided the game, else the piece moves and the allowed actions.
    #[inline(never)]
    pub(crate) fn generate_with_seat_state<S: Sink<B>>(&self, sink: &mut S) {
        if self.counter_winner().is_some() {
            return;
        }
        self.generate_pieces(sink);
        for a in 0..self.variant().seat_rules.actions.len() {
            if self.action_allowed(a) {
                sink.one(Move::new(0, 0, MoveKind::Action(a as u8)));
            }
        }
    }
}

/// The FEN field of the per-seat state: one group per slot, separated by
/// `,`, each the seats' values joined by `+`. A counter with a goal is
/// written as what is left to reach it (`3+3` at the start of three-check,
/// as lichess and Fairy-Stockfish write it); an action as the uses taken,
/// with `*` when its seat took it on its last turn.
impl<B: HasSliders> Position<B> {
    pub(crate) fn seat_field(&self) -> String {
        let rules = &self.rules.variant.seat_rules;
        let seats = self.rules.seats();
        let group = |slot: usize| {
            let value = |seat: u8| {
                let v = self.slots[seat as usize][slot];
                match (rules.counters.get(slot), v & TAKEN_LAST_TURN != 0) {
                    (Some(c), _) => c
                        .wins_at
                        .map_or(v, |goal| goal.saturating_sub(v))
                        .to_string(),
                    (None, true) => format!("{}*", v & !TAKEN_LAST_TURN),
                    (None, false) => v.to_string(),
                }
            };
            (0..seats).map(value).collect::<Vec<_>>().join("+")
        };
        (0..rules.slots()).map(group).collect::<Vec<_>>().join(",")
    }

    pub(crate) fn read_seat_field(&mut self, at: usize, text: &str) -> Result<(), FenError> {
        let rules = self.rules.variant.seat_rules.clone();
        let seats = self.rules.seats() as usize;
        let groups: Vec<&str> = text.split(',').collect();
        let bad = |reason: String| syntax(FenField::SeatState, at, reason);
        if groups.len() != rules.slots() {
            return Err(bad(format!(
                "{} groups; the variant keeps {} ({})",
                groups.len(),
                rules.slots(),
                slot_names(&rules)
            )));
        }
        for (slot, group) in groups.iter().enumerate() {
            let values: Vec<&str> = group.split('+').collect();
            if values.len() != seats {
                return Err(bad(format!(
                    "'{group}' has {} values for {seats} seats",
                    values.len()
                )));
            }
            for (seat, text) in values.iter().enumerate() {
                let value = read_slot(&rules, slot, text).ok_or_else(|| {
                    bad(format!("'{text}' is not a value of {}", slot_names(&rules)))
                })?;
                self.slots[seat][slot] = value;
            }
        }
        Ok(())
    }
}

fn slot_names(rules: &SeatRules) -> String {
    let counters = rules.counters.iter().map(|c| c.name.as_str());
    let actions = rules.actions.iter().map(|a| a.name.as_str());
    counters.chain(actions).collect::<Vec<_>>().join(", ")
}

/// A slot's value as the FEN field writes it (see [`Position::seat_field`]).
fn read_slot(rules: &SeatRules, slot: usize, text: &str) -> Option<u8> {
    match rules.counters.get(slot) {
        Some(c) => {
            let n: u8 = text.parse().ok()?;
            match c.wins_at {
                Some(goal) => goal.checked_sub(n),
                None => Some(n),
            }
        }
        None => {
            let action = &rules.actions[slot - rules.counters.len()];
            let (uses, taken) = match text.strip_suffix('*') {
                Some(uses) => (uses, TAKEN_LAST_TURN),
                None => (text, 0),
            };
            let n: u8 = uses.parse().ok().filter(|&n| n < TAKEN_LAST_TURN)?;
            let within = action.uses.is_none_or(|limit| n <= limit);
            (within && (taken == 0 || n > 0)).then_some(n | taken)
        }
    }
}
