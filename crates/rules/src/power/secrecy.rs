//! `secrecy`: the seat's pieces are face-down cards, whose true kinds only
//! it sees; it may move any of them anywhere, and any other seat may
//! challenge that move (the Soviet Union; design in `docs/architecture.md`,
//! "Hidden information" and "The Soviet challenge window").
//!
//! - **Cards are kinds.** While its card is face down a piece is of a kind
//!   of its own, one per card (`cards = ["w=p", ...]`: the pawn card, and
//!   the base kind it becomes when turned over). So the true position
//!   carries the cards on its board (hashed, compared, stored); turning a
//!   card over is a change of kind. Every other seat's view
//!   ([`Position::seen_by`]) shows each face-down piece as the stand-in
//!   kind (`stand_in`), which attacks nothing and keeps the seat in the
//!   game.
//! - **Any piece anywhere**: besides its ordinary moves (its card's), a
//!   face-down piece of the seat's own army may go to any cell not held by
//!   a piece of its own side, taking what stands there, but not a piece
//!   that counts as royal (a player out cannot be brought back by a
//!   challenge). Such a bluff carries [`BLUFF_MARK`] as its move's choice
//!   byte, which no text shows; every filter of the seat's moves applies
//!   to it (the opening rule by the true kinds, guards, declared checks).
//! - **The window** of a face-down piece's move (slot `i`: open, the cell
//!   the piece went to, whether it was a bluff, and in the turns slot
//!   whether it was a sure one: a move no card of the deck could make
//!   there, which every seat sees) runs to the seat's next
//!   step. Each other seat may begin its turn inside it with `challenge@c3`
//!   ([`MoveKind::Challenge`]): the card is turned over; a bluff's piece
//!   is removed and the challenger's turn goes on; after a legal move the
//!   challenger's turn is over. The window closes when challenged, when
//!   its piece leaves its cell, and at the seat's next step.
//! - **First turns**: while the seat has taken fewer than `turns` turns
//!   (slot `i + 1`), none of its moves takes a piece outside `area`.
//! - **Announcing**: the seat's checks are declared, always (the kernel's
//!   declared checks, `docs/nations.md`): after its move, and when a king
//!   comes under its attack by another seat's move.
//! - A seat taken over (its King card taken) has every card turned over.
//!
//! FEN4: the board shows the stand-in for every face-down piece, and
//! `'cards':('a1kb1b…','','','')` names, per seat, each face-down piece's
//! square and the letter of the kind its card turns into (a view leaves
//! out the seats it may not see); `'secrecy':('2@c3!','','','')` per seat
//! the turns taken, the open window's square and `!` for a bluff (a view
//! of another seat leaves the `!` out), `*` for a sure bluff (in every
//! view).
//!
//! Parameters: `stand_in` (a letter), `cards` (`"w=p"` pairs: a card's own
//! kind and the kind it turns into), `area` (default `a1-e3`), `turns` (0
//! to 7, default 3).

use super::{Area, Params, Power};
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind, MoveList};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{Kind, Piece, Seat};
use crate::position::Position;
use crate::square::Square;

pub(super) const ID: &str = "secrecy";

/// The FEN4 key of the face-down cards.
pub(crate) const CARDS_KEY: &str = "cards";

/// The FEN4 key of the turns taken and the challenge window.
pub(crate) const KEY: &str = "secrecy";

/// The slots the power keeps: the window, the turns taken, and (in a view
/// only) the cards that could have made the window's move
/// (`secrecy_chance.rs`).
pub(super) const SLOTS: usize = 3;

/// The most cards a nation file may name.
pub(super) const MAX_CARDS: usize = 8;

/// Window slot: a window is open.
pub(super) const OPEN: u8 = 0x80;
/// Window slot: the move was a bluff (the true position only).
pub(super) const BLUFF: u8 = 0x40;
/// Window slot: the cell of the piece that moved.
pub(super) const CELL: u8 = 0x3f;

/// Turns slot: the turns taken.
const TURNS: u8 = 0x07;
/// Turns slot: the cards are dealt.
const DEALT: u8 = 0x08;
/// Turns slot: the deal's step (the card kinds placed so far).
const DEAL_STEP: u8 = 0x70;
/// Turns slot: the open window's bluff is one every seat knows of.
pub(super) const SURE: u8 = 0x80;

/// The choice byte of a bluff: no power reads it, no text writes it.
pub(crate) const BLUFF_MARK: u8 = 0xff;

