//! Points (`[points]` in a variant file; chess.com's free-for-all):
//! captures, mates, stalemates and checks of several kings score; a
//! player who resigns or runs out of time stays as a dead king walking;
//! the game ends with the most points. The rules and the numbers chosen
//! are in `docs/rules.md` (`fourway-chesscom-ffa`).
//!
//! Everything here is reached through one compiled flag
//! (`Rules::scoring`) and kept out of line, so variants without points
//! pay one predictable branch where a move is played.

use super::Position;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind, MoveList};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::{MAX_SEATS, Seat};
use crate::rules::NONE;
use crate::variant::Points;
use crate::zobrist;

/// The bit of `Position::packed` that says the walking kings' steps are given.
const WALKS_GIVEN: u8 = 0x80;

impl<B: HasSliders> Position<B> {
    /// `seat`'s points so far; zero where the variant keeps none.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Seat, Variant};
    /// let v = Variant::builtin("fourway-chesscom-ffa").unwrap();
    /// assert_eq!(Position::<tetrarch_rules::Wide>::start(&v).points(Seat(0)), 0);
    /// ```
    pub fn points(&self, seat: Seat) -> i16 {
        self.points.get(seat.idx()).copied().unwrap_or(0)
    }

    /// The seats still playing, as a bit set: those with a king, but not
    /// the dead kings walking (elsewhere the same as
    /// [`Position::alive_seats`]).
    pub fn active_seats(&self) -> u8 {
        self.alive_seats() & !self.walkers
    }

    /// The seats whose turns come: the players still playing, and the
    /// walking kings too where their steps are given
    /// ([`Position::set_walks_given`]).
    fn turn_seats(&self) -> u8 {
        if self.walks_given() {
            self.alive_seats()
        } else {
            self.active_seats()
        }
    }

    /// Where points are scored: whether at most one player is still
    /// playing, so the game is over.
    fn scored_decided(&self) -> bool {
        self.rules.decided[self.active_seats() as usize]
    }

    /// The seats that resigned or ran out of time and stay on the board as
    /// dead kings walking, as a bit set.
    pub fn walking_seats(&self) -> u8 {
        self.walkers
    }

    /// The game's seed for the random moves of walking kings.
    pub fn walk_seed(&self) -> u32 {
        self.walk_seed
    }

    /// Set the seed of the walking kings' random moves (a game sets it
    /// once; the same seed and moves replay the same game).
    pub fn set_walk_seed(&mut self, seed: u32) {
        self.walk_seed = seed;
    }

    /// With `given`, the walking kings step as the moves played say, not
    /// at random: each takes its turn like a player, its legal moves its
    /// king's steps. A record made elsewhere is replayed so, since its
    /// walking kings stepped by another program's dice.
    pub fn set_walks_given(&mut self, given: bool) {
        self.packed = (self.packed & !WALKS_GIVEN) | if given { WALKS_GIVEN } else { 0 };
    }

    /// Whether the walking kings' steps come from outside.
    pub(crate) fn walks_given(&self) -> bool {
        self.packed & WALKS_GIVEN != 0
    }

    /// The points at the end: with `drawn`, the draw bonus added to each
    /// seat still in. `None` where the variant keeps no points.
    pub fn final_points(&self, drawn: bool) -> Option<[i16; MAX_SEATS]> {
        let pts = self.rules.variant.points.as_ref()?;
        let active = self.active_seats();
        let mut out = self.points;
        for (s, p) in out.iter_mut().enumerate() {
            if drawn && active & (1 << s) != 0 {
                *p = p.saturating_add(pts.draw);
            }
        }
        Some(out)
    }

    /// The result of a game that scores points, once it is over: the seat
    /// with the most points wins (with `drawn`, after the draw bonus); a
    /// tie at the top is a draw.
    pub fn points_outcome(&self, drawn: bool) -> Option<Outcome> {
        let points = self.final_points(drawn)?;
        let seats = self.rules.seats() as usize;
        let best = points[..seats].iter().copied().max()?;
        let mut leaders = (0..seats).filter(|&s| points[s] == best);
        let first = leaders.next()?;
        Some(match leaders.next() {
            None => Outcome::Win {
                winner: Seat(first as u8),
                reason: WinReason::Points,
            },
            Some(_) => Outcome::Draw(DrawReason::EqualPoints),
        })
    }

