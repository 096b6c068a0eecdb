//! Squares named `a1` to `p16`: a file and a rank on boards up to 16 x 16.

use std::fmt;
use std::str::FromStr;

/// A board coordinate, independent of any board's size.
///
/// ```
/// use tetrarch_rules::Square;
/// let sq: Square = "e4".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (4, 3));
/// assert_eq!(sq.to_string(), "e4");
/// assert_eq!("n14".parse::<Square>().unwrap().rank(), 13);
/// assert!("q1".parse::<Square>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank`, both counted from 0; `None` beyond 16.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 16 && rank < 16 {
            Some(Square(rank << 4 | file))
        } else {
            None
        }
    }
    /// File, 0 for `a`.
    pub const fn file(self) -> u8 {
        self.0 & 15
    }
    /// Rank, 0 for `1`.
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }
    /// Parse a square from the start of `s`, returning it and the bytes used.
    /// Ranks take as many digits as form a valid rank (`a10` before `a1`).
    ///
    /// ```
    /// use tetrarch_rules::Square;
    /// assert_eq!(Square::parse_prefix("a10b"), Some(("a10".parse().unwrap(), 3)));
    /// assert_eq!(Square::parse_prefix("h8=Q"), Some(("h8".parse().unwrap(), 2)));
    /// ```
    pub fn parse_prefix(s: &str) -> Option<(Square, usize)> {
        let b = s.as_bytes();
        let file = b.first()?.checked_sub(b'a').filter(|f| *f < 16)?;
        let d1 = b.get(1)?.checked_sub(b'0').filter(|d| *d <= 9)?;
        if d1 == 0 {
            return None;
        }
        if let Some(d2) = b
            .get(2)
            .and_then(|c| c.checked_sub(b'0'))
            .filter(|d| *d <= 9)
        {
            let r = d1 * 10 + d2;
            if (1..=16).contains(&r) {
                return Some((Square::new(file, r - 1)?, 3));
            }
        }
        Some((Square::new(file, d1 - 1)?, 2))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A string that names no square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square (a1 to p16)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match Square::parse_prefix(s) {
            Some((sq, n)) if n == s.len() => Ok(sq),
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_round_trips() {
        for r in 0..16 {
            for f in 0..16 {
                let sq = Square::new(f, r).unwrap();
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            }
        }
        for bad in ["", "a", "a0", "a17", "q4", "A1", "a1x", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
