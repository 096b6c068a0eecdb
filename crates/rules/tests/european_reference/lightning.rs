//! Lightning, the long way: "An army's nation changes every time one of
//! its units makes, or suffers, an ordinary capture. [...] Nations tagged
//! Un-Lightning-able are not used." As decided (`docs/nations.md`,
//! "Lightning"): an ordinary capture is a piece move onto a piece another
//! player commands; after it the mover's turn ends as usual, and before
//! the next player's turn begins (its turn-start powers) the maker draws,
//! then the sufferer, each if still in and the game undecided. A draw
//! (`roll=f`) gives the `f`-th card of the deck, the drawer's own card
//! left out; the player then plays that nation (its powers, promotions,
//! powers' state afresh), its pieces keeping their kinds.

use super::{Lineup, Ref};
use std::rc::Rc;

/// The deck, in its order (`docs/nations.md`: "The deck today", in the
/// deck's order).
pub const DECK: [&str; 12] = [
    "default",
    "ancient-greece",
    "athens",
    "balkan-states",
    "aztecs",
    "byzantine-empire",
    "conquistadors",
    "gaul",
    "huns",
    "jerusalem",
    "netherlands",
    "nuclear-rogue",
];

impl Ref {
    /// The seats whose draws the seat to move's move `m` calls for: an
    /// ordinary capture's maker and sufferer, in that order.
    pub(super) fn capture_draws(&self, m: &str) -> Vec<usize> {
        let us = self.turn;
        let piece_move =
            m != "0000" && m.as_bytes()[1].is_ascii_digit() && !super::deploy::is_drop(m);
        if !self.lightning || !piece_move {
            return Vec::new();
        }
        match self.at(super::parse(m).to) {
            Some(v) if self.owner(v) != us => vec![us, self.owner(v)],
            _ => Vec::new(),
        }
    }

    /// After the turn passed: the draws `called` are due for the players
    /// still in, unless the game is decided.
    pub(super) fn call_draws(&mut self, called: Vec<usize>) {
        if self.over() {
            return;
        }
        self.draws = called.into_iter().filter(|&s| self.alive(s)).collect();
    }

    /// The faces of the draw due, if one is.
    pub(super) fn draw_faces(&self) -> Option<Vec<String>> {
        (!self.draws.is_empty()).then(|| (1..DECK.len()).map(|f| format!("roll={f}")).collect())
    }

    /// The draw `m` (`roll=f`) of the seat whose draw is next: it plays the
    /// card drawn from now on; after the last draw the turn begins.
    pub(super) fn draw(&self, m: &str) -> Ref {
        let face: usize = m["roll=".len()..].parse().expect("a face");
        let seat = self.draws[0];
        let old = DECK
            .iter()
            .position(|&d| d == self.lineup.nations[seat].id)
            .expect("a card of the deck");
        let card = if face > old { face } else { face - 1 };
        let mut ids = self.lineup.nations.clone().map(|n| n.id);
        ids[seat] = DECK[card].to_string();
        let mut next = self.clone();
        next.lineup = Rc::new(
            Lineup::new([&ids[0], &ids[1], &ids[2], &ids[3]].map(String::as_str))
                .expect("deck nations"),
        );
        // The powers' state of the player starts afresh.
        next.used[seat] = 0;
        next.spent[seat] = 0;
        next.uses[seat] = [0; 4];
        next.barred[seat] = None;
        next.sheltered[seat] = None;
        next.bomb[seat] = (0, None);
        next.dice[seat] = super::dice::Dice::Idle;
        next.draws.remove(0);
        if next.draws.is_empty() {
            let before = next.clone();
            next.start_turns();
            next.settle_after(&before, next.idle_watched());
        }
        next
    }

    /// The FEN4 entries of the draws due read back: `next`, then the seats
    /// `due` in turn order from it.
    pub(super) fn read_draws(&mut self, entries: &[String]) {
        let Some(next) = entries.iter().position(|e| e == "next") else {
            return;
        };
        self.draws = (0..4)
            .map(|i| (next + i) % 4)
            .filter(|&s| s == next || entries[s] == "due")
            .collect();
    }
}
