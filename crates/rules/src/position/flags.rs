//! Capture the Flag (`rules.flags_to_win`, European Chess): each seat's
//! flag starts with its royal piece; a flag goes with the piece holding it,
//! and a piece capturing a flag holder takes its flags; a flag whose holder
//! leaves the board without a capture (the lone-piece rule, resigning)
//! goes back to its own seat's royal piece, or is gone. A team wins when
//! enough enemy flags are home: on the home square (the corner its king
//! starts on) of one of its players who commands the holder and whose
//! royal piece still holds its own flag. The rules are in
//! `docs/nations.md` ("Named variants").

use super::Position;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{MAX_SEATS, Seat};
use crate::rules::NONE;
use crate::zobrist;

impl<B: HasSliders> Position<B> {
    /// The square (cell) of the piece holding `seat`'s flag, where the
    /// variant has flags and the flag is still in the game.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Seat, Variant};
    /// let p = Position::<u64>::start(&Variant::builtin("european-ctf").unwrap());
    /// let a8 = p.variant().geometry.cell("a8".parse().unwrap());
    /// assert_eq!(p.flag_holder(Seat(1)), a8);
    /// ```
    pub fn flag_holder(&self, seat: Seat) -> Option<u8> {
        let cell = *self.flags.get(seat.idx())?;
        (self.rules.flags_to_win > 0 && cell != NONE).then_some(cell)
    }

    /// The square (cell) where `seat` brings enemy flags to win: the one
    /// its royal piece starts on, where the variant has flags.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Seat, Variant};
    /// let p = Position::<u64>::start(&Variant::builtin("european-ctf").unwrap());
    /// assert_eq!(p.flag_home(Seat(1)), p.flag_holder(Seat(1)));
    /// ```
    pub fn flag_home(&self, seat: Seat) -> Option<u8> {
        let cell = *self.rules.flag_home.get(seat.idx())?;
        (self.rules.flags_to_win > 0 && cell != NONE).then_some(cell)
    }

    /// Where each flag is when nothing has happened to it: with its seat's
    /// royal piece, the one on the seat's home square first; gone for a
    /// seat with no royal piece.
    pub(crate) fn default_flag_cells(&self) -> [u8; MAX_SEATS] {
        let mut cells = [NONE; MAX_SEATS];
        if self.rules.flags_to_win == 0 {
            return cells;
        }
        for (s, cell) in cells
            .iter_mut()
            .enumerate()
            .take(self.rules.seats() as usize)
        {
            let royals = self.royals(Seat(s as u8));
            let home = self.rules.flag_home[s];
            *cell = if home != NONE && royals.has(home) {
                home
            } else if royals.is_empty() {
                NONE
            } else {
                royals.lsb()
            };
        }
        cells
    }

    fn set_flag(&mut self, seat: usize, cell: u8) {
        self.hash ^= zobrist::flag(seat, self.flags[seat]) ^ zobrist::flag(seat, cell);
        self.flags[seat] = cell;
    }

    /// After `m` (a piece move): the flags of the moved piece go with it;
    /// those of a piece it took stay on the square, now its.
    pub(crate) fn carry_flags(&mut self, m: Move) {
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_)) {
            return;
        }
        let (from, to) = (m.from(), m.to());
        for s in 0..self.rules.seats() as usize {
            if self.flags[s] == from {
                self.set_flag(s, to);
            }
        }
    }

    /// Flags whose holder is no longer on the board (taken off without a
    /// capture) go back to their own seat's royal piece, or are gone.
    pub(crate) fn settle_flags(&mut self) {
        let occ = self.occupied();
        for s in 0..self.rules.seats() as usize {
            let cell = self.flags[s];
            if cell == NONE || occ.has(cell) {
                continue;
            }
            let royals = self.royals(Seat(s as u8));
            let back = if royals.is_empty() {
                NONE
            } else {
                royals.lsb()
            };
            self.set_flag(s, back);
        }
    }

    /// The enemy flags home for `seat`: on its home square, held by a
    /// piece it commands, while its royal piece holds its own flag.
    fn flags_home_for(&self, seat: Seat) -> u8 {
        let s = seat.idx();
        let home = self.rules.flag_home[s];
        let own = self.flags[s];
        if home == NONE
            || own == NONE
            || !self.royals(seat).has(own)
            || self.alive_seats() & (1 << s) == 0
        {
            return 0;
        }
        let Some(holder) = self.piece_at(home) else {
            return 0;
        };
        if self.commander_of(holder.seat) != seat {
            return 0;
        }
        let team = self.team_seats(seat);
        (0..self.rules.seats())
            .filter(|&f| team & (1 << f) == 0 && self.flags[f as usize] == home)
            .fold(0, |set, f| set | 1 << f)
    }

    /// If a team has enough enemy flags home, every seat of the other
    /// teams is out (grey, its pieces left): the game is decided.
    pub(crate) fn settle_flag_win(&mut self) {
        if self.teams_decided() {
            return;
        }
        let seats = self.rules.seats();
        let winner = (0..seats).map(Seat).find(|&s| {
            let team = self.team_seats(s);
            let home = (0..seats)
                .filter(|&t| team & (1 << t) != 0)
                .fold(0u8, |set, t| set | self.flags_home_for(Seat(t)));
            home.count_ones() >= u32::from(self.rules.flags_to_win)
        });
        let Some(winner) = winner else {
            return;
        };
        let team = self.team_seats(winner);
        for s in 0..seats {
            if team & (1 << s) == 0 && self.greyed & (1 << s) == 0 {
                self.greyed |= 1 << s;
                self.hash ^= zobrist::greyed(s as usize);
            }
        }
    }
}
