//! `become-in-area`: a piece the seat commands, of one kind, that ends its
//! move in an area becomes a piece of another kind, and stays so: the
//! Papal States' bishops becoming archbishops in another player's 2 x 4,
//! Medieval Japan's pieces gaining king moves in their last three rows.
//! The area is written for the a1 corner (default `a1-d2`, the 2 x 4
//! starting area) and taken in the other three corners (`corners =
//! "others"`, the default) or in the seat's own (`"own"`).
//!
//! Parameters: `pairs`, a list of `"c=z"` (a papal bishop becomes an
//! archbishop); `area`; `corners`.

use super::{Area, Params};
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::variant::Forward;

pub(super) const ID: &str = "become-in-area";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pairs: Vec<(char, char)>,
    area: Area,
    /// The area in the seat's own corner, not the other three.
    own: bool,
}

/// Compiled: `(from, into)` kinds, and the cells of the other corners' areas.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<B> {
    pairs: Vec<(Kind, Kind)>,
    cells: B,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let pairs = super::transform::read_pairs(p, "c=z")?;
        let area = p.area("area", Some("a1-d2"))?;
        let own = match p.string_or("corners", "others")? {
            "others" => false,
            "own" => true,
            other => {
                let why = format!("'{other}': \"others\" (the default) or \"own\"");
                return Err(("corners".into(), why));
            }
        };
        Ok(Spec { pairs, area, own })
    }

    pub(super) fn letters(&self) -> Vec<(&'static str, char)> {
        super::transform::pair_letters(&self.pairs)
    }

    pub(super) fn compile<B: HasSliders>(
        &self,
        kind: impl Fn(char) -> Kind,
        own: Forward,
        size: u8,
    ) -> Compiled<B> {
        let corners = [Forward::North, Forward::East, Forward::South, Forward::West];
        let cells = corners
            .into_iter()
            .filter(|&f| (f == own) == self.own)
            .fold(B::EMPTY, |b, f| b | self.area.cells::<B>(f, size));
        Compiled {
            pairs: super::transform::pair_kinds(&self.pairs, kind),
            cells,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// After the seat to move played the piece move `m`: the piece it
    /// landed, one it commands, becomes the kind of the first of its
    /// powers whose area holds the cell and whose pairs name the piece.
    pub(crate) fn enter_area_powers(&mut self, m: Move) {
        if matches!(m.kind(), MoveKind::Power(_) | MoveKind::Pass) {
            return;
        }
        let (us, to) = (self.turn, m.to());
        let Some(landed) = self.piece_at(to) else {
            return;
        };
        if self.commanded_by(us) & (1 << landed.seat.0) == 0 {
            return;
        }
        let into = self.rules.powers[us.idx()].iter().find_map(|p| match p {
            super::Power::Enter(e) if e.cells.has(to) => e
                .pairs
                .iter()
                .find(|(k, _)| *k == landed.kind)
                .map(|&(_, into)| into),
            _ => None,
        });
        if let Some(kind) = into {
            self.remove(landed, to);
            self.put(
                Piece {
                    seat: landed.seat,
                    kind,
                },
                to,
            );
        }
    }
}
