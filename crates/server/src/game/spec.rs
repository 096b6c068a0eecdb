//! How a game is set up: the create request, checked against the variant
//! into a [`GameSpec`] that is stored with the game.

use serde::{Deserialize, Serialize};
use tetrarch_rules::{AnyGame, AnyVariant, PlayError, Seat};

/// The longest base time a clock may have: a day.
const MAX_INITIAL_MS: u64 = 24 * 3600 * 1000;
/// The largest increment: an hour.
const MAX_INCREMENT_MS: u64 = 3600 * 1000;
/// The most days per move of a correspondence game.
const MAX_DAYS: u32 = 30;

/// A game's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ClockSpec {
    /// Base time and Fischer increment.
    Fischer {
        /// Base time of each seat.
        initial_ms: u64,
        /// Added after each move.
        increment_ms: u64,
    },
    /// Correspondence: each move within so many days.
    Correspondence {
        /// Days for each move.
        days_per_move: u32,
    },
}

impl ClockSpec {
    /// Checks the numbers.
    fn check(&self) -> Result<(), String> {
        match *self {
            ClockSpec::Fischer {
                initial_ms,
                increment_ms,
            } => {
                if initial_ms == 0 && increment_ms == 0 {
                    Err("a clock needs initial time or an increment".into())
                } else if initial_ms > MAX_INITIAL_MS {
                    Err(format!("initial_ms {initial_ms} is over a day"))
                } else if increment_ms > MAX_INCREMENT_MS {
                    Err(format!("increment_ms {increment_ms} is over an hour"))
                } else if initial_ms < 1000 && increment_ms < 1000 {
                    Err("a clock needs at least a second of initial time or increment".into())
                } else {
                    Ok(())
                }
            }
            ClockSpec::Correspondence { days_per_move } => {
                if (1..=MAX_DAYS).contains(&days_per_move) {
                    Ok(())
                } else {
                    Err(format!("days_per_move must be 1 to {MAX_DAYS}"))
                }
            }
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// The creator.
    Me,
    /// Whoever joins with the seat's invite.
    Open,
    /// The engine.
    Bot,
}

/// A seat in the create request.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// Who plays it.
    pub kind: SeatKind,
    /// A bot's level, 1 to 8.
    pub level: Option<u8>,
    /// A name to show.
    pub name: Option<String>,
}

/// The chat of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChatMode {
    /// Players and spectators, each in their room; team rooms in team games.
    #[default]
    Open,
    /// No chat.
    Closed,
    /// Private messages between any two seats (European Chess); team rooms.
    Secret,
}

/// What an absent player's opponents may do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AbsenceRule {
    /// Claim the win (in a free-for-all: put the absent seat out).
    #[default]
    Claim,
    /// The seat is handed to a bot.
    Bot,
}

/// The create request: `POST /api/games`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// A built-in variant's name.
    pub variant: String,
    /// The clock, or none.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// One entry a seat, in turn order.
    pub seats: Vec<SeatRequest>,
    /// A start position in the variant's notation (FEN, FEN4).
    #[serde(default)]
    pub fen: Option<String>,
    /// A numbered start (chess960: 0 to 959).
    #[serde(default)]
    pub number: Option<u16>,
    /// Nations per seat, for variants that have them.
    #[serde(default)]
    pub nations: Option<Vec<String>>,
    /// Each seat's team, for variants whose partners may be chosen.
    #[serde(default)]
    pub teams: Option<Vec<u8>>,
    /// Optional rules of the variant to turn on (its `optional_rules`).
    #[serde(default)]
    pub options: Vec<String>,
    /// Listed in the lobby (default: yes).
    #[serde(default = "yes")]
    pub public: bool,
    /// The chat mode (default: open).
    #[serde(default)]
    pub chat: ChatMode,
    /// Milliseconds of disconnection after which a player is absent
    /// (default 60 000; at least 5 000).
    #[serde(default)]
    pub absent_after_ms: Option<u64>,
    /// What absence allows (default: claim).
    #[serde(default)]
    pub absence: AbsenceRule,
}

fn yes() -> bool {
    true
}

/// A seat as stored: who plays it, never its secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSpec {
    /// Player or bot (an open seat is a player seat not yet joined).
    pub bot: Option<u8>,
    /// Its name.
    pub name: Option<String>,
}

