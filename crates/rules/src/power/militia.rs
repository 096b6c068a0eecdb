//! `militia`: after its move, once per turn, the seat may create a piece of
//! the militia kind on an empty square of its area (the American
//! Colonies: a militia, `mKcF`, on the 3 x 5). A militia dies two turns
//! after it appears, and it leaves its army's area only by capturing.
//!
//! The new piece is the move's chosen cell ([`Move::with_chosen`],
//! `d2d3@c3`): each piece move is offered as it is and once per cell of
//! the area empty after it. It joins the seat's own army and stands there
//! before the turn ends (so the opening rule sees it).
//!
//! Ages are per piece: a militia that has lived through one turn end of
//! the seat commanding it is marked in per-piece plane 1
//! ([`Position::plane`]; plane 0 is `freeze-capturer`'s), and a marked one
//! is removed at that seat's next turn end: created at the end of turn
//! N, it moves on turns N + 1 and N + 2 and is gone as N + 2 ends. The
//! mark goes with its piece when it moves and is gone when the piece on
//! its cell changes (captured, converted, pushed: a militia taken over by
//! a conversion starts anew). Every seat's turn end ages the militia it
//! commands, so a militia taken over with its army dies all the same.
//! FEN4 writes the marked ones per commanding seat,
//! `'militia':('c3','','','')`.
//!
//! "It may leave the 3x5 only when capturing": a militia's move that takes
//! nothing may not go from inside its army's area to outside it (one
//! standing outside, after a capture, moves freely). The area is the
//! militia power's, turned to the corner of the army the piece is in.
//!
//! Parameters: `kind` (a letter), `area` (default `a1-e3`).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{Kind, MAX_SEATS, Piece, Seat};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

pub(super) const ID: &str = "militia";

/// The FEN4 key of the militia that die at their commander's next turn end.
pub(crate) const KEY: &str = "militia";

/// The per-piece plane of the militia's ages.
const OLD: usize = 1;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) letter: char,
    area: super::Area,
}

/// Compiled for one seat: the kind and the seat's area.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled<B> {
    kind: Kind,
    area: B,
    spec_area: super::Area,
}

/// What every seat's turn needs of the line-up's militia: their kinds,
/// and per army the area its militia stay in.
#[derive(Clone, Debug)]
pub(crate) struct MilitiaRules<B> {
    pub(crate) kinds: u16,
    areas: [B; MAX_SEATS],
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            letter: p.letter("kind")?,
            area: p.area("area", Some("a1-e3"))?,
        })
    }

    pub(super) fn compile<B>(
        &self,
        kind: impl Fn(char) -> Kind,
        area: impl Fn(&super::Area) -> B,
    ) -> Compiled<B> {
        Compiled {
            kind: kind(self.letter),
            area: area(&self.area),
            spec_area: self.area,
        }
    }
}

/// The line-up's militia: the kinds its militia powers create, and the
/// first such power's area turned to each army's corner.
pub(crate) fn militia_rules<B: HasSliders>(
    variant: &Variant,
    powers: &[Vec<Power<B>>; MAX_SEATS],
) -> MilitiaRules<B> {
    let mut rules = MilitiaRules {
        kinds: 0,
        areas: [B::EMPTY; MAX_SEATS],
    };
    let size = variant.geometry.width();
    for c in powers.iter().flatten().filter_map(|p| match p {
        Power::Militia(c) => Some(c),
        _ => None,
    }) {
        if rules.kinds == 0 {
            for (s, seat) in variant.seats.iter().enumerate().take(MAX_SEATS) {
                rules.areas[s] = c.spec_area.cells(seat.forward, size);
            }
        }
        rules.kinds |= 1 << c.kind.0;
    }
    rules
}

impl<B: HasSliders> Position<B> {
    /// The seat to move's militia power.
    fn militia_power(&self) -> Option<Compiled<B>> {
        self.find_power(self.turn, |p| match p {
            Power::Militia(c) => Some(*c),
            _ => None,
        })
        .map(|(_, c)| c)
    }

    /// The militia on the board.
    fn militia(&self) -> B {
        self.union_of(self.rules.militia.kinds)
    }

    /// Whether the seat to move commands a militia (whose quiet moves keep
    /// to its area).
    pub(crate) fn has_militia(&self) -> bool {
        self.rules.militia.kinds != 0
            && !(self.militia() & self.commanded_pieces(self.turn)).is_empty()
    }

    /// Whether `m` moves a militia out of its army's area without taking.
    pub(crate) fn militia_bar(&self, m: Move) -> bool {
        if self.rules.militia.kinds == 0
            || !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            || self.occupied().has(m.to())
        {
            return false;
        }
        match self.piece_at(m.from()) {
            Some(p) if self.rules.militia.kinds & (1 << p.kind.0) != 0 => {
                let area = self.rules.militia.areas[p.seat.idx()];
                area.has(m.from()) && !area.has(m.to())
            }
            _ => false,
        }
    }

