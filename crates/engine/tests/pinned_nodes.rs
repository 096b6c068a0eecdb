//! The search's node counts at fixed depth from every built-in variant's
//! start position, pinned before the search became generic over the rules
//! family (measured with `tetrarch bench search --depth-offset -3` on the
//! engine as it was, commit 8b5aa8e): any change in what the search does
//! shows here first. A change that means to alter the search updates them
//! with a measured reason: the lazy stand-pat of four-player quiescence
//! (issue 16) took `fourway-original` from 20,006 to 20,004 nodes; the
//! two-pass four-player evaluation alone changes none (checked with the
//! lazy stand-pat off: the same nodes and scores as before). History-based
//! reductions (issue 17, +38 ± 30 Elo in chess at fixed nodes) took chess
//! from 413,400 to 194,751, chess960 from 332,235 to 237,672, EuroShogi
//! from 62,788 to 53,870 and `fourway-original` from 20,004 to 19,936.
//! Threats in four-player team games and static pruning in Regicide team
//! games (issue 17, +687 ± 152 Elo in `fourway-teams` at fixed nodes)
//! took `fourway-teams` from 12,215 to 5,087 and `fourway-original` from
//! 19,936 to 13,717; chess, EuroShogi and the free-for-all kept theirs.
//! The same in the Regicide free-for-all (2026-12-08, +27 Elo [+1, +54]
//! over 600 games of `fourway-ffa` at fixed nodes) took `fourway-ffa`
//! from 8,891 to 1,779.

use tetrarch_engine::{Engine, Limits};
use tetrarch_rules::{AnyGame, AnyVariant};

/// (variant, chess960 start number, depth, nodes).
const PINNED: &[(&str, Option<u16>, u32, u64)] = &[
    ("chess", None, 11, 194_751),
    ("chess960", Some(0), 11, 237_672),
    ("euroshogi", None, 9, 53_870),
    ("fourway-teams", None, 6, 5_087),
    ("fourway-original", None, 5, 13_717),
    ("fourway-ffa", None, 5, 1_779),
];

#[test]
fn fixed_depth_searches_visit_the_pinned_number_of_nodes() {
    // Every variant is searched before failing, so that one run shows
    // every count a change moved.
    let mut wrong = Vec::new();
    for &(name, number, depth, nodes) in PINNED {
        let variant = AnyVariant::builtin(name).unwrap();
        let game = match number {
            Some(n) => AnyGame::numbered(&variant, n).unwrap(),
            None => AnyGame::new(&variant),
        };
        let mut engine = Engine::new(&variant, 16);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let found = engine.search(&game, &limits, &mut |_| {}).unwrap();
        if (found.depth, found.nodes) != (depth, nodes) {
            wrong.push(format!(
                "{name}: depth {} and {} nodes, pinned {depth} and {nodes}",
                found.depth, found.nodes
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
