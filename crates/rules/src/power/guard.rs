//! Pieces other nations' powers guard from capture on the seat to move's
//! turn: Switzerland's (`neutral`), from every piece, and Jerusalem's
//! sheltered piece (`shelter`), from all but royal pieces, and Carthage's
//! elephants (`capture-range`), from pieces too far away. A capture by a
//! power's move (a relocation) or by a part of a double move is barred
//! alike; destroying is no capture and is not barred.

use super::range::Ranges;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// The guarded pieces of one turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Guards<B> {
    /// Captured by no piece.
    all: B,
    /// Captured by royal pieces only.
    from_non_royal: B,
    /// The pieces that count as royal.
    royal: B,
    /// Captured only from near enough.
    ranges: Option<Ranges<B>>,
}

impl<B: HasSliders> Guards<B> {
    /// Whether nothing is guarded.
    pub(crate) fn is_empty(&self) -> bool {
        (self.all | self.from_non_royal).is_empty() && self.ranges.is_none()
    }

    /// Whether `m` captures a guarded piece.
    #[inline]
    pub(crate) fn bar(&self, m: Move) -> bool {
        m.kind() != MoveKind::Pass
            && (self.all.has(m.to())
                || (self.from_non_royal.has(m.to()) && !self.royal.has(m.from()))
                || self.ranges.is_some_and(|r| r.too_far(m.from(), m.to())))
    }
}

impl<B: HasSliders> Position<B> {
    /// The pieces guarded from the seat to move's captures this turn.
    pub(crate) fn capture_guards(&self) -> Guards<B> {
        let ranges = self.capture_ranges();
        // Pieces no one captures: frozen capturers, dug-in pawns, an army
        // not yet capturable after deploying.
        let frozen = self.freeze_guard() | self.trench_guard() | self.deploy_guard();
        if self.rules.neutral_seats | self.rules.shelter_seats == 0 {
            return Guards {
                all: frozen,
                from_non_royal: B::EMPTY,
                royal: B::EMPTY,
                ranges,
            };
        }
        let from_non_royal = self.sheltered();
        Guards {
            all: self.neutral_guard() | frozen,
            from_non_royal,
            royal: if from_non_royal.is_empty() {
                B::EMPTY
            } else {
                self.last_royals()
            },
            ranges,
        }
    }
}
