//! `insanity`: North Korea's dice (European Chess, Modern: "Insanity").
//! At the start of its turn the seat rolls a die: on 1 to 4 it plays an
//! ordinary turn; on 5 or 6 it rolls again, and that face lets it move up
//! to one piece (1, 2), two (3, 4) or three (5, 6). It names the pieces
//! first, then rolls once per piece: 1 pawn, 2 knight, 3 bishop, 4 rook,
//! 5 queen, 6 king; each of them moves and captures that way this turn.
//!
//! A turn of several steps (`docs/architecture.md`, "Dice: chance steps"
//! and "Turns of several steps"):
//!
//! 1. the roll (a chance step, `roll=1` to `roll=6`, played by no seat);
//! 2. on 5 or 6 the second roll (a chance step);
//! 3. the pick, one power move naming every piece at once, in board order
//!    (`insanity@a2`, `insanity@a2b1`, `insanity@a2b1c1`): one to as many
//!    pieces as the second roll allows, any the seat commands;
//! 4. one roll per picked piece, in the pick's order (chance steps);
//! 5. the moves: each picked piece once, in any order, as its face says;
//!    a pass (`0000`) ends the turn at any point, and the turn ends by
//!    itself once every picked piece moved (or the game is decided).
//!
//! A piece moves as its face's kind of the base game would from its cell
//! (blocked by what stands there now, earlier moves of the turn included);
//! as a pawn in its own army's direction, with the double step from its
//! army's pawn line, never en passant. It stays what it is: a king moving
//! as a knight is still royal, a knight moving as a king is not. A piece
//! that promotes (a pawn) does so when it ends in its promotion zone,
//! whatever way it moved; no other piece promotes.
//!
//! State in the seat's four slots, read as one little-endian `u32`: bits
//! 0-2 the phase ([`FRESH`]: the roll is due, [`NORMAL`], [`SECOND`]: the
//! second roll is due, [`PICK`], [`INSANE`]); while picking, bits 3-4 how
//! many pieces; while insane, three entries of 9 bits from bit 3, each a
//! cell (6 bits) and a face (3 bits: 0 none, 1-6, [`UNROLLED`]), packed
//! from the first, in board order. The seat's last step resets it, so
//! between its turns the slots are 0 and a roll is due when the turn
//! comes. FEN4 `'insanity':('a2n/b1','','','')` (see [`Position::insanity_extra`]).
//!
//! No parameters.

use super::Power;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{Kind, PieceInfo, Seat};
use crate::position::Position;
use crate::square::Square;

pub(super) const ID: &str = "insanity";

/// The FEN4 key of a turn of insanity under way.
pub(crate) const KEY: &str = "insanity";

/// The slots the state takes: all four of the seat's.
pub(super) const SLOTS: usize = 4;

/// The die's faces.
const FACES: u8 = 6;

/// At most this many pieces move in a turn of insanity.
const MAX_PICKS: usize = 3;

/// Phase: the turn's first roll is due (the state between turns).
const FRESH: u32 = 0;
/// Phase: the roll showed 1 to 4, an ordinary turn.
const NORMAL: u32 = 1;
/// Phase: the roll showed 5 or 6, the second roll is due.
const SECOND: u32 = 2;
/// Phase: the seat names its pieces.
const PICK: u32 = 3;
/// Phase: the picked pieces roll, then move.
const INSANE: u32 = 4;

/// An entry's face while its roll is still due.
const UNROLLED: u8 = 7;

/// The kinds each face moves as, by letter (FEN4 writes them).
const FACE_LETTERS: [char; 6] = ['p', 'n', 'b', 'r', 'q', 'k'];

/// Compiled: the base game's kinds whose moves a face borrows (bishop,
/// rook and queen ride with the board's lines instead: a line-up need not
/// have a queen).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    pawn: Kind,
    knight: Kind,
    king: Kind,
}

impl Compiled {
    /// For a line-up of `pieces` (the base game's kinds first).
    pub(super) fn new(pieces: &[PieceInfo]) -> Compiled {
        let kind =
            |letter: char| Kind(pieces.iter().position(|p| p.letter == letter).unwrap_or(0) as u8);
        Compiled {
            pawn: kind('p'),
            knight: kind('n'),
            king: kind('k'),
        }
    }
}

/// A seat's turn of insanity, as its slots hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State(u32);

impl State {
    fn phase(self) -> u32 {
        self.0 & 7
    }

