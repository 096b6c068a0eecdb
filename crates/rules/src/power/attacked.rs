//! `destroy-attacked`: when a piece of one of the source kinds moves so
//! that it attacks an enemy piece another of those pieces already
//! attacks, that piece is destroyed at once (Austria's tactics, with its
//! knights). Royal pieces and pieces proof against powers are not
//! destroyed, as with every destroying power.
//!
//! Parameters: `sources`, a list of letters.

use super::Params;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Seat};
use crate::position::Position;

pub(super) const ID: &str = "destroy-attacked";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) sources: Vec<char>,
}

/// Compiled: the source kinds as a bit set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    sources: u16,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let sources = p.some_letters("sources")?;
        Ok(Spec { sources })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            sources: super::kind_bits(&self.sources, kind),
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// After the piece move `m` of the seat to move: if it moved a source
    /// piece, destroy what it and another source piece both attack.
    pub(super) fn destroy_attacked(&mut self, a: &Compiled, m: Move) {
        let (us, landed) = (self.turn, m.to());
        if m.kind() != MoveKind::Normal {
            return;
        }
        let sources = self.union_of(a.sources) & self.commanded_pieces(us);
        if !sources.has(landed) || sources.count() < 2 {
            return;
        }
        let occ = self.occupied();
        let armies = self.commanded_by(us);
        let targets = self.hostile_to(us) & !self.last_royals() & !self.power_proof();
        for cell in targets.iter() {
            let attackers = (0..self.rules.seats())
                .filter(|&s| armies & (1 << s) != 0)
                .fold(B::EMPTY, |b, s| b | self.attackers_to(cell, Seat(s), occ))
                & sources;
            // Two ministers may go together, but never the last.
            if attackers.has(landed)
                && attackers.count() >= 2
                && !self.last_royals().has(cell)
                && let Some(victim) = self.piece_at(cell)
            {
                self.remove(victim, cell);
                self.count_power_loss(victim);
            }
        }
    }
}
