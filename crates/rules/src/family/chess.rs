//! The chess kernel as a rules family: [`Position`] at every bitboard width.

use super::view::{
    self, BoardView, HandView, MoveView, PieceKindView, PieceView, SeatInfoView, SeatState,
    VariantView,
};
use super::{FamilyVariant, GamePosition, MoveTextError, PlayInPlace, RecordFormat, Step};
use crate::attacks::HasSliders;
use crate::game::Game;
use crate::moves::{Move, MoveKind, MoveList};
use crate::notation::fen::FenError;
use crate::notation::pgn4::{self, Pgn4Entry};
use crate::notation::san::SanPlus;
use crate::notation::uci::{Chosen, UciMove};
use crate::outcome::{DrawReason, Outcome};
use crate::piece::{HAND_SEATS, Seat};
use crate::position::{Child, Position};
use crate::power::PowerSpec;
use crate::variant::{Forward, StalemateRule, Variant};

impl FamilyVariant for Variant {
    fn name(&self) -> &str {
        &self.name
    }
    fn description(&self) -> &str {
        &self.description
    }
    fn seat_count(&self) -> u8 {
        Variant::seat_count(self)
    }
    fn team(&self, seat: Seat) -> u8 {
        self.seats[seat.idx()].team
    }
    fn seat_name(&self, seat: Seat) -> &str {
        &self.seats[seat.idx()].name
    }
    fn view(&self) -> VariantView {
        let geo = &self.geometry;
        let holes = (0..geo.height())
            .flat_map(|r| (0..geo.width()).map(move |f| (f, r)))
            .filter_map(|(f, r)| crate::Square::new(f, r))
            .filter(|&sq| geo.cell(sq).is_none())
            .map(|sq| sq.to_string())
            .collect();
        VariantView {
            name: self.name.clone(),
            description: self.description.clone(),
            family: "chess".into(),
            width: geo.width(),
            height: geo.height(),
            holes,
            dark_cells: Vec::new(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfoView {
                    seat: i as u8,
                    name: s.name.clone(),
                    team: s.team,
                    home: match s.forward {
                        Forward::North => "south",
                        Forward::South => "north",
                        Forward::East => "west",
                        Forward::West => "east",
                    }
                    .into(),
                })
                .collect(),
            pieces: (0..self.pieces.len())
                .map(|k| PieceKindView {
                    letter: view::kind_letter(self, crate::Kind(k as u8)),
                    name: self.pieces[k].name.clone(),
                    royal: self.pieces[k].royal,
                })
                .collect(),
            drops: self.rules.drops
                || self
                    .powers
                    .iter()
                    .flatten()
                    .any(|p| matches!(p, PowerSpec::Deploy(_))),
            numbered_starts: self.rules.chess960.then_some(960),
            choose_partners: self.rules.choose_partners,
            optional_rules: self.rules.optional.clone(),
            nations: view::nation_views(self),
            record_format: self.record_format().name().to_string(),
            position_format: self.position_format().to_string(),
        }
    }
    fn details(&self) -> Vec<(String, String)> {
        super::chess_variant::details(self)
    }
    fn position_format(&self) -> &'static str {
        if self.seat_count() > 2 { "fen4" } else { "fen" }
    }
    fn record_format(&self) -> RecordFormat {
        if self.seat_count() > 2 {
            RecordFormat::Pgn4
        } else {
            RecordFormat::Pgn
        }
    }
}

impl<B: HasSliders> PlayInPlace<Move> for Child<'_, B> {
    #[inline(always)]
    fn play_unchecked(&mut self, m: Move) {
        Child::play_unchecked(self, m);
    }
}

const PASS: Move = Move::new(0, 0, MoveKind::Pass);

impl<B: HasSliders> GamePosition for Position<B> {
    type Move = Move;
    type Variant = Variant;
    type Child<'a> = Child<'a, B>;
    type TextError = FenError;

