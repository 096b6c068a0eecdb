//! The JSON clients get: the full state and the events, rendered from the
//! game through the rules crate's views (no variant is named here).

use super::offers::OffersView;
use super::spec::ClockSpec;
use serde::Serialize;
use tetrarch_rules::any::AnyVariant;
use tetrarch_rules::family::view::{BoardView, MoveView, SeatState, VariantView};
use tetrarch_rules::{Outcome, Seat};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct OutcomeView {
    /// The winning seats (a team wins together); empty for a draw.
    pub winners: Vec<u8>,
    /// Why: `checkmate`, `timeout`, `agreement`, `aborted`, ...
    pub reason: String,
    /// In words: `white wins by checkmate`.
    pub text: String,
}

impl OutcomeView {
    /// The view of `outcome`.
    pub fn of(outcome: &Outcome, variant: &AnyVariant) -> OutcomeView {
        let reason = match outcome {
            Outcome::Win { reason, .. } => reason.name(),
            Outcome::Draw(reason) => reason.name(),
        };
        OutcomeView {
            winners: outcome.winners(variant).iter().map(|s| s.0).collect(),
            reason: reason.to_string(),
            text: outcome.describe(variant),
        }
    }

    /// An aborted game's.
    pub fn aborted() -> OutcomeView {
        OutcomeView {
            winners: Vec::new(),
            reason: "aborted".into(),
            text: "the game was aborted".into(),
        }
    }
}

/// A seat as everyone may see it (never its token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Its number, in turn order.
    pub seat: u8,
    /// The variant's name for it: `white`, `red`.
    pub name: String,
    /// The player's name, if given.
    pub player: Option<String>,
    /// Its team.
    pub team: u8,
    /// `player`, `open` (waiting for someone to join) or `bot`.
    pub kind: &'static str,
    /// A bot's level.
    pub level: Option<u8>,
    /// A player has a live connection.
    pub connected: bool,
    /// Disconnected for longer than the game allows.
    pub absent: bool,
    /// In the game, frozen, or out.
    pub state: SeatState,
}

/// A chat line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChatView {
    /// The event version it came with.
    pub v: u64,
    /// `players`, `spectators`, `team`, `private`.
    pub room: String,
    /// The seat that said it (`None`: a spectator).
    pub from: Option<u8>,
    /// The seat a private message went to.
    pub to: Option<u8>,
    /// What was said.
    pub text: String,
}

/// Everything about a game a viewer may see.
#[derive(Clone, Debug, Serialize)]
pub struct FullState {
    /// The game's id.
    pub id: String,
    /// The version of the last event.
    pub v: u64,
    /// The epoch of the event numbering (it changes when the game's task
    /// restarts; a client with another epoch gets the full state).
    pub epoch: u64,
    /// The variant's name.
    pub variant: String,
    /// The variant, for drawing the board.
    pub variant_view: VariantView,
    /// The variant's optional rules this game plays (`declare_check`).
    pub options: Vec<String>,
    /// Each seat's nation, where the game has nations (European Chess).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nations: Option<Vec<String>>,
    /// `created` (seats open), `started`, `finished`, `aborted`.
    pub status: &'static str,
    /// The seat to move.
    pub turn: u8,
    /// Plies played.
    pub ply: usize,
    /// The position (FEN, FEN4).
    pub fen: String,
    /// The start position.
    pub start_fen: String,
    /// The moves, in the notation the move route takes.
    pub moves: Vec<String>,
    /// The moves as a move list shows them (SAN, PGN4).
    pub san: Vec<String>,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// The clock setting.
    pub clock: Option<ClockSpec>,
    /// Time left per seat, now; `null` without a clock.
    pub clocks_ms: Option<Vec<i64>>,
    /// The seat whose clock runs.
    pub running: Option<u8>,
    /// The legal moves of the seat to move (empty when over, or when the
    /// viewer may not see them).
    pub legal: Vec<MoveView>,
    /// The board as the viewer may see it.
    pub board: BoardView,
    /// Pending offers.
    pub offers: OffersView,
    /// The outcome, once over.
    pub outcome: Option<OutcomeView>,
    /// Recent chat the viewer may read.
    pub chat: Vec<ChatView>,
    /// The viewer's seat.
    pub you: Option<u8>,
    /// Listed in the lobby.
    pub public: bool,
}

/// Where a game stands after a change: what every move, takeback and
/// state event carries beside what changed.
#[derive(Serialize)]
pub struct Standing<'a> {
    /// Plies played.
    pub ply: usize,
    /// The seat to move.
    pub turn: u8,
    /// Time left per seat.
    pub clocks_ms: Option<&'a [i64]>,
    /// Whose clock runs.
    pub running: Option<u8>,
    /// The board, as the viewer may see it.
    pub board: &'a BoardView,
    /// The legal moves of the seat to move (for the viewer who may see them).
    pub legal: &'a [MoveView],
    /// The game's status.
    pub status: &'static str,
}

/// A move event.
#[derive(Serialize)]
pub struct MoveEvent<'a> {
    /// `move`.
    pub t: &'static str,
    /// Version.
    pub v: u64,
    /// Who moved.
    pub seat: u8,
    /// The move, protocol notation.
    pub uci: &'a str,
    /// The move as a move list shows it.
    pub san: &'a str,
    /// The game after it.
    #[serde(flatten)]
    pub standing: Standing<'a>,
    /// Outcome after it.
    pub outcome: Option<&'a OutcomeView>,
}

/// A takeback event: the game as it is after.
#[derive(Serialize)]
pub struct TakebackEvent<'a> {
    /// `takeback`.
    pub t: &'static str,
    /// Version.
    pub v: u64,
    /// The moves left.
    pub moves: &'a [String],
    /// As a move list shows them.
    pub san: &'a [String],
    /// The game after it.
    #[serde(flatten)]
    pub standing: Standing<'a>,
}

/// A change without a move (`resign`, `timeout`, `claim`, `draw`,
/// `abandon`): the shape of a takeback event, named by what happened.
#[derive(Serialize)]
pub struct StateEvent<'a> {
    /// `state`.
    pub t: &'static str,
    /// Version.
    pub v: u64,
    /// What happened.
    pub what: &'static str,
    /// Who did it.
    pub seat: u8,
    /// The game after it.
    #[serde(flatten)]
    pub standing: Standing<'a>,
    /// Outcome after it.
    pub outcome: Option<&'a OutcomeView>,
}

/// The seat view of every seat of `variant`, given the per-seat facts.
pub fn seat_views(
    variant: &AnyVariant,
    facts: impl Iterator<
        Item = (
            Option<String>,
            &'static str,
            Option<u8>,
            bool,
            bool,
            SeatState,
        ),
    >,
) -> Vec<SeatView> {
    facts
        .enumerate()
        .map(
            |(i, (player, kind, level, connected, absent, state))| SeatView {
                seat: i as u8,
                name: variant.seat_name(Seat(i as u8)).to_string(),
                player,
                team: variant.team(Seat(i as u8)),
                kind,
                level,
                connected,
                absent,
                state,
            },
        )
        .collect()
}
