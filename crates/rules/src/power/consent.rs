//! Other players' pieces in Mycenae's knights (`cargo`): "Other players'
//! pieces only with their owner's consent, and they unload only on their
//! owner's turn." As decided (`docs/nations.md`, Mycenae):
//!
//! - **Consent** is standing, per other seat, in the carrying seat's word
//!   (a bit per seat offset, public): given or withdrawn by that seat as a
//!   turn of its own ([`MoveKind::Consent`], `consent@b1`,
//!   `withdraw-consent@b1`, the cell that of the carrying seat's first
//!   knight in board order, which names the seat). A turn, not a step
//!   after which the turn goes on: a free step would double every subtree
//!   and need a per-turn mark; as a turn it adds one move a node.
//! - **A load** of another seat's piece is Mycenae's load (`cargo@b2b1`),
//!   with the consent of the seat commanding the piece's army, one foreign
//!   piece at a time, alone in an empty knight, never a royal piece nor one
//!   proof against powers. Record 1 then holds the knight's cell, the
//!   owner's seat offset and the kind ([`FOREIGN`]).
//! - **The unload** is the owner's turn ([`MoveKind::Disembark`],
//!   `cargo@d4e5=p`): onto an empty cell around the knight, a pawn never
//!   where its army's pawns promote. Mycenae never unloads it.
//! - A knight captured, burnt or taken over destroys it with the rest of
//!   its cargo. The passenger, its knight and the consents are public:
//!   every view keeps them.
//!
//! FEN4: the passenger in the `'cargo'` entry as its knight, `=`, the
//! owner's colour letter and its kind in upper case (`d4=yP`); the
//! consents `'consent':('yg','','','')`, per carrying seat the colour
//! letters of the seats that consent, in seat order.

use super::cargo::{CELL_BITS, CONSENT_SHIFT, CONSENTS, FOREIGN, cell_of, record, with_record};
use crate::attacks::HasSliders;
use crate::family::view::ConsentView;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::notation::fen4::seat_letter;
use crate::piece::{Kind, Piece, Seat};
use crate::position::Position;

/// The FEN4 key of the consents.
pub(crate) const KEY: &str = "consent";

/// The UCI names of a consent and of its withdrawal.
pub const CONSENT: &str = "consent";
pub const WITHDRAW: &str = "withdraw-consent";

/// A passenger record's fields above its cell: the owner's seat offset
/// (2 bits), then its kind (4 bits: at most 16 kinds).
const OFFSET_MASK: u32 = 0b11;
const KIND_SHIFT: u32 = CELL_BITS + 2;

/// Whether a `'cargo'` part names a foreign passenger (`d4=yP`).
pub(super) fn is_passenger_text(part: &str) -> bool {
    let Some((_, letters)) = part.split_once('=') else {
        return false;
    };
    let b = letters.as_bytes();
    b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_uppercase()
}

impl<B: HasSliders> Position<B> {
    /// The offset of `seat` from the carrying seat `carrier` (1 to 3).
    fn offset(&self, carrier: Seat, seat: Seat) -> u32 {
        let n = u32::from(self.rules.seats());
        (u32::from(seat.0) + n - u32::from(carrier.0)) % n
    }

    /// The consent bit of `seat` in `carrier`'s word.
    fn consent_bit(&self, carrier: Seat, seat: Seat) -> u32 {
        match self.offset(carrier, seat) {
            0 => 0,
            k => 1 << (CONSENT_SHIFT + k - 1),
        }
    }

    /// Whether `seat` consents to `carrier`'s knights carrying its pieces.
    pub fn consents(&self, carrier: Seat, seat: Seat) -> bool {
        self.cargo_power(carrier).is_some_and(|(i, _)| {
            self.cargo_word(carrier, i) & self.consent_bit(carrier, seat) != 0
        })
    }

    /// The knight of a word's foreign passenger.
    pub(super) fn passenger_knight(&self, w: u32) -> Option<u8> {
        (w & FOREIGN != 0).then(|| cell_of(record(w, 1)))
    }

