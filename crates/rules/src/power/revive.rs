//! `revive`: instead of moving, a few times per game, the seat takes back
//! a piece its own army lost: it returns to an empty square where a piece
//! of its kind started (Canada's healthcare, twice per game). Written
//! `revive@c1`.
//!
//! A kind is lost while the army (the pieces that started as the seat's,
//! wherever they are) holds fewer of it than its setup did: nothing else
//! remembers the pieces, so a pawn that promoted counts as a lost pawn. A
//! royal kind is never taken back (a player who lost its royal pieces is
//! out). The uses are counted in the power's slot (FEN4 `'spent'`, the
//! power's index once per use).
//!
//! Parameters: `uses` (1 to 7, default 2). The setup squares come from
//! the nation file's `[setup]`.

use super::Params;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::variant::Setup;
use crate::variant::{Forward, rotate};

pub(super) const ID: &str = "revive";

/// What a nation file says, with the setup it takes pieces back to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) uses: u8,
    pub(super) homes: Setup,
}

/// Compiled for one seat: the setup's cells and kinds.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    homes: Vec<(u8, Kind)>,
    pub(super) uses: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            uses: p.number("uses", 2, 1..=7)?,
            homes: Vec::new(),
        })
    }

    pub(super) fn compile(
        &self,
        kind: impl Fn(char) -> Kind,
        forward: Forward,
        size: u8,
    ) -> Compiled {
        let homes = self
            .homes
            .iter()
            .map(|&(sq, letter)| {
                let (x, y) = rotate(forward, sq, size);
                (y * size + x, kind(letter))
            })
            .collect();
        Compiled {
            homes,
            uses: self.uses,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// One move per empty setup cell whose kind the seat's army lost,
    /// while uses are left.
    pub(super) fn generate_revive<S: Sink<B>>(&self, sink: &mut S, r: &Compiled, index: usize) {
        let us = self.turn;
        if self.power_uses(us, index) >= r.uses {
            return;
        }
        let empty = !self.occupied();
        for &(cell, kind) in &r.homes {
            if empty.has(cell) && self.lost(r, kind) {
                sink.one(Move::new(cell, cell, MoveKind::Power(index as u8)));
            }
        }
    }

    /// Whether the seat to move's army holds fewer pieces of `kind` than
    /// its setup did (never a royal kind).
    fn lost(&self, r: &Compiled, kind: Kind) -> bool {
        if self.rules.royal_kinds & (1 << kind.0) != 0 {
            return false;
        }
        let started = r.homes.iter().filter(|&&(_, k)| k == kind).count() as u32;
        let army = self.by_seat[self.turn.idx()];
        (self.union_of(1 << kind.0) & army).count() < started
    }

    /// The piece whose setup cell is `m`'s comes back there, in the
    /// seat's own army.
    pub(super) fn play_revive(&mut self, r: &Compiled, m: Move) {
        let cell = m.to();
        if let Some(&(_, kind)) = r.homes.iter().find(|&&(c, _)| c == cell)
            && !self.occupied().has(cell)
        {
            let piece = Piece {
                seat: self.turn,
                kind,
            };
            self.put(piece, cell);
        }
    }
}
