//! The draughts family behind the family traits: [`DraughtsVariant`] and
//! the draughts [`Position`].

use super::view::{
    BoardView, MoveView, PieceKindView, PieceView, SeatInfoView, SeatState, VariantView,
};
use super::{FamilyVariant, GamePosition, MoveTextError, PlayInPlace, RecordFormat, Step};
use crate::draughts::position::{Child, bit, cells};
use crate::draughts::text::{MoveError, PositionTextError};
use crate::draughts::{DraughtsVariant, Move, Position};
use crate::moves::MoveList;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::Seat;
use crate::variant::{Forward, StalemateRule};

/// Letters of the two kinds of piece, as views write them.
const MAN: &str = "m";
const KING: &str = "k";

impl FamilyVariant for DraughtsVariant {
    fn name(&self) -> &str {
        &self.0.name
    }
    fn description(&self) -> &str {
        &self.0.description
    }
    fn seat_count(&self) -> u8 {
        self.0.seat_count()
    }
    /// Every seat plays for itself.
    fn team(&self, seat: Seat) -> u8 {
        seat.0
    }
    fn seat_name(&self, seat: Seat) -> &str {
        &self.0.seats[seat.idx()].name
    }
    fn view(&self) -> VariantView {
        let t = &*self.0;
        let g = &t.geometry;
        let holes = (0..g.height())
            .flat_map(|r| (0..g.width()).filter_map(move |f| crate::Square::new(f, r)))
            .filter(|&sq| !g.contains(sq))
            .map(|sq| sq.to_string())
            .collect();
        VariantView {
            name: t.name.clone(),
            description: t.description.clone(),
            family: "draughts".into(),
            width: g.width(),
            height: g.height(),
            holes,
            dark_cells: t.squares.iter().map(|s| s.to_string()).collect(),
            seats: t
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfoView {
                    seat: i as u8,
                    name: s.name.clone(),
                    team: i as u8,
                    home: home(s.forward).into(),
                })
                .collect(),
            pieces: vec![
                PieceKindView {
                    letter: MAN.into(),
                    name: "man".into(),
                    royal: false,
                },
                PieceKindView {
                    letter: KING.into(),
                    name: "king".into(),
                    royal: false,
                },
            ],
            drops: false,
            numbered_starts: None,
            choose_partners: false,
            optional_rules: Vec::new(),
            nations: Vec::new(),
            record_format: self.record_format().name().to_string(),
            position_format: self.position_format().to_string(),
        }
    }
    fn details(&self) -> Vec<(String, String)> {
        let t = &*self.0;
        let start = Position::start(self).to_text();
        let crowning: Vec<String> = t
            .seats
            .iter()
            .map(|s| format!("{} on the {} edge", s.name, far(s.forward)))
            .collect();
        let mut lines = vec![
            ("family".to_string(), "draughts".to_string()),
            ("start".into(), start),
            (
                "dark cells".into(),
                format!(
                    "{} (file + rank {}, a1 = 0 + 0)",
                    t.squares.len(),
                    if t.dark_parity == 1 { "odd" } else { "even" }
                ),
            ),
            (
                "men".into(),
                format!("{} rows per seat; step and jump diagonally forward", t.rows),
            ),
            (
                "kings".into(),
                "step and jump one cell diagonally, all four ways".into(),
            ),
            (
                "capture".into(),
                "compulsory, any path; a move ends when no jump is left or on crowning".into(),
            ),
            ("crowning".into(), crowning.join(", ")),
            (
                "out".into(),
                "a player with no legal move on their turn; the last player left wins".into(),
            ),
        ];
        if let Some(m) = t.quiet_moves {
            lines.push((
                "quiet draw".into(),
                format!(
                    "{m} moves each ({} plies) with no capture and no man moving",
                    m * u16::from(t.seat_count())
                ),
            ));
        }
        if let Some(r) = t.repetition {
            lines.push((
                "repetition".into(),
                format!("drawn when the same position occurs {r} times"),
            ));
        }
        lines
    }
    fn position_format(&self) -> &'static str {
        "fen"
    }
    fn record_format(&self) -> RecordFormat {
        RecordFormat::Pdn
    }
}

/// The edge a seat's army faces away from.
fn home(f: Forward) -> &'static str {
    match f {
        Forward::North => "south",
        Forward::South => "north",
        Forward::East => "west",
        Forward::West => "east",
    }
}

/// The edge a seat's men are crowned on.
fn far(f: Forward) -> &'static str {
    match f {
        Forward::North => "north",
        Forward::South => "south",
        Forward::East => "east",
        Forward::West => "west",
    }
}

impl PlayInPlace<Move> for Child<'_> {
    #[inline(always)]
    fn play_unchecked(&mut self, m: Move) {
        Child::play_unchecked(self, m);
    }
}

impl From<MoveError> for MoveTextError {
    fn from(e: MoveError) -> MoveTextError {
        match e {
            MoveError::Syntax(text) => MoveTextError::Syntax {
                text,
                expected: "a draughts path: d3-e4, d3xf5xh7",
            },
            other => MoveTextError::Refused(other.to_string()),
        }
    }
}

impl GamePosition for Position {
    type Move = Move;
    type Variant = DraughtsVariant;
    type Child<'a> = Child<'a>;
    type TextError = PositionTextError;

