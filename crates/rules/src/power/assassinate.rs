//! `assassinate`: at the start of its turn a seat that commands at least
//! `pieces` pieces may pick an enemy piece in its area and roll a die (the
//! Balkan States' assassination). The face decides:
//!
//! - 1: a misfire: the target stays, and one of the seat's pieces
//!   orthogonally next to it, if any, is destroyed (the seat's choice,
//!   made with the pick: `assassinate@e5d5` names the target, then the
//!   piece that goes on a misfire; with one such piece it is that one);
//! - 2: the target goes if it is a pawn or a knight; 3: a pawn, knight or
//!   bishop; 4: a pawn, knight, bishop or rook;
//! - 5 and 6: any piece that does not count as royal.
//!
//! Pawns are every pawn kind (a nation's own pawns too); knights, bishops
//! and rooks are the base game's kinds: the special pieces of nations die
//! on a 5 or 6 only ("special pieces included" is said of 5 alone).
//! Pieces proof against powers are never picked, nor destroyed on a
//! misfire; neither are pieces that count as royal (a king may be
//! picked: only a misfire can come of it).
//!
//! A turn of the seat is then three steps: the pick (a power move, which
//! leaves the turn with the seat), the roll (a chance step, `roll=4`,
//! whose moves are the die's faces, played by no seat), and the seat's
//! move. Picking is a choice: the seat may move at once instead.
//!
//! State in the seat's slots: slot `i` holds the target's cell plus one
//! while the roll is due, and [`ROLLED`] once the roll was played this
//! turn (the seat's move ends the turn and clears it, as the powers'
//! "used this turn" bit); slot `i + 1` the misfire victim's cell plus one
//! when the pick chose one. FEN4 `'assassinate':('e5d5','','','')` (a
//! roll due), `'rolled'` (the assassination of this turn is over).
//!
//! Parameters: `area` (default `a1-d4`, the 4 x 4 of the seat's corner),
//! `pieces` (1 to 16, default 3).

use super::{Params, Power};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{PieceInfo, Seat};
use crate::position::Position;
use crate::square::Square;
use crate::variant::TAKEN_LAST_TURN;

pub(super) const ID: &str = "assassinate";

/// The FEN4 key of a roll due or made this turn.
pub(crate) const KEY: &str = "assassinate";

/// Slot `i`'s bit: this turn's assassination is over (rolled).
const ROLLED: u8 = TAKEN_LAST_TURN;

/// The die's faces.
pub(crate) const FACES: u8 = 6;

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    area: super::Area,
    pieces: u8,
}

