//! `move-two`: instead of one piece move, two pieces move in the same
//! turn, one after the other, each by its own moves: the Holy Roman
//! Empire's two rooks (not in the same direction), Austria's two knights
//! (not two turns in a row), Sparta's king and warrior (once per game,
//! while in check). Written `move-two@a1a3d1d5`: the first piece's move,
//! then the second's. Each part is an ordinary move of the position it is
//! played in (the second sees the first's capture), and the whole turn
//! passes the opening and declared-check rules as one move.
//!
//! Where the two parts do not touch each other's cells, both orders give
//! the same turn: it is offered once, in one order (the first kind
//! first, or for one kind the piece on the lower cell first).
//!
//! Parameters: `kinds` (two letters: the first piece's kind and the
//! second's, in either order), `not_twice`, `once_per_game`, `in_check`
//! (only while a royal piece of one's own is attacked),
//! `not_same_direction` (the two moves may not go the same way).

use super::Params;
use super::winter::Snapshot;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Kind;
use crate::position::Position;

pub(super) const ID: &str = "move-two";

/// Cells a payload holds (six bits each).
pub(super) const CELLS: usize = 64;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) kinds: [char; 2],
    not_twice: bool,
    once_per_game: bool,
    in_check: bool,
    not_same_direction: bool,
}

/// Compiled for one seat: the two kinds as bit sets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    first: u16,
    second: u16,
    pub(super) not_twice: bool,
    pub(super) once_per_game: bool,
    in_check: bool,
    not_same_direction: bool,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let kinds = match p.letters("kinds")?[..] {
            [a, b] => [a, b],
            _ => {
                return Err((
                    "kinds".into(),
                    "two piece letters, such as [\"r\", \"r\"]".into(),
                ));
            }
        };
        Ok(Spec {
            kinds,
            not_twice: p.flag("not_twice")?,
            once_per_game: p.flag("once_per_game")?,
            in_check: p.flag("in_check")?,
            not_same_direction: p.flag("not_same_direction")?,
        })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            first: 1 << kind(self.kinds[0]).0,
            second: 1 << kind(self.kinds[1]).0,
            not_twice: self.not_twice,
            once_per_game: self.once_per_game,
            in_check: self.in_check,
            not_same_direction: self.not_same_direction,
        }
    }
}

/// The second part of a `move-two` move, from and to.
pub(super) fn second_part(m: Move) -> (u8, u8) {
    let p = m.payload();
    ((p & 63) as u8, (p >> 6) as u8)
}

/// The hashes of the turns offered so far: the first `N` on the stack,
/// the rest on the heap (a turn of four rooks passes 512; counting every
/// turn past the stack's capacity as new offered such turns twice).
pub(super) struct Ends<const N: usize = 512> {
    seen: [u64; N],
    len: usize,
    more: Vec<u64>,
}

impl<const N: usize> Default for Ends<N> {
    fn default() -> Ends<N> {
        Ends {
            seen: [0; N],
            len: 0,
            more: Vec::new(),
        }
    }
}

impl<const N: usize> Ends<N> {
    /// Whether `hash` is new (and note it).
    pub(super) fn first_time(&mut self, hash: u64) -> bool {
        if self.seen[..self.len].contains(&hash) || self.more.contains(&hash) {
            return false;
        }
        if self.len < N {
            self.seen[self.len] = hash;
            self.len += 1;
        } else {
            self.more.push(hash);
        }
        true
    }
}

/// A turn's two parts in one move.
pub(super) fn packed(first: Move, second: Move, index: u8) -> Move {
    let payload = second.from() as u16 | (second.to() as u16) << 6;
    Move::power(first.from(), first.to(), index, payload)
}

impl<B: HasSliders> Position<B> {
    /// Every pair of piece moves the power allows the seat to move.
    pub(super) fn generate_move_two<S: Sink<B>>(&self, sink: &mut S, t: &Compiled, index: u8) {
        let us = self.turn;
        if (t.once_per_game && self.power_uses(us, index as usize) > 0)
            || (t.in_check && !self.royal_attacked_by_commanders(us))
            || self.variant().geometry.cells() > CELLS
        {
            return;
        }
        let mut firsts = MoveList::new();
        self.generate_commanded(&mut firsts);
        let guards = self.capture_guards();
        let start = self.snapshot();
        // Two pieces of one kind that swap targets end alike: such turns
        // are told apart by the hash of their end.
        let mut ends: Ends = Ends::default();
        for &m1 in firsts.iter() {
            let Some(k1) = self.part_kind(m1, t.first | t.second) else {
                continue;
            };
            if !self.declared_enough(m1)
                || self.barred_capture(m1)
                || guards.bar(m1)
                || self.frozen_bar(m1)
                || self.militia_bar(m1)
            {
                continue;
            }
            let mut after = self.child();
            after.get_mut().play_part(m1);
            let mut seconds = MoveList::new();
            after.generate_commanded(&mut seconds);
            for &m2 in seconds.iter() {
                if m2.from() == m1.to()
                    || !after.declared_enough(m2)
                    || after.barred_capture(m2)
                    || after.capture_guards().bar(m2)
                    || after.frozen_bar(m2)
                    || after.militia_bar(m2)
                {
                    continue;
                }
                let Some(k2) = after.part_kind(m2, t.first | t.second) else {
                    continue;
                };
                let in_order = t.first & (1 << k1.0) != 0 && t.second & (1 << k2.0) != 0;
                let reversed = t.second & (1 << k1.0) != 0 && t.first & (1 << k2.0) != 0;
                if !(in_order || reversed)
                    || (t.not_same_direction && self.direction(m1) == self.direction(m2))
                {
                    continue;
                }
                let canonical = if t.first == t.second {
                    m1.from() < m2.from()
                } else {
                    in_order
                };
                if (canonical || !self.same_either_way(m1, m2))
                    && (t.first != t.second || ends.first_time(after.end_after(m2, &start)))
                {
                    sink.one(packed(m1, m2, index));
                }
            }
        }
    }

