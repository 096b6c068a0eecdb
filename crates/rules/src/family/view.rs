//! What a client is told about a variant, a position and a move, in terms
//! every family shares: cells by name, pieces by letter, seats by number.
//! These serialise to the JSON the server sends.

use crate::piece::Kind;
use crate::variant::{Nation, Variant, builtin_nations, lightning_deck};
use serde::Serialize;

/// The letter of a chess-kernel kind as views write it: lowercase, `+`
/// before a promoted kind.
pub(crate) fn kind_letter(v: &Variant, kind: Kind) -> String {
    let p = v.piece(kind);
    if p.promoted {
        format!("+{}", p.letter)
    } else {
        p.letter.to_string()
    }
}

/// A variant, for a client that draws its board and sets up its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantView {
    /// Identifier, such as `chess`.
    pub name: String,
    /// One line for people.
    pub description: String,
    /// The rules family: `chess`, `draughts`.
    pub family: String,
    /// Files of the board.
    pub width: u8,
    /// Ranks of the board.
    pub height: u8,
    /// Cells inside the rectangle that are not on the board (`a1`).
    pub holes: Vec<String>,
    /// The cells drawn dark and played on, where pieces stand on some
    /// cells only (draughts); empty where every cell is played (chess).
    pub dark_cells: Vec<String>,
    /// The seats, in turn order.
    pub seats: Vec<SeatInfoView>,
    /// The kinds of piece.
    pub pieces: Vec<PieceKindView>,
    /// Pieces in hand are dropped (a pocket beside the board).
    pub drops: bool,
    /// Start positions are numbered (chess960: 0 to 959).
    pub numbered_starts: Option<u16>,
    /// Partners are chosen when a game is created (four seats, two teams
    /// of two; `seats[].team` are the default).
    pub choose_partners: bool,
    /// Rules a game may turn on when it is created (`declare_check`).
    pub optional_rules: Vec<String>,
    /// The nations a game may give its seats when it is created, one per
    /// seat (European Chess), or those a fixed line-up plays; empty where
    /// the variant has none.
    pub nations: Vec<NationView>,
    /// How its games are recorded, also the records' file extension:
    /// `pgn`, `pgn4`, `pdn`.
    pub record_format: String,
    /// How its positions are written: `fen`, `fen4`.
    pub position_format: String,
}

/// A nation a seat may play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NationView {
    /// Its id, as a game's `nations` names it.
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Its era.
    pub era: String,
    /// Its power in one line.
    pub power: String,
}

impl From<&Nation> for NationView {
    fn from(n: &Nation) -> NationView {
        NationView {
            id: n.id.clone(),
            name: n.name.clone(),
            era: n.era.clone(),
            power: n.power.clone(),
        }
    }
}

/// The nations a variant's view lists: Lightning's deck; every built-in
/// nation where a game gives its seats nations when it is created; a fixed
/// line-up's own (those built in: a nation file of one's own is known to
/// the line-up by its id alone).
pub(crate) fn nation_views(v: &Variant) -> Vec<NationView> {
    if v.rules.lightning {
        lightning_deck().iter().map(NationView::from).collect()
    } else if v.takes_nations() {
        builtin_nations().map(|n| NationView::from(&n)).collect()
    } else {
        let mut ids: Vec<&str> = v.nations.iter().map(String::as_str).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.into_iter()
            .filter_map(|id| Nation::builtin(id).ok())
            .map(|n| NationView::from(&n))
            .collect()
    }
}

/// A seat of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfoView {
    /// Its number, from 0 in turn order.
    pub seat: u8,
    /// Its name, such as `white` or `red`.
    pub name: String,
    /// Its team: seats of one team are partners.
    pub team: u8,
    /// The edge its army faces away from: `south` for White in chess.
    pub home: String,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceKindView {
    /// Letter as FEN writes it, lowercase, `+` before promoted kinds (`+p`).
    pub letter: String,
    /// Name, such as `knight`.
    pub name: String,
    /// Losing it loses the game.
    pub royal: bool,
}

