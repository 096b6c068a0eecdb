//! The width-free, family-free game: [`AnyVariant`] and [`AnyGame`], as
//! shakmaty's `VariantPosition` is for its variants. Moves come and go as
//! text in the variant's protocol notation (UCI for the chess kernel), so
//! the server, the UCI loop and the CLI need no types of any family; the
//! engine reaches the typed game with [`AnyGame::typed`].
//!
//! ```
//! use tetrarch_rules::{AnyGame, AnyVariant, Seat};
//! let chess = AnyVariant::builtin("chess").unwrap();
//! let mut game = AnyGame::new(&chess);
//! for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     game.play(m).unwrap();
//! }
//! assert_eq!(game.display_moves(), ["f3", "e5", "g4", "Qh4#"]);
//! assert_eq!(game.outcome().unwrap().winners(&chess), [Seat(1)]);
//! assert!(game.play("e1f2").is_err());
//! assert!(game.record(&[]).ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
//! ```

pub(crate) mod describe;
mod record;
mod typed;

pub use record::{Departure, RecordError, RecordedGame, Records};
pub use typed::{TypedGame, UNSEEN};

use crate::attacks::HasSliders;
use crate::draughts::{DraughtsVariant, Position as DraughtsPosition};
use crate::family::view::{BoardView, MoveView, SeatState, VariantView};
use crate::family::{FamilyVariant, GamePosition, MoveTextError, RecordFormat};
use crate::outcome::{DrawReason, Outcome};
use crate::piece::Seat;
use crate::position::Position;
use crate::variant::{Variant, VariantError, WithWidth};
use std::fmt;
use std::path::Path;
use typed::ErasedGame;

/// A variant of any rules family.
// The chess variant is the large and common one; variants are cloned
// rarely (per game, not per node), so it stays unboxed.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyVariant {
    /// A variant of the chess kernel (chess, shogi-like, four-player chess).
    Chess(Variant),
    /// A draughts variant (4-Way Checkers, English draughts).
    Draughts(DraughtsVariant),
}

impl AnyVariant {
    /// A built-in variant by name.
    ///
    /// ```
    /// use tetrarch_rules::AnyVariant;
    /// assert_eq!(AnyVariant::builtin("fourway-checkers").unwrap().view().family, "draughts");
    /// assert!(AnyVariant::builtin("nope").unwrap_err().to_string().contains("english-draughts"));
    /// ```
    pub fn builtin(name: &str) -> Result<AnyVariant, VariantError> {
        if let Some(v) = crate::draughts::variant::builtin(name) {
            return v.map(AnyVariant::Draughts);
        }
        Variant::builtin(name)
            .map(AnyVariant::Chess)
            .map_err(|e| match e {
                VariantError::Unknown { name, .. } => VariantError::Unknown {
                    name,
                    known: AnyVariant::builtin_names().collect::<Vec<_>>().join(", "),
                },
                other => other,
            })
    }

