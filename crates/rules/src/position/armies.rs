//! Armies that change hands (`checkmate = "transfers"`, European Chess):
//! a player whose last royal piece is captured is out, and every army they
//! command passes to the capturer. The pieces stay in their army's
//! bitboard, so a taken-over pawn keeps its own direction and promotion
//! edge for free; only the army's commander changes. The rules are in
//! `docs/rules.md` (European Chess).

use super::Position;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, Seat};
use crate::zobrist;

impl<B: HasSliders> Position<B> {
    /// The seat that commands `army` (the pieces that were `army`'s at the
    /// start): `army` itself unless its player is out and another took it.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Seat, Variant};
    /// let pos = Position::<u64>::start(&Variant::builtin("european-ffa").unwrap());
    /// assert_eq!(pos.commander_of(Seat(2)), Seat(2));
    /// ```
    #[inline(always)]
    pub fn commander_of(&self, army: Seat) -> Seat {
        Seat(self.commander[army.idx()])
    }

    /// The armies `seat` commands, as a bit set (its own while it is in,
    /// and every army it has taken over).
    #[inline]
    pub fn commanded_by(&self, seat: Seat) -> u8 {
        (0..self.rules.seats())
            .filter(|&a| self.commander[a as usize] == seat.0)
            .fold(0, |m, a| m | 1 << a)
    }

    /// The cells of every piece `seat` commands.
    #[inline]
    pub fn commanded_pieces(&self, seat: Seat) -> B {
        self.armies_pieces(self.commanded_by(seat))
    }

    /// The pieces of the armies in the bit set `armies`.
    #[inline]
    pub(crate) fn armies_pieces(&self, mut armies: u8) -> B {
        let mut b = B::EMPTY;
        while armies != 0 {
            b |= self.by_seat[armies.trailing_zeros() as usize];
            armies &= armies - 1;
        }
        b
    }

    /// Pieces the side of `seat` may capture: those not commanded by a
    /// seat of its team.
    #[inline]
    pub(crate) fn hostile_to(&self, seat: Seat) -> B {
        let team = self.team_seats(seat);
        let friendly = (0..self.rules.seats())
            .filter(|&a| team & (1 << self.commander[a as usize]) != 0)
            .fold(0u8, |m, a| m | 1 << a);
        self.occupied() & !self.armies_pieces(friendly)
    }

    /// Whether `seat` is still in its opening turns, when it may not leave
    /// an enemy royal piece attacked.
    #[inline]
    pub(crate) fn in_opening(&self, seat: Seat) -> bool {
        self.turns_taken[seat.idx()] < self.rules.variant.rules.no_check_turns
    }

    /// The turns `seat` has taken, counted up to the opening rule's limit
    /// (always 0 in variants without it).
    pub fn opening_turns_taken(&self, seat: Seat) -> u8 {
        self.turns_taken[seat.idx()]
    }

    /// Whether a piece commanded by `seat` attacks a royal piece of a seat
    /// not on its team.
    pub(crate) fn checks_an_enemy(&self, seat: Seat) -> bool {
        self.checked_by(seat) != 0
    }

    /// Whether the royal piece of `seat`'s army, its last, is attacked by
    /// a piece a seat of another team commands (where armies change hands, an army
    /// attacks for its commander, not for the seat it started with).
    pub(crate) fn royal_attacked_by_commanders(&self, seat: Seat) -> bool {
        let occ = self.occupied();
        let team = self.team_seats(seat);
        // A bit set, not a list: this runs in move generation.
        let hostile = (0..self.rules.seats())
            .filter(|&a| team & (1 << self.commander[a as usize]) == 0)
            .fold(0u8, |m, a| m | 1 << a);
        let royals = self.royals(seat);
        // Only a last royal piece counts as royal (Britain's ministers:
        // while several remain they are captured like other pieces).
        if royals.count() != 1 {
            return false;
        }
        royals.iter().any(|cell| {
            (0..self.rules.seats())
                .filter(|&a| hostile & (1 << a) != 0)
                .any(|a| !self.attackers_to(cell, Seat(a), occ).is_empty())
        })
    }

    /// The seats not on `seat`'s team whose royal pieces a piece `seat`
    /// commands attacks, as a bit set.
    pub(crate) fn checked_by(&self, seat: Seat) -> u8 {
        let occ = self.occupied();
        let armies = self.commanded_by(seat);
        let enemies = self.rules.enemy_seats[seat.idx()];
        (0..self.rules.seats())
            .filter(|&e| enemies & (1 << e) != 0)
            // Only a last royal piece counts as royal (Britain's ministers).
            .filter(|&e| self.royals(Seat(e)).count() == 1)
            .filter(|&e| {
                self.royals(Seat(e)).iter().any(|cell| {
                    (0..self.rules.seats())
                        .filter(|&a| armies & (1 << a) != 0)
                        .any(|a| !self.attackers_to(cell, Seat(a), occ).is_empty())
                })
            })
            .fold(0, |set, e| set | 1 << e)
    }

