//! `cargo`: the army rides hidden inside knights that never capture
//! (Mycenae's Trojan Horse). The second power with hidden information
//! (`docs/architecture.md`, "Hidden information"; the rules decided in
//! `docs/nations.md`):
//!
//! - **The cargo** is per knight of the seat's own army (the power's
//!   `kind`), a count per cargo kind; all knights together carry at most
//!   as many of a kind as the `cargo` list holds (so the counts fit their
//!   bits). The true position keeps which knight holds what in the seat's
//!   four slots: two records of a knight's cell and its counts, at most two
//!   knights loaded at once.
//! - **The packing**: all slots at 0 is the army not yet packed, the whole
//!   `cargo` list waiting; the seat's first step is then the packing
//!   (`cargo@b1c1=kbp`: what the first knight in board order holds, the
//!   rest in the second), a step of the true record only, after which the
//!   turn goes on.
//! - **Instead of moving**: load an own piece from a cell next to a knight
//!   (`cargo@b2b1`), unload one onto an empty cell next to it
//!   (`cargo@b1b2=k`), or burn a loaded knight (`cargo@b1`): it, its cargo
//!   and every piece orthogonally next to it are destroyed, but pieces that
//!   count as royal and pieces proof against powers (as every destroying
//!   power spares them). A burn that would destroy the seat's own king is
//!   not offered.
//! - **Any number**: a load or an unload does not end the turn: it goes
//!   on (a turn of several steps, as France's fear), with more loads and
//!   unloads and the end step, a pass (`0000`), offered; no piece move and
//!   no burn (both are "instead of" loading). The guard that keeps a turn
//!   finite: loads come first, then unloads; once a piece has left a
//!   knight this turn, no piece boards one. So a turn loads at most as
//!   many pieces as the knights have room for, then unloads at most as
//!   many as they hold. The word's two step bits say where the turn is:
//!   `LOADING` after a load, `UNLOADING` after an unload (FEN4 writes them
//!   after the seat's cargo, `b1=kr;loading`).
//! - **Lost cargo**: a knight captured, destroyed or taken over loses its
//!   cargo; with the king inside, its seat is out, its armies the taker's
//!   (the seat whose step it was).
//! - **Views**: every other seat, and a spectator, sees the cargo of all
//!   the seat's knights together (a pool: `'cargo':('?=kbbrppp',...)`),
//!   never which knight holds what. Loads, unloads and burns are public.
//!
//! Parameters: `kind` (the carriers' letter, default `n`), `cargo` (the
//! letters of the army inside at the start, 1 to 8 pieces of at most 4
//! kinds).

use super::consent::is_passenger_text;
use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::notation::uci::PieceLetters;
use crate::piece::{Kind, Piece, PieceInfo, Seat};
use crate::position::Position;

pub(super) const ID: &str = "cargo";

/// The FEN4 key of the cargo.
pub(crate) const KEY: &str = "cargo";

/// The slots the power keeps (32 bits of state).
pub(super) const SLOTS: usize = 4;

/// At most this many cargo kinds, and pieces at the start.
const MAX_KINDS: usize = 4;
const MAX_PIECES: usize = 8;

/// A record: the knight's cell (6 bits), then its counts (6 bits:
/// Mycenae's exact need, K R B B P P P counted in 1 + 1 + 2 + 2 bits; cut
/// from 8 to make room for the consents and the foreign flag). With
/// [`FOREIGN`] set, record 1 holds another seat's piece instead: the
/// knight's cell, the owner's seat offset (2 bits) and its kind (4 bits).
const RECORD_BITS: u32 = 12;
pub(super) const CELL_BITS: u32 = 6;
const COUNT_BITS: u32 = RECORD_BITS - CELL_BITS;
pub(super) const RECORDS: usize = 2;

/// The consents of the other seats, a bit per seat offset (1 to 3) from
/// the carrying seat: bit 24 the next seat's. Public.
pub(super) const CONSENT_SHIFT: u32 = 24;
pub(super) const CONSENTS: u32 = 0b111 << CONSENT_SHIFT;

/// Record 1 holds another seat's piece, alone in its knight.
pub(super) const FOREIGN: u32 = 1 << 27;

/// The word's flags: the army was packed; the counts of record 0 are the
/// pool of every knight (a view).
pub(super) const PACKED: u32 = 1 << 30;
pub(super) const POOLED: u32 = 1 << 31;

/// The step bits, set while the seat's turn goes on: it loaded this turn
/// (more loads, unloads and the end are offered), or it unloaded (more
/// unloads and the end: nothing boards after a piece left).
pub(super) const LOADING: u32 = 1 << 28;
const UNLOADING: u32 = 1 << 29;
pub(super) const STEPS: u32 = LOADING | UNLOADING;

/// FEN4's words for the step bits, after the seat's cargo and a `;`.
const LOADING_TEXT: &str = "loading";
const UNLOADING_TEXT: &str = "unloading";