    fn start_of(variant: &Variant) -> Self {
        Position::start(variant)
    }
    fn from_text(variant: &Variant, text: &str) -> Result<Self, FenError> {
        Position::from_fen(variant, text)
    }
    fn to_text(&self) -> String {
        self.to_fen()
    }
    fn family_variant(&self) -> &Variant {
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
    #[inline(always)]
    fn reversible_plies(&self) -> u16 {
        self.halfmoves()
    }
    fn move_number(&self) -> u32 {
        u32::from(self.fullmoves())
    }

    #[inline(always)]
    fn legal_moves_into(&self, list: &mut MoveList) {
        Position::legal_moves_into(self, list);
    }
    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }
    #[inline(always)]
    fn count_legal_moves_after(&self, m: Move) -> u64 {
        Position::count_legal_moves_after(self, m)
    }
    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }
    #[inline(always)]
    fn play_unchecked(&mut self, m: Move) {
        Position::play_unchecked(self, m);
    }
    #[inline(always)]
    fn child(&self) -> Child<'_, B> {
        Position::child(self)
    }
    #[inline]
    fn chance(&self) -> Option<u8> {
        if self.draws() != 0 {
            return self.draw_due();
        }
        // A view's challenge whose card is drawn (`secrecy`).
        if self.rules().secret_seats != 0
            && let Some(n) = self.challenge_due()
        {
            return Some(n);
        }
        if self.rules().dice_seats == 0 {
            return None;
        }
        self.dice_due()
    }
    #[inline]
    fn chance_weight(&self, m: Move) -> u32 {
        if self.rules().secret_seats != 0
            && let Some(w) = self.challenge_weight(m)
        {
            return w;
        }
        1
    }
    #[inline]
    fn continues_turn(&self, m: Move) -> bool {
        (self.draws() != 0 && matches!(m.kind(), MoveKind::Roll(_)))
            || (self.rules().dice_seats != 0 && self.is_dice_step(m))
            || (self.rules().stealth_seats != 0 && self.is_hide_step(m))
            || (self.rules().cargo_seats != 0 && (self.is_packing_step(m) || self.is_cargo_step(m)))
            || (self.rules().secret_seats != 0
                && (self.challenge_goes_on(m) || self.outcome_goes_on(m) || self.is_deal_step(m)))
    }
    #[inline(always)]
    fn pass_move(&self) -> Move {
        PASS
    }
    #[inline(always)]
    fn is_pass(&self, m: Move) -> bool {
        m.kind() == MoveKind::Pass
    }
    #[inline]
    fn mover(&self, m: Move) -> Option<Seat> {
        match m.kind() {
            MoveKind::Pass | MoveKind::Roll(_) => return None,
            // A power may act on an empty cell (a new piece); a challenge
            // names another seat's piece.
            // names another seat's piece; so do a consent and an unload of
            // a piece riding in another seat's knight.
            MoveKind::Power(_)
            | MoveKind::Challenge
            | MoveKind::Consent(_)
            | MoveKind::Disembark => return Some(self.turn),
            _ => {}
        }
        // Where armies change hands, the piece's army may be another's now.
        self.piece_at(m.from()).map(|p| self.commander_of(p.seat))
    }

    #[inline(always)]
    fn alive_seats(&self) -> u8 {
        Position::alive_seats(self)
    }
    #[inline(always)]
    fn teams_decided(&self) -> bool {
        Position::teams_decided(self)
    }
    #[inline(always)]
    fn standing_seats(&self) -> u8 {
        Position::standing_seats(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
    /// A seat left without moves because a counter reached its goal has
    /// lost, in check or not.
    fn stalemate_rule(&self) -> StalemateRule {
        if self.rules().seat_state && self.counter_winner().is_some() {
            return StalemateRule::Loss;
        }
        self.variant().rules.stalemate
    }
    #[inline(always)]
    fn fifty_moves_passed(&self) -> bool {
        Position::fifty_moves_passed(self)
    }
    #[inline]
    fn dead_position(&self) -> bool {
        self.variant().rules.insufficient_material
            // Dead positions are sparse; a cheap count spares the full test.
            && self.occupied().count() <= 6
            && self.is_insufficient_material()
    }
    #[inline(always)]
    fn royal_lost(&self) -> bool {
        self.rules().royal_kinds != 0
            && self.royals(Position::turn(self)).is_empty()
            // A royal piece in reserve (`deploy`) is not lost.
            && self.deploying_seats() & (1 << Position::turn(self).0) == 0
            // Nor one inside a knight (`cargo`).
            && self.carrying_seats() & (1 << Position::turn(self).0) == 0
    }
    fn perpetual_check_loses(&self) -> bool {
        self.variant().rules.perpetual_check_loses
    }
    fn repetition_limit(&self) -> Option<u8> {
        self.variant().rules.repetition
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn check_rule(&self) -> bool {
        self.variant().rules.check
    }
    #[inline(always)]
    fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => self.occupied().has(m.to()),
            MoveKind::EnPassant => true,
            MoveKind::Power(_) => self.captures(m),
            _ => false,
        }
    }
    #[inline(always)]
    fn is_promotion(&self, m: Move) -> bool {
        m.promotion().is_some()
    }
    #[inline(always)]
    fn move_key(m: Move) -> u32 {
        m.to_bits()
    }
    #[inline(always)]
    fn move_cells(m: Move) -> (u8, u8) {
        (m.from(), m.to())
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let uci = text.parse::<UciMove>().map_err(|_| MoveTextError::Syntax {
            text: text.to_string(),
            expected: "UCI: e2e4, e7e8q, P@e4, 0000",
        })?;
        uci.to_move(self).map_err(|_| MoveTextError::Illegal {
            text: text.to_string(),
            position: self.to_fen(),
        })
    }
    fn move_text(&self, m: Move) -> String {
        UciMove::from_move(self, m).to_string()
    }
    /// SAN in two-seat games, chess.com's long algebraic with more seats,
    /// and UCI where promoted kinds have no SAN letters (shogi; see
    /// docs/rules.md).
    fn display_move(&self, m: Move) -> String {
        let v = self.variant();
        if v.seat_count() > 2 {
            crate::notation::pgn4::move_text(self, m)
        } else if v.pieces.iter().any(|p| p.promoted) {
            self.move_text(m)
        } else {
            SanPlus::from_move(self, m).to_string()
        }
    }
    fn describe_move(&self, m: Move) -> MoveView {
        // A move is described as its mover sees it: a move onto a piece
        // hidden from it is no capture to it (else its legal list would
        // tell where the piece is).
        if !self.sees_all(Some(self.turn())) {
            return self.seen_by(Some(self.turn())).describe(m);
        }
        self.describe(m)
    }

    fn board_view(&self, seat: Option<Seat>) -> BoardView {
        if !self.sees_all(seat) {
            return self.seen_by(seat).view_for(seat);
        }
        self.view_for(seat)
    }
    fn true_board_view(&self, seat: Option<Seat>) -> BoardView {
        self.view_for(seat)
    }
    fn seen_by(&self, viewer: Option<Seat>) -> Self {
        Position::seen_by(self, viewer)
    }
    fn seen_after(&self, viewer: Option<Seat>, earlier: &[Self], steps: &[Step<Move>]) -> Self {
        let mut view = Position::seen_by(self, viewer);
        let record = earlier.iter().zip(steps).map(|(p, s)| match s {
            Step::Move(m) => (p, Some(*m)),
            Step::Retire { .. } => (p, None),
        });
        view.learn_windows(viewer, record);
        view
    }
    fn hides_from(&self, viewer: Option<Seat>) -> bool {
        !self.sees_all(viewer)
    }
    fn step_seen_by(&self, m: Move, viewer: Option<Seat>) -> bool {
        self.move_seen_by(m, viewer)
    }
    fn seat_state(&self, seat: Seat) -> SeatState {
        self.state_of(seat)
    }
    fn retire(&mut self, seat: Seat) {
        self.retire_seat(seat);
    }
    fn claim_draw(&self, seat: Seat) -> Result<DrawReason, String> {
        self.impasse(seat)
    }
    fn claim_win(&self, seat: Seat) -> Result<Outcome, String> {
        Position::claim_win(self, seat)
    }
    fn points(&self, drawn: bool) -> Option<Vec<i32>> {
        let n = self.variant().seat_count() as usize;
        let drawn = drawn || (self.rules().scoring && self.drawn_by_rule());
        self.final_points(drawn)
            .map(|p| p[..n].iter().map(|&x| i32::from(x)).collect())
    }
    fn points_outcome(&self, drawn: bool) -> Option<Outcome> {
        Position::points_outcome(self, drawn)
    }

    fn record(
        positions: &[Self],
        steps: &[Step<Move>],
        outcome: Option<Outcome>,
        tags: &[(&str, &str)],
    ) -> String {
        write_record(positions, steps, outcome, tags)
    }
    fn record_format(&self) -> &'static str {
        if self.variant().seat_count() > 2 {
            "pgn4"
        } else {
            "pgn"
        }
    }
}

