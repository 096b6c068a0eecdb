//! The transposition table: a fixed array of entries, allocated once when
//! its size is set and never during search.

use tetrarch_rules::Move;

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

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Best or refuting move found (`Move::default()` if none).
    pub mv: Move,
    /// Score, mate scores relative to the stored node.
    pub score: i32,
    /// Static evaluation of the node.
    pub eval: i32,
    /// Remaining depth searched.
    pub depth: i32,
    /// Kind of bound.
    pub bound: Bound,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    mv: Move,
    score: i16,
    eval: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper; high bits: age.
    flags: u8,
}

/// A fixed-size hash table of search results keyed by Zobrist hash.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two entries, at least 1024).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let want = (bytes / std::mem::size_of::<Slot>()).max(1024);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            slots: vec![Slot::default(); n],
            mask: n - 1,
            age: 0,
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.age = 0;
    }

    /// Start a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    /// The entry stored for `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[key as usize & self.mask];
        if s.key != key || s.flags & 3 == 0 {
            return None;
        }
        Some(Entry {
            mv: s.mv,
            score: s.score as i32,
            eval: s.eval as i32,
            depth: s.depth as i32,
            bound: match s.flags & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Store a result, replacing the slot's entry unless that one is for the
    /// same search, deeper and for another position.
    #[inline]
    pub fn store(&mut self, key: u64, e: Entry) {
        let age = self.age;
        let s = &mut self.slots[key as usize & self.mask];
        let same = s.key == key;
        if !same && s.flags & 3 != 0 && s.flags >> 2 == age && s.depth as i32 > e.depth + 2 {
            return;
        }
        let mv = if e.mv == Move::default() && same {
            s.mv
        } else {
            e.mv
        };
        *s = Slot {
            key,
            mv,
            score: e.score.clamp(-32_000, 32_000) as i16,
            eval: e.eval.clamp(-32_000, 32_000) as i16,
            depth: e.depth.clamp(-100, 127) as i8,
            flags: (age << 2)
                | match e.bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
        };
    }

    /// Permille of sampled slots used in the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| s.flags & 3 != 0 && s.flags >> 2 == self.age)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let mut t = Table::new(1);
        assert!(t.probe(42).is_none());
        let e = Entry {
            mv: Move::default(),
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
