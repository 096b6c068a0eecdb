//! The Barbarian Invaders' ferocity, the long way: a square set of the
//! capturers that may not move, and per seat a list of its guarded
//! capturers by the turn they captured on.

use super::powers::RefPower;
use super::{Ref, Sq, parse};

fn bit((f, r): Sq) -> u64 {
    1 << (f + 8 * r)
}

impl Ref {
    /// The seat's ferocity: release distance and turns of guard.
    fn ferocity(&self, seat: usize) -> Option<(i32, usize)> {
        self.powers(seat).iter().find_map(|p| match p {
            RefPower::Ferocity { release, turns } => Some((*release, *turns)),
            _ => None,
        })
    }

    /// Whether the piece on `sq` captured and may not move yet: only
    /// under a commander with ferocity (a piece taken over within a turn,
    /// by a double move's first part, is free).
    pub(super) fn stands_frozen(&self, sq: Sq) -> bool {
        self.frozen & bit(sq) != 0
            && self
                .at(sq)
                .is_some_and(|p| self.ferocity(self.owner(p)).is_some())
    }

    /// Whether the piece on `sq` is a capturer no one may take.
    pub(super) fn fierce_guards(&self, sq: Sq) -> bool {
        self.fierce.iter().any(|l| l.contains(&Some(sq)))
    }

    /// What changed on the board since `before` loses its ferocity: a
    /// square whose piece is another, or gone; the pieces of an army
    /// whose commander changed; a guard whose seat no longer commands the
    /// piece.
    pub(super) fn fierce_changes(&mut self, before: &Ref) {
        self.fierce_changes_but(before, None);
    }

    pub(super) fn fierce_changes_but(&mut self, before: &Ref, moved: Option<(Sq, Sq)>) {
        let carried =
            moved.filter(|&(from, to)| before.stands_frozen(from) && self.at(to).is_some());
        for f in 0..8 {
            for r in 0..8 {
                let sq = (f, r);
                let now = self.at(sq);
                let changed = before.at(sq) != now
                    || now.is_some_and(|p| self.commander[p.army] != before.commander[p.army]);
                if changed {
                    self.frozen &= !bit(sq);
                    for l in self.fierce.iter_mut() {
                        for e in l.iter_mut() {
                            if *e == Some(sq) {
                                *e = None;
                            }
                        }
                    }
                }
            }
        }
        if let Some((_, to)) = carried {
            self.frozen |= bit(to);
        }
        // Only a piece stands frozen.
        for f in 0..8 {
            for r in 0..8 {
                if self.at((f, r)).is_none() {
                    self.frozen &= !bit((f, r));
                }
            }
        }
        for s in 0..4 {
            for k in 0..self.fierce[s].len() {
                if let Some(sq) = self.fierce[s][k]
                    && self.at(sq).is_none_or(|p| self.owner(p) != s)
                {
                    self.fierce[s][k] = None;
                }
            }
        }
    }

    /// The seat to move in `before` played `m`, which led here: what
    /// changed loses its ferocity, and with ferocity, the frozen pieces
    /// near the piece that moved are free, the guards age a turn, and a
    /// capturer stands frozen and guarded.
    pub(super) fn end_fierce_turn(&mut self, before: &Ref, m: &str) {
        if !(0..4).any(|s| self.ferocity(s).is_some()) {
            return;
        }
        let us = before.turn;
        let piece_move = m != "0000" && is_piece_move(m);
        let moved = piece_move.then(|| parse(m)).map(|p| (p.from, p.to));
        self.fierce_changes_but(before, moved);
        let Some((release, turns)) = self.ferocity(us) else {
            return;
        };
        let mine = |r: &Ref, sq: Sq| r.at(sq).is_some_and(|p| r.owner(p) == us);
        let landed = moved.and_then(|(from, to)| {
            if mine(self, to) {
                Some(to)
            } else if mine(self, from) {
                Some(from)
            } else {
                None
            }
        });
        if let Some(at) = landed {
            for f in 0..8 {
                for r in 0..8 {
                    let sq = (f, r);
                    let near = (sq.0 - at.0).abs().max((sq.1 - at.1).abs()) <= release;
                    if sq != at && near && mine(self, sq) {
                        self.frozen &= !bit(sq);
                    }
                }
            }
        }
        let captured = moved.is_some_and(|(_, to)| before.at(to).is_some());
        let capturer = landed.filter(|_| captured);
        let list = &mut self.fierce[us];
        list.insert(0, capturer);
        list.truncate(turns);
        if let Some(sq) = capturer {
            self.frozen |= bit(sq);
        }
    }
}

/// Whether a move text with `@` is a piece move with a choice (`d2d3@c1`)
/// rather than a power's action (`transform@d1`).
pub(super) fn is_piece_move(m: &str) -> bool {
    let head = m.split_once('@').map_or(m, |(h, _)| h);
    head.len() >= 4 && head.as_bytes()[1].is_ascii_digit()
}
