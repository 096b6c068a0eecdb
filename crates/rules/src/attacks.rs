//! Attack tables of one board shape: rays in the eight directions, lines and
//! segments between cells, and sliding attacks (magic bitboards on boards
//! that fit a `u64`, ray scans on wider ones).

use crate::bitboard::{Bitboard, Wide};
use crate::geometry::Geometry;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The eight line directions as `(dx, dy)`; the first four increase the cell
/// index, the last four decrease it.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];
const NO_LINE: u8 = 8;

/// Rays and lines of a geometry, with no sliding tables: what both slider
/// strategies are built from.
#[derive(Debug)]
pub struct Rays<B> {
    /// `ray[cell][dir]`: the cells from `cell` to the edge in `dir`, exclusive.
    pub ray: CellTable<[B; 8]>,
    /// Direction from one cell to another along a line, or `NO_LINE`.
    /// Indexed by two `u8` cells, so lookups need no bounds check.
    dir: Box<[[u8; 256]; 256]>,
}

impl<B: Bitboard> Rays<B> {
    /// Build the rays of `geo`.
    pub fn new(geo: &Geometry) -> Rays<B> {
        let cells = geo.cells();
        let mut dir: Box<[[u8; 256]; 256]> = vec![[NO_LINE; 256]; 256]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("256 rows"));
        let ray = CellTable::from_fn(|c| {
            let mut rays = [B::EMPTY; 8];
            if (c as usize) < cells && geo.is_playable(c) {
                for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    let mut cur = c;
                    while let Some(n) = geo.offset(cur, dx, dy) {
                        rays[d] |= B::bit(n);
                        dir[c as usize][n as usize] = d as u8;
                        cur = n;
                    }
                }
            }
            rays
        });
        Rays { ray, dir }
    }

    /// Cells strictly between `a` and `b` on a line, or empty if they share none.
    // Always inlined: pins, checks and castling ask it per rider, and with
    // `#[inline]` chess perft still called it (384,000 calls at depth 5).
    #[inline(always)]
    pub fn between(&self, a: u8, b: u8) -> B {
        let d = self.dir[a as usize][b as usize];
        if d == NO_LINE {
            B::EMPTY
        } else {
            let d = d as usize;
            self.ray[a][d] & !self.ray[b][d] & !B::bit(b)
        }
    }

    /// The whole line through `a` and `b` (both included), or empty.
    #[inline]
    pub fn line(&self, a: u8, b: u8) -> B {
        let d = self.dir[a as usize][b as usize];
        if d == NO_LINE {
            B::EMPTY
        } else {
            let d = d as usize;
            self.ray[a][d] | self.ray[a][(d + 4) % 8] | B::bit(a)
        }
    }

    /// Sliding attacks from `cell` in direction `d`, stopped by `occ`.
    #[inline]
    pub fn ray_attacks(&self, cell: u8, d: usize, occ: B) -> B {
        let r = self.ray[cell][d];
        let blockers = r & occ;
        if blockers.is_empty() {
            return r;
        }
        let first = if d < 4 {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        r & !self.ray[first][d]
    }

    fn slide(&self, cell: u8, occ: B, dirs: &[usize; 4]) -> B {
        dirs.iter()
            .fold(B::EMPTY, |a, &d| a | self.ray_attacks(cell, d, occ))
    }
}

/// Rook and bishop attacks for one bitboard width.
pub trait SliderTable<B>: Sized + Send + Sync + std::fmt::Debug {
    /// Build the table for a geometry.
    fn build(geo: &Geometry, rays: &Rays<B>) -> Self;
    /// Orthogonal sliding attacks.
    fn rook(&self, rays: &Rays<B>, cell: u8, occ: B) -> B;
    /// Diagonal sliding attacks.
    fn bishop(&self, rays: &Rays<B>, cell: u8, occ: B) -> B;
}

/// Ray-scan sliders, for boards wider than a `u64`.
#[derive(Debug)]
pub struct RayScan;

