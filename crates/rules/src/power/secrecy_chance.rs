//! `secrecy` in a view: a challenge of a move whose truth the viewer
//! cannot know is chance (design in `docs/architecture.md`, "The Soviet
//! challenge window").
//!
//! - **What a view knows of a window.** Which cards of the deck could
//!   have made the window's move from its square, by the occupancy every
//!   seat sees (a bit per card, the power's third slot, `could`): noted
//!   when a stand-in moves in the view, and by [`Position::learn_windows`]
//!   from the record before a view game's start. The true position never
//!   holds it (its window knows the truth), so its texts, records and
//!   perft are as they were.
//! - **A challenge there is chance.** In a view that knows `could` (and
//!   the bluff is not a sure one), `challenge@c3` leaves the window's slot
//!   `PENDING` with its cell and the turn with the challenger; the
//!   position's chance step then draws the card: one outcome per card of
//!   the deck that may lie there (`roll=k`, the deck's `k`-th card),
//!   weighted by [`Position::challenge_weight`]. A card in `could` makes
//!   it a legal move (the piece turns into the card's kind, the
//!   challenger's turn is over); any other a bluff (the piece is removed,
//!   the King card's loss puts its seat out, the challenger plays on).
//! - **The weights** are what the seat can count: of the deck, the cards
//!   not turned up on the board (the seat's pieces of the kinds the cards
//!   turn into); the royal card is surely among the face-down pieces while
//!   none of those is royal, so each of them is one of the `n` face-down
//!   pieces, and the others share the remaining places by their counts
//!   (cards taken or removed face down count as unknown: every card that
//!   left is as likely to have been any other). A promoted pawn card
//!   counts as the kind it became.

use super::secrecy::{BLUFF, CELL, Compiled, MAX_CARDS, OPEN, SURE};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, Seat};
use crate::position::Position;

/// Window slot, with `OPEN` clear: a challenge of the window on `CELL`
/// waits for its card to be drawn (a view's only).
const PENDING: u8 = BLUFF;

/// The power's slot, after its index, of the cards that could have made
/// the window's move.
const COULD: usize = 2;

impl<B: HasSliders> Position<B> {
    /// Whether a challenge of `seat`'s window (its power at `i`) on `cell`
    /// is chance here: a view's, of a stand-in, whose cards that could
    /// have made the move are known (none would be a sure bluff).
    pub(crate) fn challenge_is_chance(&self, seat: Seat, i: usize, cell: u8) -> bool {
        let Some((_, s)) = self.secrecy_power(seat) else {
            return false;
        };
        self.slot(seat, i + 1) & SURE == 0
            && self.slot(seat, i + COULD) != 0
            && self.piece_at(cell).is_some_and(|p| p.kind == s.stand_in)
            && self.outcome_weights(seat, &s).iter().any(|&w| w > 0)
    }

    /// The window on `cell` is challenged: its card is to be drawn.
    pub(super) fn pend_challenge(&mut self, seat: Seat, i: usize, cell: u8) {
        self.set_slot(seat, i, PENDING | cell);
    }

    /// The challenge waiting for its card: the challenged seat, its
    /// power's index and rules, and the cell.
    fn pending_challenge(&self) -> Option<(Seat, usize, Compiled<B>, u8)> {
        (0..self.rules.seats()).map(Seat).find_map(|g| {
            let (i, s) = self.secrecy_power(g)?;
            let w = self.slot(g, i);
            (w & (OPEN | PENDING) == PENDING).then_some((g, i, s, w & CELL))
        })
    }

    /// The number of the pending challenge's outcomes, if one is pending
    /// (a chance step: its legal moves are the outcomes).
    pub(crate) fn challenge_due(&self) -> Option<u8> {
        let (g, _, s, _) = self.pending_challenge()?;
        let n = self
            .outcome_weights(g, &s)
            .iter()
            .filter(|&&w| w > 0)
            .count();
        Some(n as u8)
    }

