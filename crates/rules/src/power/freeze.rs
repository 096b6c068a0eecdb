//! `freeze-capturer`: a piece of the seat's that has just captured stands
//! still until another of the seat's pieces ends a turn within `release`
//! squares of it (king steps); until it moves, or until `turns` of the
//! seat's turns have passed, it cannot be captured (the Barbarian
//! Invaders' ferocity: 2 squares, 3 turns).
//!
//! State per piece. The frozen pieces are a per-piece plane
//! ([`Position::plane`] 0: the position's hand area, which line-ups never
//! use, read as two planes of 64 cells), so any number of pieces may
//! stand frozen at once; a mark goes with its piece when the piece moves
//! and is gone with it when it is captured, destroyed or taken over, or
//! moved by another nation's power (a push): then the piece starts anew.
//! The guarded pieces are at most one per turn of the seat (a turn makes
//! one capture) and stand still while guarded (a move ends the guard),
//! so they are kept by cell in the seat's slots after the power's own:
//! slot `i + 1` the capturer of the seat's last turn, `i + 2` of the one
//! before, up to `i + turns` (a cell plus one, 0 for none; a nation with
//! this power has no other, so its slots are free). The hash keeps both,
//! FEN4 writes them per seat as `'freeze':('c3d5/c3--','','','')`: the
//! frozen pieces' squares, a `/`, then the guarded ones, newest first,
//! `-` for a turn without one.
//!
//! A piece taken over with its army (a take-over or a conversion) starts
//! anew under its new commander: no frozen mark, no guard.
//!
//! Parameters: `release` (1 to 7, default 2), `turns` (1 to 3, default 3).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{MAX_SEATS, Seat};
use crate::position::Position;
use crate::square::Square;
use crate::zobrist;

pub(super) const ID: &str = "freeze-capturer";

/// The FEN4 key of the frozen and guarded pieces.
pub(crate) const KEY: &str = "freeze";

/// The per-piece plane of the frozen pieces.
const FROZEN: usize = 0;

/// The most turns a guard lasts (the slots after the power's own).
pub(super) const MAX_TURNS: u8 = 3;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    release: u8,
    turns: u8,
}

/// Compiled: the same.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    release: u8,
    turns: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            release: p.number("release", 2, 1..=7)?,
            turns: p.number("turns", 3, 1..=MAX_TURNS)?,
        })
    }

    /// How many turns of the seat a guard lasts.
    pub(super) fn turns(&self) -> u8 {
        self.turns
    }

    pub(super) fn compile(&self) -> Compiled {
        Compiled {
            release: self.release,
            turns: self.turns,
        }
    }
}

/// The board and commanders before a turn, to tell what it changed.
pub(crate) struct Before<B> {
    board: super::winter::Snapshot<B>,
    commander: [u8; MAX_SEATS],
}

impl<B: HasSliders> Position<B> {
    /// Per-piece plane `i` (0 or 1) of a line-up: a bit per cell, kept in
    /// the hand area (line-ups have no drops).
    #[inline]
    pub(crate) fn plane(&self, i: usize) -> u64 {
        u64::from_le_bytes(self.hands[i])
    }

    /// Replace plane `i`, keeping the hash.
    pub(crate) fn set_plane(&mut self, i: usize, v: u64) {
        let mut diff = self.plane(i) ^ v;
        while diff != 0 {
            self.hash ^= zobrist::plane(i, diff.trailing_zeros() as u8);
            diff &= diff - 1;
        }
        self.hands[i] = v.to_le_bytes();
    }

    /// The hash of the per-piece planes (for `compute_hash`).
    pub(crate) fn planes_hash(&self) -> u64 {
        let mut h = 0;
        for i in 0..zobrist::PLANES {
            let mut p = self.plane(i);
            while p != 0 {
                h ^= zobrist::plane(i, p.trailing_zeros() as u8);
                p &= p - 1;
            }
        }
        h
    }

    /// `seat`'s freeze power: its index and compiled form.
    fn freeze_power(&self, seat: Seat) -> Option<(usize, Compiled)> {
        self.find_power(seat, |p| match p {
            Power::Freeze(f) => Some(*f),
            _ => None,
        })
    }

