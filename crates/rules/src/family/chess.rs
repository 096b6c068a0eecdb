//! The chess kernel as a rules family: [`Position`] at every bitboard width.

use super::{FamilyVariant, GamePosition, MoveTextError, PlayInPlace};
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind, MoveList};
use crate::notation::fen::FenError;
use crate::notation::san::SanPlus;
use crate::notation::uci::UciMove;
use crate::outcome::Outcome;
use crate::piece::Seat;
use crate::position::{Child, Position};
use crate::variant::{StalemateRule, Variant};

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

    #[inline(always)]
    fn legal_moves_into(&self, list: &mut MoveList) {
        Position::legal_moves_into(self, list);
    }
    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
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
        if m.kind() == MoveKind::Pass {
            return None;
        }
        self.piece_at(m.from()).map(|p| p.seat)
    }

    #[inline(always)]
    fn alive_seats(&self) -> u8 {
        Position::alive_seats(self)
    }
    #[inline(always)]
    fn teams_decided(&self) -> bool {
        Position::teams_decided(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
    fn stalemate_rule(&self) -> StalemateRule {
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
        self.rules().royal_kinds != 0 && self.royals(Position::turn(self)).is_empty()
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
}
