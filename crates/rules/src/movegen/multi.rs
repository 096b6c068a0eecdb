//! Move generation with more than two seats: regicide (no check, frozen
//! armies that capture or pass), combined armies, partner pawn swaps and
//! en passant entries per seat. The rules are in `docs/rules.md`.

use super::Sink;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Seat};
use crate::position::Position;
use crate::rules::NONE;

impl<B: HasSliders> Position<B> {
    /// Legal moves of a game of more than two seats.
    #[inline(never)]
    pub(super) fn generate_multi<S: Sink<B>>(&self, sink: &mut S) {
        self.generate_multi_among(sink, self.alive_seats());
    }

    /// [`Position::generate_multi`] where `alive` is
    /// [`Position::alive_seats`], already known: perft's count after a
    /// move has it from play (2.8% of four-player perft asked it twice).
    #[inline(never)]
    pub(crate) fn generate_multi_among<S: Sink<B>>(&self, sink: &mut S, alive: u8) {
        let r = &*self.rules;
        if r.decided[alive as usize] {
            return;
        }
        if r.variant.rules.regicide {
            let frozen = self.royals(self.turn).is_empty();
            let before = sink.taken();
            self.generate_free(sink, frozen);
            if frozen || sink.taken() == before {
                sink.one(Move::new(0, 0, MoveKind::Pass));
            }
            return;
        }
        if r.transfers {
            return self.generate_transfer(sink);
        }
        if r.scoring && self.silent_seats() != 0 {
            return self.generate_among_grey(sink);
        }
        let side = self.moving_seats_among(alive);
        if side == 1 << self.turn.0 {
            let royals = self.royals(self.turn);
            if r.pin_legality && royals.count() == 1 {
                // Taking a king removes its whole army, which can lift a check or
                // a pin: such captures are tried one by one.
                let kings = self.union_of(r.royal_kinds) & self.enemies(self.turn);
                let riders = self.generate_by_pins(sink, royals.lsb(), kings);
                if !kings.is_empty() {
                    self.generate_king_captures(sink, kings, riders);
                }
                return;
            }
        }
        // A combined army (or an unusual set of royals): try every move.
        let mut pseudo = MoveList::new();
        for s in (0..r.seats()).filter(|s| side & (1 << s) != 0) {
            let mut seat_view = self.child();
            seat_view.get_mut().turn = Seat(s);
            seat_view.generate_free(&mut pseudo, false);
        }
        for &m in pseudo.iter() {
            if !self.after_for_test(m).any_royal_attacked(side) {
                sink.one(m);
            }
        }
    }

    /// Legal moves where some armies are grey (points variants): their
    /// pieces stand in the way and may be taken but attack nothing, which
    /// the pin-based generator cannot see; every move is tried.
    #[cold]
    #[inline(never)]
    fn generate_among_grey<S: Sink<B>>(&self, sink: &mut S) {
        let us = self.turn;
        let mut pseudo = MoveList::new();
        if self.walkers & (1 << us.0) != 0 {
            self.generate_walk(&mut pseudo);
        } else {
            self.generate_free(&mut pseudo, false);
        }
        for &m in pseudo.iter() {
            if !self.after_for_test(m).royal_attacked(us) {
                sink.one(m);
            }
        }
    }

    /// The steps of a dead king walking: its king's moves, no castling, onto
    /// any cell but a king's; its own army is dead too, and as chess.com's
    /// records show, the king may take its own pieces.
    fn generate_walk<S: Sink<B>>(&self, sink: &mut S) {
        let r = &*self.rules;
        let us = self.turn;
        let occ = self.occupied();
        let kings = self.union_of(r.royal_kinds);
        for from in (self.by_seat[us.idx()] & kings).iter() {
            let kind = self.kind_at(from);
            let t = self.piece_targets(us, kind, from, occ, occ & !kings) & !kings;
            self.emit(sink, kind, from, t & r.attacks.playable);
        }
    }

    /// Captures of the royal pieces on `kings` that leave no royal of the
    /// side to move attacked. `riders`, where the generator found them,
    /// holds the pieces whose rides reach a king (and perhaps others).
    fn generate_king_captures<S: Sink<B>>(&self, sink: &mut S, kings: B, riders: Option<B>) {
        let r = &*self.rules;
        let us = self.turn;
        let own = self.by_seat[us.idx()];
        let occ = self.occupied();
        // Most positions have no king to take: find the takers from the
        // kings, riders by their open lines first (only rides and leaps
        // capture here, as `pin_legality` holds).
        let orth = self.union_of(r.orth_kinds) & own;
        let diag = self.union_of(r.diag_kinds) & own;
        let leapers = self.union_of(r.leap_kinds) & own;
        let mut takers = riders.unwrap_or(B::EMPTY);
        for k in kings.iter() {
            if riders.is_none() {
                let lines = (r.attacks.rook_open(k) & orth) | (r.attacks.bishop_open(k) & diag);
                for s in lines.iter() {
                    if (r.attacks.between(k, s) & occ).is_empty() {
                        takers |= B::bit(s);
                    }
                }
            }
            if !(r.leap_reach[k] & leapers).is_empty() {
                takers |= self.own_leapers_to(k, us);
            }
        }
        if takers.is_empty() {
            return;
        }
        let enemy = self.enemies(us);
        let mut caps = MoveList::new();
        for from in takers.iter() {
            let kind = self.kind_at(from);
            let t = self.piece_targets(us, kind, from, occ, enemy) & kings;
            if !t.is_empty() {
                self.emit(&mut caps, kind, from, t);
            }
        }
        for &m in caps.iter() {
            if !self.after_for_test(m).royal_attacked(us) {
                sink.one(m);
            }
        }
    }

