//! Who plays against whom: team games as two sides, free-for-all games
//! by paranoid or best-reply search.

use super::{EVAL_MAX, MATE, Searcher};
use crate::eval::{Evaluator, LAZY_MARGIN, Searchable};
use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::MoveList;
use tetrarch_rules::Seat;
use tetrarch_rules::family::PlayInPlace;

/// Transposition keys of free-for-all searches depend on the root seat and
/// the strategy (scores are the root's): mixed into the position's hash.
pub(super) const FFA_SALT: [u64; MAX_SEATS] = [
    0x6A09_E667_F3BC_C908,
    0xBB67_AE85_84CA_A73B,
    0x3C6E_F372_FE94_F82B,
    0xA54F_F53A_5F1D_36F1,
];
pub(super) const BRS_SALT: u64 = 0x510E_527F_ADE6_82D1;

/// How a free-for-all (more than two teams) is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FfaStrategy {
    /// Paranoid: the root seat maximises its score, every other seat in turn
    /// minimises it.
    Paranoid,
    /// Best-reply search (Schadd and Winands): the root's moves alternate
    /// with one layer where the single best move of any opponent is
    /// searched, the other opponents skipping their turn.
    #[default]
    BestReply,
}

impl FfaStrategy {
    /// The name used by the UCI option `FFA_Search`.
    pub fn name(self) -> &'static str {
        match self {
            FfaStrategy::Paranoid => "Paranoid",
            FfaStrategy::BestReply => "BestReply",
        }
    }

    /// Read a name (any case; `brs` and `best-reply` too).
    pub fn parse(s: &str) -> Option<FfaStrategy> {
        match s.to_ascii_lowercase().as_str() {
            "paranoid" => Some(FfaStrategy::Paranoid),
            "bestreply" | "best-reply" | "best_reply" | "brs" => Some(FfaStrategy::BestReply),
            _ => None,
        }
    }
}

impl<P: Searchable> Searcher<P> {
    pub(super) fn brs_min(&self, pos: &P) -> bool {
        self.brs && pos.turn() != self.root
    }

    /// `pos` with passes until `seat` is to move (best-reply search skips
    /// the turns of the opponents that do not reply).
    pub(super) fn pass_until(&self, pos: &mut P::Child<'_>, seat: Seat) {
        let pass = pos.pass_move();
        for _ in 0..self.seats {
            if pos.turn() == seat {
                return;
            }
            pos.play_unchecked(pass);
        }
    }

    /// The moves searched at `pos`: its legal moves, or at an opponents'
    /// layer of best-reply search every opponent's legal moves (passes only
    /// when no opponent has anything else).
    pub(super) fn moves(&self, pos: &P, list: &mut MoveList<P::Move>) {
        if !self.brs_min(pos) {
            return pos.legal_moves_into(list);
        }
        list.clear();
        let mut p = pos.child();
        let mut seat_moves = MoveList::new();
        for _ in 0..self.seats {
            if p.turn() == self.root {
                break;
            }
            p.legal_moves_into(&mut seat_moves);
            for &m in seat_moves.iter() {
                // A reply is a whole turn: a step that leaves the turn
                // with its seat (an assassin's pick) is none.
                if !pos.is_pass(m) && !p.continues_turn(m) {
                    list.push(m);
                }
            }
            p.play_unchecked(pos.pass_move());
        }
        if list.is_empty() {
            list.push(pos.pass_move());
        }
    }

    /// The position after `m` (one of [`Searcher::moves`]).
    #[inline]
    pub(super) fn make<'p>(&self, pos: &'p P, m: P::Move) -> P::Child<'p> {
        let mut child = pos.child();
        if self.brs_min(pos) {
            if let Some(seat) = pos.mover(m) {
                self.pass_until(&mut child, seat);
                child.play_unchecked(m);
            }
            self.pass_until(&mut child, self.root);
        } else {
            child.play_unchecked(m);
        }
        child
    }

    /// The position after a null move: the side to move passes (at an
    /// opponents' layer of best-reply search, all of them do).
    pub(super) fn make_null<'p>(&self, pos: &'p P) -> P::Child<'p> {
        let mut child = pos.child();
        if self.brs_min(pos) {
            self.pass_until(&mut child, self.root);
        } else {
            child.play_unchecked(pos.pass_move());
        }
        child
    }

    /// Static evaluation from the side to move's point of view.
    #[inline]
    pub(super) fn evaluate(&self, pos: &P) -> i32 {
        if !self.multi {
            return self.eval.evaluate(pos);
        }
        self.combine(pos, &self.eval.seat_terms(pos))
    }

    /// The static evaluation, or with more than two seats a lower bound
    /// of it (`Err`) when its material and placement alone stand
    /// [`LAZY_MARGIN`] above `beta`: the attack terms are not computed.
    #[inline]
    pub(super) fn evaluate_lazy(&self, pos: &P, beta: i32) -> Result<i32, i32> {
        if !self.multi {
            return Ok(self.eval.evaluate(pos));
        }
        let (t, full) = self
            .eval
            .seat_terms_unless(pos, |base| self.combine(pos, base) - LAZY_MARGIN >= beta);
        let v = self.combine(pos, &t);
        if full { Ok(v) } else { Err(v - LAZY_MARGIN) }
    }

    /// The score of seat terms `t` for the side to move: its team's terms
    /// less the others', or in a free-for-all the root's less the others'
    /// mean.
    #[inline]
    fn combine(&self, pos: &P, t: &[i32; MAX_SEATS]) -> i32 {
        let n = self.seats as usize;
        let us = self.side_of[pos.turn().idx()];
        let v = if self.ffa {
            let root = self.root.idx();
            let others: i32 = (0..n).filter(|&s| s != root).map(|s| t[s]).sum();
            let r = t[root] - others / (n as i32 - 1);
            if us == 0 { r } else { -r }
        } else {
            (0..n)
                .map(|s| if self.side_of[s] == us { t[s] } else { -t[s] })
                .sum()
        };
        (v + 8).clamp(-EVAL_MAX, EVAL_MAX)
    }

    /// Games of more than two seats: the score of a decided position for
    /// the side to move (a free-for-all is decided for the root when its
    /// royal piece is gone or it is the last seat with one).
    #[inline]
    pub(super) fn multi_terminal(&self, pos: &P, ply: usize) -> Option<i32> {
        let alive = pos.alive_seats();
        let us = self.side_of[pos.turn().idx()];
        let win = MATE - ply as i32;
        let winner_side = if self.ffa {
            let root = 1u8 << self.root.0;
            if alive == 0 {
                return Some(0);
            } else if alive & root == 0 {
                1
            } else if alive == root {
                0
            } else {
                return None;
            }
        } else {
            if !pos.teams_decided() {
                return None;
            }
            let standing = pos.standing_seats();
            if standing == 0 {
                return Some(0);
            }
            self.side_of[standing.trailing_zeros() as usize]
        };
        Some(if winner_side == us { win } else { -win })
    }
}
