//! `stealth`: at the start of its turn a seat may hide its knight, for at
//! most `turns` turns in a row (the Assassins' Guild). The first power with
//! hidden information (`docs/architecture.md`, "Hidden information"):
//!
//! - **The true position** keeps the knight on its cell; the slot says it
//!   is hidden and for how many turns in a row. A seat's view
//!   ([`Position::seen_by`]) leaves out every piece hidden from it; the
//!   count stays (a public fact).
//! - **Hiding** is a step at the start of the turn (`stealth@b1`, the
//!   knight's cell: the true record only), which leaves the turn with the
//!   seat; the seat then moves as usual. A turn that does not begin with
//!   it reveals a hidden knight at its end (the count starts again). A
//!   capture by the hidden knight reveals it at once.
//! - **The others' moves** are those of their view (the knight not there);
//!   played on the true position they are resolved: a move onto the
//!   knight's cell takes it; a move whose path passes through it (a ride,
//!   a pawn's double step or a U path, not a leap) is stopped there: the
//!   mover is taken by the knight, which is revealed.
//!
//! Slot `i`: the hidden turns in a row (0: not hidden), and [`THIS_TURN`]
//! while the seat's turn that began with hiding goes on. FEN4
//! `'stealth':('2','','','')`, `'2+'` for the seat to move that hid at this
//! turn's start.
//!
//! Parameters: `kind` (the letter of the piece that hides, default `n`),
//! `turns` (1 to 7, default 3).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{Kind, Seat};
use crate::position::Position;

pub(super) const ID: &str = "stealth";

/// The FEN4 key of the hidden pieces' counts.
pub(crate) const KEY: &str = "stealth";

/// Slot bit: the seat hid at the start of this turn, which goes on.
const THIS_TURN: u8 = 0x10;

/// Slot bits of the count of hidden turns in a row.
const COUNT: u8 = 0x0f;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) kind: char,
    turns: u8,
}

