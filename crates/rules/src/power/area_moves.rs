//! `move-in-area`: a piece of the kinds gains a leap that depends on where
//! it stands, instead of its normal move: Ancient Greece's city-states (a
//! king's step inside its 2 x 4, a two-square diagonal leap inside its
//! 3 x 5 but outside the 2 x 4). The first area that holds the piece
//! decides. The leaps are ordinary moves (`c1d2`), offered once where the
//! piece's own moves already go there.
//!
//! Parameters: `moves`, a list of `"area=Betza"` written for the a1
//! corner (`["a1-d2=K", "a1-e3=A"]`; the Betza plain leaps in every
//! direction); `kinds` (letters; left out, every kind but pawns).

use super::{Area, Params};
use crate::attacks::HasSliders;
use crate::betza::Movement;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Kind;
use crate::position::Position;
use crate::variant::Forward;

pub(super) const ID: &str = "move-in-area";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    moves: Vec<(Area, Vec<(i8, i8)>)>,
    pub(super) kinds: Vec<char>,
}

/// Compiled: per area (in the seat's corner) its leaps, and the kinds.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<B> {
    moves: Vec<(B, Vec<(i8, i8)>)>,
    kinds: Option<u16>,
}

/// The leaps of `betza`, if it is plain leaps in every direction.
fn leaps(betza: &str) -> Option<Vec<(i8, i8)>> {
    let m: Movement = betza.parse().ok()?;
    let offsets: Vec<(i8, i8)> = m.steps.iter().map(|s| (s.dx, s.dy)).collect();
    let plain = m
        .steps
        .iter()
        .all(|s| s.is_plain_leap() && s.moves && s.captures);
    let symmetric = offsets.iter().all(|&(x, y)| {
        [(x, -y), (-x, y), (y, x)]
            .iter()
            .all(|o| offsets.contains(o))
    });
    (plain && symmetric && !offsets.is_empty()).then_some(offsets)
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let bad = |why: String| ("moves".to_string(), why);
        let mut moves = Vec::new();
        for entry in p.strings("moves")? {
            let (area, betza) = entry.split_once('=').ok_or_else(|| {
                bad(format!(
                    "'{entry}': an area and a Betza, such as \"a1-d2=K\""
                ))
            })?;
            let area: Area = area.parse().map_err(bad)?;
            let leaps = leaps(betza).ok_or_else(|| {
                bad(format!(
                    "'{betza}': plain leaps in every direction, such as K or A"
                ))
            })?;
            moves.push((area, leaps));
        }
        if moves.is_empty() {
            return Err(bad("at least one \"area=Betza\"".into()));
        }
        Ok(Spec {
            moves,
            kinds: p.optional_letters("kinds")?,
        })
    }

    pub(super) fn compile<B: HasSliders>(
        &self,
        kind: impl Fn(char) -> Kind,
        forward: Forward,
        size: u8,
    ) -> Compiled<B> {
        Compiled {
            moves: self
                .moves
                .iter()
                .map(|(a, l)| (a.cells::<B>(forward, size), l.clone()))
                .collect(),
            kinds: super::kinds_or_pieces(&self.kinds, kind),
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The leaps of `a` the seat to move's pieces have where they stand,
    /// beside the piece moves already in `list` (not offered twice).
    pub(super) fn generate_area_moves(&self, list: &mut MoveList, a: &Compiled<B>) {
        let us = self.turn;
        let kinds = self.kinds_or_pieces(a.kinds);
        let pieces = self.union_of(kinds) & self.commanded_pieces(us);
        let hostile = self.hostile_to(us);
        let geo = &self.variant().geometry;
        let known = list.len();
        let bars = self.wall_bars(us);
        for from in pieces.iter() {
            let Some((_, leaps)) = a.moves.iter().find(|(area, _)| area.has(from)) else {
                continue;
            };
            for &(dx, dy) in leaps {
                let Some(to) = geo.offset(from, dx as i32, dy as i32) else {
                    continue;
                };
                let open = !self.occupied().has(to) || hostile.has(to);
                // A leap of two squares jumps a wall; a king's step does not.
                let walled = dx.abs() <= 1
                    && dy.abs() <= 1
                    && self
                        .piece_at(from)
                        .is_some_and(|p| bars.stops_step(p.kind, from, to));
                let m = Move::new(from, to, MoveKind::Normal);
                if open && !walled && !list.iter().take(known).any(|&o| o == m) {
                    Sink::<B>::one(list, m);
                }
            }
        }
    }
}
