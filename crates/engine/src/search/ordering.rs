//! Move ordering: transposition move, captures (keyed by the family's
//! evaluation: most valuable victim, least valuable attacker, and in chess
//! static exchange, so captures that lose material go after the quiet
//! moves), promotions, killers, history.

use super::{MAX_PLY, Searcher};
use crate::eval::{Evaluator, Searchable};
use tetrarch_rules::Seat;

/// Ordering key of the second killer: keys from here up are never reduced
/// or pruned as late quiet moves.
pub(super) const KILLER_KEY: i32 = (1 << 26) - 1;
/// Largest magnitude of a history entry (bonuses shrink as they near it).
pub(super) const HISTORY_MAX: i32 = 16_384;

impl<P: Searchable> Searcher<P> {
    pub(super) fn order_score(&self, pos: &P, m: P::Move, tt_move: Option<u32>, ply: usize) -> i32 {
        if Some(P::move_key(m)) == tt_move {
            return 1 << 30;
        }
        let mut s = 0;
        if pos.is_capture(m) {
            s = self.eval.capture_key(pos, m, self.multi);
            if s < 0 {
                return s;
            }
        }
        if pos.is_promotion(m) {
            s += self.eval.promotion_key(m);
        }
        if s != 0 {
            return s;
        }
        let k = &self.killers[ply.min(MAX_PLY - 1)];
        if m == k[0] {
            return 1 << 26;
        }
        if m == k[1] {
            return KILLER_KEY;
        }
        self.history[Self::hist_idx(pos.turn(), m)]
    }

    #[inline]
    pub(super) fn hist_idx(seat: Seat, m: P::Move) -> usize {
        let (from, to) = P::move_cells(m);
        seat.idx() * 65536 + from as usize * 256 + to as usize
    }
}

/// Move the best-keyed of `order[i..]` to slot `i` (a selection-sort
/// step: most nodes cut off after a few moves, so a full sort is waste).
#[inline]
pub(super) fn pick_best<M: Copy>(keys: &mut [i32], order: &mut [M], i: usize) -> M {
    let mut b = i;
    for j in i + 1..keys.len() {
        if keys[j] > keys[b] {
            b = j;
        }
    }
    keys.swap(i, b);
    order.swap(i, b);
    order[i]
}
