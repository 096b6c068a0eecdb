//! Move generation with more than two seats: regicide (no check, frozen
//! armies that capture or pass), combined armies, partner pawn swaps and
//! en passant entries per seat. The rules are in `docs/rules.md`.

use super::Sink;
use crate::attacks::HasSliders;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Seat};
use crate::position::Position;
use crate::rules::NONE;
use crate::variant::Forward;

/// Passes moves on and notes whether there were any.
struct Tally<'a, S> {
    inner: &'a mut S,
    any: bool,
}

impl<B: Bitboard, S: Sink<B>> Sink<B> for Tally<'_, S> {
    #[inline(always)]
    fn targets(&mut self, from: u8, targets: B) {
        self.any |= !targets.is_empty();
        self.inner.targets(from, targets);
    }
    #[inline(always)]
    fn promotions(&mut self, from: u8, targets: B, choices: &[Kind]) {
        self.any |= !targets.is_empty();
        self.inner.promotions(from, targets, choices);
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.any = true;
        self.inner.one(m);
    }
    #[inline(always)]
    fn shifted(&mut self, delta: i32, targets: B) {
        self.any |= !targets.is_empty();
        self.inner.shifted(delta, targets);
    }
    #[inline(always)]
    fn drops(&mut self, kind: Kind, targets: B) {
        self.any |= !targets.is_empty();
        self.inner.drops(kind, targets);
    }
    #[inline(always)]
    fn shifted_promotions(&mut self, delta: i32, targets: B, choices: &[Kind]) {
        self.any |= !targets.is_empty();
        self.inner.shifted_promotions(delta, targets, choices);
    }
}

/// The way opposite to `f`.
fn opposite(f: Forward) -> Forward {
    match f {
        Forward::North => Forward::South,
        Forward::South => Forward::North,
        Forward::East => Forward::West,
        Forward::West => Forward::East,
    }
}

impl<B: HasSliders> Position<B> {
    /// Legal moves of a game of more than two seats.
    pub(super) fn generate_multi<S: Sink<B>>(&self, sink: &mut S) {
        let r = self.rules;
        if self.teams_decided() {
            return;
        }
        if r.variant.rules.regicide {
            let frozen = self.royals(self.turn).is_empty();
            let mut tally = Tally {
                inner: &mut *sink,
                any: false,
            };
            self.generate_free(&mut tally, frozen);
            if frozen || !tally.any {
                sink.one(Move::new(0, 0, MoveKind::Pass));
            }
            return;
        }
        let side = self.moving_seats();
        if side == 1 << self.turn.0 {
            let royals = self.royals(self.turn);
            if r.pin_legality && royals.count() == 1 {
                return self.generate_by_pins(sink, royals.lsb());
            }
        }
        // A combined army (or an unusual set of royals): try every move.
        let mut pseudo = MoveList::new();
        for s in (0..r.seats()).filter(|s| side & (1 << s) != 0) {
            let mut seat_view = *self;
            seat_view.turn = Seat(s);
            seat_view.generate_free(&mut pseudo, false);
        }
        for &m in pseudo.iter() {
            if !self.after_for_test(m).any_royal_attacked(side) {
                sink.one(m);
            }
        }
    }

    /// Moves of the side to move by the rules of movement alone; with
    /// `captures_only`, those of a frozen army. Castling tests its path here
    /// where the variant has check; nothing else is tested.
    fn generate_free<S: Sink<B>>(&self, sink: &mut S, captures_only: bool) {
        let r = self.rules;
        let us = self.turn;
        let own = self.by_seat[us.idx()];
        let occ = self.occupied();
        let enemy = self.enemies(us);
        let target = if captures_only {
            enemy
        } else {
            !own & r.attacks.playable
        };
        for k in 0..r.kinds {
            let kind = Kind(k as u8);
            let pieces = self.pieces(us, kind);
            if pieces.is_empty() {
                continue;
            }
            let km = r.moves(us, kind);
            if let Some(shifts) = &km.shifts {
                self.emit_shifted(sink, kind, shifts, pieces, occ, enemy, target);
                continue;
            }
            for from in pieces.iter() {
                let t = self.piece_targets(us, kind, from, occ, enemy) & target;
                if !t.is_empty() {
                    self.emit(sink, kind, from, t);
                }
            }
        }
        if !captures_only {
            if !self.in_check() {
                self.generate_castling(sink, false, |c, o| self.attacked_by_enemies(c, us, o));
            }
            self.generate_swaps(sink);
        }
        self.generate_en_passant_multi(sink, false);
    }

    /// Partner pawn swaps of the side to move.
    pub(super) fn generate_swaps<S: Sink<B>>(&self, sink: &mut S) {
        let r = self.rules;
        if !r.variant.rules.partner_pawn_swap {
            return;
        }
        let us = self.turn;
        let back = opposite(r.variant.seats[us.idx()].forward);
        let pawns = self.union_of(r.pawn_kinds);
        let facing = (0..r.seats())
            .map(Seat)
            .filter(|&s| s != us && self.allied(us, s) && r.variant.seats[s.idx()].forward == back)
            .fold(B::EMPTY, |b, s| b | self.by_seat[s.idx()]);
        let facing = facing & pawns;
        if facing.is_empty() {
            return;
        }
        let mut kinds = r.pawn_kinds;
        while kinds != 0 {
            let kind = Kind(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
            let km = r.moves(us, kind);
            for from in self.pieces(us, kind).iter() {
                for to in (km.quiet[from] & facing).iter() {
                    sink.one(Move::new(from, to, MoveKind::Swap));
                }
            }
        }
    }

    /// En passant captures of the side to move on other seats' entries;
    /// with `test`, only those that leave no royal of the side attacked.
    pub(super) fn generate_en_passant_multi<S: Sink<B>>(&self, sink: &mut S, test: bool) {
        let r = self.rules;
        let us = self.turn;
        for s in 0..r.seats() {
            let target = self.eps[s as usize];
            if target == NONE || self.allied(us, Seat(s)) {
                continue;
            }
            let mut pawns = r.pawn_kinds;
            while pawns != 0 {
                let kind = Kind(pawns.trailing_zeros() as u8);
                pawns &= pawns - 1;
                let from = r.moves(us, kind).capture_from[target] & self.pieces(us, kind);
                for f in from.iter() {
                    let m = Move::new(f, target, MoveKind::EnPassant);
                    if !test || !self.after_for_test(m).royal_attacked(us) {
                        sink.one(m);
                    }
                }
            }
        }
    }
}