    /// How a game that scores points ends by its position: when at most
    /// one player is left, or by the fifty-move rule or insufficient
    /// material (then with the draw bonus).
    #[cold]
    #[inline(never)]
    pub(crate) fn outcome_scored(&self) -> Option<Outcome> {
        if self.scored_decided() {
            return self.points_outcome(false);
        }
        if self.drawn_by_rule() {
            return self.points_outcome(true);
        }
        None
    }

    /// Whether the game, not yet decided by players leaving, ends here by
    /// the fifty-move rule or insufficient material (the draw bonus then).
    pub(crate) fn drawn_by_rule(&self) -> bool {
        let v = self.variant();
        !self.scored_decided()
            && (self.fifty_moves_passed()
                || (v.rules.insufficient_material && self.is_insufficient_material()))
    }

    /// `seat` claims the win: with two players left, when it leads the
    /// other by the variant's margin or more.
    pub fn claim_win(&self, seat: Seat) -> Result<Outcome, String> {
        let v = self.variant();
        let Some(margin) = v.points.as_ref().and_then(|p| p.claim_margin) else {
            return Err(format!("{} has no win to claim", v.name));
        };
        let active = self.active_seats();
        if active.count_ones() != 2 || active & (1 << seat.0) == 0 {
            return Err("the win is claimed by one of the last two players".into());
        }
        let other = Seat((active & !(1 << seat.0)).trailing_zeros() as u8);
        let lead = i32::from(self.points(seat)) - i32::from(self.points(other));
        if lead < i32::from(margin) {
            return Err(format!("a lead of {lead}; the claim needs {margin}"));
        }
        Ok(Outcome::Win {
            winner: seat,
            reason: WinReason::PointsLead,
        })
    }

    /// Play `m` where the variant scores points: the capture and the
    /// checks score, any other player the move leaves mated is out at once
    /// (the mover scores the mate), the walking kings seated before the
    /// next player move, and a next player with no move (stalemated, or
    /// mated by a walking king's step) leaves with the points that brings.
    #[cold]
    #[inline(never)]
    pub(super) fn play_scored(&mut self, m: Move) {
        // SAFETY: `r` is used only within this call, which never replaces `self.rules`.
        #[allow(unsafe_code)]
        let r = unsafe { self.rules_apart() };
        let pts = r.variant.points.as_ref().expect("Rules::scoring");
        let mover = self.turn;
        let taken = self.capture_value(m, pts);
        let before = self.play_turn(m);
        // The dead kings walking take no turns of their own, unless given.
        if self.walkers != 0 {
            let next = self.next_alive_after(before, self.turn_seats());
            self.set_turn(next);
        }
        if self.walkers & (1 << mover.0) == 0 {
            let bonus = self.check_bonus(mover, pts);
            self.add_points(mover, taken.saturating_add(bonus));
            self.grey_mated_by(mover, pts);
        }
        if !self.walks_given() {
            self.walk_between(before);
        }
        self.settle_scored(pts);
        self.take_walking_kings(pts);
        self.count_fullmove(before);
    }

    /// Once one player is left, they take every king still walking, at a
    /// king's value each: chess.com's "(Green +40)" when the last but one
    /// resigns beside another walking king, its "Checkmate" 20 above the
    /// captures and mates when a mate leaves one player and a walking king.
    fn take_walking_kings(&mut self, pts: &Points) {
        let active = self.active_seats();
        if self.walkers == 0 || active.count_ones() != 1 {
            return;
        }
        let king = self.rules.royal_kinds.trailing_zeros() as usize;
        let kings = self.walkers.count_ones() as i16;
        let winner = Seat(active.trailing_zeros() as u8);
        self.add_points(winner, pts.pieces[king].saturating_mul(kings));
        for s in 0..self.rules.seats() {
            if self.walkers & (1 << s) != 0 {
                self.grey_out(Seat(s));
            }
        }
    }

    fn add_points(&mut self, seat: Seat, n: i16) {
        let p = &mut self.points[seat.idx()];
        *p = p.saturating_add(n);
    }

