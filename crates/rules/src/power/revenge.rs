//! `no-revenge`: when one of the seat's pieces of the kinds is captured,
//! its pieces of those kinds may not capture the capturing piece on the
//! seat's next turn (the Holy Roman Empire's rooks; later turns are
//! fine). The capturer is followed as it moves in the meantime; if it is
//! captured, the bar ends. Kept as a square per seat (`square_state.rs`,
//! FEN4 `'barred'`).
//!
//! Parameters: `kinds`, a list of letters.

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece, Seat};
use crate::position::Position;

pub(super) const ID: &str = "no-revenge";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) kinds: Vec<char>,
}

/// Compiled: the kinds as a bit set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    kinds: u16,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let kinds = p.some_letters("kinds")?;
        Ok(Spec { kinds })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            kinds: super::kind_bits(&self.kinds, kind),
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s `no-revenge` power: its index and kinds.
    fn revenge_power(&self, seat: Seat) -> Option<(usize, Compiled)> {
        self.find_power(seat, |p| match p {
            Power::Revenge(r) => Some(*r),
            _ => None,
        })
    }

    /// The cell of the piece `seat`'s pieces may not capture this turn.
    pub(crate) fn barred_cell(&self, seat: Seat) -> Option<u8> {
        self.square_state(seat, super::SquareKey::Barred)
    }

    /// Whether the piece move `m` of the seat to move is a capture the
    /// power bars.
    pub(crate) fn barred_capture(&self, m: Move) -> bool {
        let us = self.turn;
        let Some((i, r)) = self.revenge_power(us) else {
            return false;
        };
        let barred = self.slot(us, i).checked_sub(1);
        // A move onto the cell once the capturer is gone (destroyed, or
        // moved by another's power) takes nothing: no capture to bar.
        barred == Some(m.to())
            && self.occupied().has(m.to())
            && matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            && self
                .piece_at(m.from())
                .is_some_and(|p| r.kinds & (1 << p.kind.0) != 0)
    }

    /// After the piece move `m` of the seat to move, which took `taken`:
    /// each seat with the power notes the capturer of one of its pieces
    /// of the kinds, follows its capturer, or lets the bar go when it is
    /// taken; the seat to move's own bar ends with its turn (see
    /// [`Position::end_revenge_turn`]).
    pub(crate) fn watch_revenge(&mut self, m: Move, taken: Option<Piece>) {
        let mover = self.turn;
        for s in 0..self.rules.seats() {
            let seat = Seat(s);
            let Some((i, r)) = self.revenge_power(seat) else {
                continue;
            };
            let barred = self.slot(seat, i).checked_sub(1);
            let landed = self.occupied().has(m.to()).then_some(m.to());
            // A capturer that takes and stays where it was (a longbow) is
            // still there.
            let stayed = self.occupied().has(m.from()).then_some(m.from());
            let mut next = match barred {
                Some(c) if c == m.from() => landed.or(stayed),
                Some(c) if c == m.to() && taken.is_some() => None,
                other => other,
            };
            if let Some(v) = taken
                && self.commander_of(v.seat) == seat
                && seat != mover
                && r.kinds & (1 << v.kind.0) != 0
            {
                next = landed.or(stayed);
            }
            if next != barred {
                self.set_slot(seat, i, next.map_or(0, |c| c + 1));
            }
        }
    }

    /// The seat to move's turn is over: its bar ends.
    pub(crate) fn end_revenge_turn(&mut self, us: Seat) {
        if let Some((i, _)) = self.revenge_power(us)
            && self.slot(us, i) != 0
        {
            self.set_slot(us, i, 0);
        }
    }
}