impl<B: HasSliders> Position<B> {
    fn cell_name(&self, cell: u8) -> String {
        self.variant().geometry.square(cell).to_string()
    }

    fn describe(&self, m: Move) -> MoveView {
        let cell = |c: u8| Some(self.cell_name(c));
        let picks = self.named_pieces(m).unwrap_or_default();
        let (from, to, path) = match m.kind() {
            // A pick names pieces, it moves none: a board offers it by
            // toggling the pieces, not by a drag or a click.
            MoveKind::Power(_) if !picks.is_empty() => (None, None, Vec::new()),
            MoveKind::Pass | MoveKind::Roll(_) => (None, None, Vec::new()),
            MoveKind::Drop(_) => (None, cell(m.to()), Vec::new()),
            // A power acting on one cell (a piece turned or placed) is no
            // move from it, nor is a turn of two piece moves one drag: a
            // board picks them from the move list, not by a click.
            MoveKind::Power(_) if m.from() == m.to() || self.second_move(m).is_some() => {
                (None, cell(m.to()), Vec::new())
            }
            // A consent names the carrying seat by its first knight; an
            // owner's unload lands on a cell from another seat's knight,
            // which it cannot pick up: both are used from a power button.
            MoveKind::Challenge | MoveKind::Consent(_) | MoveKind::Disembark => {
                (None, cell(m.to()), Vec::new())
            }
            MoveKind::Castle => {
                let (king, _) = self.castle_targets(m.from(), m.to());
                let path = vec![self.cell_name(king), self.cell_name(m.to())];
                (cell(m.from()), cell(king), path)
            }
            _ => (cell(m.from()), cell(m.to()), Vec::new()),
        };
        let letter = |k: crate::Kind| Some(view::kind_letter(self.variant(), k));
        MoveView {
            uci: self.move_text(m),
            san: self.display_move(m),
            from,
            to,
            path,
            promotion: m.promotion().and_then(letter),
            drop: match m.kind() {
                MoveKind::Drop(k) => letter(k),
                _ => None,
            },
            capture: GamePosition::is_capture(self, m),
            power: match m.kind() {
                MoveKind::Power(i) => self
                    .variant()
                    .powers
                    .get(self.turn().idx())
                    .and_then(|p| p.get(i as usize))
                    .map(|p| p.id().to_string()),
                MoveKind::Challenge => Some(crate::notation::uci::CHALLENGE.to_string()),
                MoveKind::Consent(_) => Self::guest_step_name(m).map(str::to_string),
                // Its text is Mycenae's power's (`cargo@f4e4=p`); its
                // button says what it does for the owner.
                MoveKind::Disembark => Some("unload".to_string()),
                _ if m.choice() != 0 => self.choosing_power_id().map(str::to_string),
                _ => None,
            },
            picks: picks.iter().map(|&c| self.cell_name(c)).collect(),
            // A bluff's mark (`secrecy`) is no choice: nothing shows it.
            chosen: (m.choice() != 0 && self.choosing_power().is_some()).then(|| {
                let geo = &self.variant().geometry;
                Chosen::of(self.chosen_cells(m).into_iter().map(|c| geo.square(c))).to_string()
            }),
        }
    }

