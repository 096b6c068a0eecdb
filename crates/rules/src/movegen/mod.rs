//! Legal move generation for every chess-like variant: pseudo-legal targets
//! from the compiled movement tables, made legal by pins and check masks
//! where the variant allows it, by trying each move otherwise.

mod armies;
mod castling;
mod multi;

use crate::attacks::HasSliders;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, Seat};
use crate::position::Position;
use crate::rules::NONE;

/// Receives generated moves, as sets of targets or one by one.
pub(crate) trait Sink<B> {
    /// Normal moves from `from` to each cell of `targets`.
    fn targets(&mut self, from: u8, targets: B);
    /// Promotions from `from` to each cell of `targets`, once per choice.
    fn promotions(&mut self, from: u8, targets: B, choices: &[Kind]);
    /// One move.
    fn one(&mut self, m: Move);
    /// Normal moves to each cell of `targets`, each from `delta` cells back.
    fn shifted(&mut self, delta: i32, targets: B);
    /// Drops of `kind` onto each cell of `targets`.
    fn drops(&mut self, kind: Kind, targets: B);
    /// Promotions to each cell of `targets` from `delta` cells back, once per choice.
    fn shifted_promotions(&mut self, delta: i32, targets: B, choices: &[Kind]);
    /// How many moves the sink has taken so far.
    fn taken(&self) -> u64;
}

