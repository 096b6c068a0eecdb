//! `neutral`: an opponent may capture the seat's pieces only once the
//! seat has captured one of that opponent's pieces, once that opponent
//! has captured or lost `losses` pieces (3 by default), or while that
//! opponent is in check (one of its royal pieces attacked): Switzerland's
//! neutrality. Destroyed, converted and captured pieces all count as lost;
//! destroying is not capturing, so the seat's pieces have no protection
//! from it.
//!
//! Kept in the power's slot: per other seat, in seat order, two bits
//! counting what it captured or lost, 3 (the most) once it may capture.
//! FEN4 writes it as `'neutral':('','','','301')`, per seat with the power
//! a digit for each other seat in turn order.
//!
//! Parameters: `losses`, from 1 to 3.

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::position::Position;

pub(super) const ID: &str = "neutral";

/// The FEN4 key of the state.
pub(crate) const KEY: &str = "neutral";

/// A count that says "may capture".
const FREE: u8 = 3;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    losses: u8,
}

/// Compiled: the same.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    losses: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let losses = p.number("losses", FREE, 1..=FREE)?;
        Ok(Spec { losses })
    }

    pub(super) fn compile(&self) -> Compiled {
        Compiled {
            losses: self.losses,
        }
    }
}

/// Where `other`'s count sits in the slot of seat `own`.
fn shift(own: Seat, other: Seat) -> u8 {
    2 * (other.0 - u8::from(other.0 > own.0))
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s `neutral` power: its index and parameters.
    fn neutral_power(&self, seat: Seat) -> Option<(usize, Compiled)> {
        self.find_power(seat, |p| match p {
            Power::Neutral(n) => Some(*n),
            _ => None,
        })
    }

    /// What `other` captured or lost, as `own`'s power counts it.
    fn neutral_count(&self, own: Seat, other: Seat, slot: usize) -> u8 {
        self.slot(own, slot) >> shift(own, other) & FREE
    }

    /// The pieces the seat to move may not capture this turn: those of
    /// every neutral player it has not yet earned the right to capture,
    /// unless it is in check.
    pub(super) fn neutral_guard(&self) -> B {
        let us = self.turn;
        let team = self.team_seats(us);
        let mut guard = B::EMPTY;
        for s in (0..self.rules.seats()).map(Seat) {
            if self.rules.neutral_seats & (1 << s.0) == 0
                || team & (1 << s.0) != 0
                || self.commander_of(s) != s
            {
                continue;
            }
            if let Some((i, n)) = self.neutral_power(s)
                && self.neutral_count(s, us, i) < n.losses
            {
                guard |= self.commanded_pieces(s);
            }
        }
        if guard.is_empty() || self.royal_attacked_by_commanders(us) {
            return B::EMPTY;
        }
        guard
    }

    /// A piece of `loser` left the board, captured by `capturer` or, with
    /// `None`, destroyed or converted: every neutral player counts it.
    pub(crate) fn count_neutral_loss(&mut self, capturer: Option<Seat>, loser: Seat) {
        for s in (0..self.rules.seats()).map(Seat) {
            if self.rules.neutral_seats & (1 << s.0) == 0 || self.commander_of(s) != s {
                continue;
            }
            let Some((i, _)) = self.neutral_power(s) else {
                continue;
            };
            let mut slot = self.slot(s, i);
            let mut raise = |seat: Seat, by: u8| {
                let at = shift(s, seat);
                let count = (slot >> at & FREE).saturating_add(by).min(FREE);
                slot = slot & !(FREE << at) | count << at;
            };
            match capturer {
                Some(c) if c == s => {
                    if loser != s {
                        raise(loser, FREE);
                    }
                }
                _ => {
                    if let Some(c) = capturer {
                        raise(c, 1);
                    }
                    if loser != s && Some(loser) != capturer {
                        raise(loser, 1);
                    }
                }
            }
            if slot != self.slot(s, i) {
                self.set_slot(s, i, slot);
            }
        }
    }

    /// `victim` was destroyed or converted by a power.
    pub(super) fn count_power_loss(&mut self, victim: crate::piece::Piece) {
        if self.rules.neutral_seats != 0 {
            self.count_neutral_loss(None, self.commander_of(victim.seat));
        }
    }

    /// The `'neutral'` entry, when a neutral player has counted anything.
    pub(crate) fn neutral_extra(&self) -> Option<String> {
        let seats = self.rules.seats();
        let entries: Vec<String> = (0..seats)
            .map(Seat)
            .map(|s| match self.neutral_power(s) {
                Some((i, _)) if self.slot(s, i) != 0 => (0..seats)
                    .map(Seat)
                    .filter(|&o| o != s)
                    .map(|o| char::from(b'0' + self.neutral_count(s, o, i)))
                    .collect(),
                _ => String::new(),
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'neutral'` entries (per seat nothing, or a digit from 0
    /// to 3 for each other seat).
    pub(crate) fn read_neutral_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let seats = self.rules.seats();
        let what = "power that counts losses";
        for (own, text, (i, _)) in
            self.power_texts(entries, (KEY, key_at), what, Self::neutral_power)?
        {
            let counts: Vec<u8> = text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
            if counts.len() != seats as usize - 1 || counts.iter().any(|&c| c > FREE) {
                let why = format!(
                    "'{text}' in '{KEY}' is not {} digits from 0 to {FREE}",
                    seats - 1
                );
                return Err(bad(why));
            }
            let others = (0..seats).map(Seat).filter(|&o| o != own);
            let slot = others
                .zip(counts)
                .fold(0u8, |v, (o, c)| v | c << shift(own, o));
            self.set_slot(own, i, slot);
        }
        Ok(())
    }
}
