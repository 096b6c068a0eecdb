//! `wall`: a wall stands on the border between an area of the seat's
//! corner and the rest of the board (Ancient China's Great Wall, around
//! its 3 x 5; the board's edges close the rest). The diagram is lost; the
//! wall is designed from the text in `docs/nations.md`:
//!
//! - pieces commanded by a seat of another team cross it only by jumping:
//!   a leap of more than one square (a knight's, an alfil's, a `j` leap
//!   over pieces). A step, a ride or a lame leap (a pawn's double step)
//!   whose path passes from a cell of the area to a cell outside it, or
//!   back, is stopped there; captures likewise, so such a piece does not
//!   attack across it either;
//! - pieces of the `kind` (the queen) the seat commands never cross it, in
//!   any way; the seat's other pieces and its partners' cross freely;
//! - it stands while the seat is in and its own army holds a piece of the
//!   `kind`; once its army holds none (the queen captured, destroyed or
//!   traded away), it falls for good: a later queen does not raise it
//!   (the slot's `DOWN` bit, FEN4 `'wall':('down','','','')`);
//! - of the powers, those that move a piece along a path (a U path, a
//!   push) are stopped by it as a piece is; powers that put a piece on a
//!   cell (relocate, place, revive) or act on a neighbour without moving
//!   (shoot, destroy, convert, trade) pass it.
//!
//! Parameters: `area` (default `a1-e3`), `kind` (one letter: the piece
//! that keeps the wall and may not cross it).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::moves::MoveKind;
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{Kind, MAX_SEATS, Piece, Seat};
use crate::position::Position;

pub(super) const ID: &str = "wall";

/// The FEN4 key of the walls' state.
pub(crate) const KEY: &str = "wall";

/// FEN4's word for a wall that fell.
const DOWN_TEXT: &str = "down";

/// The slot bit of a wall that fell.
const DOWN: u8 = 1;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    area: super::Area,
    pub(super) kind: char,
}

/// Compiled for one seat: the cells inside the wall, and the kinds that
/// keep it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled<B> {
    cells: B,
    keeper: u16,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            area: p.area("area", Some("a1-e3"))?,
            kind: p.letter("kind")?,
        })
    }

    pub(super) fn compile<B: HasSliders>(
        &self,
        kind: impl Fn(char) -> Kind,
        area: impl Fn(&super::Area) -> B,
    ) -> Compiled<B> {
        Compiled {
            cells: area(&self.area),
            keeper: 1 << kind(self.kind).0,
        }
    }
}

/// One standing wall as it stops the pieces of one seat: the cells inside
/// it, the kinds it stops, and whether those may jump it.
#[derive(Clone, Copy, Debug)]
struct Bar<B> {
    cells: B,
    kinds: u16,
    jumps: bool,
}

/// The standing walls that stop the pieces one seat commands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WallBars<B> {
    bars: [Option<Bar<B>>; MAX_SEATS],
}

impl<B: HasSliders> WallBars<B> {
    /// Whether no wall stops the seat's pieces.
    pub(crate) fn is_empty(&self) -> bool {
        self.bars.iter().all(Option::is_none)
    }

    fn of_kind(&self, kind: Kind) -> impl Iterator<Item = &Bar<B>> + '_ {
        self.bars
            .iter()
            .flatten()
            .filter(move |b| b.kinds & (1 << kind.0) != 0)
    }

    /// Whether a wall stops a piece of `kind` stepping from `a` to the
    /// next cell `b` (a unit step, or a move that is no jump).
    pub(crate) fn stops_step(&self, kind: Kind, a: u8, b: u8) -> bool {
        self.of_kind(kind)
            .any(|bar| bar.cells.has(a) != bar.cells.has(b))
    }
}

