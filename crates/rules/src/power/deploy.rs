//! `deploy`: the army starts off the board, in a reserve, and each turn
//! the seat either moves a piece or puts a reserve piece on an empty
//! deployment square (the Ottoman Empire's deployment). A deployment is a
//! drop, written `K@a1`.
//!
//! - **Reserve**: the nation file lists it, a letter per piece
//!   (`reserve = ["k", "p", "p", ...]`); what is left is a bit per piece
//!   in the seat's slots after the power's own (slot `i + 1` pieces 0-7,
//!   `i + 2` pieces 8-15; a bit set once the piece is placed, so a full
//!   reserve is all zero and hashes as nothing). FEN4 writes what is left
//!   per seat, `'reserve':('kppb','','','')`, `-` for nothing left, and
//!   leaves out a reserve still full.
//! - **Which piece**: a drop of a kind takes the last piece of that kind
//!   left; the `first` ones are marked on the last pieces of their kinds,
//!   so they go before the others, and a reserve's state is one per
//!   multiset of pieces left.
//! - **First placements**: the pieces `first` names (the king and both
//!   pawns) are among the first `within` placements: a drop of another
//!   piece is offered only while enough placements remain for them.
//! - **In play**: a seat whose royal piece is still in reserve is in the
//!   game before its first turn and, after it, while it commands a piece on
//!   the board; with none it is out. Reserve pieces count as the
//!   player's for the lone-piece rule.
//! - **Guard**: until the end of the seat's `guarded_turns`-th turn no
//!   one captures its pieces (the opening-turn count of the variant,
//!   FEN4 `'turns'`, counts them); destroying is no capture.
//!
//! Parameters: `reserve` (letters, 1 to 16), `squares` (a1-corner squares,
//! default `a1`, `c1`, `b2`, `d2`), `first` (letters of the reserve),
//! `within` (1 to 16), `guarded_turns` (0 to 2, default 0).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{Kind, Piece, Seat};
use crate::position::Position;
use crate::variant::{Forward, rotate, square_of_8x8};

pub(super) const ID: &str = "deploy";

/// The FEN4 key of what is left in reserve.
pub(crate) const KEY: &str = "reserve";

/// The most pieces a reserve holds (two slots of bits).
const MAX_RESERVE: usize = 16;

/// The deployment squares when a file names none.
const DEFAULT_SQUARES: [&str; 4] = ["a1", "c1", "b2", "d2"];

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) reserve: Vec<char>,
    squares: Vec<(u8, u8)>,
    pub(super) first: Vec<char>,
    within: u8,
    pub(super) guarded_turns: u8,
}

