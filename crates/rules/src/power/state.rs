//! The powers' state across turns in FEN4's `{...}` block, per seat the
//! indices of its nation's powers: `'powers'`, those it used on its last
//! turn (for "not two turns in a row"), such as `'powers':('0','','','')`;
//! `'spent'`, those with a number of uses per game, once per use
//! (`'spent':('00','','','')`: power 0 used twice).

use super::{MAX_POWERS, Power};
use crate::attacks::HasSliders;
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::position::Position;
use crate::variant::TAKEN_LAST_TURN;

/// A key of the powers' state: its name, and what of a slot it holds.
#[derive(Clone, Copy)]
pub(crate) enum StateKey {
    /// `'powers'`: used on the seat's last turn.
    Powers,
    /// `'spent'`: used up (a power of once per game).
    Spent,
}

impl StateKey {
    /// Both keys, as FEN4 writes them.
    pub(crate) const ALL: [StateKey; 2] = [StateKey::Powers, StateKey::Spent];

    pub(crate) fn name(self) -> &'static str {
        match self {
            StateKey::Powers => "powers",
            StateKey::Spent => "spent",
        }
    }

    /// How many times the key writes the power's index.
    fn times(self, power: &Power<impl HasSliders>, slot: u8) -> usize {
        if !self.applies(power) {
            return 0;
        }
        match self {
            StateKey::Powers => usize::from(slot & TAKEN_LAST_TURN != 0),
            StateKey::Spent if power.counts_uses() => usize::from(slot & !TAKEN_LAST_TURN),
            StateKey::Spent => 0,
        }
    }

    /// Whether a power of this kind keeps the key's state.
    fn applies(self, power: &Power<impl HasSliders>) -> bool {
        match self {
            // An assassination's and insanity's slots hold their turn's
            // steps, the cargo's its records, secrecy's its window (their
            // own FEN4 keys, `power/assassinate.rs`, `power/insanity.rs`,
            // `power/cargo.rs`, `power/secrecy.rs`): the window's open bit
            // is no power used last turn.
            StateKey::Powers => !matches!(
                power,
                Power::Assassinate(_) | Power::Insanity(_) | Power::Cargo(_) | Power::Secrecy(_)
            ),
            StateKey::Spent => power.counts_uses(),
        }
    }

    /// The slot with the key's state read once more; `None` past the
    /// power's uses.
    fn set(self, power: &Power<impl HasSliders>, slot: u8) -> Option<u8> {
        match self {
            StateKey::Powers => Some(slot | TAKEN_LAST_TURN),
            StateKey::Spent => (slot & !TAKEN_LAST_TURN < power.max_uses()).then_some(slot + 1),
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The `key` entry, when a seat's powers hold it.
    pub(crate) fn powers_extra(&self, key: StateKey) -> Option<String> {
        let seats = self.rules.seats();
        let used = |seat: u8| -> String {
            (0..self.powers(Seat(seat)).len())
                .flat_map(|i| {
                    let times = key.times(&self.powers(Seat(seat))[i], self.slot(Seat(seat), i));
                    std::iter::repeat_n(char::from(b'0' + i as u8), times)
                })
                .collect()
        };
        let entries: Vec<String> = (0..seats).map(used).collect();
        crate::notation::fen4::seat_tuple(key.name(), &entries)
    }

    /// Read the `key` entries (quoted, one per seat).
    pub(crate) fn read_powers_extra(
        &mut self,
        key: StateKey,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let name = key.name();
        for (seat, entry) in entries.iter().enumerate().take(self.rules.seats() as usize) {
            let digits = crate::notation::fen4::unquote(entry)
                .ok_or_else(|| bad(format!("{entry} in '{name}' is not quoted")))?;
            let count = self.powers(Seat(seat as u8)).len();
            for d in digits.bytes() {
                let i = (d as char)
                    .to_digit(10)
                    .map(|i| i as usize)
                    .filter(|&i| i < count && i < MAX_POWERS)
                    .filter(|&i| key.applies(&self.powers(Seat(seat as u8))[i]))
                    .ok_or_else(|| {
                        bad(format!(
                            "'{}' in '{name}' is not a power of seat {} (it has {count})",
                            d as char,
                            seat + 1
                        ))
                    })?;
                let old = self.slot(Seat(seat as u8), i);
                let new = key
                    .set(&self.powers(Seat(seat as u8))[i], old)
                    .ok_or_else(|| {
                        bad(format!(
                            "'{}' in '{name}': more uses than seat {}'s power has",
                            d as char,
                            seat + 1
                        ))
                    })?;
                self.set_slot(Seat(seat as u8), i, new);
            }
        }
        Ok(())
    }
}
