//! `capture-range`: a piece of the kinds is captured only by a piece
//! standing at most `distance` squares from it, counted in king steps
//! (Carthage's elephants: at most 2). The guard goes with the kind, not
//! with its player: a taken-over elephant keeps it, as special pieces
//! keep their home rules (facts 1.5). Destroying, pushing and taking over
//! are no captures and are not barred.
//!
//! Parameters: `kinds` (letters), `distance` (1 to 7, default 2).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::piece::{Kind, Seat};
use crate::position::Position;

pub(super) const ID: &str = "capture-range";

/// The largest distance a nation file may give.
pub(super) const MAX_DISTANCE: u8 = 7;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) kinds: Vec<char>,
    distance: u8,
}

/// Compiled: the kinds as a bit set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    kinds: u16,
    distance: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            kinds: p.some_letters("kinds")?,
            distance: p.number("distance", 2, 1..=MAX_DISTANCE)?,
        })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            kinds: super::kind_bits(&self.kinds, kind),
            distance: self.distance,
        }
    }
}

/// Per distance `d` (index `d - 1`), the pieces captured only from at
/// most `d` squares away; and the board's width, to count the squares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranges<B> {
    within: [B; MAX_DISTANCE as usize],
    width: u8,
}

impl<B: HasSliders> Ranges<B> {
    /// Whether a piece on `from` is too far to capture the piece on `to`.
    #[inline]
    pub(super) fn too_far(&self, from: u8, to: u8) -> bool {
        let w = self.width;
        let steps = (from % w).abs_diff(to % w).max((from / w).abs_diff(to / w)) as usize;
        // Guarded at a distance shorter than the capturer's.
        self.within[..steps.saturating_sub(1).min(self.within.len())]
            .iter()
            .any(|b| b.has(to))
    }
}

impl<B: HasSliders> Position<B> {
    /// The pieces of every seat's `capture-range` kinds, by their distance
    /// (the kind's guard holds whoever commands the piece, so every seat's
    /// power counts, a seat that is out included); `None` without such a
    /// power in the line-up.
    pub(super) fn capture_ranges(&self) -> Option<Ranges<B>> {
        if self.rules.range_seats == 0 {
            return None;
        }
        let mut within = [B::EMPTY; MAX_DISTANCE as usize];
        for s in (0..self.rules.seats()).map(Seat) {
            for power in self.powers(s) {
                if let Power::Range(r) = power {
                    within[r.distance as usize - 1] |= self.union_of(r.kinds);
                }
            }
        }
        Some(Ranges {
            within,
            width: self.variant().geometry.width(),
        })
    }
}
