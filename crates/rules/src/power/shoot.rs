//! `shoot`: instead of moving, a piece of the kinds standing in an area
//! captures an enemy piece orthogonally next to it and stays where it is
//! (Ancient Greece's pieces on the four centre squares). Written
//! `shoot@d4d5`, from the shooter to the target. A capture by a power: a
//! piece proof against powers is not shot; it takes a player's last royal
//! piece as any capture does.
//!
//! Parameters: `area` (default `d4-e5`, the centre 2 x 2); `kinds`
//! (letters; left out, every kind but pawns).

use super::{Area, Params};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::variant::Forward;

pub(super) const ID: &str = "shoot";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    area: Area,
    pub(super) kinds: Vec<char>,
}

/// Compiled: the area in the seat's corner, and the kinds.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<B> {
    cells: B,
    kinds: Option<u16>,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            area: p.area("area", Some("d4-e5"))?,
            kinds: p.optional_letters("kinds")?,
        })
    }

    pub(super) fn compile<B: HasSliders>(
        &self,
        kind: impl Fn(char) -> Kind,
        forward: Forward,
        size: u8,
    ) -> Compiled<B> {
        Compiled {
            cells: self.area.cells::<B>(forward, size),
            kinds: super::kinds_or_pieces(&self.kinds, kind),
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The shots of the seat to move.
    pub(super) fn generate_shots<S: Sink<B>>(&self, sink: &mut S, s: &Compiled<B>, tag: MoveKind) {
        let us = self.turn;
        let kinds = self.kinds_or_pieces(s.kinds);
        let shooters = self.union_of(kinds) & self.commanded_pieces(us) & s.cells;
        let targets = self.hostile_to(us) & !self.power_proof();
        for from in shooters.iter() {
            for to in (self.neighbours(B::bit(from)) & targets).iter() {
                sink.one(Move::new(from, to, tag));
            }
        }
    }

    /// Play the shot `m`: the target leaves the board; the piece it took.
    pub(super) fn play_shot(&mut self, m: Move) -> Option<Piece> {
        let victim = self.piece_at(m.to())?;
        self.remove(victim, m.to());
        self.halfmoves = 0;
        Some(victim)
    }
}
