//! European Chess with Lightning (`rules.lightning`): the deck of nations
//! a draw takes from, and the line-up a draw makes. The draw itself, a
//! chance step of the game, is the position's (`position/lightning.rs`);
//! the decisions are in `docs/nations.md` ("Lightning").

use super::nation::{Nation, builtin_nations};
use super::{Variant, VariantError};
use std::sync::OnceLock;

/// The Lightning deck: the built-in nations a draw may give, in id order.
/// A card is a nation whose file does not tag it Un-Lightning-able
/// (`lightning = false`) and that fields only the base game's kinds: a
/// drawn nation takes over an army whose pieces keep their kinds, so a
/// nation whose power, setup or promotions rest on kinds of its own
/// would be played without them (and every line-up the draws can make
/// must hold the same kinds, which the kernel's 16 could not).
///
/// ```
/// let deck: Vec<&str> = tetrarch_rules::lightning_deck().iter().map(|n| n.id.as_str()).collect();
/// assert!(deck.contains(&"default") && deck.contains(&"gaul"));
/// assert!(!deck.contains(&"britain") && !deck.contains(&"switzerland"));
/// ```
pub fn lightning_deck() -> &'static [Nation] {
    static DECK: OnceLock<Vec<Nation>> = OnceLock::new();
    DECK.get_or_init(|| {
        builtin_nations()
            .filter(|n| n.lightning && n.kinds.is_empty())
            .collect()
    })
}

/// The deck's index of the nation `id`.
pub(crate) fn card(id: &str) -> Option<u8> {
    lightning_deck()
        .iter()
        .position(|n| n.id == id)
        .map(|c| c as u8)
}

/// A Lightning variant is European Chess: its line-ups (the one it starts
/// with and every one a draw makes) need one nation per corner.
pub(super) fn fits(v: &Variant) -> Result<(), VariantError> {
    if !v.rules.lightning {
        return Ok(());
    }
    let shaped = v.seats.len() == 4
        && v.geometry.width() == v.geometry.height()
        && v.rules.flags_to_win == 0
        && (0..v.seats.len()).all(|a| (0..a).all(|b| v.seats[a].forward != v.seats[b].forward));
    if shaped && card("default").is_some() {
        return Ok(());
    }
    Err(super::load::field_error(
        &v.origin,
        "rules.lightning",
        "Lightning changes nations: it needs a board that takes nations (four seats in the corners, each its own way, no flags)".to_string(),
    ))
}

/// A Lightning line-up starts with nations of the deck only (the others
/// could never come back once drawn away, and their kinds would not fit
/// the line-ups the draws make).
pub(super) fn in_deck(v: &Variant, nations: &[Nation]) -> Result<(), String> {
    if !v.rules.lightning {
        return Ok(());
    }
    let deck = lightning_deck();
    match nations
        .iter()
        .find(|n| !deck.iter().any(|d| d.id == n.id && d.origin == n.origin))
    {
        None => Ok(()),
        Some(n) => Err(format!(
            "'{}' is not in the Lightning deck; Lightning plays {}",
            n.id,
            deck.iter()
                .map(|d| d.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

impl Variant {
    /// Per seat, the deck index of the nation it plays now (a Lightning
    /// variant without a line-up plays the default army everywhere).
    pub(crate) fn lightning_cards(&self) -> [u8; crate::piece::MAX_SEATS] {
        let default = card("default").unwrap_or(0);
        std::array::from_fn(|s| match self.nations.get(s) {
            Some(id) => card(id).unwrap_or(default),
            None => default,
        })
    }

    /// The line-up after a draw: `cards` per seat, from the variant before
    /// any line-up.
    pub(crate) fn with_cards(&self, cards: &[u8]) -> Result<Variant, VariantError> {
        let base = self.lineup_base.as_deref().unwrap_or(self);
        let deck = lightning_deck();
        let nations: Vec<Nation> = cards
            .iter()
            .take(base.seats.len())
            .map(|&c| deck[c as usize].clone())
            .collect();
        let mut v = base.with_nations(&nations)?;
        // Checking the line-up's start compiled its rules; the draw's
        // rules are compiled apart, sharing the game's tables.
        v.compiled = super::Compiled::default();
        Ok(v)
    }
}