/// A game's setup, stored with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// The variant's name.
    pub variant: String,
    /// The start position given, if any.
    pub fen: Option<String>,
    /// The numbered start, if any.
    pub number: Option<u16>,
    /// Each seat's nation, where the variant has nations (European Chess).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nations: Option<Vec<String>>,
    /// Each seat's team, where the partners were chosen (games stored
    /// before this field have the variant's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<u8>>,
    /// The optional rules turned on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// The clock.
    pub clock: Option<ClockSpec>,
    /// Listed in the lobby.
    pub public: bool,
    /// The chat mode.
    pub chat: ChatMode,
    /// Milliseconds of disconnection that make a player absent.
    pub absent_after_ms: u64,
    /// What absence allows.
    pub absence: AbsenceRule,
    /// The seed of the game's dice (nations that roll one), drawn at
    /// random when the game is made and never sent: a replay of the
    /// stored moves rolls the same dice (games stored before it have 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seed: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A setup that does not fit.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// No such variant.
    #[error("unknown variant '{0}' (known: {1})")]
    UnknownVariant(String, String),
    /// The start position is not valid.
    #[error("{0}")]
    Position(PlayError),
    /// The clock's numbers are impossible.
    #[error("clock: {0}")]
    Clock(String),
    /// The seats do not fit the variant.
    #[error("seats: {0}")]
    Seats(String),
    /// An option the variant does not have.
    #[error("{0}")]
    Option(String),
}

impl SpecError {
    /// The short code of the API's error body.
    pub fn code(&self) -> &'static str {
        match self {
            SpecError::UnknownVariant(..) => "unknown-variant",
            SpecError::Position(_) => "bad-position",
            SpecError::Clock(_) => "bad-clock",
            SpecError::Seats(_) => "bad-seats",
            SpecError::Option(_) => "bad-option",
        }
    }
}

/// A checked create request: the spec, each seat's kind and bot level,
/// and the game at its start.
pub struct Checked {
    /// The setup to store.
    pub spec: GameSpec,
    /// Each seat's kind.
    pub kinds: Vec<SeatKind>,
    /// Each seat as stored.
    pub seats: Vec<SeatSpec>,
    /// The game at its start.
    pub game: AnyGame,
}

/// The variant named `name`.
pub fn variant(name: &str) -> Result<AnyVariant, SpecError> {
    AnyVariant::builtin(name).map_err(|_| {
        SpecError::UnknownVariant(
            name.to_string(),
            AnyVariant::builtin_names().collect::<Vec<_>>().join(", "),
        )
    })
}

/// The variant a stored spec plays: the named variant, with the nations
/// and the partners chosen for the game.
pub fn game_variant(spec: &GameSpec) -> Result<AnyVariant, SpecError> {
    let variant = with_nations(variant(&spec.variant)?, spec.nations.as_deref())?;
    let variant = match &spec.teams {
        Some(teams) => variant
            .with_teams(teams)
            .map_err(|e| option_error("teams", e))?,
        None => variant,
    };
    with_options(variant, &spec.options)
}

/// `variant` with the seats' nations, if any are given.
fn with_nations(variant: AnyVariant, nations: Option<&[String]>) -> Result<AnyVariant, SpecError> {
    let Some(ids) = nations else {
        return Ok(variant);
    };
    if let Some(id) = ids.iter().find(|id| id.contains(',')) {
        return Err(SpecError::Option(format!(
            "nations: '{id}' is not one nation id"
        )));
    }
    variant
        .with_lineup(&ids.join(","))
        .map_err(|e| option_error("nations", e))
}

/// `variant` with the optional rules `on` turned on.
fn with_options(variant: AnyVariant, on: &[String]) -> Result<AnyVariant, SpecError> {
    let on: Vec<&str> = on.iter().map(String::as_str).collect();
    variant
        .with_options(&on)
        .map_err(|e| option_error("options", e))
}

/// A refused option, named as the request names it, without the variant
/// file's origin.
fn option_error(field: &str, e: tetrarch_rules::variant::VariantError) -> SpecError {
    SpecError::Option(match e {
        tetrarch_rules::variant::VariantError::Field { reason, .. } => format!("{field}: {reason}"),
        other => other.to_string(),
    })
}

