//! `destroy-idle`: at the end of each of the seat's turns, every piece it
//! does not command, that counts as no royal piece and is not proof
//! against powers, that has not moved and had no piece of any colour
//! orthogonally next to it since the end of the seat's previous turn, is
//! destroyed (Russia's winter). The rule ends with the seat: a player who
//! is out has no turns.
//!
//! The pieces that have stood so are the position's idle set, marked at
//! the end of each turn of a seat with the power and cleared, piece by
//! piece, by every change on the board near them. It is kept in the
//! position's marks, which hold castling rights elsewhere: a line-up never
//! castles. FEN4 writes it per army
//! as `'idle':('','a6h5','','')`, the squares of each army's idle pieces.
//!
//! No parameters.

use super::Power;
use crate::attacks::HasSliders;
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{MAX_KINDS, MAX_SEATS, Seat};
use crate::position::Position;
use crate::square::Square;
use crate::zobrist;

pub(super) const ID: &str = "destroy-idle";

/// The FEN4 key of the idle set.
pub(crate) const KEY: &str = "idle";

/// The board's pieces, by kind and by army, to tell what a turn changed.
#[derive(Clone, Copy)]
pub(crate) struct Snapshot<B> {
    by_kind: [B; MAX_KINDS],
    by_seat: [B; MAX_SEATS],
}

impl<B: HasSliders> Position<B> {
    /// The board as it stands, for [`Position::clear_idle_since`].
    pub(crate) fn snapshot(&self) -> Snapshot<B> {
        Snapshot {
            by_kind: self.by_kind,
            by_seat: self.by_seat,
        }
    }

    /// The cells whose piece (kind or army) changed since `before`.
    pub(crate) fn changed_since(&self, before: &Snapshot<B>) -> B {
        let mut changed = B::EMPTY;
        for (now, then) in self.by_kind.iter().zip(&before.by_kind) {
            changed |= *now ^ *then;
        }
        for (now, then) in self.by_seat.iter().zip(&before.by_seat) {
            changed |= *now ^ *then;
        }
        changed
    }

    /// No piece that changed since `before`, nor one next to a piece that
    /// arrived or changed, has stood idle.
    pub(crate) fn clear_idle_since(&mut self, before: &Snapshot<B>) {
        let changed = self.changed_since(before);
        let arrived = changed & self.occupied();
        self.set_idle(self.marks & !changed & !self.neighbours(arrived));
    }

    /// The seat `us` ends its turn: if its power destroys idle pieces, the
    /// idle ones still alone go, and those alone now are marked.
    pub(crate) fn end_idle_turn(&mut self, us: Seat) {
        if !self.powers(us).iter().any(|p| matches!(p, Power::Idle)) {
            return;
        }
        let alone = self.alone_targets(us);
        for cell in (self.marks & alone).iter() {
            // Two ministers may go together, but never the last.
            if let Some(victim) = self
                .piece_at(cell)
                .filter(|_| !self.last_royals().has(cell))
            {
                self.remove(victim, cell);
                self.count_power_loss(victim);
            }
        }
        // Read again: a minister may count as royal now that another went.
        let alone = self.alone_targets(us);
        self.set_idle(alone);
    }

    /// The pieces the winter of `us` may strike that stand alone: not
    /// commanded by `us`, counting as no royal piece, not proof against
    /// powers, with no piece orthogonally next to them.
    fn alone_targets(&self, us: Seat) -> B {
        let targets = self.occupied()
            & !self.commanded_pieces(us)
            & !self.last_royals()
            & !self.power_proof();
        targets & !self.neighbours(self.occupied())
    }

    /// Replace the idle set, keeping the hash.
    fn set_idle(&mut self, idle: B) {
        for cell in (self.marks ^ idle).iter() {
            self.hash ^= zobrist::castle(cell);
        }
        self.marks = idle;
    }

    /// The `'idle'` entry, when any piece stands idle.
    pub(crate) fn idle_extra(&self) -> Option<String> {
        if self.rules.idle_seats == 0 || self.marks.is_empty() {
            return None;
        }
        let geo = &self.variant().geometry;
        let entries: Vec<String> = (0..self.rules.seats() as usize)
            .map(|s| {
                let squares: String = (self.marks & self.by_seat[s])
                    .iter()
                    .map(|c| geo.square(c).to_string())
                    .collect();
                format!("'{squares}'")
            })
            .collect();
        Some(format!("'{KEY}':({})", entries.join(",")))
    }

    /// Read the `'idle'` entries: per army, the squares of its idle pieces.
    pub(crate) fn read_idle_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        if self.rules.idle_seats == 0 {
            return Err(bad(format!(
                "'{KEY}' is only for line-ups with a power that destroys idle pieces"
            )));
        }
        let mut idle = B::EMPTY;
        for (s, entry) in entries.iter().enumerate().take(self.rules.seats() as usize) {
            let mut rest = crate::notation::fen4::unquote(entry)
                .ok_or_else(|| bad(format!("{entry} in '{KEY}' is not quoted")))?;
            while !rest.is_empty() {
                let (sq, n) = Square::parse_prefix(rest)
                    .ok_or_else(|| bad(format!("'{rest}' in '{KEY}' is not a list of squares")))?;
                let cell = self
                    .variant()
                    .geometry
                    .cell(sq)
                    .filter(|&c| self.by_seat[s].has(c))
                    .ok_or_else(|| {
                        bad(format!("no piece of seat {} on {sq}, in '{KEY}'", s + 1))
                    })?;
                idle |= B::bit(cell);
                rest = &rest[n..];
            }
        }
        self.set_idle(idle);
        Ok(())
    }
}