    /// The kind of the piece `m` moves, if `m` is a plain move of a piece
    /// of one of the `kinds`.
    fn part_kind(&self, m: Move, kinds: u16) -> Option<Kind> {
        let k = self.piece_at(m.from())?.kind;
        (m.kind() == MoveKind::Normal && kinds & (1 << k.0) != 0).then_some(k)
    }

    /// Whether `m1` then `m2` gives the same turn as `m2` then `m1`: each
    /// keeps off the other's cells and path, and where a royal piece is
    /// taken (its loss hands an army over between the parts), the seat
    /// has a power acting where a piece lands, a neutral seat's guard may
    /// change between the parts, or a bar against revenge may, the other
    /// order is legal too and ends alike.
    fn same_either_way(&self, m1: Move, m2: Move) -> bool {
        let touches = |a: Move, b: Move| {
            let reach = self.path(b) | B::bit(b.to());
            reach.has(a.from()) || reach.has(a.to())
        };
        if touches(m1, m2) || touches(m2, m1) {
            return false;
        }
        let royal = self.union_of(self.rules.royal_kinds);
        // Neutrality hangs on what the turn did so far (a capture counts,
        // a king's step ends a check), so one order may be barred; a bar
        // against revenge holds the last capturer, so two captures of
        // rooks end otherwise in the other order.
        if !royal.has(m1.to())
            && !royal.has(m2.to())
            && !self.has_landing_powers()
            && self.rules.neutral_seats == 0
            && self.rules.revenge_seats == 0
        {
            return true;
        }
        self.legal_part(m2)
            && {
                let mut after = self.child();
                after.get_mut().play_part(m2);
                after.legal_part(m1)
            }
            && self.end_of(m1, m2) == self.end_of(m2, m1)
    }

    /// Whether `m` is a piece move of the seat to move here, as a part.
    fn legal_part(&self, m: Move) -> bool {
        let mut moves = MoveList::new();
        self.generate_commanded(&mut moves);
        moves.contains(&m)
            && self.declared_enough(m)
            && !self.barred_capture(m)
            && !self.capture_guards().bar(m)
    }

    /// The hash after `a` then `b`.
    fn end_of(&self, a: Move, b: Move) -> u64 {
        let mut after = self.child();
        after.get_mut().play_part(a);
        after.end_after(b, &self.snapshot())
    }

    /// The hash after the further part `m` of a turn that began at
    /// `start`, with what the turn's end reads of the board settled (a
    /// destroyed piece's idle mark goes as a captured one's does).
    pub(super) fn end_after(&self, m: Move, start: &Snapshot<B>) -> u64 {
        let mut next = self.child();
        next.get_mut().play_part(m);
        if self.rules.idle_seats != 0 {
            next.get_mut().clear_idle_since(start);
        }
        next.hash()
    }

    /// The cells strictly between `m`'s ends, when they share a line.
    fn path(&self, m: Move) -> B {
        let geo = &self.variant().geometry;
        let (a, b) = (geo.square(m.from()), geo.square(m.to()));
        let (dx, dy) = (
            b.file() as i32 - a.file() as i32,
            b.rank() as i32 - a.rank() as i32,
        );
        let mut cells = B::EMPTY;
        if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
            return cells;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        let mut at = m.from();
        for _ in 1..dx.abs().max(dy.abs()) {
            match geo.offset(at, sx, sy) {
                Some(next) => {
                    cells |= B::bit(next);
                    at = next;
                }
                None => break,
            }
        }
        cells
    }

    /// The way `m` goes, as steps of -1, 0 or 1 along files and ranks.
    fn direction(&self, m: Move) -> (i32, i32) {
        let geo = &self.variant().geometry;
        let (a, b) = (geo.square(m.from()), geo.square(m.to()));
        (
            (b.file() as i32 - a.file() as i32).signum(),
            (b.rank() as i32 - a.rank() as i32).signum(),
        )
    }

    /// Play both parts of the `move-two` move `m`.
    pub(super) fn play_move_two(&mut self, m: Move) {
        let (from, to) = second_part(m);
        let start = self.halfmoves;
        let mut reset = false;
        for part in [
            Move::new(m.from(), m.to(), MoveKind::Normal),
            Move::new(from, to, MoveKind::Normal),
        ] {
            reset |= self.occupied().has(part.to()) || self.is_pawn_at(part.from());
            self.play_part(part);
        }
        self.halfmoves = if reset { 0 } else { start };
    }

    /// Whether a pawn stands on `cell`.
    fn is_pawn_at(&self, cell: u8) -> bool {
        self.union_of(self.rules.pawn_kinds).has(cell)
    }
}
