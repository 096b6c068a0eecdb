//! Sliding attacks on 256-cell boards by line extraction: the occupancy of
//! the line through a cell is gathered into a small integer (BMI2 `pext`),
//! the attacks along it are found with two subtractions, and scattered back
//! (`pdep`). Branch-free, where a ray scan branches on every blocker; the
//! four-player board spends a third of its move generation here.

use crate::attacks::{CellTable, Rays, SliderTable};
use crate::bitboard::Wide;
use crate::geometry::Geometry;

/// One line through a cell: its cells word by word, and where the cell sits.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    /// The line's cells (holes end a line), per 64-bit word.
    words: [u64; 4],
    /// Bits of the line in the words below each word.
    below: [u32; 4],
    /// The cell's index among the line's cells.
    pos: u32,
    /// Number of cells in the line.
    len: u32,
    /// The line's lowest cell.
    first: u32,
}

/// Line tables for [`Wide`] boards: rank, file, diagonal, anti-diagonal.
#[derive(Debug)]
pub struct LineLookup {
    lines: CellTable<[Line; 4]>,
}

/// One whole word of a board: `WORD[i]` keeps word `i`.
const WORD: [Wide; 4] = {
    let mut w = [Wide([0; 4]); 4];
    let mut i = 0;
    while i < 4 {
        w[i].0[i] = u64::MAX;
        i += 1;
    }
    w
};

/// Direction pairs (increasing, decreasing) of the four line kinds, as
/// indices into [`crate::attacks::DIRECTIONS`]: file, rank, diagonal, anti-diagonal.
const PAIRS: [(usize, usize); 4] = [(0, 4), (2, 6), (1, 5), (3, 7)];

#[inline(always)]
#[allow(unsafe_code)] // the BMI2 intrinsic
fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the crate is built with BMI2 enabled (the cfg above).
    unsafe {
        core::arch::x86_64::_pext_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut out, mut bit, mut m) = (0u64, 0u32, mask);
        while m != 0 {
            let low = m & m.wrapping_neg();
            if x & low != 0 {
                out |= 1 << bit;
            }
            bit += 1;
            m ^= low;
        }
        out
    }
}

#[inline(always)]
#[allow(unsafe_code)] // the BMI2 intrinsic
fn pdep(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the crate is built with BMI2 enabled (the cfg above).
    unsafe {
        core::arch::x86_64::_pdep_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut out, mut bit, mut m) = (0u64, 0u32, mask);
        while m != 0 {
            let low = m & m.wrapping_neg();
            if x & (1 << bit) != 0 {
                out |= low;
            }
            bit += 1;
            m ^= low;
        }
        out
    }
}

impl Line {
    /// Attacks along the line from its cell, given occupancy `occ`.
    #[inline(always)]
    fn attacks(&self, occ: Wide) -> Wide {
        let o = &occ.0;
        let mut idx = 0u32;
        for ((&word, &mask), &below) in o.iter().zip(&self.words).zip(&self.below) {
            idx |= (pext(word, mask) as u32) << below;
        }
        let att = u64::from(self.along(idx));
        let mut out = [0u64; 4];
        for (i, w) in out.iter_mut().enumerate() {
            *w = pdep(att >> self.below[i], self.words[i]);
        }
        Wide(out)
    }

    /// [`Line::attacks`] for a rank, whose cells follow one another: a
    /// shift of two words gathers and scatters it, where a file or a
    /// diagonal takes a `pext` and a `pdep` per word.
    #[inline(always)]
    fn rank_attacks(&self, occ: Wide) -> Wide {
        // The line's first cell, in the lowest word that holds it; a rank
        // of at most 16 cells then ends within the next word.
        let first = self.first;
        let w = ((first / 64) as usize).min(2);
        let shift = first - 64 * w as u32;
        let pair = u128::from(occ.0[w]) | u128::from(occ.0[w + 1]) << 64;
        let idx = (pair >> shift) as u32 & ((1u32 << self.len) - 1);
        let att = u128::from(self.along(idx)) << shift;
        // Built in registers, as `Wide::bit` is: two words written into
        // an array and read back as a vector stalled store forwarding
        // (5% of four-player perft's time sat on the read).
        let (lo, hi) = (att as u64, (att >> 64) as u64);
        (Wide([lo; 4]) & WORD[w]) | (Wide([hi; 4]) & WORD[w + 1])
    }

    /// The cells attacked along the line, as line indices, given the
    /// line's occupancy `idx` by line index.
    #[inline(always)]
    fn along(&self, idx: u32) -> u32 {
        let s = 1u32 << self.pos;
        let occ_line = idx | s;
        // Upwards: the borrow of `o - 2s` runs through the empty cells to the first blocker.
        let up = (occ_line ^ occ_line.wrapping_sub(s << 1)) & ((1u32 << self.len) - 1);
        // Downwards: from the highest blocker below (bit 0 if none) up to the cell.
        let below = (occ_line & (s - 1)) | 1;
        let first = 31 - below.leading_zeros();
        let down = (s - 1) ^ ((1u32 << first) - 1);
        up | down
    }
}

impl SliderTable<Wide> for LineLookup {
    fn build(geo: &Geometry, rays: &Rays<Wide>) -> Self {
        let cells = geo.cells();
        let lines = CellTable::from_fn(|c| {
            let mut out = [Line::default(); 4];
            if (c as usize) >= cells || !geo.is_playable(c) {
                return out;
            }
            for (line, &(up, down)) in out.iter_mut().zip(PAIRS.iter()) {
                let all = rays.ray[c][up] | rays.ray[c][down] | <Wide as crate::Bitboard>::bit(c);
                let mut below = 0;
                for i in 0..4 {
                    line.words[i] = all.0[i];
                    line.below[i] = below;
                    below += all.0[i].count_ones();
                }
                line.len = below;
                line.first = <Wide as crate::Bitboard>::lsb(all) as u32;
                line.pos = rays.ray[c][down].0.iter().map(|w| w.count_ones()).sum();
            }
            out
        });
        LineLookup { lines }
    }
    #[inline(always)]
    fn rook(&self, _: &Rays<Wide>, cell: u8, occ: Wide) -> Wide {
        let l = &self.lines[cell];
        l[0].attacks(occ) | l[1].rank_attacks(occ)
    }
    #[inline(always)]
    fn bishop(&self, _: &Rays<Wide>, cell: u8, occ: Wide) -> Wide {
        let l = &self.lines[cell];
        l[2].attacks(occ) | l[3].attacks(occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::RayScan;
    use crate::bitboard::Bitboard;

    /// The line lookup agrees with the ray scan on random occupancies of the cross board.
    #[test]
    fn agrees_with_ray_scan() {
        let geo = Geometry::cross(14, 3);
        let rays = Rays::<Wide>::new(&geo);
        let lines = LineLookup::build(&geo, &rays);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let density = next() % 4;
            let occ = geo
                .playable_cells()
                .filter(|_| next() % 4 <= density)
                .fold(Wide::EMPTY, |b, c| b | Wide::bit(c));
            for c in geo.playable_cells() {
                assert_eq!(
                    lines.rook(&rays, c, occ),
                    RayScan.rook(&rays, c, occ),
                    "rook {c}"
                );
                assert_eq!(
                    lines.bishop(&rays, c, occ),
                    RayScan.bishop(&rays, c, occ),
                    "bishop {c}"
                );
            }
        }
    }
}
