//! Playing levels for bots and `UCI_Elo`.

use super::{MATE_BOUND, MAX_LEVEL, RootMove};

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

/// Each level's strength on Stockfish 15.1's `UCI_Elo` scale, as measured
/// in chess (docs/engine.md, Levels): levels 3 to 8 against Stockfish
/// limited to a nearby `UCI_Elo`; levels 1 and 2, below the 1350 its scale
/// starts at, from their matches against the level above.
pub const LEVEL_ELO: [u32; 8] = [200, 800, 1310, 1650, 1790, 1840, 1890, 1950];
/// `UCI_Elo` of full strength (level 8).
pub const FULL_STRENGTH_ELO: u32 = LEVEL_ELO[7];
/// `UCI_Elo` of level 1.
pub const LEVEL_ONE_ELO: u32 = LEVEL_ELO[0];

/// The level (1..=8) whose measured strength is nearest `elo`, for
/// `UCI_Elo` (the weaker of two as near).
///
/// ```
/// use tetrarch_engine::search::level_for_elo;
/// assert_eq!(level_for_elo(200), 1);
/// assert_eq!(level_for_elo(1000), 2);
/// assert_eq!(level_for_elo(1300), 3);
/// assert_eq!(level_for_elo(1950), 8);
/// assert_eq!(level_for_elo(2400), 8);
/// ```
pub fn level_for_elo(elo: u32) -> u8 {
    let nearest = (0..MAX_LEVEL as usize)
        .min_by_key(|&i| LEVEL_ELO[i].abs_diff(elo))
        .expect("eight levels");
    nearest as u8 + 1
}

/// The root move to play after an iteration. With level noise a move's
/// score plus its bonus decides among the moves within the noise of the
/// best, unless a mate is found (then among the moves that keep it): a
/// weak level picks a worse move only by what it sees as a small loss,
/// and its big mistakes are the tactics its depth does not see, as a
/// person's are, not a piece left hanging in plain sight.
pub(super) fn pick_root<M: Copy + PartialEq>(
    roots: &[RootMove<M>],
    noise: i32,
    noise_by_move: &[(M, i32)],
) -> RootMove<M> {
    if noise == 0 {
        return roots[0];
    }
    let top = roots[0].score;
    let bonus = |mv: M| {
        noise_by_move
            .iter()
            .find(|(m, _)| *m == mv)
            .map_or(0, |x| x.1)
    };
    *roots
        .iter()
        .filter(|r| {
            if top < MATE_BOUND {
                r.score >= top - noise
            } else {
                r.score == top
            }
        })
        .max_by_key(|r| r.score + bonus(r.mv))
        .expect("a root move")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots(scores: &[(u8, i32)]) -> Vec<RootMove<u8>> {
        scores
            .iter()
            .map(|&(mv, score)| RootMove {
                mv,
                score,
                exact: true,
                pv: [0; super::super::MAX_PLY],
                pv_len: 0,
            })
            .collect()
    }

    #[test]
    fn stronger_levels_measured_stronger() {
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] < w[1]), "{LEVEL_ELO:?}");
        assert!(
            LEVELS
                .windows(2)
                .all(|w| w[0].0 < w[1].0 && w[0].1 > w[1].1)
        );
    }

    #[test]
    fn noise_picks_among_moves_within_it_of_the_best() {
        let r = roots(&[(1, 100), (2, 20)]);
        assert_eq!(pick_root(&r, 150, &[(1, -100), (2, 50)]).mv, 2);
        assert_eq!(pick_root(&r, 150, &[(1, 0), (2, 50)]).mv, 1);
        assert_eq!(pick_root(&r, 0, &[(1, -100), (2, 50)]).mv, 1);
    }

    #[test]
    fn noise_never_picks_a_move_it_sees_losing_more_than_the_noise() {
        // 220 cp worse with the widest bonus against the best's worst.
        let r = roots(&[(1, 100), (2, -120)]);
        assert_eq!(pick_root(&r, 150, &[(1, -150), (2, 150)]).mv, 1);
    }

    #[test]
    fn noise_keeps_a_mate_it_found() {
        let r = roots(&[(1, MATE_BOUND + 50), (2, MATE_BOUND + 40)]);
        assert_eq!(pick_root(&r, 150, &[(1, -150), (2, 150)]).mv, 1);
    }
}