    /// Pieces of `us` whose leap lands on `cell`.
    #[inline(always)]
    fn own_leapers_to(&self, cell: u8, us: Seat) -> B {
        let r = &*self.rules;
        let own = self.by_seat[us.idx()];
        let mut att = B::EMPTY;
        let mut leapers = r.leap_kinds;
        while leapers != 0 {
            let k = leapers.trailing_zeros() as usize;
            leapers &= leapers - 1;
            att |= r.moves(us, Kind(k as u8)).capture_from[cell] & self.by_kind[k] & own;
        }
        att
    }

    /// Moves of the side to move by the rules of movement alone; with
    /// `captures_only`, those of a frozen army. Castling tests its path here
    /// where the variant has check; nothing else is tested.
    fn generate_free<S: Sink<B>>(&self, sink: &mut S, captures_only: bool) {
        let r = &*self.rules;
        let us = self.turn;
        let own = self.by_seat[us.idx()];
        let occ = self.occupied();
        let enemy = self.enemies(us);
        let target = if captures_only {
            enemy
        } else {
            !own & r.attacks.playable
        };
        self.generate_kinds(sink, occ, enemy, target);
        if !captures_only {
            if !self.in_check() {
                self.generate_castling(sink, false, |c, o| self.attacked_by_live(c, us, o));
            }
            self.generate_swaps(sink);
        }
        self.generate_en_passant_multi(sink, false);
    }

    /// Moves of every piece of the seat to move onto `target`, where
    /// `enemy` holds the pieces it may capture.
    #[inline(always)]
    pub(super) fn generate_kinds<S: Sink<B>>(&self, sink: &mut S, occ: B, enemy: B, target: B) {
        let r = &*self.rules;
        let us = self.turn;
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
            if r.pure_riders[us.idx()] & (1 << k) != 0 {
                // A pure line rider (rook, bishop, queen), kept lean as in `generate_by_pins`.
                let avail = (!occ | enemy) & target;
                for from in pieces.iter() {
                    sink.targets(from, r.ride(km, from, occ) & avail);
                }
                continue;
            }
            for from in pieces.iter() {
                let t = self.piece_targets(us, kind, from, occ, enemy) & target;
                if !t.is_empty() {
                    self.emit(sink, kind, from, t);
                }
            }
        }
    }

    /// Partner pawn swaps of the side to move.
    pub(super) fn generate_swaps<S: Sink<B>>(&self, sink: &mut S) {
        let r = &*self.rules;
        let us = self.turn;
        let partners = r.swap_partners[us.idx()];
        if partners == 0 {
            return;
        }
        let pawns = self.union_of(r.pawn_kinds);
        let ours = self.by_seat[us.idx()] & pawns;
        let facing = self.armies_pieces(partners) & pawns;
        if facing.is_empty() || ours.is_empty() {
            return;
        }
        // A frozen partner's pawns stay where they stand; most positions
        // have no swap, so they are left out only where a swap is found.
        let unfrozen = || {
            let royals = self.union_of(r.royal_kinds);
            let live = (0..r.seats())
                .filter(|&s| {
                    partners & (1 << s) != 0 && !(self.by_seat[s as usize] & royals).is_empty()
                })
                .fold(0u8, |m, s| m | 1 << s);
            self.armies_pieces(live)
        };
        let mut kinds = r.pawn_kinds;
        while kinds != 0 {
            let kind = Kind(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
            let km = r.moves(us, kind);
            let pieces = self.pieces(us, kind);
            // Set-wise where the pawn's step is a shift: most positions have no swap.
            if let Some(step) = km
                .shifts
                .as_ref()
                .and_then(|sh| sh.steps.iter().find(|st| st.moves && !st.captures))
            {
                let mut t = (pieces & step.src).shift(step.delta) & facing;
                if !t.is_empty() {
                    t &= unfrozen();
                }
                for to in t.iter() {
                    sink.one(Move::new(
                        (to as i32 - step.delta) as u8,
                        to,
                        MoveKind::Swap,
                    ));
                }
                continue;
            }
            for from in pieces.iter() {
                let mut t = km.quiet[from] & facing;
                if !t.is_empty() {
                    t &= unfrozen();
                }
                for to in t.iter() {
                    sink.one(Move::new(from, to, MoveKind::Swap));
                }
            }
        }
    }

    /// En passant captures of the side to move on other seats' entries;
    /// with `test`, only those that leave no royal of the side attacked.
    pub(super) fn generate_en_passant_multi<S: Sink<B>>(&self, sink: &mut S, test: bool) {
        if self.eps == [NONE; crate::piece::MAX_SEATS] {
            return;
        }
        let r = &*self.rules;
        let us = self.turn;
        // Only enemy seats' entries can be taken.
        let mut seats = r.enemy_seats[us.idx()];
        while seats != 0 {
            let target = self.eps[seats.trailing_zeros() as usize];
            seats &= seats - 1;
            if target == NONE {
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
