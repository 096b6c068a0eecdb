//! The powers' state across turns in FEN4's `{...}` block: `'powers'`, per
//! seat the indices of its nation's powers it used on its last turn (for
//! "not two turns in a row"), such as `'powers':('0','','','')`.

use super::MAX_POWERS;
use crate::attacks::HasSliders;
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::position::Position;
use crate::variant::TAKEN_LAST_TURN;

impl<B: HasSliders> Position<B> {
    /// The `'powers'` key, when a seat used a power on its last turn.
    pub(crate) fn powers_extra(&self) -> Option<String> {
        let seats = self.rules.seats();
        let used = |seat: u8| -> String {
            (0..self.powers(Seat(seat)).len())
                .filter(|&i| self.slot(Seat(seat), i) & TAKEN_LAST_TURN != 0)
                .map(|i| char::from(b'0' + i as u8))
                .collect()
        };
        let entries: Vec<String> = (0..seats).map(used).collect();
        if entries.iter().all(String::is_empty) {
            return None;
        }
        let quoted: Vec<String> = entries.iter().map(|e| format!("'{e}'")).collect();
        Some(format!("'powers':({})", quoted.join(",")))
    }

    /// Read the `'powers'` entries (quoted, one per seat).
    pub(crate) fn read_powers_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        for (seat, entry) in entries.iter().enumerate().take(self.rules.seats() as usize) {
            let digits = entry
                .strip_prefix('\'')
                .and_then(|e| e.strip_suffix('\''))
                .ok_or_else(|| bad(format!("{entry} in 'powers' is not quoted")))?;
            let count = self.powers(Seat(seat as u8)).len();
            for d in digits.bytes() {
                let i = (d as char)
                    .to_digit(10)
                    .map(|i| i as usize)
                    .filter(|&i| i < count && i < MAX_POWERS)
                    .ok_or_else(|| {
                        bad(format!(
                            "'{}' in 'powers' is not a power of seat {} (it has {count})",
                            d as char,
                            seat + 1
                        ))
                    })?;
                let old = self.slot(Seat(seat as u8), i);
                self.set_slot(Seat(seat as u8), i, old | TAKEN_LAST_TURN);
            }
        }
        Ok(())
    }
}