/// What a move of a face-down piece is, as the position playing it knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bluff {
    /// A move its card allows, or one no one may tell from such a move.
    No,
    /// A move its card does not allow (known to its owner only).
    Yes,
    /// A move no card of the deck could make from that square: every seat
    /// sees it is a bluff.
    Sure,
    /// A move of a stand-in (in a view) that some card could make: the
    /// cards that could, a bit per card of the deck (every seat sees which).
    Unsure(u8),
}

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) stand_in: char,
    pub(super) cards: Vec<(char, char)>,
    area: Area,
    turns: u8,
    /// How many of each card the nation's setup deals (per card, in order).
    deck: Vec<u8>,
}

/// Compiled for one seat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled<B> {
    pub(crate) stand_in: Kind,
    pub(super) cards: [(Kind, Kind); MAX_CARDS],
    pub(super) count: usize,
    /// How many of each card the deck holds.
    pub(super) deck: [u8; MAX_CARDS],
    /// The card kinds, a bit set.
    pub(crate) card_kinds: u16,
    area: B,
    turns: u8,
}

impl Spec {
    pub(super) fn read(p: &Params) -> Result<Spec, (String, String)> {
        let stand_in = p.letter("stand_in")?;
        let bad = |why: &str| ("cards".to_string(), why.to_string());
        let mut cards = Vec::new();
        for text in p.strings("cards")? {
            let pair = text.split_once('=').and_then(|(a, b)| {
                Some((
                    crate::variant::piece_letter(a)?,
                    crate::variant::piece_letter(b)?,
                ))
            });
            let Some((card, kind)) = pair else {
                return Err(bad(&format!(
                    "'{text}' is not a pair of letters like \"w=p\""
                )));
            };
            if card == kind || card == stand_in || kind == stand_in {
                return Err(bad(&format!(
                    "'{text}': a card, the kind it turns into and the stand-in differ"
                )));
            }
            if cards.iter().any(|&(c, _)| c == card) {
                return Err(bad(&format!("'{card}' is named twice")));
            }
            cards.push((card, kind));
        }
        if cards.is_empty() || cards.len() > MAX_CARDS {
            return Err(bad(&format!("one to {MAX_CARDS} cards")));
        }
        Ok(Spec {
            stand_in,
            cards,
            area: p.area("area", Some("a1-e3"))?,
            turns: p.number("turns", 3, 0..=7)?,
            deck: Vec::new(),
        })
    }

    /// The deck: how many of each card the nation's setup deals.
    pub(super) fn with_setup(&mut self, setup: &crate::variant::Setup) {
        self.deck = self
            .cards
            .iter()
            .map(|&(c, _)| setup.iter().filter(|&&(_, l)| l == c).count() as u8)
            .collect();
    }

    /// The stand-in's letter, and the kinds the cards turn into with how
    /// many of each the deck holds.
    pub(super) fn stands_for(&self) -> (char, Vec<(char, u8)>) {
        let kinds = self.cards.iter().map(|&(_, k)| k);
        let counts = kinds.zip(self.deck.iter().copied()).collect();
        (self.stand_in, counts)
    }

    pub(super) fn letters(&self) -> Vec<(&'static str, char)> {
        let mut v = vec![("stand_in", self.stand_in)];
        for &(c, k) in &self.cards {
            v.push(("cards", c));
            v.push(("cards", k));
        }
        v
    }

    pub(super) fn compile<B: HasSliders>(
        &self,
        kind: impl Fn(char) -> Kind,
        area: impl Fn(&Area) -> B,
    ) -> Compiled<B> {
        let mut cards = [(Kind(0), Kind(0)); MAX_CARDS];
        let mut card_kinds = 0u16;
        for (slot, &(c, k)) in cards.iter_mut().zip(&self.cards) {
            *slot = (kind(c), kind(k));
            card_kinds |= 1 << kind(c).0;
        }
        let mut deck = [0u8; MAX_CARDS];
        for (d, &n) in deck.iter_mut().zip(&self.deck) {
            *d = n;
        }
        Compiled {
            stand_in: kind(self.stand_in),
            cards,
            count: self.cards.len(),
            card_kinds,
            deck,
            area: area(&self.area),
            turns: self.turns,
        }
    }
}

impl<B> Compiled<B> {
    /// The kind a card of kind `card` turns into.
    fn turned(&self, card: Kind) -> Option<Kind> {
        self.cards[..self.count]
            .iter()
            .find(|&&(c, _)| c == card)
            .map(|&(_, k)| k)
    }

    /// The card kind that turns into `kind`.
    fn card_of(&self, kind: Kind) -> Option<Kind> {
        self.cards[..self.count]
            .iter()
            .find(|&&(_, k)| k == kind)
            .map(|&(c, _)| c)
    }
}

