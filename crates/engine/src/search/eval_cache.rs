//! Seat terms of positions already evaluated, by hash key (games of more
//! than two seats). Four seats moving pieces that seldom meet reach the
//! same position by many orders of moves, and quiescence evaluates each
//! arrival again; the seat terms are two thirds of a four-player search's
//! instructions. They depend on the position alone (not on the root seat
//! or the strategy), so an entry holds across searches of one evaluator.

use std::cell::Cell;
use tetrarch_rules::MAX_SEATS;

/// Entries of a searcher's cache: 1.5 MiB, a power of two.
const ENTRIES: usize = 1 << 16;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    terms: [i32; MAX_SEATS],
}

/// A direct-mapped table of seat terms, replaced on every store.
pub(super) struct EvalCache {
    entries: Box<[Cell<Entry>]>,
}

impl EvalCache {
    /// An empty cache, or none at all for games of two seats.
    pub(super) fn new(multi: bool) -> EvalCache {
        let n = if multi { ENTRIES } else { 0 };
        EvalCache {
            entries: (0..n).map(|_| Cell::new(Entry::default())).collect(),
        }
    }

    /// The seat terms stored for `key`. Key 0 is never found: it is the
    /// empty entry's.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<[i32; MAX_SEATS]> {
        let e = self.slot(key)?.get();
        (e.key == key && key != 0).then_some(e.terms)
    }

    /// Keep `terms` as the seat terms of `key`.
    #[inline]
    pub(super) fn put(&self, key: u64, terms: [i32; MAX_SEATS]) {
        if let Some(slot) = self.slot(key) {
            slot.set(Entry { key, terms });
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> Option<&Cell<Entry>> {
        let mask = self.entries.len().checked_sub(1)?;
        Some(&self.entries[key as usize & mask])
    }
}