/// Compiled for one seat.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<B> {
    /// The reserve's kinds, a piece each.
    kinds: Vec<Kind>,
    /// The deployment cells, turned to the seat's corner.
    cells: B,
    /// The reserve pieces among the first placements, as bits.
    first: u16,
    within: u8,
    guarded_turns: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let reserve = p.some_letters("reserve")?;
        if reserve.len() > MAX_RESERVE {
            return Err(("reserve".into(), format!("at most {MAX_RESERVE} pieces")));
        }
        let squares = match p.table.contains_key("squares") {
            true => p.strings("squares")?,
            false => DEFAULT_SQUARES.to_vec(),
        };
        let squares = squares
            .iter()
            .map(|s| {
                square_of_8x8(s)
                    .ok_or_else(|| ("squares".to_string(), format!("'{s}' is no square a1-h8")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if squares.is_empty() || (1..squares.len()).any(|i| squares[..i].contains(&squares[i])) {
            return Err(("squares".into(), "at least one square, none twice".into()));
        }
        let first = p.optional_letters("first")?;
        let mut left = reserve.clone();
        for l in &first {
            let at = left.iter().position(|r| r == l).ok_or_else(|| {
                (
                    "first".to_string(),
                    format!("'{l}' is not (or not so often) in the reserve"),
                )
            })?;
            left.remove(at);
        }
        let within = p.number("within", MAX_RESERVE as u8, 1..=MAX_RESERVE as u8)?;
        if usize::from(within) < first.len() {
            return Err((
                "within".into(),
                "fewer placements than `first` names".into(),
            ));
        }
        Ok(Spec {
            reserve,
            squares,
            first,
            within,
            guarded_turns: p.number("guarded_turns", 0, 0..=2)?,
        })
    }

    /// Its state: the power's slot and one per 8 reserve pieces.
    pub(super) fn slots(&self) -> usize {
        1 + self.reserve.len().div_ceil(8)
    }

    pub(super) fn compile<B: HasSliders>(
        &self,
        kind: impl Fn(char) -> Kind,
        forward: Forward,
        size: u8,
    ) -> Compiled<B> {
        let kinds: Vec<Kind> = self.reserve.iter().map(|&l| kind(l)).collect();
        // Each `first` letter marks the last piece of its kind not yet
        // marked: a drop takes the last piece of its kind left, so these
        // go first, and what is left of a kind is always its first pieces
        // (one state per reserve, as FEN4 reads it back).
        let mut first = 0u16;
        for &l in &self.first {
            if let Some(j) = (0..kinds.len())
                .rev()
                .find(|&j| first & (1 << j) == 0 && kinds[j] == kind(l))
            {
                first |= 1 << j;
            }
        }
        let cells = self.squares.iter().fold(B::EMPTY, |b, &sq| {
            let (x, y) = rotate(forward, sq, size);
            b | B::bit(y * size + x)
        });
        Compiled {
            kinds,
            cells,
            first,
            within: self.within,
            guarded_turns: self.guarded_turns,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s deploy power: its index and compiled form.
    fn deploy_power(&self, seat: Seat) -> Option<(usize, &Compiled<B>)> {
        self.powers(seat)
            .iter()
            .enumerate()
            .find_map(|(i, p)| match p {
                Power::Deploy(d) => Some((i, d)),
                _ => None,
            })
    }

    /// The reserve pieces `seat` (deploy power `i`) has placed, as bits.
    fn placed(&self, seat: Seat, i: usize, d: &Compiled<B>) -> u16 {
        let high = if d.kinds.len() > 8 {
            u16::from(self.slot(seat, i + 2)) << 8
        } else {
            0
        };
        u16::from(self.slot(seat, i + 1)) | high
    }

    fn set_placed(&mut self, seat: Seat, i: usize, d_len: usize, placed: u16) {
        self.set_slot(seat, i + 1, placed as u8);
        if d_len > 8 {
            self.set_slot(seat, i + 2, (placed >> 8) as u8);
        }
    }

    /// The pieces still in `seat`'s reserve, as bits of its list.
    fn reserve_left(&self, seat: Seat) -> u16 {
        match self.deploy_power(seat) {
            Some((i, d)) => !self.placed(seat, i, d) & full(d),
            None => 0,
        }
    }

    /// What `seat` has left in reserve, as counts per kind in the
    /// variant's kind order (empty for a seat without the power), for the
    /// players' view of the reserve.
    pub(crate) fn reserve_counts(&self, seat: Seat) -> Vec<(Kind, u8)> {
        let Some((_, d)) = self.deploy_power(seat) else {
            return Vec::new();
        };
        let left = self.reserve_left(seat);
        let mut counts: Vec<(Kind, u8)> = Vec::new();
        for j in (0..d.kinds.len()).filter(|&j| left & (1 << j) != 0) {
            match counts.iter_mut().find(|(k, _)| *k == d.kinds[j]) {
                Some((_, n)) => *n += 1,
                None => counts.push((d.kinds[j], 1)),
            }
        }
        counts.sort_by_key(|&(k, _)| k.0);
        counts
    }

    /// Whether `seat` still holds pieces in reserve (they count as its
    /// pieces for the lone-piece rule).
    pub(crate) fn has_reserve(&self, seat: Seat) -> bool {
        self.rules.deploy_seats & (1 << seat.0) != 0 && self.reserve_left(seat) != 0
    }

    /// The seats in the game by their reserve: a royal piece still in
    /// reserve, and either no turn taken yet or a piece commanded on the
    /// board.
    pub(crate) fn deploying_seats(&self) -> u8 {
        if self.rules.deploy_seats == 0 {
            return 0;
        }
        let mut seats = 0;
        for s in (0..self.rules.seats()).filter(|s| self.rules.deploy_seats & (1 << s) != 0) {
            let seat = Seat(s);
            let Some((i, d)) = self.deploy_power(seat) else {
                continue;
            };
            let left = !self.placed(seat, i, d) & full(d);
            let royal_left = (0..d.kinds.len())
                .any(|j| left & (1 << j) != 0 && self.rules.royal_kinds & (1 << d.kinds[j].0) != 0);
            if royal_left
                && (self.turns_taken[seat.idx()] == 0 || !self.commanded_pieces(seat).is_empty())
            {
                seats |= 1 << s;
            }
        }
        seats
    }

    /// The pieces no one captures: those of a seat with a deploy guard
    /// that has not ended its guarded turns.
    pub(crate) fn deploy_guard(&self) -> B {
        if self.rules.deploy_seats == 0 {
            return B::EMPTY;
        }
        (0..self.rules.seats())
            .map(Seat)
            .filter(|&s| {
                self.deploy_power(s)
                    .is_some_and(|(_, d)| self.turns_taken[s.idx()] < d.guarded_turns)
            })
            .fold(B::EMPTY, |b, s| b | self.by_seat[s.idx()])
    }

    /// One drop per kind left in reserve that may be placed now, on each
    /// empty deployment cell.
    pub(super) fn generate_deploy<S: Sink<B>>(&self, sink: &mut S, d: &Compiled<B>, i: usize) {
        let us = self.turn;
        let placed = self.placed(us, i, d);
        let left = !placed & full(d);
        if left == 0 {
            return;
        }
        let cells = d.cells & !self.occupied();
        let mut kinds_seen = 0u16;
        for j in 0..d.kinds.len() {
            let kind = d.kinds[j];
            if left & (1 << j) == 0 || kinds_seen & (1 << kind.0) != 0 {
                continue;
            }
            kinds_seen |= 1 << kind.0;
            let Some(piece) = next_of_kind(d, left, kind) else {
                continue;
            };
            if !may_place(d, placed, piece) {
                continue;
            }
            let mut targets = cells;
            if self.rules.pawn_kinds & (1 << kind.0) != 0 {
                // A pawn never stands where its army's pawns promote.
                targets &= !self.rules.promotion_zone[us.idx()];
            }
            for cell in targets.iter() {
                sink.one(Move::new(cell, cell, MoveKind::Drop(kind)));
            }
        }
    }

    /// The drop `m` of the seat to move: the reserve piece goes on its
    /// cell, in the seat's own army. A drop the reserve cannot give does
    /// nothing.
    pub(crate) fn play_deploy(&mut self, m: Move) {
        let us = self.turn;
        let MoveKind::Drop(kind) = m.kind() else {
            return;
        };
        let Some((i, d)) = self.deploy_power(us) else {
            return;
        };
        let placed = self.placed(us, i, d);
        let Some(piece) = next_of_kind(d, !placed & full(d), kind) else {
            return;
        };
        let len = d.kinds.len();
        if self.occupied().has(m.to()) {
            return;
        }
        self.set_placed(us, i, len, placed | 1 << piece);
        self.put(Piece { seat: us, kind }, m.to());
        // A deployment cannot be undone, as a pawn move cannot.
        self.halfmoves = 0;
    }

    /// The `'reserve'` entry: per seat with the power, what is left
    /// (`-` for nothing), empty while the reserve is full.
    pub(crate) fn reserve_extra(&self) -> Option<String> {
        if self.rules.deploy_seats == 0 {
            return None;
        }
        let entries: Vec<String> = (0..self.rules.seats())
            .map(Seat)
            .map(|s| match self.deploy_power(s) {
                Some((i, d)) if self.placed(s, i, d) != 0 => {
                    let left = !self.placed(s, i, d) & full(d);
                    let text: String = (0..d.kinds.len())
                        .filter(|&j| left & (1 << j) != 0)
                        .map(|j| self.variant().pieces[d.kinds[j].idx()].letter)
                        .collect();
                    if text.is_empty() {
                        "-".to_string()
                    } else {
                        text
                    }
                }
                _ => String::new(),
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'reserve'` entries: the letters each seat has left, a
    /// sub-multiset of its reserve (`-`: none; empty: all).
    pub(crate) fn read_reserve_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let reserve = |p: &Self, seat| p.deploy_power(seat).map(|(i, d)| (i, d.clone()));
        for (seat, text, (i, d)) in self.power_texts(entries, (KEY, key_at), "reserve", reserve)? {
            let d = &d;
            let mut left = 0u16;
            let letters = if text == "-" { "" } else { text };
            for l in letters.chars() {
                let kind = self
                    .variant()
                    .pieces
                    .iter()
                    .position(|p| p.letter == l)
                    .map(|k| Kind(k as u8));
                let free = !left & full(d);
                let piece = kind
                    .and_then(|k| first_of_kind(d, free, k))
                    .ok_or_else(|| {
                        bad(format!(
                            "'{l}' in '{KEY}' is not (or not so often) in seat {}'s reserve",
                            seat.0 + 1
                        ))
                    })?;
                left |= 1 << piece;
            }
            let len = d.kinds.len();
            let placed = !left & full(d);
            self.set_placed(seat, i, len, placed);
        }
        Ok(())
    }
}

/// Every piece of the reserve, as bits.
fn full<B>(d: &Compiled<B>) -> u16 {
    ((1u32 << d.kinds.len()) - 1) as u16
}

/// The piece a drop of `kind` takes from the pieces `left`: the last of
/// its kind (the `first` ones are the last).
fn next_of_kind<B>(d: &Compiled<B>, left: u16, kind: Kind) -> Option<usize> {
    (0..d.kinds.len())
        .rev()
        .find(|&j| left & (1 << j) != 0 && d.kinds[j] == kind)
}

/// The first piece of `kind` among `free` (FEN4 fills what is left from
/// the first pieces of each kind).
fn first_of_kind<B>(d: &Compiled<B>, free: u16, kind: Kind) -> Option<usize> {
    (0..d.kinds.len()).find(|&j| free & (1 << j) != 0 && d.kinds[j] == kind)
}

/// Whether placing reserve piece `piece` now leaves enough of the first
/// placements for the `first` pieces still in reserve.
fn may_place<B>(d: &Compiled<B>, placed: u16, piece: usize) -> bool {
    let done = placed.count_ones() + 1;
    let after = placed | 1 << piece;
    let owed = (d.first & !after).count_ones();
    done > u32::from(d.within) || done + owed <= u32::from(d.within)
}