    /// Where a challenge is pending, its outcomes are the only moves: `true`.
    pub(crate) fn generate_challenge_outcomes<S: Sink<B>>(&self, sink: &mut S) -> bool {
        let Some((g, _, s, _)) = self.pending_challenge() else {
            return false;
        };
        for (k, &w) in self.outcome_weights(g, &s).iter().enumerate() {
            if w > 0 {
                sink.one(Move::new(0, 0, MoveKind::Roll(k as u8 + 1)));
            }
        }
        true
    }

    /// The weight of the outcome `m` of the pending challenge (its chance
    /// is the weight over the outcomes' sum), if `m` is one.
    pub(crate) fn challenge_weight(&self, m: Move) -> Option<u32> {
        let MoveKind::Roll(face) = m.kind() else {
            return None;
        };
        let (g, _, s, _) = self.pending_challenge()?;
        let k = usize::from(face).checked_sub(1).filter(|&k| k < s.count)?;
        Some(self.outcome_weights(g, &s)[k])
    }

    /// Whether `m` is an outcome of a pending challenge.
    pub(crate) fn is_challenge_outcome(&self, m: Move) -> bool {
        matches!(m.kind(), MoveKind::Roll(_)) && self.pending_challenge().is_some()
    }

    /// Whether the outcome `m` of the pending challenge is a bluff's (the
    /// challenger's turn goes on).
    pub(crate) fn outcome_goes_on(&self, m: Move) -> bool {
        let (MoveKind::Roll(face), Some((g, i, _, _))) = (m.kind(), self.pending_challenge())
        else {
            return false;
        };
        face >= 1 && self.slot(g, i + COULD) & (1 << (face - 1)) == 0
    }

    /// Play the outcome `m` (the window's card is the deck's card
    /// `face - 1`): a legal move's piece turns into the card's kind, a
    /// bluff's is removed. Whether the challenger's turn goes on.
    pub(crate) fn play_challenge_outcome(&mut self, m: Move) -> bool {
        let goes_on = self.outcome_goes_on(m);
        let (MoveKind::Roll(face), Some((g, i, s, cell))) = (m.kind(), self.pending_challenge())
        else {
            return false;
        };
        self.close_window(g, i);
        let k = usize::from(face).saturating_sub(1).min(s.count - 1);
        let Some(p) = self.piece_at(cell) else {
            return false;
        };
        if !goes_on {
            self.remove(p, cell);
            self.put(
                Piece {
                    seat: p.seat,
                    kind: s.cards[k].1,
                },
                cell,
            );
            return false;
        }
        let royal = self.rules.variant.pieces[s.cards[k].0.idx()].royal;
        self.lose_bluffer(g, cell, p, royal);
        true
    }

    /// Per card of `seat`'s deck, the weight of its being the card of a
    /// face-down piece, as the position shows the board: the royal cards
    /// not turned up are among the `n` face-down pieces for sure (weight
    /// `other` each, of `n * other`), and the other cards not turned up
    /// (`other` of them) share the `n - royal` places left alike.
    fn outcome_weights(&self, seat: Seat, s: &Compiled<B>) -> [u32; MAX_CARDS] {
        let mine = self.by_seat[seat.idx()];
        let n = (self.union_of(1 << s.stand_in.0) & mine).count();
        let mut left = [0u32; MAX_CARDS];
        let (mut royal, mut other) = (0u32, 0u32);
        for (k, &(card, kind)) in s.cards[..s.count].iter().enumerate() {
            let up = (self.union_of(1 << kind.0) & mine).count();
            left[k] = u32::from(s.deck[k]).saturating_sub(up);
            if self.rules.variant.pieces[card.idx()].royal {
                royal += left[k];
            } else {
                other += left[k];
            }
        }
        let places = n.saturating_sub(royal);
        let mut w = [0u32; MAX_CARDS];
        for (k, &(card, _)) in s.cards[..s.count].iter().enumerate() {
            w[k] = if self.rules.variant.pieces[card.idx()].royal {
                left[k] * other.max(1)
            } else {
                left[k] * places
            };
        }
        w
    }

