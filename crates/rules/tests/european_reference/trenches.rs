//! The Allied Army's trenches, the long way: per seat the squares of the
//! pawns it moved on its last three turns, newest first.

use super::powers::RefPower;
use super::{Ref, Sq, parse};

const TURNS: usize = 3;

impl Ref {
    /// Whether the seat's pawns dig in.
    fn has_trenches(&self, seat: usize) -> bool {
        self.powers(seat).contains(&RefPower::Trenches)
    }

    /// Whether the piece on `sq` is a pawn `seat` commands.
    fn pawn_of(&self, seat: usize, sq: Sq) -> bool {
        self.at(sq)
            .is_some_and(|p| self.kind(p.kind).pawn && self.owner(p) == seat)
    }

    /// Whether the piece on `sq` is a dug-in pawn: a pawn of a seat with
    /// trenches that it moved on neither its turn before last nor the one
    /// before that (dug in at the start of its last turn, or of this one).
    pub(super) fn dug_in(&self, sq: Sq) -> bool {
        (0..4).any(|s| {
            self.has_trenches(s)
                && self.pawn_of(s, sq)
                && !self.trench_moves[s][1..].contains(&Some(sq))
        })
    }

    /// Whether the seat to move's piece on `from` is a dug-in pawn, which
    /// takes nothing this turn.
    pub(super) fn trench_bars(&self, from: Sq) -> bool {
        self.has_trenches(self.turn) && self.pawn_of(self.turn, from) && self.dug_in(from)
    }

    /// The moved pawns' squares follow the board since `before`: the piece
    /// moved by `moved` (seat, from, to) takes its square along; a square
    /// whose piece changed, or holds no pawn of the seat, is forgotten.
    pub(super) fn trench_changes(&mut self, before: &Ref, moved: Option<(usize, Sq, Sq)>) {
        for s in 0..4 {
            if !self.has_trenches(s) {
                continue;
            }
            for k in 0..TURNS {
                let Some(mut sq) = self.trench_moves[s][k] else {
                    continue;
                };
                match moved {
                    Some((seat, from, to)) if seat == s && sq == from => sq = to,
                    _ if before.at(sq) != self.at(sq) => {
                        self.trench_moves[s][k] = None;
                        continue;
                    }
                    _ => {}
                }
                self.trench_moves[s][k] = self.pawn_of(s, sq).then_some(sq);
            }
        }
    }

    /// The seat to move in `before` played `m`, which led here: the moved
    /// pawns' squares follow the board, and with trenches, the turns shift
    /// by one, the pawn it moved the newest.
    pub(super) fn end_trench_turn(&mut self, before: &Ref, m: &str) {
        if !(0..4).any(|s| self.has_trenches(s)) {
            return;
        }
        let us = before.turn;
        let piece_move = m != "0000" && super::ferocity::is_piece_move(m);
        let moved = piece_move.then(|| parse(m)).map(|p| (us, p.from, p.to));
        self.trench_changes(before, moved);
        if !self.has_trenches(us) {
            return;
        }
        let newest = moved
            .map(|(_, _, to)| to)
            .filter(|&to| self.pawn_of(us, to));
        let list = &mut self.trench_moves[us];
        list.rotate_right(1);
        list[0] = newest;
    }
}
