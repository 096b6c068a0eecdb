//! Board shapes: width and height up to 16, minus any holes, and the mapping
//! between [`Square`]s and the cell indices that bitboards use.

use crate::square::Square;

/// A rectangular board of up to 16 x 16 squares with holes cut out of it.
///
/// Cells are numbered `rank * width + file`, holes included, so that every
/// line of the board runs through cells in increasing or decreasing order.
///
/// ```
/// use tetrarch_rules::{Geometry, Square};
/// let cross = Geometry::cross(14, 3);
/// assert_eq!(cross.playable_count(), 160);
/// assert_eq!(cross.cell("a1".parse().unwrap()), None); // a cut corner
/// assert_eq!(cross.cell("d1".parse().unwrap()), Some(3));
/// assert_eq!(cross.square(3).to_string(), "d1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    /// Bit `file` of `holes[rank]` is set where the board has no square.
    holes: [u16; 16],
}

/// A board shape that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// Width or height outside 1..=16.
    #[error("board size {0} x {1} is outside 1 x 1 to 16 x 16")]
    Size(u8, u8),
    /// A hole outside the board.
    #[error("hole {0} lies outside the {1} x {2} board")]
    HoleOutside(Square, u8, u8),
}

impl Geometry {
    /// A `width` x `height` board with the given squares cut out.
    pub fn new(width: u8, height: u8, holes: &[Square]) -> Result<Geometry, GeometryError> {
        if !(1..=16).contains(&width) || !(1..=16).contains(&height) {
            return Err(GeometryError::Size(width, height));
        }
        let mut g = Geometry {
            width,
            height,
            holes: [0; 16],
        };
        for &h in holes {
            if h.file() >= width || h.rank() >= height {
                return Err(GeometryError::HoleOutside(h, width, height));
            }
            g.holes[h.rank() as usize] |= 1 << h.file();
        }
        Ok(g)
    }

    /// A square board of side `size` with `corner` x `corner` cut from each
    /// corner: `cross(14, 3)` is the 160-square four-player board.
    pub fn cross(size: u8, corner: u8) -> Geometry {
        let mut holes = Vec::new();
        for r in 0..size {
            for f in 0..size {
                let edge = |x: u8| x < corner || x >= size - corner;
                if edge(f) && edge(r) {
                    holes.extend(Square::new(f, r));
                }
            }
        }
        Geometry::new(size, size, &holes).expect("cross dimensions are within 16")
    }

    /// Number of files.
    pub fn width(&self) -> u8 {
        self.width
    }
    /// Number of ranks.
    pub fn height(&self) -> u8 {
        self.height
    }
    /// Number of cell indices, holes included: the bitboard must hold this many.
    pub fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }
    /// Number of squares a piece can stand on.
    pub fn playable_count(&self) -> usize {
        self.playable_cells().count()
    }
    /// The cell indices of the squares a piece can stand on, lowest first.
    /// (A 16 x 16 board has 256 cells: counting them in `u8` would wrap.)
    pub fn playable_cells(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.cells() as u16)
            .map(|c| c as u8)
            .filter(|&c| self.is_playable(c))
    }
    /// Whether `sq` is on the board and not a hole.
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.width
            && sq.rank() < self.height
            && self.holes[sq.rank() as usize] & (1 << sq.file()) == 0
    }
    /// The cell index of a playable square.
    pub fn cell(&self, sq: Square) -> Option<u8> {
        self.contains(sq)
            .then(|| sq.rank() * self.width + sq.file())
    }
    /// The square of a cell index.
    pub fn square(&self, cell: u8) -> Square {
        Square::new(cell % self.width, cell / self.width).expect("cell within board")
    }
    /// Whether a cell index is a playable square.
    pub fn is_playable(&self, cell: u8) -> bool {
        (cell as usize) < self.cells() && self.contains(self.square(cell))
    }
    /// The playable cell `(dx, dy)` away from `cell`, if any.
    pub fn offset(&self, cell: u8, dx: i32, dy: i32) -> Option<u8> {
        let sq = self.square(cell);
        let f = sq.file() as i32 + dx;
        let r = sq.rank() as i32 + dy;
        if f < 0 || r < 0 || f >= self.width as i32 || r >= self.height as i32 {
            return None;
        }
        self.cell(Square::new(f as u8, r as u8)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cross_board_has_160_squares_and_cut_corners() {
        let g = Geometry::cross(14, 3);
        assert_eq!(g.cells(), 196);
        assert_eq!(g.playable_count(), 160);
        for name in ["a1", "c3", "l1", "n14", "a14", "c12"] {
            assert_eq!(g.cell(name.parse().unwrap()), None, "{name}");
        }
        for name in ["d1", "a4", "k14", "n11", "g7"] {
            assert!(g.cell(name.parse().unwrap()).is_some(), "{name}");
        }
        assert_eq!(
            g.offset(g.cell("d1".parse().unwrap()).unwrap(), -1, 0),
            None
        );
    }

    #[test]
    fn bad_shapes_are_refused() {
        assert_eq!(Geometry::new(17, 8, &[]), Err(GeometryError::Size(17, 8)));
        assert!(Geometry::new(8, 8, &["i1".parse().unwrap()]).is_err());
    }
}