/// A move's action, in the payload's top two bits; the rest its argument
/// (the packing's share, the unloaded kind).
const ACTION: u16 = 0xc00;
const PACK: u16 = 0;
const LOAD: u16 = 0x400;
const UNLOAD: u16 = 0x800;
const BURN: u16 = 0xc00;
const ARG: u16 = 0x3ff;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) kind: char,
    pub(super) cargo: Vec<char>,
}

/// Compiled: the carriers' kind, and per cargo kind its start count and
/// bits in a record's counts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    carrier: Kind,
    kinds: [Kind; MAX_KINDS],
    start: [u8; MAX_KINDS],
    shift: [u8; MAX_KINDS],
    len: u8,
    /// The index of the royal kind among `kinds`, if the cargo holds one.
    royal: Option<u8>,
}

/// Bits to count to `n`.
fn bits_for(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// The distinct letters of `cargo` with their counts, in first order.
fn counted(cargo: &[char]) -> Vec<(char, usize)> {
    let mut out: Vec<(char, usize)> = Vec::new();
    for &l in cargo {
        match out.iter_mut().find(|(c, _)| *c == l) {
            Some((_, n)) => *n += 1,
            None => out.push((l, 1)),
        }
    }
    out
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let text = p.string_or("kind", "n")?;
        let kind = crate::variant::piece_letter(text)
            .ok_or_else(|| ("kind".to_string(), crate::variant::not_a_letter(text)))?;
        let cargo = p.some_letters("cargo")?;
        let kinds = counted(&cargo);
        let bits: u32 = kinds.iter().map(|&(_, n)| bits_for(n)).sum();
        let packings: usize = kinds.iter().map(|&(_, n)| n + 1).product();
        let why = if cargo.len() > MAX_PIECES || kinds.len() > MAX_KINDS {
            Some(format!("at most {MAX_PIECES} pieces of {MAX_KINDS} kinds"))
        } else if bits > COUNT_BITS || packings > usize::from(ARG) + 1 {
            Some(format!(
                "counts too large to keep ({bits} bits, at most {COUNT_BITS})"
            ))
        } else if kinds.iter().any(|&(l, _)| l == kind) {
            Some("a knight does not carry its own kind".to_string())
        } else {
            None
        };
        if let Some(why) = why {
            return Err(("cargo".into(), why));
        }
        Ok(Spec { kind, cargo })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind, pieces: &[PieceInfo]) -> Compiled {
        let mut c = Compiled {
            carrier: kind(self.kind),
            kinds: [Kind(0); MAX_KINDS],
            start: [0; MAX_KINDS],
            shift: [0; MAX_KINDS],
            len: 0,
            royal: None,
        };
        let mut shift = CELL_BITS;
        for (j, (l, n)) in counted(&self.cargo).into_iter().enumerate() {
            let k = kind(l);
            c.kinds[j] = k;
            c.start[j] = n as u8;
            c.shift[j] = shift as u8;
            shift += bits_for(n);
            if pieces[k.idx()].royal {
                c.royal = Some(j as u8);
            }
            c.len += 1;
        }
        c
    }
}

impl Compiled {
    /// The kinds' indices.
    fn kinds(&self) -> std::ops::Range<usize> {
        0..self.len as usize
    }

    /// The count of kind `j` in a record.
    fn count(&self, record: u32, j: usize) -> u8 {
        let width = bits_for(self.start[j] as usize);
        ((record >> self.shift[j]) & ((1 << width) - 1)) as u8
    }

    /// `record` with the count of kind `j` set to `n`.
    fn with_count(&self, record: u32, j: usize, n: u8) -> u32 {
        let width = bits_for(self.start[j] as usize);
        let mask = ((1u32 << width) - 1) << self.shift[j];
        (record & !mask) | ((u32::from(n) << self.shift[j]) & mask)
    }

    /// A record's counts alone (its cell left out).
    fn counts(record: u32) -> u32 {
        record & !((1 << CELL_BITS) - 1)
    }

    /// The counts of the whole `cargo` list.
    fn full(&self) -> u32 {
        self.kinds()
            .fold(0, |r, j| self.with_count(r, j, self.start[j]))
    }

    /// Two records' counts added up.
    fn sum(&self, a: u32, b: u32) -> u32 {
        self.kinds().fold(0, |r, j| {
            self.with_count(r, j, self.count(a, j) + self.count(b, j))
        })
    }

    /// Whether a record holds the royal kind.
    fn holds_royal(&self, record: u32) -> bool {
        self.royal
            .is_some_and(|j| self.count(record, j as usize) > 0)
    }

    /// The kind index `j` of `kind`, if it is cargo.
    fn index_of(&self, kind: Kind) -> Option<usize> {
        self.kinds().find(|&j| self.kinds[j] == kind)
    }

    /// The number of packings: one per share of the first knight.
    fn packings(&self) -> u16 {
        self.kinds().map(|j| u16::from(self.start[j]) + 1).product()
    }

    /// The first knight's share of packing `n` (mixed radix over the
    /// kinds' counts), as a record's counts.
    fn share(&self, mut n: u16) -> u32 {
        let mut r = 0;
        for j in self.kinds() {
            let radix = u16::from(self.start[j]) + 1;
            r = self.with_count(r, j, (n % radix) as u8);
            n /= radix;
        }
        r
    }

