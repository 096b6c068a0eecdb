//! Playing moves with more than two seats: en passant entries per seat,
//! frozen and removed armies, and the turn order of combined armies.
//! The rules are in `docs/rules.md` (4-Way Chess).

use super::Position;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, MAX_KINDS, Piece, Seat};
use crate::rules::NONE;
use crate::variant::MateRule;
use crate::zobrist;

impl<B: HasSliders> Position<B> {
    /// The cell one step beyond `target` in `seat`'s forward direction,
    /// where its pawn stands after skipping `target`.
    #[inline]
    pub(crate) fn ep_victim_of(&self, seat: Seat, target: u8) -> Option<u8> {
        self.rules.ahead[seat.idx()].from(target)
    }

    /// An entry stays while the skipped cell is empty and `seat`'s pawn
    /// still stands beyond it.
    pub(crate) fn ep_entry_valid(&self, seat: Seat, target: u8) -> bool {
        let pawns = self.union_of(self.rules.pawn_kinds);
        self.ep_entry_stands(seat, target, self.occupied(), pawns)
    }

    /// [`Position::ep_entry_valid`] given the occupied cells and the pawns.
    #[inline(always)]
    fn ep_entry_stands(&self, seat: Seat, target: u8, occ: B, pawns: B) -> bool {
        self.ep_victim_of(seat, target).is_some_and(|victim| {
            !occ.has(target) && pawns.has(victim) && self.by_seat[seat.idx()].has(victim)
        })
    }

    /// Kinds a pawn of `seat` may promote to now: with promotion to lost
    /// pieces, those of its choices the seat has fewer of than at the start;
    /// with a nation's limits, those its commander holds fewer of than the
    /// limit.
    #[inline]
    pub(crate) fn promotable_kinds(
        &self,
        seat: Seat,
        choices: &[Kind],
    ) -> ([Kind; MAX_KINDS], usize) {
        let r = &*self.rules;
        let lost_only = r.variant.rules.promote_to_lost;
        let limits = &r.promotion_limits[seat.idx()];
        let mut out = [Kind(0); MAX_KINDS];
        let mut n = 0;
        // A taken-over army gains no royal piece (it would be back in
        // play): where its nation's choices are royal, its pawns promote
        // as its commander's do ("plain pieces of your nation").
        let commander = self.commander_of(seat);
        let royal = |k: &Kind| r.variant.pieces[k.idx()].royal;
        let theirs: &[Kind] = match r.variant.seat_promotions.get(commander.idx()) {
            Some(c) if commander != seat && choices.iter().any(royal) => c,
            _ => &[],
        };
        for (i, &k) in choices.iter().chain(theirs).enumerate() {
            if out[..n].contains(&k) || (royal(&k) && commander != seat) {
                continue;
            }
            // The commander's choices come with the commander's limits.
            let limits = if i < choices.len() {
                limits
            } else {
                &r.promotion_limits[commander.idx()]
            };
            let lost = || {
                let have = self.pieces(seat, k).count();
                have < u32::from(r.start_counts[seat.idx()][k.idx()])
            };
            let limit = u32::from(limits[k.idx()]);
            let under_limit = || {
                // The player who promotes holds them: the army's commander,
                // its taken-over armies counted.
                limit == 0
                    || (self.kind_pieces(k) & self.commanded_pieces(commander)).count() < limit
            };
            if (!lost_only || lost()) && under_limit() {
                out[n] = k;
                n += 1;
            }
        }
        (out, n)
    }

    /// Whether the seat's promotion choices are filtered by what it holds
    /// (the lost-piece rule, or a nation's limits).
    #[inline(always)]
    pub(crate) fn filters_promotions(&self, seat: Seat) -> bool {
        self.rules.variant.rules.promote_to_lost || self.rules.limited_seats & (1 << seat.0) != 0
    }

    /// Seats that still have a royal piece (with flags, any piece), as a
    /// bit set.
    #[inline]
    pub fn alive_seats(&self) -> u8 {
        let royals = self.union_of(self.rules.alive_kinds);
        // All four seats, without branches: seats a variant lacks are empty,
        // and play asks this several times a move.
        let mut with_king = 0u8;
        for (s, &pieces) in self.by_seat.iter().enumerate() {
            with_king |= u8::from(!(royals & pieces).is_empty()) << s;
        }
        if self.rules.deploy_seats != 0 || self.rules.cargo_seats != 0 {
            // A royal piece in reserve (`power/deploy.rs`) or inside a
            // knight (`power/cargo.rs`) keeps its seat in.
            return (with_king | self.deploying_seats() | self.carrying_seats()) & !self.greyed;
        }
        with_king & !self.greyed
    }

