//! Threats in games of more than two seats: what quiescence's
//! stand-pat misses. The side to move answers threats to its own pieces
//! (standing pat says it has a quiet move that does) and tries its own
//! captures; a piece of another seat attacked by an enemy that moves
//! before that seat does cannot be saved by its own seat, and its partner
//! can at most defend it. Before this term a king of the partner left
//! attacked by the next enemy was invisible at the horizon under Regicide.
//! In a free-for-all every other seat is an enemy: a seat's piece attacked
//! by any seat moving before it, and undefended by its own, is as good as
//! lost (+37 ± 38 Elo in `fourway-ffa` with static pruning, 2026-12-08). A
//! free-for-all with check (not measured) or where armies change hands
//! (-30 Elo in `european-ffa`) keeps the term off.

use super::Eval;
use super::PAWN;
use super::multi::Parts;
use tetrarch_rules::{HasSliders, Kind, MAX_SEATS, Position, Seat};

/// Default percent of the value of a team seat's worst threatened piece
/// that the seat loses: `fourway-teams` at 4,000 nodes a move scored
/// 30.1% with 25 against 50 (-146 ± 41 Elo, 335 games) and 48.7% with 100
/// (-9 ± 37, 306 games).
pub const THREAT_PCT: i32 = 50;

impl Eval {
    /// Cells the pieces of `seat` other than pawns and royals reach.
    fn pieces_reach<B: HasSliders>(&self, pos: &Position<B>, seat: Seat, occ: B) -> B {
        let mut r = B::EMPTY;
        for k in 0..self.kinds {
            if (self.royal | self.pawn) & (1 << k) != 0 {
                continue;
            }
            for c in pos.pieces(seat, Kind(k as u8)).iter() {
                r |= pos.rules().piece_reach(seat, Kind(k as u8), c, occ);
            }
        }
        r
    }

    /// Threats the side to move cannot answer: a piece of another seat
    /// attacked by an enemy that moves before that seat does (and after
    /// the side to move, whose own captures quiescence tries), undefended
    /// or attacked by a pawn, is likely lost; its seat loses a share of
    /// the worst such piece's value (a royal piece's where it can be
    /// taken).
    pub(super) fn add_threats<B: HasSliders>(
        &self,
        pos: &Position<B>,
        parts: &mut Parts,
        occ: B,
        zones: &[B; MAX_SEATS],
        mut reach: [B; MAX_SEATS],
    ) {
        let seats = parts.seats;
        let mut pawn_att = [B::EMPTY; MAX_SEATS];
        for s in 0..seats {
            let seat = Seat(s as u8);
            if parts.sums[s].is_none() {
                if self.greys {
                    continue;
                }
                reach[s] = self.pieces_reach(pos, seat, occ);
            }
            for k in 0..self.kinds {
                if self.pawn & (1 << k) != 0 {
                    let kind = Kind(k as u8);
                    pawn_att[s] |= pos
                        .rules()
                        .capture_cells(seat, kind, pos.pieces(seat, kind));
                }
            }
            reach[s] |= pawn_att[s] | (zones[s] & !pos.royals(seat));
        }
        let turn = pos.turn().idx();
        for s in 0..seats {
            if s == turn || parts.sums[s].is_none() {
                continue;
            }
            let seat = Seat(s as u8);
            let mut defended = B::EMPTY;
            let (mut attacked, mut pawn_hits) = (B::EMPTY, B::EMPTY);
            for (a, r) in reach.iter().enumerate().take(seats) {
                if pos.allied(seat, Seat(a as u8)) {
                    defended |= *r;
                }
            }
            let mut t = (turn + 1) % seats;
            while t != s {
                if !pos.allied(seat, Seat(t as u8)) {
                    attacked |= reach[t];
                    pawn_hits |= pawn_att[t];
                }
                t = (t + 1) % seats;
            }
            let mut worst = 0;
            for c in (pos.seat_pieces(seat) & attacked).iter() {
                let Some(kind) = self.kind_on(pos, c) else {
                    continue;
                };
                let k = kind.idx();
                let loss = if self.royal & (1 << k) != 0 {
                    if self.check { 0 } else { self.w.royal_alive }
                } else if !defended.has(c) {
                    self.values[k]
                } else if pawn_hits.has(c) && self.pawn & (1 << k) == 0 {
                    self.values[k] - PAWN
                } else {
                    0
                };
                worst = worst.max(loss);
            }
            let pen = worst * self.w.threat_pct / 100;
            if let Some((_, smg, seg)) = &mut parts.sums[s] {
                *smg -= pen;
                *seg -= pen;
            }
        }
    }
}