    /// The names of the built-in variants: the chess kernel's, then the
    /// draughts family's.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        crate::variant::builtin_names().chain(crate::draughts::variant::builtin_names())
    }

    /// A variant file.
    pub fn from_file(path: &Path) -> Result<AnyVariant, VariantError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| VariantError::Io {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        AnyVariant::from_toml(&text, &file)
    }

    /// A variant from TOML text; `origin` names it in errors. The
    /// `family` key (`chess` when left out, or `draughts`) says which
    /// family reads it.
    pub fn from_toml(text: &str, origin: &str) -> Result<AnyVariant, VariantError> {
        if crate::draughts::variant::is_draughts(text) {
            return DraughtsVariant::from_toml(text, origin).map(AnyVariant::Draughts);
        }
        Variant::from_toml(text, origin).map(AnyVariant::Chess)
    }

    fn face(&self) -> &dyn FamilyFace {
        match self {
            AnyVariant::Chess(v) => v,
            AnyVariant::Draughts(v) => v,
        }
    }

    /// Identifier, such as `chess`.
    pub fn name(&self) -> &str {
        self.face().name()
    }
    /// One line for people.
    pub fn description(&self) -> &str {
        self.face().description()
    }
    /// Number of seats.
    pub fn seat_count(&self) -> u8 {
        self.face().seat_count()
    }
    /// The team of `seat`.
    pub fn team(&self, seat: Seat) -> u8 {
        self.face().team(seat)
    }
    /// The name of `seat`.
    pub fn seat_name(&self, seat: Seat) -> &str {
        self.face().seat_name(seat)
    }
    /// Whether every seat plays for itself (more than two teams).
    pub fn free_for_all(&self) -> bool {
        self.face().free_for_all()
    }
    /// What a client needs to draw the board and set up games.
    pub fn view(&self) -> VariantView {
        self.face().view()
    }
    /// What the view does not say, for people: `(key, value)` lines (the
    /// chess family: start position, pieces and their moves, rules).
    pub fn details(&self) -> Vec<(String, String)> {
        self.face().details()
    }
    /// The name protocols give the position text: `fen`, `fen4`.
    pub fn position_format(&self) -> &'static str {
        self.face().position_format()
    }
    /// How games of the variant are recorded.
    pub fn record_format(&self) -> RecordFormat {
        self.face().record_format()
    }
    /// The built-in variant this one is the Fischer-castling form of
    /// (chess960: chess), for protocols that name it as that variant with
    /// a Fischer switch (UCI's `UCI_Chess960`).
    ///
    /// ```
    /// use tetrarch_rules::AnyVariant;
    /// let c960 = AnyVariant::builtin("chess960").unwrap();
    /// assert_eq!(c960.fischer_base().unwrap().name(), "chess");
    /// assert!(AnyVariant::builtin("chess").unwrap().fischer_base().is_none());
    /// ```
    pub fn fischer_base(&self) -> Option<AnyVariant> {
        match self {
            AnyVariant::Chess(v) => crate::family::chess_fischer_base(v).map(AnyVariant::Chess),
            AnyVariant::Draughts(_) => None,
        }
    }
    /// This variant with partners chosen for the game (see
    /// [`Variant::with_teams`]); a family or variant whose partners are
    /// fixed accepts only its own teams.
    ///
    /// ```
    /// use tetrarch_rules::{AnyVariant, Seat};
    /// let v = AnyVariant::builtin("european-teams").unwrap();
    /// assert_eq!(v.with_teams(&[0, 1, 1, 0]).unwrap().team(Seat(3)), 0);
    /// let err = AnyVariant::builtin("fourway-checkers").unwrap().with_teams(&[0, 0, 1, 1]);
    /// assert!(err.unwrap_err().to_string().contains("fixed partners"));
    /// ```
    pub fn with_teams(&self, teams: &[u8]) -> Result<AnyVariant, VariantError> {
        match self {
            AnyVariant::Chess(v) => v.with_teams(teams).map(AnyVariant::Chess),
            AnyVariant::Draughts(_) => {
                let own: Vec<u8> = (0..self.seat_count()).map(|s| self.team(Seat(s))).collect();
                if teams == own.as_slice() {
                    return Ok(self.clone());
                }
                Err(VariantError::Field {
                    file: self.origin().to_string(),
                    field: "teams".into(),
                    reason: format!("{} has fixed partners: teams {own:?}", self.name()),
                })
            }
        }
    }

    /// This variant with the built-in nations `ids` (comma separated, one
    /// per seat; see [`Variant::with_lineup`]); a family or variant without
    /// nations refuses any.
    ///
    /// ```
    /// use tetrarch_rules::AnyVariant;
    /// let v = AnyVariant::builtin("european-ffa").unwrap();
    /// assert!(v.with_lineup("huns,default,default,default").is_ok());
    /// let chess = AnyVariant::builtin("chess").unwrap();
    /// assert!(chess.with_lineup("huns,default").unwrap_err().to_string().contains("no nations"));
    /// ```
    pub fn with_lineup(&self, ids: &str) -> Result<AnyVariant, VariantError> {
        match self {
            AnyVariant::Chess(v) if v.takes_nations() => {
                v.with_lineup(ids, &[]).map(AnyVariant::Chess)
            }
            _ => Err(VariantError::Field {
                file: self.origin().to_string(),
                field: "nations".into(),
                reason: format!("{} has no nations to choose", self.name()),
            }),
        }
    }

    /// This variant with the optional rules `on` turned on (see
    /// [`Variant::with_options`]); a draughts variant has none.
    pub fn with_options(&self, on: &[&str]) -> Result<AnyVariant, VariantError> {
        match self {
            AnyVariant::Chess(v) => v.with_options(on).map(AnyVariant::Chess),
            AnyVariant::Draughts(_) if on.is_empty() => Ok(self.clone()),
            AnyVariant::Draughts(_) => Err(VariantError::Field {
                file: self.origin().to_string(),
                field: "options".into(),
                reason: format!("{} has no optional rules", self.name()),
            }),
        }
    }

    /// Where the definition came from (a path, or `builtin:NAME`).
    pub fn origin(&self) -> &str {
        match self {
            AnyVariant::Chess(v) => &v.origin,
            AnyVariant::Draughts(v) => v.origin(),
        }
    }
}

