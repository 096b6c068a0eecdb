//! `destroy-adjacent` and `convert-adjacent`: when the seat begins its
//! turn, every non-royal enemy piece orthogonally next to one of its pieces
//! of the source kinds is destroyed (the Conquistadors' disease, from the
//! bishop, knight and king) or becomes its own (the Incas' manipulation,
//! from the delegate). A converted piece joins the seat's own army, so a
//! converted pawn goes the seat's way.
//!
//! Pieces proof against powers are left alone.
//!
//! Parameters: `sources`, a list of letters.

use super::Params;
use crate::attacks::HasSliders;
use crate::piece::{Kind, Piece, Seat};
use crate::position::Position;

pub(super) const DESTROY: &str = "destroy-adjacent";
pub(super) const CONVERT: &str = "convert-adjacent";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) sources: Vec<char>,
    pub(super) convert: bool,
}

/// Compiled: the source kinds as a bit set.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    sources: u16,
    convert: bool,
}

impl Spec {
    pub(super) fn read(p: &Params, convert: bool) -> Result<Spec, (String, String)> {
        let sources = p.some_letters("sources")?;
        Ok(Spec { sources, convert })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            sources: super::kind_bits(&self.sources, kind),
            convert: self.convert,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// Destroy or take the enemy pieces next to the sources.
    pub(super) fn act_adjacent(&mut self, a: &Compiled) {
        let us = self.turn;
        let sources = self.union_of(a.sources) & self.commanded_pieces(us);
        // A minister that is not Britain's last is no royal piece and may
        // be destroyed; no royal kind is taken over, where it would be royal
        // to its new owner.
        let royal = if a.convert {
            self.union_of(self.rules.royal_kinds)
        } else {
            self.last_royals()
        };
        let targets = self.neighbours(sources) & self.hostile_to(us) & !royal & !self.power_proof();
        for cell in targets.iter() {
            // Two ministers may go together, but never the last.
            let Some(victim) = self
                .piece_at(cell)
                .filter(|_| !self.last_royals().has(cell))
            else {
                continue;
            };
            self.remove(victim, cell);
            self.count_power_loss(victim);
            if a.convert
                && let Some(kind) = self.converted_kind(us, victim.kind, cell)
            {
                self.put(Piece { seat: us, kind }, cell);
            }
        }
    }

    /// What a piece of `kind` on `cell` becomes when it joins army `us`:
    /// itself, but a pawn standing where the army's pawns promote promotes
    /// at once to the army's first choice (a pawn cannot stand there);
    /// `None` if it has none.
    pub(super) fn converted_kind(&self, us: Seat, kind: Kind, cell: u8) -> Option<Kind> {
        let r = &*self.rules;
        if r.pawn_kinds & (1 << kind.0) == 0 || !r.promotion_zone[us.idx()].has(cell) {
            return Some(kind);
        }
        r.promotion_choices(us, kind).first().copied()
    }

    /// The cells orthogonally next to the cells of `b`.
    pub(super) fn neighbours(&self, b: B) -> B {
        let geo = &self.variant().geometry;
        let mut n = B::EMPTY;
        for cell in b.iter() {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if let Some(c) = geo.offset(cell, dx, dy) {
                    n |= B::bit(c);
                }
            }
        }
        n
    }
}
