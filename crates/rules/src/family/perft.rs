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
        2 => {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            moves.iter().map(|&m| pos.count_legal_moves_after(m)).sum()
        }
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
    divide_with(pos, depth, &mut |_, _| {})
}

/// Perft split by first move, in generation order, telling `progress`
/// `(first moves done, first moves in all)` before the first and after
/// each: long counts can show how far they are.
///
/// ```
/// use tetrarch_rules::{Position, Variant, family};
/// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
/// let mut calls = Vec::new();
/// let split = family::divide_with(&pos, 2, &mut |done, all| calls.push((done, all)));
/// assert_eq!(split.iter().map(|s| s.1).sum::<u64>(), 400);
/// assert_eq!((calls[0], calls[20]), ((0, 20), (20, 20)));
/// ```
pub fn divide_with<P: GamePosition>(
    pos: &P,
    depth: u32,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<(P::Move, u64)> {
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    let all = moves.len();
    progress(0, all);
    let mut split = Vec::with_capacity(all);
    for &m in moves.iter() {
        let mut next = pos.child();
        next.play_unchecked(m);
        split.push((m, perft(&*next, depth.saturating_sub(1))));
        progress(split.len(), all);
    }
    split
}