    /// Seats of `seat`'s team, as a bit set.
    #[inline]
    pub fn team_seats(&self, seat: Seat) -> u8 {
        let all = (1u8 << self.rules.seats()) - 1;
        all & !self.rules.enemy_seats[seat.idx()]
    }

    /// Whether at most one team is still in (by the variant's `team_out`:
    /// with a seat that has a royal piece, or with every seat having one).
    #[inline]
    pub fn teams_decided(&self) -> bool {
        self.rules.decided[self.alive_seats() as usize]
    }

    /// The seats of the teams still in, as a bit set: once the game is
    /// decided, the winning team's seats.
    #[inline]
    pub fn standing_seats(&self) -> u8 {
        self.rules.standing[self.alive_seats() as usize]
    }

    /// With armies combining: the lone seat whose partners are all out while
    /// every opponent is in, and the opponent that comes first after it.
    // Inlined up to the usual answers (no combining, every seat in): play,
    // its mate test and move generation each ask, and the call alone was
    // 1.5% of four-player perft's instructions.
    #[inline(always)]
    fn lone_seat(&self, alive: u8) -> Option<(Seat, Seat)> {
        if !self.rules.variant.rules.combine_armies || alive == (1 << self.rules.seats()) - 1 {
            return None;
        }
        self.lone_seat_among(alive)
    }

    /// [`Position::lone_seat`] where some seat is out.
    #[inline(never)]
    fn lone_seat_among(&self, alive: u8) -> Option<(Seat, Seat)> {
        let n = self.rules.seats();
        (0..n).map(Seat).find_map(|s| {
            let team = self.team_seats(s);
            let enemies = self.rules.enemy_seats[s.idx()];
            let lone = alive & team == 1 << s.0 && team != 1 << s.0;
            (lone && alive & enemies == enemies && enemies.count_ones() >= 2)
                .then(|| (s, self.next_alive_after(s, alive)))
        })
    }

    /// The first seat after `seat` in turn order that is in `alive`.
    pub(crate) fn next_alive_after(&self, seat: Seat, alive: u8) -> Seat {
        let n = self.rules.seats();
        (1..=n)
            .map(|i| Seat((seat.0 + i) % n))
            .find(|s| alive & (1 << s.0) != 0)
            .unwrap_or(seat.next(n))
    }

    /// The seats whose pieces move now, as a bit set: the seat to move, or
    /// both seats of a combined army.
    #[inline]
    pub fn moving_seats(&self) -> u8 {
        if self.rules.transfers {
            return self.commanded_by(self.turn);
        }
        if self.rules.variant.rules.combine_armies {
            return self.moving_seats_among(self.alive_seats());
        }
        1 << self.turn.0
    }

    /// [`Position::moving_seats`] where `alive` is
    /// [`Position::alive_seats`], already known: move generation and play
    /// ask both, and finding the seats still in costs a look at every seat.
    #[inline]
    pub(crate) fn moving_seats_among(&self, alive: u8) -> u8 {
        if self.rules.transfers {
            return self.commanded_by(self.turn);
        }
        if self.rules.variant.rules.combine_armies
            && let Some((lone, first)) = self.lone_seat(alive)
            && first == self.turn
        {
            return alive & self.rules.enemy_seats[lone.idx()];
        }
        1 << self.turn.0
    }

    /// Whether a royal piece of any seat in `seats` is attacked.
    pub(crate) fn any_royal_attacked(&self, seats: u8) -> bool {
        (0..self.rules.seats())
            .filter(|s| seats & (1 << s) != 0)
            .any(|s| self.royal_attacked(Seat(s)))
    }