/// Compiled: the area's cells, the pieces needed, and the kinds each face
/// destroys (index 0 for face 2, up to face 4; 5 and 6 destroy all).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled<B> {
    area: B,
    pieces: u8,
    doomed: [u16; 3],
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        Ok(Spec {
            area: p.area("area", Some("a1-d4"))?,
            pieces: p.number("pieces", 3, 1..=16)?,
        })
    }

    /// Compiled for a line-up of `pieces`, `area` turning the area.
    pub(super) fn compile<B: HasSliders>(
        &self,
        pieces: &[PieceInfo],
        area: impl Fn(&super::Area) -> B,
    ) -> Compiled<B> {
        let pawns = pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.pawn)
            .fold(0u16, |m, (k, _)| m | 1 << k);
        // The base game's kinds come first in a line-up's pieces.
        let base = |letter: char| {
            pieces
                .iter()
                .position(|p| p.letter == letter)
                .map_or(0, |k| 1u16 << k)
        };
        let two = pawns | base('n');
        let three = two | base('b');
        Compiled {
            area: area(&self.area),
            pieces: self.pieces,
            doomed: [two, three, three | base('r')],
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s assassination power: its index and rules.
    fn dice_power(&self, seat: Seat) -> Option<(usize, Compiled<B>)> {
        self.find_power(seat, |p| match p {
            Power::Assassinate(a) => Some(*a),
            _ => None,
        })
    }

    /// The faces of the die the seat to move must roll, if a roll is due.
    pub(crate) fn dice_due(&self) -> Option<u8> {
        if self.rules.dice_seats & (1 << self.turn.0) == 0 {
            return None;
        }
        if self.rolls_insanity() {
            return self.insanity_due();
        }
        let (i, _) = self.dice_power(self.turn)?;
        (self.slot(self.turn, i) & !ROLLED != 0).then_some(FACES)
    }

    /// Where a roll is due, its outcomes are the only moves: `true`.
    pub(crate) fn generate_dice_steps<S: Sink<B>>(&self, sink: &mut S) -> bool {
        let Some(faces) = self.dice_due() else {
            return false;
        };
        for face in 1..=faces {
            sink.one(Move::new(0, 0, MoveKind::Roll(face)));
        }
        true
    }

    /// The seat to move's picks, if its turn has not used its power yet
    /// and it commands enough pieces: one per enemy piece in its area (not
    /// proof against powers), or one per misfire victim where it may
    /// choose among several.
    pub(crate) fn generate_picks<S: Sink<B>>(&self, sink: &mut S) {
        let us = self.turn;
        let Some((i, a)) = self.dice_power(us) else {
            return;
        };
        let mine = self.commanded_pieces(us);
        if self.slot(us, i) != 0 || mine.count() < a.pieces as u32 {
            return;
        }
        let targets = a.area & self.hostile_to(us) & !self.power_proof();
        for target in targets.iter() {
            let victims = self.misfire_victims(target);
            if victims.count() < 2 {
                sink.one(Move::power(target, target, i as u8, 0));
                continue;
            }
            for v in victims.iter() {
                sink.one(Move::power(target, target, i as u8, u16::from(v) + 1));
            }
        }
    }

    /// The pieces a misfire on `target` may destroy: the seat to move's,
    /// orthogonally next to it, neither royal (as counted) nor proof.
    fn misfire_victims(&self, target: u8) -> B {
        let mine = self.commanded_pieces(self.turn);
        self.neighbours(B::bit(target)) & mine & !self.last_royals() & !self.power_proof()
    }

    /// Whether `m` is a step of the seat to move's assassination (a pick
    /// or a roll), after which the turn stays with the seat.
    pub(crate) fn is_dice_step(&self, m: Move) -> bool {
        if self.rolls_insanity() {
            return self.is_insanity_step(m);
        }
        match m.kind() {
            MoveKind::Roll(_) => true,
            MoveKind::Power(p) => self
                .dice_power(self.turn)
                .is_some_and(|(i, _)| i == p as usize),
            _ => false,
        }
    }

    /// Play `m` if it is a step of an assassination (a pick or a roll):
    /// whether it was.
    pub(crate) fn play_dice_step(&mut self, m: Move) -> bool {
        if self.rolls_insanity() {
            return self.play_insanity_step(m);
        }
        let us = self.turn;
        let Some((i, _)) = self.dice_power(us) else {
            return false;
        };
        match m.kind() {
            MoveKind::Roll(face) => {
                self.roll(i, face);
                true
            }
            MoveKind::Power(p) if p as usize == i => {
                self.set_slot(us, i, m.from() + 1);
                self.set_slot(us, i + 1, (m.payload() & 0xff) as u8);
                true
            }
            _ => false,
        }
    }

    /// The die shows `face` for the pick in slot `i` of the seat to move.
    fn roll(&mut self, i: usize, face: u8) {
        let us = self.turn;
        let Some(target) = (self.slot(us, i) & !ROLLED).checked_sub(1) else {
            return;
        };
        let chosen = self.slot(us, i + 1).checked_sub(1);
        self.set_slot(us, i, ROLLED);
        self.set_slot(us, i + 1, 0);
        let Some((_, a)) = self.dice_power(us) else {
            return;
        };
        let doomed = match face {
            1 => None,
            2..=4 => Some(a.doomed[face as usize - 2]),
            _ => Some(u16::MAX),
        };
        let cell = match doomed {
            Some(kinds) => self
                .piece_at(target)
                .filter(|p| kinds & (1 << p.kind.0) != 0)
                .map(|_| target)
                .filter(|&t| !self.last_royals().has(t) && !self.power_proof().has(t)),
            None => {
                let victims = self.misfire_victims(target);
                match chosen {
                    Some(c) if victims.has(c) => Some(c),
                    _ if victims.count() == 1 => Some(victims.lsb()),
                    _ => None,
                }
            }
        };
        let Some(cell) = cell else {
            return;
        };
        self.settling_marks(|pos| {
            if let Some(victim) = pos.piece_at(cell) {
                pos.remove(victim, cell);
                pos.count_power_loss(victim);
            }
            if pos.rules.flags_to_win > 0 {
                pos.settle_flags();
            }
        });
        if self.rules.wall_seats != 0 {
            self.settle_walls();
        }
    }

    /// FEN4's `'assassinate'` entries, if a seat has a roll due or made.
    pub(crate) fn dice_extra(&self) -> Option<String> {
        if self.rules.dice_seats == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        let entries: Vec<String> = (0..self.rules.seats())
            .map(|s| {
                let seat = Seat(s);
                let Some((i, _)) = self.dice_power(seat) else {
                    return String::new();
                };
                match self.slot(seat, i) {
                    0 => String::new(),
                    ROLLED => "rolled".to_string(),
                    v => {
                        let mut text = geo.square(v - 1).to_string();
                        if let Some(c) = self.slot(seat, i + 1).checked_sub(1) {
                            text.push_str(&geo.square(c).to_string());
                        }
                        text
                    }
                }
            })
            .collect();
        crate::notation::fen4::seat_tuple(KEY, &entries)
    }

    /// Read the `'assassinate'` entries: per seat nothing, `rolled`, or
    /// the target's square and optionally the misfire victim's, the
    /// target in the seat's area and the seat to move.
    pub(crate) fn read_dice_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let dice = |p: &Self, seat| p.dice_power(seat).map(|(i, a)| (i, a.area));
        for (seat, text, (i, area)) in
            self.power_texts(entries, (KEY, key_at), "assassination", dice)?
        {
            if seat != self.turn {
                return Err(bad(format!(
                    "seat {} is not to move: only the seat to move has a roll due or made, in '{KEY}'",
                    seat.0 + 1
                )));
            }
            if text == "rolled" {
                self.set_slot(seat, i, ROLLED);
                continue;
            }
            let geo = &self.variant().geometry;
            let cell = |t: &str| t.parse::<Square>().ok().and_then(|sq| geo.cell(sq));
            let why = || {
                format!(
                    "'{text}' in '{KEY}': 'rolled', or the target's square in seat {}'s area and maybe the misfire victim's",
                    seat.0 + 1
                )
            };
            let (first, rest) = Square::parse_prefix(text)
                .map(|(_, n)| text.split_at(n))
                .ok_or_else(|| bad(why()))?;
            let target = cell(first)
                .filter(|&c| area.has(c))
                .ok_or_else(|| bad(why()))?;
            let victim = if rest.is_empty() {
                0
            } else {
                cell(rest).ok_or_else(|| bad(why()))? + 1
            };
            self.set_slot(seat, i, target + 1);
            self.set_slot(seat, i + 1, victim);
        }
        Ok(())
    }
}