/// Compiled: the kind that hides and the most turns in a row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    kind: Kind,
    turns: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let text = p.string_or("kind", "n")?;
        let kind = crate::variant::piece_letter(text)
            .ok_or_else(|| ("kind".to_string(), crate::variant::not_a_letter(text)))?;
        Ok(Spec {
            kind,
            turns: p.number("turns", 3, 1..=7)?,
        })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        Compiled {
            kind: kind(self.kind),
            turns: self.turns,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s stealth power: its index and rules.
    fn stealth_power(&self, seat: Seat) -> Option<(usize, Compiled)> {
        if self.rules.stealth_seats & (1 << seat.0) == 0 {
            return None;
        }
        self.find_power(seat, |p| match p {
            Power::Stealth(s) => Some(*s),
            _ => None,
        })
    }

    /// How many turns in a row `seat` has hidden its piece (0: not hidden).
    pub fn hidden_turns(&self, seat: Seat) -> u8 {
        self.stealth_power(seat)
            .map_or(0, |(i, _)| self.slot(seat, i) & COUNT)
    }

    /// Whether `seat` hides a piece now (a public fact).
    pub fn hides_a_piece(&self, seat: Seat) -> bool {
        self.hidden_turns(seat) > 0
    }

    /// The pieces `seat` may hide: those of its own army of the power's kind.
    fn hiders(&self, seat: Seat, s: &Compiled) -> B {
        self.kind_pieces(s.kind) & self.by_seat[seat.idx()]
    }

    /// The cells of the pieces hidden from `viewer` (`None`: a spectator).
    pub(crate) fn hidden_cells(&self, viewer: Option<Seat>) -> B {
        if self.rules.stealth_seats == 0 {
            return B::EMPTY;
        }
        let mut cells = B::EMPTY;
        for g in 0..self.rules.seats() {
            let seat = Seat(g);
            if viewer == Some(seat) {
                continue;
            }
            if let Some((i, s)) = self.stealth_power(seat)
                && self.slot(seat, i) & COUNT != 0
            {
                cells |= self.hiders(seat, &s);
            }
        }
        cells
    }

    /// Whether `viewer` sees everything of the true position.
    pub fn sees_all(&self, viewer: Option<Seat>) -> bool {
        self.hidden_cells(viewer).is_empty()
            && !self.cargo_hidden_from(viewer)
            && self.cards_hidden_from(viewer).is_empty()
    }

    /// `viewer`'s view of this (true) position: the pieces hidden from it
    /// left out, and their marks with them; the public facts (who hides,
    /// for how many turns) stay. `None` is a spectator's view. Two true
    /// positions that differ only in what `viewer` may not see give equal
    /// views.
    pub fn seen_by(&self, viewer: Option<Seat>) -> Position<B> {
        let mut view = self.without_pieces(self.hidden_cells(viewer));
        // Which knight holds what of another seat's army (`cargo`).
        view.pool_cargo(viewer);
        // Face-down cards (`secrecy`): shown as their stand-ins.
        if self.rules.secret_seats != 0 {
            view.mask_cards(viewer);
        }
        view
    }

    /// The twin of this true position that the other seats cannot tell
    /// from it: `seat`'s hidden piece on the empty cell `cell` instead (for
    /// the invariant tests, and for guessing where it is). `None` when the
    /// seat hides nothing or `cell` is not an empty playable cell.
    pub fn hidden_elsewhere(&self, seat: Seat, cell: u8) -> Option<Position<B>> {
        let (i, s) = self.stealth_power(seat)?;
        if self.slot(seat, i) & COUNT == 0
            || !self.rules.attacks.playable.has(cell)
            || self.occupied().has(cell)
        {
            return None;
        }
        let from = self.hiders(seat, &s).iter().next()?;
        let mut twin = self.clone();
        let p = twin.piece_at(from)?;
        twin.remove(p, from);
        twin.clear_castling(B::bit(from));
        twin.put(p, cell);
        Some(twin)
    }

    /// Whether `viewer` sees the step `m`, played here, as it was made:
    /// not a hiding step of another seat, nor a move of a piece hidden
    /// from it before and after (a hidden knight's quiet move). A move
    /// list shows the others `?` for those.
    pub fn move_seen_by(&self, m: Move, viewer: Option<Seat>) -> bool {
        if viewer == Some(self.turn) {
            return true;
        }
        // A step of the Soviet Union's deal (`secrecy`) is its own.
        if self.rules.secret_seats != 0 && self.is_deal_step(m) {
            return false;
        }
        if self.rules.stealth_seats == 0 && self.rules.cargo_seats == 0 {
            return true;
        }
        // A hiding step, a packing: of the true record only.
        if self.is_hide_step(m) || self.is_packing_step(m) {
            return false;
        }
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            || !self.hidden_cells(viewer).has(m.from())
        {
            return true;
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        !after.hidden_cells(viewer).has(m.to())
    }

    /// This position with the pieces on `cells` taken off, unseen.
    pub(super) fn without_pieces(&self, cells: B) -> Position<B> {
        let mut view = self.clone();
        for c in cells.iter() {
            if let Some(p) = view.piece_at(c) {
                view.remove(p, c);
            }
        }
        view.clear_castling(cells);
        view
    }

    /// Where pieces are hidden from the seat to move: its legal moves,
    /// those of its view (it moves as if they were not there). `false`
    /// where it sees everything.
    pub(crate) fn generate_seen<S: Sink<B>>(&self, sink: &mut S) -> bool {
        let viewer = Some(self.turn);
        if self.sees_all(viewer) {
            return false;
        }
        // A copy of the position, on the stack: no allocation.
        self.seen_by(viewer).generate_transfer(sink);
        true
    }

    /// The hiding step of the seat to move, if it may hide now: at the
    /// start of its turn, with its piece on the board, fewer turns in a
    /// row than allowed.
    pub(crate) fn generate_hide<S: Sink<B>>(&self, sink: &mut S) {
        let us = self.turn;
        let Some((i, s)) = self.stealth_power(us) else {
            return;
        };
        let slot = self.slot(us, i);
        if slot & THIS_TURN != 0 || slot & COUNT >= s.turns {
            return;
        }
        if let Some(cell) = self.hiders(us, &s).iter().next() {
            sink.one(Move::power(cell, cell, i as u8, 0));
        }
    }

    /// Whether `m` is the seat to move's hiding step (the turn goes on).
    pub(crate) fn is_hide_step(&self, m: Move) -> bool {
        matches!(m.kind(), MoveKind::Power(p)
            if self.stealth_power(self.turn).is_some_and(|(i, _)| i == p as usize))
    }

    /// Play `m` if it is the seat to move's hiding step: whether it was.
    pub(crate) fn play_hide_step(&mut self, m: Move) -> bool {
        if !self.is_hide_step(m) {
            return false;
        }
        let us = self.turn;
        if let Some((i, _)) = self.stealth_power(us) {
            let count = self.slot(us, i) & COUNT;
            self.set_slot(us, i, (count + 1) | THIS_TURN);
        }
        true
    }

    /// The board part of the seat to move's move `m`, resolved against
    /// what it could not see: stopped and taken on a hidden piece's cell
    /// it passes through, taking a hidden piece whose cell it lands on. A
    /// hidden piece that captures is revealed.
    pub(crate) fn play_seen_part(&mut self, m: Move) {
        if self.rules.stealth_seats == 0 {
            return self.play_part(m);
        }
        let us = self.turn;
        let hidden = self.hidden_cells(Some(us));
        let stop = self.first_hidden_on_path(m, hidden);
        if let Some(cell) = stop.or_else(|| self.u_path_stop(m, hidden)) {
            return self.intercept(m.from(), cell);
        }
        if let Some(cell) = self.put_on(m).filter(|&c| hidden.has(c)) {
            self.take_unseen(cell);
        }
        let own = self.hidden_cells(None) & !hidden;
        let reveals = own.has(m.from())
            && matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            && self.piece_at(m.to()).is_some();
        self.play_part(m);
        if reveals {
            self.reveal(us);
        }
        // A knight taken is seen no more (the turn may go on: fear).
        self.settle_stealth();
    }

    /// The first cell of `hidden` the piece move `m` passes through (a
    /// ride or a pawn's double step; a leap passes through nothing).
    fn first_hidden_on_path(&self, m: Move, hidden: B) -> Option<u8> {
        if hidden.is_empty() || !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_)) {
            return None;
        }
        let (from, to) = (m.from(), m.to());
        let on_path = self.rules.attacks.between(from, to) & hidden;
        if on_path.is_empty() {
            return None;
        }
        let p = self.piece_at(from)?;
        let seen = self.occupied() & !hidden;
        if self.jumps(p, from, to, seen.has(to), seen) {
            return None;
        }
        let geo = &self.variant().geometry;
        let a = geo.square(from);
        on_path.iter().min_by_key(|&c| {
            let b = geo.square(c);
            a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
        })
    }

    /// The cell where the seat to move's move `m` puts a piece by a power
    /// (a placement, a relocation, a piece taken back, a deployment, the
    /// first part of two, a militia's chosen cell).
    fn put_on(&self, m: Move) -> Option<u8> {
        match m.kind() {
            MoveKind::Power(_) | MoveKind::Drop(_) | MoveKind::Disembark => Some(m.to()),
            MoveKind::Normal | MoveKind::Promotion(_) => m
                .chosen()
                .filter(|_| matches!(self.choosing_power(), Some(Power::Militia(_)))),
            _ => None,
        }
    }

    /// A piece put on the hidden piece's cell takes it, as a move onto it
    /// does (the mover's capture).
    fn take_unseen(&mut self, cell: u8) {
        let Some(hider) = self.piece_at(cell) else {
            return;
        };
        self.remove(hider, cell);
        self.halfmoves = 0;
        if self.rules.neutral_seats != 0 {
            self.count_neutral_loss(Some(self.turn), self.commander_of(hider.seat));
        }
    }

    /// The piece on `from` is taken by the hidden piece on `cell`, which
    /// is revealed; the mover's turn ends with that.
    fn intercept(&mut self, from: u8, cell: u8) {
        let (Some(victim), Some(hider)) = (self.piece_at(from), self.piece_at(cell)) else {
            return;
        };
        let taker = self.commander_of(hider.seat);
        self.remove(victim, from);
        self.halfmoves = 0;
        self.reveal(hider.seat);
        if self.rules.neutral_seats != 0 {
            self.count_neutral_loss(Some(taker), self.commander_of(victim.seat));
        }
        if self.rules.variant.pieces[victim.kind.idx()].royal
            && self.royals(victim.seat).is_empty()
            && self.rules.flags_to_win == 0
        {
            self.take_over(victim.seat, taker);
        }
    }

    /// `seat`'s hidden piece is seen again; the count starts anew.
    fn reveal(&mut self, seat: Seat) {
        if let Some((i, _)) = self.stealth_power(seat)
            && self.slot(seat, i) != 0
        {
            self.set_slot(seat, i, 0);
        }
    }

    /// The end of `us`'s turn: a turn that began by hiding keeps its piece
    /// hidden; any other reveals it.
    pub(crate) fn end_stealth_turn(&mut self, us: Seat) {
        let Some((i, _)) = self.stealth_power(us) else {
            return;
        };
        let slot = self.slot(us, i);
        if slot & THIS_TURN != 0 {
            self.set_slot(us, i, slot & !THIS_TURN);
        } else if slot != 0 {
            self.set_slot(us, i, 0);
        }
    }

    /// After any step: a seat out of the game, or whose piece is gone,
    /// hides nothing.
    pub(crate) fn settle_stealth(&mut self) {
        for g in 0..self.rules.seats() {
            let seat = Seat(g);
            if let Some((i, s)) = self.stealth_power(seat)
                && self.slot(seat, i) != 0
                && (self.commander_of(seat) != seat || self.hiders(seat, &s).is_empty())
            {
                self.set_slot(seat, i, 0);
            }
        }
    }

    /// FEN4's `'stealth'` entries, while a seat hides a piece.
    pub(crate) fn stealth_extra(&self) -> Option<String> {
        if self.rules.stealth_seats == 0 {
            return None;
        }
        self.power_tuple(KEY, Self::stealth_power, |seat, (i, _)| {
            match self.slot(seat, i) {
                0 => String::new(),
                v if v & THIS_TURN != 0 => format!("{}+", v & COUNT),
                v => (v & COUNT).to_string(),
            }
        })
    }

    /// Read the `'stealth'` entries: per seat nothing, or the hidden turns
    /// in a row (1 to the power's most), with `+` for the seat to move that
    /// hid at this turn's start. The piece itself may be missing: a view's
    /// FEN4 leaves it out.
    pub(crate) fn read_stealth_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        for (seat, text, (i, p)) in
            self.power_texts(entries, (KEY, key_at), "stealth", Self::stealth_power)?
        {
            let (digits, this_turn) = match text.strip_suffix('+') {
                Some(d) => (d, true),
                None => (text, false),
            };
            let count = digits
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=p.turns).contains(n))
                .ok_or_else(|| {
                    bad(format!(
                        "'{text}' in '{KEY}': the turns hidden in a row, 1 to {}, maybe with '+'",
                        p.turns
                    ))
                })?;
            if this_turn && seat != self.turn {
                return Err(bad(format!(
                    "seat {} is not to move, so it did not hide at this turn's start, in '{KEY}'",
                    seat.0 + 1
                )));
            }
            let value = if this_turn { count | THIS_TURN } else { count };
            self.set_slot(seat, i, value);
        }
        Ok(())
    }
}