impl<B: Bitboard> Sink<B> for MoveList {
    #[inline(always)]
    fn taken(&self) -> u64 {
        self.len() as u64
    }
    #[inline(always)]
    fn targets(&mut self, from: u8, targets: B) {
        for to in targets.iter() {
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, from: u8, targets: B, choices: &[Kind]) {
        for to in targets.iter() {
            for &k in choices {
                self.push(Move::new(from, to, MoveKind::Promotion(k)));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
    #[inline(always)]
    fn drops(&mut self, kind: Kind, targets: B) {
        for to in targets.iter() {
            self.push(Move::new(to, to, MoveKind::Drop(kind)));
        }
    }
    #[inline(always)]
    fn shifted(&mut self, delta: i32, targets: B) {
        for to in targets.iter() {
            self.push(Move::new((to as i32 - delta) as u8, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn shifted_promotions(&mut self, delta: i32, targets: B, choices: &[Kind]) {
        for to in targets.iter() {
            for &k in choices {
                self.push(Move::new(
                    (to as i32 - delta) as u8,
                    to,
                    MoveKind::Promotion(k),
                ));
            }
        }
    }
}

/// Counts moves without listing them: perft's last ply.
pub(crate) struct Counter(pub u64);

impl<B: Bitboard> Sink<B> for Counter {
    #[inline(always)]
    fn taken(&self) -> u64 {
        self.0
    }
    #[inline(always)]
    fn targets(&mut self, _: u8, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, _: u8, targets: B, choices: &[Kind]) {
        self.0 += targets.count() as u64 * choices.len() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn drops(&mut self, _: Kind, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn shifted(&mut self, _: i32, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn shifted_promotions(&mut self, _: i32, targets: B, choices: &[Kind]) {
        self.0 += targets.count() as u64 * choices.len() as u64;
    }
}

impl<B: HasSliders> Position<B> {
    /// Every legal move, in generation order: piece kinds in variant order
    /// (kinds that only leap, such as pawns and knights, grouped by leap
    /// direction, others by origin cell), then castling and en passant.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// [`Position::legal_moves`] written into `list` (cleared first): a
    /// search keeps its lists in place instead of copying 4 KiB a node.
    ///
    /// ```
    /// use tetrarch_rules::{MoveList, Position, Variant};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let mut list = MoveList::new();
    /// Position::<u64>::start(&chess).legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 20);
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list);
    }

    /// Number of legal moves, without listing them.
    // Always inlined: perft's last ply is this call, and the inliner's
    // choice for it moved with unrelated code (0.5% of 4-Way perft).
    #[inline(always)]
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// Number of legal moves after the legal move `m`: perft's last two
    /// plies, counted as `child`, `play_unchecked` and `count_legal_moves`
    /// would count them, with less work where a mated side to move leaves
    /// the board (see `Position::count_after_multi`).
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant};
    /// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
    /// let m = pos.legal_moves()[0];
    /// assert_eq!(pos.count_legal_moves_after(m), 20);
    /// ```
    #[inline(always)]
    pub fn count_legal_moves_after(&self, m: Move) -> u64 {
        if self.removes_mated() {
            return self.count_after_multi(m);
        }
        let mut next = self.child();
        next.play_unchecked(m);
        next.count_legal_moves()
    }

    // Inlined into each caller, with its parts below: compiled inside this
    // crate (perft behind `AnyGame`) the inliner otherwise keeps them calls,
    // 4% more instructions in perft; the engine's search is unchanged.
    #[inline(always)]
    pub(crate) fn generate<S: Sink<B>>(&self, sink: &mut S) {
        if self.rules.seat_state {
            return self.generate_with_seat_state(sink);
        }
        self.generate_pieces(sink);
    }

    /// Moves of pieces (and drops), without the variant's actions.
    #[inline(always)]
    pub(crate) fn generate_pieces<S: Sink<B>>(&self, sink: &mut S) {
        let r = &*self.rules;
        if r.multi {
            return self.generate_multi(sink);
        }
        if r.pin_legality {
            let royals = self.royals(self.turn);
            if royals.count() == 1 {
                self.generate_by_pins(sink, royals.lsb(), B::EMPTY);
                return;
            }
        }
        let mut pseudo = MoveList::new();
        self.generate_pseudo(&mut pseudo);
        let us = self.turn;
        for &m in pseudo.iter() {
            if !r.variant.rules.check || {
                let mut next = self.child();
                next.play_unchecked(m);
                !next.royal_attacked(us)
            } {
                sink.one(m);
            }
        }
    }

    /// Targets of the piece of `kind` on `from`, before any legality test.
    #[inline(always)]
    pub(crate) fn piece_targets(&self, us: Seat, kind: Kind, from: u8, occ: B, enemy: B) -> B {
        let r = &*self.rules;
        let km = r.moves(us, kind);
        let mut t = B::EMPTY;
        if km.leaps {
            t = (km.quiet[from] & !occ) | (km.capture[from] & enemy);
        }
        // Line rides always both move and capture (see `Rules::new`).
        t |= r.ride(km, from, occ) & (!occ | enemy);
        if km.extra.is_empty() {
            return t;
        }
        for e in &km.extra {
            if e.initial && !km.initial_cells.has(from) {
                continue;
            }
            let (empty, blocker) = e.reach(from, occ);
            if e.moves {
                t |= empty;
            }
            if let Some(c) = blocker.filter(|&c| e.captures && enemy.has(c)) {
                t |= B::bit(c);
            }
        }
        t
    }

    /// Whether a rider of `orth` or `diag` reaches `cell` through `occ`:
    /// those on its open lines, then their paths, which beats computing
    /// the cell's attacks on wide boards, where few riders line up.
    #[inline(always)]
    pub(crate) fn ridden_to(&self, cell: u8, orth: B, diag: B, occ: B) -> bool {
        let a = &self.rules.attacks;
        let riders = (a.rook_open(cell) & orth) | (a.bishop_open(cell) & diag);
        riders.iter().any(|s| (a.between(cell, s) & occ).is_empty())
    }

    /// Enemy pieces whose leap lands on `cell`.
    #[inline(always)]
    fn leaper_attackers(&self, cell: u8, us: Seat) -> B {
        let r = &*self.rules;
        let mut att = B::EMPTY;
        let mut seats = r.enemy_seats[us.idx()];
        while seats != 0 {
            let seat = Seat(seats.trailing_zeros() as u8);
            seats &= seats - 1;
            let theirs = self.by_seat[seat.idx()];
            let mut leapers = r.leap_kinds;
            while leapers != 0 {
                let k = leapers.trailing_zeros() as usize;
                leapers &= leapers - 1;
                att |= r.moves(seat, Kind(k as u8)).capture_from[cell] & self.by_kind[k] & theirs;
            }
        }
        att
    }

    /// Whether an enemy leap lands on `cell`. (Not `leaper_attackers(..)
    /// != EMPTY`: stopping at the first hit measured 4% fewer instructions
    /// in perft, where this runs for every king target.)
    #[inline(always)]
    pub(crate) fn leaper_attacks(&self, cell: u8, us: Seat) -> bool {
        let r = &*self.rules;
        let mut seats = r.enemy_seats[us.idx()];
        while seats != 0 {
            let seat = Seat(seats.trailing_zeros() as u8);
            seats &= seats - 1;
            let theirs = self.by_seat[seat.idx()];
            let mut leapers = r.leap_kinds;
            while leapers != 0 {
                let k = leapers.trailing_zeros() as usize;
                leapers &= leapers - 1;
                let from = r.moves(seat, Kind(k as u8)).capture_from[cell];
                if !(from & self.by_kind[k] & theirs).is_empty() {
                    return true;
                }
            }
        }
        false
    }

    /// Moves of all `pieces` of a leaping kind at once, within `target`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn emit_shifted<S: Sink<B>>(
        &self,
        sink: &mut S,
        kind: Kind,
        shifts: &crate::rules::Shifts<B>,
        pieces: B,
        occ: B,
        enemy: B,
        target: B,
    ) {
        let r = &*self.rules;
        let mut promotes = r.promoting_kinds & (1 << kind.0) != 0;
        let lost;
        let mut choices: &[Kind] = if promotes {
            r.promotion_choices(self.turn, kind)
        } else {
            &[]
        };
        if promotes && self.filters_promotions(self.turn) {
            if (pieces & r.promotion_approach[self.turn.idx()]).is_empty() {
                promotes = false;
            } else {
                lost = self.promotable_kinds(self.turn, choices);
                choices = &lost.0[..lost.1];
                promotes = !choices.is_empty();
            }
        }
        let zone = if promotes {
            r.promotion_zone[self.turn.idx()]
        } else {
            B::EMPTY
        };
        if promotes && r.variant.rules.promotion_from_zone {
            // Pieces already in the zone promote wherever they go.
            let inside = pieces & zone;
            if !inside.is_empty() {
                self.emit_shifted_promoting(
                    sink,
                    choices,
                    shifts,
                    inside,
                    occ,
                    enemy,
                    target,
                    !B::EMPTY,
                );
            }
            self.emit_shifted_promoting(
                sink,
                choices,
                shifts,
                pieces & !zone,
                occ,
                enemy,
                target,
                zone,
            );
            return;
        }
        self.emit_shifted_promoting(sink, choices, shifts, pieces, occ, enemy, target, zone);
    }

    /// [`Position::emit_shifted`] with the cells where moves promote.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn emit_shifted_promoting<S: Sink<B>>(
        &self,
        sink: &mut S,
        choices: &[Kind],
        shifts: &crate::rules::Shifts<B>,
        pieces: B,
        occ: B,
        enemy: B,
        target: B,
        zone: B,
    ) {
        if pieces.is_empty() {
            return;
        }
        // A function, not a closure: the closure stayed a call per step
        // set in perft's profile.
        #[inline(always)]
        fn send<B: Bitboard, S: Sink<B>>(
            sink: &mut S,
            choices: &[Kind],
            zone: B,
            delta: i32,
            t: B,
        ) {
            sink.shifted(delta, t & !zone);
            let promo = t & zone;
            if !promo.is_empty() {
                sink.shifted_promotions(delta, promo, choices);
            }
        }
        for st in &shifts.steps {
            let landing = (pieces & st.src).shift(st.delta);
            let mut allowed = B::EMPTY;
            if st.moves {
                allowed |= !occ;
            }
            if st.captures {
                allowed |= enemy;
            }
            let t = landing & allowed & target;
            if !t.is_empty() {
                send(sink, choices, zone, st.delta, t);
            }
        }
        if let Some(d) = &shifts.double {
            let mid = (pieces & d.src).shift(d.delta) & !occ;
            let t = mid.shift(d.delta) & !occ & target;
            if !t.is_empty() {
                send(sink, choices, zone, 2 * d.delta, t);
            }
        }
    }

    /// Hand `targets` of a piece to the sink, splitting off promotions.
    #[inline(always)]
    pub(crate) fn emit<S: Sink<B>>(&self, sink: &mut S, kind: Kind, from: u8, targets: B) {
        let r = &*self.rules;
        if r.promoting_kinds & (1 << kind.0) != 0 {
            let mut zone = r.promotion_zone[self.turn.idx()];
            let lost;
            let mut choices: &[Kind] = r.promotion_choices(self.turn, kind);
            if self.filters_promotions(self.turn) && !(targets & zone).is_empty() {
                lost = self.promotable_kinds(self.turn, choices);
                choices = &lost.0[..lost.1];
                if choices.is_empty() {
                    zone = B::EMPTY;
                }
            }
            // Promotion is compulsory: every move that promotes must.
            let promo = if r.variant.rules.promotion_from_zone && zone.has(from) {
                targets
            } else {
                targets & zone
            };
            sink.targets(from, targets & !promo);
            if !promo.is_empty() {
                sink.promotions(from, promo, choices);
            }
        } else {
            sink.targets(from, targets);
        }
    }

    /// Legal moves where one royal piece stands and only line rides and
    /// leaps capture: check evasion masks and pin lines decide legality.
    /// Moves onto `skip` are left out (the caller tries them itself).
    /// Returns the pieces (other than the royal) whose moves reach a cell
    /// of `skip`, found from the targets; `None` where no piece was
    /// looked at (a double check).
    #[inline(always)]
    fn generate_by_pins<S: Sink<B>>(&self, sink: &mut S, king: u8, skip: B) -> Option<B> {
        let r = &*self.rules;
        let us = self.turn;
        let own = self.by_seat[us.idx()];
        let occ = self.occupied();
        let enemy = self.enemies(us);
        let orth = self.union_of(r.orth_kinds) & enemy;
        let diag = self.union_of(r.diag_kinds) & enemy;
        // No extra steps capture here (`pin_legality`), so rides and leaps
        // are all. A rider on an open line to the king checks it with
        // nothing between, and pins what stands alone between.
        // Leapers seldom stand near: one test usually settles them.
        let leapers = self.union_of(r.leap_kinds) & enemy;
        let leaps_to = |c: u8| !(r.leap_reach[c] & leapers).is_empty();
        let mut checkers = if leaps_to(king) {
            self.leaper_attackers(king, us)
        } else {
            B::EMPTY
        };
        let mut pinned = B::EMPTY;
        let snipers = (r.attacks.rook_open(king) & orth) | (r.attacks.bishop_open(king) & diag);
        for s in snipers.iter() {
            let between = r.attacks.between(king, s) & occ;
            if between.is_empty() {
                checkers |= B::bit(s);
            } else if !between.several() && !(between & own).is_empty() {
                pinned |= between;
            }
        }
        let target = if checkers.is_empty() {
            !own & r.attacks.playable
        } else if checkers.several() {
            B::EMPTY
        } else {
            let c = checkers.lsb();
            let sliding = (orth | diag).has(c);
            B::bit(c)
                | if sliding {
                    r.attacks.between(king, c)
                } else {
                    B::EMPTY
                }
        } & !skip;
        let royal_kind = if r.royal_kinds.is_power_of_two() {
            Kind(r.royal_kinds.trailing_zeros() as u8)
        } else {
            self.kind_at(king)
        };
        // Found while the targets are at hand: looking from each king for
        // the riders that reach it cost 7% of four-player perft.
        let mut takers = B::EMPTY;
        let looked = !target.is_empty();
        if looked {
            for k in 0..r.kinds {
                let kind = Kind(k as u8);
                if kind == royal_kind {
                    continue;
                }
                let mut pieces = self.pieces(us, kind);
                if pieces.is_empty() {
                    continue;
                }
                let km = r.moves(us, kind);
                if let Some(shifts) = &km.shifts {
                    self.emit_shifted(sink, kind, shifts, pieces & !pinned, occ, enemy, target);
                    pieces &= pinned;
                } else if r.pure_riders[us.idx()] & (1 << k) != 0 {
                    // A pure line rider (rook, bishop, queen): the common case, kept lean.
                    let avail = (!occ | enemy) & target;
                    for from in pieces.iter() {
                        let reach = r.ride(km, from, occ);
                        if !(reach & skip).is_empty() {
                            takers |= B::bit(from);
                        }
                        let mut t = reach & avail;
                        if pinned.has(from) {
                            t &= r.attacks.line(king, from);
                        }
                        sink.targets(from, t);
                    }
                    continue;
                }
                for from in pieces.iter() {
                    let reach = self.piece_targets(us, kind, from, occ, enemy);
                    if !(reach & skip).is_empty() {
                        takers |= B::bit(from);
                    }
                    let mut t = reach & target;
                    if pinned.has(from) {
                        t &= r.attacks.line(king, from);
                    }
                    if !t.is_empty() {
                        self.emit(sink, kind, from, t);
                    }
                }
            }
        }
        let without_king = occ ^ B::bit(king);
        let mut kt = self.piece_targets(us, royal_kind, king, occ, enemy) & !skip;
        for t in kt.iter() {
            // Sliders first: they are the ones the king's own square could hide.
            if self.ridden_to(t, orth, diag, without_king)
                || (leaps_to(t) && self.leaper_attacks(t, us))
            {
                kt ^= B::bit(t);
            }
        }
        sink.targets(king, kt);
        if checkers.is_empty() {
            let attacked = |c: u8, o: B| {
                self.line_attacked(c, orth, diag, o) || (leaps_to(c) && self.leaper_attacks(c, us))
            };
            self.generate_castling(sink, true, attacked);
        }
        if r.multi {
            self.generate_en_passant_multi(sink, true);
            if checkers.is_empty() {
                // A swap leaves every cell as occupied as before: it never changes a check.
                self.generate_swaps(sink);
            }
        } else {
            self.generate_en_passant(sink, true);
        }
        if r.variant.rules.drops && !checkers.several() {
            self.generate_drops(sink, target & !occ);
        }
        looked.then_some(takers)
    }

    /// Drops from the hand of the side to move onto cells of `mask`.
    // Inlined into `generate` (see there).
    #[inline(always)]
    fn generate_drops<S: Sink<B>>(&self, sink: &mut S, mask: B) {
        let r = &*self.rules;
        let us = self.turn;
        if mask.is_empty() {
            return;
        }
        for (slot, kind) in r.hand_kinds.iter() {
            if self.hands[us.idx()][slot] == 0 {
                continue;
            }
            let k = kind.idx();
            let mut cells = mask & r.moves(us, kind).drop_cells;
            if r.variant.rules.one_pawn_per_file && r.pawn_kinds & (1 << k) != 0 {
                for p in self.pieces(us, kind).iter() {
                    cells &= !r.forward_line(us, p);
                }
            }
            sink.drops(kind, cells);
        }
    }

    /// Every move by the rules of movement, before testing that no royal is
    /// left attacked (castling's own attack conditions are tested here).
    pub(crate) fn generate_pseudo(&self, list: &mut MoveList) {
        let r = &*self.rules;
        let us = self.turn;
        let occ = self.occupied();
        let enemy = self.enemies(us);
        for k in 0..r.kinds {
            let kind = Kind(k as u8);
            for from in self.pieces(us, kind).iter() {
                let t = self.piece_targets(us, kind, from, occ, enemy);
                self.emit(list, kind, from, t);
            }
        }
        if !self.in_check() {
            let us = self.turn;
            self.generate_castling(list, false, |c, o| self.attacked_by_enemies(c, us, o));
        }
        self.generate_en_passant(list, false);
        if r.variant.rules.drops {
            self.generate_drops(list, r.attacks.playable & !occ);
        }
    }

    /// En passant captures; with `test`, only those that leave no royal attacked.
    // Inlined into `generate` (see there).
    #[inline(always)]
    fn generate_en_passant<S: Sink<B>>(&self, sink: &mut S, test: bool) {
        if self.ep == NONE {
            return;
        }
        let r = &*self.rules;
        let us = self.turn;
        let mut pawns = r.pawn_kinds;
        while pawns != 0 {
            let kind = Kind(pawns.trailing_zeros() as u8);
            pawns &= pawns - 1;
            let from = r.moves(us, kind).capture_from[self.ep] & self.pieces(us, kind);
            for f in from.iter() {
                let m = Move::new(f, self.ep, MoveKind::EnPassant);
                if !test || {
                    let mut next = self.child();
                    next.play_unchecked(m);
                    !next.royal_attacked(us)
                } {
                    sink.one(m);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
