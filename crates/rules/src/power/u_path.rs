//! `u-path`: a piece of the kinds may also move along a U-shaped path
//! (Australia's boomerangs): it slides as far as it can along a file or
//! rank without capturing, turns a quarter, slides one square or more
//! without capturing, turns the same way again, and slides back as far as
//! it can, taking the enemy piece that stops it, if one does. Written
//! `u-path@b3d3`: the path is not written, only where it ends (every path
//! to one square is one move).
//!
//! With `straight_not_twice`, a straight move (along a file or rank) of a
//! piece of the kinds bars such moves on the seat's next turn; a U path is
//! no straight move. Kept as "used on the last turn" in the power's slot
//! (FEN4 `'powers'`).
//!
//! Parameters: `kinds` (letters; pawns among them gain no path: a pawn
//! ending on its promotion edge would have to promote), `straight_not_twice`.

use super::Params;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Position;

pub(super) const ID: &str = "u-path";

/// The four ways along files and ranks, each followed by the two that
/// turn a quarter from it.
const WAYS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) kinds: Vec<char>,
    straight_not_twice: bool,
}

/// Compiled: the kinds as a bit set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    kinds: u16,
    pub(super) straight_not_twice: bool,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            kinds: p.some_letters("kinds")?,
            straight_not_twice: p.flag("straight_not_twice")?,
        })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            kinds: super::kind_bits(&self.kinds, kind),
            straight_not_twice: self.straight_not_twice,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// One move to each cell a U path of a piece of the kinds ends on.
    pub(super) fn generate_u_paths<S: Sink<B>>(&self, sink: &mut S, u: &Compiled, tag: MoveKind) {
        let us = self.turn;
        let kinds = u.kinds & !self.rules.pawn_kinds;
        let movers = self.union_of(kinds) & self.commanded_pieces(us);
        let hostile = self.hostile_to(us);
        for from in movers.iter() {
            for cell in self.u_path_ends(from, hostile).iter() {
                sink.one(Move::new(from, cell, tag));
            }
        }
    }

    /// The cells a U path from `from` ends on, taking pieces of `hostile`;
    /// a wall stops it as a piece does.
    fn u_path_ends(&self, from: u8, hostile: B) -> B {
        let bars = self.wall_bars(self.turn);
        let kind = self.piece_at(from).map(|p| p.kind);
        let walled = |a: u8, b: u8| kind.is_some_and(|k| bars.stops_step(k, a, b));
        let mut ends = B::EMPTY;
        for (i, &out) in WAYS.iter().enumerate() {
            let turn = self.slide_empty(from, out, &walled);
            if turn == from {
                continue;
            }
            let back = WAYS[(i + 2) % 4];
            for across in [WAYS[(i + 1) % 4], WAYS[(i + 3) % 4]] {
                // The middle leg stops at any empty cell on its way.
                let mut at = turn;
                while let Some(c) = self.empty_step(at, across, &walled) {
                    at = c;
                    ends |= self.last_leg_end(at, back, hostile, &walled);
                }
            }
        }
        ends
    }

    /// The next cell from `at` along `way`, if it is on the board, empty,
    /// and no wall stands between.
    fn empty_step(
        &self,
        at: u8,
        (dx, dy): (i32, i32),
        walled: &impl Fn(u8, u8) -> bool,
    ) -> Option<u8> {
        let geo = &self.variant().geometry;
        geo.offset(at, dx, dy).filter(|&c| {
            self.rules.attacks.playable.has(c) && !self.occupied().has(c) && !walled(at, c)
        })
    }

    /// The last empty cell from `at` along `way` (`at` itself if none).
    fn slide_empty(&self, mut at: u8, way: (i32, i32), walled: &impl Fn(u8, u8) -> bool) -> u8 {
        while let Some(c) = self.empty_step(at, way, walled) {
            at = c;
        }
        at
    }

    /// Where the last leg from `at` along `way` ends: on the piece that
    /// stops it if that is a piece of `hostile` (and no wall stands
    /// between), else on the last empty cell; empty if it cannot move.
    fn last_leg_end(
        &self,
        at: u8,
        way: (i32, i32),
        hostile: B,
        walled: &impl Fn(u8, u8) -> bool,
    ) -> B {
        let end = self.slide_empty(at, way, walled);
        let geo = &self.variant().geometry;
        match geo.offset(end, way.0, way.1) {
            Some(c) if hostile.has(c) && !walled(end, c) => B::bit(c),
            _ if end != at => B::bit(end),
            _ => B::EMPTY,
        }
    }

    /// Where the seat to move's U path `m` is stopped by a piece of
    /// `hidden` it could not see (the Assassins' Guild's knight), if it is:
    /// of the paths to `m.to()` in the mover's view, one that passes no
    /// hidden cell is taken when there is one; else the first path (in the
    /// order of [`WAYS`]) is stopped on its first hidden cell.
    pub(crate) fn u_path_stop(&self, m: Move, hidden: B) -> Option<u8> {
        let MoveKind::Power(i) = m.kind() else {
            return None;
        };
        let power = self.rules.powers[self.turn.idx()].get(i as usize);
        if hidden.is_empty() || !matches!(power, Some(super::Power::UPath(_))) {
            return None;
        }
        self.without_pieces(hidden)
            .first_hidden_on_u_paths(m.from(), m.to(), hidden)
    }

    /// Of the U paths from `from` to `to` (this position being the mover's
    /// view, the hidden cells empty): `None` if one passes no cell of
    /// `hidden`, else the first hidden cell of the first path.
    fn first_hidden_on_u_paths(&self, from: u8, to: u8, hidden: B) -> Option<u8> {
        let bars = self.wall_bars(self.turn);
        let kind = self.piece_at(from).map(|p| p.kind);
        let walled = |a: u8, b: u8| kind.is_some_and(|k| bars.stops_step(k, a, b));
        let hostile = self.hostile_to(self.turn);
        let mut stop = None;
        for (i, &out) in WAYS.iter().enumerate() {
            let turn = self.slide_empty(from, out, &walled);
            let back = WAYS[(i + 2) % 4];
            for across in [WAYS[(i + 1) % 4], WAYS[(i + 3) % 4]] {
                let mut at = turn;
                while turn != from
                    && let Some(c) = self.empty_step(at, across, &walled)
                {
                    at = c;
                    if !self.last_leg_end(at, back, hostile, &walled).has(to) {
                        continue;
                    }
                    let first = self
                        .first_of_on_leg(from, out, turn, hidden)
                        .or_else(|| self.first_of_on_leg(turn, across, at, hidden))
                        .or_else(|| self.first_of_on_leg(at, back, to, hidden & !B::bit(to)));
                    match first {
                        None => return None,
                        Some(c) => stop = stop.or(Some(c)),
                    }
                }
            }
        }
        stop
    }

    /// The first cell of `cells` after `start` along `way`, up to `end`
    /// (on that line) and counting it.
    fn first_of_on_leg(&self, start: u8, way: (i32, i32), end: u8, cells: B) -> Option<u8> {
        let geo = &self.variant().geometry;
        let mut at = start;
        while at != end {
            at = geo.offset(at, way.0, way.1)?;
            if cells.has(at) {
                return Some(at);
            }
        }
        None
    }

    /// Whether `m` is a straight piece move, along a file or rank, of a
    /// piece of the kinds, the piece standing on `piece_at` (its origin
    /// before the move, its target after).
    pub(super) fn is_straight_move(&self, u: &Compiled, m: Move, piece_at: u8) -> bool {
        // A promotion is a pawn's move, whatever it becomes.
        if m.kind() != MoveKind::Normal {
            return false;
        }
        let Some(p) = self.piece_at(piece_at) else {
            return false;
        };
        let geo = &self.variant().geometry;
        let (a, b) = (geo.square(m.from()), geo.square(m.to()));
        u.kinds & (1 << p.kind.0) != 0 && (a.file() == b.file() || a.rank() == b.rank())
    }
}
