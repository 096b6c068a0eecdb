//! `bomb`: once every few turns the seat chooses, with its move, a 2 x 2
//! block of an area; when its next turn begins, every piece in the block
//! is destroyed (the Nuclear Rogue's bomb: once every three turns from
//! its third, a block of the centre 4 x 4).
//!
//! The choice is the move's chosen cell ([`Move::with_chosen`]), the
//! block's lower-left cell on the board (`d2d3@d4`: the block d4-e5); each
//! piece move of a turn that may choose is offered once per block and
//! once without a bomb. A power move or a pass chooses nothing.
//!
//! Kept in the power's slot: the turns the seat has played since its last
//! choice, up to `every - 1` (three bits), and the armed block's index
//! plus one (four bits); FEN4 `'bomb':('','','','2')`, per seat that
//! count, followed by the armed block's square (`'0d4'`).
//!
//! Parameters: `area` (default `c3-f6`, at most 15 blocks), `every`
//! (1 to 7, default 3: the first choice on the seat's third turn).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::Seat;
use crate::position::Position;
use crate::square::Square;

pub(super) const ID: &str = "bomb";

/// The FEN4 key of the bombs' state.
pub(crate) const KEY: &str = "bomb";

/// The most blocks an area may hold (an index plus one in four bits).
const MAX_BLOCKS: u32 = 15;

/// The slot's bits for the turns since the last choice.
const COUNT: u8 = 0b111;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    area: super::Area,
    every: u8,
}

