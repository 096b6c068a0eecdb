//! `move-again`: a piece the seat commands that ends a plain move within
//! `distance` squares (king steps) of one of the seat's pieces of the
//! `near` kinds, other than itself, may move again in the same turn, once
//! (Armenia's religion: near an Armenian king, 2 squares). With
//! `no_check`, only when the first move leaves no enemy royal piece
//! attacked ("without checking anyone").
//!
//! A turn of two parts is a power move written as `move-two`'s are,
//! `move-again@d2d4d4d5`: the first move, then the same piece's second,
//! each an ordinary move of the position it is played in (the second sees
//! the first's capture), played by the same code as `move-two`'s. Neither
//! part promotes: a pawn's promoting move is a turn of its own (a power
//! move holds no promotion). Turns that end alike are one turn, offered
//! once: one piece's (`a1a2` then `a2a3`, or `a1a4` then `a4a3`), or two
//! pieces' that each go back where they stood (taking the same piece, or
//! none).
//!
//! Parameters: `near` (letters), `distance` (1 to 7, default 2),
//! `no_check`.

use super::Params;
use super::two::{CELLS, Ends, packed};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{MoveKind, MoveList};
use crate::piece::Kind;
use crate::position::Position;

pub(super) const ID: &str = "move-again";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) near: Vec<char>,
    distance: u8,
    no_check: bool,
}

/// Compiled: the kinds as a bit set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    near: u16,
    distance: u8,
    no_check: bool,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            near: p.some_letters("near")?,
            distance: p.number("distance", 2, 1..=7)?,
            no_check: p.flag("no_check")?,
        })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            near: super::kind_bits(&self.near, kind),
            distance: self.distance,
            no_check: self.no_check,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// Every turn of a piece move and the same piece's second the power
    /// allows the seat to move.
    pub(super) fn generate_move_again<S: Sink<B>>(&self, sink: &mut S, a: &Compiled, index: u8) {
        let us = self.turn;
        if self.variant().geometry.cells() > CELLS
            || (self.union_of(a.near) & self.commanded_pieces(us)).is_empty()
        {
            return;
        }
        let mut firsts = MoveList::new();
        self.generate_commanded(&mut firsts);
        let guards = self.capture_guards();
        let start = self.snapshot();
        // Turns of two pieces end alike only where both go back: those
        // ends are told apart across pieces, the others piece by piece
        // (fewer to compare, and a queen's many turns fit).
        let mut back: Ends = Ends::default();
        for origin in self.commanded_pieces(us).iter() {
            let mut ends: Ends<1024> = Ends::default();
            for &m1 in firsts.iter().filter(|m| m.from() == origin) {
                if m1.kind() != MoveKind::Normal
                    || !self.declared_enough(m1)
                    || self.barred_capture(m1)
                    || guards.bar(m1)
                    || self.frozen_bar(m1)
                    || self.militia_bar(m1)
                {
                    continue;
                }
                let mut after = self.child();
                after.get_mut().play_part(m1);
                if !after.may_move_again(a, m1.to()) {
                    continue;
                }
                let mut seconds = MoveList::new();
                after.generate_commanded(&mut seconds);
                let guards = after.capture_guards();
                for &m2 in seconds.iter() {
                    if m2.from() != m1.to()
                        || m2.kind() != MoveKind::Normal
                        || !after.declared_enough(m2)
                        || after.barred_capture(m2)
                        || guards.bar(m2)
                        || after.militia_bar(m2)
                    {
                        continue;
                    }
                    let end = after.end_after(m2, &start);
                    let new = if m2.to() == origin {
                        back.first_time(end)
                    } else {
                        ends.first_time(end)
                    };
                    if new {
                        sink.one(packed(m1, m2, index));
                    }
                }
            }
        }
    }

    /// Whether the piece that landed on `cell` may move again: it stands
    /// near enough to another of the seat's pieces of the near kinds, and
    /// (with `no_check`) attacks no enemy royal piece.
    fn may_move_again(&self, a: &Compiled, cell: u8) -> bool {
        let us = self.turn;
        let geo = &self.variant().geometry;
        let at = geo.square(cell);
        let near = self.union_of(a.near) & self.commanded_pieces(us) & !B::bit(cell);
        near.iter().any(|c| {
            let sq = geo.square(c);
            at.file()
                .abs_diff(sq.file())
                .max(at.rank().abs_diff(sq.rank()))
                <= a.distance
        }) && !(a.no_check && self.checks_an_enemy(us))
    }
}
