//! Rules families: the face a family of games (the chess kernel, draughts)
//! shows the engine, the width-free game and the tools. The engine is
//! generic over [`GamePosition`], so every family gets the whole search;
//! [`crate::AnyGame`] erases it, so the server and the CLI need no types.
//!
//! A family implements three things: a variant definition
//! ([`FamilyVariant`]), a position ([`GamePosition`]) with its move type,
//! and a copy-make child ([`PlayInPlace`]). Hooks the engine uses to order
//! and prune (check, captures, promotions) have defaults for families
//! without them.

mod chess;
pub(crate) mod chess_record;
mod chess_variant;
mod draughts;
pub(crate) mod draughts_record;
mod perft;
mod record;
pub mod view;

pub(crate) use chess_variant::fischer_base as chess_fischer_base;
pub use perft::{divide, divide_with, perft};
pub use record::RecordFormat;

use crate::moves::MoveList;
use crate::outcome::{DrawReason, Outcome};
use crate::piece::Seat;
use crate::variant::StalemateRule;
use std::fmt;
use view::{BoardView, MoveView, SeatState, VariantView};

/// What the engine and the tools need of a family's variant definition.
pub trait FamilyVariant: Clone + Send + Sync + fmt::Debug + 'static {
    /// Identifier, such as `chess`.
    fn name(&self) -> &str;
    /// One line for people.
    fn description(&self) -> &str;
    /// Number of seats.
    fn seat_count(&self) -> u8;
    /// The team of `seat`: seats with the same team are partners.
    fn team(&self, seat: Seat) -> u8;
    /// The name of `seat`, such as `white` or `red`.
    fn seat_name(&self, seat: Seat) -> &str;
    /// What a client needs to draw and set up games of the variant.
    fn view(&self) -> VariantView;
    /// What the view does not say, for people: `(key, value)` lines in
    /// the order to print them (the chess family: the start position, each
    /// piece with its moves, the rule switches).
    fn details(&self) -> Vec<(String, String)>;
    /// The name protocols give the variant's position text: `fen`, `fen4`
    /// (UCI's `position fen4 ...`).
    fn position_format(&self) -> &'static str;
    /// How games of the variant are recorded.
    fn record_format(&self) -> RecordFormat;
    /// Whether more than two teams play, each for itself.
    fn free_for_all(&self) -> bool {
        let mut teams: Vec<u8> = (0..self.seat_count()).map(|s| self.team(Seat(s))).collect();
        teams.sort_unstable();
        teams.dedup();
        teams.len() > 2
    }
}

/// A copy-made position that moves in place (see [`GamePosition::child`]).
pub trait PlayInPlace<M> {
    /// Play a move known to be legal.
    fn play_unchecked(&mut self, m: M);
}

