//! `trenches`: at the start of the seat's turn, each of its pawns that did
//! not move on either of its last two turns digs in: until the start of
//! its next turn no one captures or pushes it, and on that next turn it
//! captures nothing (the Allied Army's trenches).
//!
//! Digging in is automatic (`docs/nations.md` says why: the text's "may"
//! as a choice of any set of pawns would be up to 2^n forms of every
//! move). So the pawns dug in at the start of turn T are those that did
//! not move on turns T-1 and T-2; they are guarded from then until the
//! start of T+1, and barred from capturing on T+1. Both sets are the same
//! pawns: between the seat's turn T and its turn T+1, and during T+1,
//! the pawns it commands but those that moved on T-1 and T-2.
//!
//! State per seat: one piece moves per turn, so the seat keeps, in its
//! slots after the power's own, the cells of the pawns it moved on its
//! last three turns (slot `i + 1` the last, `i + 3` the third last; a cell
//! plus one, 0 for none: a turn that moved no pawn, or a pawn since gone,
//! changed or moved by another's power). A moved pawn's cell follows it
//! when it moves again. Turns before the seat's first moved nothing, so
//! every pawn is dug in at the start. FEN4 `'trenches':('d4d3-','','','')`,
//! per seat the three cells, newest first, `-` for none.
//!
//! No parameters.

use super::Power;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::position::Position;
use crate::square::Square;

pub(super) const ID: &str = "trenches";

/// The FEN4 key of the pawns moved on the seat's last three turns.
pub(crate) const KEY: &str = "trenches";

/// The turns remembered (the slots after the power's own).
pub(super) const TURNS: usize = 3;

impl<B: HasSliders> Position<B> {
    /// `seat`'s trenches power: its index.
    fn trench_power(&self, seat: Seat) -> Option<usize> {
        self.find_power(seat, |p| matches!(p, Power::Trenches).then_some(()))
            .map(|(i, _)| i)
    }

    /// The cell of the pawn `seat` (whose power is `i`) moved `k` turns
    /// ago (1: its last turn).
    fn moved_pawn(&self, seat: Seat, i: usize, k: usize) -> Option<u8> {
        self.slot(seat, i + k).checked_sub(1)
    }

    /// The pawns `seat` commands.
    fn commanded_pawns(&self, seat: Seat) -> B {
        self.union_of(self.rules.pawn_kinds) & self.commanded_pieces(seat)
    }

    /// `seat`'s dug-in pawns: guarded until its next turn starts, and
    /// barred from capturing on its turn (its pawns but those moved on its
    /// turn before last and the one before that).
    fn dug_in(&self, seat: Seat) -> B {
        let Some(i) = self.trench_power(seat) else {
            return B::EMPTY;
        };
        let mut b = self.commanded_pawns(seat);
        for k in 2..=TURNS {
            if let Some(c) = self.moved_pawn(seat, i, k) {
                b &= !B::bit(c);
            }
        }
        b
    }

    /// Every dug-in pawn: no one captures or pushes them.
    pub(crate) fn trench_guard(&self) -> B {
        if self.rules.trench_seats == 0 {
            return B::EMPTY;
        }
        (0..self.rules.seats())
            .filter(|&s| self.rules.trench_seats & (1 << s) != 0)
            .fold(B::EMPTY, |b, s| b | self.dug_in(Seat(s)))
    }

    /// Whether the seat to move has dug-in pawns, which capture nothing.
    pub(crate) fn has_trenches(&self) -> bool {
        self.rules.trench_seats & (1 << self.turn.0) != 0
    }

    /// Whether `m` is a capture by a dug-in pawn of the seat to move.
    pub(crate) fn trench_bar(&self, m: Move) -> bool {
        self.has_trenches()
            && matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            && self.occupied().has(m.to())
            && self.dug_in(self.turn).has(m.from())
    }