    /// Record which seats `seat`'s last move checked.
    pub(crate) fn set_declared(&mut self, seat: Seat, checked: u8) {
        let s = seat.idx();
        self.hash ^= zobrist::declared(s, self.declared_of(s)) ^ zobrist::declared(s, checked);
        self.put_declared(s, checked);
    }

    /// The seats whose royal pieces `seat`'s last move checked, a bit set
    /// (where checks are declared).
    #[inline]
    pub(crate) fn declared_of(&self, seat: usize) -> u8 {
        ((self.declared >> (4 * seat)) & 0xF) as u8
    }

    /// Set `seat`'s declared checks, without the hash.
    #[inline]
    pub(crate) fn put_declared(&mut self, seat: usize, checked: u8) {
        self.declared =
            (self.declared & !(0xF << (4 * seat))) | (u16::from(checked & 0xF) << (4 * seat));
    }

    /// Whether the rules let `m` be played where checks must be declared:
    /// a move that takes the last royal piece of a player needs a check of
    /// that player by the mover's previous move.
    pub(crate) fn declared_enough(&self, m: Move) -> bool {
        // A secret seat always announces its checks (`secrecy`).
        if !(self.rules.variant.rules.declare_check
            || self.rules.secret_seats & (1 << self.turn.0) != 0)
            || !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
        {
            return true;
        }
        let Some(victim) = self.piece_at(m.to()) else {
            return true;
        };
        if !self.rules.variant.pieces[victim.kind.idx()].royal
            || self.royals(victim.seat).count() > 1
        {
            return true;
        }
        self.declared_of(self.turn.idx()) & (1 << victim.seat.0) != 0
    }

    /// The seat to move begins its turn: its turn-start powers, the hill's
    /// points. A turn-start power may leave the seat a single piece (a
    /// bomb among its own): the lone-piece rule takes it then, and the
    /// next seat begins its turn.
    pub(super) fn start_next_turn(&mut self) {
        loop {
            self.remove_lone_players();
            if !self.has_powers() || self.teams_decided() {
                break;
            }
            self.start_turn_powers();
            if !self.starts_alone() {
                break;
            }
        }
        if self.rules.hill_wins_at > 0 {
            self.score_hill();
        }
        if self.rules.flags_to_win > 0 {
            // The lone-piece rule may have taken a holder off the board.
            self.settle_flags();
        }
    }

    /// After the last draw of Lightning: the turn of the seat to move
    /// begins, as it would have without draws.
    pub(crate) fn begin_turn(&mut self) {
        self.settling_marks(|pos| pos.start_next_turn());
        if self.rules.wall_seats != 0 {
            self.settle_walls();
        }
    }

    /// Run `effect` (the turn passing, a die's roll), then let the
    /// per-piece marks of the cells whose piece it changed go (idle and
    /// frozen pieces, militia ages, moved pawns), as after a piece move.
    pub(crate) fn settling_marks(&mut self, effect: impl FnOnce(&mut Self)) {
        let aged = (self.rules.militia.kinds != 0).then(|| self.snapshot());
        let dug = (self.rules.trench_seats != 0).then(|| self.snapshot());
        let before = (self.rules.idle_seats != 0).then(|| self.snapshot());
        let marked = (self.rules.freeze_seats != 0).then(|| self.freeze_before());
        effect(self);
        if let Some(before) = before {
            self.clear_idle_since(&before);
        }
        if let Some(marked) = marked {
            self.clear_marks_since(&marked, None);
        }
        if let Some(before) = aged {
            self.carry_militia_marks(&before, None);
        }
        if let Some(before) = dug {
            self.forget_moved_pawns(&before, None);
        }
    }

