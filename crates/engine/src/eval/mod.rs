//! Static evaluation, one per rules family, behind [`Evaluator`]: the
//! search is generic over [`Searchable`] positions, whose family names the
//! evaluation it is scored with.
//!
//! - [`chess`]: the chess kernel's evaluation (every chess variant, two or
//!   four seats), with every weight derived from the variant's data, and
//!   its move-ordering knowledge (most valuable victim, static exchange).
//! - [`draughts`]: the draughts family's (men, kings, advance).
//! - [`weights`]: the chess kernel's evaluation weights as data, per
//!   variant beside its variant file.

pub mod chess;
pub mod draughts;
pub mod weights;

pub use chess::{Eval, LAZY_MARGIN, PAWN};
pub use weights::{Weights, WeightsError};

use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::family::GamePosition;
use tetrarch_rules::{HasSliders, Position, Seat};

/// Ordering key of a capture that wins or keeps material: above every quiet
/// move (killers are `1 << 26`, history stays within `±2^14`).
pub const GOOD_CAPTURE: i32 = 1 << 28;
/// Ordering key added for a promotion.
pub const PROMOTION: i32 = 1 << 27;
/// Ordering key of a capture that loses material by static exchange:
/// after the quiet moves.
pub const BAD_CAPTURE: i32 = -(1 << 27);

/// The evaluation of one rules family, and what it knows about moves that
/// the search orders and prunes by.
pub trait Evaluator<P: GamePosition>: Clone + Send + Sync + 'static {
    /// The tables of `variant`, built once per searcher.
    fn new(variant: &P::Variant) -> Self;

    /// Two seats: the score for the side to move, in centipawns.
    fn evaluate(&self, pos: &P) -> i32;

    /// More than two seats: each seat's own terms, from its point of view;
    /// the search combines them by team or against the root seat.
    fn seat_terms(&self, pos: &P) -> [i32; MAX_SEATS];

    /// More than two seats: the seat terms, or a cheaper part of them
    /// (material and placement, which the rest seldom moves by more than
    /// [`chess::LAZY_MARGIN`]) when `cut` holds for that part, for a lazy
    /// stand-pat; `true` with the full terms. Families without a cheaper
    /// part give the full terms.
    fn seat_terms_unless(
        &self,
        pos: &P,
        _cut: impl FnOnce(&[i32; MAX_SEATS]) -> bool,
    ) -> ([i32; MAX_SEATS], bool) {
        (self.seat_terms(pos), true)
    }

    /// Whether `seat` has material besides pawns and royals (null-move
    /// pruning is unsafe without it: zugzwang).
    fn has_pieces(&self, pos: &P, seat: Seat) -> bool;

    /// More than two seats: whether the seat terms charge pieces under
    /// threats their seat cannot answer (static pruning in a free-for-all
    /// measured a gain only together with them).
    fn sees_threats(&self) -> bool {
        false
    }

    /// The ordering key of capture `m`: [`GOOD_CAPTURE`] plus a
    /// victim-over-attacker term for captures that keep material,
    /// [`BAD_CAPTURE`] plus that term for those that lose it by exchange
    /// (where the family has an exchange evaluation). `multi`: more than
    /// two seats, where royal victims come first and exchanges are not
    /// evaluated.
    fn capture_key(&self, pos: &P, m: P::Move, multi: bool) -> i32;

    /// The ordering key added for promotion `m`: [`PROMOTION`] plus the
    /// value of what it promotes to.
    fn promotion_key(&self, m: P::Move) -> i32;
}

/// A position the engine can search: a rules family with its evaluation.
pub trait Searchable: GamePosition {
    /// The family's evaluation.
    type Eval: Evaluator<Self>;
}

impl<B: HasSliders> Searchable for Position<B> {
    type Eval = Eval;
}

impl Searchable for tetrarch_rules::draughts::Position {
    type Eval = draughts::DraughtsEval;
}
