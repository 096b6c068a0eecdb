//! The American Colonies' militia, the long way: a square set of the
//! militia that die at their commander's next turn end.

use super::nations::Rect;
use super::powers::RefPower;
use super::{Piece, Ref, Sq, in_area, parse};

fn bit((f, r): Sq) -> u64 {
    1 << (f + 8 * r)
}

impl Ref {
    /// The seat's militia power: the kind it creates and its area.
    fn militia_power(&self, seat: usize) -> Option<(char, Rect)> {
        self.powers(seat).iter().find_map(|p| match p {
            RefPower::Militia { kind, area } => Some((*kind, *area)),
            _ => None,
        })
    }

    /// The area militia keep to: the first seat's militia power's.
    fn militia_area(&self) -> Option<Rect> {
        (0..4).find_map(|s| self.militia_power(s)).map(|(_, a)| a)
    }

    /// Whether the piece is a militia (a kind some seat's power creates).
    fn is_militia(&self, p: Piece) -> bool {
        (0..4).any(|s| self.militia_power(s).is_some_and(|(k, _)| k == p.kind))
    }

    /// Whether the piece on `from` is a militia that would leave its
    /// army's area for `to` without taking anything.
    pub(super) fn militia_leaves(&self, from: Sq, to: Sq) -> bool {
        let (Some(p), Some(area)) = (self.at(from), self.militia_area()) else {
            return false;
        };
        self.is_militia(p)
            && self.at(to).is_none()
            && in_area(p.army, area, from)
            && !in_area(p.army, area, to)
    }

    /// The squares where the seat to move may create a militia after its
    /// move, which led to `after`.
    pub(super) fn militia_cells(&self, after: &Ref) -> Vec<Sq> {
        let Some((_, area)) = self.militia_power(self.turn) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if in_area(self.turn, area, (f, r)) && after.at((f, r)).is_none() {
                    out.push((f, r));
                }
            }
        }
        out
    }

    /// `us` creates its militia on `cell`.
    pub(super) fn create_militia(&mut self, us: usize, cell: Sq) {
        let (kind, _) = self.militia_power(us).expect("a militia power");
        self.set(cell, Some(Piece { army: us, kind }));
    }

    /// The marks follow their pieces since `before`: a square whose piece
    /// is another, or gone, loses its mark, the piece that moved from
    /// `moved.0` to `moved.1` takes its mark along, and only militia keep
    /// marks.
    pub(super) fn militia_marks_follow(&mut self, before: &Ref, moved: Option<(Sq, Sq)>) {
        if self.militia_area().is_none() {
            return;
        }
        let mut marks = 0;
        for r in 0..8 {
            for f in 0..8 {
                let sq = (f, r);
                if before.militia_old & bit(sq) != 0 && before.at(sq) == self.at(sq) {
                    marks |= bit(sq);
                }
            }
        }
        if let Some((from, to)) = moved
            && before.militia_old & bit(from) != 0
        {
            marks |= bit(to);
        }
        for r in 0..8 {
            for f in 0..8 {
                if !self.at((f, r)).is_some_and(|p| self.is_militia(p)) {
                    marks &= !bit((f, r));
                }
            }
        }
        self.militia_old = marks;
    }

    /// The seat to move in `before` played `m`, which led here: the marks
    /// follow the pieces, then every militia it commands but the one it
    /// created this turn ages: a marked one dies, the others are marked.
    pub(super) fn end_militia_turn(&mut self, before: &Ref, m: &str) {
        if self.militia_area().is_none() {
            return;
        }
        let us = before.turn;
        let piece_move = m != "0000" && super::ferocity::is_piece_move(m);
        let parsed = piece_move.then(|| parse(m));
        self.militia_marks_follow(before, parsed.as_ref().map(|p| (p.from, p.to)));
        let created = parsed
            .filter(|_| self.militia_power(us).is_some())
            .and_then(|p| p.chosen.first().copied());
        for r in 0..8 {
            for f in 0..8 {
                let sq = (f, r);
                let Some(p) = self.at(sq) else { continue };
                if !self.is_militia(p) || self.owner(p) != us || Some(sq) == created {
                    continue;
                }
                if self.militia_old & bit(sq) != 0 {
                    self.militia_old &= !bit(sq);
                    self.set(sq, None);
                } else {
                    self.militia_old |= bit(sq);
                }
            }
        }
    }
}
