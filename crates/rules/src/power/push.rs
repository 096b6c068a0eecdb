//! `push`: after its piece move the seat may push any number of other
//! players' pieces that stand on the moved piece's rank or file with
//! nothing between them, and are of its kind: each goes `distance` squares
//! straight away from it, stopping early before a piece or a hole, and
//! leaving the board past the edge (removed). Gaul's fear. Which pieces
//! are pushed is the move's choice, one bit per direction, written as
//! their squares (`d4d5@e5d7`); the move without a push is offered too.
//! A piece proof against powers is not pushed; a player's last royal
//! piece pushed off the board is taken, so its player is out, as by a
//! capture.
//!
//! Parameters: `distance` (1 to 7, default 2).

use super::Params;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;

pub(super) const ID: &str = "push";

/// Up, right, down, left, as the choice's bits 0 to 3.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    distance: u8,
}

/// Compiled: the same.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    distance: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            distance: p.number("distance", 2, 1..=7)?,
        })
    }

    pub(super) fn compile(&self) -> Compiled {
        Compiled {
            distance: self.distance,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// In this position, after the seat to move's piece move `m` was
    /// played: per direction, the cell of a piece it may push.
    fn pushable(&self, m: Move) -> [Option<u8>; 4] {
        let mut found = [None; 4];
        let us = self.turn;
        let mine = self.commanded_pieces(us);
        let Some(mover) = self.piece_at(m.to()).filter(|_| mine.has(m.to())) else {
            return found;
        };
        if matches!(m.kind(), MoveKind::Power(_) | MoveKind::Pass) {
            return found;
        }
        let geo = &self.variant().geometry;
        // Dug-in pawns are not pushed either.
        let proof = self.power_proof() | self.trench_guard();
        for (slot, &(dx, dy)) in found.iter_mut().zip(&DIRECTIONS) {
            let mut cell = m.to();
            while let Some(next) = geo.offset(cell, dx, dy) {
                cell = next;
                if let Some(p) = self.piece_at(cell) {
                    if p.kind == mover.kind && !mine.has(cell) && !proof.has(cell) {
                        *slot = Some(cell);
                    }
                    break;
                }
            }
        }
        found
    }

    /// The pushes the seat to move's piece move `m` allows, as a bit set
    /// of directions.
    pub(super) fn push_choices(&self, m: Move) -> u8 {
        if matches!(m.kind(), MoveKind::Power(_) | MoveKind::Pass) {
            return 0;
        }
        let after = self.board_after(m.unchosen());
        let found = after.pushable(m);
        (0..4)
            .filter(|&d| found[d].is_some())
            .fold(0, |b, d| b | 1 << d)
    }

    /// The cells of the pieces the move `m` of the seat to move pushes.
    pub(super) fn pushed_cells(&self, m: Move) -> Vec<u8> {
        let after = self.board_after(m.unchosen());
        let found = after.pushable(m);
        (0..4)
            .filter(|&d| m.choice() & (1 << d) != 0)
            .filter_map(|d| found[d])
            .collect()
    }

    /// The seat to move's piece move `m` was played: push the pieces its
    /// choice names.
    pub(super) fn play_push(&mut self, p: &Compiled, m: Move) {
        let found = self.pushable(m);
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            if let Some(cell) = found[d].filter(|_| m.choice() & (1 << d) != 0) {
                self.push_one(cell, (dx, dy), p.distance);
            }
        }
    }

    /// Push the piece on `cell` up to `distance` squares by `step`.
    fn push_one(&mut self, cell: u8, (dx, dy): (i32, i32), distance: u8) {
        let Some(piece) = self.piece_at(cell) else {
            return;
        };
        let geo = &self.variant().geometry;
        let (mut at, mut off) = (cell, false);
        for _ in 0..distance {
            match geo.offset(at, dx, dy) {
                None => {
                    off = true;
                    break;
                }
                Some(next)
                    if !geo.is_playable(next)
                        || self.occupied().has(next)
                        || self.wall_stops(piece, at, next) =>
                {
                    break;
                }
                Some(next) => at = next,
            }
        }
        self.remove(piece, cell);
        if off {
            self.count_power_loss(piece);
            let royal = self.rules.variant.pieces[piece.kind.idx()].royal;
            if royal && self.royals(piece.seat).is_empty() {
                let loser = self.commander_of(piece.seat);
                self.take_over(loser, self.turn);
            }
            return;
        }
        if let Some(kind) = self.converted_kind(piece.seat, piece.kind, at) {
            self.put(
                Piece {
                    seat: piece.seat,
                    kind,
                },
                at,
            );
        }
    }
}
