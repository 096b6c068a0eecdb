//! Draughts moves: a step, or a capture by its whole path. A path is the
//! list of diagonal directions jumped in, two bits a jump, so moves stay
//! small `Copy` values and two captures are equal only when they follow
//! the same path.

use super::variant::MAX_LEGS;

/// Bit of [`Move::flags`]: the move captures.
const CAPTURE: u8 = 1;
/// Bit of [`Move::flags`]: a man is crowned at the end of the move.
const CROWN: u8 = 2;
/// Bit of [`Move::flags`]: the turn passes without a move (the search's
/// null move; never legal).
const PASS: u8 = 4;

/// A move of a draughts variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    legs: u8,
    flags: u8,
    /// Direction of each leg (an index into the four diagonals), two bits
    /// a leg, the first leg in the lowest bits.
    dirs: [u8; MAX_LEGS / 4],
}

impl Move {
    /// A step from `from` to `to` in direction `dir`.
    #[inline]
    pub(crate) fn step(from: u8, to: u8, dir: u8, crown: bool) -> Move {
        let mut dirs = [0; MAX_LEGS / 4];
        dirs[0] = dir;
        Move {
            from,
            to,
            legs: 1,
            flags: if crown { CROWN } else { 0 },
            dirs,
        }
    }

    /// The move that only passes the turn.
    pub(crate) const PASS: Move = Move {
        from: 0,
        to: 0,
        legs: 0,
        flags: PASS,
        dirs: [0; MAX_LEGS / 4],
    };

    /// The start of a capture from `from`, before its first jump.
    #[inline]
    pub(crate) fn capture_start(from: u8) -> Move {
        Move {
            from,
            to: from,
            legs: 0,
            flags: CAPTURE,
            dirs: [0; MAX_LEGS / 4],
        }
    }

    /// This capture with one more jump, in `dir`, landing on `to`.
    #[inline]
    pub(crate) fn jumped(mut self, dir: u8, to: u8) -> Move {
        let i = self.legs as usize;
        debug_assert!(i < MAX_LEGS, "the variant bounds the jumps of a capture");
        self.dirs[i / 4] |= dir << (2 * (i % 4));
        self.legs += 1;
        self.to = to;
        self
    }

    /// This move, crowning its man.
    #[inline]
    pub(crate) fn crowned(mut self) -> Move {
        self.flags |= CROWN;
        self
    }

    /// The cell it starts on (dark cell index).
    #[inline]
    pub fn from(self) -> u8 {
        self.from
    }
    /// The cell it ends on.
    #[inline]
    pub fn to(self) -> u8 {
        self.to
    }
    /// Number of legs: 1 for a step, the number of jumps for a capture.
    #[inline]
    pub fn legs(self) -> usize {
        self.legs as usize
    }
    /// The direction of leg `i`.
    #[inline]
    pub(crate) fn dir(self, i: usize) -> u8 {
        (self.dirs[i / 4] >> (2 * (i % 4))) & 3
    }
    /// Whether it captures.
    #[inline]
    pub fn is_capture(self) -> bool {
        self.flags & CAPTURE != 0
    }
    /// Whether it crowns a man.
    #[inline]
    pub fn is_crowning(self) -> bool {
        self.flags & CROWN != 0
    }
    /// Whether it is the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.flags & PASS != 0
    }

    /// A key equal only for equal moves of one position (the start cell
    /// and the directions, exact up to 11 jumps; longer paths are folded
    /// into the same bits, which only costs move ordering a hint).
    #[inline]
    pub fn key(self) -> u32 {
        let mut path: u64 = 0;
        for (i, &b) in self.dirs.iter().enumerate() {
            path |= u64::from(b) << (8 * i.min(7));
        }
        if self.legs <= 11 {
            // A sentinel bit above the last leg tells lengths apart.
            let bits = (path & ((1 << (2 * self.legs)) - 1)) | 1 << (2 * self.legs);
            return u32::from(self.from) << 24 | bits as u32 | u32::from(self.flags & PASS) << 23;
        }
        let folded = (path ^ (path >> 23) ^ (path >> 46)) as u32 & 0x7F_FFFF;
        u32::from(self.from) << 24 | folded | 1 << 23
    }
}