    /// While picking: how many pieces the seat may name.
    fn allowed(self) -> usize {
        ((self.0 >> 3) & 3) as usize
    }

    fn picking(n: u32) -> State {
        State(PICK | n << 3)
    }

    /// Entry `j`: its cell and face, if there is one.
    fn entry(self, j: usize) -> Option<(u8, u8)> {
        if self.phase() != INSANE {
            return None;
        }
        let e = (self.0 >> (3 + 9 * j)) & 0x1ff;
        let face = (e >> 6) as u8;
        (face != 0).then_some(((e & 63) as u8, face))
    }

    fn with_entry(self, j: usize, cell: u8, face: u8) -> State {
        let shift = 3 + 9 * j;
        let e = u32::from(cell & 63) | u32::from(face & 7) << 6;
        State(self.0 & !(0x1ff << shift) | e << shift)
    }

    /// The entries in order.
    fn entries(self) -> impl Iterator<Item = (u8, u8)> {
        (0..MAX_PICKS).filter_map(move |j| self.entry(j))
    }

    /// The state with the entry of `cell` gone and the rest packed.
    fn without(self, cell: u8) -> State {
        self.entries()
            .filter(|&(c, _)| c != cell)
            .enumerate()
            .fold(State(INSANE), |next, (j, (c, face))| {
                next.with_entry(j, c, face)
            })
    }

    /// The first entry whose roll is due.
    fn unrolled(self) -> Option<usize> {
        (0..MAX_PICKS).find(|&j| self.entry(j).is_some_and(|(_, f)| f == UNROLLED))
    }
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s insanity: its first slot and the kinds it borrows.
    fn insanity(&self, seat: Seat) -> Option<(usize, Compiled)> {
        if self.rules.insanity_seats & (1 << seat.0) == 0 {
            return None;
        }
        self.find_power(seat, |p| match p {
            Power::Insanity(c) => Some(*c),
            _ => None,
        })
    }

    fn insanity_state(&self, seat: Seat, i: usize) -> State {
        State((0..SLOTS).fold(0, |s, k| s | u32::from(self.slot(seat, i + k)) << (8 * k)))
    }

    fn set_insanity_state(&mut self, seat: Seat, i: usize, state: State) {
        for k in 0..SLOTS {
            let byte = (state.0 >> (8 * k)) as u8;
            if self.slot(seat, i + k) != byte {
                self.set_slot(seat, i + k, byte);
            }
        }
    }

    /// The seat to move's turn of insanity, if it has the power.
    fn own_insanity(&self) -> Option<(usize, Compiled, State)> {
        let (i, c) = self.insanity(self.turn)?;
        Some((i, c, self.insanity_state(self.turn, i)))
    }

    /// Whether the seat to move has the power (its dice are its own).
    pub(crate) fn rolls_insanity(&self) -> bool {
        self.rules.insanity_seats & (1 << self.turn.0) != 0
    }

    /// The faces of the die the seat to move must roll now, if one is due:
    /// its turn's first roll, the second, or a picked piece's.
    pub(crate) fn insanity_due(&self) -> Option<u8> {
        let (_, _, state) = self.own_insanity()?;
        let due = match state.phase() {
            FRESH | SECOND => true,
            INSANE => state.unrolled().is_some(),
            _ => false,
        };
        (due && !self.teams_decided()).then_some(FACES)
    }

    /// While the seat to move names its pieces, its picks are its only
    /// moves: `true`. Every set of one to the allowed number of the pieces
    /// it commands, once, in board order.
    pub(crate) fn generate_insanity_picks<S: Sink<B>>(&self, sink: &mut S) -> bool {
        let Some((i, _, state)) = self.own_insanity() else {
            return false;
        };
        if state.phase() != PICK {
            return false;
        }
        let mut cells = [0u8; 64];
        let mut n = 0;
        for c in self.commanded_pieces(self.turn).iter().take(64) {
            cells[n] = c;
            n += 1;
        }
        let cells = &cells[..n];
        let allowed = state.allowed();
        let tag = i as u8;
        for (a, &x) in cells.iter().enumerate() {
            sink.one(Move::power(x, x, tag, 0));
            if allowed < 2 {
                continue;
            }
            for (b, &y) in cells.iter().enumerate().skip(a + 1) {
                sink.one(Move::power(x, y, tag, 0));
                if allowed < 3 {
                    continue;
                }
                for &z in &cells[b + 1..] {
                    sink.one(Move::power(x, y, tag, u16::from(z) + 1));
                }
            }
        }
        true
    }