    /// The board after `m` alone, for legality tests: pieces, castling
    /// rights and the clock, but no turn change.
    pub(crate) fn after_for_test(&self, m: Move) -> super::Child<'_, B> {
        let mut next = self.child();
        if self.rules.multi {
            next.get_mut().play_board(m, self.moving_seats());
        } else {
            next.play_unchecked(m);
        }
        next
    }

    /// Play `m` in a game of more than two seats.
    pub(crate) fn play_multi(&mut self, m: Move) {
        // SAFETY: `r` is used only within this call, and not after
        // `play_transfer`, which may replace `self.rules` (Lightning's draws,
        // which never drop the rules they replace).
        #[allow(unsafe_code)]
        let r = unsafe { self.rules_apart() };
        if r.transfers {
            return self.play_transfer(m);
        }
        if r.scoring {
            return self.play_scored(m);
        }
        let (before, alive) = self.play_turn_seen(m);
        if r.variant.rules.checkmate == MateRule::Removes {
            self.remove_mated(alive);
        }
        self.count_fullmove(before);
    }

    /// Whether play removes a mated side to move (`remove_mated`, the
    /// Original rules' way): the games whose last two plies of perft
    /// [`Position::count_after_multi`] counts.
    #[inline(always)]
    pub(crate) fn removes_mated(&self) -> bool {
        let r = &*self.rules;
        r.multi && !r.transfers && !r.scoring && r.variant.rules.checkmate == MateRule::Removes
    }

    /// The number of legal moves after `m` (perft's last two plies) where
    /// a mated side to move leaves the board ([`Position::removes_mated`]).
    /// The moves are counted before asking whether that side is mated: a
    /// count above zero says it is not, as the count play makes after its
    /// check test would, so neither the check test (8% of four-player
    /// perft's instructions) nor a second count is needed; only a count of
    /// zero settles the position as play does and counts again. (The move
    /// number, which no count reads, is left as it was.)
    pub(crate) fn count_after_multi(&self, m: Move) -> u64 {
        let mut next = self.child();
        let alive = next.get_mut().play_turn_seen(m).1;
        let n = if self.rules.seat_state {
            next.count_legal_moves()
        } else {
            let mut c = crate::movegen::Counter(0);
            next.generate_multi_among(&mut c, alive);
            c.0
        };
        if n > 0 {
            return n;
        }
        next.get_mut().count_settled(alive)
    }

    /// After a count of zero: the mated side to move leaves the board, as
    /// play does, and the moves of the side then to move are counted.
    #[cold]
    #[inline(never)]
    fn count_settled(&mut self, alive: u8) -> u64 {
        self.remove_mated(alive);
        self.count_legal_moves()
    }

    /// The move and the turn passing on, without what a mate on the next
    /// turn does; returns the seat that moved.
    #[inline(always)]
    pub(super) fn play_turn(&mut self, m: Move) -> Seat {
        self.play_turn_seen(m).0
    }

    /// [`Position::play_turn`], returning also the seats still in after
    /// the move ([`Position::alive_seats`], found where a mate removes a
    /// seat or the turn order needs it, 0 otherwise), so that removing
    /// mated seats need not ask again: the seats still in, the lone seat
    /// and the side moving took 6% of four-player perft's instructions.
    #[inline(always)]
    fn play_turn_seen(&mut self, m: Move) -> (Seat, u8) {
        // SAFETY: `r` is used only within this call, which never replaces `self.rules`.
        #[allow(unsafe_code)]
        let r = unsafe { self.rules_apart() };
        let side = if r.transfers {
            self.commanded_by(self.turn)
        } else if r.variant.rules.combine_armies {
            self.moving_seats_among(self.alive_seats())
        } else {
            1 << self.turn.0
        };
        for s in 0..r.seats() as usize {
            if side & (1 << s) != 0 && self.eps[s] != NONE {
                self.hash ^= zobrist::en_passant(self.eps[s]);
                self.eps[s] = NONE;
            }
        }
        let before = self.turn;
        self.play_board(m, side);
        self.prune_ep_entries();
        let removes = r.variant.rules.checkmate == MateRule::Removes;
        let (next, alive) = if r.variant.rules.regicide {
            // Kingless seats play on (frozen): the turn goes round, past
            // seats with nothing left to move (a player who left).
            let alive = if removes { self.alive_seats() } else { 0 };
            (self.next_with_pieces(before), alive)
        } else {
            let alive = self.alive_seats();
            let next = match self.lone_seat(alive) {
                Some((lone, first)) if side == 1 << lone.0 => first,
                Some((lone, _)) if side.count_ones() > 1 => lone,
                _ => self.next_alive_after(before, alive),
            };
            (next, alive)
        };
        self.set_turn(next);
        (before, alive)
    }

    /// The next seat clockwise after `seat` with a piece on the board
    /// (`seat` itself if no other has one).
    #[inline(always)]
    fn next_with_pieces(&self, seat: Seat) -> Seat {
        let n = self.rules.seats();
        let mut next = seat.next(n);
        while next != seat && self.by_seat[next.idx()].is_empty() {
            next = next.next(n);
        }
        next
    }

    /// A new move number once the turn has gone round past the last seat.
    #[inline(always)]
    pub(super) fn count_fullmove(&mut self, before: Seat) {
        if self.turn.0 <= before.0 {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
    }

    pub(crate) fn set_turn(&mut self, seat: Seat) {
        self.hash ^= zobrist::turn(self.turn.idx()) ^ zobrist::turn(seat.idx());
        self.turn = seat;
    }

    /// A position read from outside, where players leave the board: the
    /// turn of a player already out passes on, and a player mated on their
    /// turn is removed, as play would have done.
    pub(crate) fn settle_turn(&mut self) {
        if self.rules.transfers {
            return self.settle_transfer_turn();
        }
        if self.rules.scoring {
            return self.settle_scored_turn();
        }
        if self.rules.variant.rules.checkmate != MateRule::Removes || self.teams_decided() {
            return;
        }
        let alive = self.alive_seats();
        if alive & (1 << self.turn.0) == 0 {
            let next = self.next_alive_after(self.turn, alive);
            self.set_turn(next);
        }
        self.remove_mated(self.alive_seats());
    }

    /// While the side to move is mated, its mated seats leave the board;
    /// `alive` is [`Position::alive_seats`] now.
    fn remove_mated(&mut self, mut alive: u8) {
        loop {
            if self.rules.decided[alive as usize] {
                return;
            }
            let side = self.moving_seats_among(alive);
            let checked = (0..self.rules.seats())
                .filter(|&s| side & (1 << s) != 0 && self.royal_attacked(Seat(s)))
                .fold(0u8, |m, s| m | 1 << s);
            if checked == 0 || self.count_legal_moves() > 0 {
                return;
            }
            for s in 0..self.rules.seats() {
                if checked & (1 << s) != 0 {
                    self.remove_seat(Seat(s));
                }
            }
            let rest = side & !checked;
            let next = if rest != 0 {
                Seat(rest.trailing_zeros() as u8)
            } else {
                self.next_alive_after(self.turn, self.alive_seats())
            };
            self.set_turn(next);
            alive = self.alive_seats();
        }
    }

    /// Take `seat` out of the game without a move (it resigned or ran out
    /// of time): its pieces leave the board, and if it was to move, the
    /// turn passes on as after a pass.
    pub fn retire_seat(&mut self, seat: Seat) {
        if !self.rules.multi {
            return;
        }
        if self.rules.transfers {
            self.retire_commander(seat);
            if self.rules.flags_to_win > 0 {
                self.settle_flags();
            }
        } else if self.rules.scoring {
            return self.retire_scored(seat);
        } else {
            self.remove_seat(seat);
        }
        if self.turn == seat {
            self.play_multi(Move::new(0, 0, MoveKind::Pass));
        }
    }

    /// Take every piece of `seat` off the board: it is out.
    pub(super) fn remove_seat(&mut self, seat: Seat) {
        if self.walkers & (1 << seat.0) != 0 {
            // A dead king walking taken: nothing of it is left to walk.
            self.walkers ^= 1 << seat.0;
            self.hash ^= zobrist::walker(seat.idx());
        }
        for cell in self.by_seat[seat.idx()].iter() {
            let kind = self.kind_at(cell);
            self.remove(Piece { seat, kind }, cell);
            self.clear_castling(B::bit(cell));
        }
        self.prune_ep_entries();
    }

    /// Drop en passant entries whose pawn has gone or whose skipped cell is taken.
    pub(super) fn prune_ep_entries(&mut self) {
        if self.eps == [NONE; crate::piece::MAX_SEATS] {
            return;
        }
        let (occ, pawns) = (self.occupied(), self.union_of(self.rules.pawn_kinds));
        for s in 0..self.rules.seats() as usize {
            let e = self.eps[s];
            if e != NONE && !self.ep_entry_stands(Seat(s as u8), e, occ, pawns) {
                self.hash ^= zobrist::en_passant(e);
                self.eps[s] = NONE;
            }
        }
    }

    /// Move the pieces of `m`: captures, promotion, castling, en passant,
    /// swaps, rights and the fifty-move clock. The mover is the owner of
    /// the piece on `from`.
    pub(crate) fn play_board(&mut self, m: Move, side: u8) {
        // SAFETY: `r` is used only within this call, which never replaces `self.rules`.
        #[allow(unsafe_code)]
        let r = unsafe { self.rules_apart() };
        let (from, to) = (m.from(), m.to());
        self.halfmoves = self.halfmoves.saturating_add(1);
        if m.kind() == MoveKind::Pass {
            return;
        }
        let us = if side == 1 << self.turn.0 {
            self.turn
        } else {
            match self.piece_at(from) {
                Some(p) => p.seat,
                None => return,
            }
        };
        if !self.by_seat[us.idx()].has(from) {
            return;
        }
        let mover = Piece {
            seat: us,
            kind: self.kind_at(from),
        };
        let occupied = self.occupied().has(to);
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if let Some(victim) = self.piece_at(to).filter(|_| occupied) {
                    self.remove(victim, to);
                    self.halfmoves = 0;
                    self.clear_castling(B::bit(to));
                    if r.variant.pieces[victim.kind.idx()].royal {
                        if r.scoring {
                            // Where points are scored, the army stays, grey.
                            self.grey_out(victim.seat);
                        } else if r.variant.rules.checkmate == MateRule::Removes {
                            // A king left en prise and taken: that player is out at once.
                            self.remove_seat(victim.seat);
                        } else if r.variant.rules.castling.is_some() {
                            // A frozen army never castles. (Where there is
                            // no castling the marks are other state: the
                            // idle pieces of a line-up, which stay idle
                            // when their commander changes.)
                            self.clear_castling(self.marks & self.by_seat[victim.seat.idx()]);
                        }
                    }
                }
                self.remove(mover, from);
                let landing = match m.kind() {
                    MoveKind::Promotion(k) => Piece { seat: us, kind: k },
                    _ => mover,
                };
                self.put(landing, to);
                let info = &r.variant.pieces[mover.kind.idx()];
                if info.pawn {
                    self.halfmoves = 0;
                    if r.variant.rules.en_passant {
                        self.mark_skipped(us, mover, from, to);
                    }
                }
                self.moved_for_castling(us, mover.kind, from);
            }
            MoveKind::Castle => {
                let c = r.variant.rules.castling.as_ref().expect("variant castles");
                let (kd, rd) = self.castle_targets(from, to);
                self.clear_castling(self.marks & self.by_seat[us.idx()] & r.back_rank[us.idx()]);
                let rook = Piece {
                    seat: us,
                    kind: c.rook,
                };
                self.remove(mover, from);
                self.remove(rook, to);
                self.put(mover, kd);
                self.put(rook, rd);
            }
            MoveKind::EnPassant => {
                let owner = (0..r.seats() as usize).find(|&s| self.eps[s] == to);
                if let Some(victim) = owner.and_then(|s| self.ep_victim_of(Seat(s as u8), to))
                    && let Some(p) = self.piece_at(victim)
                {
                    self.remove(p, victim);
                }
                self.remove(mover, from);
                self.put(mover, to);
                self.halfmoves = 0;
            }
            MoveKind::Swap => {
                if let Some(partner) = self.piece_at(to) {
                    self.remove(partner, to);
                    self.remove(mover, from);
                    self.put(mover, to);
                    self.put(partner, from);
                }
                self.halfmoves = 0;
            }
            MoveKind::Drop(_)
            | MoveKind::Pass
            | MoveKind::Action(_)
            | MoveKind::Power(_)
            | MoveKind::Roll(_)
            | MoveKind::Challenge
            | MoveKind::Consent(_)
            | MoveKind::Disembark => {}
        }
    }

    /// After a pawn move of `us`, give `us` an en passant entry if it was an
    /// initial multi-step.
    fn mark_skipped(&mut self, us: Seat, pawn: Piece, from: u8, to: u8) {
        let km = self.rules.moves(us, pawn.kind);
        for e in km
            .extra
            .iter()
            .filter(|e| e.initial && e.exact && e.range == 2 && e.moves)
        {
            if let Some(mid) = e.next.from(from)
                && e.next.from(mid) == Some(to)
            {
                if self.eps[us.idx()] != NONE {
                    self.hash ^= zobrist::en_passant(self.eps[us.idx()]);
                }
                self.eps[us.idx()] = mid;
                self.hash ^= zobrist::en_passant(mid);
                return;
            }
        }
    }
}
