//! `place`: instead of moving, put a new piece of one's own on an empty
//! cell of an area (the Huns' tribute: a pawn on the 3 x 5 area, not on two
//! turns in a row). Written `place@c3`.
//!
//! Parameters: `kind` (a letter), `area` (default `a1-e3`), `not_twice`.

use super::Params;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::Position;

pub(super) const ID: &str = "place";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) letter: char,
    area: super::Area,
    not_twice: bool,
}

/// Compiled for one seat.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<B> {
    kind: Kind,
    area: B,
    pub(super) not_twice: bool,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            letter: p.letter("kind")?,
            area: p.area("area", Some("a1-e3"))?,
            not_twice: p.flag("not_twice")?,
        })
    }

    pub(super) fn compile<B>(
        &self,
        kind: impl Fn(char) -> Kind,
        area: impl Fn(&super::Area) -> B,
    ) -> Compiled<B> {
        Compiled {
            kind: kind(self.letter),
            area: area(&self.area),
            not_twice: self.not_twice,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// One move per empty cell of the area.
    pub(super) fn generate_place<S: Sink<B>>(&self, sink: &mut S, p: &Compiled<B>, tag: MoveKind) {
        let mut cells = p.area & !self.occupied();
        if self.rules.pawn_kinds & (1 << p.kind.0) != 0 {
            // A pawn never stands where its army's pawns promote.
            cells &= !self.rules.promotion_zone[self.turn.idx()];
        }
        for cell in cells.iter() {
            sink.one(Move::new(cell, cell, tag));
        }
    }

    /// The new piece joins the mover's own army (its pawns go its way).
    pub(super) fn play_place(&mut self, p: &Compiled<B>, m: Move) {
        if !self.occupied().has(m.to()) {
            let piece = Piece {
                seat: self.turn,
                kind: p.kind,
            };
            self.put(piece, m.to());
        }
    }
}
