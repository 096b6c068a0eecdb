//! Zobrist keys, generated at compile time.

use crate::piece::{MAX_KINDS, MAX_SEATS};
use crate::variant::MAX_SLOTS;

const PIECES: usize = MAX_SEATS * MAX_KINDS * 256;
const CASTLE: usize = PIECES;
const EP: usize = CASTLE + 256;
const TURN: usize = EP + 256;
const HAND: usize = TURN + MAX_SEATS;
/// Hand counts above this share a key; no variant keeps more of one kind.
pub const MAX_HAND: usize = 32;
const SLOT: usize = HAND + MAX_SEATS * MAX_KINDS * MAX_HAND;
const COMMAND: usize = SLOT + MAX_SEATS * MAX_SLOTS * 256;
/// Turn counts above this share a key (the opening rule counts a few).
pub const MAX_TURNS: usize = 16;
const TURNS: usize = COMMAND + MAX_SEATS * MAX_SEATS;
const DECLARED: usize = TURNS + MAX_SEATS * MAX_TURNS;
const WALKER: usize = DECLARED + MAX_SEATS * (1 << MAX_SEATS);
const GREYED: usize = WALKER + MAX_SEATS;
/// Per-piece marks of line-ups (`Position::plane`): planes of 64 cells.
pub const PLANES: usize = 2;
const PLANE: usize = GREYED + MAX_SEATS;
/// Point totals above this share a key (a hill wins at 20 at most).
pub const MAX_POINTS: usize = 64;
const POINTS: usize = PLANE + PLANES * 64;
const FLAGS: usize = POINTS + MAX_SEATS * MAX_POINTS;
/// Lightning: per seat its nation's card (decks of up to this many), then
/// the byte of draws due.
pub const MAX_CARDS: usize = 64;
const CARDS: usize = FLAGS + MAX_SEATS * 256;
const DRAWS: usize = CARDS + MAX_SEATS * MAX_CARDS;
const LEN: usize = DRAWS + 256;

static KEYS: [u64; LEN] = {
    let mut keys = [0u64; LEN];
    let mut rng = crate::SplitMix64::new(0x2545_F491_4F6C_DD1D);
    let mut i = 0;
    while i < LEN {
        keys[i] = rng.next_u64();
        i += 1;
    }
    keys
};

/// Key of a piece of `kind` owned by `seat` on `cell`.
#[inline(always)]
pub fn piece(seat: usize, kind: usize, cell: u8) -> u64 {
    KEYS[(seat * MAX_KINDS + kind) * 256 + cell as usize]
}
/// Key of a castling right held by the rook on `cell`.
#[inline(always)]
pub fn castle(cell: u8) -> u64 {
    KEYS[CASTLE + cell as usize]
}
/// Key of an en passant cell.
#[inline(always)]
pub fn en_passant(cell: u8) -> u64 {
    KEYS[EP + cell as usize]
}
/// Key of the seat to move.
#[inline(always)]
pub fn turn(seat: usize) -> u64 {
    KEYS[TURN + seat]
}
/// Key of holding `count` pieces of `kind` in hand.
#[inline(always)]
pub fn hand(seat: usize, kind: usize, count: u8) -> u64 {
    KEYS[HAND + (seat * MAX_KINDS + kind) * MAX_HAND + (count as usize).min(MAX_HAND - 1)]
}
/// Key of `seat`'s per-seat state `slot` holding `value` (zero has none).
#[inline(always)]
pub fn slot(seat: usize, slot: usize, value: u8) -> u64 {
    if value == 0 {
        return 0;
    }
    KEYS[SLOT + (seat * MAX_SLOTS + slot) * 256 + value as usize]
}
/// Key of `army` being commanded by `seat` (its own seat has none).
#[inline(always)]
pub fn commander(army: usize, seat: usize) -> u64 {
    if army == seat {
        return 0;
    }
    KEYS[COMMAND + army * MAX_SEATS + seat]
}
/// Key of `seat` having taken `turns` turns (zero has none).
#[inline(always)]
pub fn turns(seat: usize, turns: u8) -> u64 {
    if turns == 0 {
        return 0;
    }
    KEYS[TURNS + seat * MAX_TURNS + (turns as usize).min(MAX_TURNS - 1)]
}
/// Key of `seat`'s last move having checked the seats in the bit set
/// `checked` (none has no key).
#[inline(always)]
pub fn declared(seat: usize, checked: u8) -> u64 {
    if checked == 0 {
        return 0;
    }
    KEYS[DECLARED + seat * (1 << MAX_SEATS) + (checked as usize & ((1 << MAX_SEATS) - 1))]
}

/// Key of `seat` being a dead king walking (points variants: it resigned
/// or ran out of time and its king moves at random).
#[inline(always)]
pub fn walker(seat: usize) -> u64 {
    KEYS[WALKER + (seat & (MAX_SEATS - 1))]
}

/// Key of `seat` being out with its pieces left on the board, grey
/// (points variants: mated or stalemated).
#[inline(always)]
pub fn greyed(seat: usize) -> u64 {
    KEYS[GREYED + (seat & (MAX_SEATS - 1))]
}

/// Key of a mark in per-piece plane `plane` on `cell` (line-ups; cells
/// past 63 share a key, and no line-up has them).
#[inline(always)]
pub fn plane(plane: usize, cell: u8) -> u64 {
    KEYS[PLANE + (plane % PLANES) * 64 + (cell as usize & 63)]
}

/// Key of `seat` having `points` where they decide the game (King of the
/// Hill; zero and negative totals have none).
#[inline(always)]
pub fn points(seat: usize, points: i16) -> u64 {
    if points <= 0 {
        return 0;
    }
    KEYS[POINTS + (seat & (MAX_SEATS - 1)) * MAX_POINTS + (points as usize).min(MAX_POINTS - 1)]
}

/// Key of `seat`'s flag being held by the piece on `cell` (Capture the
/// Flag; a flag gone, `NONE`, has none, so other variants hash as before).
#[inline(always)]
pub fn flag(seat: usize, cell: u8) -> u64 {
    if cell == crate::rules::NONE {
        return 0;
    }
    KEYS[FLAGS + (seat & (MAX_SEATS - 1)) * 256 + cell as usize]
}

/// Key of `seat` playing the Lightning deck's `card`.
#[inline(always)]
pub fn card(seat: usize, card: u8) -> u64 {
    KEYS[CARDS + (seat & (MAX_SEATS - 1)) * MAX_CARDS + (card as usize & (MAX_CARDS - 1))]
}

/// Key of the draws due (Lightning's `Position::draws`; none, zero, has none).
#[inline(always)]
pub fn draws(draws: u8) -> u64 {
    if draws == 0 {
        return 0;
    }
    KEYS[DRAWS + draws as usize]
}