/// The stand-in kinds of a line-up's compiled powers, a bit set (they keep
/// their seat in the game in a view, as a royal piece does).
pub(crate) fn stand_in_kinds<B: HasSliders>(powers: &[Vec<Power<B>>]) -> u16 {
    powers
        .iter()
        .flatten()
        .filter_map(|p| match p {
            Power::Secrecy(s) => Some(1u16 << s.stand_in.0),
            _ => None,
        })
        .fold(0, |m, k| m | k)
}

impl<B: HasSliders> Position<B> {
    /// `seat`'s secrecy power: its index and rules.
    pub(crate) fn secrecy_power(&self, seat: Seat) -> Option<(usize, Compiled<B>)> {
        if self.rules.secret_seats & (1 << seat.0) == 0 {
            return None;
        }
        self.find_power(seat, |p| match p {
            Power::Secrecy(s) => Some(*s),
            _ => None,
        })
    }

    /// The piece on `cell` as a position's text shows it: a face-down card
    /// as its seat's stand-in.
    pub(crate) fn shown_piece_at(&self, cell: u8) -> Option<Piece> {
        let p = self.piece_at(cell)?;
        if self.rules.secret_seats == 0 {
            return Some(p);
        }
        match self.secrecy_power(p.seat) {
            Some((_, s)) if s.card_kinds & (1 << p.kind.0) != 0 => Some(Piece {
                seat: p.seat,
                kind: s.stand_in,
            }),
            _ => Some(p),
        }
    }

    /// `seat`'s face-down pieces (cards of its own army).
    pub fn face_down(&self, seat: Seat) -> B {
        match self.secrecy_power(seat) {
            Some((_, s)) => self.union_of(s.card_kinds) & self.by_seat[seat.idx()],
            None => B::EMPTY,
        }
    }

    /// Every face-down piece, true or as a view shows it (its stand-in):
    /// what no other seat's knight carries (its kind would be told).
    pub(crate) fn cards_and_stand_ins(&self) -> B {
        let mut cells = B::EMPTY;
        for g in (0..self.rules.seats()).map(Seat) {
            if let Some((_, s)) = self.secrecy_power(g) {
                let kinds = s.card_kinds | 1 << s.stand_in.0;
                cells |= self.union_of(kinds) & self.by_seat[g.idx()];
            }
        }
        cells
    }

    /// The face-down pieces `viewer` may not look at (`None`: a spectator).
    pub(crate) fn cards_hidden_from(&self, viewer: Option<Seat>) -> B {
        if self.rules.secret_seats == 0 {
            return B::EMPTY;
        }
        let mut cells = B::EMPTY;
        for g in (0..self.rules.seats()).map(Seat) {
            if viewer != Some(g) {
                cells |= self.face_down(g);
            }
        }
        cells
    }

    /// `viewer`'s view of the cards: every face-down piece it may not look
    /// at shown as its seat's stand-in, and the others' windows without
    /// whether their moves were bluffs.
    pub(crate) fn mask_cards(&mut self, viewer: Option<Seat>) {
        for g in (0..self.rules.seats()).map(Seat) {
            if viewer == Some(g) {
                continue;
            }
            let Some((i, s)) = self.secrecy_power(g) else {
                continue;
            };
            for cell in self.face_down(g).iter() {
                if let Some(p) = self.piece_at(cell) {
                    self.remove(p, cell);
                    self.put(
                        Piece {
                            seat: g,
                            kind: s.stand_in,
                        },
                        cell,
                    );
                }
            }
            // A bluff every seat knows of stays known.
            let window = self.slot(g, i);
            if window & (OPEN | BLUFF) == OPEN | BLUFF && self.slot(g, i + 1) & SURE == 0 {
                self.set_slot(g, i, window & !BLUFF);
            }
        }
    }

    /// The twin of this true position that the other seats cannot tell
    /// from it: `seat`'s face-down cards on the cells of `order` (a
    /// permutation of its face-down pieces' cells, in board order), the
    /// window's bluff as the twin's cards decide. For the invariant tests.
    pub fn cards_elsewhere(&self, seat: Seat, order: &[u8]) -> Option<Position<B>> {
        let cells: Vec<u8> = self.face_down(seat).iter().collect();
        if cells.len() != order.len() || !order.iter().all(|c| cells.contains(c)) {
            return None;
        }
        let mut twin = self.clone();
        let pieces: Vec<Piece> = cells.iter().filter_map(|&c| self.piece_at(c)).collect();
        for (&c, &p) in cells.iter().zip(&pieces) {
            twin.remove(p, c);
        }
        for (&c, &p) in order.iter().zip(&pieces) {
            twin.put(p, c);
        }
        Some(twin)
    }