    /// The guarded cells of `seat` (whose freeze power is `(i, f)`).
    fn guarded_of(&self, seat: Seat, (i, f): (usize, Compiled)) -> impl Iterator<Item = u8> + '_ {
        (1..=f.turns as usize).filter_map(move |k| self.slot(seat, i + k).checked_sub(1))
    }

    /// The pieces no one may capture: those guarded by a freeze power.
    pub(super) fn freeze_guard(&self) -> B {
        if self.rules.freeze_seats == 0 {
            return B::EMPTY;
        }
        let mut b = B::EMPTY;
        for s in (0..self.rules.seats()).map(Seat) {
            if let Some(p) = self.freeze_power(s) {
                // A guard is the piece's: a cell left empty within the
                // turn (the first part of a double move destroyed its
                // piece) guards nothing.
                let mine = self.commanded_pieces(s);
                for c in self.guarded_of(s, p).filter(|&c| mine.has(c)) {
                    b |= B::bit(c);
                }
            }
        }
        b
    }

    /// Whether a piece the seat to move commands stands frozen.
    pub(crate) fn has_frozen(&self) -> bool {
        self.rules.freeze_seats & (1 << self.turn.0) != 0 && self.plane(FROZEN) != 0
    }

    /// Whether `m`, a piece move of the seat to move (or a part of its
    /// double move), moves a frozen piece: only a seat with the power has
    /// frozen pieces (one taken over within a turn is free, as it will be
    /// when the turn ends).
    pub(crate) fn frozen_bar(&self, m: Move) -> bool {
        self.rules.freeze_seats & (1 << self.turn.0) != 0
            && matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            && m.from() < 64
            && self.plane(FROZEN) & (1 << m.from()) != 0
    }

    /// The board and commanders now, for [`Position::end_freeze_turn`].
    pub(crate) fn freeze_before(&self) -> Before<B> {
        Before {
            board: self.snapshot(),
            commander: self.commander,
        }
    }

    /// The marks of pieces that changed since `before` go (a piece that
    /// moved by `carry`, from and to, takes its marks along), and so do
    /// those of the armies that changed commander.
    pub(crate) fn clear_marks_since(&mut self, before: &Before<B>, carry: Option<(u8, u8)>) {
        let changed = self.changed_since(&before.board);
        let mut gone = 0u64;
        for c in changed.iter().filter(|&c| c < 64) {
            gone |= 1 << c;
        }
        for army in 0..self.rules.seats() as usize {
            if self.commander[army] != before.commander[army] {
                for c in self.by_seat[army].iter().filter(|&c| c < 64) {
                    gone |= 1 << c;
                }
            }
        }
        let mut occupied = 0u64;
        for c in self.occupied().iter().filter(|&c| c < 64) {
            occupied |= 1 << c;
        }
        let old = self.plane(FROZEN);
        let mut frozen = old & !gone & occupied;
        if let Some((from, to)) = carry
            && from < 64
            && to < 64
            && old & (1 << from) != 0
            && self.occupied().has(to)
        {
            frozen |= 1 << to;
        }
        if frozen != old {
            self.set_plane(FROZEN, frozen);
        }
        for s in (0..self.rules.seats()).map(Seat) {
            let Some((i, f)) = self.freeze_power(s) else {
                continue;
            };
            let mine = self.commanded_pieces(s);
            for k in 1..=f.turns as usize {
                let v = self.slot(s, i + k);
                if v != 0 && (gone & (1 << (v - 1)) != 0 || !mine.has(v - 1)) {
                    self.set_slot(s, i + k, 0);
                }
            }
        }
    }

    /// The seat `us` ended its turn with `m` (`captured`: the move took a
    /// piece): marks of changed pieces go; with a freeze power, the frozen
    /// pieces near where its piece ended the turn are released, the
    /// guards age by a turn, and the capturer stands frozen and guarded.
    pub(crate) fn end_freeze_turn(
        &mut self,
        us: Seat,
        m: Move,
        before: &Before<B>,
        captured: bool,
    ) {
        let piece_move = matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_));
        self.clear_marks_since(before, piece_move.then(|| (m.from(), m.to())));
        let Some((i, f)) = self.freeze_power(us) else {
            return;
        };
        let mine = self.commanded_pieces(us);
        // Where the moving piece ended the turn: on its target, or on its
        // origin if a capture left it there.
        let landed = [m.to(), m.from()]
            .into_iter()
            .find(|&c| mine.has(c))
            .filter(|_| piece_move);
        let mut frozen = self.plane(FROZEN);
        if let Some(at) = landed {
            let w = self.variant().geometry.width();
            for c in mine.iter().filter(|&c| c < 64 && c != at) {
                let steps = (c % w).abs_diff(at % w).max((c / w).abs_diff(at / w));
                if steps <= f.release {
                    frozen &= !(1 << c);
                }
            }
        }
        let capturer = landed.filter(|&c| captured && c < 64);
        for k in (2..=f.turns as usize).rev() {
            let older = self.slot(us, i + k - 1);
            self.set_slot(us, i + k, older);
        }
        self.set_slot(us, i + 1, capturer.map_or(0, |c| c + 1));
        if let Some(c) = capturer {
            frozen |= 1 << c;
        }
        if frozen != self.plane(FROZEN) {
            self.set_plane(FROZEN, frozen);
        }
    }

    /// The `'freeze'` entry, when a seat has a frozen or guarded piece.
    pub(crate) fn freeze_extra(&self) -> Option<String> {
        if self.rules.freeze_seats == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        let entries: Vec<String> = (0..self.rules.seats())
            .map(Seat)
            .map(|s| {
                let Some((i, f)) = self.freeze_power(s) else {
                    return String::new();
                };
                let frozen: String = self
                    .commanded_pieces(s)
                    .iter()
                    .filter(|&c| c < 64 && self.plane(FROZEN) & (1 << c) != 0)
                    .map(|c| geo.square(c).to_string())
                    .collect();
                let guarded: Vec<u8> = (1..=f.turns as usize)
                    .map(|k| self.slot(s, i + k))
                    .collect();
                if frozen.is_empty() && guarded.iter().all(|&v| v == 0) {
                    return String::new();
                }
                let guarded: String = guarded
                    .iter()
                    .map(|&v| match v {
                        0 => "-".to_string(),
                        v => geo.square(v - 1).to_string(),
                    })
                    .collect();
                format!("{frozen}/{guarded}")
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'freeze'` entries: per seat, nothing, or its frozen
    /// pieces' squares, `/`, and its guarded pieces' (newest first, `-`
    /// for none).
    pub(crate) fn read_freeze_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let mut frozen = 0u64;
        let what = "power that freezes capturers";
        for (seat, text, (i, f)) in
            self.power_texts(entries, (KEY, key_at), what, Self::freeze_power)?
        {
            let (cold, guarded) = text.split_once('/').ok_or_else(|| {
                bad(format!(
                    "'{text}' in '{KEY}': the frozen squares, '/', then the guarded ones"
                ))
            })?;
            let mine = self.commanded_pieces(seat);
            let cell_of = |sq: Square| {
                self.variant()
                    .geometry
                    .cell(sq)
                    .filter(|&c| c < 64 && mine.has(c))
                    .ok_or_else(|| {
                        bad(format!(
                            "no piece seat {} commands on {sq}, in '{KEY}'",
                            seat.0 + 1
                        ))
                    })
            };
            let mut rest = cold;
            while !rest.is_empty() {
                let (sq, n) = Square::parse_prefix(rest)
                    .ok_or_else(|| bad(format!("'{rest}' in '{KEY}' is not a list of squares")))?;
                frozen |= 1 << cell_of(sq)?;
                rest = &rest[n..];
            }
            let mut rest = guarded;
            let mut k = 0;
            let mut values = Vec::new();
            while !rest.is_empty() {
                k += 1;
                if k > f.turns as usize {
                    return Err(bad(format!(
                        "'{guarded}' in '{KEY}': at most {} guarded pieces for seat {}",
                        f.turns,
                        seat.0 + 1
                    )));
                }
                let value = if let Some(r) = rest.strip_prefix('-') {
                    rest = r;
                    0
                } else {
                    let (sq, n) = Square::parse_prefix(rest).ok_or_else(|| {
                        bad(format!("'{rest}' in '{KEY}' is not a square or '-'"))
                    })?;
                    rest = &rest[n..];
                    cell_of(sq)? + 1
                };
                values.push(value);
            }
            for (k, value) in values.into_iter().enumerate() {
                self.set_slot(seat, i + k + 1, value);
            }
        }
        self.set_plane(FROZEN, frozen);
        Ok(())
    }
}