    fn view_for(&self, _seat: Option<Seat>) -> BoardView {
        let v = self.variant();
        let geo = &v.geometry;
        // What is left of the hidden pieces is what the viewer may see:
        // its own, marked (a face-down card too: the others see it unknown).
        let hidden = self.hidden_cells(None) | self.cards_hidden_from(None);
        let pieces = geo
            .playable_cells()
            .filter_map(|c| {
                self.piece_at(c).map(|p| PieceView {
                    cell: self.cell_name(c),
                    seat: p.seat.0,
                    kind: view::kind_letter(v, p.kind),
                    hidden: hidden.has(c),
                })
            })
            .collect();
        let seats = v.seat_count();
        let hands = if v.rules.drops {
            (0..seats.min(HAND_SEATS as u8))
                .map(|s| HandView {
                    seat: s,
                    pieces: (0..v.pieces.len())
                        .map(|k| crate::Kind(k as u8))
                        .filter(|&k| self.hand(Seat(s), k) > 0)
                        .map(|k| (view::kind_letter(v, k), self.hand(Seat(s), k)))
                        .collect(),
                })
                .collect()
        } else {
            // A reserve (deployment) is shown as a hand: its pieces are
            // dropped as a hand's are.
            (0..seats)
                .map(Seat)
                .filter(|&s| self.rules.deploy_seats & (1 << s.0) != 0)
                .map(|s| HandView {
                    seat: s.0,
                    pieces: self
                        .reserve_counts(s)
                        .into_iter()
                        .map(|(k, n)| (view::kind_letter(v, k), n))
                        .collect(),
                })
                .collect()
        };
        let checks = if v.rules.check {
            (0..seats)
                .map(Seat)
                .filter(|&s| self.royal_attacked(s))
                .flat_map(|s| {
                    self.royals(s)
                        .iter()
                        .map(|c| self.cell_name(c))
                        .collect::<Vec<_>>()
                })
                .collect()
        } else {
            Vec::new()
        };
        let moving = self.moving_seats();
        BoardView {
            turn: Position::turn(self).0,
            moving: (0..seats).filter(|s| moving & (1 << s) != 0).collect(),
            pieces,
            hands,
            checks,
            seats: (0..seats).map(|s| self.state_of(Seat(s))).collect(),
            points: v.points.as_ref().map(|_| {
                (0..seats)
                    .map(|s| i32::from(self.points(Seat(s))))
                    .collect()
            }),
            may_claim_win: (0..seats)
                .filter(|&s| self.claim_win(Seat(s)).is_ok())
                .collect(),
            walls: self
                .walls()
                .into_iter()
                .map(|(a, b)| [self.cell_name(a), self.cell_name(b)])
                .collect(),
            nations: self.nations_now(),
            cargo: self.cargo_views(),
            consents: self.consent_views(),
        }
    }