    /// Each form of the piece move `m` of the seat to move: as it is, and
    /// once per cell of its area empty after the move.
    pub(super) fn for_each_militia(&self, m: Move, mut emit: impl FnMut(Move)) {
        emit(m);
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_)) {
            return;
        }
        let Some(c) = self.militia_power() else {
            return;
        };
        // The seat's only power: the move empties its origin and fills
        // its target, nothing else.
        let empty = (!self.occupied() | B::bit(m.from())) & !B::bit(m.to());
        for cell in (c.area & empty).iter() {
            emit(m.with_chosen(cell));
        }
    }

    /// The militia the seat to move's move `m` chose, on its cell.
    pub(super) fn place_militia(&mut self, m: Move) {
        let (Some(c), Some(cell)) = (self.militia_power(), m.chosen()) else {
            return;
        };
        if c.area.has(cell) && !self.occupied().has(cell) {
            let piece = Piece {
                seat: self.turn,
                kind: c.kind,
            };
            self.put(piece, cell);
        }
    }

    /// Marks follow their pieces: those of cells whose piece changed
    /// since `before` go (the piece that moved by `carry`, from and to,
    /// takes its mark along), and only militia keep one.
    pub(crate) fn carry_militia_marks(
        &mut self,
        before: &super::winter::Snapshot<B>,
        carry: Option<(u8, u8)>,
    ) {
        let old = self.plane(OLD);
        let mut marks = old & !bits_of(self.changed_since(before));
        if let Some((from, to)) = carry
            && from < 64
            && to < 64
            && old & (1 << from) != 0
        {
            marks |= 1 << to;
        }
        marks &= bits_of(self.militia());
        if marks != old {
            self.set_plane(OLD, marks);
        }
    }

    /// The seat `us` ended its turn with `m` (the board was `before`): the
    /// marks follow the pieces, then every militia `us` commands but the
    /// one it just created ages: a marked one dies, the others are marked.
    pub(crate) fn end_militia_turn(
        &mut self,
        us: Seat,
        m: Move,
        before: &super::winter::Snapshot<B>,
    ) {
        let piece_move = matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_));
        self.carry_militia_marks(before, piece_move.then(|| (m.from(), m.to())));
        // The militia created this turn has not lived through a turn end.
        let creates = self
            .find_power(us, |p| matches!(p, Power::Militia(_)).then_some(()))
            .is_some();
        let created = m.chosen().filter(|_| piece_move && creates);
        let mut marks = self.plane(OLD);
        let aging = self.militia() & self.commanded_pieces(us);
        for cell in aging.iter().filter(|&c| c < 64 && Some(c) != created) {
            if marks & (1 << cell) != 0 {
                marks &= !(1 << cell);
                if let Some(p) = self.piece_at(cell) {
                    self.remove(p, cell);
                }
            } else {
                marks |= 1 << cell;
            }
        }
        if marks != self.plane(OLD) {
            self.set_plane(OLD, marks);
        }
    }

    /// The `'militia'` entry, when a militia is marked.
    pub(crate) fn militia_extra(&self) -> Option<String> {
        if self.rules.militia.kinds == 0 || self.plane(OLD) == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        let entries: Vec<String> = (0..self.rules.seats())
            .map(|s| {
                self.commanded_pieces(Seat(s))
                    .iter()
                    .filter(|&c| c < 64 && self.plane(OLD) & (1 << c) != 0)
                    .map(|c| geo.square(c).to_string())
                    .collect()
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'militia'` entries: per seat, the squares of the militia
    /// it commands that die at its next turn end.
    pub(crate) fn read_militia_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let seats = self.rules.seats();
        let mut marks = 0u64;
        for (s, text) in crate::notation::fen4::seat_texts(entries, seats, KEY, key_at)? {
            let mine = self.militia() & self.commanded_pieces(Seat(s as u8));
            let mut rest = text;
            while !rest.is_empty() {
                let (sq, n) = Square::parse_prefix(rest)
                    .ok_or_else(|| bad(format!("'{rest}' in '{KEY}' is not a list of squares")))?;
                let cell = self
                    .variant()
                    .geometry
                    .cell(sq)
                    .filter(|&c| c < 64 && mine.has(c))
                    .ok_or_else(|| {
                        bad(format!(
                            "no militia seat {} commands on {sq}, in '{KEY}'",
                            s + 1
                        ))
                    })?;
                marks |= 1 << cell;
                rest = &rest[n..];
            }
        }
        self.set_plane(OLD, marks);
        Ok(())
    }
}

/// A board set as the 64 bits of an 8 x 8 plane.
fn bits_of<B: HasSliders>(b: B) -> u64 {
    b.iter().filter(|&c| c < 64).fold(0, |p, c| p | 1 << c)
}
