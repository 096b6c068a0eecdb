//! The Assassins' Guild's stealth, the long way: "At the start of your
//! turn you may hide the knight, for at most 3 turns in a row. A hidden
//! knight can still be captured. Any piece that passes through its square
//! may be captured by revealing the knight." The turn that hides begins
//! with `stealth@<the knight's square>` and goes on; a turn that does not
//! reveals the knight at its end, as a capture by it does at once. The
//! other seats move by their view (the knight not there); a move onto its
//! square takes it; a ride or a pawn's double step through its square is
//! stopped there and taken by it, which reveals it.

use super::kinds::Go;
use super::powers::RefPower;
use super::{Piece, Ref, Sq, add, on_board_step, parse, square};

impl Ref {
    /// The seat's most turns in a row, if it has stealth.
    fn stealth(&self, seat: usize) -> Option<usize> {
        self.powers(seat).iter().find_map(|p| match p {
            RefPower::Stealth { turns } => Some(*turns),
            _ => None,
        })
    }

    /// The seat's own knights (its army's; taken-over armies' are plain).
    fn own_knights(&self, seat: usize) -> Vec<Sq> {
        self.pieces()
            .filter(|&(_, p)| p.army == seat && p.kind == 'n')
            .map(|(sq, _)| sq)
            .collect()
    }

    /// The squares of the pieces hidden from `viewer`.
    pub(super) fn hidden_from(&self, viewer: usize) -> Vec<Sq> {
        (0..4)
            .filter(|&g| g != viewer && self.stealth(g).is_some() && self.hidden[g] > 0)
            .flat_map(|g| self.own_knights(g))
            .collect()
    }

    /// What `viewer` sees: the pieces hidden from it are not there, the
    /// others' face-down cards are their stand-ins (`secrecy.rs`).
    pub(super) fn view_of(&self, viewer: usize) -> Ref {
        let mut view = self.clone();
        for sq in self.hidden_from(viewer) {
            view.set(sq, None);
            view.idle &= !(1 << (sq.0 + 8 * sq.1));
        }
        view.mask_cards(viewer);
        view
    }

    /// Whether `viewer` sees the whole true position (no hidden knight, no
    /// other seat's face-down card).
    pub(super) fn sees_all(&self, viewer: usize) -> bool {
        self.hidden_from(viewer).is_empty() && !self.cards_hidden_from(viewer)
    }

    /// The seat to move's hiding step, at its turn's start.
    pub(super) fn hides(&self) -> Vec<String> {
        let us = self.turn;
        let Some(turns) = self.stealth(us) else {
            return Vec::new();
        };
        if self.hid_now || self.hidden[us] as usize >= turns {
            return Vec::new();
        }
        self.own_knights(us)
            .first()
            .map(|&sq| format!("stealth@{}", square(sq)))
            .into_iter()
            .collect()
    }

    /// The hiding step played: the turn goes on.
    pub(super) fn hide(&self) -> Ref {
        let mut next = self.clone();
        next.hidden[self.turn] += 1;
        next.hid_now = true;
        next
    }