    /// The moved pawns' cells of every seat with trenches whose piece
    /// changed since `before`, or is no pawn it commands, are forgotten;
    /// `carry` (from, to) is `seat`'s own move, whose pawn's cell follows it.
    pub(crate) fn forget_moved_pawns(
        &mut self,
        before: &super::winter::Snapshot<B>,
        carry: Option<(Seat, u8, u8)>,
    ) {
        let changed = self.changed_since(before);
        for s in (0..self.rules.seats()).map(Seat) {
            let Some(i) = self.trench_power(s) else {
                continue;
            };
            let pawns = self.commanded_pawns(s);
            for k in 1..=TURNS {
                let Some(mut c) = self.moved_pawn(s, i, k) else {
                    continue;
                };
                match carry {
                    Some((seat, from, to)) if seat == s && c == from => c = to,
                    _ if changed.has(c) => {
                        self.set_slot(s, i + k, 0);
                        continue;
                    }
                    _ => {}
                }
                let v = if pawns.has(c) { c + 1 } else { 0 };
                if v != self.slot(s, i + k) {
                    self.set_slot(s, i + k, v);
                }
            }
        }
    }

    /// The seat `us` ended its turn with `m` (the board was `before`): the
    /// moved pawns' cells follow the board, and with trenches, the turns
    /// shift by one, the pawn `m` moved (if it is still one) the newest.
    pub(crate) fn end_trench_turn(
        &mut self,
        us: Seat,
        m: Move,
        before: &super::winter::Snapshot<B>,
    ) {
        let piece_move = matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_));
        self.forget_moved_pawns(before, piece_move.then(|| (us, m.from(), m.to())));
        let Some(i) = self.trench_power(us) else {
            return;
        };
        for k in (2..=TURNS).rev() {
            let older = self.slot(us, i + k - 1);
            self.set_slot(us, i + k, older);
        }
        let moved = piece_move && self.commanded_pawns(us).has(m.to());
        self.set_slot(us, i + 1, if moved { m.to() + 1 } else { 0 });
    }

    /// The `'trenches'` entry, when a seat remembers a moved pawn.
    pub(crate) fn trenches_extra(&self) -> Option<String> {
        if self.rules.trench_seats == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        let entries: Vec<String> = (0..self.rules.seats())
            .map(Seat)
            .map(|s| {
                let Some(i) = self.trench_power(s) else {
                    return String::new();
                };
                let cells: Vec<Option<u8>> =
                    (1..=TURNS).map(|k| self.moved_pawn(s, i, k)).collect();
                if cells.iter().all(Option::is_none) {
                    return String::new();
                }
                cells
                    .iter()
                    .map(|c| c.map_or("-".to_string(), |c| geo.square(c).to_string()))
                    .collect()
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'trenches'` entries: per seat, nothing, or the squares of
    /// the pawns it moved on its last three turns, newest first (`-` for
    /// none).
    pub(crate) fn read_trenches_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        for (seat, text, i) in
            self.power_texts(entries, (KEY, key_at), "trenches", Self::trench_power)?
        {
            let pawns = self.commanded_pawns(seat);
            let mut rest = text;
            let mut values = Vec::new();
            while !rest.is_empty() {
                if values.len() == TURNS {
                    return Err(bad(format!(
                        "'{text}' in '{KEY}': at most {TURNS} squares or '-' for seat {}",
                        seat.0 + 1
                    )));
                }
                let value = if let Some(r) = rest.strip_prefix('-') {
                    rest = r;
                    0
                } else {
                    let (sq, n): (Square, usize) = Square::parse_prefix(rest).ok_or_else(|| {
                        bad(format!("'{rest}' in '{KEY}' is not a square or '-'"))
                    })?;
                    rest = &rest[n..];
                    let cell = self
                        .variant()
                        .geometry
                        .cell(sq)
                        .filter(|&c| pawns.has(c))
                        .ok_or_else(|| {
                            bad(format!(
                                "no pawn seat {} commands on {sq}, in '{KEY}'",
                                seat.0 + 1
                            ))
                        })?;
                    cell + 1
                };
                values.push(value);
            }
            for (k, value) in values.into_iter().enumerate() {
                self.set_slot(seat, i + k + 1, value);
            }
        }
        Ok(())
    }
}
