//! Perft for any rules family: leaf nodes of the legal move tree, the last
//! ply counted without playing its moves.

use super::{GamePosition, PlayInPlace};
use crate::moves::MoveList;

/// Leaf nodes at `depth` plies below `pos`.
///
/// ```
/// use tetrarch_rules::{Position, Variant, family};
/// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
/// assert_eq!(family::perft(&pos, 3), 8902);
/// ```
pub fn perft<P: GamePosition>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut next = pos.child();
                    next.play_unchecked(m);
                    perft(&*next, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by first move, in generation order.
pub fn divide<P: GamePosition>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut next = pos.child();
            next.play_unchecked(m);
            (m, perft(&*next, depth.saturating_sub(1)))
        })
        .collect()
}
