//! The exact order of `legal_moves()`, as UCI strings. Engine move ordering
//! and `perft divide` output depend on it, so a change must be deliberate:
//! update the lists here in the same commit.
//!
//! The order today (set-wise generation): pawns first — single pushes,
//! then captures, then double steps, each group by target cell, and
//! promotions as knight, bishop, rook, queen; then knights, bishops, rooks
//! and queens by from-cell (a1 .. h8) with targets low to high; then king
//! steps, castling (queenside rook first), en passant last.

use crate::common;

use common::{pos, uci_moves};
use tetrarch_rules::divide;

fn check(fen: &str, expected: &[&str]) {
    let p = pos(fen);
    let got = uci_moves(&p);
    assert_eq!(got, expected, "move order changed in {fen}");
    // perft divide lists the moves in the same order.
    let d: Vec<String> = divide(&p, 1)
        .into_iter()
        .map(|(m, _)| common::uci(&p, m))
        .collect();
    assert_eq!(d, expected, "divide order in {fen}");
}

#[test]
fn start_position_order() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "a2a4", "b2b4", "c2c4",
            "d2d4", "e2e4", "f2f4", "g2g4", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
        ],
    );
}

#[test]
fn kiwipete_order() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[
            "a2a3", "b2b3", "g2g3", "d5d6", "g2h3", "d5e6", "a2a4", "g2g4", "c3b1", "c3d1", "c3a4",
            "c3b5", "e5d3", "e5c4", "e5g4", "e5c6", "e5g6", "e5d7", "e5f7", "d2c1", "d2e3", "d2f4",
            "d2g5", "d2h6", "e2d1", "e2f1", "e2d3", "e2c4", "e2b5", "e2a6", "a1b1", "a1c1", "a1d1",
            "h1f1", "h1g1", "f3d3", "f3e3", "f3g3", "f3h3", "f3f4", "f3g4", "f3f5", "f3h5", "f3f6",
            "e1d1", "e1f1", "e1c1", "e1g1",
        ],
    );
}

#[test]
fn promotion_order() {
    check(
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        &[
            "g2g1n", "g2g1b", "g2g1r", "g2g1q", "g2f1n", "g2f1b", "g2f1r", "g2f1q", "g2h1n",
            "g2h1b", "g2h1r", "g2h1q", "a8b6", "a8c7", "c8b6", "c8d6", "c8a7", "c8e7", "d7c6",
            "d7d6", "d7e6", "d7c7", "d7e7", "d7e8",
        ],
    );
}

#[test]
fn en_passant_order() {
    check(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        &[
            "a2a3", "b2b3", "c2c3", "d2d3", "f2f3", "g2g3", "h2h3", "e5e6", "a2a4", "b2b4", "c2c4",
            "d2d4", "f2f4", "g2g4", "h2h4", "b1a3", "b1c3", "g1e2", "g1f3", "g1h3", "f1e2", "f1d3",
            "f1c4", "f1b5", "f1a6", "d1e2", "d1f3", "d1g4", "d1h5", "e1e2", "e5f6",
        ],
    );
}
