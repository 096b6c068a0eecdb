//! Which piece kinds a hand can hold. A hand keeps one count per slot, not
//! per kind: a drop variant has many more kinds (the promoted ones) than it
//! ever holds, and eight counts a seat keep the position small enough to
//! copy inline (see `docs/architecture.md`, "Position size").

use crate::piece::{Kind, MAX_KINDS, PieceInfo};
use crate::rules::NONE;

/// Most kinds one hand can hold.
pub const MAX_HAND_KINDS: usize = 8;

/// The kinds a variant's hands hold, in kind order, and each kind's slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HandKinds {
    /// Per kind: its slot in a hand, or `NONE`.
    slot: [u8; MAX_KINDS],
    /// Per slot: its kind.
    kinds: [Kind; MAX_HAND_KINDS],
    len: usize,
}

impl Default for HandKinds {
    /// No kind is held (variants without drops).
    fn default() -> HandKinds {
        HandKinds {
            slot: [NONE; MAX_KINDS],
            kinds: [Kind(0); MAX_HAND_KINDS],
            len: 0,
        }
    }
}

impl HandKinds {
    /// The kinds a captured piece can become in hand (each piece's demoted
    /// kind), or `None` when there are more than [`MAX_HAND_KINDS`].
    pub(crate) fn of(pieces: &[PieceInfo]) -> Option<HandKinds> {
        let mut held = [false; MAX_KINDS];
        for p in pieces {
            *held.get_mut(p.demoted.idx())? = true;
        }
        let mut hk = HandKinds::default();
        for (k, _) in held.iter().enumerate().filter(|(_, h)| **h) {
            *hk.kinds.get_mut(hk.len)? = Kind(k as u8);
            hk.slot[k] = hk.len as u8;
            hk.len += 1;
        }
        Some(hk)
    }

    /// The slot of `kind`, if a hand holds it.
    #[inline(always)]
    pub(crate) fn slot(&self, kind: Kind) -> Option<usize> {
        match self.slot.get(kind.idx()) {
            Some(&s) if s != NONE => Some(usize::from(s)),
            _ => None,
        }
    }

    /// The held kinds with their slots, in kind order.
    #[inline(always)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, Kind)> + '_ {
        self.kinds[..self.len].iter().copied().enumerate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn euroshogi_hands_hold_the_unpromoted_kinds_in_kind_order() {
        let v = Variant::builtin("euroshogi").unwrap();
        let hk = HandKinds::of(&v.pieces).unwrap();
        let letters: String = hk.iter().map(|(_, k)| v.pieces[k.idx()].letter).collect();
        assert_eq!(letters, "pnbrgk");
        let promoted_pawn = v
            .pieces
            .iter()
            .position(|p| p.promoted && p.letter == 'p')
            .unwrap();
        assert_eq!(hk.slot(Kind(promoted_pawn as u8)), None);
        assert_eq!(hk.slot(Kind(4)), Some(4));
    }
}
