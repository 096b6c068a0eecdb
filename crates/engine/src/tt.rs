//! The transposition table: a fixed array of entries, allocated once when
//! its size is set and never during search, shared by the search threads.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least the stored score (a beta cutoff).
    Lower,
    /// At most the stored score (no move raised alpha).
    Upper,
}

impl Bound {
    /// The bound a search result `best` sets, searched in the window
    /// `(alpha, beta)`.
    ///
    /// ```
    /// use tetrarch_engine::tt::Bound;
    /// assert_eq!(Bound::of(50, 0, 40), Bound::Lower);
    /// assert_eq!(Bound::of(20, 0, 40), Bound::Exact);
    /// assert_eq!(Bound::of(-5, 0, 40), Bound::Upper);
    /// ```
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Key of the best or refuting move found (the family's
    /// `GamePosition::move_key`; the key of the default move if none).
    pub mv: u32,
    /// Score, mate scores relative to the stored node.
    pub score: i32,
    /// Static evaluation of the node.
    pub eval: i32,
    /// Remaining depth searched.
    pub depth: i32,
    /// Kind of bound.
    pub bound: Bound,
}

/// Key bits kept in a slot; the low bits hold depth and flags, and the
/// slot's index already comes from the key's low bits.
const KEY_BITS: u64 = !0xFFFF;

/// One slot, written by several search threads without locks: `check`
/// holds the key, depth and flags XOR `data`, so a slot torn by two writers
/// reads as a different key and is ignored (Hyatt and Mann's lockless
/// hashing).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    /// Move (bits 0..32), score (32..48), static evaluation (48..64).
    data: AtomicU64,
}

/// A fixed-size hash table of search results keyed by Zobrist hash, shared
/// by the search threads.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
    age: AtomicU8,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two entries, at least 1024).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let want = (bytes / std::mem::size_of::<Slot>()).max(1024);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: n - 1,
            age: AtomicU8::new(0),
        }
    }

    /// Forget everything.
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Start a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed);
        self.age.store((age + 1) & 63, Ordering::Relaxed);
    }

    /// The slot's meta word (key bits, depth, flags) and data, if it holds `key`.
    #[inline]
    fn read(&self, key: u64) -> (u64, u64, bool) {
        let s = &self.slots[key as usize & self.mask];
        let data = s.data.load(Ordering::Relaxed);
        let meta = s.check.load(Ordering::Relaxed) ^ data;
        (meta, data, (meta ^ key) & KEY_BITS == 0)
    }

    /// The entry stored for `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (meta, data, same) = self.read(key);
        if !same || meta & 3 == 0 {
            return None;
        }
        Some(Entry {
            mv: data as u32,
            score: (data >> 32) as i16 as i32,
            eval: (data >> 48) as i16 as i32,
            depth: (meta >> 8) as u8 as i8 as i32,
            bound: match meta & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Store a result, replacing the slot's entry unless that one is for the
    /// same search, deeper and for another position.
    #[inline]
    pub fn store(&self, key: u64, e: Entry) {
        let age = u64::from(self.age.load(Ordering::Relaxed));
        let (meta, old, same) = self.read(key);
        let flags = meta & 0xFF;
        let old_depth = (meta >> 8) as u8 as i8 as i32;
        if !same && flags & 3 != 0 && flags >> 2 == age && old_depth > e.depth + 2 {
            return;
        }
        let mv = if e.mv == 0 && same { old as u32 } else { e.mv };
        let data = u64::from(mv)
            | (u64::from(e.score.clamp(-32_000, 32_000) as i16 as u16) << 32)
            | (u64::from(e.eval.clamp(-32_000, 32_000) as i16 as u16) << 48);
        let bound = match e.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let meta = (key & KEY_BITS)
            | (u64::from(e.depth.clamp(-100, 127) as i8 as u8) << 8)
            | (age << 2)
            | bound;
        let s = &self.slots[key as usize & self.mask];
        s.check.store(meta ^ data, Ordering::Relaxed);
        s.data.store(data, Ordering::Relaxed);
    }

    /// Permille of sampled slots used in the current search.
    pub fn hashfull(&self) -> u32 {
        let age = u64::from(self.age.load(Ordering::Relaxed));
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let meta = s.check.load(Ordering::Relaxed) ^ s.data.load(Ordering::Relaxed);
                meta & 3 != 0 && (meta & 0xFF) >> 2 == age
            })
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let t = Table::new(1);
        assert!(t.probe(42).is_none());
        let e = Entry {
            mv: 0,
            score: 17,
            eval: 3,
            depth: 5,
            bound: Bound::Lower,
        };
        t.store(42, e);
        let got = t.probe(42).unwrap();
        assert_eq!((got.score, got.depth, got.bound), (17, 5, Bound::Lower));
        assert!(t.probe(43).is_none());
        t.clear();
        assert!(t.probe(42).is_none());
    }
}
