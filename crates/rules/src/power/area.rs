//! Board areas of a power, written for the a1 corner as a rectangle
//! (`a1-e3`, the 3 x 5 area; `c3-f6`, the centre 4 x 4) and turned to each
//! seat's corner as its setup is (facts 1.4).

use crate::attacks::HasSliders;
use crate::variant::{Forward, rotate, square_of_8x8 as square};
use std::fmt;
use std::str::FromStr;

/// A rectangle of squares on an 8 x 8 board, seen from the a1 corner.
///
/// ```
/// use tetrarch_rules::variant::Area;
/// let a: Area = "a1-e3".parse().unwrap();
/// assert_eq!(a.to_string(), "a1-e3");
/// assert!("a1-i3".parse::<Area>().is_err());
/// assert!("e3-a1".parse::<Area>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Area {
    low: (u8, u8),
    high: (u8, u8),
}

impl FromStr for Area {
    type Err = String;

    fn from_str(text: &str) -> Result<Area, String> {
        let bad =
            || format!("'{text}': a rectangle such as a1-e3 (a corner, a dash, the far corner)");
        let (a, b) = text.split_once('-').ok_or_else(bad)?;
        let (low, high) = (square(a).ok_or_else(bad)?, square(b).ok_or_else(bad)?);
        if low.0 > high.0 || low.1 > high.1 {
            return Err(bad());
        }
        Ok(Area { low, high })
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = |(x, y): (u8, u8)| format!("{}{}", (b'a' + x) as char, y + 1);
        write!(f, "{}-{}", sq(self.low), sq(self.high))
    }
}

impl Area {
    /// Its width and height in squares.
    pub(crate) fn size(&self) -> (u8, u8) {
        (self.high.0 - self.low.0 + 1, self.high.1 - self.low.1 + 1)
    }

    /// The area's cells for a seat whose pawns go `forward` on a `size` x
    /// `size` board (cells numbered rank by rank from a1).
    pub(crate) fn cells<B: HasSliders>(&self, forward: Forward, size: u8) -> B {
        let mut b = B::EMPTY;
        for f in self.low.0..=self.high.0 {
            for r in self.low.1..=self.high.1 {
                if f < size && r < size {
                    let (x, y) = rotate(forward, (f, r), size);
                    b |= B::bit(y * size + x);
                }
            }
        }
        b
    }
}
