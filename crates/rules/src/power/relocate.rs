//! `relocate`: instead of moving, put one of one's pieces on an empty cell
//! of an area; a piece other than a pawn that starts outside a second,
//! larger area may land on an enemy piece there and take it (the Byzantine
//! retreat: the 2 x 4 area, and from outside the 3 x 5). Written
//! `relocate@e5c2`. With `kinds`, only pieces of those kinds (Athens' sea:
//! a bishop to any empty square, not giving check, not on two turns in a
//! row). A piece proof against powers is never taken so.
//!
//! Parameters: `area` (default `a1-d2`), `capture_from_outside` (an area;
//! left out, no capture), `kinds` (letters; left out, every piece),
//! `not_twice`, `no_check` (the move may not leave an enemy royal piece
//! attacked by one's own).

use super::Params;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;

pub(super) const ID: &str = "relocate";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    area: super::Area,
    capture_from_outside: Option<super::Area>,
    pub(super) kinds: Vec<char>,
    not_twice: bool,
    no_check: bool,
}

/// Compiled for one seat.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<B> {
    area: B,
    /// Pieces outside it may capture; `None`: no capture.
    capture_from_outside: Option<B>,
    /// The kinds that may move so, as a bit set; 0: every kind.
    kinds: u16,
    pub(super) not_twice: bool,
    no_check: bool,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            area: p.area("area", Some("a1-d2"))?,
            capture_from_outside: p.optional_area("capture_from_outside")?,
            kinds: p.optional_letters("kinds")?,
            not_twice: p.flag("not_twice")?,
            no_check: p.flag("no_check")?,
        })
    }

    pub(super) fn compile<B>(
        &self,
        kind: impl Fn(char) -> crate::piece::Kind,
        area: impl Fn(&super::Area) -> B,
    ) -> Compiled<B> {
        Compiled {
            area: area(&self.area),
            capture_from_outside: self.capture_from_outside.as_ref().map(&area),
            kinds: super::kind_bits(&self.kinds, kind),
            not_twice: self.not_twice,
            no_check: self.no_check,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// Every piece the seat to move commands, onto every empty cell of the
    /// area other than its own, and where allowed onto enemy pieces there.
    pub(super) fn generate_relocate<S: Sink<B>>(
        &self,
        sink: &mut S,
        r: &Compiled<B>,
        tag: MoveKind,
    ) {
        let us = self.turn;
        let mut mine = self.commanded_pieces(us);
        if r.kinds != 0 {
            mine &= self.union_of(r.kinds);
        }
        let empty = r.area & !self.occupied();
        let prey = r.area & self.hostile_to(us) & !self.power_proof();
        let pawns = self.union_of(self.rules.pawn_kinds);
        for from in mine.iter() {
            let mut to = empty & !B::bit(from);
            if let Some(inner) = r.capture_from_outside
                && !inner.has(from)
                && !pawns.has(from)
            {
                to |= prey;
            }
            if pawns.has(from)
                && let Some(p) = self.piece_at(from)
            {
                // A pawn never stands where its army's pawns promote.
                to &= !self.rules.promotion_zone[p.seat.idx()];
            }
            for cell in to.iter() {
                let m = Move::new(from, cell, tag);
                if !(r.no_check && self.board_after(m).checks_an_enemy(us)) {
                    sink.one(m);
                }
            }
        }
    }

    /// Lift the piece and set it down, taking what stands there; the piece
    /// taken, if any.
    pub(super) fn play_relocate(&mut self, m: Move) -> Option<Piece> {
        let (from, to) = (m.from(), m.to());
        let mover = self.piece_at(from)?;
        let victim = self.piece_at(to);
        if let Some(v) = victim {
            self.remove(v, to);
            self.halfmoves = 0;
        }
        self.remove(mover, from);
        self.put(mover, to);
        victim
    }
}