    fn start_of(variant: &DraughtsVariant) -> Position {
        Position::start(variant)
    }
    fn from_text(variant: &DraughtsVariant, text: &str) -> Result<Position, PositionTextError> {
        Position::from_text(variant, text)
    }
    fn to_text(&self) -> String {
        Position::to_text(self)
    }
    fn family_variant(&self) -> &DraughtsVariant {
        self.variant()
    }

    #[inline(always)]
    fn turn(&self) -> Seat {
        Position::turn(self)
    }
    #[inline(always)]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }
    fn reversible_plies(&self) -> u16 {
        self.quiet_plies()
    }
    fn move_number(&self) -> u32 {
        self.fullmove()
    }

    #[inline(always)]
    fn legal_moves_into(&self, list: &mut MoveList<Move>) {
        Position::legal_moves_into(self, list);
    }
    #[inline(always)]
    fn play_unchecked(&mut self, m: Move) {
        Position::play_unchecked(self, m);
    }
    #[inline(always)]
    fn child(&self) -> Child<'_> {
        Position::child(self)
    }
    fn pass_move(&self) -> Move {
        Move::PASS
    }
    fn is_pass(&self, m: Move) -> bool {
        m.is_pass()
    }
    fn mover(&self, m: Move) -> Option<Seat> {
        if m.is_pass() {
            return None;
        }
        self.owner(m.from())
    }

    fn alive_seats(&self) -> u8 {
        self.alive()
    }
    fn teams_decided(&self) -> bool {
        self.alive().count_ones() <= 1
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.alive().count_ones() == 1 {
            return Some(Outcome::Win {
                winner: Seat(self.alive().trailing_zeros() as u8),
                reason: WinReason::LastPlayer,
            });
        }
        self.fifty_moves_passed()
            .then_some(Outcome::Draw(DrawReason::NoProgress))
    }
    fn fifty_moves_passed(&self) -> bool {
        self.variant
            .0
            .quiet_plies
            .is_some_and(|limit| self.quiet_plies() >= limit)
    }
    /// A player with no legal move is out: with two seats, that loses.
    fn stalemate_rule(&self) -> StalemateRule {
        StalemateRule::Loss
    }
    /// The side to move went out when its turn came (the last to go).
    #[inline(always)]
    fn royal_lost(&self) -> bool {
        self.side_to_move_out()
    }
    fn repetition_limit(&self) -> Option<u8> {
        self.variant.0.repetition
    }
    #[inline]
    fn must_capture(&self) -> bool {
        Position::must_capture(self)
    }

    #[inline(always)]
    fn is_capture(&self, m: Move) -> bool {
        m.is_capture()
    }
    #[inline(always)]
    fn is_promotion(&self, m: Move) -> bool {
        m.is_crowning()
    }
    #[inline(always)]
    fn move_key(m: Move) -> u32 {
        m.key()
    }
    #[inline(always)]
    fn move_cells(m: Move) -> (u8, u8) {
        (m.from(), m.to())
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        Position::parse_move(self, text).map_err(MoveTextError::from)
    }
    fn move_text(&self, m: Move) -> String {
        Position::move_text(self, m)
    }
    fn describe_move(&self, m: Move) -> MoveView {
        let text = self.move_text(m);
        let pass = m.is_pass();
        MoveView {
            uci: text.clone(),
            san: text,
            from: (!pass).then(|| self.cell_name(m.from())),
            to: (!pass).then(|| self.cell_name(m.to())),
            path: if pass {
                Vec::new()
            } else {
                self.landings(m)
                    .into_iter()
                    .map(|c| self.cell_name(c))
                    .collect()
            },
            promotion: m.is_crowning().then(|| KING.to_string()),
            drop: None,
            capture: m.is_capture(),
            power: None,
            picks: Vec::new(),
            chosen: None,
        }
    }

    fn board_view(&self, _seat: Option<Seat>) -> BoardView {
        let n = self.variant.0.seat_count();
        let pieces = (0..n)
            .flat_map(|s| {
                cells(self.pieces(Seat(s))).map(move |c| PieceView {
                    cell: self.cell_name(c),
                    seat: s,
                    kind: if self.kings() & bit(c) != 0 {
                        KING
                    } else {
                        MAN
                    }
                    .into(),
                    hidden: false,
                })
            })
            .collect();
        BoardView {
            turn: self.turn().0,
            moving: vec![self.turn().0],
            pieces,
            hands: Vec::new(),
            points: None,
            may_claim_win: Vec::new(),
            walls: Vec::new(),
            nations: Vec::new(),
            cargo: Vec::new(),
            consents: Vec::new(),
            checks: Vec::new(),
            seats: (0..n).map(|s| self.seat_state(Seat(s))).collect(),
        }
    }
    fn seat_state(&self, seat: Seat) -> SeatState {
        if self.alive() & (1 << seat.0) != 0 {
            SeatState::Playing
        } else {
            SeatState::Out
        }
    }
    fn retire(&mut self, seat: Seat) {
        Position::retire(self, seat);
    }

    fn record(
        positions: &[Self],
        steps: &[Step<Move>],
        outcome: Option<Outcome>,
        tags: &[(&str, &str)],
    ) -> String {
        super::draughts_record::write(positions, steps, outcome, tags)
    }
    fn record_format(&self) -> &'static str {
        RecordFormat::Pdn.name()
    }
}
