//! `trade`: when a piece the seat commands ends its move orthogonally next
//! to an enemy piece, the two pieces swap owners (the Netherlands). With
//! several such enemy pieces the mover picks one: the move's chosen cell
//! ([`Move::with_chosen`], `d4d5@e5`), one move per piece; the swap is
//! part of the move, so it is offered only with one. Royal pieces and
//! pieces proof against powers are never swapped (neither the mover nor
//! the enemy), nor a piece that captured without moving; with
//! `not_first_turn`, nothing is swapped on the seat's first turn. A move
//! whose swap is not allowed is played without it.
//!
//! Each piece joins the other's army, so a pawn then goes its new army's
//! way; one standing where its new army's pawns promote promotes at once
//! to that army's first choice, since no pawn can stand there.
//!
//! Parameters: `not_first_turn`.

use super::Params;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;

pub(super) const ID: &str = "trade";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    not_first_turn: bool,
}

/// Compiled: the same.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    not_first_turn: bool,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            not_first_turn: p.flag("not_first_turn")?,
        })
    }

    pub(super) fn compile(&self) -> Compiled {
        Compiled {
            not_first_turn: self.not_first_turn,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The enemy pieces the seat to move's piece may swap owners with
    /// after its move `m`.
    pub(super) fn trade_choices(&self, t: &Compiled, m: Move) -> B {
        let us = self.turn;
        let royal = self.union_of(self.rules.royal_kinds);
        if matches!(m.kind(), MoveKind::Power(_) | MoveKind::Pass)
            || (t.not_first_turn && self.turns_taken[us.idx()] == 0)
            || royal.has(m.from())
        {
            return B::EMPTY;
        }
        let after = self.board_after(m);
        // The mover as it landed: a pawn promoted to a warrior is proof.
        if !after.commanded_pieces(us).has(m.to()) || after.power_proof().has(m.to()) {
            return B::EMPTY;
        }
        after.neighbours(B::bit(m.to())) & after.hostile_to(us) & !royal & !after.power_proof()
    }

    /// The piece that moved to `m.to()` and the enemy piece on `other`
    /// swap owners.
    pub(super) fn play_trade(&mut self, m: Move, other: u8) {
        let (Some(ours), Some(theirs)) = (self.piece_at(m.to()), self.piece_at(other)) else {
            return;
        };
        // "Kings are never swapped", judged on the true position: a
        // face-down King card (`secrecy`), chosen as an unknown piece in
        // the mover's view, stays where it is.
        if self.rules.variant.pieces[theirs.kind.idx()].royal {
            return;
        }
        self.remove(ours, m.to());
        self.remove(theirs, other);
        for (piece, army, cell) in [(ours, theirs.seat, m.to()), (theirs, ours.seat, other)] {
            if let Some(kind) = self.converted_kind(army, piece.kind, cell) {
                self.put(Piece { seat: army, kind }, cell);
            }
        }
    }
}