    /// The packing whose first share is `record`'s counts.
    fn packing_of(&self, record: u32) -> u16 {
        self.kinds().rev().fold(0, |n, j| {
            n * (u16::from(self.start[j]) + 1) + u16::from(self.count(record, j))
        })
    }
}

/// A seat's knights' cargo: per loaded knight its cell (`None` for a
/// pool, or an army not packed yet) and its kinds with their counts.
type CargoList = Vec<(Option<u8>, Vec<(Kind, u8)>)>;

/// Record `r` of a word.
pub(super) fn record(word: u32, r: usize) -> u32 {
    (word >> (r as u32 * RECORD_BITS)) & ((1 << RECORD_BITS) - 1)
}

/// `word` with record `r` set to `value`.
pub(super) fn with_record(word: u32, r: usize, value: u32) -> u32 {
    let shift = r as u32 * RECORD_BITS;
    (word & !(((1 << RECORD_BITS) - 1) << shift)) | value << shift
}

/// `word` with its records in order: a loaded knight before an empty
/// record, two loaded knights by cell (a foreign passenger stays in
/// record 1).
fn canonical(word: u32) -> u32 {
    let (a, b) = (record(word, 0), record(word, 1));
    if word & FOREIGN != 0 {
        return word;
    }
    let swap = if Compiled::counts(a) == 0 {
        Compiled::counts(b) != 0
    } else {
        Compiled::counts(b) != 0 && cell_of(b) < cell_of(a)
    };
    if swap {
        with_record(with_record(word, 0, b), 1, a)
    } else {
        word
    }
}

/// A record's knight cell.
pub(super) fn cell_of(record: u32) -> u8 {
    (record & ((1 << CELL_BITS) - 1)) as u8
}

/// The records of `word` that hold the seat's own cargo (record 1 not
/// while it holds a foreign passenger).
pub(super) fn own_records(word: u32) -> std::ops::Range<usize> {
    0..if word & FOREIGN != 0 { 1 } else { RECORDS }
}

/// Whether the seat packed its army (consents may be given before).
pub(super) fn packed(word: u32) -> bool {
    word & PACKED != 0
}