/// The object-safe part of [`FamilyVariant`], for [`AnyVariant`]'s accessors.
trait FamilyFace {
    fn name(&self) -> &str;
    fn description(&self) -> &str;
    fn seat_count(&self) -> u8;
    fn team(&self, seat: Seat) -> u8;
    fn seat_name(&self, seat: Seat) -> &str;
    fn free_for_all(&self) -> bool;
    fn view(&self) -> VariantView;
    fn details(&self) -> Vec<(String, String)>;
    fn position_format(&self) -> &'static str;
    fn record_format(&self) -> RecordFormat;
}

impl<V: FamilyVariant> FamilyFace for V {
    fn name(&self) -> &str {
        FamilyVariant::name(self)
    }
    fn description(&self) -> &str {
        FamilyVariant::description(self)
    }
    fn seat_count(&self) -> u8 {
        FamilyVariant::seat_count(self)
    }
    fn team(&self, seat: Seat) -> u8 {
        FamilyVariant::team(self, seat)
    }
    fn seat_name(&self, seat: Seat) -> &str {
        FamilyVariant::seat_name(self, seat)
    }
    fn free_for_all(&self) -> bool {
        FamilyVariant::free_for_all(self)
    }
    fn view(&self) -> VariantView {
        FamilyVariant::view(self)
    }
    fn details(&self) -> Vec<(String, String)> {
        FamilyVariant::details(self)
    }
    fn position_format(&self) -> &'static str {
        FamilyVariant::position_format(self)
    }
    fn record_format(&self) -> RecordFormat {
        FamilyVariant::record_format(self)
    }
}

impl Outcome {
    /// The seats that won (a team wins together); none for a draw.
    pub fn winners(&self, variant: &AnyVariant) -> Vec<Seat> {
        match self {
            Outcome::Win { winner, .. } => (0..variant.seat_count())
                .map(Seat)
                .filter(|&s| variant.team(s) == variant.team(*winner))
                .collect(),
            Outcome::Draw(_) => Vec::new(),
        }
    }
}