/// Whether the cells of `path` lie on both sides of the wall around `cells`.
fn crosses<B: HasSliders>(cells: B, path: B) -> bool {
    let inside = path & cells;
    !inside.is_empty() && inside != path
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s wall power: its index and compiled form.
    fn wall_power(&self, seat: Seat) -> Option<(usize, Compiled<B>)> {
        self.find_power(seat, |p| match p {
            Power::Wall(w) => Some(*w),
            _ => None,
        })
    }

    /// `seat`'s wall, if it stands: not fallen, the seat in, and its own
    /// army holding a piece of the kind that keeps it.
    fn standing_wall(&self, seat: Seat) -> Option<Compiled<B>> {
        let (i, w) = self.wall_power(seat)?;
        let stands = self.slot(seat, i) & DOWN == 0
            && self.commander_of(seat) == seat
            && !(self.by_seat[seat.idx()] & self.union_of(w.keeper)).is_empty();
        stands.then_some(w)
    }

    /// The standing walls that stop the pieces `seat` commands: every
    /// wall of a seat of another team, for all its pieces; its own, for
    /// the kind that keeps it, even jumping.
    pub(crate) fn wall_bars(&self, seat: Seat) -> WallBars<B> {
        let mut bars = [None; MAX_SEATS];
        if self.rules.wall_seats == 0 {
            return WallBars { bars };
        }
        let team = self.team_seats(seat);
        for w in (0..self.rules.seats()).filter(|w| self.rules.wall_seats & (1 << w) != 0) {
            let Some(wall) = self.standing_wall(Seat(w)) else {
                continue;
            };
            bars[w as usize] = if team & (1 << w) == 0 {
                Some(Bar {
                    cells: wall.cells,
                    kinds: u16::MAX,
                    jumps: true,
                })
            } else if w == seat.0 {
                Some(Bar {
                    cells: wall.cells,
                    kinds: wall.keeper,
                    jumps: false,
                })
            } else {
                None
            };
        }
        WallBars { bars }
    }

    /// Whether the piece on `from` moving to `to` (capturing there when
    /// `capture`) crosses a wall of `bars` it may not cross: its path
    /// (the cells between on a line, else the two ends) lies on both
    /// sides, and it does not jump where it may.
    pub(crate) fn crosses_wall(
        &self,
        bars: &WallBars<B>,
        from: u8,
        to: u8,
        capture: bool,
        occ: B,
    ) -> bool {
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        let path = B::bit(from) | B::bit(to) | self.rules.attacks.between(from, to);
        bars.of_kind(p.kind).any(|bar| {
            crosses(bar.cells, path) && !(bar.jumps && self.jumps(p, from, to, capture, occ))
        })
    }

    /// Whether a wall of `bars` stops a piece of `kind` going from `from`
    /// to `to` in a way of its own (insanity: as another kind moves),
    /// `leaps` where that way jumps (a knight's leap).
    pub(crate) fn crosses_wall_as(
        &self,
        bars: &WallBars<B>,
        kind: Kind,
        from: u8,
        to: u8,
        leaps: bool,
    ) -> bool {
        let path = B::bit(from) | B::bit(to) | self.rules.attacks.between(from, to);
        bars.of_kind(kind)
            .any(|bar| crosses(bar.cells, path) && !(bar.jumps && leaps))
    }

    /// Whether piece `p` on `from` may reach `to` by a jump: a plain leap
    /// of more than one square, or a leap over occupied cells (`j`).
    pub(crate) fn jumps(&self, p: Piece, from: u8, to: u8, capture: bool, occ: B) -> bool {
        let geo = &self.variant().geometry;
        let (a, b) = (geo.square(from), geo.square(to));
        if a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())) <= 1 {
            return false;
        }
        let km = self.rules.moves(p.seat, p.kind);
        let leaps = if capture { &km.capture } else { &km.quiet };
        leaps[from].has(to)
            || km.extra.iter().any(|e| {
                e.hop
                    && if capture { e.captures } else { e.moves }
                    && (!e.initial || km.initial_cells.has(from))
                    && e.hop_origin(to, occ) == Some(from)
            })
    }

    /// The piece moves of `list` no wall stops, for the seat to move.
    pub(crate) fn keep_unwalled(&self, list: &mut crate::moves::MoveList) {
        let bars = self.wall_bars(self.turn);
        if bars.is_empty() {
            return;
        }
        let occ = self.occupied();
        list.retain(|m| {
            !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
                || !self.crosses_wall(&bars, m.from(), m.to(), occ.has(m.to()), occ)
        });
    }

    /// The attackers in `att` of `cell`, pieces of army `army`, that no
    /// wall stops from capturing there.
    pub(crate) fn unwalled_attackers(&self, att: B, cell: u8, army: Seat, occ: B) -> B {
        let bars = self.wall_bars(self.commander_of(army));
        if bars.is_empty() {
            return att;
        }
        att.iter()
            .filter(|&a| !self.crosses_wall(&bars, a, cell, true, occ))
            .fold(B::EMPTY, |b, a| b | B::bit(a))
    }

    /// Whether a wall stops the piece `p`, commanded by whoever commands
    /// its army, from going from `a` to the next cell `b` (a push).
    pub(crate) fn wall_stops(&self, p: Piece, a: u8, b: u8) -> bool {
        self.rules.wall_seats != 0
            && self
                .wall_bars(self.commander_of(p.seat))
                .stops_step(p.kind, a, b)
    }

    /// After a turn: a wall whose seat's army holds no piece of its kind
    /// falls for good.
    pub(crate) fn settle_walls(&mut self) {
        for w in (0..self.rules.seats()).map(Seat) {
            let Some((i, wall)) = self.wall_power(w) else {
                continue;
            };
            let slot = self.slot(w, i);
            if slot & DOWN == 0 && (self.by_seat[w.idx()] & self.union_of(wall.keeper)).is_empty() {
                self.set_slot(w, i, slot | DOWN);
            }
        }
    }

    /// The standing walls, each segment as the two cells it separates
    /// (inside first), in cell order.
    pub fn walls(&self) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        if self.rules.wall_seats == 0 {
            return out;
        }
        let geo = &self.variant().geometry;
        for w in (0..self.rules.seats()).map(Seat) {
            let Some(wall) = self.standing_wall(w) else {
                continue;
            };
            for c in wall.cells.iter() {
                for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
                    if let Some(n) = geo.offset(c, dx, dy).filter(|&n| !wall.cells.has(n)) {
                        out.push((c, n));
                    }
                }
            }
        }
        out
    }

    /// The `'wall'` entry, when a seat's wall fell.
    pub(crate) fn wall_extra(&self) -> Option<String> {
        let entries: Vec<String> = (0..self.rules.seats())
            .map(|s| match self.wall_power(Seat(s)) {
                Some((i, _)) if self.slot(Seat(s), i) & DOWN != 0 => DOWN_TEXT.to_string(),
                _ => String::new(),
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'wall'` entries: per seat, nothing or `down`.
    pub(crate) fn read_wall_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        for (seat, text, (i, _)) in
            self.power_texts(entries, (KEY, key_at), "wall", Self::wall_power)?
        {
            if text != DOWN_TEXT {
                return Err(bad(format!(
                    "'{text}' in '{KEY}': a wall is written '{DOWN_TEXT}' once it fell, or '' while it stands"
                )));
            }
            let slot = self.slot(seat, i);
            self.set_slot(seat, i, slot | DOWN);
        }
        Ok(())
    }
}
