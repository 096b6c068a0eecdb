//! Move ordering: transposition move, captures by most valuable victim
//! and least valuable attacker, promotions, killers, history; captures
//! that lose material by static exchange evaluation go after the quiet
//! moves.

use super::{MAX_PLY, Searcher};
use tetrarch_rules::{HasSliders, Kind, Move, MoveKind, MoveList, Position, Seat};

/// Ordering value of a captured royal piece in games of more than two seats,
/// where kings can be taken: above every other victim.
const ROYAL_VICTIM: i32 = 5_000;
/// Value of a royal piece in static exchange evaluation: it may only
/// recapture last.
const SEE_ROYAL: i32 = 20_000;
/// Ordering key of a capture that loses material by static exchange: after
/// the quiet moves (history stays within +-2^20).
const BAD_CAPTURE: i32 = -(1 << 27);

impl<B: HasSliders> Searcher<B> {
    #[inline]
    pub(super) fn is_capture(pos: &Position<B>, m: Move) -> bool {
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => pos.occupied().has(m.to()),
            MoveKind::EnPassant => true,
            _ => false,
        }
    }

    pub(super) fn order_score(
        &self,
        pos: &Position<B>,
        m: Move,
        tt_move: Option<Move>,
        ply: usize,
    ) -> i32 {
        if Some(m) == tt_move {
            return 1 << 30;
        }
        let e = &self.eval;
        let mut s = 0;
        let capture = Self::is_capture(pos, m);
        if capture {
            let victim = e.kind_on(pos, m.to()).map_or(crate::eval::PAWN, |k| {
                if self.multi && e.is_royal(k) {
                    ROYAL_VICTIM
                } else {
                    e.values[k.idx()].max(50)
                }
            });
            let attacker = e.kind_on(pos, m.from()).map_or(0, |k| e.values[k.idx()]);
            if !self.multi
                && m.promotion().is_none()
                && (attacker > victim || e.kind_on(pos, m.from()).is_some_and(|k| e.is_royal(k)))
                && !self.see_ge(pos, m, 0)
            {
                return BAD_CAPTURE + victim * 64 - attacker / 8;
            }
            s = (1 << 28) + victim * 64 - attacker / 8;
        }
        if let MoveKind::Promotion(k) = m.kind() {
            s += (1 << 27) + e.values[k.idx()];
        }
        if s != 0 {
            return s;
        }
        let k = &self.killers[ply.min(MAX_PLY - 1)];
        if m == k[0] {
            return 1 << 26;
        }
        if m == k[1] {
            return (1 << 26) - 1;
        }
        self.history[Self::hist_idx(pos.turn(), m)]
    }

    #[inline]
    pub(super) fn hist_idx(seat: Seat, m: Move) -> usize {
        seat.idx() * 65536 + m.from() as usize * 256 + m.to() as usize
    }

    /// Value of `kind` in static exchange evaluation.
    #[inline]
    fn see_value(&self, kind: Kind) -> i32 {
        if self.eval.is_royal(kind) {
            SEE_ROYAL
        } else {
            self.eval.values[kind.idx()]
        }
    }

    /// The least valuable of `attackers` (all of one seat): cell and kind.
    #[inline]
    fn least_valuable(&self, pos: &Position<B>, attackers: B) -> (u8, Kind) {
        let mut best = (attackers.lsb(), Kind(0));
        let mut best_value = i32::MAX;
        for k in 0..pos.variant().pieces.len() {
            let kind = Kind(k as u8);
            let bb = attackers & pos.kind_pieces(kind);
            if !bb.is_empty() {
                let v = self.see_value(kind);
                if v < best_value {
                    best_value = v;
                    best = (bb.lsb(), kind);
                }
            }
        }
        best
    }

    /// Static exchange evaluation (two seats): whether the exchange sequence
    /// on the target of capture `m`, each side recapturing with its least
    /// valuable attacker and free to stop, wins at least `threshold`. Pins,
    /// promotions and drops are ignored; x-rays are found by recomputing
    /// the attackers with the exchanged pieces removed. With drops a
    /// captured piece also goes to hand, which scales every gain alike, so
    /// the sign against threshold 0 stays right.
    pub(super) fn see_ge(&self, pos: &Position<B>, m: Move, threshold: i32) -> bool {
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {}
            _ => return threshold <= 0,
        }
        let (from, to) = (m.from(), m.to());
        let e = &self.eval;
        let victim = e.kind_on(pos, to).map_or(0, |k| self.see_value(k));
        let mut swap = victim - threshold;
        if swap < 0 {
            return false;
        }
        let Some(attacker) = e.kind_on(pos, from) else {
            return true;
        };
        swap = self.see_value(attacker) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = pos.occupied() ^ B::bit(from) ^ B::bit(to);
        let mut stm = pos.turn();
        let mut res = 1;
        loop {
            stm = Seat(stm.0 ^ 1);
            let attackers = pos.attackers_to(to, stm, occ) & occ;
            if attackers.is_empty() {
                break;
            }
            res ^= 1;
            let (cell, kind) = self.least_valuable(pos, attackers);
            if e.is_royal(kind) {
                // A royal piece recaptures only onto an undefended cell.
                let theirs = pos.attackers_to(to, Seat(stm.0 ^ 1), occ) & occ;
                return (if theirs.is_empty() { res } else { res ^ 1 }) != 0;
            }
            swap = self.see_value(kind) - swap;
            if swap < res {
                break;
            }
            occ ^= B::bit(cell);
        }
        res != 0
    }
}

/// Move the best-keyed of `order[i..]` to slot `i` (a selection-sort
/// step: most nodes cut off after a few moves, so a full sort is waste).
#[inline]
pub(super) fn pick_best(keys: &mut [i32], order: &mut MoveList, i: usize) -> Move {
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
