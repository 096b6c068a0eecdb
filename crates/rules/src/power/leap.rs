//! `no-leap-twice`: a piece of the kinds that moves by the leap (Britain's
//! ministers moving like a knight) bars every piece of those kinds from
//! that leap on the seat's next turn. Kept as "used on the last turn" in
//! the power's slot (FEN4 `'powers'`).
//!
//! Parameters: `kinds` (letters), `leap` (two numbers, default `[1, 2]`:
//! the knight's).

use super::Params;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Position;

pub(super) const ID: &str = "no-leap-twice";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) kinds: Vec<char>,
    leap: (u8, u8),
}

/// Compiled: the kinds as a bit set, the leap in file and rank steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    kinds: u16,
    leap: (u8, u8),
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let kinds = p.some_letters("kinds")?;
        Ok(Spec {
            kinds,
            leap: p.pair("leap", (1, 2))?,
        })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            kinds: super::kind_bits(&self.kinds, kind),
            leap: self.leap,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// Whether `m` is the leap by a piece of the kinds, the piece standing
    /// on `piece_at` (its origin before the move, its target after).
    pub(super) fn is_barred_leap(&self, l: &Compiled, m: Move, piece_at: u8) -> bool {
        if !matches!(m.kind(), MoveKind::Normal) {
            return false;
        }
        let Some(p) = self.piece_at(piece_at) else {
            return false;
        };
        let geo = &self.variant().geometry;
        let (a, b) = (geo.square(m.from()), geo.square(m.to()));
        let steps = (a.file().abs_diff(b.file()), a.rank().abs_diff(b.rank()));
        l.kinds & (1 << p.kind.0) != 0 && (steps == l.leap || steps == (l.leap.1, l.leap.0))
    }
}