/// A position of a rules family: everything the engine's search needs, and
/// the notation the width-free game speaks.
///
/// Moves are small `Copy` values. A family's moves must be distinct by
/// everything that makes them different moves (a draughts capture by its
/// whole path), since `Eq` is how a move given as text is found among the
/// legal ones.
pub trait GamePosition: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move.
    type Move: Copy + Eq + Default + fmt::Debug + Send + Sync + 'static;
    /// The family's variant definition.
    type Variant: FamilyVariant;
    /// A copy for copy-make that shares what the original shares, tied to
    /// the original's life (no reference counting per node).
    type Child<'a>: std::ops::Deref<Target = Self> + PlayInPlace<Self::Move>
    where
        Self: 'a;
    /// Why a position text was refused.
    type TextError: std::error::Error + Send + Sync + 'static;

    /// The start position of `variant`.
    fn start_of(variant: &Self::Variant) -> Self;
    /// A position of `variant` from its text (FEN, FEN4, the family's own).
    fn from_text(variant: &Self::Variant, text: &str) -> Result<Self, Self::TextError>;
    /// The position as text, read back by [`GamePosition::from_text`].
    fn to_text(&self) -> String;
    /// The variant.
    fn family_variant(&self) -> &Self::Variant;

    /// The seat to move.
    fn turn(&self) -> Seat;
    /// A key of the position: equal for positions that are the same for
    /// repetition (pieces, side to move, rights), incrementally kept.
    fn hash(&self) -> u64;
    /// Plies since the last irreversible move (the window of repetition).
    fn reversible_plies(&self) -> u16;
    /// The move number as the family's notation counts it (FEN's fullmove
    /// number: 1 at the start, up by one when the first seat is to move again).
    fn move_number(&self) -> u32;

    /// The legal moves, into `list` (cleared first).
    fn legal_moves_into(&self, list: &mut MoveList<Self::Move>);
    /// The number of legal moves.
    fn count_legal_moves(&self) -> u64 {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.len() as u64
    }
    /// The number of legal moves after the legal move `m`: perft's last
    /// two plies, which a family may count with less work than playing
    /// `m` in full and counting.
    fn count_legal_moves_after(&self, m: Self::Move) -> u64 {
        let mut next = self.child();
        next.play_unchecked(m);
        next.count_legal_moves()
    }
    /// Whether `m` is legal here.
    fn is_legal(&self, m: Self::Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.contains(&m)
    }
    /// Play a legal move.
    fn play_unchecked(&mut self, m: Self::Move);
    /// Whether a die is to be rolled here (a chance step): the number of
    /// its outcomes, which are then the legal moves, played by no seat
    /// (`turn` stays the seat whose turn goes on), each as likely as its
    /// [`GamePosition::chance_weight`] says (a die's alike). The game
    /// rolls ([`crate::AnyGame`]); a search averages over them; perft
    /// counts each as a branch.
    fn chance(&self) -> Option<u8> {
        None
    }
    /// The weight of the outcome `m` of the chance step here: its chance
    /// is its weight over the sum of the outcomes' (1 for a die's face;
    /// a card drawn for a challenge in a view weighs by the cards left).
    fn chance_weight(&self, m: Self::Move) -> u32 {
        let _ = m;
        1
    }
    /// Whether `m` leaves the turn with its seat, a step of a turn of
    /// several (an assassin's pick, a roll): best-reply search, which
    /// takes one move of an opponent as its whole turn, leaves them out.
    fn continues_turn(&self, m: Self::Move) -> bool {
        let _ = m;
        false
    }
    /// A copy to play a move on, for copy-make.
    fn child(&self) -> Self::Child<'_>;
    /// The move that only hands the turn on (null move, and the turns
    /// best-reply search skips). It need not be legal.
    fn pass_move(&self) -> Self::Move;
    /// Whether `m` is that pass.
    fn is_pass(&self, m: Self::Move) -> bool;
    /// The seat whose piece `m` moves, if the move is of a piece on the
    /// board (best-reply search plays moves of seats not on turn).
    fn mover(&self, m: Self::Move) -> Option<Seat>;

    /// Seats still in the game, as a bit set (seat 0 is bit 0).
    fn alive_seats(&self) -> u8;
    /// Whether at most one team is left in.
    fn teams_decided(&self) -> bool;
    /// The seats of the teams still in, as a bit set; once decided, the
    /// winners'. By default, the teams of the seats still in.
    fn standing_seats(&self) -> u8 {
        let alive = self.alive_seats();
        let v = self.family_variant();
        let seats = 0..v.seat_count();
        let teams = seats
            .clone()
            .filter(|&s| alive & (1 << s) != 0)
            .fold(0u32, |m, s| m | 1 << v.team(Seat(s)));
        seats
            .filter(|&s| teams & (1 << v.team(Seat(s))) != 0)
            .fold(0, |m, s| m | 1 << s)
    }
    /// The ending the position decides by itself, if any.
    fn outcome(&self) -> Option<Outcome>;
    /// What a player without a legal move gets when not in check.
    fn stalemate_rule(&self) -> StalemateRule {
        StalemateRule::Draw
    }
    /// Whether the fifty-move rule (or the family's own) ends the game here.
    fn fifty_moves_passed(&self) -> bool {
        false
    }
    /// Whether neither side can win any more, where the variant draws
    /// such positions; a quick answer, for the search.
    fn dead_position(&self) -> bool {
        false
    }
    /// Whether the side to move has lost its last royal piece (two seats,
    /// variants where royals can be captured).
    fn royal_lost(&self) -> bool {
        false
    }
    /// Whether a repetition caused by one side's checks alone loses.
    fn perpetual_check_loses(&self) -> bool {
        false
    }
    /// The repetition count that draws, if the variant has one.
    fn repetition_limit(&self) -> Option<u8> {
        None
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        false
    }
    /// Whether the variant has check: royal pieces may not be left attacked.
    fn check_rule(&self) -> bool {
        false
    }
    /// Whether the side to move must capture (draughts): its moves are
    /// forcing, as out of check, and the search does not stand pat.
    #[inline(always)]
    fn must_capture(&self) -> bool {
        false
    }
    /// Whether `m` captures.
    fn is_capture(&self, m: Self::Move) -> bool;
    /// Whether `m` promotes (or crowns).
    fn is_promotion(&self, m: Self::Move) -> bool;
    /// A key of `m`, equal only for equal moves of one position: what a
    /// transposition table keeps.
    fn move_key(m: Self::Move) -> u32;
    /// The cells a move goes from and to, for history tables.
    fn move_cells(m: Self::Move) -> (u8, u8);

    /// Read a move in the family's protocol notation (UCI for chess).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveTextError>;
    /// A move in the protocol notation.
    fn move_text(&self, m: Self::Move) -> String;
    /// A move as people read it in a move list (SAN, PGN4 long algebraic,
    /// a draughts path).
    fn display_move(&self, m: Self::Move) -> String {
        self.move_text(m)
    }
    /// A legal move described for a client: cells, promotion, drop.
    fn describe_move(&self, m: Self::Move) -> MoveView;

    /// The position as `seat` may see it (`None`: a spectator). Families
    /// without hidden information show everyone everything.
    fn board_view(&self, seat: Option<Seat>) -> BoardView;
    /// `viewer`'s view of this true position, itself where nothing is
    /// hidden (`docs/architecture.md`, "Hidden information").
    fn seen_by(&self, _viewer: Option<Seat>) -> Self
    where
        Self: Sized + Clone,
    {
        self.clone()
    }
    /// `viewer`'s view of this true position, told the record before it
    /// (`earlier[i]` the position `steps[i]` was played from): what the
    /// record showed everyone may tell a view more than the position does
    /// (which cards could have made a Soviet move, `docs/architecture.md`,
    /// "The Soviet challenge window").
    fn seen_after(&self, viewer: Option<Seat>, earlier: &[Self], steps: &[Step<Self::Move>]) -> Self
    where
        Self: Sized + Clone,
    {
        let _ = (earlier, steps);
        self.seen_by(viewer)
    }
    /// The whole position as `seat`'s board shows it, hidden pieces
    /// included (at the end of a game, everyone sees the truth).
    fn true_board_view(&self, seat: Option<Seat>) -> BoardView {
        self.board_view(seat)
    }
    /// Whether something of this position is hidden from `viewer`.
    fn hides_from(&self, _viewer: Option<Seat>) -> bool {
        false
    }
    /// Whether `viewer` sees the step `m`, played here, as it was made
    /// (else a move list shows it as `?`).
    fn step_seen_by(&self, _m: Self::Move, _viewer: Option<Seat>) -> bool {
        true
    }
    /// Where `seat` stands in the game.
    fn seat_state(&self, seat: Seat) -> SeatState;
    /// Take `seat` out of the game without a move (it resigned or ran out
    /// of time in a game that goes on without it).
    fn retire(&mut self, seat: Seat);
    /// A draw `seat` claims by a rule of the variant that needs a claim
    /// (impasse in shogi): the reason, or why the claim fails.
    fn claim_draw(&self, seat: Seat) -> Result<DrawReason, String> {
        let _ = seat;
        Err("this variant has no draw to claim".into())
    }
    /// The win `seat` claims by a rule of the variant that needs a claim
    /// (a lead in points): the outcome, or why the claim fails.
    fn claim_win(&self, seat: Seat) -> Result<Outcome, String> {
        let _ = seat;
        Err("this variant has no win to claim".into())
    }
    /// Each seat's points where the variant scores them (`None` elsewhere),
    /// with the bonus a draw rule gives the seats still in when the
    /// position's own draw rules end the game here, or `drawn` (repetition).
    fn points(&self, drawn: bool) -> Option<Vec<i32>> {
        let _ = drawn;
        None
    }
    /// Where the variant scores points, the result of a game a draw rule
    /// (repetition) ends here: the most points win.
    fn points_outcome(&self, drawn: bool) -> Option<Outcome> {
        let _ = drawn;
        None
    }

    /// The game record (PGN, PGN4, the family's own) of the game from
    /// `positions[0]` through `steps` (`positions[i + 1]` follows
    /// `steps[i]`), ending in `outcome`, with `tags` first.
    fn record(
        positions: &[Self],
        steps: &[Step<Self::Move>],
        outcome: Option<Outcome>,
        tags: &[(&str, &str)],
    ) -> String;
    /// The name of the record format: `pgn`, `pgn4`.
    fn record_format(&self) -> &'static str;
}

/// One step of a game: a move, or a player leaving without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<M> {
    /// A move.
    Move(M),
    /// A seat left the game: it resigned (`timed_out` false) or its time ran out.
    Retire {
        /// The seat.
        seat: Seat,
        /// Whether its clock ran out.
        timed_out: bool,
    },
}

/// A move given as text that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Not a move in the notation.
    #[error("'{text}' is not a move ({expected})")]
    Syntax {
        /// The text.
        text: String,
        /// What the notation looks like.
        expected: &'static str,
    },
    /// A well-formed move that is not legal here.
    #[error("'{text}' is not a legal move in {position}")]
    Illegal {
        /// The text.
        text: String,
        /// The position, as text.
        position: String,
    },
    /// A move the rules refuse, with the reason in words (a step where a
    /// capture is compulsory, a capture path cut short).
    #[error("{0}")]
    Refused(String),
}