    /// The foreign passenger in `carrier`'s knights: the knight's cell and
    /// the piece (of its owner's army).
    pub fn passenger_of(&self, carrier: Seat) -> Option<(u8, Piece)> {
        let (i, _) = self.cargo_power(carrier)?;
        let w = self.cargo_word(carrier, i);
        let knight = self.passenger_knight(w)?;
        let rec = record(w, 1);
        let n = u32::from(self.rules.seats());
        let offset = (rec >> CELL_BITS) & OFFSET_MASK;
        let seat = Seat(((u32::from(carrier.0) + offset) % n) as u8);
        let kind = Kind((rec >> KIND_SHIFT) as u8);
        Some((knight, Piece { seat, kind }))
    }

    /// Whether a piece of an army `seat` commands rides in another seat's
    /// knight: it counts as its piece for the lone-piece rule.
    pub(super) fn rides_for(&self, seat: Seat) -> bool {
        (0..self.rules.seats()).any(|s| {
            self.passenger_of(Seat(s))
                .is_some_and(|(_, p)| self.commander_of(p.seat) == seat)
        })
    }

    /// The other seats' pieces `us` (its word `w`) may load now: with the
    /// consent of the seat commanding them, none while a passenger rides
    /// or both records hold its own cargo, no royal piece and none proof
    /// against powers.
    pub(super) fn guests(&self, us: Seat, w: u32) -> B {
        if w & (CONSENTS) == 0 || w & FOREIGN != 0 || record(w, 1) >> CELL_BITS != 0 {
            return B::EMPTY;
        }
        let mut b = B::EMPTY;
        for g in (0..self.rules.seats()).map(Seat).filter(|&g| g != us) {
            if w & self.consent_bit(us, g) != 0 && self.commander_of(g) == g {
                b |= self.armies_pieces(self.commanded_by(g));
            }
        }
        // Nor a face-down card (`secrecy`): its kind rides in the open.
        let cards = if self.rules.secret_seats != 0 {
            self.cards_and_stand_ins()
        } else {
            B::EMPTY
        };
        b & !self.union_of(self.rules.royal_kinds)
            & !self.last_royals()
            & !self.power_proof()
            & !cards
    }

    /// Load the foreign piece `p` by `m` into the empty knight `m.to()`.
    pub(super) fn load_guest(&mut self, i: usize, w: u32, p: Piece, m: Move) {
        let us = self.turn;
        let rec = u32::from(m.to())
            | self.offset(us, p.seat) << CELL_BITS
            | u32::from(p.kind.0) << KIND_SHIFT;
        self.remove(p, m.from());
        self.clear_castling(B::bit(m.from()));
        let w = (w & !super::cargo::STEPS) | super::cargo::LOADING | FOREIGN;
        self.set_cargo_word(us, i, with_record(w, 1, rec));
    }

    /// `seat`'s word `w` settled: no consent of a seat that is out, and no
    /// passenger whose knight is gone (captured, destroyed, taken over).
    pub(super) fn settle_guests(&self, seat: Seat, w: u32, knights: B) -> u32 {
        let mut w = w;
        for g in (0..self.rules.seats()).map(Seat).filter(|&g| g != seat) {
            if self.commander_of(g) != g {
                w &= !self.consent_bit(seat, g);
            }
        }
        if self.passenger_knight(w).is_some_and(|k| !knights.has(k)) {
            w = with_record(w & !FOREIGN, 1, 0);
        }
        w
    }

    /// The seat to move's steps with another seat's cargo, each a turn of
    /// its own: a consent given or withdrawn per carrying seat in the game
    /// with a knight, and the unloads of a passenger of an army it
    /// commands (none that attacks an enemy royal piece in its opening
    /// turns, `no_check`). With Checks (`escape`), none that leaves its
    /// royal piece attacked (a consent, a pass in all but name, never
    /// while it is).
    pub(crate) fn generate_guest_steps<S: Sink<B>>(
        &self,
        sink: &mut S,
        no_check: bool,
        escape: bool,
    ) {
        let us = self.turn;
        let exposed = |m: Move| escape && self.board_after(m).royal_attacked_by_commanders(us);
        for g in (0..self.rules.seats()).map(Seat).filter(|&g| g != us) {
            let Some((i, c)) = self.cargo_power(g) else {
                continue;
            };
            if self.commander_of(g) != g {
                continue;
            }
            if let Some(first) = self.carriers(g, &c).iter().next() {
                let given = self.cargo_word(g, i) & self.consent_bit(g, us) != 0;
                let m = Move::new(first, first, MoveKind::Consent(!given));
                if !exposed(m) {
                    sink.one(m);
                }
            }
            let Some((knight, p)) = self.passenger_of(g) else {
                continue;
            };
            if self.commander_of(p.seat) != us {
                continue;
            }
            let mut cells = self.around(knight) & !self.occupied();
            if self.rules.pawn_kinds & (1 << p.kind.0) != 0 {
                cells &= !self.rules.promotion_zone[p.seat.idx()];
            }
            for to in cells.iter() {
                let m = Move::new(knight, to, MoveKind::Disembark);
                let checks = no_check && self.board_after(m).checks_an_enemy(us);
                if !checks && !exposed(m) {
                    sink.one(m);
                }
            }
        }
    }