impl<B: Bitboard> SliderTable<B> for RayScan {
    fn build(_: &Geometry, _: &Rays<B>) -> Self {
        RayScan
    }
    #[inline]
    fn rook(&self, rays: &Rays<B>, cell: u8, occ: B) -> B {
        rays.slide(cell, occ, &ORTHOGONAL)
    }
    #[inline]
    fn bishop(&self, rays: &Rays<B>, cell: u8, occ: B) -> B {
        rays.slide(cell, occ, &DIAGONAL)
    }
}

/// Fancy magic bitboards, found at build time of the table for any geometry
/// that fits a `u64`. The search has a budget (it once searched for ever
/// on some narrow boards): a board where it runs out is not served by
/// `u64` at all ([`HasSliders::serves`]), and [`Variant::with_width`]
/// gives it `u128` and ray scans. So the lookup has no fallback to test,
/// and the standard board pays nothing for the odd ones.
///
/// [`Variant::with_width`]: crate::Variant::with_width
#[derive(Debug)]
pub struct Magic {
    rook: CellTable<MagicEntry>,
    bishop: CellTable<MagicEntry>,
    table: Vec<u64>,
    cells: u8,
}

/// Work the magic search may do for one board, in occupancies tried: a
/// few hundredths of a second. Boards of up to 7 x 7 (and 6 x 7) find
/// their magics in it; most larger shapes of up to 64 cells (8 x 7, 7 x 8,
/// 4 x 16, ...) spend it without finding every magic and are played on
/// `u128` with ray scans. The standard board starts from known magics.
const MAGIC_BUDGET: u64 = 1 << 23;

