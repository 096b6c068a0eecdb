//! `shelter`: at the end of each of its turns the seat picks one of its
//! non-royal pieces that did not move this turn; until its next turn only
//! royal pieces may capture that piece (Jerusalem's castles). The pick is
//! the move's chosen cell ([`Move::with_chosen`], `d2d4@c1`): each piece
//! move is offered once per piece that may be picked, and as it is when
//! there is none. A turn of a power move picks nothing. Kept as a square
//! per seat (`square_state.rs`, FEN4 `'sheltered'`).
//!
//! No parameters.

use super::{Power, SquareKey};
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::Seat;
use crate::position::Position;

pub(super) const ID: &str = "shelter";

impl<B: HasSliders> Position<B> {
    /// The pieces the seat to move may pick after its piece move `m`:
    /// those it commands once the move is made (an army it took over with
    /// the move included), but the one that moved.
    pub(super) fn shelter_choices(&self, m: Move) -> B {
        if matches!(m.kind(), MoveKind::Power(_) | MoveKind::Pass) {
            return B::EMPTY;
        }
        let after = self.board_after(m);
        let moved = B::bit(m.from()) | B::bit(m.to());
        after.commanded_pieces(self.turn) & !after.last_royals() & !moved
    }

    /// The seat to move ends its turn with `m`: what it picked is
    /// sheltered until its next turn, and what it picked before no longer.
    pub(crate) fn end_shelter_turn(&mut self, us: Seat, m: Move) {
        if let Some(i) = self
            .powers(us)
            .iter()
            .position(|p| matches!(p, Power::Shelter))
        {
            self.set_square_state(us, i, m.chosen());
        }
    }

    /// The pieces only royal pieces may capture on the seat to move's
    /// turn: those its enemies sheltered and still command.
    pub(super) fn sheltered(&self) -> B {
        let us = self.turn;
        let team = self.team_seats(us);
        let mut sheltered = B::EMPTY;
        for s in (0..self.rules.seats()).map(Seat) {
            if self.rules.shelter_seats & (1 << s.0) == 0 || team & (1 << s.0) != 0 {
                continue;
            }
            if let Some(c) = self.square_state(s, SquareKey::Sheltered)
                && self.commanded_pieces(s).has(c)
            {
                sheltered |= B::bit(c);
            }
        }
        sheltered
    }
}