    /// The mover's square and that of a piece hidden from the mover that
    /// the piece move `m` passes through first (a slide or a lame leap; a leap of more than
    /// one square passes through nothing).
    pub(super) fn intercepted(&self, m: &str) -> Option<(Sq, Sq)> {
        if let Some(cells) = m.strip_prefix("u-path@") {
            let sq = super::squares(cells);
            return self.u_path_intercepted(sq[0], sq[1]).map(|at| (sq[0], at));
        }
        if !m.as_bytes()[1].is_ascii_digit() || super::deploy::is_drop(m) {
            return None;
        }
        let hidden = self.hidden_from(self.turn);
        if hidden.is_empty() {
            return None;
        }
        let p = parse(m);
        let piece = self.at(p.from)?;
        let (df, dr) = (p.to.0 - p.from.0, p.to.1 - p.from.1);
        let far = df.abs().max(dr.abs()) > 1;
        let leaps = self.kind(piece.kind).atoms.iter().any(|a| {
            matches!(a.go, Go::Leap | Go::Jump)
                && add(p.from, on_board_step(piece.army, a.step), a.times) == p.to
        });
        if far && leaps {
            return None;
        }
        if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return None;
        }
        let n = df.abs().max(dr.abs());
        let step = (df.signum(), dr.signum());
        (1..n)
            .map(|k| add(p.from, step, k))
            .find(|sq| hidden.contains(sq))
            .map(|at| (p.from, at))
    }

    /// The U path (Australia's boomerang) from `from` to `to` is a path
    /// too: of the paths the mover sees (the hidden pieces not there), one
    /// that passes no hidden piece is taken if there is one; else the first
    /// (out along N, E, S, W; across to the right of that way, then to the
    /// left) is stopped on the first hidden square it passes.
    fn u_path_intercepted(&self, from: Sq, to: Sq) -> Option<Sq> {
        let hidden = self.hidden_from(self.turn);
        if hidden.is_empty() {
            return None;
        }
        let mut view = self.clone();
        for &sq in &hidden {
            view.set(sq, None);
        }
        let paths: Vec<Vec<Sq>> = view
            .u_walks(from)
            .into_iter()
            .filter(|(end, _)| *end == to)
            .map(|(_, path)| path)
            .collect();
        if paths
            .iter()
            .any(|path| !path.iter().any(|sq| hidden.contains(sq)))
        {
            return None;
        }
        paths
            .first()
            .and_then(|path| path.iter().find(|sq| hidden.contains(sq)).copied())
    }

    /// Where the seat to move's move `m` puts a piece by a power (a drop, a
    /// placement, a relocation, a piece taken back, the first part of two,
    /// a militia's chosen square), if a piece hidden from it stands there:
    /// that piece is taken first, as by a move onto it.
    pub(super) fn take_unseen_put(&self, m: &str) -> Ref {
        let mut next = self.clone();
        let hidden = self.hidden_from(self.turn);
        if hidden.is_empty() {
            return next;
        }
        let put = if super::deploy::is_drop(m) {
            super::squares(&m[m.len() - 2..])
        } else if let Some((id, cells)) = m.split_once('@')
            && !m.as_bytes()[1].is_ascii_digit()
        {
            // The cells before a cargo's letters (`cargo@b1c2=k`).
            let sq = super::squares(cells.split('=').next().unwrap_or(cells));
            match id {
                "relocate" | "u-path" | "move-two" | "move-again" => vec![sq[1]],
                // An unload puts its piece on the second cell; a load and
                // a burn put nothing new.
                "cargo" => sq.get(1).copied().into_iter().collect(),
                // A challenge aims at a face-down piece, never hidden.
                "challenge" => Vec::new(),
                _ => vec![sq[0]],
            }
        } else if self
            .powers(self.turn)
            .iter()
            .any(|p| matches!(p, RefPower::Militia { .. }))
        {
            parse(m).chosen
        } else {
            Vec::new()
        };
        for sq in put.into_iter().filter(|sq| hidden.contains(sq)) {
            let knight = self.at(sq).expect("the hidden knight");
            next.set(sq, None);
            next.count_loss(Some(self.turn), self.owner(knight));
        }
        next
    }

    /// The mover on `from` is taken by the hidden knight on `at`, which is
    /// revealed.
    pub(super) fn intercept(&self, from: Sq, at: Sq) -> Ref {
        let mut next = self.clone();
        let victim = self.at(from).expect("a mover");
        let knight = self.at(at).expect("the hidden knight");
        let taker = self.owner(knight);
        next.set(from, None);
        next.hidden[knight.army] = 0;
        next.count_loss(Some(taker), self.owner(victim));
        if self.kind(victim.kind).royal && next.royals(victim.army) == 0 {
            let loser = self.commander[victim.army];
            for a in 0..4 {
                if next.commander[a] == loser {
                    next.commander[a] = taker;
                }
            }
        }
        next
    }

    /// After the seat to move's piece move `m` (already on `next`): a
    /// capture by its hidden knight reveals it.
    pub(super) fn reveal_capturer(&self, m: &str, next: &mut Ref) {
        let us = self.turn;
        if self.hidden[us] == 0 || !m.as_bytes()[1].is_ascii_digit() || super::deploy::is_drop(m) {
            return;
        }
        let p = parse(m);
        let is_knight = self.at(p.from)
            == Some(Piece {
                army: us,
                kind: 'n',
            });
        if is_knight && self.at(p.to).is_some() {
            next.hidden[us] = 0;
        }
    }

    /// The end of the seat's turn: hidden at its start, the knight stays
    /// hidden; otherwise it is seen.
    pub(super) fn end_stealth_turn(&mut self, us: usize) {
        if !self.hid_now {
            self.hidden[us] = 0;
        }
        self.hid_now = false;
    }

    /// A seat out of the game, or without its knight, hides nothing.
    pub(super) fn settle_stealth(&mut self) {
        for g in 0..4 {
            if self.hidden[g] > 0 && (self.commander[g] != g || self.own_knights(g).is_empty()) {
                self.hidden[g] = 0;
            }
        }
    }
}