/// Something a game refuses to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended.
    #[error("the game is over: {0}")]
    Over(Outcome),
    /// A move that is not legal here.
    #[error("'{text}' is not a legal move in {position}")]
    Illegal {
        /// The move as text.
        text: String,
        /// The position as text.
        position: String,
    },
    /// A move that could not be read or is not legal.
    #[error(transparent)]
    Move(#[from] MoveTextError),
    /// The start position is not valid.
    #[error("start position: {0}")]
    Position(String),
    /// No seat of that number.
    #[error("there is no seat {0}: the game has {1} seats")]
    NoSuchSeat(u8, u8),
    /// The seat has left the game.
    #[error("seat {0} is out of the game")]
    SeatOut(u8),
    /// A draw claim whose conditions do not hold.
    #[error("claim refused: {0}")]
    ClaimRefused(String),
    /// Nothing to take back.
    #[error("there is no move to take back")]
    NothingToUndo,
    /// A seat named a roll of a die: rolls are the game's steps.
    #[error("'{0}' is a roll of a die: the game rolls, no seat does")]
    RollBySeat(String),
    /// A roll asked for where none is due.
    #[error("no roll is due here")]
    NoRollDue,
}

/// A game of any variant: positions, the moves and retirements that led
/// to them, and the endings decided by the players or the clock.
pub struct AnyGame {
    variant: AnyVariant,
    game: Box<dyn ErasedGame>,
    /// The seed of the game's dice (`AnyGame::set_seed`).
    seed: u64,
}

impl Clone for AnyGame {
    fn clone(&self) -> AnyGame {
        AnyGame {
            variant: self.variant.clone(),
            game: self.game.box_clone(),
            seed: self.seed,
        }
    }
}

impl fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyGame")
            .field("variant", &self.variant.name())
            .field("game", &self.game)
            .finish()
    }
}

/// Where a game starts.
#[derive(Clone, Copy)]
enum Start<'a> {
    Default,
    Text(&'a str),
    Numbered(u16),
}

/// Makes the typed game of a chess-kernel variant at its width.
struct ChessGame<'a>(Start<'a>);

impl WithWidth for ChessGame<'_> {
    type Output = Result<Box<dyn ErasedGame>, PlayError>;
    fn run<B: HasSliders>(self, v: &Variant) -> Self::Output {
        let start = match self.0 {
            Start::Default => Ok(Position::<B>::start(v)),
            Start::Text(text) => Position::<B>::from_fen(v, text),
            Start::Numbered(n) => Position::<B>::fischer_random(v, n),
        }
        .map_err(|e| PlayError::Position(e.to_string()))?;
        Ok(Box::new(TypedGame::new(start)))
    }
}

/// The typed game of a draughts variant.
fn draughts_game(v: &DraughtsVariant, start: Start) -> Result<Box<dyn ErasedGame>, PlayError> {
    let pos = match start {
        Start::Default => DraughtsPosition::start(v),
        Start::Text(text) => {
            DraughtsPosition::from_text(v, text).map_err(|e| PlayError::Position(e.to_string()))?
        }
        Start::Numbered(_) => {
            return Err(PlayError::Position(format!(
                "{} has no numbered start positions",
                v.name()
            )));
        }
    };
    Ok(Box::new(TypedGame::new(pos)))
}

impl AnyGame {
    /// A game from the variant's start position.
    pub fn new(variant: &AnyVariant) -> AnyGame {
        AnyGame::from_position(variant, None).expect("a variant's start position is checked")
    }

    /// A game from `position` (FEN, FEN4, the family's text), or from the
    /// start when `None`.
    ///
    /// ```
    /// use tetrarch_rules::{AnyGame, AnyVariant};
    /// let chess = AnyVariant::builtin("chess").unwrap();
    /// // A pawn keeps the game from being drawn for want of material.
    /// let game = AnyGame::from_position(&chess, Some("8/7p/8/8/8/8/8/K2k4 w - - 0 1")).unwrap();
    /// assert_eq!(game.legal_moves().len(), 3);
    /// let err = AnyGame::from_position(&chess, Some("8/8/8/8/8/8/8/K1x5 w - - 0 1")).unwrap_err();
    /// assert!(err.to_string().contains("'x' is not a piece of chess"));
    /// ```
    pub fn from_position(
        variant: &AnyVariant,
        position: Option<&str>,
    ) -> Result<AnyGame, PlayError> {
        AnyGame::starting(variant, position.map_or(Start::Default, Start::Text))
    }