/// Compiled for one seat: the lower-left cells of the area's blocks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled<B> {
    corners: B,
    every: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let area = p.area("area", Some("c3-f6"))?;
        let (w, h) = area.size();
        let blocks = u32::from(w.saturating_sub(1)) * u32::from(h.saturating_sub(1));
        if blocks == 0 || blocks > MAX_BLOCKS {
            return Err((
                "area".into(),
                format!(
                    "'{area}' holds {blocks} blocks of 2 x 2; from 1 to {MAX_BLOCKS} (the centre c3-f6 holds 9)"
                ),
            ));
        }
        Ok(Spec {
            area,
            every: p.number("every", 3, 1..=7)?,
        })
    }

    pub(super) fn compile<B: HasSliders>(
        &self,
        area: impl Fn(&super::Area) -> B,
        size: u8,
    ) -> Compiled<B> {
        let cells = area(&self.area);
        // A cell is a block's lower-left one when the cells east, north
        // and north-east of it are in the area too (the area is a
        // rectangle, so its turned cells are one too; cells are numbered
        // rank by rank from a1).
        let corners = cells.iter().fold(B::EMPTY, |b, c| {
            let (f, r) = (c % size, c / size);
            let inside = |df: u8, dr: u8| {
                f + df < size && r + dr < size && cells.has((r + dr) * size + f + df)
            };
            if inside(1, 0) && inside(0, 1) && inside(1, 1) {
                b | B::bit(c)
            } else {
                b
            }
        });
        Compiled {
            corners,
            every: self.every,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The seat to move's bomb, if it may choose a block this turn.
    fn bomb_ready(&self) -> Option<Compiled<B>> {
        let us = self.turn;
        let (i, b) = self.bomb_power(us)?;
        ((self.slot(us, i) & COUNT) >= b.every - 1).then_some(b)
    }

    /// Each form of the piece move `m` of the seat to move: as it is, and
    /// once per block when its bomb may be chosen.
    pub(super) fn for_each_bomb(&self, m: Move, mut emit: impl FnMut(Move)) {
        emit(m);
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_)) {
            return;
        }
        if let Some(b) = self.bomb_ready() {
            for c in b.corners.iter() {
                emit(m.with_chosen(c));
            }
        }
    }

    /// The cells of the block whose lower-left cell is `corner`.
    fn block(&self, corner: u8) -> B {
        let geo = &self.variant().geometry;
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .iter()
            .filter_map(|&(dx, dy)| geo.offset(corner, dx, dy))
            .fold(B::EMPTY, |b, c| b | B::bit(c))
    }

    /// The seat `us` ended its turn with `m`: the block it chose is armed,
    /// or one more turn has passed without a choice.
    pub(crate) fn end_bomb_turn(&mut self, us: Seat, m: Move) {
        let Some((i, b)) = self.bomb_power(us) else {
            return;
        };
        let old = self.slot(us, i);
        let new = match m.chosen().filter(|&c| b.corners.has(c)) {
            Some(c) => (index_of(b.corners, c) + 1) << 3,
            None => (old & !COUNT) | ((old & COUNT) + 1).min(b.every - 1),
        };
        if new != old {
            self.set_slot(us, i, new);
        }
    }

    /// The seat to move begins its turn: its armed block goes off, every
    /// piece in it destroyed but those that count as royal and those proof
    /// against powers.
    pub(super) fn detonate(&mut self, i: usize, b: &Compiled<B>) {
        let us = self.turn;
        let old = self.slot(us, i);
        let Some(corner) = (old >> 3).checked_sub(1).and_then(|k| nth(b.corners, k)) else {
            return;
        };
        self.set_slot(us, i, old & COUNT);
        let proof = self.power_proof();
        for cell in self.block(corner).iter() {
            // Two ministers may go together, but never the last.
            if let Some(victim) = self
                .piece_at(cell)
                .filter(|_| !self.last_royals().has(cell) && !proof.has(cell))
            {
                self.remove(victim, cell);
                self.count_power_loss(victim);
            }
        }
    }

    /// `seat`'s bomb power: its index and compiled form.
    fn bomb_power(&self, seat: Seat) -> Option<(usize, Compiled<B>)> {
        self.find_power(seat, |p| match p {
            Power::Bomb(b) => Some(*b),
            _ => None,
        })
    }

    /// The `'bomb'` entry, when a seat's bomb has counted or armed.
    pub(crate) fn bomb_extra(&self) -> Option<String> {
        let geo = &self.variant().geometry;
        let entries: Vec<String> = (0..self.rules.seats())
            .map(|s| match self.bomb_power(Seat(s)) {
                Some((i, b)) if self.slot(Seat(s), i) != 0 => {
                    let slot = self.slot(Seat(s), i);
                    let armed = (slot >> 3)
                        .checked_sub(1)
                        .and_then(|k| nth(b.corners, k))
                        .map_or(String::new(), |c| geo.square(c).to_string());
                    format!("{}{armed}", slot & COUNT)
                }
                _ => String::new(),
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'bomb'` entries: per seat, nothing or the count and an
    /// optional armed block's square.
    pub(crate) fn read_bomb_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        for (seat, text, (i, b)) in
            self.power_texts(entries, (KEY, key_at), "bomb", Self::bomb_power)?
        {
            let count = text
                .bytes()
                .next()
                .map(|d| d.wrapping_sub(b'0'))
                .filter(|&n| n < b.every)
                .ok_or_else(|| {
                    bad(format!(
                        "'{text}' in '{KEY}': a count from 0 to {}, then a square or nothing",
                        b.every - 1
                    ))
                })?;
            let rest = &text[1..];
            let armed = if rest.is_empty() {
                0
            } else {
                let cell = rest
                    .parse::<Square>()
                    .ok()
                    .and_then(|sq| self.variant().geometry.cell(sq))
                    .filter(|&c| b.corners.has(c))
                    .ok_or_else(|| {
                        bad(format!(
                            "'{rest}' in '{KEY}' is not the lower-left square of a block of seat {}'s area",
                            seat.0 + 1
                        ))
                    })?;
                (index_of(b.corners, cell) + 1) << 3
            };
            self.set_slot(seat, i, armed | count);
        }
        Ok(())
    }
}

/// The index of `cell` among the cells of `set`, in cell order.
fn index_of<B: HasSliders>(set: B, cell: u8) -> u8 {
    set.iter().take_while(|&c| c != cell).count() as u8
}

/// The `k`-th cell of `set`, in cell order.
fn nth<B: HasSliders>(set: B, k: u8) -> Option<u8> {
    set.iter().nth(k as usize)
}