    /// The seat to move's face-down pieces that may bluff: those of its own
    /// army, which it commands (a stand-in too, in another seat's view).
    fn bluffers(&self, us: Seat, s: &Compiled<B>) -> B {
        if self.commander_of(us) != us {
            return B::EMPTY;
        }
        self.union_of(s.card_kinds | 1 << s.stand_in.0) & self.by_seat[us.idx()]
    }

    /// The seat to move's bluffs, into `list`, where its ordinary moves
    /// (already in `list`) do not go: each face-down piece to every cell
    /// not held by its side nor by a piece that counts as royal.
    pub(crate) fn generate_bluffs(&self, list: &mut MoveList) {
        let us = self.turn;
        let Some((_, s)) = self.secrecy_power(us) else {
            return;
        };
        let from_cells = self.bluffers(us, &s);
        if from_cells.is_empty() {
            return;
        }
        // Per face-down piece, the cells its ordinary moves reach.
        let mut reached = [(0u8, B::EMPTY); MAX_CARDS * 2];
        for (slot, c) in reached.iter_mut().zip(from_cells.iter()) {
            *slot = (c, B::EMPTY);
        }
        let n = (from_cells.count() as usize).min(reached.len());
        for m in list.iter() {
            if let Some(r) = reached[..n].iter_mut().find(|(c, _)| *c == m.from()) {
                r.1 |= B::bit(m.to());
            }
        }
        let open = self.rules.attacks.playable
            & !(self.occupied() & !self.hostile_to(us))
            & !self.last_royals();
        let pawns = self.union_of(self.rules.pawn_kinds);
        for &(from, ordinary) in &reached[..n] {
            // A pawn card reaches its promotion zone only by promoting (its
            // ordinary moves), which turns the card.
            let zone = if pawns.has(from) {
                self.rules.promotion_zone[us.idx()]
            } else {
                B::EMPTY
            };
            for to in (open & !ordinary & !zone & !B::bit(from)).iter() {
                list.push(Move::new(from, to, MoveKind::Normal).with_choice(BLUFF_MARK));
            }
        }
    }

    /// Whether `m`, a move of the seat to move, is a bluff. In another
    /// seat's view the piece is a stand-in, whose card is unknown there:
    /// its move is a bluff only where no card could make it, and else
    /// the view notes which cards could (a challenge of it is chance
    /// there, `secrecy_chance.rs`).
    pub(crate) fn bluff_of(&self, m: Move) -> Bluff {
        if !matches!(m.kind(), MoveKind::Normal) {
            return Bluff::No;
        }
        let Some((_, s)) = self.secrecy_power(self.turn) else {
            return Bluff::No;
        };
        let stand_in = self
            .piece_at(m.from())
            .is_some_and(|p| p.kind == s.stand_in);
        if m.choice() != BLUFF_MARK && !stand_in {
            return Bluff::No;
        }
        match self.cards_moving_so(m, &s) {
            Some(0) => Bluff::Sure,
            Some(could) if stand_in => Bluff::Unsure(could),
            Some(_) => Bluff::Yes,
            None => Bluff::No,
        }
    }

    /// The cards of the deck that could make the piece move `m` as an
    /// ordinary move (by the occupancy alone, which every seat sees), a
    /// bit per card.
    pub(super) fn cards_moving_so(&self, m: Move, s: &Compiled<B>) -> Option<u8> {
        let p = self.piece_at(m.from())?;
        let mut could = 0u8;
        for (k, &(card, _)) in s.cards[..s.count].iter().enumerate() {
            let mut probe = self.child();
            let q = probe.get_mut();
            q.remove(p, m.from());
            q.put(
                Piece {
                    seat: p.seat,
                    kind: card,
                },
                m.from(),
            );
            let mut list = MoveList::new();
            q.generate_commanded(&mut list);
            if list
                .iter()
                .any(|o| o.from() == m.from() && o.to() == m.to())
            {
                could |= 1 << k;
            }
        }
        Some(could)
    }

    /// The area the seat to move may not capture outside of now (its first
    /// turns), if any.
    pub(crate) fn early_area(&self) -> Option<B> {
        let us = self.turn;
        let (i, s) = self.secrecy_power(us)?;
        (self.slot(us, i + 1) & TURNS < s.turns).then_some(s.area)
    }