    fn starting(variant: &AnyVariant, start: Start) -> Result<AnyGame, PlayError> {
        let game = match variant {
            AnyVariant::Chess(v) => v.with_width(ChessGame(start))?,
            AnyVariant::Draughts(v) => draughts_game(v, start)?,
        };
        Ok(AnyGame {
            variant: variant.clone(),
            game,
            seed: 0,
        })
    }

    /// A numbered start position (chess960: 0 to 959), for variants that
    /// number them.
    pub fn numbered(variant: &AnyVariant, number: u16) -> Result<AnyGame, PlayError> {
        if variant.view().numbered_starts.is_none() {
            return Err(PlayError::Position(format!(
                "{} has no numbered start positions",
                variant.name()
            )));
        }
        AnyGame::starting(variant, Start::Numbered(number))
    }

    /// A game of `variant` holding `game`, a typed game of its family.
    pub(crate) fn from_typed<P: GamePosition + fmt::Display>(
        variant: &AnyVariant,
        game: TypedGame<P>,
    ) -> AnyGame {
        AnyGame {
            variant: variant.clone(),
            game: Box::new(game),
            seed: 0,
        }
    }

    /// A new game from this game's current position, without the moves
    /// that led there (a match opening; a study from a position).
    ///
    /// ```
    /// use tetrarch_rules::{AnyGame, AnyVariant};
    /// let mut game = AnyGame::new(&AnyVariant::builtin("chess").unwrap());
    /// game.play("e2e4").unwrap();
    /// let fresh = game.restarted();
    /// assert_eq!((fresh.ply(), fresh.start_text()), (0, game.position_text()));
    /// ```
    pub fn restarted(&self) -> AnyGame {
        AnyGame {
            variant: self.variant.clone(),
            game: self.game.restarted(),
            seed: self.seed,
        }
    }

    /// The variant.
    pub fn variant(&self) -> &AnyVariant {
        &self.variant
    }

    /// The typed game, when it is of family `P` (for the engine).
    pub fn typed<P: GamePosition + fmt::Display>(&self) -> Option<&TypedGame<P>> {
        self.game.as_any().downcast_ref()
    }

    /// The seat to move (also once the game is over: the one that would).
    pub fn turn(&self) -> Seat {
        self.game.turn()
    }
    /// Where `seat` stands.
    pub fn seat_state(&self, seat: Seat) -> SeatState {
        self.game.seat_state(seat)
    }
    /// The legal moves of the side to move; none once the game is over.
    pub fn legal_moves(&self) -> Vec<MoveView> {
        self.game.legal_moves()
    }
    /// Play a seat's move given in the variant's protocol notation (UCI
    /// for the chess kernel: `e2e4`, `e7e8q`, `P@e4`, `0000`). Where the
    /// move leaves a die to roll (a chance step), the game rolls it from
    /// its seed ([`AnyGame::set_seed`]) and plays the roll as a step of its
    /// own (`roll=4`); a roll named by a seat is refused.
    pub fn play(&mut self, text: &str) -> Result<MoveView, PlayError> {
        self.play_rolling(text).map(|(view, _)| view)
    }

    /// [`AnyGame::play`], with the rolls the game made after the move
    /// (for a server that announces each step).
    pub fn play_rolling(&mut self, text: &str) -> Result<(MoveView, Vec<MoveView>), PlayError> {
        if text.trim_start().starts_with("roll=") {
            return Err(PlayError::RollBySeat(text.to_string()));
        }
        self.roll_due()?;
        let view = self.game.play_text(text)?;
        let rolls = self.roll_due()?;
        Ok((view, rolls))
    }

    /// Play a step as a record holds it, a roll included, and roll
    /// nothing: what a replay does, so a game replays exactly with any
    /// seed.
    pub fn play_step(&mut self, text: &str) -> Result<MoveView, PlayError> {
        self.game.play_text(text)
    }

