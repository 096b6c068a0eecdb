//! SplitMix64 (Steele, Lea and Flood): the one seeded generator of the
//! workspace, for the hash keys (built at compile time), a dead king's
//! walk, draughts variants' keys, and the engine's and the command line's
//! seeded openings. Fast, and the same numbers from the same seed on every
//! machine, which is all these need.

/// The golden-ratio step between states.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The output of the generator in state `z` (already stepped).
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 generator.
///
/// ```
/// use tetrarch_rules::SplitMix64;
/// let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next number.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}