    /// Whether the seat to move's move `m` takes a piece outside `area`.
    pub(crate) fn captures_outside(&self, m: Move, area: B) -> bool {
        let victim = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => self.piece_at(m.to()).map(|_| m.to()),
            // The pawn taken stands beside the cell the taker lands on.
            MoveKind::EnPassant => Some(m.to()),
            _ => None,
        };
        victim.is_some_and(|c| !area.has(c))
    }

    /// The challenges the seat to move may make: one per other seat's
    /// open window.
    pub(crate) fn generate_challenges<S: Sink<B>>(&self, sink: &mut S) {
        let us = self.turn;
        for g in (0..self.rules.seats()).map(Seat).filter(|&g| g != us) {
            if let Some(cell) = self.window_of(g) {
                sink.one(Move::new(cell, cell, MoveKind::Challenge));
            }
        }
    }

    /// The cell of `seat`'s open window.
    pub fn window_of(&self, seat: Seat) -> Option<u8> {
        let (i, _) = self.secrecy_power(seat)?;
        let w = self.slot(seat, i);
        (w & OPEN != 0).then_some(w & CELL)
    }

    /// The seat whose window the challenge `m` aims at, with its power.
    pub(super) fn challenged(&self, m: Move) -> Option<(Seat, usize, Compiled<B>)> {
        (0..self.rules.seats())
            .map(Seat)
            .filter(|&g| g != self.turn && self.window_of(g) == Some(m.from()))
            .find_map(|g| self.secrecy_power(g).map(|(i, s)| (g, i, s)))
    }

    /// Whether the challenge `m` catches a bluff, or (in a view, where
    /// the cards that could have made the move are known and the truth is
    /// not) leads to the chance step that draws the card: the
    /// challenger's turn then goes on. A view that does not know which
    /// cards could have made the move takes it as legal.
    pub(crate) fn challenge_goes_on(&self, m: Move) -> bool {
        m.kind() == MoveKind::Challenge
            && self.challenged(m).is_some_and(|(g, i, _)| {
                self.slot(g, i) & BLUFF != 0 || self.challenge_is_chance(g, i, m.from())
            })
    }

    /// Play the challenge `m`: the card is turned over; a bluff's piece is
    /// removed (the challenger takes over a seat so left without royal
    /// pieces). In a view where the move's truth is chance, the card is
    /// drawn next (`secrecy_chance.rs`). Whether the challenger's turn
    /// goes on.
    pub(crate) fn play_challenge(&mut self, m: Move) -> bool {
        let Some((g, i, s)) = self.challenged(m) else {
            return false;
        };
        let cell = m.from();
        if self.slot(g, i) & BLUFF == 0 && self.challenge_is_chance(g, i, cell) {
            self.pend_challenge(g, i, cell);
            return true;
        }
        let bluff = self.slot(g, i) & BLUFF != 0;
        self.close_window(g, i);
        let Some(p) = self.piece_at(cell) else {
            return false;
        };
        if !bluff {
            self.turn_card(cell, p, &s);
            return false;
        }
        let royal = self.rules.variant.pieces[p.kind.idx()].royal;
        self.lose_bluffer(g, cell, p, royal);
        true
    }

    /// A bluff caught: the piece `p` of `seat` on `cell` is removed (no
    /// capture), and a seat so left without its royal card is taken over
    /// by the challenger.
    pub(super) fn lose_bluffer(&mut self, seat: Seat, cell: u8, p: Piece, royal: bool) {
        self.remove(p, cell);
        self.halfmoves = 0;
        if self.rules.neutral_seats != 0 {
            self.count_neutral_loss(Some(self.turn), self.commander_of(p.seat));
        }
        if royal && self.royals(seat).is_empty() {
            self.take_over(seat, self.turn);
        }
        self.settle_secrecy();
    }

    /// Turn the card of the piece `p` on `cell` over.
    fn turn_card(&mut self, cell: u8, p: Piece, s: &Compiled<B>) {
        if let Some(kind) = s.turned(p.kind) {
            self.remove(p, cell);
            self.put(Piece { seat: p.seat, kind }, cell);
        }
    }

    /// The seat `us` begins a step: its own window closes.
    pub(crate) fn close_own_window(&mut self, us: Seat) {
        if let Some((i, _)) = self.secrecy_power(us) {
            self.close_window(us, i);
        }
    }

    /// `seat`'s window (its power at `i`) closes, the mark of a sure bluff
    /// with it.
    pub(super) fn close_window(&mut self, seat: Seat, i: usize) {
        if self.slot(seat, i) != 0 {
            self.set_slot(seat, i, 0);
        }
        // The cards that could have made its move (a view's only).
        if self.slot(seat, i + 2) != 0 {
            self.set_slot(seat, i + 2, 0);
        }
        let counted = self.slot(seat, i + 1);
        if counted & SURE != 0 {
            self.set_slot(seat, i + 1, counted & !SURE);
        }
    }

    /// The end of `us`'s turn, whose move was `m`: a turn counted, the
    /// fifty-move count reset and a window opened if a face-down piece
    /// moved (a bluff noted). A
    /// face-down piece gives no en passant right (it would tell a pawn).
    pub(crate) fn end_secrecy_turn(&mut self, us: Seat, m: Move, bluff: Bluff) {
        let Some((i, s)) = self.secrecy_power(us) else {
            return;
        };
        let counted = self.slot(us, i + 1);
        let turns = (counted & TURNS).saturating_add(1).min(s.turns);
        let next = (counted & !TURNS & !DEAL_STEP) | DEALT | turns;
        if next != counted {
            self.set_slot(us, i + 1, next);
        }
        let hidden = self.union_of(s.card_kinds | 1 << s.stand_in.0) & self.by_seat[us.idx()];
        if matches!(m.kind(), MoveKind::Normal) && hidden.has(m.to()) {
            // Every face-down move resets the fifty-move count, whatever
            // its card: a count that a pawn card's move alone reset would
            // tell every seat which card moved.
            self.halfmoves = 0;
        }
        let moved = matches!(m.kind(), MoveKind::Normal) && self.face_down(us).has(m.to());
        if moved && m.to() <= CELL {
            let bluff_bit = match bluff {
                Bluff::Yes | Bluff::Sure => BLUFF,
                Bluff::No | Bluff::Unsure(_) => 0,
            };
            self.set_slot(us, i, OPEN | m.to() | bluff_bit);
            match bluff {
                Bluff::Sure => self.set_slot(us, i + 1, next | SURE),
                Bluff::Unsure(could) => self.set_slot(us, i + 2, could),
                _ => {}
            }
            self.clear_ep_of(us);
        }
    }

    /// `us` loses its en passant entry.
    fn clear_ep_of(&mut self, us: Seat) {
        let e = self.eps[us.idx()];
        if e != crate::rules::NONE {
            self.hash ^= crate::zobrist::en_passant(e);
            self.eps[us.idx()] = crate::rules::NONE;
        }
    }

    /// After any step: a seat taken over has every card turned over; a
    /// window whose piece left its cell closes.
    pub(crate) fn settle_secrecy(&mut self) {
        for g in (0..self.rules.seats()).map(Seat) {
            let Some((i, s)) = self.secrecy_power(g) else {
                continue;
            };
            if self.commander_of(g) != g {
                for cell in self.face_down(g).iter() {
                    if let Some(p) = self.piece_at(cell) {
                        self.turn_card(cell, p, &s);
                    }
                }
            }
            if let Some(cell) = self.window_of(g)
                && !self.face_down(g).has(cell)
            {
                self.close_window(g, i);
            }
        }
    }

    /// The seats whose last royal piece `seat` attacks, as it sees them: a
    /// face-down King card of another seat is no king to it, so a
    /// declaration tells nothing of the cards.
    pub(crate) fn checked_by_seen(&self, seat: Seat) -> u8 {
        if self.sees_all(Some(seat)) {
            self.checked_by(seat)
        } else {
            self.seen_by(Some(seat)).checked_by(seat)
        }
    }

    /// Announcing: after `us`'s turn, every secret seat declares the kings
    /// its pieces attack now (its own move's checks, and kings that came
    /// under its attack); `us`'s declaration is replaced, the others' grow.
    pub(crate) fn announce_checks(&mut self, us: Seat) {
        for g in (0..self.rules.seats()).map(Seat) {
            if self.secrecy_power(g).is_none() || self.commander_of(g) != g {
                continue;
            }
            let checked = self.checked_by_seen(g);
            let set = if g == us {
                checked
            } else {
                self.declared_of(g.idx()) | checked
            };
            if set != self.declared_of(g.idx()) {
                self.set_declared(g, set);
            }
        }
    }

    /// The deal's step due for the seat to move (the index of the card
    /// kind it places now), if its cards are not dealt yet: the deal is
    /// its first turn's beginning.
    fn deal_due(&self) -> Option<(usize, Compiled<B>, usize)> {
        let us = self.turn;
        let (i, s) = self.secrecy_power(us)?;
        let counted = self.slot(us, i + 1);
        if counted & (DEALT | TURNS) != 0 || self.commander_of(us) != us {
            return None;
        }
        let step = usize::from((counted & DEAL_STEP) >> 4);
        (step + 1 < s.count).then_some((i, s, step))
    }

    /// The face-down cells the deal has not placed before `step`.
    fn unplaced(&self, us: Seat, s: &Compiled<B>, step: usize) -> B {
        let placed = s.cards[..step].iter().fold(0u16, |m, &(c, _)| m | 1 << c.0);
        self.face_down(us) & !self.union_of(placed)
    }

    /// Where the seat to move deals its cards: the steps of the deal, and
    /// nothing else. Step `k` names the cells of the cards of the `k`-th
    /// kind (`secrecy@a1`, `secrecy@b1c1`: one or two cells); the last
    /// kind fills the cells left.
    pub(crate) fn generate_deal<S: Sink<B>>(&self, sink: &mut S) -> bool {
        let Some((i, s, step)) = self.deal_due() else {
            return false;
        };
        let us = self.turn;
        let (card, _) = s.cards[step];
        let free = self.unplaced(us, &s, step);
        let count = (self.union_of(1 << card.0) & free).count();
        for a in free.iter() {
            match count {
                1 => sink.one(Move::power(a, a, i as u8, 0)),
                2 => {
                    for b in free.iter().filter(|&b| b > a) {
                        sink.one(Move::power(a, b, i as u8, 0));
                    }
                }
                _ => {}
            }
        }
        // None of that kind left (taken before the deal): the step passes.
        if count == 0 || count > 2 {
            sink.one(Move::power(0, 0, i as u8, 1));
        }
        true
    }

    /// Whether `m` is a step of the seat to move's deal.
    pub(crate) fn is_deal_step(&self, m: Move) -> bool {
        matches!(m.kind(), MoveKind::Power(p)
            if self.secrecy_power(self.turn).is_some_and(|(i, _)| i == p as usize))
    }

    /// Play `m` if it is a step of the deal: the cards of the step's kind
    /// go to the cells it names (swapped with the cards there), and the
    /// turn stays. Whether it was.
    pub(crate) fn play_deal_step(&mut self, m: Move) -> bool {
        if !self.is_deal_step(m) {
            return false;
        }
        let Some((i, s, step)) = self.deal_due() else {
            return true;
        };
        let us = self.turn;
        if m.payload() == 0 {
            let (card, _) = s.cards[step];
            let free = self.unplaced(us, &s, step);
            for target in [m.from(), m.to()] {
                let Some(here) = self.piece_at(target) else {
                    continue;
                };
                if here.kind == card {
                    continue;
                }
                let spare = self.union_of(1 << card.0) & free;
                let Some(from) = spare.iter().find(|&c| c != m.from() && c != m.to()) else {
                    continue;
                };
                let there = Piece {
                    seat: us,
                    kind: card,
                };
                self.remove(here, target);
                self.remove(there, from);
                self.put(there, target);
                self.put(here, from);
            }
        }
        let counted = self.slot(us, i + 1);
        self.set_slot(us, i + 1, (counted & !DEAL_STEP) | ((step as u8 + 1) << 4));
        true
    }

    /// FEN4's `'cards'` entries: per seat, each face-down piece's square
    /// and the letter of the kind its card turns into.
    pub(crate) fn cards_extra(&self) -> Option<String> {
        if self.rules.secret_seats == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        self.power_tuple(CARDS_KEY, Self::secrecy_power, |seat, (_, s)| {
            self.face_down(seat)
                .iter()
                .filter_map(|c| {
                    let kind = s.turned(self.piece_at(c)?.kind)?;
                    Some(format!(
                        "{}{}",
                        geo.square(c),
                        self.variant().piece(kind).letter
                    ))
                })
                .collect()
        })
    }

    /// FEN4's `'secrecy'` entries: per seat, its turns taken, `@` and the
    /// window's square while one is open, `!` if its move was a bluff.
    pub(crate) fn secrecy_extra(&self) -> Option<String> {
        if self.rules.secret_seats == 0 {
            return None;
        }
        let geo = &self.variant().geometry;
        self.power_tuple(KEY, Self::secrecy_power, |seat, (i, s)| {
            let (w, counted) = (self.slot(seat, i), self.slot(seat, i + 1));
            if counted & DEALT == 0 {
                // Not dealt yet: nothing at the start, then the step.
                return match counted & DEAL_STEP {
                    0 => String::new(),
                    step => format!("deal{}", step >> 4),
                };
            }
            let mut text = (counted & TURNS).to_string();
            if w & OPEN != 0 {
                text += &format!("@{}", geo.square(w & CELL));
                if counted & SURE != 0 {
                    text.push('*');
                } else if w & BLUFF != 0 {
                    text.push('!');
                }
            }
            // A view's own knowledge of the window (none in the truth).
            text += &self.window_view_text(seat, i, &s);
            text
        })
    }

    /// Read the `'cards'` entries: per seat, squares each followed by a
    /// card's letter; each square must hold that seat's stand-in, which
    /// becomes the card.
    pub(crate) fn read_cards_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let texts =
            self.power_texts(entries, (CARDS_KEY, key_at), "secrecy", Self::secrecy_power)?;
        for (seat, text, (_, s)) in texts {
            let mut rest = text;
            while !rest.is_empty() {
                let (sq, n) = Square::parse_prefix(rest).ok_or_else(|| {
                    bad(format!(
                        "'{rest}' in '{CARDS_KEY}': a square then a card's letter, such as a1k"
                    ))
                })?;
                let letter = rest[n..].chars().next().ok_or_else(|| {
                    bad(format!(
                        "'{text}' in '{CARDS_KEY}': {sq} has no card's letter"
                    ))
                })?;
                rest = &rest[n + letter.len_utf8()..];
                let card = self
                    .variant()
                    .pieces
                    .iter()
                    .position(|p| p.letter == letter)
                    .and_then(|k| s.card_of(Kind(k as u8)))
                    .ok_or_else(|| {
                        bad(format!(
                            "'{letter}' in '{CARDS_KEY}' is not a card of seat {}",
                            seat.0 + 1
                        ))
                    })?;
                let cell = self.variant().geometry.cell(sq);
                let stand_in = Piece {
                    seat,
                    kind: s.stand_in,
                };
                match cell {
                    Some(c) if self.piece_at(c) == Some(stand_in) => {
                        self.remove(stand_in, c);
                        self.put(Piece { seat, kind: card }, c);
                    }
                    _ => {
                        return Err(bad(format!(
                            "{sq} in '{CARDS_KEY}' holds no unknown piece of seat {}",
                            seat.0 + 1
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// Read the `'secrecy'` entries: per seat, the turns taken (0 to the
    /// power's), then maybe `@` and an open window's square (a face-down
    /// piece of the seat, or its stand-in in a view), then maybe `!` or
    /// `*`; a view's may end in `=` and the letters of the cards that could
    /// have made the move, then maybe `?` (challenged, its card to draw).
    pub(crate) fn read_secrecy_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let texts = self.power_texts(entries, (KEY, key_at), "secrecy", Self::secrecy_power)?;
        for (seat, entry, (i, s)) in texts {
            let (text, known) = match entry.split_once('=') {
                Some((t, k)) => (t, Some(k)),
                None => (entry, None),
            };
            if let Some(step) = text.strip_prefix("deal") {
                let step = step
                    .parse::<u8>()
                    .ok()
                    .filter(|n| known.is_none() && (1..s.count as u8).contains(n))
                    .ok_or_else(|| {
                        bad(format!(
                            "'{text}' in '{KEY}': a deal's step is 'deal1' to 'deal{}'",
                            s.count - 1
                        ))
                    })?;
                self.set_slot(seat, i, 0);
                self.set_slot(seat, i + 1, step << 4);
                continue;
            }
            let form = || {
                bad(format!(
                    "'{text}' in '{KEY}': the turns taken (0 to {}), maybe '@' and a square, maybe '!' or '*'",
                    s.turns
                ))
            };
            let (body, bluff) = match (text.strip_suffix('!'), text.strip_suffix('*')) {
                (Some(b), _) => (b, Bluff::Yes),
                (_, Some(b)) => (b, Bluff::Sure),
                _ => (text, Bluff::No),
            };
            let (digits, window) = match body.split_once('@') {
                Some((d, w)) => (d, Some(w)),
                None => (body, None),
            };
            let turns = digits
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= s.turns)
                .ok_or_else(form)?;
            if bluff != Bluff::No && window.is_none() {
                return Err(form());
            }
            let mut w = 0u8;
            if let Some(sq) = window {
                let cell = sq
                    .parse::<Square>()
                    .ok()
                    .and_then(|q| self.variant().geometry.cell(q))
                    .ok_or_else(form)?;
                let movable = self.bluffers(seat, &s);
                if !movable.has(cell) || cell > CELL {
                    return Err(bad(format!(
                        "{sq} in '{KEY}' holds no face-down piece of seat {}",
                        seat.0 + 1
                    )));
                }
                w = OPEN | cell | if bluff == Bluff::No { 0 } else { BLUFF };
            }
            let sure = if bluff == Bluff::Sure { SURE } else { 0 };
            self.set_slot(seat, i, w);
            self.set_slot(seat, i + 1, DEALT | turns | sure);
            if let Some(known) = known {
                if bluff != Bluff::No {
                    return Err(form());
                }
                self.read_window_view(seat, i, &s, known)
                    .map_err(|why| bad(format!("'{entry}' in '{KEY}': {why}")))?;
            }
        }
        Ok(())
    }
}
