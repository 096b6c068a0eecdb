//! Capture ordering for the chess kernel: most valuable victim, least
//! valuable attacker, and static exchange evaluation (two seats) to put
//! captures that lose material after the quiet moves.

use super::Eval;
use crate::eval::{BAD_CAPTURE, GOOD_CAPTURE, PAWN};
use tetrarch_rules::{HasSliders, Kind, Move, MoveKind, Position, Seat};

/// Ordering value of a captured royal piece in games of more than two seats,
/// where kings can be taken: above every other victim.
const ROYAL_VICTIM: i32 = 5_000;
/// Value of a royal piece in static exchange evaluation: it may only
/// recapture last.
const SEE_ROYAL: i32 = 20_000;

impl Eval {
    /// The ordering key of capture `m` (see [`crate::eval::Evaluator::capture_key`]).
    #[inline]
    pub fn capture_key<B: HasSliders>(&self, pos: &Position<B>, m: Move, multi: bool) -> i32 {
        let victim = self.kind_on(pos, m.to()).map_or(PAWN, |k| {
            if multi && self.is_royal(k) {
                ROYAL_VICTIM
            } else {
                self.values[k.idx()].max(50)
            }
        });
        let attacker = self
            .kind_on(pos, m.from())
            .map_or(0, |k| self.values[k.idx()]);
        if !multi
            && m.promotion().is_none()
            && (attacker > victim
                || self
                    .kind_on(pos, m.from())
                    .is_some_and(|k| self.is_royal(k)))
            && !self.see_ge(pos, m, 0)
        {
            return BAD_CAPTURE + victim * 64 - attacker / 8;
        }
        GOOD_CAPTURE + victim * 64 - attacker / 8
    }

    /// Value of `kind` in static exchange evaluation.
    #[inline]
    fn see_value(&self, kind: Kind) -> i32 {
        if self.is_royal(kind) {
            SEE_ROYAL
        } else {
            self.values[kind.idx()]
        }
    }

    /// The least valuable of `attackers` (all of one seat): cell and kind.
    #[inline]
    fn least_valuable<B: HasSliders>(&self, pos: &Position<B>, attackers: B) -> (u8, Kind) {
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
    pub fn see_ge<B: HasSliders>(&self, pos: &Position<B>, m: Move, threshold: i32) -> bool {
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {}
            _ => return threshold <= 0,
        }
        let (from, to) = (m.from(), m.to());
        let victim = self.kind_on(pos, to).map_or(0, |k| self.see_value(k));
        let mut swap = victim - threshold;
        if swap < 0 {
            return false;
        }
        let Some(attacker) = self.kind_on(pos, from) else {
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
            if self.is_royal(kind) {
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