    /// Whether the seat to move is moving its picked pieces (every roll
    /// made): its moves are theirs, by their faces, and the pass.
    pub(crate) fn moves_insanely(&self) -> bool {
        self.own_insanity()
            .is_some_and(|(_, _, s)| s.phase() == INSANE && s.unrolled().is_none())
    }

    /// The moves of the seat to move's picked pieces, each as its face
    /// says, by the rules of movement alone (the caller filters them as
    /// any move of the line-up).
    pub(crate) fn generate_insane_moves<S: Sink<B>>(&self, sink: &mut S) {
        let Some((_, c, state)) = self.own_insanity() else {
            return;
        };
        let us = self.turn;
        let occ = self.occupied();
        let enemy = self.hostile_to(us);
        let target = !self.commanded_pieces(us) & self.rules.attacks.playable;
        let bars = self.wall_bars(us);
        for (cell, face) in state.entries() {
            let Some(piece) = self.piece_at(cell) else {
                continue;
            };
            if self.commander[piece.seat.idx()] != us.0 {
                continue;
            }
            let mut t = self.insane_targets(&c, piece.seat, cell, face, occ, enemy) & target;
            if !bars.is_empty() {
                // A wall stops the piece as it moves now: only a knight's
                // leap jumps one.
                for to in t.iter() {
                    if self.crosses_wall_as(&bars, piece.kind, cell, to, face == 2) {
                        t &= !B::bit(to);
                    }
                }
            }
            if t.is_empty() {
                continue;
            }
            if self.rules.promoting_kinds & (1 << piece.kind.0) == 0 {
                sink.targets(cell, t);
            } else if piece.seat == us {
                self.emit(sink, piece.kind, cell, t);
            } else {
                // Its own army's promotion zone and choices.
                let mut view = self.child();
                view.get_mut().turn = piece.seat;
                view.emit(sink, piece.kind, cell, t);
            }
        }
    }

    /// Where a piece of `army` on `cell` may go as `face` says.
    fn insane_targets(&self, c: &Compiled, army: Seat, cell: u8, face: u8, occ: B, enemy: B) -> B {
        let a = &self.rules.attacks;
        let rides = match face {
            3 => a.bishop(cell, occ),
            4 => a.rook(cell, occ),
            5 => a.bishop(cell, occ) | a.rook(cell, occ),
            _ => {
                let kind = match face {
                    1 => c.pawn,
                    2 => c.knight,
                    _ => c.king,
                };
                return self.piece_targets(army, kind, cell, occ, enemy);
            }
        };
        rides & (!occ | enemy)
    }