    /// The carrying seat whose first knight `m` names, with its power.
    fn consented_to(&self, m: Move) -> Option<(Seat, usize)> {
        let p = self.piece_at(m.from())?;
        let (i, c) = self.cargo_power(p.seat)?;
        (p.seat != self.turn && self.carriers(p.seat, &c).iter().next() == Some(m.from()))
            .then_some((p.seat, i))
    }

    /// Play the consent (or its withdrawal) `m` of the seat to move.
    pub(crate) fn play_consent(&mut self, m: Move) {
        let MoveKind::Consent(given) = m.kind() else {
            return;
        };
        let Some((g, i)) = self.consented_to(m) else {
            return;
        };
        let bit = self.consent_bit(g, self.turn);
        let w = self.cargo_word(g, i);
        self.set_cargo_word(g, i, if given { w | bit } else { w & !bit });
    }

    /// Play the owner's unload `m`: its piece leaves the knight on
    /// `m.from()` for the empty cell `m.to()`.
    pub(crate) fn play_disembark(&mut self, m: Move) {
        self.halfmoves = self.halfmoves.saturating_add(1);
        for g in (0..self.rules.seats()).map(Seat) {
            let Some((knight, p)) = self.passenger_of(g) else {
                continue;
            };
            if knight != m.from() || self.occupied().has(m.to()) {
                continue;
            }
            let Some((i, _)) = self.cargo_power(g) else {
                continue;
            };
            let w = self.cargo_word(g, i);
            self.set_cargo_word(g, i, with_record(w & !FOREIGN, 1, 0));
            self.put(p, m.to());
            return;
        }
    }

