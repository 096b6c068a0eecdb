//! `transform`: instead of moving, turn one piece of one kind into a piece
//! of another, on its cell (the Aztecs' warrior societies: a knight into a
//! rook or a rook into a knight). Written `transform@d1`.
//!
//! Parameters: `pairs`, a list of `"n=r"` (a knight may become a rook);
//! `only_one` (default false): a pair is offered only while the seat's own
//! army holds no piece of the kind it makes, seen or hidden (the Assassins'
//! Guild's single knight).

use super::Params;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece, Seat};
use crate::position::Position;
use crate::variant::piece_letter;

pub(super) const ID: &str = "transform";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pairs: Vec<(char, char)>,
    only_one: bool,
}

/// Compiled: `(from, into)` kinds.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    pairs: Vec<(Kind, Kind)>,
    only_one: bool,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            pairs: read_pairs(p, "n=r")?,
            only_one: p.flag("only_one")?,
        })
    }

    pub(super) fn letters(&self) -> Vec<(&'static str, char)> {
        pair_letters(&self.pairs)
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            pairs: pair_kinds(&self.pairs, kind),
            only_one: self.only_one,
        }
    }
}

fn pair(s: &str) -> Option<(char, char)> {
    let (a, b) = s.split_once('=')?;
    Some((piece_letter(a)?, piece_letter(b)?))
}

/// Every letter of `pairs`, each named as the `pairs` parameter.
pub(super) fn pair_letters(pairs: &[(char, char)]) -> Vec<(&'static str, char)> {
    pairs
        .iter()
        .flat_map(|&(a, b)| [("pairs", a), ("pairs", b)])
        .collect()
}

/// `pairs` as kinds.
pub(super) fn pair_kinds(pairs: &[(char, char)], kind: impl Fn(char) -> Kind) -> Vec<(Kind, Kind)> {
    pairs.iter().map(|&(a, b)| (kind(a), kind(b))).collect()
}

/// The `pairs` parameter of a power that turns pieces of one kind into
/// another: letter pairs such as `example`, at least one, none a no-op.
pub(super) fn read_pairs(p: &Params, example: &str) -> Result<Vec<(char, char)>, (String, String)> {
    let pairs = p
        .strings("pairs")?
        .into_iter()
        .map(|s| {
            pair(s).ok_or_else(|| {
                let why = format!("'{s}': a pair of letters such as \"{example}\"");
                ("pairs".to_string(), why)
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if pairs.is_empty() {
        return Err(("pairs".into(), "at least one pair".into()));
    }
    if let Some(&(a, _)) = pairs.iter().find(|(a, b)| a == b) {
        return Err(("pairs".into(), format!("'{a}={a}' changes nothing")));
    }
    Ok(pairs)
}

impl<B: HasSliders> Position<B> {
    /// One move per piece the seat to move commands that `t` can turn.
    pub(super) fn generate_transform<S: Sink<B>>(&self, sink: &mut S, t: &Compiled, tag: MoveKind) {
        let us = self.turn;
        let mine = self.commanded_pieces(us);
        for &(from, into) in &t.pairs {
            if t.only_one && (self.hides_a_piece(us) || !self.army_of_kind(us, into).is_empty()) {
                continue;
            }
            for cell in (self.kind_pieces(from) & mine).iter() {
                sink.one(Move::new(cell, cell, tag));
            }
        }
    }

    /// The pieces of `seat`'s own army of `kind`.
    fn army_of_kind(&self, seat: Seat, kind: Kind) -> B {
        self.kind_pieces(kind) & self.by_seat[seat.idx()]
    }

    /// Turn the piece on `m`'s cell by the first pair that fits it.
    pub(super) fn play_transform(&mut self, t: &Compiled, m: Move) {
        let cell = m.from();
        let Some(old) = self.piece_at(cell) else {
            return;
        };
        if let Some(&(_, into)) = t.pairs.iter().find(|(from, _)| *from == old.kind) {
            self.remove(old, cell);
            self.put(
                Piece {
                    seat: old.seat,
                    kind: into,
                },
                cell,
            );
        }
    }
}