    /// Whether `m` is a step of the seat to move's insanity that keeps the
    /// turn with it before any piece moves (a roll or the pick).
    pub(crate) fn is_insanity_step(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Roll(_) => true,
            MoveKind::Power(p) => self
                .insanity(self.turn)
                .is_some_and(|(i, _)| i == p as usize),
            _ => false,
        }
    }

    /// Play `m` if it is a roll or the pick of the seat to move's insanity:
    /// whether it was.
    pub(crate) fn play_insanity_step(&mut self, m: Move) -> bool {
        let Some((i, _, state)) = self.own_insanity() else {
            return false;
        };
        let next = match m.kind() {
            MoveKind::Roll(face) => match state.phase() {
                FRESH if face <= 4 => State(NORMAL),
                FRESH => State(SECOND),
                SECOND => State::picking(u32::from(face).div_ceil(2)),
                _ => match state.unrolled() {
                    Some(j) => {
                        let (cell, _) = state.entry(j).unwrap_or_default();
                        state.with_entry(j, cell, face)
                    }
                    None => state,
                },
            },
            MoveKind::Power(p) if p as usize == i => {
                let mut s = State(INSANE).with_entry(0, m.from(), UNROLLED);
                if m.to() != m.from() {
                    s = s.with_entry(1, m.to(), UNROLLED);
                }
                if let Some(third) = ((m.payload() & 0xff) as u8).checked_sub(1) {
                    s = s.with_entry(2, third, UNROLLED);
                }
                s
            }
            _ => return false,
        };
        self.set_insanity_state(self.turn, i, next);
        true
    }

    /// After `us`'s step `m` (played on the board): whether `us`'s turn
    /// goes on (a picked piece still to move, the game not decided). When
    /// it does not, the state goes back to the fresh turn's; a pass that
    /// ends the moves gives back its fifty-move count (the turn's moves
    /// counted).
    pub(crate) fn insanity_goes_on(&mut self, us: Seat, m: Move) -> bool {
        let Some((i, _)) = self.insanity(us) else {
            return false;
        };
        let state = self.insanity_state(us, i);
        if state.phase() != INSANE {
            self.set_insanity_state(us, i, State(FRESH));
            return false;
        }
        if m.kind() == MoveKind::Pass {
            self.halfmoves = self.halfmoves.saturating_sub(1);
            self.set_insanity_state(us, i, State(FRESH));
            return false;
        }
        let left = state.without(m.from());
        let goes_on = left.entry(0).is_some() && !self.teams_decided();
        self.set_insanity_state(us, i, if goes_on { left } else { State(FRESH) });
        goes_on
    }

    /// FEN4's `'insanity'` entries, while a seat's turn of insanity is
    /// under way: `normal` (an ordinary turn), `second` (the second roll
    /// is due), `pick1` to `pick3` (the pieces to name), or the picked
    /// pieces still to move, each its square and the letter of the kind it
    /// moves as, none while its roll is due (`a2n/b1`).
    pub(crate) fn insanity_extra(&self) -> Option<String> {
        if self.rules.insanity_seats == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        self.power_tuple(KEY, Self::insanity, |seat, (i, _)| {
            let state = self.insanity_state(seat, i);
            match state.phase() {
                NORMAL => "normal".to_string(),
                SECOND => "second".to_string(),
                PICK => format!("pick{}", state.allowed()),
                INSANE => state
                    .entries()
                    .map(|(cell, face)| {
                        let mut t = geo.square(cell).to_string();
                        if face != UNROLLED {
                            t.push(FACE_LETTERS[face as usize - 1]);
                        }
                        t
                    })
                    .collect::<Vec<_>>()
                    .join("/"),
                _ => String::new(),
            }
        })
    }

    /// Read the `'insanity'` entries: only the seat to move's turn may be
    /// under way; its picked pieces are pieces it commands, one to three,
    /// in board order, the rolled ones first.
    pub(crate) fn read_insanity_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let insanity = |p: &Self, seat| p.insanity(seat).map(|(i, _)| i);
        for (seat, text, i) in self.power_texts(entries, (KEY, key_at), "insanity", insanity)? {
            if seat != self.turn {
                return Err(bad(format!(
                    "seat {} is not to move: only the seat to move has a turn of insanity under way, in '{KEY}'",
                    seat.0 + 1
                )));
            }
            let state = match text {
                "normal" => State(NORMAL),
                "second" => State(SECOND),
                "pick1" => State::picking(1),
                "pick2" => State::picking(2),
                "pick3" => State::picking(3),
                _ => self.read_insane_pieces(seat, text).map_err(|why| {
                    bad(format!(
                        "'{text}' in '{KEY}': 'normal', 'second', 'pick1' to 'pick3', or seat {}'s picked pieces ({why})",
                        seat.0 + 1
                    ))
                })?,
            };
            self.set_insanity_state(seat, i, state);
        }
        Ok(())
    }

    /// The picked pieces of `a2n/b1`: what is wrong with them, if anything.
    fn read_insane_pieces(&self, seat: Seat, text: &str) -> Result<State, String> {
        let geo = &self.variant().geometry;
        let mine = self.commanded_pieces(seat);
        let mut state = State(INSANE);
        let mut last: Option<u8> = None;
        let mut rolled = true;
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() > MAX_PICKS {
            return Err(format!("at most {MAX_PICKS} pieces"));
        }
        for (j, part) in parts.iter().enumerate() {
            let (sq, n) = Square::parse_prefix(part).ok_or("a square per piece")?;
            let cell = geo.cell(sq).ok_or("a square of the board")?;
            if !mine.has(cell) {
                return Err(format!("no piece of the seat on {sq}"));
            }
            if last.is_some_and(|l| l >= cell) {
                return Err("the pieces in board order, each once".into());
            }
            last = Some(cell);
            let face = match &part[n..] {
                "" => UNROLLED,
                l => {
                    let letter = l.chars().next().filter(|_| l.len() == 1);
                    let k = letter
                        .and_then(|c| FACE_LETTERS.iter().position(|&f| f == c))
                        .ok_or("a kind among p, n, b, r, q, k after a square")?;
                    if !rolled {
                        return Err("the rolled pieces first".into());
                    }
                    k as u8 + 1
                }
            };
            rolled &= face != UNROLLED;
            state = state.with_entry(j, cell, face);
        }
        Ok(state)
    }
}
