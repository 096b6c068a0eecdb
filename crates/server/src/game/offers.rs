//! Pending offers of a game: draws (every player still in agrees),
//! takebacks (the asker and every opponent still in agree) and rematches
//! (every player agrees). A move cancels draw and takeback offers.

use serde::Serialize;

/// The offers pending, as seat bit sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// Seats that offered or accepted a draw.
    pub draw: u32,
    /// The seat that asked for a takeback, and the seats that agreed.
    pub takeback: Option<(u8, u32)>,
    /// Seats that want a rematch.
    pub rematch: u32,
}

/// The offers as clients see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OffersView {
    /// Seats agreeing to a draw.
    pub draw: Vec<u8>,
    /// The seat asking for a takeback.
    pub takeback_by: Option<u8>,
    /// Seats agreeing to the takeback (the asker first).
    pub takeback: Vec<u8>,
    /// Seats wanting a rematch.
    pub rematch: Vec<u8>,
}

/// The seats of a bit set.
pub fn seats_of(set: u32) -> Vec<u8> {
    (0..32).filter(|s| set & (1 << s) != 0).collect()
}

impl Offers {
    /// The view.
    pub fn view(&self) -> OffersView {
        let (by, agreed) = self.takeback.unwrap_or((0, 0));
        let mut takeback = seats_of(agreed);
        if self.takeback.is_some() {
            takeback.retain(|&s| s != by);
            takeback.insert(0, by);
        }
        OffersView {
            draw: seats_of(self.draw),
            takeback_by: self.takeback.map(|t| t.0),
            takeback,
            rematch: seats_of(self.rematch),
        }
    }

    /// A move was played: draw and takeback offers lapse.
    pub fn moved(&mut self) {
        self.draw = 0;
        self.takeback = None;
    }
}