    /// Tell this view (of `viewer`) the record before it, newest step
    /// last (`before` each step's position, `m` its move): each open
    /// window of another seat learns which cards could have made its
    /// move, from the viewer's view of the position it was made in.
    /// Looks back only as far as each such seat's last step.
    pub fn learn_windows<'a>(
        &mut self,
        viewer: Option<Seat>,
        record: impl DoubleEndedIterator<Item = (&'a Position<B>, Option<Move>)>,
    ) where
        B: 'a,
    {
        if self.rules.secret_seats == 0 {
            return;
        }
        let mut unknown = 0u8;
        for g in (0..self.rules.seats()).map(Seat) {
            if let Some((i, _)) = self.secrecy_power(g)
                && self.window_of(g).is_some()
                && self.slot(g, i) & BLUFF == 0
                && self.slot(g, i + 1) & SURE == 0
                && self.slot(g, i + COULD) == 0
            {
                unknown |= 1 << g.0;
            }
        }
        for (before, m) in record.rev() {
            if unknown == 0 {
                break;
            }
            let g = before.turn;
            let Some(m) = m.filter(|_| unknown & (1 << g.0) != 0) else {
                continue;
            };
            unknown &= !(1 << g.0);
            self.learn_window(g, &before.seen_by(viewer), m);
        }
    }

    /// FEN4's view-only part of `seat`'s window (its power at `i`): `=`
    /// and the letters of the kinds of the cards that could have made its
    /// move, then `?` where a challenge of it waits for its card (the
    /// window is shut then, so its square is written here). Empty in a
    /// true position.
    pub(super) fn window_view_text(&self, seat: Seat, i: usize, s: &Compiled<B>) -> String {
        let (w, could) = (self.slot(seat, i), self.slot(seat, i + COULD));
        let pending = w & (OPEN | PENDING) == PENDING;
        let mut text = String::new();
        if pending {
            let geo = &self.variant().geometry;
            text += &format!("@{}", geo.square(w & CELL));
        }
        if could != 0 {
            text.push('=');
            for (k, &(_, kind)) in s.cards[..s.count].iter().enumerate() {
                if could & (1 << k) != 0 {
                    text.push(self.variant().piece(kind).letter);
                }
            }
        }
        if pending {
            text.push('?');
        }
        text
    }

    /// Read a view's part of `seat`'s window (after `=`): the letters of
    /// the cards that could have made its move, then maybe `?`. The
    /// window (`@` and its square, no `!` or `*`) is read already.
    pub(super) fn read_window_view(
        &mut self,
        seat: Seat,
        i: usize,
        s: &Compiled<B>,
        text: &str,
    ) -> Result<(), String> {
        let (letters, pending) = match text.strip_suffix('?') {
            Some(l) => (l, true),
            None => (text, false),
        };
        let Some(cell) = self.window_of(seat) else {
            return Err("the cards that could have moved need a window ('@' and a square)".into());
        };
        let mut could = 0u8;
        for l in letters.chars() {
            let k = s.cards[..s.count]
                .iter()
                .position(|&(_, kind)| self.variant().piece(kind).letter == l)
                .ok_or_else(|| format!("'{l}' is not the letter of a card's kind"))?;
            could |= 1 << k;
        }
        if could == 0 {
            return Err("'=' names no card that could have moved".into());
        }
        let hidden = self.piece_at(cell).is_some_and(|p| p.kind == s.stand_in);
        if !hidden {
            return Err("the window's piece is no stand-in (a view's only)".into());
        }
        self.set_slot(seat, i + COULD, could);
        if pending {
            self.set_slot(seat, i, PENDING | cell);
        }
        Ok(())
    }

    /// `seat`'s open window learns which cards could have made its move
    /// `m`, made in `before` (a view), if `m` is that move.
    fn learn_window(&mut self, seat: Seat, before: &Position<B>, m: Move) {
        let (Some((i, s)), Some(cell)) = (self.secrecy_power(seat), self.window_of(seat)) else {
            return;
        };
        let hidden = self.piece_at(cell).is_some_and(|p| p.kind == s.stand_in);
        if !hidden || m.kind() != MoveKind::Normal || m.to() != cell {
            return;
        }
        if let Some(could) = before.cards_moving_so(m, &s)
            && could != 0
        {
            self.set_slot(seat, i + COULD, could);
        }
    }
}
