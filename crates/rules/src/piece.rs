//! Seats, piece kinds and pieces: small indices into a variant's tables.

use crate::betza::Movement;
use std::fmt;

/// Most piece kinds a variant may define.
pub const MAX_KINDS: usize = 16;
/// Most seats (players) a variant may have.
pub const MAX_SEATS: usize = 4;
/// Seats that can hold pieces in hand: drops are a two-player rule here,
/// and a smaller position is a faster copy in every search and perft.
pub const HAND_SEATS: usize = 2;

/// A player's place at the table, in turn order: 0 moves first.
///
/// ```
/// use tetrarch_rules::Seat;
/// assert_eq!(Seat(0).next(2), Seat(1));
/// assert_eq!(Seat(3).next(4), Seat(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat that moves after this one at a table of `seats`.
    #[inline]
    pub fn next(self, seats: u8) -> Seat {
        Seat(if self.0 + 1 >= seats { 0 } else { self.0 + 1 })
    }
    /// Index for arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A kind of piece: an index into the variant's piece table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// Index for arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A piece: a kind owned by a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub seat: Seat,
    /// Kind.
    pub kind: Kind,
}

/// Everything a variant says about one kind of piece.
#[derive(Clone, Debug)]
pub struct PieceInfo {
    /// Name, such as `knight`.
    pub name: String,
    /// Letter in FEN and SAN, lowercase (`n`).
    pub letter: char,
    /// A promoted kind, written with a `+` before its letter.
    pub promoted: bool,
    /// The kind it turns back into when captured into a hand (itself if unpromoted).
    pub demoted: Kind,
    /// How it moves, in its owner's frame.
    pub movement: Movement,
    /// Losing it (to check, mate or capture) loses the game.
    pub royal: bool,
    /// A pawn: promotes, takes en passant, resets the fifty-move count.
    pub pawn: bool,
    /// Kinds it may promote to.
    pub promotions: Vec<Kind>,
    /// Ranks, counted from the owner's side from 1, where its `i` steps apply.
    pub initial_ranks: Vec<u8>,
}

impl fmt::Display for PieceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plus = if self.promoted { "+" } else { "" };
        write!(
            f,
            "{} ({plus}{}, {})",
            self.name, self.letter, self.movement
        )
    }
}