/// A record of `counts` on `cell`; none at all when the counts are 0 (one
/// state per cargo, for the hash).
fn make_record(cell: u8, counts: u32) -> u32 {
    if Compiled::counts(counts) == 0 {
        0
    } else {
        Compiled::counts(counts) | u32::from(cell)
    }
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s cargo power: its index and rules.
    pub(super) fn cargo_power(&self, seat: Seat) -> Option<(usize, Compiled)> {
        if self.rules.cargo_seats & (1 << seat.0) == 0 {
            return None;
        }
        self.find_power(seat, |p| match p {
            Power::Cargo(c) => Some(*c),
            _ => None,
        })
    }

    /// The power's 32 bits of state.
    pub(super) fn cargo_word(&self, seat: Seat, i: usize) -> u32 {
        (0..SLOTS).fold(0, |w, k| w | u32::from(self.slot(seat, i + k)) << (8 * k))
    }

    /// Set the state, its records in their one order (loaded knights
    /// first, by cell), so that one cargo is one state for the hash.
    pub(super) fn set_cargo_word(&mut self, seat: Seat, i: usize, word: u32) {
        let word = canonical(word);
        for k in 0..SLOTS {
            let byte = (word >> (8 * k)) as u8;
            if self.slot(seat, i + k) != byte {
                self.set_slot(seat, i + k, byte);
            }
        }
    }

    /// `seat`'s own knights (its army's, of the power's kind).
    pub(super) fn carriers(&self, seat: Seat, c: &Compiled) -> B {
        self.kind_pieces(c.carrier) & self.by_seat[seat.idx()]
    }

    /// Whether `seat` keeps pieces inside its knights (or not yet packed):
    /// they count as its pieces for the lone-piece rule.
    pub(crate) fn has_cargo(&self, seat: Seat) -> bool {
        let own = self.cargo_power(seat).is_some_and(|(i, c)| {
            let w = self.cargo_word(seat, i);
            !packed(w) && c.len > 0 || own_records(w).any(|r| Compiled::counts(record(w, r)) != 0)
        });
        own || self.rides_for(seat)
    }

    /// The seats in the game by a king inside a knight (or an army not
    /// yet packed with one), as a bit set.
    pub(crate) fn carrying_seats(&self) -> u8 {
        if self.rules.cargo_seats == 0 {
            return 0;
        }
        let mut seats = 0;
        for s in 0..self.rules.seats() {
            let seat = Seat(s);
            let Some((i, c)) = self.cargo_power(seat) else {
                continue;
            };
            let w = self.cargo_word(seat, i);
            let royal = c.royal.is_some()
                && (!packed(w) || own_records(w).any(|r| c.holds_royal(record(w, r))));
            if royal && self.commander_of(seat) == seat {
                seats |= 1 << s;
            }
        }
        seats
    }

    /// The cells next to `cell` (the 8 around it), playable.
    pub(super) fn around(&self, cell: u8) -> B {
        let geo = &self.variant().geometry;
        let mut n = B::EMPTY;
        for dx in -1..=1 {
            for dy in -1..=1 {
                if (dx, dy) != (0, 0)
                    && let Some(c) = geo.offset(cell, dx, dy)
                {
                    n |= B::bit(c);
                }
            }
        }
        n & self.rules.attacks.playable
    }

    /// The packing step, where the seat to move has not packed yet: one
    /// move per share of its first knight (board order), and nothing else.
    pub(crate) fn generate_packing<S: Sink<B>>(&self, sink: &mut S) -> bool {
        let us = self.turn;
        let Some((i, c)) = self.cargo_power(us) else {
            return false;
        };
        if packed(self.cargo_word(us, i)) {
            return false;
        }
        let mut knights = self.carriers(us, &c).iter();
        let Some(first) = knights.next() else {
            return false;
        };
        match knights.next() {
            Some(second) => {
                for n in 0..c.packings() {
                    sink.one(Move::power(first, second, i as u8, PACK | n));
                }
            }
            // One knight holds everything.
            None => sink.one(Move::power(
                first,
                first,
                i as u8,
                PACK | c.packing_of(c.full()),
            )),
        }
        true
    }

    /// Whether `m` is the seat to move's packing step (the turn goes on).
    pub(crate) fn is_packing_step(&self, m: Move) -> bool {
        matches!(m.kind(), MoveKind::Power(p)
            if m.payload() & ACTION == PACK
                && self.cargo_power(self.turn).is_some_and(|(i, _)| i == p as usize))
    }

    /// Play `m` if it is the seat to move's packing step: whether it was.
    pub(crate) fn play_packing(&mut self, m: Move) -> bool {
        if !self.is_packing_step(m) {
            return false;
        }
        let us = self.turn;
        let Some((i, c)) = self.cargo_power(us) else {
            return false;
        };
        let first = c.share(m.payload() & ARG);
        let rest = c
            .kinds()
            .fold(0, |r, j| c.with_count(r, j, c.start[j] - c.count(first, j)));
        let mut w = PACKED | (self.cargo_word(us, i) & CONSENTS);
        w = with_record(w, 0, make_record(m.from(), first));
        if m.to() != m.from() {
            w = with_record(w, 1, make_record(m.to(), rest));
        }
        self.set_cargo_word(us, i, w);
        true
    }

    /// Whether `seat` is inside a turn of loads and unloads (its turn goes
    /// on: only they and the end step are offered).
    pub(crate) fn in_cargo_turn(&self, seat: Seat) -> bool {
        self.cargo_power(seat)
            .is_some_and(|(i, _)| self.cargo_word(seat, i) & STEPS != 0)
    }

    /// Whether `m` is a load or an unload of the seat to move (after it,
    /// its turn goes on).
    pub(crate) fn is_cargo_step(&self, m: Move) -> bool {
        matches!(m.kind(), MoveKind::Power(p)
            if matches!(m.payload() & ACTION, LOAD | UNLOAD)
                && self.cargo_power(self.turn).is_some_and(|(i, _)| i == p as usize))
    }

    /// The cargo steps of the seat to move inside a turn of loads and
    /// unloads: its cargo power's moves alone (no other power acts then).
    pub(crate) fn generate_cargo_turn<S: Sink<B>>(&self, sink: &mut S) {
        if let Some((i, c)) = self.cargo_power(self.turn) {
            self.generate_cargo(sink, &c, i);
        }
    }

    /// After `us`'s step `m` (played on the board): whether `us`'s turn
    /// goes on, inside a turn of loads and unloads. The step bits were set
    /// by the load or unload; any other step (the end, a pass) clears them,
    /// and the pass that ends such a turn gives back its fifty-move count
    /// (the turn's steps counted).
    pub(crate) fn cargo_goes_on(&mut self, us: Seat, m: Move) -> bool {
        let Some((i, _)) = self.cargo_power(us) else {
            return false;
        };
        let w = self.cargo_word(us, i);
        if w & STEPS == 0 {
            return false;
        }
        if self.is_cargo_step(m) {
            return true;
        }
        if m.kind() == MoveKind::Pass {
            self.halfmoves = self.halfmoves.saturating_sub(1);
        }
        self.set_cargo_word(us, i, w & !STEPS);
        false
    }

    /// The seat to move's loads, unloads and burns; inside a turn of loads
    /// and unloads, no burn, and no load once a piece was unloaded.
    pub(super) fn generate_cargo<S: Sink<B>>(&self, sink: &mut S, c: &Compiled, i: usize) {
        let us = self.turn;
        let w = self.cargo_word(us, i);
        // Not packed yet (the packing comes first), or a view's pool.
        if !packed(w) || w & POOLED != 0 || self.commander_of(us) != us {
            return;
        }
        let loads = w & UNLOADING == 0;
        let burns = w & STEPS == 0;
        let carried = own_records(w).fold(0, |sum, r| c.sum(sum, record(w, r)));
        let free = own_records(w).find(|&r| Compiled::counts(record(w, r)) == 0);
        let mine = self.by_seat[us.idx()];
        let guests = if loads { self.guests(us, w) } else { B::EMPTY };
        let empty = !self.occupied() & self.rules.attacks.playable;
        let tag = i as u8;
        let passenger = self.passenger_knight(w);
        for knight in self.carriers(us, c).iter() {
            let held = own_records(w)
                .map(|r| record(w, r))
                .find(|&rec| Compiled::counts(rec) != 0 && cell_of(rec) == knight);
            let near = self.around(knight);
            if passenger == Some(knight) {
                // A foreign piece rides alone: nothing boards it, and only
                // its owner unloads it; it burns with its knight.
                if burns {
                    sink.one(Move::power(knight, knight, tag, BURN));
                }
                continue;
            }
            if loads && (held.is_some() || free.is_some()) {
                for from in (near & mine).iter() {
                    let loads = self.piece_at(from).and_then(|p| c.index_of(p.kind));
                    if loads.is_some_and(|j| c.count(carried, j) < c.start[j]) {
                        sink.one(Move::power(from, knight, tag, LOAD));
                    }
                }
            }
            if held.is_none() {
                // Another seat's piece, with its consent, alone in a knight.
                for from in (near & guests).iter() {
                    sink.one(Move::power(from, knight, tag, LOAD));
                }
            }
            let Some(rec) = held else {
                continue;
            };
            for j in c.kinds().filter(|&j| c.count(rec, j) > 0) {
                let mut cells = near & empty;
                if self.rules.pawn_kinds & (1 << c.kinds[j].0) != 0 {
                    // A pawn never stands where its army's pawns promote.
                    cells &= !self.rules.promotion_zone[us.idx()];
                }
                for to in cells.iter() {
                    sink.one(Move::power(knight, to, tag, UNLOAD | j as u16));
                }
            }
            if burns && !self.burn_takes_own_king(c, w, knight) {
                sink.one(Move::power(knight, knight, tag, BURN));
            }
        }
    }

    /// Whether burning `knight` would destroy its seat's king: inside it,
    /// or inside a loaded knight of its orthogonally next to it.
    fn burn_takes_own_king(&self, c: &Compiled, w: u32, knight: u8) -> bool {
        let burnt = B::bit(knight) | self.neighbours(B::bit(knight));
        own_records(w)
            .map(|r| record(w, r))
            .any(|rec| c.holds_royal(rec) && burnt.has(cell_of(rec)))
    }

    /// Play the seat to move's load, unload or burn `m`.
    pub(super) fn play_cargo(&mut self, c: &Compiled, i: usize, m: Move) {
        let us = self.turn;
        let w = self.cargo_word(us, i);
        let slot_of = |cell: u8| {
            own_records(w)
                .find(|&r| Compiled::counts(record(w, r)) != 0 && cell_of(record(w, r)) == cell)
        };
        match m.payload() & ACTION {
            LOAD => {
                let Some(p) = self.piece_at(m.from()) else {
                    return;
                };
                if p.seat != us {
                    return self.load_guest(i, w, p, m);
                }
                let Some(j) = c.index_of(p.kind) else {
                    return;
                };
                let Some(r) = slot_of(m.to())
                    .or_else(|| own_records(w).find(|&r| Compiled::counts(record(w, r)) == 0))
                else {
                    return;
                };
                let rec = record(w, r);
                let rec = make_record(m.to(), c.with_count(rec, j, c.count(rec, j) + 1));
                self.remove(p, m.from());
                self.clear_castling(B::bit(m.from()));
                let w = (w & !STEPS) | LOADING;
                self.set_cargo_word(us, i, with_record(w, r, rec));
            }
            UNLOAD => {
                let j = usize::from(m.payload() & ARG);
                let Some(r) = slot_of(m.from()).filter(|_| j < c.len as usize) else {
                    return;
                };
                let rec = record(w, r);
                let n = c.count(rec, j);
                if n == 0 || self.occupied().has(m.to()) {
                    return;
                }
                let rec = make_record(m.from(), c.with_count(rec, j, n - 1));
                let w = (w & !STEPS) | UNLOADING;
                self.set_cargo_word(us, i, with_record(w, r, rec));
                self.put(
                    Piece {
                        seat: us,
                        kind: c.kinds[j],
                    },
                    m.to(),
                );
            }
            BURN => {
                let mut w = w;
                if let Some(r) = slot_of(m.from()) {
                    w = with_record(w, r, 0);
                }
                if self.passenger_knight(w) == Some(m.from()) {
                    w = with_record(w & !FOREIGN, 1, 0);
                }
                self.set_cargo_word(us, i, w);
                self.burn(m.from());
            }
            _ => {}
        }
    }

    /// The knight on `cell` burns: it and every piece orthogonally next to
    /// it are destroyed, but those that count as royal and those proof
    /// against powers.
    fn burn(&mut self, cell: u8) {
        if let Some(knight) = self.piece_at(cell) {
            self.remove(knight, cell);
        }
        let spared = self.last_royals() | self.power_proof();
        for c in (self.neighbours(B::bit(cell)) & !spared).iter() {
            if let Some(victim) = self.piece_at(c) {
                self.remove(victim, c);
                self.clear_castling(B::bit(c));
                self.count_power_loss(victim);
            }
        }
        // A destruction cannot be undone.
        self.halfmoves = 0;
    }

    /// Before the seat to move's piece move `m`: a knight of its that
    /// moves takes its cargo along.
    pub(crate) fn carry_cargo(&mut self, m: Move) {
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_)) {
            return;
        }
        let us = self.turn;
        let Some((i, _)) = self.cargo_power(us) else {
            return;
        };
        let w = self.cargo_word(us, i);
        if self.passenger_knight(w) == Some(m.from()) {
            let moved = (record(w, 1) & !((1 << CELL_BITS) - 1)) | u32::from(m.to());
            self.set_cargo_word(us, i, with_record(w, 1, moved));
            return;
        }
        if w & POOLED != 0 {
            return;
        }
        for r in own_records(w) {
            let rec = record(w, r);
            if Compiled::counts(rec) != 0 && cell_of(rec) == m.from() {
                let moved = make_record(m.to(), rec);
                self.set_cargo_word(us, i, with_record(w, r, moved));
                return;
            }
        }
    }

    /// After any step of `actor` (a move, a turn-start power): a knight no
    /// longer its seat's own (captured, destroyed, taken over) loses its
    /// cargo; with the king inside, the seat is out and its armies are
    /// `actor`'s. A seat taken over keeps no cargo.
    pub(crate) fn settle_cargo(&mut self, actor: Seat) {
        for s in 0..self.rules.seats() {
            let seat = Seat(s);
            let Some((i, c)) = self.cargo_power(seat) else {
                continue;
            };
            let w = self.cargo_word(seat, i);
            if self.commander_of(seat) != seat {
                if w != PACKED {
                    self.set_cargo_word(seat, i, PACKED);
                }
                continue;
            }
            let knights = self.carriers(seat, &c);
            let mut lost_royal = false;
            // A seat out gives no consent; a passenger goes with its knight.
            let mut kept = self.settle_guests(seat, w, knights);
            if !packed(w) || w & POOLED != 0 {
                // Not packed, or pooled (a view): lost with the last knight.
                if knights.is_empty() {
                    lost_royal = c.royal.is_some() && (!packed(w) || c.holds_royal(record(w, 0)));
                    kept = PACKED | (kept & CONSENTS);
                }
            } else {
                for r in own_records(w) {
                    let rec = record(w, r);
                    if Compiled::counts(rec) != 0 && !knights.has(cell_of(rec)) {
                        lost_royal |= c.holds_royal(rec);
                        kept = with_record(kept, r, 0);
                    }
                }
            }
            if kept != w {
                self.set_cargo_word(seat, i, kept);
            }
            if lost_royal && self.royals(seat).is_empty() && self.rules.flags_to_win == 0 {
                self.take_over(seat, actor);
                self.set_cargo_word(seat, i, PACKED);
            }
        }
    }

    /// Whether `viewer` may not see which knight holds what of another
    /// seat's cargo.
    pub(crate) fn cargo_hidden_from(&self, viewer: Option<Seat>) -> bool {
        if self.rules.cargo_seats == 0 {
            return false;
        }
        (0..self.rules.seats()).map(Seat).any(|seat| {
            Some(seat) != viewer
                && self.cargo_power(seat).is_some_and(|(i, _)| {
                    let w = self.cargo_word(seat, i);
                    packed(w)
                        && w & POOLED == 0
                        && own_records(w).any(|r| Compiled::counts(record(w, r)) != 0)
                })
        })
    }

    /// `viewer`'s view of the cargo: every other seat's knights' cargo
    /// pooled, which knight holds what left out.
    pub(crate) fn pool_cargo(&mut self, viewer: Option<Seat>) {
        if self.rules.cargo_seats == 0 {
            return;
        }
        for s in 0..self.rules.seats() {
            let seat = Seat(s);
            let Some((i, c)) = self.cargo_power(seat) else {
                continue;
            };
            let w = self.cargo_word(seat, i);
            if Some(seat) == viewer || !packed(w) || w & POOLED != 0 {
                continue;
            }
            let pool = own_records(w).fold(0, |sum, r| c.sum(sum, record(w, r)));
            // Loads and unloads are public: where the turn is stays, and
            // so do the consents and a foreign passenger in its knight.
            let guest = if w & FOREIGN != 0 {
                FOREIGN | with_record(0, 1, record(w, 1))
            } else {
                0
            };
            let view = if pool == 0 {
                PACKED
            } else {
                PACKED | POOLED | pool
            } | (w & (STEPS | CONSENTS))
                | guest;
            self.set_cargo_word(seat, i, view);
        }
    }

    /// The twin of this true position that no other seat can tell from it:
    /// `seat`'s cargo packed the other way round between its two loaded
    /// knights (or all of it moved into its other knight). `None` when
    /// there is nothing to swap.
    pub fn cargo_elsewhere(&self, seat: Seat) -> Option<Position<B>> {
        let (i, c) = self.cargo_power(seat)?;
        let w = self.cargo_word(seat, i);
        if !packed(w) || w & POOLED != 0 {
            return None;
        }
        // A foreign passenger stays where it is: its load was public.
        let (a, b) = (
            record(w, 0),
            if w & FOREIGN != 0 { 0 } else { record(w, 1) },
        );
        let knights = self.carriers(seat, &c) & !self.passenger_knight(w).map_or(B::EMPTY, B::bit);
        let twin_word = match (Compiled::counts(a) != 0, Compiled::counts(b) != 0) {
            (true, true) if Compiled::counts(a) != Compiled::counts(b) => {
                let w = with_record(w, 0, make_record(cell_of(a), b));
                with_record(w, 1, make_record(cell_of(b), a))
            }
            (true, false) | (false, true) => {
                let (r, rec) = if Compiled::counts(a) != 0 {
                    (0, a)
                } else {
                    (1, b)
                };
                let other = (knights & !B::bit(cell_of(rec))).iter().next()?;
                with_record(w, r, make_record(other, rec))
            }
            _ => return None,
        };
        let mut twin = self.clone();
        twin.set_cargo_word(seat, i, twin_word);
        Some(twin)
    }

    /// What `seat` carries, per knight cell (`None` for a pool or an army
    /// not packed yet), as kind and count: for the board view and tests.
    pub fn cargo_of(&self, seat: Seat) -> CargoList {
        let Some((i, c)) = self.cargo_power(seat) else {
            return Vec::new();
        };
        let w = self.cargo_word(seat, i);
        let counts = |rec: u32| -> Vec<(Kind, u8)> {
            c.kinds()
                .filter(|&j| c.count(rec, j) > 0)
                .map(|j| (c.kinds[j], c.count(rec, j)))
                .collect()
        };
        if !packed(w) {
            return vec![(None, counts(c.full()))];
        }
        if w & POOLED != 0 {
            return vec![(None, counts(record(w, 0)))];
        }
        own_records(w)
            .map(|r| record(w, r))
            .filter(|&rec| Compiled::counts(rec) != 0)
            .map(|rec| (Some(cell_of(rec)), counts(rec)))
            .collect()
    }

    /// The cargo of every seat with the power, as a board shows it: per
    /// loaded knight its cell and letters (a pool with no cell in a view).
    pub(crate) fn cargo_views(&self) -> Vec<crate::family::view::CargoView> {
        if self.rules.cargo_seats == 0 {
            return Vec::new();
        }
        let v = self.variant();
        let mut out = Vec::new();
        for s in 0..self.rules.seats() {
            for (cell, kinds) in self.cargo_of(Seat(s)) {
                let pieces: String = kinds
                    .iter()
                    .flat_map(|&(k, n)| std::iter::repeat_n(v.pieces[k.idx()].letter, n as usize))
                    .collect();
                out.push(crate::family::view::CargoView {
                    seat: s,
                    cell: cell.map(|c| v.geometry.square(c).to_string()),
                    pieces,
                    owner: None,
                });
            }
            // A foreign passenger: public, in its knight, with its owner.
            if let Some((cell, p)) = self.passenger_of(Seat(s)) {
                out.push(crate::family::view::CargoView {
                    seat: s,
                    cell: Some(v.geometry.square(cell).to_string()),
                    pieces: v.pieces[p.kind.idx()].letter.to_string(),
                    owner: Some(p.seat.0),
                });
            }
        }
        out
    }

    /// The piece letters a power move of the seat to move names: the
    /// first knight's share of a packing, the kind an unload puts down.
    pub(crate) fn power_letters(&self, m: Move) -> Option<PieceLetters> {
        let MoveKind::Power(p) = m.kind() else {
            return None;
        };
        let (i, c) = self.cargo_power(self.turn)?;
        if i != p as usize {
            return None;
        }
        let letter = |j: usize| self.variant().pieces[c.kinds[j].idx()].letter;
        match m.payload() & ACTION {
            PACK => {
                let share = c.share(m.payload() & ARG);
                Some(PieceLetters::of(c.kinds().flat_map(|j| {
                    std::iter::repeat_n(letter(j), c.count(share, j) as usize)
                })))
            }
            UNLOAD => Some(PieceLetters::of([letter(usize::from(m.payload() & ARG))])),
            _ => None,
        }
    }

    /// FEN4's `'cargo'` entries, once a seat packed: per knight its cell
    /// and letters (`b1=kbp/c1=rbpp`), `?` for the cell of a view's pool,
    /// `-` for nothing carried.
    pub(crate) fn cargo_extra(&self) -> Option<String> {
        if self.rules.cargo_seats == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        self.power_tuple(KEY, Self::cargo_power, |seat, (i, _)| {
            if !packed(self.cargo_word(seat, i)) {
                return String::new();
            }
            let mut parts: Vec<String> = self
                .cargo_of(seat)
                .into_iter()
                .map(|(cell, kinds)| {
                    let letters: String = kinds
                        .iter()
                        .flat_map(|&(k, n)| {
                            std::iter::repeat_n(self.variant().pieces[k.idx()].letter, n as usize)
                        })
                        .collect();
                    let at = cell.map_or("?".to_string(), |c| geo.square(c).to_string());
                    format!("{at}={letters}")
                })
                .collect();
            parts.extend(self.passenger_text(seat));
            let cargo = if parts.is_empty() {
                "-".to_string()
            } else {
                parts.join("/")
            };
            match self.cargo_word(seat, i) & STEPS {
                LOADING => format!("{cargo};{LOADING_TEXT}"),
                UNLOADING => format!("{cargo};{UNLOADING_TEXT}"),
                _ => cargo,
            }
        })
    }

    /// Read the `'cargo'` entries: per seat nothing (not packed yet), `-`
    /// (packed, nothing carried), a pool `?=letters`, or up to two knights
    /// `cell=letters` joined by `/`, each cell one of the seat's own
    /// knights, all together no more of a kind than the power's `cargo`;
    /// then, for the seat to move inside a turn of loads and unloads,
    /// `;loading` or `;unloading`.
    pub(crate) fn read_cargo_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        for (seat, text, (i, c)) in
            self.power_texts(entries, (KEY, key_at), "cargo", Self::cargo_power)?
        {
            let (text, step) = self.cargo_step_text(seat, text, key_at)?;
            // The consents are read apart ('consent'), before or after.
            let mut w = PACKED | step | (self.cargo_word(seat, i) & CONSENTS);
            let all: Vec<&str> = if text == "-" {
                Vec::new()
            } else {
                text.split('/').collect()
            };
            let (guests, parts): (Vec<&str>, Vec<&str>) = all
                .iter()
                .copied()
                .partition(|part| is_passenger_text(part));
            if all.len() > RECORDS {
                return Err(bad(format!(
                    "'{text}' in '{KEY}': at most {RECORDS} loaded knights"
                )));
            }
            let mut total = 0u32;
            for (r, part) in parts.iter().enumerate() {
                let (at, letters) = part.split_once('=').ok_or_else(|| {
                    bad(format!("'{part}' in '{KEY}': a knight's square, '=' and the pieces it carries, such as b1=kbp"))
                })?;
                let mut rec = 0u32;
                for l in letters.chars() {
                    let j = self
                        .variant()
                        .pieces
                        .iter()
                        .position(|p| p.letter == l)
                        .and_then(|k| c.index_of(Kind(k as u8)))
                        .ok_or_else(|| {
                            bad(format!(
                                "'{l}' in '{KEY}' is no piece seat {} carries",
                                seat.0 + 1
                            ))
                        })?;
                    let n = c.count(rec, j) + 1;
                    if n > c.start[j] || c.count(total, j) + n > c.start[j] {
                        return Err(bad(format!(
                            "'{text}' in '{KEY}': more '{l}' than seat {}'s knights carry",
                            seat.0 + 1
                        )));
                    }
                    rec = c.with_count(rec, j, n);
                }
                if rec == 0 {
                    return Err(bad(format!(
                        "'{part}' in '{KEY}': a knight listed carries something"
                    )));
                }
                total = c.sum(total, rec);
                if at == "?" {
                    if parts.len() != 1 {
                        return Err(bad(format!("'{text}' in '{KEY}': a pool '?' stands alone")));
                    }
                    w |= POOLED | rec;
                    continue;
                }
                let geo = &self.variant().geometry;
                let cell = at
                    .parse::<crate::Square>()
                    .ok()
                    .and_then(|sq| geo.cell(sq))
                    .filter(|&cell| self.carriers(seat, &c).has(cell))
                    .ok_or_else(|| {
                        bad(format!(
                            "'{at}' in '{KEY}' is no square of seat {}'s own knight",
                            seat.0 + 1
                        ))
                    })?;
                if r == 1 && cell_of(record(w, 0)) == cell {
                    return Err(bad(format!("'{text}' in '{KEY}' names {at} twice")));
                }
                w = with_record(w, r, make_record(cell, rec));
            }
            w = self.read_passenger(seat, w, &guests, key_at)?;
            if step == LOADING && all.is_empty() {
                return Err(bad(format!(
                    "'{text};{LOADING_TEXT}' in '{KEY}': after a load a knight carries something"
                )));
            }
            self.set_cargo_word(seat, i, w);
        }
        Ok(())
    }

    /// A `'cargo'` entry split into its cargo and its step bits: `;loading`
    /// or `;unloading` at its end, only for the seat to move.
    fn cargo_step_text<'t>(
        &self,
        seat: Seat,
        text: &'t str,
        key_at: usize,
    ) -> Result<(&'t str, u32), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let Some((cargo, step)) = text.split_once(';') else {
            return Ok((text, 0));
        };
        let bits = match step {
            LOADING_TEXT => LOADING,
            UNLOADING_TEXT => UNLOADING,
            _ => {
                return Err(bad(format!(
                    "'{step}' in '{KEY}': a turn of loads and unloads is \
                     '{LOADING_TEXT}' or '{UNLOADING_TEXT}'"
                )));
            }
        };
        if seat != self.turn {
            return Err(bad(format!(
                "seat {} is not to move, so it is in no turn of loads and unloads, in '{KEY}'",
                seat.0 + 1
            )));
        }
        Ok((cargo, bits))
    }
}
