//! Playing levels for bots and `UCI_Elo`.

use super::MAX_LEVEL;

/// Depth limit and root score noise (centipawns) of each level 1..=8.
pub(super) const LEVELS: [(u32, i32); 8] = [
    (1, 150),
    (2, 100),
    (3, 70),
    (4, 45),
    (5, 25),
    (7, 12),
    (9, 5),
    (u32::MAX, 0),
];

/// The level (1..=8) that plays at about `elo`, for `UCI_Elo`.
pub fn level_for_elo(elo: u32) -> u8 {
    (1 + elo.saturating_sub(800) * 7 / 1600).clamp(1, MAX_LEVEL as u32) as u8
}
