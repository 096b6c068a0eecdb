//! Bitboards of every width the kernel plays on: `u64` (up to 64 cells),
//! `u128` (up to 128) and [`Wide`] (up to 256), behind one trait so move
//! generation is written once and monomorphized per width.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of board cells, one bit per cell index.
///
/// ```
/// use tetrarch_rules::Bitboard;
/// let b = <u64 as Bitboard>::bit(3) | <u64 as Bitboard>::bit(9);
/// assert_eq!(b.count(), 2);
/// assert_eq!(b.lsb(), 3);
/// assert!(b.has(9));
/// ```
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many cells the type can hold.
    const CELLS: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set holding only cell `i`.
    fn bit(i: u8) -> Self;
    /// Whether cell `i` is in the set.
    #[inline]
    fn has(self, i: u8) -> bool {
        !(self & Self::bit(i)).is_empty()
    }
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Number of cells in the set.
    fn count(self) -> u32;
    /// Lowest cell of a non-empty set.
    fn lsb(self) -> u8;
    /// Highest cell of a non-empty set.
    fn msb(self) -> u8;
    /// Whether the set has more than one cell.
    #[inline]
    fn several(self) -> bool {
        !(self & self.without_lsb()).is_empty()
    }
    /// The set less its lowest cell.
    fn without_lsb(self) -> Self;
    /// The low 64 bits, for magic multiplication on boards that fit a `u64`.
    fn low_u64(self) -> u64;
    /// Every cell moved `by` indices up (down if negative); cells pushed
    /// past either end are lost. `|by|` must be less than `CELLS`.
    fn shift(self, by: i32) -> Self;
    /// Iterate over the cells, lowest first.
    #[inline]
    fn iter(self) -> Cells<Self> {
        Cells(self)
    }
}

/// Iterator over the cells of a bitboard.
#[derive(Clone, Copy, Debug)]
pub struct Cells<B>(pub B);

impl<B: Bitboard> Iterator for Cells<B> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lsb();
            self.0 = self.0.without_lsb();
            Some(i)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Cells<B> {}

macro_rules! primitive_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const CELLS: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn bit(i: u8) -> Self {
                1 << i
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline(always)]
            fn msb(self) -> u8 {
                (<$t>::BITS - 1 - self.leading_zeros()) as u8
            }
            #[inline(always)]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn shift(self, by: i32) -> Self {
                if by >= 0 { self << by } else { self >> -by }
            }
        }
    };
}

primitive_bitboard!(u64);
primitive_bitboard!(u128);

/// A 256-cell bitboard for boards beyond 128 cells, such as the 14 x 14
/// four-player cross.
///
/// ```
/// use tetrarch_rules::{Bitboard, Wide};
/// let b = Wide::bit(200) | Wide::bit(7);
/// assert_eq!(b.msb(), 200);
/// assert_eq!(b.iter().collect::<Vec<_>>(), vec![7, 200]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide(pub [u128; 2]);

impl Bitboard for Wide {
    const CELLS: usize = 256;
    const EMPTY: Self = Wide([0, 0]);
    #[inline(always)]
    fn bit(i: u8) -> Self {
        if i < 128 {
            Wide([1 << i, 0])
        } else {
            Wide([0, 1 << (i - 128)])
        }
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0[0] == 0 && self.0[1] == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }
    #[inline(always)]
    fn lsb(self) -> u8 {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as u8
        } else {
            128 + self.0[1].trailing_zeros() as u8
        }
    }
    #[inline(always)]
    fn msb(self) -> u8 {
        if self.0[1] != 0 {
            255 - self.0[1].leading_zeros() as u8
        } else {
            127 - self.0[0].leading_zeros() as u8
        }
    }
    #[inline(always)]
    fn without_lsb(self) -> Self {
        if self.0[0] != 0 {
            Wide([self.0[0] & (self.0[0] - 1), self.0[1]])
        } else {
            Wide([0, self.0[1] & self.0[1].wrapping_sub(1)])
        }
    }
    #[inline(always)]
    fn low_u64(self) -> u64 {
        self.0[0] as u64
    }
    #[inline]
    fn shift(self, by: i32) -> Self {
        let [lo, hi] = self.0;
        let n = by.unsigned_abs();
        match (by >= 0, n) {
            (_, 0) => self,
            (true, 1..=127) => Wide([lo << n, hi << n | lo >> (128 - n)]),
            (true, _) => Wide([0, lo << (n - 128)]),
            (false, 1..=127) => Wide([lo >> n | hi << (128 - n), hi >> n]),
            (false, _) => Wide([hi >> (n - 128), 0]),
        }
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Wide {
            type Output = Wide;
            #[inline(always)]
            fn $f(self, o: Wide) -> Wide {
                Wide([self.0[0] $op o.0[0], self.0[1] $op o.0[1]])
            }
        }
        impl $tra for Wide {
            #[inline(always)]
            fn $fa(&mut self, o: Wide) {
                *self = *self $op o;
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<B: Bitboard>() {
        let cells: Vec<u8> = (0..B::CELLS).step_by(7).map(|c| c as u8).collect();
        let b = cells.iter().fold(B::EMPTY, |b, &c| b | B::bit(c));
        assert_eq!(b.iter().collect::<Vec<_>>(), cells);
        assert_eq!(b.count() as usize, cells.len());
        assert_eq!(b.msb(), *cells.last().unwrap());
        assert!(b.several());
        assert!(!B::bit(5).several());
        assert!((!B::EMPTY).has((B::CELLS - 1) as u8));
    }

    fn shifts<B: Bitboard>() {
        for from in [0u8, 5, 63, (B::CELLS / 2) as u8, (B::CELLS - 1) as u8] {
            for by in [-130i32, -64, -9, -1, 0, 1, 8, 64, 127, 129] {
                let to = from as i32 + by;
                let expect = if (0..B::CELLS as i32).contains(&to) {
                    B::bit(to as u8)
                } else {
                    B::EMPTY
                };
                if by.unsigned_abs() < B::CELLS as u32 {
                    assert_eq!(B::bit(from).shift(by), expect, "{from} by {by}");
                }
            }
        }
    }

    #[test]
    fn shifts_move_cells_and_drop_overflow() {
        shifts::<u64>();
        shifts::<u128>();
        shifts::<Wide>();
    }

    #[test]
    fn every_width_behaves_the_same() {
        roundtrip::<u64>();
        roundtrip::<u128>();
        roundtrip::<Wide>();
    }
}
