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

/// `UCI_Elo` of full strength: level 8 scored 30% and 32.5% against
/// Stockfish 15.1 at `UCI_Elo` 2000 (5+0.05, 20 games each), about 1870.
pub const FULL_STRENGTH_ELO: u32 = 1900;
/// `UCI_Elo` of level 1 (depth 1 with wide noise): an estimate, not measured.
pub const LEVEL_ONE_ELO: u32 = 800;

/// The level (1..=8) that plays at about `elo`, for `UCI_Elo`: linear
/// between [`LEVEL_ONE_ELO`] and [`FULL_STRENGTH_ELO`].
///
/// ```
/// use tetrarch_engine::search::level_for_elo;
/// assert_eq!(level_for_elo(800), 1);
/// assert_eq!(level_for_elo(1900), 8);
/// assert_eq!(level_for_elo(2400), 8);
/// ```
pub fn level_for_elo(elo: u32) -> u8 {
    let span = FULL_STRENGTH_ELO - LEVEL_ONE_ELO;
    (1 + elo.saturating_sub(LEVEL_ONE_ELO) * 7 / span).clamp(1, MAX_LEVEL as u32) as u8
}