    /// What `m` takes, in points: the piece's value, nothing for the grey
    /// pieces of a walking king's army (its king keeps its value).
    fn capture_value(&self, m: Move, pts: &Points) -> i16 {
        let cell = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) if self.occupied().has(m.to()) => m.to(),
            MoveKind::EnPassant => {
                let owner = (0..self.rules.seats()).find(|&s| self.eps[s as usize] == m.to());
                match owner.and_then(|s| self.ep_victim_of(Seat(s), m.to())) {
                    Some(cell) => cell,
                    None => return 0,
                }
            }
            _ => return 0,
        };
        let Some(victim) = self.piece_at(cell) else {
            return 0;
        };
        let royal = self.rules.variant.pieces[victim.kind.idx()].royal;
        let seat = 1 << victim.seat.0;
        if self.greyed & seat != 0 || (self.walkers & seat != 0 && !royal) {
            return 0;
        }
        pts.pieces[victim.kind.idx()]
    }

    /// The bonus for the kings of other players (not walking) that the
    /// mover's pieces check now: by the number of kings, from the queens'
    /// table when only queens give the checks.
    fn check_bonus(&self, mover: Seat, pts: &Points) -> i16 {
        let occ = self.occupied();
        let mut kings = 0usize;
        let mut only_queens = true;
        for s in (0..self.rules.seats()).map(Seat) {
            if s == mover || self.silent_seats() & (1 << s.0) != 0 {
                continue;
            }
            let checkers = self
                .royals(s)
                .iter()
                .fold(B::EMPTY, |b, k| b | self.attackers_to(k, mover, occ));
            if !checkers.is_empty() {
                kings += 1;
                only_queens &= checkers
                    .iter()
                    .all(|c| pts.queens & (1 << self.kind_at(c).0) != 0);
            }
        }
        let table = if only_queens {
            &pts.queen_checks
        } else {
            &pts.checks
        };
        kings
            .checked_sub(1)
            .and_then(|i| table.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// While the side to move has no legal move, it leaves the game: mated,
    /// the seat whose piece mates it scores the mate (the one that moved
    /// last among the checkers); stalemated, it scores the stalemate.
    fn settle_scored(&mut self, pts: &Points) {
        while !self.scored_decided() {
            let us = self.turn;
            // Not `count_legal_moves`: a second caller would keep it from
            // being inlined into perft for every variant.
            if !self.legal_moves().is_empty() {
                return;
            }
            if self.walkers & (1 << us.0) != 0 && !self.royal_attacked(us) {
                // A walking king with no step stays, its turn passed.
                let next = self.next_alive_after(us, self.turn_seats());
                if next == us {
                    return;
                }
                self.set_turn(next);
                continue;
            }
            if self.royal_attacked(us) {
                if let Some(by) = self.mating_seat(us) {
                    self.add_points(by, pts.checkmate);
                }
            } else {
                self.add_points(us, pts.stalemate);
            }
            self.grey_out(us);
            let next = self.next_alive_after(us, self.turn_seats());
            self.set_turn(next);
        }
    }

    /// A FEN4 read in a scoring variant: the turn of a player already out
    /// passes on, and a mated or stalemated side to move leaves as play
    /// would have made it leave, with the points that brings.
    pub(super) fn settle_scored_turn(&mut self) {
        if self.scored_decided() {
            return;
        }
        let turns = self.turn_seats();
        if turns & (1 << self.turn.0) == 0 {
            let next = self.next_alive_after(self.turn, turns);
            self.set_turn(next);
        }
        // SAFETY: `r` is used only within this call, which never replaces `self.rules`.
        #[allow(unsafe_code)]
        let r = unsafe { self.rules_apart() };
        let pts = r.variant.points.as_ref().expect("Rules::scoring");
        self.settle_scored(pts);
    }

    /// The seat, not walking, whose pieces check `mated`'s king, the
    /// latest to move first.
    fn mating_seat(&self, mated: Seat) -> Option<Seat> {
        let occ = self.occupied();
        let n = self.rules.seats();
        (1..n)
            .map(|i| Seat((mated.0 + n - i) % n))
            .filter(|s| self.silent_seats() & (1 << s.0) == 0)
            .find(|&s| {
                self.royals(mated)
                    .iter()
                    .any(|k| !self.attackers_to(k, s, occ).is_empty())
            })
    }

    /// `seat` resigned or ran out of time. With dead kings walking it
    /// stays: its pieces turn grey (worth nothing), its king walks; when
    /// only one other player is left, that player scores the value of each
    /// king still walking and the game is over. Otherwise its pieces leave the board.
    pub(super) fn retire_scored(&mut self, seat: Seat) {
        // SAFETY: `r` is used only within this call, which never replaces `self.rules`.
        #[allow(unsafe_code)]
        let r = unsafe { self.rules_apart() };
        let pts = r.variant.points.as_ref().expect("Rules::scoring");
        let out = self.walkers | self.greyed;
        if out & (1 << seat.0) != 0 || self.royals(seat).is_empty() {
            // Already walking, or already out: nothing changes.
            return;
        }
        if pts.dead_king_walking {
            self.walkers |= 1 << seat.0;
            self.hash ^= zobrist::walker(seat.idx());
            self.clear_castling(self.marks & self.by_seat[seat.idx()]);
            self.take_walking_kings(pts);
        } else {
            self.remove_seat(seat);
            // Out is grey where points are scored, pieces or none.
            self.grey_out(seat);
        }
        if self.turn == seat && !self.scored_decided() {
            self.play_multi(Move::new(0, 0, MoveKind::Pass));
        }
    }

    /// Every other player still playing, or king still walking, whom the
    /// position leaves in check with no legal move is mated now, not when
    /// their turn comes (as chess.com's records show: `#` ends a player at
    /// once, and its pieces stay grey); `mover` scores each mate.
    fn grey_mated_by(&mut self, mover: Seat, pts: &Points) {
        let n = self.rules.seats();
        for i in 1..n {
            let s = Seat((mover.0 + i) % n);
            let playing = self.active_seats() | self.walkers;
            if playing & (1 << s.0) == 0 || !self.royal_attacked(s) {
                continue;
            }
            let mut view = self.child();
            view.get_mut().turn = s;
            if view.legal_moves().is_empty() {
                self.add_points(mover, pts.checkmate);
                self.grey_out(s);
            }
        }
        let turns = self.turn_seats();
        if turns & (1 << self.turn.0) == 0 && turns != 0 {
            let next = self.next_alive_after(self.turn, turns);
            self.set_turn(next);
        }
    }

    /// `seat` is out and its pieces stay on the board, grey: they never
    /// move again, attack nothing and score nothing when taken.
    pub(super) fn grey_out(&mut self, seat: Seat) {
        let bit = 1 << seat.0;
        if self.greyed & bit != 0 {
            return;
        }
        if self.walkers & bit != 0 {
            self.walkers ^= bit;
            self.hash ^= zobrist::walker(seat.idx());
        }
        self.greyed |= bit;
        self.hash ^= zobrist::greyed(seat.idx());
        self.clear_castling(self.marks & self.by_seat[seat.idx()]);
        let e = self.eps[seat.idx()];
        if e != NONE {
            self.hash ^= zobrist::en_passant(e);
            self.eps[seat.idx()] = NONE;
        }
    }

    /// The walking kings seated after `before` and before the side to move
    /// make their moves, in turn order.
    fn walk_between(&mut self, before: Seat) {
        if self.walkers == 0 {
            return;
        }
        let n = self.rules.seats();
        let mut s = before.next(n);
        while s != self.turn && s != before {
            if self.walkers & (1 << s.0) != 0 && !self.scored_decided() {
                self.walk(s);
            }
            s = s.next(n);
        }
    }

    /// `seat`'s king makes a random legal king step (no castling, no
    /// capture of a king), drawn from the game's seed and the position,
    /// so a game replays exactly. A king with no such step stays.
    fn walk(&mut self, seat: Seat) {
        let steps = self.walk_steps(seat);
        if steps.is_empty() {
            return;
        }
        let seed = (u64::from(self.walk_seed) << 32) ^ self.hash ^ u64::from(seat.0);
        let draw = crate::SplitMix64::new(seed).next_u64();
        let m = steps[(draw % steps.len() as u64) as usize];
        let e = self.eps[seat.idx()];
        if e != NONE {
            self.hash ^= zobrist::en_passant(e);
            self.eps[seat.idx()] = NONE;
        }
        self.play_board(m, 1 << seat.0);
        self.prune_ep_entries();
    }

    /// The legal king steps of a walking `seat`, as if it were to move.
    fn walk_steps(&self, seat: Seat) -> MoveList {
        let mut view = self.child();
        view.get_mut().turn = seat;
        view.legal_moves()
    }
}