/// The game a spec starts from.
pub fn start(variant: &AnyVariant, spec: &GameSpec) -> Result<AnyGame, SpecError> {
    let mut game = start_unseeded(variant, spec)?;
    game.set_seed(spec.seed);
    // A start position may wait for a roll: the game rolls it at once.
    game.roll_due().map_err(SpecError::Position)?;
    Ok(game)
}

fn start_unseeded(variant: &AnyVariant, spec: &GameSpec) -> Result<AnyGame, SpecError> {
    match (&spec.fen, spec.number) {
        (Some(_), Some(_)) => Err(SpecError::Option(
            "give either a start position (fen) or a numbered start (number), not both".into(),
        )),
        (Some(fen), None) => {
            AnyGame::from_position(variant, Some(fen)).map_err(SpecError::Position)
        }
        (None, Some(n)) => AnyGame::numbered(variant, n).map_err(SpecError::Position),
        (None, None) => Ok(AnyGame::new(variant)),
    }
}

/// Checks `request` against its variant.
pub fn check(request: &CreateRequest) -> Result<Checked, SpecError> {
    let variant = variant(&request.variant)?;
    if let Some(clock) = &request.clock {
        clock.check().map_err(SpecError::Clock)?;
    }
    let count = variant.seat_count() as usize;
    if request.seats.len() != count {
        return Err(SpecError::Seats(format!(
            "{} has {count} seats, the request gives {}",
            variant.name(),
            request.seats.len()
        )));
    }
    let mut seats = Vec::with_capacity(count);
    for (i, seat) in request.seats.iter().enumerate() {
        let bot = match (seat.kind, seat.level) {
            (SeatKind::Bot, Some(level @ 1..=8)) => Some(level),
            (SeatKind::Bot, Some(level)) => {
                return Err(SpecError::Seats(format!(
                    "seat {i}: bot level {level} is not 1 to 8"
                )));
            }
            (SeatKind::Bot, None) => {
                return Err(SpecError::Seats(format!(
                    "seat {i}: a bot needs a level (1 to 8)"
                )));
            }
            (_, Some(_)) => {
                return Err(SpecError::Seats(format!(
                    "seat {i}: only bots have a level"
                )));
            }
            (_, None) => None,
        };
        let name = match &seat.name {
            Some(n) if n.chars().count() > 40 || n.chars().any(char::is_control) => {
                return Err(SpecError::Seats(format!(
                    "seat {i}: a name is at most 40 printable characters"
                )));
            }
            n => n.clone(),
        };
        seats.push(SeatSpec { bot, name });
    }
    let nations = request.nations.clone().filter(|n| !n.is_empty());
    let variant = with_nations(variant, nations.as_deref())?;
    let own: Vec<u8> = (0..variant.seat_count())
        .map(|s| variant.team(Seat(s)))
        .collect();
    // Partners the variant has anyway are not stored as a choice.
    let teams = request.teams.clone().filter(|t| *t != own);
    let variant = match &teams {
        Some(t) => variant
            .with_teams(t)
            .map_err(|e| option_error("teams", e))?,
        None => variant,
    };
    let mut options = request.options.clone();
    options.sort();
    options.dedup();
    let variant = with_options(variant, &options)?;
    let absent_after_ms = request.absent_after_ms.unwrap_or(60_000);
    if absent_after_ms < 5_000 {
        return Err(SpecError::Option("absent_after_ms is at least 5000".into()));
    }
    let spec = GameSpec {
        variant: variant.name().to_string(),
        fen: request.fen.clone(),
        number: request.number,
        nations,
        teams,
        options,
        clock: request.clock,
        public: request.public,
        chat: request.chat,
        absent_after_ms,
        absence: request.absence,
        seed: crate::secret::random_u64(),
    };
    let game = start(&variant, &spec)?;
    if game.outcome().is_some() {
        return Err(SpecError::Position(PlayError::Position(
            "the game is already over in that position".into(),
        )));
    }
    Ok(Checked {
        spec,
        kinds: request.seats.iter().map(|s| s.kind).collect(),
        seats,
        game,
    })
}
