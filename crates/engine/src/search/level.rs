//! Playing levels for bots and `UCI_Elo`.

use super::{MATE_BOUND, MAX_LEVEL, RootMove};

/// What a level may search, and how far it may stray from its best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Level {
    /// The deepest iteration.
    pub depth: u32,
    /// Nodes a move: the last iteration finished within them is played,
    /// so the level is as strong on a slow machine as on a fast one.
    pub nodes: u64,
    /// Root score noise, in centipawns (see [`pick_root`]).
    pub noise: i32,
}

const fn level(depth: u32, nodes: u64, noise: i32) -> Level {
    Level {
        depth,
        nodes,
        noise,
    }
}

/// Levels 1..=8, aiming at steps of about 200 Elo (the steps measured are
/// in docs/engine.md, Levels). Below depth 5 a ply is worth more than a step, so noise
/// makes steps within a depth; level 7 has only its node budget,
/// so it plays alike on a slow machine and a fast one.
pub(super) const LEVELS: [Level; 8] = [
    level(2, 50_000, 150),
    level(2, 50_000, 80),
    level(3, 50_000, 120),
    level(4, 50_000, 120),
    level(4, 50_000, 60),
    level(5, 50_000, 35),
    level(u32::MAX, 100_000, 5),
    level(u32::MAX, u64::MAX, 0),
];

/// Each level's strength on Stockfish 15.1's `UCI_Elo` scale, as measured
/// in chess on 2026-12-08 (docs/engine.md, Levels): levels 5 to 7 against
/// Stockfish limited to a nearby `UCI_Elo`, level 8 before (unchanged);
/// levels 1 to 4, below the 1350 its scale starts at, down the chain of
/// each one's match against the level above.
pub const LEVEL_ELO: [u32; 8] = [410, 710, 870, 1250, 1490, 1700, 1810, 1950];
/// `UCI_Elo` of full strength (level 8).
pub const FULL_STRENGTH_ELO: u32 = LEVEL_ELO[7];
/// `UCI_Elo` of level 1.
pub const LEVEL_ONE_ELO: u32 = LEVEL_ELO[0];

/// The level (1..=8) whose measured strength is nearest `elo`, for
/// `UCI_Elo` (the weaker of two as near).
///
/// ```
/// use tetrarch_engine::search::level_for_elo;
/// assert_eq!(level_for_elo(100), 1);
/// assert_eq!(level_for_elo(410), 1);
/// assert_eq!(level_for_elo(700), 2);
/// assert_eq!(level_for_elo(1000), 3);
/// assert_eq!(level_for_elo(1500), 5);
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
        // Each level searches deeper than the one below, or as deep with
        // less noise, and with no fewer nodes.
        for w in LEVELS.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert!((b.depth, -b.noise) > (a.depth, -a.noise), "{a:?} {b:?}");
            assert!(b.nodes >= a.nodes, "{a:?} {b:?}");
        }
        assert_eq!(LEVELS[7], level(u32::MAX, u64::MAX, 0), "full strength");
    }

    #[test]
    fn a_level_searches_within_its_node_budget() {
        use crate::search::{Limits, Searcher};
        use tetrarch_rules::{Position, Variant};
        let chess = Variant::builtin("chess").unwrap();
        let fen = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 6";
        let pos = Position::<u64>::from_fen(&chess, fen).unwrap();
        // Level 7 has no depth limit: only its budget ends an unlimited search.
        let mut s = Searcher::<Position<u64>>::new(&chess, 1);
        s.level = 7;
        s.seed(3);
        let r = s.search(&pos, &[], &Limits::default(), &mut |_| {});
        assert!(r.best.is_some() && r.depth >= 3, "depth {}", r.depth);
        assert!(r.nodes <= LEVELS[6].nodes, "{} nodes", r.nodes);
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
