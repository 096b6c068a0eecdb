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
#[repr(align(32))]
pub struct Wide(pub [u64; 4]);

// Four 64-bit words, aligned to 32 bytes, so that with AVX2 a whole-board
// operation is one vector instruction.
impl Bitboard for Wide {
    const CELLS: usize = 256;
    const EMPTY: Self = Wide([0; 4]);
    #[inline(always)]
    fn bit(i: u8) -> Self {
        // Built in registers: writing one word of an array and reading
        // the whole as a vector stalls store forwarding, and this runs for
        // every cell a move generator touches.
        let b = 1u64 << (i & 63);
        let w = i >> 6;
        let word = |n: u8| if w == n { b } else { 0 };
        Wide([word(0), word(1), word(2), word(3)])
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn has(self, i: u8) -> bool {
        (self.0[(i >> 6) as usize] >> (i & 63)) & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn lsb(self) -> u8 {
        // Branch-free: which word holds a piece is no pattern a predictor
        // learns, and this runs once per cell iterated.
        let w = &self.0;
        let low = u128::from(w[0]) | u128::from(w[1]) << 64;
        let high = u128::from(w[2]) | u128::from(w[3]) << 64;
        let (l, h) = (low.trailing_zeros(), high.trailing_zeros());
        (if l < 128 { l } else { 128 + h }) as u8
    }
    #[inline(always)]
    fn msb(self) -> u8 {
        let w = &self.0;
        if w[3] != 0 {
            255 - w[3].leading_zeros() as u8
        } else if w[2] != 0 {
            191 - w[2].leading_zeros() as u8
        } else if w[1] != 0 {
            127 - w[1].leading_zeros() as u8
        } else {
            63 - w[0].leading_zeros() as u8
        }
    }
    #[inline(always)]
    fn without_lsb(self) -> Self {
        // `x & (x - 1)` on 256 bits: the borrow runs through the empty
        // low words, without a branch per word.
        let w = self.0;
        let (m0, b0) = w[0].overflowing_sub(1);
        let (m1, b1) = w[1].overflowing_sub(u64::from(b0));
        let (m2, b2) = w[2].overflowing_sub(u64::from(b1));
        let m3 = w[3].wrapping_sub(u64::from(b2));
        Wide([w[0] & m0, w[1] & m1, w[2] & m2, w[3] & m3])
    }
    #[inline(always)]
    fn low_u64(self) -> u64 {
        self.0[0]
    }
    #[inline(always)]
    fn shift(self, by: i32) -> Self {
        let w = self.0;
        // Leaps shift by less than a word: one funnel shift per word, or
        // with AVX2 a few whole-board instructions (the scalar form moved
        // each word out of its vector register and back).
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if by > -64 && by < 64 {
            return shift_avx2(self, by);
        }
        if by > 0 && by < 64 {
            let n = by as u32;
            return Wide([
                w[0] << n,
                w[1] << n | w[0] >> (64 - n),
                w[2] << n | w[1] >> (64 - n),
                w[3] << n | w[2] >> (64 - n),
            ]);
        }
        if by < 0 && by > -64 {
            let n = by.unsigned_abs();
            return Wide([
                w[0] >> n | w[1] << (64 - n),
                w[1] >> n | w[2] << (64 - n),
                w[2] >> n | w[3] << (64 - n),
                w[3] >> n,
            ]);
        }
        let n = by.unsigned_abs() as usize;
        let (words, bits) = (n / 64, (n % 64) as u32);
        let mut out = [0u64; 4];
        if by >= 0 {
            for (i, o) in out.iter_mut().enumerate().skip(words) {
                let src = i - words;
                *o = w[src] << bits;
                if bits > 0 && src > 0 {
                    *o |= w[src - 1] >> (64 - bits);
                }
            }
        } else {
            for (i, o) in out.iter_mut().enumerate().take(4 - words.min(4)) {
                let src = i + words;
                *o = w[src] >> bits;
                if bits > 0 && src + 1 < 4 {
                    *o |= w[src + 1] << (64 - bits);
                }
            }
        }
        Wide(out)
    }
}

/// [`Wide::shift`] by less than a word, in vector registers.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
#[allow(unsafe_code)] // the AVX2 intrinsics
fn shift_avx2(b: Wide, by: i32) -> Wide {
    use core::arch::x86_64::*;
    // SAFETY: the crate is built with AVX2 enabled (the cfg above), and
    // `Wide` and `__m256i` are both 32 bytes of plain bits.
    unsafe {
        let v: __m256i = core::mem::transmute(b.0);
        let zero = _mm256_setzero_si256();
        let n = by.unsigned_abs() as i64;
        let (near, far) = (_mm_cvtsi64_si128(n), _mm_cvtsi64_si128(64 - n));
        let out = if by >= 0 {
            // Each word takes the high bits of the word below it.
            let below = _mm256_blend_epi32::<0b0000_0011>(
                _mm256_permute4x64_epi64::<0b10_01_00_00>(v),
                zero,
            );
            _mm256_or_si256(_mm256_sll_epi64(v, near), _mm256_srl_epi64(below, far))
        } else {
            let above = _mm256_blend_epi32::<0b1100_0000>(
                _mm256_permute4x64_epi64::<0b11_11_10_01>(v),
                zero,
            );
            _mm256_or_si256(_mm256_srl_epi64(v, near), _mm256_sll_epi64(above, far))
        };
        Wide(core::mem::transmute::<__m256i, [u64; 4]>(out))
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Wide {
            type Output = Wide;
            #[inline(always)]
            fn $f(self, o: Wide) -> Wide {
                let (a, b) = (self.0, o.0);
                Wide([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
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
        let a = self.0;
        Wide([!a[0], !a[1], !a[2], !a[3]])
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
            for by in [-130i32, -64, -15, -9, -1, 0, 1, 8, 15, 64, 127, 129] {
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

    /// The branch-free word selection of `Wide`: cells at every word's
    /// edges, alone and with a higher one.
    #[test]
    fn wide_cells_at_word_edges() {
        for c in [0u8, 1, 63, 64, 65, 127, 128, 191, 192, 254, 255] {
            let b = Wide::bit(c);
            assert_eq!(b.count(), 1, "{c}");
            assert!(b.has(c) && (c == 0 || !b.has(c - 1)), "{c}");
            assert_eq!((b.lsb(), b.msb()), (c, c), "{c}");
            assert!(b.without_lsb().is_empty(), "{c}");
            if c < 255 {
                let two = b | Wide::bit(255);
                assert_eq!(two.lsb(), c);
                assert_eq!(two.without_lsb(), Wide::bit(255), "{c}");
            }
        }
    }

    #[test]
    fn every_width_behaves_the_same() {
        roundtrip::<u64>();
        roundtrip::<u128>();
        roundtrip::<Wide>();
    }
}
