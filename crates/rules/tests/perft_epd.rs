//! Perft against published node counts: `data/chess.epd` (chessprogramming
//! wiki "Perft Results") and `data/chess960.epd` (the wiki's "Chess960 Perft
//! Results"). The default tests stop at a node limit that keeps this file
//! quick in the test profile; the `#[ignore]`d ones run every depth.

use crate::common;

use common::{CHESS_EPD, CHESS960_EPD, PerftLine, Pos, parse_epd, sm_pos};
use shakmaty::CastlingMode;
use tetrarch_rules::{Variant, divide, perft};

/// Largest expected count checked by the default tests.
const NODE_LIMIT: u64 = 250_000_000;

/// Check every count of `lines` up to `limit` nodes; returns how many were checked.
fn check(variant: &Variant, lines: &[PerftLine], limit: u64) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for l in lines {
        let pos = Pos::from_fen(variant, &l.fen)
            .unwrap_or_else(|e| panic!("line {}: {}: {e}", l.line, l.fen));
        for &(depth, nodes) in &l.counts {
            if nodes > limit {
                continue;
            }
            let got = perft(&pos, depth);
            checked += 1;
            if got != nodes {
                failures.push(format!(
                    "line {} D{depth}: expected {nodes}, got {got}: {}",
                    l.line, l.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn epd_files_parse() {
    let chess = parse_epd(CHESS_EPD);
    assert_eq!(chess.len(), 5, "positions in chess.epd");
    assert!(chess.iter().all(|l| l.counts.len() >= 5));
    assert_eq!(chess[0].counts[5], (6, 119_060_324));
    let c960 = parse_epd(CHESS960_EPD);
    assert_eq!(c960.len(), 12, "positions in chess960.epd");
    assert!(c960.iter().all(|l| l.counts.len() == 6));
    // Depths are listed in order 1, 2, 3, ...
    for l in chess.iter().chain(&c960) {
        for (i, &(d, _)) in l.counts.iter().enumerate() {
            assert_eq!(d as usize, i + 1, "line {}", l.line);
        }
    }
}

#[test]
fn chess_epd_up_to_node_limit() {
    let n = check(common::chess(), &parse_epd(CHESS_EPD), NODE_LIMIT);
    assert!(n >= 20, "only {n} counts checked");
}

#[test]
fn chess960_epd_up_to_node_limit() {
    let n = check(common::chess960(), &parse_epd(CHESS960_EPD), NODE_LIMIT);
    assert!(n >= 48, "only {n} counts checked");
}

/// The chess960 vectors are copied from a table; shakmaty's own Chess960
/// perft confirms the shallow counts of every line, so a typo in the file
/// cannot pass unnoticed (and neither can a kernel that agrees with it).
#[test]
fn chess960_epd_agrees_with_shakmaty() {
    for l in parse_epd(CHESS960_EPD) {
        let reference = sm_pos(&l.fen, CastlingMode::Chess960);
        for &(depth, nodes) in l.counts.iter().filter(|&&(d, _)| d <= 3) {
            assert_eq!(
                shakmaty::perft(&reference, depth),
                nodes,
                "line {} D{depth} of chess960.epd disagrees with shakmaty: {}",
                l.line,
                l.fen
            );
        }
    }
}

/// Classical chess is chess960 position 518: both variants count the same.
#[test]
fn chess960_variant_plays_the_classical_start() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    let pos = common::pos960(fen);
    assert_eq!(common::chess960_start_fen(518), fen);
    assert_eq!(perft(&pos, 4), 197_281);
    let kiwipete =
        common::pos960("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    assert_eq!(perft(&kiwipete, 3), 97_862);
}

/// Divide sums to perft and lists each legal move once.
#[test]
fn divide_sums_to_perft() {
    for l in parse_epd(CHESS_EPD) {
        let pos = common::pos(&l.fen);
        let d = divide(&pos, 3);
        assert_eq!(d.len() as u64, l.counts[0].1, "{}", l.fen);
        assert_eq!(
            d.iter().map(|&(_, n)| n).sum::<u64>(),
            l.counts[2].1,
            "{}",
            l.fen
        );
        let mut moves: Vec<_> = d.iter().map(|&(m, _)| m).collect();
        moves.sort_by_key(|m| format!("{m:?}"));
        moves.dedup();
        assert_eq!(moves.len(), d.len(), "{}", l.fen);
    }
}

#[test]
#[ignore = "full depth: minutes in the test profile; run with --ignored (--release is faster)"]
fn chess_epd_full_depth() {
    check(common::chess(), &parse_epd(CHESS_EPD), u64::MAX);
}

#[test]
#[ignore = "full depth: minutes in the test profile; run with --ignored (--release is faster)"]
fn chess960_epd_full_depth() {
    check(common::chess960(), &parse_epd(CHESS960_EPD), u64::MAX);
}