    /// Play `m` of the seat to move, a whole turn or a part of one (a
    /// power's second piece move), without passing the turn: its capture
    /// powers, the powers that act where a piece lands, and the take-over
    /// when it took a player's last royal piece.
    pub(crate) fn play_part(&mut self, m: Move) {
        let us = self.turn;
        let side = self.commanded_by(us);
        let capture_powers = self.has_powers() && self.has_capture_powers();
        let taken = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let victim = self.piece_at(m.to());
                if capture_powers {
                    self.play_with_capture_powers(m, side);
                } else {
                    self.play_board(m, side);
                }
                victim
            }
            MoveKind::EnPassant if capture_powers => {
                self.play_with_capture_powers(m, side);
                None
            }
            MoveKind::Power(_) => self.play_power(m),
            MoveKind::Disembark => {
                self.play_disembark(m);
                None
            }
            // Its bit is set by `play_transfer`; the board does not change.
            MoveKind::Consent(_) => None,
            // Line-ups have no hands: a drop is a deployment from reserve.
            MoveKind::Drop(_) => {
                self.play_deploy(m);
                None
            }
            _ => {
                self.play_board(m, side);
                None
            }
        };
        if self.has_powers() && self.has_landing_powers() {
            self.landing_powers(m);
        }
        // A move of two parts was watched part by part (its payload holds
        // the second).
        if self.rules.revenge_seats != 0 && m.payload() == 0 {
            self.watch_revenge(m, taken);
        }
        if self.rules.neutral_seats != 0
            && let Some(victim) = taken
        {
            self.count_neutral_loss(Some(us), self.commander_of(victim.seat));
        }
        // With flags, kings are taken like other pieces: no take-over.
        if let Some(victim) = taken
            && self.rules.variant.pieces[victim.kind.idx()].royal
            && self.royals(victim.seat).is_empty()
            && self.rules.flags_to_win == 0
        {
            self.take_over(victim.seat, us);
        }
        // The power's choice acts on the move as made, a take-over included.
        if m.choice() != 0 {
            self.play_chosen(m);
        }
    }

    /// `loser`'s last royal piece was taken by `winner`: every army `loser`
    /// commands (its own and those it took) is `winner`'s now.
    pub(crate) fn take_over(&mut self, loser: Seat, winner: Seat) {
        for army in 0..self.rules.seats() as usize {
            if self.commander[army] == loser.0 {
                self.hash ^=
                    zobrist::commander(army, loser.idx()) ^ zobrist::commander(army, winner.idx());
                self.commander[army] = winner.0;
            }
        }
    }

    /// Count a turn of `seat` towards the opening rule.
    pub(super) fn count_turn(&mut self, seat: Seat) {
        if self.in_opening(seat) {
            let n = &mut self.turns_taken[seat.idx()];
            self.hash ^= zobrist::turns(seat.idx(), *n) ^ zobrist::turns(seat.idx(), *n + 1);
            *n += 1;
        }
    }

    /// Whether the seat to move has a single piece, which the lone-piece
    /// rule takes.
    fn starts_alone(&self) -> bool {
        self.rules.variant.rules.lone_piece_loses
            && !self.teams_decided()
            && self.commanded_pieces(self.turn).count() == 1
            && !self.has_reserve(self.turn)
            && !self.has_cargo(self.turn)
    }

    /// While the seat to move starts its turn with a single piece (and
    /// the lone-piece rule holds), that piece leaves the board, the player
    /// is out and the turn passes on.
    pub(super) fn remove_lone_players(&mut self) {
        if !self.rules.variant.rules.lone_piece_loses {
            return;
        }
        while !self.teams_decided() {
            let mine = self.commanded_pieces(self.turn);
            // Pieces in reserve are the player's too (`deploy`).
            if mine.count() != 1 || self.has_reserve(self.turn) || self.has_cargo(self.turn) {
                return;
            }
            let cell = mine.lsb();
            if let Some(p) = self.piece_at(cell) {
                self.remove(p, cell);
            }
            let next = self.next_alive_after(self.turn, self.alive_seats());
            self.set_turn(next);
        }
    }

    /// A position read from outside: the turn of a player already out
    /// passes on, and a player to move with one piece loses it, as play
    /// would have done.
    // Kept out of line so that the branch costs variants without
    // transfers nothing (their move generator stays as it was inlined).
    #[cold]
    #[inline(never)]
    pub(crate) fn settle_transfer_turn(&mut self) {
        self.settle_hill();
        if self.rules.flags_to_win > 0 {
            self.settle_flag_win();
        }
        if self.teams_decided() {
            return;
        }
        let alive = self.alive_seats();
        if alive & (1 << self.turn.0) == 0 {
            let next = self.next_alive_after(self.turn, alive);
            self.set_turn(next);
        }
        self.remove_lone_players();
        if self.rules.flags_to_win > 0 {
            self.settle_flags();
        }
    }

    /// `seat` resigned or ran out of time: every piece it commands leaves
    /// the board (the rules: "remove all of your pieces").
    // Kept out of line so that the branch costs variants without
    // transfers nothing (their move generator stays as it was inlined).
    #[cold]
    #[inline(never)]
    pub(crate) fn retire_commander(&mut self, seat: Seat) {
        let armies = self.commanded_by(seat);
        for army in 0..self.rules.seats() {
            if armies & (1 << army) != 0 {
                for cell in self.by_seat[army as usize].iter() {
                    let kind = self.kind_at(cell);
                    self.remove(
                        Piece {
                            seat: Seat(army),
                            kind,
                        },
                        cell,
                    );
                }
            }
        }
    }
}