#[derive(Debug, Clone, Copy, Default)]
struct MagicEntry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    /// The magic entry of `cell`, its slots appended to `table`; `None`
    /// once `budget` is spent.
    fn find(
        rays: &Rays<u64>,
        cell: u8,
        dirs: &[usize; 4],
        rng: &mut u64,
        known: Option<u64>,
        table: &mut Vec<u64>,
        budget: &mut u64,
    ) -> Option<MagicEntry> {
        let mask = Self::relevant(rays, cell, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits.max(1);
        let mut occs = Vec::with_capacity(1 << bits);
        let mut subset = 0u64;
        loop {
            occs.push((subset, rays.slide(cell, subset, dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let size = 1usize << (64 - shift);
        // Slots are stamped with the attempt that filled them, so a failed
        // attempt costs nothing to clear.
        let mut slots = vec![(0u32, 0u64); size];
        let mut attempt = 0u32;
        'search: loop {
            attempt += 1;
            // Every attempt costs at least one unit, so the filter below
            // cannot spin for ever on a shape where it rejects everything.
            *budget = budget.checked_sub(1)?;
            let magic = match known {
                Some(m) if attempt == 1 => m,
                _ => xorshift(rng) & xorshift(rng) & xorshift(rng),
            };
            // The usual filter (enough high bits in the product) speeds the
            // search on wide boards; on narrow ones it can reject nearly
            // every number, so it is dropped after a while.
            if attempt > 1
                && attempt < 1 << 16
                && bits >= 6
                && (mask.wrapping_mul(magic) >> 56).count_ones() < 6
            {
                continue;
            }
            for (n, &(occ, att)) in occs.iter().enumerate() {
                let i = (occ.wrapping_mul(magic) >> shift) as usize;
                if slots[i].0 != attempt {
                    slots[i] = (attempt, att);
                } else if slots[i].1 != att {
                    *budget = budget.checked_sub(n as u64)?;
                    continue 'search;
                }
            }
            *budget = budget.checked_sub(occs.len() as u64)?;
            let offset = table.len();
            table.extend(slots.iter().map(|s| if s.0 == attempt { s.1 } else { 0 }));
            return Some(MagicEntry {
                mask,
                magic,
                shift,
                offset,
            });
        }
    }

    /// The cells whose occupancy matters to a slider on `cell`: its rays
    /// without their last cells, which never change the attack set.
    fn relevant(rays: &Rays<u64>, cell: u8, dirs: &[usize; 4]) -> u64 {
        dirs.iter().fold(0u64, |m, &d| {
            let r = rays.ray[cell][d];
            let edge = if r == 0 {
                0
            } else if d < 4 {
                1u64 << r.msb()
            } else {
                1u64 << r.lsb()
            };
            m | (r & !edge)
        })
    }

    /// The magic numbers in use, rook then bishop, per cell.
    pub fn numbers(&self) -> [Vec<u64>; 2] {
        [
            (0..self.cells).map(|c| self.rook[c].magic).collect(),
            (0..self.cells).map(|c| self.bishop[c].magic).collect(),
        ]
    }

    #[inline(always)]
    #[allow(unsafe_code)] // an unchecked index: the hottest load of move generation
    fn lookup(&self, e: &MagicEntry, occ: u64) -> u64 {
        let i = ((occ & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
        debug_assert!(e.offset + i < self.table.len());
        // SAFETY: `find` gave this entry `1 << (64 - shift)` slots from
        // `offset`, and the multiply-shift yields an index below that.
        unsafe { *self.table.get_unchecked(e.offset + i) }
    }
}

include!("magics_8x8.rs");

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

impl SliderTable<u64> for Magic {
    /// # Panics
    ///
    /// On a geometry that `u64` does not serve ([`HasSliders::serves`]):
    /// as for a board of more than 64 cells, it needs a wider bitboard.
    fn build(geo: &Geometry, rays: &Rays<u64>) -> Self {
        Magic::search(geo, rays, MAGIC_BUDGET)
            .expect("no magics for this board within the budget: it needs a wider bitboard")
    }
    #[inline(always)]
    fn rook(&self, _: &Rays<u64>, cell: u8, occ: u64) -> u64 {
        self.lookup(&self.rook[cell], occ)
    }
    #[inline(always)]
    fn bishop(&self, _: &Rays<u64>, cell: u8, occ: u64) -> u64 {
        self.lookup(&self.bishop[cell], occ)
    }
}

/// The standard board, whose magics are known: no search needed.
fn standard(geo: &Geometry) -> bool {
    geo.width() == 8 && geo.height() == 8 && geo.playable_count() == 64
}

impl Magic {
    /// Magics for every cell within `budget`; `None` past it.
    fn search(geo: &Geometry, rays: &Rays<u64>, mut budget: u64) -> Option<Magic> {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut table = Vec::new();
        let cells = geo.cells() as u8;
        // Searching magics takes a noticeable moment; the standard board
        // starts from magics found once by this same search.
        let known = |c: u8, which: usize| standard(geo).then(|| MAGICS_8X8[which][c as usize]);
        let mut entries = [
            CellTable::from_fn(|_| MagicEntry::default()),
            CellTable::from_fn(|_| MagicEntry::default()),
        ];
        for (which, dirs) in [(0, &ORTHOGONAL), (1, &DIAGONAL)] {
            for c in 0..cells {
                entries[which].0[c as usize] = Magic::find(
                    rays,
                    c,
                    dirs,
                    &mut rng,
                    known(c, which),
                    &mut table,
                    &mut budget,
                )?;
            }
        }
        let [rook, bishop] = entries;
        Some(Magic {
            rook,
            bishop,
            table,
            cells,
        })
    }

    /// Whether the search finds magics for `geo` within the budget: asked
    /// once per board shape (the answer is kept), when a variant chooses
    /// its bitboard width.
    fn exist_for(geo: &Geometry) -> bool {
        if geo.cells() > 64 {
            return false;
        }
        if standard(geo) {
            return true;
        }
        static FOUND: OnceLock<Mutex<HashMap<Geometry, bool>>> = OnceLock::new();
        let found = FOUND.get_or_init(Default::default);
        if let Some(&known) = found.lock().unwrap_or_else(|e| e.into_inner()).get(geo) {
            return known;
        }
        // Searched outside the lock: two threads may both search a new
        // shape, and agree.
        let exist = Magic::search(geo, &Rays::new(geo), MAGIC_BUDGET).is_some();
        found
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(geo.clone(), exist);
        exist
    }
}

/// Chooses the slider strategy for each bitboard width. Implemented for
/// `u64` (magic tables), `u128` (ray scans) and [`Wide`](crate::Wide) (line
/// lookups); the slider tables are the kernel's own, so the trait is sealed
/// in effect: a bound to write, not a trait to implement.
pub trait HasSliders: Bitboard {
    /// The slider table type of this width.
    type Sliders: SliderTable<Self>;
    /// Whether a cell's line attacks cost one lookup (magic tables), so
    /// asking "is this cell attacked along a line" is best answered by
    /// computing them; otherwise the riders on the cell's open lines are
    /// looked at one by one (see `Position::line_attacked`).
    const LOOKUP_SLIDERS: bool = false;
    /// Whether this width can serve `geo`: it has room for the cells, and
    /// for `u64` the magic search succeeds on the shape.
    fn serves(geo: &Geometry) -> bool {
        geo.cells() <= Self::CELLS
    }
}
impl HasSliders for u64 {
    type Sliders = Magic;
    const LOOKUP_SLIDERS: bool = true;
    fn serves(geo: &Geometry) -> bool {
        Magic::exist_for(geo)
    }
}
impl HasSliders for u128 {
    type Sliders = RayScan;
}
impl HasSliders for Wide {
    type Sliders = crate::lines::LineLookup;
}

/// All line attacks of one geometry.
///
/// ```
/// use tetrarch_rules::{Attacks, Bitboard, Geometry};
/// let geo = Geometry::new(8, 8, &[]).unwrap();
/// let att = Attacks::<u64>::new(&geo);
/// let a1 = geo.cell("a1".parse().unwrap()).unwrap();
/// assert_eq!(att.rook(a1, 0).count(), 14);
/// assert_eq!(att.bishop(a1, 0).count(), 7);
/// ```
#[derive(Debug)]
pub struct Attacks<B: HasSliders> {
    /// Rays and lines.
    pub(crate) rays: Rays<B>,
    sliders: B::Sliders,
    /// Rook and bishop attacks on the empty board, by cell: which line
    /// riders could reach a cell at all, before their paths are looked at.
    open: CellTable<[B; 2]>,
    /// Every playable cell.
    pub(crate) playable: B,
}

impl<B: HasSliders> Attacks<B> {
    /// Build every table for `geo`.
    pub fn new(geo: &Geometry) -> Attacks<B> {
        let rays = Rays::new(geo);
        let sliders = B::Sliders::build(geo, &rays);
        let playable = geo.playable_cells().fold(B::EMPTY, |b, c| b | B::bit(c));
        let open = CellTable::from_fn(|c| {
            let union = |dirs: &[usize; 4]| dirs.iter().fold(B::EMPTY, |b, &d| b | rays.ray[c][d]);
            [union(&ORTHOGONAL), union(&DIAGONAL)]
        });
        Attacks {
            rays,
            sliders,
            open,
            playable,
        }
    }
    /// Orthogonal sliding attacks from `cell` on the empty board.
    #[inline(always)]
    pub fn rook_open(&self, cell: u8) -> B {
        self.open[cell][0]
    }
    /// Diagonal sliding attacks from `cell` on the empty board.
    #[inline(always)]
    pub fn bishop_open(&self, cell: u8) -> B {
        self.open[cell][1]
    }
    /// Orthogonal sliding attacks from `cell` given occupancy `occ`.
    #[inline(always)]
    pub fn rook(&self, cell: u8, occ: B) -> B {
        self.sliders.rook(&self.rays, cell, occ)
    }
    /// Diagonal sliding attacks from `cell` given occupancy `occ`.
    #[inline(always)]
    pub fn bishop(&self, cell: u8, occ: B) -> B {
        self.sliders.bishop(&self.rays, cell, occ)
    }
    /// Cells strictly between two cells on a line.
    #[inline(always)]
    pub fn between(&self, a: u8, b: u8) -> B {
        self.rays.between(a, b)
    }
    /// The full line through two cells.
    #[inline(always)]
    pub fn line(&self, a: u8, b: u8) -> B {
        self.rays.line(a, b)
    }
    /// Every playable cell (the board without its holes).
    #[inline(always)]
    pub fn playable(&self) -> B {
        self.playable
    }
}

/// One value per cell index. Indexed by `u8` over 256 slots, so a lookup
/// needs no bounds check whatever the board's size.
#[derive(Clone, Debug)]
pub struct CellTable<T>(Box<[T; 256]>);

impl<T: Copy> CellTable<T> {
    /// A table holding `f(cell)` for every cell index.
    pub fn from_fn(mut f: impl FnMut(u8) -> T) -> CellTable<T> {
        let v: Vec<T> = (0..=255u8).map(&mut f).collect();
        CellTable(
            v.into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("256 entries")),
        )
    }
}

impl<T> std::ops::Index<u8> for CellTable<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, cell: u8) -> &T {
        &self.0[cell as usize]
    }
}

/// A table of leaps: for each cell, the playable cells reached by the offsets.
pub fn leap_table<B: Bitboard>(geo: &Geometry, offsets: &[(i32, i32)]) -> CellTable<B> {
    CellTable::from_fn(|c| {
        if !geo.is_playable(c) {
            return B::EMPTY;
        }
        offsets
            .iter()
            .filter_map(|&(dx, dy)| geo.offset(c, dx, dy))
            .fold(B::EMPTY, |b, n| b | B::bit(n))
    })
}

impl Attacks<u64> {
    /// The magic numbers of this geometry, rook then bishop, per cell: how
    /// `magics_8x8.rs` was made.
    pub fn magic_numbers(&self) -> [Vec<u64>; 2] {
        self.sliders.numbers()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn sq(geo: &Geometry, s: &str) -> u8 {
        geo.cell(s.parse::<Square>().unwrap()).unwrap()
    }
    fn set<B: Bitboard>(geo: &Geometry, names: &str) -> B {
        names
            .split_whitespace()
            .fold(B::EMPTY, |b, n| b | B::bit(sq(geo, n)))
    }

    fn magic_matches_ray_scan(geo: &Geometry) {
        let magic = Attacks::<u64>::new(geo);
        let mut rng = 7u64;
        for c in 0..geo.cells() as u8 {
            if !geo.is_playable(c) {
                continue;
            }
            for _ in 0..64 {
                let occ = xorshift(&mut rng) & xorshift(&mut rng) & magic.playable;
                assert_eq!(magic.rook(c, occ), RayScan.rook(&magic.rays, c, occ));
                assert_eq!(magic.bishop(c, occ), RayScan.bishop(&magic.rays, c, occ));
            }
        }
    }

    /// Every board shape that fits a `u64` is decided, within the search's
    /// budget of tries (`a_spent_budget_finds_no_magics`; some once searched
    /// for ever): where magics exist they agree with ray scans, and the
    /// standard board and the common small ones have them. How long that
    /// takes is `tetrarch bench`'s business, not a test's.
    #[test]
    fn every_narrow_board_is_decided() {
        let mut without = Vec::new();
        for w in 1..=16u8 {
            for h in (1..=16u8).filter(|&h| u32::from(w) * u32::from(h) <= 64) {
                let geo = Geometry::new(w, h, &[]).unwrap();
                let served = u64::serves(&geo);
                if served {
                    magic_matches_ray_scan(&geo);
                } else {
                    without.push((w, h));
                }
                // Asked again, the kept answer.
                assert_eq!(u64::serves(&geo), served);
            }
        }
        for (w, h) in [(8, 8), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (6, 7)] {
            assert!(!without.contains(&(w, h)), "{w} x {h}: {without:?}");
        }
    }

    #[test]
    fn a_spent_budget_finds_no_magics() {
        let geo = Geometry::new(8, 8, &[]).unwrap();
        let rays = Rays::new(&geo);
        assert!(Magic::search(&geo, &rays, 100).is_none());
        let magic = Magic::search(&geo, &rays, MAGIC_BUDGET).expect("the standard board");
        assert_eq!(magic.numbers()[0][0], MAGICS_8X8[0][0]);
        // Boards beyond 64 cells are never served by `u64`; wider widths
        // serve whatever fits.
        let big = Geometry::new(10, 8, &[]).unwrap();
        assert!(!u64::serves(&big) && u128::serves(&big) && Wide::serves(&big));
    }

    #[test]
    fn magics_agree_with_ray_scans() {
        magic_matches_ray_scan(&Geometry::new(8, 8, &[]).unwrap());
        let holed = |w, h| Geometry::new(w, h, &["d4".parse().unwrap()]).unwrap();
        assert!(u64::serves(&holed(7, 7)));
        magic_matches_ray_scan(&holed(7, 7));
        // Past the budget: `u64` refuses the board rather than search on.
        assert!(!u64::serves(&holed(7, 9)));
    }

    /// The empty-board tables are the sliders' attacks through no blockers.
    #[test]
    fn open_lines_are_attacks_on_the_empty_board() {
        fn check<B: HasSliders>(geo: &Geometry) {
            let att = Attacks::<B>::new(geo);
            for c in geo.playable_cells() {
                assert_eq!(att.rook_open(c), att.rook(c, B::EMPTY), "cell {c}");
                assert_eq!(att.bishop_open(c), att.bishop(c, B::EMPTY), "cell {c}");
            }
        }
        check::<u64>(&Geometry::new(8, 8, &[]).unwrap());
        check::<Wide>(&Geometry::cross(14, 3));
    }

    #[test]
    fn cross_board_attacks_respect_holes() {
        let geo = Geometry::cross(14, 3);
        let att = Attacks::<Wide>::new(&geo);
        // A rook on d4 runs left into the cut corner after nothing: d4-a4 is on the board.
        let d4 = sq(&geo, "d4");
        let rook = att.rook(d4, Wide::EMPTY);
        assert!(rook.has(sq(&geo, "a4")));
        assert!(rook.has(sq(&geo, "d14")));
        assert!(rook.has(sq(&geo, "n4")));
        assert_eq!(rook.count(), 13 + 13);
        // A rook on d2 cannot go left: c2 is a hole.
        let d2 = sq(&geo, "d2");
        assert_eq!(
            att.rook(d2, Wide::EMPTY) & set::<Wide>(&geo, "d1 d3 e2"),
            set(&geo, "d1 d3 e2")
        );
        assert_eq!(att.rook(d2, Wide::EMPTY).count(), 1 + 12 + 7);
        // Blockers stop rays.
        let occ = set::<Wide>(&geo, "d6 f4");
        let blocked = att.rook(d4, occ);
        assert!(blocked.has(sq(&geo, "d6")) && !blocked.has(sq(&geo, "d7")));
        assert!(blocked.has(sq(&geo, "f4")) && !blocked.has(sq(&geo, "g4")));
        // A bishop on d4 stops at the corner: c3 is a hole, so no move down-left.
        let bishop = att.bishop(d4, Wide::EMPTY);
        assert!(!geo.contains("c3".parse().unwrap()));
        assert_eq!(bishop.count(), 3 + 3 + 7);
        assert!(bishop.has(sq(&geo, "c5")) && bishop.has(sq(&geo, "a7")));
        assert!(bishop.has(sq(&geo, "f2")) && bishop.has(sq(&geo, "g1")));
        assert!(bishop.has(sq(&geo, "k11")) && !geo.contains("l12".parse().unwrap()));
        // Knight leaps into holes are dropped.
        let knight = leap_table::<Wide>(&geo, &KNIGHT);
        assert_eq!(knight[sq(&geo, "d1")], set(&geo, "e3 f2"));
        assert_eq!(knight[sq(&geo, "d4")].count(), 6);
        assert_eq!(knight[sq(&geo, "g7")].count(), 8);
        // Lines and betweens cross the board.
        assert_eq!(att.between(d4, sq(&geo, "d8")), set(&geo, "d5 d6 d7"));
        assert!(att.line(d4, sq(&geo, "k11")).has(sq(&geo, "e5")));
    }

    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
}
