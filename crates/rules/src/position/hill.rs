//! King of the Hill (`[points] hill`, European Chess): at the start of
//! each player's turn, that player scores a point per piece it commands on
//! the hill; the first team whose points add up to the variant's total
//! wins, and every other seat is then out (grey: its pieces stay). The
//! rules are in `docs/nations.md` ("Named variants").

use super::Position;
use crate::attacks::HasSliders;
use crate::piece::Seat;
use crate::zobrist;

impl<B: HasSliders> Position<B> {
    /// Score the hill for the seat to move, whose turn begins, and end the
    /// game if its team reached the total.
    pub(crate) fn score_hill(&mut self) {
        if self.teams_decided() {
            return;
        }
        let us = self.turn;
        let on_hill = (self.commanded_pieces(us) & self.rules.hill).count() as i16;
        if on_hill > 0 {
            let s = us.idx();
            let after = self.points[s].saturating_add(on_hill);
            self.hash ^= zobrist::points(s, self.points[s]) ^ zobrist::points(s, after);
            self.points[s] = after;
        }
        self.settle_hill();
    }

    /// A team's points: its seats' added up.
    pub fn team_points(&self, seat: Seat) -> i16 {
        let team = self.team_seats(seat);
        (0..self.rules.seats())
            .filter(|&s| team & (1 << s) != 0)
            .fold(0i16, |n, s| n.saturating_add(self.points[s as usize]))
    }

    /// If a team's points reach the hill's total, every seat of the other
    /// teams is out: the game is decided for that team.
    pub(crate) fn settle_hill(&mut self) {
        let goal = self.rules.hill_wins_at;
        if goal <= 0 || self.teams_decided() {
            return;
        }
        // At most one team reaches it: only the seat to move scores.
        let Some(winner) = (0..self.rules.seats())
            .map(Seat)
            .find(|&s| self.team_points(s) >= goal)
        else {
            return;
        };
        let team = self.team_seats(winner);
        for s in 0..self.rules.seats() {
            if team & (1 << s) == 0 && self.greyed & (1 << s) == 0 {
                self.greyed |= 1 << s;
                self.hash ^= zobrist::greyed(s as usize);
            }
        }
    }

    /// Whether the game was won at a goal (the hill's total): the seats
    /// out were greyed, not taken.
    pub(crate) fn won_at_goal(&self) -> bool {
        self.rules.transfers && self.greyed != 0
    }
}