    /// The name a guest's step is written by (`consent`,
    /// `withdraw-consent`, `cargo`).
    pub(crate) fn guest_step_name(m: Move) -> Option<&'static str> {
        match m.kind() {
            MoveKind::Consent(true) => Some(CONSENT),
            MoveKind::Consent(false) => Some(WITHDRAW),
            MoveKind::Disembark => Some(super::cargo::KEY),
            _ => None,
        }
    }

    /// The letter of the piece the unload `m` puts down.
    pub(crate) fn disembark_letter(&self, m: Move) -> Option<char> {
        (0..self.rules.seats())
            .filter_map(|g| self.passenger_of(Seat(g)))
            .find(|&(k, _)| k == m.from())
            .map(|(_, p)| self.variant().pieces[p.kind.idx()].letter)
    }

    /// A `'cargo'` part for `carrier`'s passenger (`d4=yP`).
    pub(super) fn passenger_text(&self, carrier: Seat) -> Option<String> {
        let (knight, p) = self.passenger_of(carrier)?;
        let v = self.variant();
        Some(format!(
            "{}={}{}",
            v.geometry.square(knight),
            seat_letter(v, p.seat),
            v.pieces[p.kind.idx()].letter.to_ascii_uppercase()
        ))
    }

    /// Read `carrier`'s passenger parts (at most one) into its word `w`:
    /// one of its own knights, not one its own cargo is in, an owner of
    /// another seat, a kind of the variant that is not royal.
    pub(super) fn read_passenger(
        &self,
        carrier: Seat,
        w: u32,
        parts: &[&str],
        key_at: usize,
    ) -> Result<u32, FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let key = super::cargo::KEY;
        let Some(&part) = parts.first() else {
            return Ok(w);
        };
        if parts.len() > 1 {
            return Err(bad(format!("in '{key}': one foreign passenger at a time")));
        }
        let (at, letters) = part.split_once('=').unwrap_or((part, ""));
        let mut l = letters.chars();
        let (owner, kind) = (l.next().unwrap_or('?'), l.next().unwrap_or('?'));
        let v = self.variant();
        let seat = (0..self.rules.seats())
            .map(Seat)
            .find(|&s| seat_letter(v, s) == owner && s != carrier)
            .ok_or_else(|| {
                bad(format!(
                    "'{part}' in '{key}': '{owner}' is no other seat's colour letter"
                ))
            })?;
        let kind = v
            .pieces
            .iter()
            .position(|p| p.letter == kind.to_ascii_lowercase() && !p.royal)
            .map(|k| Kind(k as u8))
            .ok_or_else(|| bad(format!("'{part}' in '{key}': no piece that may ride")))?;
        let (_, c) = self.cargo_power(carrier).expect("read for a cargo seat");
        let cell = at
            .parse::<crate::Square>()
            .ok()
            .and_then(|sq| v.geometry.cell(sq))
            .filter(|&cell| self.carriers(carrier, &c).has(cell))
            .ok_or_else(|| {
                bad(format!(
                    "'{at}' in '{key}' is no square of seat {}'s own knight",
                    carrier.0 + 1
                ))
            })?;
        let own = record(w, 0);
        if own >> CELL_BITS != 0 && (cell_of(own) == cell || record(w, 1) >> CELL_BITS != 0) {
            return Err(bad(format!(
                "'{part}' in '{key}': a foreign piece rides alone, with at most one other knight loaded"
            )));
        }
        let rec = u32::from(cell)
            | self.offset(carrier, seat) << CELL_BITS
            | u32::from(kind.0) << KIND_SHIFT;
        Ok(with_record(w | FOREIGN, 1, rec))
    }

    /// FEN4's `'consent'` entries: per carrying seat, the colour letters
    /// of the seats that consent; `None` when none does.
    pub(crate) fn consent_extra(&self) -> Option<String> {
        if self.rules.cargo_seats == 0 {
            return None;
        }
        let v = self.variant();
        self.power_tuple(KEY, Self::cargo_power, |carrier, _| {
            self.consenting(carrier)
                .map(|s| seat_letter(v, s))
                .collect()
        })
    }

    /// The seats that consent to `carrier`'s knights carrying their
    /// pieces, in seat order.
    fn consenting(&self, carrier: Seat) -> impl Iterator<Item = Seat> + '_ {
        (0..self.rules.seats())
            .map(Seat)
            .filter(move |&s| s != carrier && self.consents(carrier, s))
    }

    /// The standing consents as a board shows them, per carrying seat that
    /// has any: public, the same in every view.
    pub(crate) fn consent_views(&self) -> Vec<ConsentView> {
        if self.rules.cargo_seats == 0 {
            return Vec::new();
        }
        (0..self.rules.seats())
            .map(Seat)
            .filter_map(|carrier| {
                let from: Vec<u8> = self.consenting(carrier).map(|s| s.0).collect();
                (!from.is_empty()).then_some(ConsentView {
                    seat: carrier.0,
                    from,
                })
            })
            .collect()
    }

    /// Read the `'consent'` entries: per carrying seat, colour letters of
    /// other seats, each once.
    pub(crate) fn read_consent_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        for (carrier, text, (i, _)) in
            self.power_texts(entries, (KEY, key_at), "cargo", Self::cargo_power)?
        {
            let mut bits = 0;
            for l in text.chars() {
                let seat = (0..self.rules.seats())
                    .map(Seat)
                    .find(|&s| seat_letter(self.variant(), s) == l)
                    .filter(|&s| s != carrier)
                    .ok_or_else(|| {
                        bad(format!(
                            "'{l}' in '{KEY}' is no colour letter of a seat other than seat {}",
                            carrier.0 + 1
                        ))
                    })?;
                let bit = self.consent_bit(carrier, seat);
                if bits & bit != 0 {
                    return Err(bad(format!("'{text}' in '{KEY}' names '{l}' twice")));
                }
                bits |= bit;
            }
            let w = self.cargo_word(carrier, i);
            self.set_cargo_word(carrier, i, (w & !CONSENTS) | bits);
        }
        Ok(())
    }
}