    /// The game's seed for its dice: each roll is drawn from it, the
    /// position and the ply (SplitMix64), so the same seed and steps give
    /// the same rolls. 0 until set.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The seed of the game's dice.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether a die is to be rolled now: its number of faces.
    pub fn chance(&self) -> Option<u8> {
        self.game.chance()
    }

    /// Roll every die now due, each a step; the rolls as played.
    pub fn roll_due(&mut self) -> Result<Vec<MoveView>, PlayError> {
        let mut rolls = Vec::new();
        while self.game.chance().is_some() {
            let mix =
                self.game.hash() ^ (self.game.ply() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let draw = crate::SplitMix64::new(self.seed ^ mix).next_u64();
            rolls.push(self.game.roll(draw)?);
        }
        Ok(rolls)
    }
    /// `seat` resigns: its team loses, or in a free-for-all it leaves and
    /// the others play on.
    pub fn resign(&mut self, seat: Seat) -> Result<(), PlayError> {
        self.game.leave(seat, false)
    }
    /// `seat`'s time ran out: as a resignation, recorded as a timeout.
    pub fn time_out(&mut self, seat: Seat) -> Result<(), PlayError> {
        self.game.leave(seat, true)
    }
    /// The players agreed to a draw.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        self.game.decide(Outcome::Draw(DrawReason::Agreement))
    }
    /// End the game with `outcome` (an abandoned seat, a server's decision).
    pub fn decide(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        self.game.decide(outcome)
    }
    /// `seat` claims a draw the variant grants on a claim (impasse).
    pub fn claim_draw(&mut self, seat: Seat) -> Result<DrawReason, PlayError> {
        self.game.claim_draw(seat)
    }
    /// `seat` claims the win the variant grants on a claim: in
    /// `fourway-chesscom-ffa`, one of the last two players leading by the
    /// variant's margin.
    pub fn claim_win(&mut self, seat: Seat) -> Result<Outcome, PlayError> {
        self.game.claim_win(seat)
    }
    /// Each seat's points, where the variant scores them (`None`
    /// elsewhere); once a draw rule has ended the game, with the bonus it
    /// gives the seats still in.
    ///
    /// ```
    /// use tetrarch_rules::{AnyGame, AnyVariant};
    /// let game = AnyGame::new(&AnyVariant::builtin("fourway-chesscom-ffa").unwrap());
    /// assert_eq!(game.points(), Some(vec![0, 0, 0, 0]));
    /// assert_eq!(AnyGame::new(&AnyVariant::builtin("chess").unwrap()).points(), None);
    /// ```
    pub fn points(&self) -> Option<Vec<i32>> {
        self.game.points()
    }
    /// Take back the last move (or retirement); reopens a finished game.
    ///
    /// A roll goes back with the pick that called for it: a position
    /// waiting for a roll is never left behind.
    pub fn undo(&mut self) -> Result<(), PlayError> {
        if !self.game.undo() {
            return Err(PlayError::NothingToUndo);
        }
        while self.game.chance().is_some() && self.game.undo() {}
        Ok(())
    }
    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    /// Steps played (moves and retirements).
    pub fn ply(&self) -> usize {
        self.game.ply()
    }
    /// The move number of the current position as the family's notation
    /// counts it (FEN's fullmove number).
    pub fn move_number(&self) -> u32 {
        self.game.move_number()
    }
    /// The moves played in protocol notation (`R`/`T` for retirements):
    /// what [`AnyGame::play`] takes, to replay the game.
    pub fn moves(&self) -> Vec<String> {
        self.game.move_texts()
    }
    /// The moves as a move list shows them (SAN, PGN4, ...).
    pub fn display_moves(&self) -> Vec<String> {
        self.game.display_moves()
    }
    /// The current position as text (FEN, FEN4).
    pub fn position_text(&self) -> String {
        self.game.position_text()
    }
    /// Whether the game hides something from `viewer` now (`None`: a
    /// spectator): a piece it may not see, or a step it did not see. Once
    /// the game is over nothing is hidden: the true record is shown.
    pub fn hides_from(&self, viewer: Option<Seat>) -> bool {
        self.outcome().is_none() && self.game.hides_from(viewer)
    }
    /// The moves as `viewer` saw them ([`AnyGame::moves`] with `?` for a
    /// step it did not see, as a hidden knight's move); the true moves
    /// once the game is over.
    pub fn moves_seen_by(&self, viewer: Option<Seat>) -> Vec<String> {
        if self.outcome().is_some() {
            return self.moves();
        }
        self.game.texts_seen_by(viewer, false)
    }
    /// [`AnyGame::display_moves`] as `viewer` saw them.
    pub fn display_moves_seen_by(&self, viewer: Option<Seat>) -> Vec<String> {
        if self.outcome().is_some() {
            return self.display_moves();
        }
        self.game.texts_seen_by(viewer, true)
    }
    /// The position text of `viewer`'s view (FEN4 without the hidden
    /// pieces); the true one once the game is over.
    pub fn position_text_seen_by(&self, viewer: Option<Seat>) -> String {
        if self.outcome().is_some() {
            return self.position_text();
        }
        self.game.position_text_seen_by(viewer)
    }
    /// The view game of `viewer`: what a bot of that seat is handed. Where
    /// nothing is hidden from it, the game itself; otherwise a game that
    /// starts at its view of the position now (the others' secrets are
    /// not there), knowing the hashes of its views of every earlier
    /// position for repetition (the moves before are left out: their
    /// texts and the true positions would tell the secrets).
    pub fn seen_by(&self, viewer: Option<Seat>) -> AnyGame {
        AnyGame {
            variant: self.variant.clone(),
            game: self.game.seen_by(viewer),
            seed: self.seed,
        }
    }
    /// The start position as text.
    pub fn start_text(&self) -> String {
        self.game.start_text()
    }
    /// The start position's text as `viewer` may see it (a start holds
    /// secrets too: the Soviet Union's cards); the true one once the game
    /// is over.
    pub fn start_text_seen_by(&self, viewer: Option<Seat>) -> String {
        if self.outcome().is_some() {
            return self.start_text();
        }
        self.game.start_text_seen_by(viewer)
    }
    /// The position as `seat` may see it (`None`: a spectator).
    /// Once the game is over, everyone sees the whole board.
    pub fn view(&self, seat: Option<Seat>) -> BoardView {
        if self.outcome().is_some() {
            return self.game.true_view(seat);
        }
        self.game.view(seat)
    }
    /// The game record (PGN, PGN4) with `tags` first; a `Result` among
    /// them wins over the game's outcome (an adjudicated match game).
    pub fn record(&self, tags: &[(&str, &str)]) -> String {
        self.game.record(tags)
    }
    /// The record's format: `pgn`, `pgn4`.
    pub fn record_format(&self) -> &'static str {
        self.game.record_format()
    }
    /// Perft from the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        self.game.perft(depth)
    }
    /// Perft split by first move, moves in protocol notation.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.game.divide(depth, &mut |_, _| {})
    }
    /// Perft split by first move, telling `progress` `(first moves done,
    /// first moves in all)` before the first and after each (for a
    /// progress bar).
    ///
    /// ```
    /// use tetrarch_rules::{AnyGame, AnyVariant};
    /// let game = AnyGame::new(&AnyVariant::builtin("chess").unwrap());
    /// let mut last = (0, 0);
    /// let split = game.divide_with(3, &mut |done, all| last = (done, all));
    /// assert_eq!(split.iter().map(|s| s.1).sum::<u64>(), 8902);
    /// assert_eq!(last, (20, 20));
    /// ```
    pub fn divide_with(
        &self,
        depth: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(String, u64)> {
        self.game.divide(depth, progress)
    }
    /// The board as text, for people.
    pub fn board_text(&self) -> String {
        self.game.board_text()
    }
}
