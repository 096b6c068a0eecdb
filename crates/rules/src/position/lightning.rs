//! European Chess with Lightning: an army's nation changes each time one
//! of its pieces makes or suffers an ordinary capture (a piece move that
//! takes a piece; no power's capture, destroying, pushing or taking over).
//!
//! After such a move the mover's turn ends as usual; then, before the next
//! seat's turn begins (its turn-start powers, the hill), one draw is due
//! for each seat that took part and is still in: the maker's first, then
//! the sufferers' in turn order. A draw is a chance step of the game
//! (`MoveKind::Roll(face)`, written `roll=3`, played by no seat): face `f`
//! of `n` (the deck less the seat's own nation) is the `f`-th card of the
//! deck after leaving that nation out. The seat then plays the drawn nation:
//! its powers, promotions and promotion edge are the new nation's, its
//! pieces keep their kinds, and its powers' state (the seat's slots) starts
//! afresh. The position swaps its compiled rules for those of the new
//! line-up; every line-up of the deck holds the same kinds (the base
//! game's), so the pieces read alike. Decisions: `docs/nations.md`.

use super::Position;
use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::{FenError, FenField, syntax};
use crate::piece::{MAX_SEATS, Seat};
use crate::rules::Rules;
use crate::variant::{MAX_SLOTS, lightning_deck};
use crate::zobrist;
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// FEN4's extras keys: per seat the nation it plays, and the draws due.
const NATIONS_KEY: &str = "nations";
const DRAWS_KEY: &str = "draws";
pub(crate) const KEYS: [&str; 2] = [NATIONS_KEY, DRAWS_KEY];

type Erased = dyn Any + Send + Sync;
/// The base variant's fingerprint, the board's cells and the cards.
type Key = (u64, usize, [u8; MAX_SEATS]);

fn cache() -> &'static Mutex<HashMap<Key, Arc<Erased>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Erased>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The seat whose draw comes next: the first due from the seat in the
/// high bits (the maker) on, in turn order.
fn next_drawer(draws: u8, seats: u8) -> Option<Seat> {
    let from = (draws >> 4) % seats;
    (0..seats)
        .map(|i| Seat((from + i) % seats))
        .find(|s| draws & (1 << s.0) != 0)
}

/// The bits of `Position::packed` that hold the draws due: the seats (low
/// four) and the seat whose draw is next (the two above).
const DRAWS: u8 = 0x3f;

impl<B: HasSliders> Position<B> {
    /// Lightning's draws due: the seats in the low four bits, the seat
    /// drawing next in the two above; zero when none is due.
    #[inline(always)]
    pub(crate) fn draws(&self) -> u8 {
        self.packed & DRAWS
    }

    /// The deck index of the nation `seat` plays.
    pub fn lightning_card(&self, seat: Seat) -> u8 {
        self.rules.lightning_cards[seat.idx()]
    }

    /// The id of the nation each seat plays now: with Lightning the
    /// drawn ones, in a line-up its nations, elsewhere none.
    pub fn nations_now(&self) -> Vec<String> {
        if !self.rules.lightning {
            return self.rules.variant.nations.clone();
        }
        let deck = lightning_deck();
        (0..self.rules.seats())
            .map(|s| deck[self.lightning_card(Seat(s)) as usize].id.clone())
            .collect()
    }

    /// The outcomes of the draw due, if one is: the deck less one card.
    pub(crate) fn draw_due(&self) -> Option<u8> {
        (self.draws() & 0xf != 0).then(|| lightning_deck().len() as u8 - 1)
    }

    /// Where a draw is due, its outcomes are the only moves: `true`.
    pub(crate) fn generate_draws<S: Sink<B>>(&self, sink: &mut S) -> bool {
        let Some(n) = self.draw_due() else {
            return false;
        };
        for face in 1..=n {
            sink.one(Move::new(0, 0, MoveKind::Roll(face)));
        }
        true
    }

