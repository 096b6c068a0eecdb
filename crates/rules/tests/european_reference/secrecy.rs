//! The Soviet Union's secrecy, the long way: "Eight face-down cards sit
//! under your 8 pieces: 3 Pawn, 2 Knight, 2 Bishop, 1 King. Only you may
//! look. Each card is that piece's true identity. On your first three
//! turns you may not capture anything outside your 3x5. You may move any
//! piece anywhere. Any player may challenge the move: the card is
//! revealed. If the move was illegal, you lose the piece. If it was legal,
//! the challenger misses their next turn. You must announce when you check
//! a king (or when a king steps into check from your piece). If you don't,
//! that piece may not capture that king. A captured piece's card is
//! revealed. If it was the King card you are mated: every card is turned
//! over, the pieces become their real types and go to the player who
//! mated you."
//!
//! As decided (`docs/nations.md`, the Soviet Union's row; the
//! architecture's "The Soviet challenge window"):
//! - a face-down piece is a kind of its own per card; every other seat
//!   sees it as the stand-in, which attacks nothing and keeps the seat in;
//!   the others move by that view;
//! - the first turn begins with the deal: a step per card kind but the
//!   last, naming the cells of that kind's cards (`secrecy@d2`,
//!   `secrecy@a1b2`; with none of the kind left, or more than two, one
//!   step that moves nothing, `secrecy@a1`), the rest for the last kind;
//! - a bluff: a face-down piece of the seat's own army to any cell where
//!   its card's moves do not go, not held by its side nor by a piece that
//!   counts as royal, a pawn card not into its promotion zone; the text is
//!   the ordinary move's, and every filter of the seat's moves judges it;
//! - no move of the seat takes a piece outside its 3x5 while it has taken
//!   fewer than three turns;
//! - the window of a face-down piece's move (not a promotion, which turns
//!   the card) runs to the seat's next step; every other seat may begin
//!   any step of its turn inside it with `challenge@<cell>`: a bluff's
//!   piece is removed (the King card so lost: the seat is out, its armies
//!   the challenger's) and the challenger plays on; a legal move's card is
//!   turned over and the challenger's turn ends as a pass would end it;
//! - its checks are always announced, as it sees the board: after its
//!   turn the seats whose last royal piece it attacks, after any other
//!   seat's turn those added; a capture of a last royal piece needs the
//!   announcement;
//! - a seat taken over has every card turned over.

use super::powers::RefPower;
use super::{Piece, Ref, Sq, in_area, parse, square, squares};

/// A secret seat's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Secrecy {
    /// The first turn is over (the cards were dealt then).
    pub dealt: bool,
    /// The deal's steps taken, before the first turn ends.
    pub step: u8,
    /// The turns taken, up to the power's count.
    pub turns: u8,
    /// The open window: the cell of the piece that moved, and whether its
    /// move was a bluff (known in the true position only).
    pub window: Option<(Sq, bool)>,
    /// The open window's bluff is a sure one: no card of the deck makes
    /// that move, so every seat knows it.
    pub sure: bool,
}

/// What a challenge found, and the position after it.
pub enum Challenged {
    /// A bluff: its piece removed, the challenger's turn goes on.
    Caught(Ref),
    /// A legal move: its card turned, the challenger's turn to end.
    Legal(Ref),
}

/// The seat letters of FEN4's `'declared'`, in seat order.
const SEAT_LETTERS: [char; 4] = ['r', 'b', 'y', 'g'];

/// The power's parameters, borrowed.
struct Cards<'a> {
    stand_in: char,
    cards: &'a [(char, char)],
    area: super::Rect,
    turns: u8,
}

