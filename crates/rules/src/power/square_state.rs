//! Powers whose state is one square per seat, kept in the power's slot
//! as the cell plus one: `no-revenge`'s barred capturer, FEN4
//! `'barred':('','d5','','')`, and `shelter`'s protected piece,
//! `'sheltered':('c1','','','')`.

use super::Power;
use crate::attacks::HasSliders;
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::position::Position;

/// A FEN4 key of a square per seat.
#[derive(Clone, Copy)]
pub(crate) enum SquareKey {
    /// `'barred'`: the piece a seat may not capture this turn.
    Barred,
    /// `'sheltered'`: the piece only royal pieces may capture.
    Sheltered,
}

impl SquareKey {
    /// Every key, as FEN4 writes them.
    pub(crate) const ALL: [SquareKey; 2] = [SquareKey::Barred, SquareKey::Sheltered];

    pub(crate) fn name(self) -> &'static str {
        match self {
            SquareKey::Barred => "barred",
            SquareKey::Sheltered => "sheltered",
        }
    }

    /// Whether `power` keeps its state under this key.
    fn holds(self, power: &Power<impl HasSliders>) -> bool {
        match self {
            SquareKey::Barred => matches!(power, Power::Revenge(_)),
            SquareKey::Sheltered => matches!(power, Power::Shelter),
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The slot of `seat`'s power kept under `key`.
    fn square_slot(&self, seat: Seat, key: SquareKey) -> Option<usize> {
        self.rules.powers[seat.idx()]
            .iter()
            .position(|p| key.holds(p))
    }

    /// The cell `seat`'s power kept under `key` holds, if any.
    pub(crate) fn square_state(&self, seat: Seat, key: SquareKey) -> Option<u8> {
        let i = self.square_slot(seat, key)?;
        self.slot(seat, i).checked_sub(1)
    }

    /// Set the cell `seat`'s power `i` holds (`None`: none).
    pub(super) fn set_square_state(&mut self, seat: Seat, i: usize, cell: Option<u8>) {
        let value = cell.map_or(0, |c| c + 1);
        if self.slot(seat, i) != value {
            self.set_slot(seat, i, value);
        }
    }

    /// The `key` entry, when a seat's power holds a square.
    pub(crate) fn square_extra(&self, key: SquareKey) -> Option<String> {
        let geo = &self.variant().geometry;
        let entries: Vec<String> = (0..self.rules.seats())
            .map(|s| {
                self.square_state(Seat(s), key)
                    .map_or(String::new(), |c| geo.square(c).to_string())
            })
            .collect();
        crate::notation::fen4::seat_tuple(key.name(), &entries)
    }

    /// Read the `key` entries (a quoted square or nothing per seat).
    pub(crate) fn read_square_extra(
        &mut self,
        key: SquareKey,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let name = key.name();
        let seats = self.rules.seats();
        for (s, text) in crate::notation::fen4::seat_texts(entries, seats, name, key_at)? {
            let seat = Seat(s as u8);
            let cell = text
                .parse()
                .ok()
                .and_then(|sq| self.variant().geometry.cell(sq))
                .ok_or_else(|| bad(format!("'{text}' in '{name}' is not a square")))?;
            let i = self
                .square_slot(seat, key)
                .ok_or_else(|| bad(format!("seat {} has no power that keeps '{name}'", s + 1)))?;
            self.set_square_state(seat, i, Some(cell));
        }
        Ok(())
    }
}