    fn state_of(&self, seat: Seat) -> SeatState {
        if self.walking_seats() & (1 << seat.0) != 0 {
            // A dead king walking: its grey army stays, its king walks.
            return SeatState::Frozen;
        }
        if Position::alive_seats(self) & (1 << seat.0) != 0 {
            SeatState::Playing
        } else if self.seat_pieces(seat).is_empty() || self.rules().transfers {
            SeatState::Out
        } else {
            SeatState::Frozen
        }
    }

    /// Impasse: both royal pieces stand in their promotion zones and the
    /// claimant is not in check.
    fn impasse(&self, seat: Seat) -> Result<DrawReason, String> {
        let v = self.variant();
        if !v.rules.impasse {
            return Err(format!("{} has no draw to claim", v.name));
        }
        let zones = &self.rules().promotion_zone;
        let entered = (0..v.seat_count()).all(|s| {
            let royals = self.royals(Seat(s));
            !royals.is_empty() && (royals & !zones[s as usize]).is_empty()
        });
        if !entered {
            return Err("both kings must stand in their promotion zones".into());
        }
        if Position::turn(self) == seat && Position::in_check(self) {
            return Err("a player in check cannot claim impasse".into());
        }
        Ok(DrawReason::Impasse)
    }
}

/// The record of a chess-kernel game: PGN with two seats, PGN4 with more.
/// A `Result` among `tags` wins over `outcome` (a match runner's
/// adjudication is not an outcome of the game).
fn write_record<B: HasSliders>(
    positions: &[Position<B>],
    steps: &[Step<Move>],
    outcome: Option<Outcome>,
    tags: &[(&str, &str)],
) -> String {
    let start = &positions[0];
    let mut game = Game::new(start.clone());
    for (i, step) in steps.iter().enumerate() {
        match step {
            Step::Move(m) if game.moves().len() == i => {
                game.play(*m).expect("a recorded move is legal")
            }
            _ => break,
        }
    }
    let given = tags.iter().find(|(name, _)| *name == "Result").map(|t| t.1);
    if start.variant().seat_count() <= 2 {
        let result = given.unwrap_or_else(|| outcome.map_or("*", |o| o.pgn_result()));
        return pgn_record(&game, &with_result(tags, result));
    }
    let result = given.map_or_else(|| pgn4::result_token(start, outcome), str::to_string);
    let mut record = game.to_pgn4(&with_result(tags, &result));
    // Seats that left in a game that went on: an `R` or `T` entry where they left.
    record.entries = steps
        .iter()
        .zip(positions)
        .map(|(step, pos)| Pgn4Entry {
            round: u32::from(pos.fullmoves()),
            text: match step {
                Step::Move(m) => pgn4::move_text(pos, *m),
                Step::Retire { timed_out, .. } => if *timed_out { "T" } else { "R" }.into(),
            },
        })
        .collect();
    let end = positions.last().expect("a game has a start");
    record.set_tag("CurrentMove", &steps.len().to_string());
    record.set_tag("CurrentPosition", &end.to_fen());
    record.to_string()
}

/// `tags`, with `Result` last when they have none.
fn with_result<'a>(tags: &[(&'a str, &'a str)], result: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut tags = tags.to_vec();
    if !tags.iter().any(|t| t.0 == "Result") {
        tags.push(("Result", result));
    }
    tags
}

/// The PGN text of `game`. Where its SAN does not read back to the same
/// moves (a variant SAN cannot fully express), the moves are written in
/// UCI with a `MoveNotation "UCI"` tag, which the record reader follows.
fn pgn_record<B: HasSliders>(game: &Game<B>, tags: &[(&str, &str)]) -> String {
    let mut pgn = game.to_pgn(tags);
    let variant = game.start().variant();
    let reads_back = Game::<B>::from_pgn(&pgn, variant).is_ok_and(|g| g.moves() == game.moves());
    if !reads_back {
        pgn.moves = game
            .positions()
            .iter()
            .zip(game.moves())
            .map(|(p, &m)| UciMove::from_move(p, m).to_string())
            .collect();
        pgn.set_tag("MoveNotation", "UCI");
    }
    pgn.to_string()
}
