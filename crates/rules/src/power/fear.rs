//! `fear`: after its move the seat may move again, any number of times in
//! one turn, each extra move paid for with one of its own pieces, which
//! leaves the game (France, v1.0: "Fear"). The extra moves may not capture
//! a royal piece nor give check.
//!
//! A turn of several steps (`docs/architecture.md`, "Turns of several
//! steps"): after the seat's ordinary move the turn stays with it, the
//! slot's `CONTINUING` bit set (so the hash, equality and FEN4,
//! `'continuing':('yes','','','')`, carry it). While it is set the seat's
//! moves are
//!
//! - an extra move: a piece move with the sacrificed piece as its chosen
//!   cell ([`Move::with_chosen`], `e3f5@c1`). The sacrifice is one of the
//!   pieces the seat commands (taken-over armies' too) that is of no royal
//!   kind and is not the piece moving; it is taken off the board after the
//!   move (no capture: no one gains it; a loss of the seat, as a piece
//!   destroyed is, for Switzerland's counts). The
//!   move may not take a piece that counts as royal, and after it (and the
//!   sacrifice) no piece the seat commands may attack an enemy piece that
//!   counts as royal ("give check", read in a game without check);
//! - a pass (`0000`, PGN4 `--`), which ends the turn.
//!
//! The turn stays with the seat after a step only while the seat commands
//! a piece it could sacrifice (so with its king alone it cannot go on) and
//! the game is not decided; otherwise the step ends the turn. The turn's
//! end (the turn-end powers, the opening count, declared checks, the next
//! seat's turn start) comes once, at its last step; the marks that follow
//! pieces (idle pieces, militia ages, frozen capturers, moved pawns) follow
//! them at every step. A pass that ends a turn of several steps does not
//! count towards the fifty-move rule (the turn's moves did).
//!
//! No parameters.

use super::Power;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::position::Position;

pub(super) const ID: &str = "fear";

/// The FEN4 key of the seat whose turn goes on.
pub(crate) const KEY: &str = "continuing";

/// FEN4's word for a turn that goes on.
const YES: &str = "yes";

/// The slot bit of a turn that goes on after the seat's move.
const CONTINUING: u8 = 1;

impl<B: HasSliders> Position<B> {
    /// The slot of `seat`'s fear power.
    fn fear_slot(&self, seat: Seat) -> Option<usize> {
        if self.rules.fear_seats & (1 << seat.0) == 0 {
            return None;
        }
        self.find_power(seat, |p| matches!(p, Power::Fear).then_some(()))
            .map(|(i, _)| i)
    }

    /// Whether `seat`'s turn goes on after its move (it may move again
    /// for a sacrifice, or pass).
    pub fn turn_goes_on(&self, seat: Seat) -> bool {
        self.fear_slot(seat)
            .is_some_and(|i| self.slot(seat, i) & CONTINUING != 0)
    }

    /// The pieces `seat` may sacrifice: those it commands of no royal kind.
    fn sacrificable(&self, seat: Seat) -> B {
        self.commanded_pieces(seat) & !self.union_of(self.rules.royal_kinds)
    }

    /// Each form of the seat to move's piece move `m`: as it is for its
    /// ordinary move; while its turn goes on, once per piece it may
    /// sacrifice for it, and none where `m` takes a royal piece.
    pub(super) fn for_each_sacrifice(&self, m: Move, mut emit: impl FnMut(Move)) {
        let us = self.turn;
        if !self.turn_goes_on(us) {
            return emit(m);
        }
        // Only plain moves and promotions carry a chosen cell; line-ups
        // neither castle nor take en passant.
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            || self.last_royals().has(m.to())
        {
            return;
        }
        for cell in (self.sacrificable(us) & !B::bit(m.from())).iter() {
            emit(m.with_chosen(cell));
        }
    }

    /// The sacrifice of the seat to move's extra move `m`: its chosen
    /// piece leaves the board.
    pub(super) fn play_sacrifice(&mut self, m: Move) {
        let Some(cell) = m.chosen() else {
            return;
        };
        if !self.sacrificable(self.turn).has(cell) {
            return;
        }
        if let Some(p) = self.piece_at(cell) {
            self.remove(p, cell);
            self.count_power_loss(p);
            // A piece gone for good: no position before it comes back.
            self.halfmoves = 0;
        }
    }

    /// After `us`'s step `m` (played on the board): whether `us`'s turn
    /// goes on. Its continuing bit is set or cleared to say so; a pass
    /// that ends a turn of several steps gives back its fifty-move count.
    pub(crate) fn fear_goes_on(&mut self, us: Seat, m: Move) -> bool {
        let Some(i) = self.fear_slot(us) else {
            return false;
        };
        let was = self.slot(us, i);
        let pass = m.kind() == MoveKind::Pass;
        if pass && was & CONTINUING != 0 {
            self.halfmoves = self.halfmoves.saturating_sub(1);
        }
        let goes_on = !pass && !self.teams_decided() && !self.sacrificable(us).is_empty();
        let now = if goes_on {
            was | CONTINUING
        } else {
            was & !CONTINUING
        };
        if now != was {
            self.set_slot(us, i, now);
        }
        goes_on
    }

    /// The `'continuing'` entry, while a seat's turn goes on.
    pub(crate) fn fear_extra(&self) -> Option<String> {
        if self.rules.fear_seats == 0 {
            return None;
        }
        let entries: Vec<String> = (0..self.rules.seats())
            .map(|s| {
                if self.turn_goes_on(Seat(s)) {
                    YES.to_string()
                } else {
                    String::new()
                }
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'continuing'` entries: `yes` for the seat to move whose
    /// turn goes on after its move (one with the power and a piece it may
    /// sacrifice), nothing for every other seat.
    pub(crate) fn read_fear_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let what = "power to move again";
        for (seat, text, i) in self.power_texts(entries, (KEY, key_at), what, Self::fear_slot)? {
            if text != YES {
                return Err(bad(format!(
                    "'{text}' in '{KEY}': a turn that goes on is written '{YES}', others ''"
                )));
            }
            if seat != self.turn {
                return Err(bad(format!(
                    "seat {} is not to move, so its turn does not go on, in '{KEY}'",
                    seat.0 + 1
                )));
            }
            if self.sacrificable(seat).is_empty() {
                return Err(bad(format!(
                    "seat {} has no piece to sacrifice, so its turn does not go on, in '{KEY}'",
                    seat.0 + 1
                )));
            }
            let slot = self.slot(seat, i);
            self.set_slot(seat, i, slot | CONTINUING);
        }
        Ok(())
    }
}