impl Ref {
    /// The seat's secrecy power, if it has one.
    fn secrecy(&self, seat: usize) -> Option<Cards<'_>> {
        self.powers(seat).iter().find_map(|p| match p {
            RefPower::Secrecy {
                stand_in,
                cards,
                area,
                turns,
            } => Some(Cards {
                stand_in: *stand_in,
                cards,
                area: *area,
                turns: *turns,
            }),
            _ => None,
        })
    }

    /// Whether `letter` is a stand-in of a secret seat of the line-up (it
    /// keeps its army's seat in, as a royal piece does).
    /// Whether `p` is a face-down card or a view's stand-in for one.
    pub(super) fn is_face_down(&self, p: super::Piece) -> bool {
        self.turned(p.army, p.kind).is_some()
            || self.secrecy(p.army).is_some_and(|c| c.stand_in == p.kind)
    }

    pub(super) fn is_stand_in(&self, letter: char) -> bool {
        (0..4).any(|s| self.secrecy(s).is_some_and(|c| c.stand_in == letter))
    }

    /// The kind the card `letter` of `seat` turns into, if it is one.
    fn turned(&self, seat: usize, letter: char) -> Option<char> {
        let c = self.secrecy(seat)?;
        c.cards.iter().find(|&&(k, _)| k == letter).map(|&(_, b)| b)
    }

    /// The squares of `seat`'s face-down pieces (cards of its own army),
    /// in board order.
    pub(super) fn face_down(&self, seat: usize) -> Vec<Sq> {
        self.pieces()
            .filter(|&(_, p)| p.army == seat && self.turned(seat, p.kind).is_some())
            .map(|(sq, _)| sq)
            .collect()
    }

    /// Whether some other seat's face-down card is hidden from `viewer`.
    pub(super) fn cards_hidden_from(&self, viewer: usize) -> bool {
        (0..4).any(|g| g != viewer && !self.face_down(g).is_empty())
    }

    /// `viewer`'s view of the cards: every other seat's face-down pieces
    /// as its stand-in, and whether their moves were bluffs unknown.
    pub(super) fn mask_cards(&mut self, viewer: usize) {
        for g in (0..4).filter(|&g| g != viewer) {
            let Some(stand_in) = self.secrecy(g).map(|c| c.stand_in) else {
                continue;
            };
            for sq in self.face_down(g) {
                self.set(
                    sq,
                    Some(Piece {
                        army: g,
                        kind: stand_in,
                    }),
                );
            }
            // A sure bluff stays known.
            if let Some((sq, _)) = self.secret[g].window
                && !self.secret[g].sure
            {
                self.secret[g].window = Some((sq, false));
            }
        }
    }

    // ------------------------------------------------------------ the deal

    /// The deal's step due for the seat to move: the index of the card
    /// kind it places now, while its first turn has not ended and before
    /// the last kind.
    fn deal_due(&self) -> Option<usize> {
        let us = self.turn;
        let c = self.secrecy(us)?;
        let s = self.secret[us];
        let step = s.step as usize;
        (!s.dealt && s.turns == 0 && self.commander[us] == us && step + 1 < c.cards.len())
            .then_some(step)
    }

    /// The squares of the seat's cards not placed before step `step`, and
    /// the number of them of that step's kind.
    fn unplaced(&self, us: usize, step: usize) -> (Vec<Sq>, usize) {
        let c = self.secrecy(us).expect("a secret seat");
        let placed: Vec<char> = c.cards[..step].iter().map(|&(k, _)| k).collect();
        let card = c.cards[step].0;
        let free: Vec<Sq> = self
            .face_down(us)
            .into_iter()
            .filter(|&sq| !placed.contains(&self.at(sq).expect("a card").kind))
            .collect();
        let count = free
            .iter()
            .filter(|&&sq| self.at(sq).is_some_and(|p| p.kind == card))
            .count();
        (free, count)
    }

    /// The deal's steps, if one is due.
    pub(super) fn deal_steps(&self) -> Option<Vec<String>> {
        let step = self.deal_due()?;
        let (free, count) = self.unplaced(self.turn, step);
        let mut out = Vec::new();
        for (i, &a) in free.iter().enumerate() {
            match count {
                1 => out.push(format!("secrecy@{}", square(a))),
                2 => {
                    for &b in &free[i + 1..] {
                        out.push(format!("secrecy@{}{}", square(a), square(b)));
                    }
                }
                _ => {}
            }
        }
        // None of the kind left (taken before the deal): a step that
        // places nothing.
        if count == 0 || count > 2 {
            out.push("secrecy@a1".to_string());
        }
        Some(out)
    }

    /// Whether `m` is a step of the seat to move's deal.
    pub(super) fn is_deal_step(&self, m: &str) -> bool {
        m.starts_with("secrecy@") && self.deal_due().is_some()
    }

    /// The deal's step `m` played: the cards of the step's kind go to the
    /// cells named, each swapped with the first (in board order) card of
    /// that kind on a cell not named; the turn goes on.
    pub(super) fn deal_step(&self, m: &str) -> Ref {
        let us = self.turn;
        let step = self.deal_due().expect("a deal step due");
        let (free, count) = self.unplaced(us, step);
        let card = self.secrecy(us).expect("a secret seat").cards[step].0;
        let named = squares(&m["secrecy@".len()..]);
        let mut next = self.clone();
        if (1..=2).contains(&count) {
            for &target in &named {
                let here = next.at(target).expect("a card to swap");
                if here.kind == card {
                    continue;
                }
                let spare = free.iter().copied().find(|&sq| {
                    !named.contains(&sq) && next.at(sq).is_some_and(|p| p.kind == card)
                });
                if let Some(spare) = spare {
                    let there = next.at(spare);
                    next.set(target, there);
                    next.set(spare, Some(here));
                }
            }
        }
        next.secret[us].step += 1;
        next
    }

    // -------------------------------------------------------------- bluffs

    /// The bluffs of the seat to move (in its view), as (from, to): each
    /// face-down piece of its own army to every cell its card's moves do
    /// not reach, not held by its side nor by a piece that counts as
    /// royal, a pawn card not into its promotion zone.
    pub(super) fn bluff_pairs(&self) -> Vec<(Sq, Sq)> {
        let us = self.turn;
        if self.secrecy(us).is_none() || self.commander[us] != us {
            return Vec::new();
        }
        let ordinary = self.piece_moves();
        let mut out = Vec::new();
        for from in self.face_down(us) {
            let p = self.at(from).expect("a card");
            for r in 0..8 {
                for f in 0..8 {
                    let to = (f, r);
                    let open = match self.at(to) {
                        None => true,
                        Some(q) => !self.friendly(q, us) && !self.counts_as_royal(q),
                    };
                    let zone = self.kind(p.kind).pawn && self.promotes_on(p, to);
                    if to != from && open && !zone && !ordinary.contains(&(from, to)) {
                        out.push((from, to));
                    }
                }
            }
        }
        out
    }

    /// Whether the seat to move's piece move `m` is a bluff: a face-down
    /// piece of its own army going where its card's moves (as it sees the
    /// board) do not.
    pub(super) fn is_bluff(&self, m: &str) -> bool {
        let us = self.turn;
        if self.secrecy(us).is_none() || !m.as_bytes()[1].is_ascii_digit() {
            return false;
        }
        let p = parse(m);
        if !self.face_down(us).contains(&p.from) || self.commander[us] != us {
            return false;
        }
        let view = if self.sees_all(us) {
            self.clone()
        } else {
            self.view_of(us)
        };
        !view.piece_moves().contains(&(p.from, p.to))
    }

    /// Whether no card of the seat to move's deck, on `from`, could move to
    /// `to` (by the board's occupancy): a sure bluff.
    fn no_card_moves_so(&self, from: Sq, to: Sq) -> bool {
        let us = self.turn;
        let p = self.at(from).expect("a card");
        let cards: Vec<char> = self
            .secrecy(us)
            .map(|c| c.cards.iter().map(|&(k, _)| k).collect())
            .unwrap_or_default();
        !cards.into_iter().any(|kind| {
            let mut probe = self.clone();
            probe.set(from, Some(Piece { army: p.army, kind }));
            probe.piece_moves().contains(&(from, to))
        })
    }

    /// Whether the seat to move may not play the piece move `m` now (in
    /// its view): on its first turns it takes a piece outside its 3x5, or
    /// it takes a last royal piece whose check it did not announce.
    pub(super) fn secrecy_bars(&self, m: &str) -> bool {
        let us = self.turn;
        let Some(c) = self.secrecy(us) else {
            return false;
        };
        if !m.as_bytes()[1].is_ascii_digit() || super::deploy::is_drop(m) {
            return false;
        }
        let to = parse(m).to;
        let Some(victim) = self.at(to) else {
            return false;
        };
        let early = self.secret[us].turns < c.turns && !in_area(us, c.area, to);
        let unannounced =
            self.counts_as_royal(victim) && self.declared[us] & (1 << victim.army) == 0;
        early || unannounced
    }

    // ---------------------------------------------------------- challenges

    /// The challenges the seat to move may make: one per other seat's open
    /// window.
    pub(super) fn challenges(&self) -> Vec<String> {
        let us = self.turn;
        (0..4)
            .filter(|&g| g != us && self.secrecy(g).is_some())
            .filter_map(|g| self.secret[g].window)
            .map(|(sq, _)| format!("challenge@{}", square(sq)))
            .collect()
    }

    /// The challenge `m` played. A bluff caught: its piece is removed (a
    /// loss to its player; the King card so lost puts the seat out, its
    /// armies the challenger's) and the turn goes on. A legal move: the
    /// card turned over, the turn to end as a pass.
    pub(super) fn challenge(&self, m: &str) -> Challenged {
        let us = self.turn;
        let sq = squares(&m["challenge@".len()..])[0];
        let g = (0..4)
            .find(|&g| g != us && self.secret[g].window.is_some_and(|(w, _)| w == sq))
            .expect("an open window");
        let bluff = self.secret[g].window.expect("a window").1;
        let mut next = self.clone();
        next.secret[g].window = None;
        next.secret[g].sure = false;
        let p = self.at(sq).expect("the piece that moved");
        if !bluff {
            if let Some(kind) = self.turned(g, p.kind) {
                next.set(sq, Some(Piece { army: p.army, kind }));
            }
            return Challenged::Legal(next);
        }
        next.set(sq, None);
        next.count_loss(Some(us), self.owner(p));
        if self.kind(p.kind).royal && next.royals(p.army) == 0 {
            let loser = self.commander[p.army];
            for a in 0..4 {
                if next.commander[a] == loser {
                    next.commander[a] = us;
                }
            }
        }
        next.settle_secrecy();
        // The piece's marks go with it, and those of the cards turned over
        // when the King card was lost (each a piece changed).
        if next.idle_watched() {
            next.clear_idle_since(self);
        }
        next.fierce_changes(self);
        next.militia_marks_follow(self, None);
        next.trench_changes(self, None);
        Challenged::Caught(next)
    }

    // ---------------------------------------------------- turns and checks

    /// The end of `us`'s turn, whose move `m` was played from `self`
    /// (`next` after it): a turn counted, its cards dealt, and a window
    /// opened on the cell of a face-down piece that moved (not by a
    /// promotion), a bluff noted.
    pub(super) fn end_secret_turn(&self, m: &str, next: &mut Ref) {
        let us = self.turn;
        let Some(c) = self.secrecy(us) else {
            return;
        };
        let s = &mut next.secret[us];
        s.turns = (s.turns + 1).min(c.turns);
        s.dealt = true;
        s.step = 0;
        s.window = None;
        s.sure = false;
        let piece_move = m != "0000" && m.as_bytes()[1].is_ascii_digit();
        if !piece_move || super::deploy::is_drop(m) {
            return;
        }
        let p = parse(m);
        if p.promo.is_none() && next.face_down(us).contains(&p.to) {
            let bluff = self.is_bluff(m);
            next.secret[us].window = Some((p.to, bluff));
            next.secret[us].sure = bluff && self.no_card_moves_so(p.from, p.to);
        }
    }

    /// After any step: a seat taken over has every card turned over; a
    /// window whose piece left its cell closes.
    pub(super) fn settle_secrecy(&mut self) {
        for g in 0..4 {
            if self.secrecy(g).is_none() {
                continue;
            }
            if self.commander[g] != g {
                for sq in self.face_down(g) {
                    let p = self.at(sq).expect("a card");
                    let kind = self.turned(g, p.kind).expect("a card's kind");
                    self.set(sq, Some(Piece { army: p.army, kind }));
                }
            }
            if let Some((sq, _)) = self.secret[g].window
                && !self.face_down(g).contains(&sq)
            {
                self.secret[g].window = None;
                self.secret[g].sure = false;
            }
        }
    }

    /// The armies whose last royal piece a piece `seat` commands attacks,
    /// a bit each, as `seat` sees the board.
    fn checked_by(&self, seat: usize) -> u8 {
        if !self.sees_all(seat) {
            return self.view_of(seat).checked_by(seat);
        }
        let mut set = 0;
        for e in (0..4).filter(|&e| self.team[e] != self.team[seat]) {
            let royals: Vec<Sq> = self
                .pieces()
                .filter(|&(_, p)| p.army == e && self.kind(p.kind).royal)
                .map(|(sq, _)| sq)
                .collect();
            if royals.len() != 1 {
                continue;
            }
            let attacked = self
                .pieces()
                .filter(|&(_, p)| self.owner(p) == seat)
                .any(|(sq, p)| self.attacks(sq, p).contains(&royals[0]));
            if attacked {
                set |= 1 << e;
            }
        }
        set
    }

    /// After `us`'s turn: every secret seat still its own announces the
    /// kings it attacks; `us`'s announcement is new, the others' grow.
    pub(super) fn announce(&mut self, us: usize) {
        for g in 0..4 {
            if self.secrecy(g).is_none() || self.commander[g] != g {
                continue;
            }
            let checked = self.checked_by(g);
            self.declared[g] = if g == us {
                checked
            } else {
                self.declared[g] | checked
            };
        }
    }

    /// The FEN4 entries read back: `'secrecy'` (nothing, `deal2`, or the
    /// turns taken, `@` and a window's square, `!` for a bluff) and
    /// `'declared'` (seat letters).
    pub(super) fn read_secrecy(&mut self, seat: usize, entry: &str, declared: &str) {
        self.declared[seat] = declared
            .chars()
            .filter_map(|c| {
                SEAT_LETTERS
                    .iter()
                    .position(|&l| l == c.to_ascii_lowercase())
            })
            .fold(0, |b, s| b | 1 << s);
        if self.secrecy(seat).is_none() {
            return;
        }
        let s = &mut self.secret[seat];
        *s = Secrecy::default();
        if entry.is_empty() {
            return;
        }
        if let Some(step) = entry.strip_prefix("deal") {
            s.step = step.parse().expect("a deal step");
            return;
        }
        s.dealt = true;
        let (body, bluff, sure) = match (entry.strip_suffix('!'), entry.strip_suffix('*')) {
            (Some(b), _) => (b, true, false),
            (_, Some(b)) => (b, true, true),
            _ => (entry, false, false),
        };
        s.sure = sure;
        let (digits, window) = match body.split_once('@') {
            Some((d, w)) => (d, Some(w)),
            None => (body, None),
        };
        s.turns = digits.parse().expect("the turns taken");
        s.window = window.map(|w| (squares(w)[0], bluff));
    }
}
