//! Perft: count the leaf nodes of the legal move tree, counting the last
//! ply in bulk without playing its moves.

use crate::attacks::HasSliders;
use crate::moves::Move;
use crate::position::Position;

/// Leaf nodes at `depth` plies below `pos`.
///
/// ```
/// use tetrarch_rules::{Position, Variant, perft};
/// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
/// assert_eq!(perft(&pos, 3), 8902);
/// ```
pub fn perft<B: HasSliders>(pos: &Position<B>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        2 => pos
            .legal_moves()
            .iter()
            .map(|&m| pos.count_legal_moves_after(m))
            .sum(),
        _ => {
            let moves = pos.legal_moves();
            let mut n = 0;
            for &m in moves.iter() {
                let mut next = pos.child();
                next.play_unchecked(m);
                n += perft(&next, depth - 1);
            }
            n
        }
    }
}

/// Perft split by first move, in generation order.
pub fn divide<B: HasSliders>(pos: &Position<B>, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut next = pos.child();
            next.play_unchecked(m);
            (m, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
