//! The draughts family's static evaluation, every weight from the
//! variant's data, each seat scored on its own:
//!
//! - **Material.** A man is worth [`MAN`]. A king, which steps and jumps in
//!   all four diagonals where a man has two, is worth `MAN * 2^0.6` (151):
//!   twice the directions, with the diminishing return draughts players
//!   count a king at (between one and a half and two men).
//! - **Advance.** A man gains up to [`ADVANCE`] as it nears its crowning
//!   row, growing with the square of the rows it has come of the rows it
//!   must cross (the board's size along its direction).
//! - **Back row.** With two seats, a man still on its own back row guards
//!   the crowning row of the other side: [`BACK_ROW`] each.
//!
//! A seat that is out counts nothing. Captures are ordered by the number
//! of pieces they take; null-move pruning is off (zugzwang is common in
//! draughts).

use super::{Evaluator, GOOD_CAPTURE, PROMOTION};
use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::Seat;
use tetrarch_rules::draughts::{DraughtsVariant, Move, Position};
use tetrarch_rules::family::FamilyVariant;
use tetrarch_rules::variant::Forward;

/// A man, in centipawns.
pub const MAN: i32 = 100;
/// Most a man gains by its advance, on the row before its crowning row.
pub const ADVANCE: i32 = 30;
/// A man on its own back row, with two seats.
pub const BACK_ROW: i32 = 6;

/// The draughts evaluation: per seat and cell, what a man there is worth.
#[derive(Clone)]
pub struct DraughtsEval {
    king: i32,
    /// `men[seat][cell]`: a man's value with its advance and back-row terms.
    men: Box<[[i32; 128]; MAX_SEATS]>,
    seats: u8,
}

impl DraughtsEval {
    fn material(&self, pos: &Position, seat: Seat) -> i32 {
        let own = pos.pieces(seat);
        let kings = (own & pos.kings()).count_ones() as i32;
        let mut men = own & !pos.kings();
        let mut score = kings * self.king;
        let table = &self.men[seat.idx() & (MAX_SEATS - 1)];
        while men != 0 {
            let c = men.trailing_zeros() as usize;
            men &= men - 1;
            score += table[c & 127];
        }
        score
    }
}

impl Evaluator<Position> for DraughtsEval {
    fn new(variant: &DraughtsVariant) -> DraughtsEval {
        let g = variant.geometry();
        let (w, h) = (i32::from(g.width()), i32::from(g.height()));
        let two = variant.seat_count() == 2;
        let mut men = Box::new([[0; 128]; MAX_SEATS]);
        for (s, seat) in variant.seats().iter().enumerate() {
            for (c, sq) in variant.dark_cells().iter().enumerate() {
                let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
                let (advance, span) = match seat.forward {
                    Forward::North => (r, h - 1),
                    Forward::South => (h - 1 - r, h - 1),
                    Forward::East => (f, w - 1),
                    Forward::West => (w - 1 - f, w - 1),
                };
                let back = if two && advance == 0 { BACK_ROW } else { 0 };
                men[s][c] = MAN + ADVANCE * advance * advance / (span * span).max(1) + back;
            }
        }
        DraughtsEval {
            king: (f64::from(MAN) * 2f64.powf(0.6)).round() as i32,
            men,
            seats: variant.seat_count(),
        }
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        let us = pos.turn();
        let them = Seat(us.0 ^ 1);
        self.material(pos, us) - self.material(pos, them)
    }

    fn seat_terms(&self, pos: &Position) -> [i32; MAX_SEATS] {
        let mut t = [0; MAX_SEATS];
        for s in 0..self.seats {
            t[s as usize] = self.material(pos, Seat(s));
        }
        t
    }

    fn has_pieces(&self, _pos: &Position, _seat: Seat) -> bool {
        false
    }

    fn capture_key(&self, _pos: &Position, m: Move, _multi: bool) -> i32 {
        GOOD_CAPTURE + 64 * m.legs() as i32
    }

    fn promotion_key(&self, _m: Move) -> i32 {
        PROMOTION + self.king - MAN
    }
}
