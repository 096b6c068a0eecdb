//! France's fear, the long way: after its move the seat may go on moving,
//! each extra move paid for with one of its pieces, until it passes.

use super::powers::RefPower;
use super::{Ref, Sq, parse, square};

impl Ref {
    /// Whether the seat's nation has fear.
    pub(super) fn has_fear(&self, seat: usize) -> bool {
        self.powers(seat).contains(&RefPower::Fear)
    }

    /// The squares of the pieces `seat` may sacrifice: those it commands
    /// of no royal kind.
    fn sacrifices(&self, seat: usize) -> Vec<Sq> {
        self.pieces()
            .filter(|&(_, p)| self.owner(p) == seat && !self.kind(p.kind).royal)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// The extra moves of the seat to move while its turn goes on, with
    /// the position each leads to: each piece move that takes no piece
    /// counting as royal, once per piece it may sacrifice but the mover,
    /// none after which one of its pieces attacks an enemy royal piece;
    /// and the pass that ends the turn.
    pub(super) fn extra_moves(&self) -> Vec<(String, Ref)> {
        let us = self.turn;
        let mut out = Vec::new();
        for m in self.piece_move_texts() {
            let p = parse(&m);
            if self.at(p.to).is_some_and(|v| self.counts_as_royal(v)) {
                continue;
            }
            for sq in self.sacrifices(us) {
                if sq == p.from {
                    continue;
                }
                let text = format!("{m}@{}", square(sq));
                let after = self.part(&text);
                if !after.checks_an_enemy(us) {
                    out.push((text, after));
                }
            }
        }
        out.push(("0000".into(), self.clone()));
        out
    }

    /// The sacrifice of `us`'s extra move: its piece on `sq` leaves the
    /// game, a loss to the seat.
    pub(super) fn sacrifice(&mut self, sq: Sq, us: usize) {
        self.set(sq, None);
        self.count_loss(None, us);
    }

    /// A step `m` of a seat with fear, which led to `after`: whether its
    /// turn goes on (it commands a piece it may sacrifice, the game goes
    /// on, and `m` was no pass). If so, the marks that follow pieces
    /// follow them, and the turn's end waits.
    pub(super) fn fear_goes_on(&self, m: &str, after: &mut Ref) -> bool {
        let us = self.turn;
        after.continuing = m != "0000" && !after.over() && !after.sacrifices(us).is_empty();
        if !after.continuing {
            return false;
        }
        let moved = super::ferocity::is_piece_move(m).then(|| parse(m));
        self.step_goes_on(moved.map(|p| (p.from, p.to)), after);
        true
    }

    /// A step of a turn that goes on led from here to `after`: the marks
    /// that follow pieces follow them (the piece `moved`, if one did), and
    /// the turn's end waits.
    pub(super) fn step_goes_on(&self, moved: Option<(Sq, Sq)>, after: &mut Ref) {
        let us = self.turn;
        if after.idle_watched() {
            after.clear_idle_since(self);
        }
        after.fierce_changes_but(self, moved);
        after.militia_marks_follow(self, moved);
        after.trench_changes(self, moved.map(|(a, b)| (us, a, b)));
        after.settle_walls();
    }
}