/// Where a seat stands in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatState {
    /// In the game.
    Playing,
    /// Its royal piece is gone but its army stays, capturing or passing
    /// (Regicide).
    Frozen,
    /// Out of the game.
    Out,
}

/// A position as one seat (or a spectator) may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// The seat to move.
    pub turn: u8,
    /// Seats whose pieces the side to move moves (two for a combined army).
    pub moving: Vec<u8>,
    /// The pieces on the board.
    pub pieces: Vec<PieceView>,
    /// Pieces in hand, per seat.
    pub hands: Vec<HandView>,
    /// Cells of royal pieces in check.
    pub checks: Vec<String>,
    /// Each seat's state, in seat order.
    pub seats: Vec<SeatState>,
    /// Where the variant scores points: each seat's, in seat order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<i32>>,
    /// Seats that may claim the win now (a points lead with two left).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub may_claim_win: Vec<u8>,
    /// Walls on the board (a nation's power), each segment as the two
    /// cells it separates, the one inside the walled area first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<[String; 2]>,
    /// Where seats play nations: the id of the nation each seat plays now,
    /// in seat order (with Lightning it changes in play).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nations: Vec<String>,
    /// Pieces carried inside knights (Mycenae's cargo): per loaded knight
    /// as the viewer may see it; another seat's cargo is one pool, with no
    /// cell (which knight holds what is hidden from it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cargo: Vec<CargoView>,
    /// Standing consents to carry other seats' pieces (Mycenae's cargo):
    /// per carrying seat with any, the seats that gave it. Public: every
    /// seat's view and a spectator's list the same.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub consents: Vec<ConsentView>,
}

/// The seats that let one seat's knights carry their pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConsentView {
    /// The seat whose knights may carry them.
    pub seat: u8,
    /// The seats whose consent stands, in seat order.
    pub from: Vec<u8>,
}

/// What a seat's knight carries, or (no cell) all its knights together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CargoView {
    /// The seat whose knights carry it.
    pub seat: u8,
    /// The knight's cell; `None` for the pool of every knight of the seat
    /// (or an army not yet packed).
    pub cell: Option<String>,
    /// The kind letters carried, one per piece (`kbp`).
    pub pieces: String,
    /// The seat whose army the piece belongs to, for another seat's piece
    /// riding alone in the knight (`cargo`, with its owner's consent);
    /// `None` for the seat's own army.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<u8>,
}

/// A piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// The cell, such as `e4`.
    pub cell: String,
    /// The owner.
    pub seat: u8,
    /// The kind's letter, as in [`PieceKindView::letter`].
    pub kind: String,
    /// Hidden from the other seats (shown to its owner only).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// The pieces one seat holds in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandView {
    /// The seat.
    pub seat: u8,
    /// Kind letters and counts, in the variant's kind order.
    pub pieces: Vec<(String, u8)>,
}

/// A legal move, for a client to show and send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move in the protocol notation (UCI for chess: `e2e4`, `P@e4`).
    pub uci: String,
    /// The move as a move list writes it (SAN, PGN4, a draughts path).
    pub san: String,
    /// The cell it leaves; `None` for drops and passes.
    pub from: Option<String>,
    /// The cell it ends on; `None` for passes.
    pub to: Option<String>,
    /// Cells it passes through and lands on, in order (a draughts capture
    /// path; castling: the king's landing cell).
    pub path: Vec<String>,
    /// The kind a promotion turns the piece into.
    pub promotion: Option<String>,
    /// The kind a drop puts on the board.
    pub drop: Option<String>,
    /// Whether it captures.
    pub capture: bool,
    /// The id of the nation's power it uses (`relocate`), for a move that
    /// is no piece move; such a move acting on one cell has no `from`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
    /// The cells of the pieces a power move names at once, in order, when
    /// it moves none (North Korea's pick of up to three pieces); `from`
    /// and `to` are then `None`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub picks: Vec<String>,
    /// The cell the move chooses for the power `power` names (the piece
    /// Jerusalem shelters, the enemy piece a Dutch piece trades with).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
}