    /// The seats whose draws `m`, about to be played by the seat to move,
    /// calls for if it is an ordinary capture: the mover's in the high
    /// four bits, both in the low four; zero for any other move.
    pub(crate) fn capture_draws(&self, m: Move) -> u8 {
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_)) {
            return 0;
        }
        let Some(victim) = self.piece_at(m.to()) else {
            return 0;
        };
        let us = self.turn;
        let sufferer = self.commander_of(victim.seat);
        if sufferer == us {
            return 0;
        }
        (us.0 << 4) | (1 << us.0) | (1 << sufferer.0)
    }

    /// After the turn passed: make the `called` draws due for the seats
    /// still in, unless the game is decided. Whether any is due (the
    /// next turn then begins after the last draw).
    pub(crate) fn call_draws(&mut self, called: u8) -> bool {
        let due = called & 0xf & self.alive_seats();
        if due == 0 || self.teams_decided() {
            return false;
        }
        self.set_draws(due | (called & 0xf0));
        true
    }

    /// Set the draws due, the high bits naming the seat whose draw is
    /// next (so that equal positions hold equal bytes).
    fn set_draws(&mut self, draws: u8) {
        let draws = match next_drawer(draws, self.rules.seats()) {
            Some(next) => (draws & 0xf) | (next.0 << 4),
            None => 0,
        };
        self.hash ^= zobrist::draws(self.draws()) ^ zobrist::draws(draws);
        self.packed = (self.packed & !DRAWS) | draws;
    }

    fn next_drawer(&self) -> Option<Seat> {
        next_drawer(self.draws(), self.rules.seats())
    }

    /// Play the draw showing `face` for the seat whose draw is next; after
    /// the last, the turn of the seat to move begins.
    pub(crate) fn play_draw(&mut self, face: u8) {
        let Some(seat) = self.next_drawer() else {
            return;
        };
        let old = self.lightning_card(seat);
        let k = face.saturating_sub(1);
        let card = if k >= old { k + 1 } else { k };
        if (card as usize) < lightning_deck().len() {
            self.play_nation(seat, card);
        }
        self.set_draws(self.draws() & !(1 << seat.0));
        if self.draws() == 0 {
            self.begin_turn();
        }
    }

    /// `seat` plays the deck's `card` from now on: the rules of the
    /// line-up with it, and its powers' state afresh.
    pub(crate) fn play_nation(&mut self, seat: Seat, card: u8) {
        let mut cards = self.rules.lightning_cards;
        cards[seat.idx()] = card;
        let Some(rules) = self.lineup_rules(cards) else {
            return;
        };
        for slot in 0..MAX_SLOTS {
            self.set_slot(seat, slot, 0);
        }
        self.hash ^= self.lightning_hash();
        self.swap_rules(rules);
        self.hash ^= self.lightning_hash();
    }

    /// Put `rules` in place of the position's. The old rules are not
    /// dropped: a [`super::Child`] is a copy that holds its parent's rules
    /// without a count of its own, and is never dropped; so every rules
    /// a Lightning game plays under stay alive (the cache below keeps
    /// them anyway, and a game's first rules are one per variant).
    fn swap_rules(&mut self, rules: Arc<Rules<B>>) {
        std::mem::forget(std::mem::replace(&mut self.rules, rules));
    }

    /// The compiled rules of this game's line-up with `cards`, compiled
    /// once (the first draw that makes the line-up pays for it) and kept
    /// for the life of the process: a line-up's rules are a few hundred
    /// kilobytes, and a game meets a few of the deck's line-ups.
    fn lineup_rules(&self, cards: [u8; MAX_SEATS]) -> Option<Arc<Rules<B>>> {
        let v = &self.rules.variant;
        let base = v.lineup_base.as_deref().unwrap_or(v).fingerprint;
        let key = (base, B::CELLS, cards);
        let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(rules) = cache.get(&key).and_then(|r| r.clone().downcast().ok()) {
            return Some(rules);
        }
        let lineup = v.with_cards(&cards).ok()?;
        let rules = Arc::new(Rules::<B>::new(lineup).sharing_tables(&self.rules));
        let erased: Arc<Erased> = rules.clone();
        cache.insert(key, erased);
        Some(rules)
    }

    /// The hash of the nations played and the draws due.
    pub(crate) fn lightning_hash(&self) -> u64 {
        (0..self.rules.seats() as usize).fold(zobrist::draws(self.draws()), |h, s| {
            h ^ zobrist::card(s, self.rules.lightning_cards[s])
        })
    }

    /// FEN4's `'nations'` (per seat the id of the nation it plays) and
    /// `'draws'` (per seat `next` for the draw due next, `due` for a later
    /// one) entries.
    pub(crate) fn lightning_extras(&self) -> Vec<String> {
        if !self.rules.lightning {
            return Vec::new();
        }
        let seats = self.rules.seats();
        let ids = self.nations_now();
        let mut keys: Vec<String> = crate::notation::fen4::seat_tuple(NATIONS_KEY, &ids)
            .into_iter()
            .collect();
        let next = self.next_drawer();
        let draws: Vec<String> = (0..seats)
            .map(|s| match self.draws() & (1 << s) != 0 {
                false => String::new(),
                true if Some(Seat(s)) == next => "next".into(),
                true => "due".into(),
            })
            .collect();
        keys.extend(crate::notation::fen4::seat_tuple(DRAWS_KEY, &draws));
        keys
    }

    /// Read `'nations'`: each seat plays the nation named, one of the deck.
    pub(crate) fn read_nations_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        if !self.rules.lightning {
            return Err(bad("'nations' is only for Lightning variants".into()));
        }
        let seats = self.rules.seats();
        let texts = crate::notation::fen4::seat_texts(entries, seats, NATIONS_KEY, key_at)?;
        let mut cards = self.rules.lightning_cards;
        for (s, id) in texts {
            cards[s] = crate::variant::lightning_card_of(id).ok_or_else(|| {
                bad(format!(
                    "'{id}' in 'nations' is not a nation of the Lightning deck"
                ))
            })?;
        }
        if cards != self.rules.lightning_cards {
            let rules = self
                .lineup_rules(cards)
                .ok_or_else(|| bad("the line-up of 'nations' does not compile".into()))?;
            self.swap_rules(rules);
        }
        Ok(())
    }

    /// Read `'draws'`: per seat `next`, `due` or nothing; one `next` when
    /// any is due, no draw of a seat out.
    pub(crate) fn read_draws_extra(
        &mut self,
        entries: &[&str],
        key_at: usize,
    ) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        if !self.rules.lightning {
            return Err(bad("'draws' is only for Lightning variants".into()));
        }
        let seats = self.rules.seats();
        let texts = crate::notation::fen4::seat_texts(entries, seats, DRAWS_KEY, key_at)?;
        let (mut due, mut next) = (0u8, None);
        for (s, text) in texts {
            match text {
                "next" if next.is_none() => next = Some(s as u8),
                "next" => return Err(bad("two seats' draws are 'next' in 'draws'".into())),
                "due" => {}
                other => {
                    return Err(bad(format!(
                        "'{other}' in 'draws' is neither 'next' nor 'due'"
                    )));
                }
            }
            due |= 1 << s;
        }
        if due == 0 {
            return Ok(());
        }
        let Some(next) = next else {
            return Err(bad("the draws due in 'draws' name none 'next'".into()));
        };
        if due & !self.alive_seats() != 0 {
            return Err(bad("'draws' names a seat that is out".into()));
        }
        self.packed = (self.packed & !DRAWS) | due | (next << 4);
        Ok(())
    }
}
