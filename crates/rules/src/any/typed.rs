//! A game of one rules family at one width: its positions, the steps that
//! led to them, and the endings decided by the players; behind
//! [`ErasedGame`], the object-safe face [`super::AnyGame`] holds.

use super::PlayError;
use crate::family::view::{BoardView, MoveView, SeatState};
use crate::family::{FamilyVariant, GamePosition, Step};
use crate::moves::MoveList;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::Seat;
use std::any::Any;

/// A game of rules family `P`.
#[derive(Clone, Debug)]
pub struct TypedGame<P: GamePosition> {
    /// `positions[0]` is the start; `positions[i + 1]` follows `steps[i]`.
    positions: Vec<P>,
    steps: Vec<Step<P::Move>>,
    /// An ending decided by the players or the clock.
    decided: Option<Outcome>,
    /// In a view game ([`ErasedGame::seen_by`]): the hashes of the viewer's
    /// views of the positions before its start, oldest first, so a bot
    /// playing from its view still sees repetitions.
    earlier: Vec<u64>,
}

impl<P: GamePosition> TypedGame<P> {
    /// A game from `start`.
    pub fn new(start: P) -> TypedGame<P> {
        TypedGame {
            positions: vec![start],
            steps: Vec::new(),
            decided: None,
            earlier: Vec::new(),
        }
    }

    /// A game from `positions[0]` through `steps`, `positions[i + 1]`
    /// following `steps[i]` (already checked, as a record reader has).
    pub(crate) fn from_parts(positions: Vec<P>, steps: Vec<Step<P::Move>>) -> TypedGame<P> {
        debug_assert_eq!(positions.len(), steps.len() + 1);
        TypedGame {
            positions,
            steps,
            decided: None,
            earlier: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.positions.last().expect("a game has a start")
    }

    /// The start position.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The steps played.
    pub fn steps(&self) -> &[Step<P::Move>] {
        &self.steps
    }

    /// The hashes of the positions before the current one, oldest first
    /// (what a search needs for repetition); in a view game, of the
    /// viewer's views of them.
    pub fn history(&self) -> Vec<u64> {
        let n = self.positions.len() - 1;
        let played = self.positions[..n].iter().map(|p| p.hash());
        self.earlier.iter().copied().chain(played).collect()
    }

    fn legal(&self) -> MoveList<P::Move> {
        let mut list = MoveList::new();
        if self.outcome().is_none() {
            self.position().legal_moves_into(&mut list);
        }
        list
    }

    /// Play a legal move.
    pub fn play(&mut self, m: P::Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::Over(o));
        }
        if !self.position().is_legal(m) {
            return Err(PlayError::Illegal {
                text: self.position().move_text(m),
                position: self.position().to_text(),
            });
        }
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.positions.push(next);
        self.steps.push(Step::Move(m));
        Ok(())
    }

    fn check_seat(&self, seat: Seat) -> Result<(), PlayError> {
        let n = self.position().family_variant().seat_count();
        if seat.0 >= n {
            return Err(PlayError::NoSuchSeat(seat.0, n));
        }
        if let Some(o) = self.outcome() {
            return Err(PlayError::Over(o));
        }
        if self.position().seat_state(seat) == SeatState::Out {
            return Err(PlayError::SeatOut(seat.0));
        }
        Ok(())
    }

    /// `seat` leaves: its team loses, or in a free-for-all it is out and
    /// the others play on.
    pub fn leave(&mut self, seat: Seat, timed_out: bool) -> Result<(), PlayError> {
        self.check_seat(seat)?;
        let reason = if timed_out {
            WinReason::Timeout
        } else {
            WinReason::Resignation
        };
        let v = self.position().family_variant().clone();
        if !v.free_for_all() {
            let winner = (0..v.seat_count())
                .map(Seat)
                .find(|&s| v.team(s) != v.team(seat))
                .expect("two teams");
            self.decided = Some(Outcome::Win { winner, reason });
            return Ok(());
        }
        let mut next = self.position().clone();
        next.retire(seat);
        let left = next.alive_seats();
        // Where points are scored, the position decides the end (the most
        // points win), not the last seat left.
        let scored = next.points(false).is_some();
        self.positions.push(next);
        self.steps.push(Step::Retire { seat, timed_out });
        if left.count_ones() == 1 && !scored {
            let winner = Seat(left.trailing_zeros() as u8);
            self.decided = Some(Outcome::Win { winner, reason });
        }
        Ok(())
    }

    /// End the game as the players or the server decided.
    pub fn decide(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::Over(o));
        }
        self.decided = Some(outcome);
        Ok(())
    }

    /// `seat` claims a draw the variant grants on a claim.
    pub fn claim_draw(&mut self, seat: Seat) -> Result<DrawReason, PlayError> {
        self.check_seat(seat)?;
        let reason = self
            .position()
            .claim_draw(seat)
            .map_err(PlayError::ClaimRefused)?;
        self.decided = Some(Outcome::Draw(reason));
        Ok(reason)
    }

    /// `seat` claims a win the variant grants on a claim (a lead in points).
    pub fn claim_win(&mut self, seat: Seat) -> Result<Outcome, PlayError> {
        self.check_seat(seat)?;
        let outcome = self
            .position()
            .claim_win(seat)
            .map_err(PlayError::ClaimRefused)?;
        self.decided = Some(outcome);
        Ok(outcome)
    }

    /// Each seat's points, where the variant scores them: with the draw
    /// bonus once a draw rule has ended the game.
    pub fn points(&self) -> Option<Vec<i32>> {
        // The position adds the bonus of its own draw rules (fifty moves,
        // material); repetition is the game's.
        self.position()
            .points(self.decided.is_none() && self.repeated())
    }

    /// Whether the current position has occurred the variant's number of times.
    fn repeated(&self) -> bool {
        self.position()
            .repetition_limit()
            .is_some_and(|times| self.repetitions() >= times as usize)
    }

    /// Take back the last step, which also reopens a decided game.
    pub fn undo(&mut self) -> Option<Step<P::Move>> {
        let step = self.steps.pop()?;
        self.positions.pop();
        self.decided = None;
        Some(step)
    }

    /// How the game ended: decided by the players or the clock, by the
    /// position, or by repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.decided.is_some() {
            return self.decided;
        }
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        let times = pos.repetition_limit()?;
        if self.repetitions() < times as usize {
            return None;
        }
        if let Some(o) = pos.points_outcome(true) {
            return Some(o);
        }
        if pos.perpetual_check_loses()
            && let Some(checker) = self.perpetual_checker()
        {
            let v = pos.family_variant();
            let winner = (0..v.seat_count())
                .map(Seat)
                .find(|&s| v.team(s) != v.team(checker))
                .expect("two teams");
            return Some(Outcome::Win {
                winner,
                reason: WinReason::PerpetualCheck,
            });
        }
        Some(Outcome::Draw(DrawReason::Repetition))
    }

    /// How often the current position has occurred, counting it: over the
    /// whole game, as [`crate::game::Game`] counts, not only since the last
    /// pawn move or capture, since some nations' powers undo those (a
    /// relocation brings a pawn back, a revival a captured piece).
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && p.turn() == now.turn())
            .count()
    }

    /// The seat whose moves all gave check since the first occurrence of
    /// the repeated position, if exactly one did.
    fn perpetual_checker(&self) -> Option<Seat> {
        let now = self.position();
        let first = self
            .positions
            .iter()
            .position(|p| p.hash() == now.hash() && p.turn() == now.turn())?;
        let n = now.family_variant().seat_count();
        let span = &self.positions[first + 1..];
        let checking: Vec<Seat> = (0..n)
            .map(Seat)
            .filter(|&s| {
                let after = span.iter().filter(|p| p.turn() == s.next(n));
                let mut any = false;
                let all = after.inspect(|_| any = true).all(|p| p.in_check());
                any && all
            })
            .collect();
        match checking.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

/// The object-safe face of a [`TypedGame`] of any family.
pub(crate) trait ErasedGame: Send + Sync + std::fmt::Debug {
    fn box_clone(&self) -> Box<dyn ErasedGame>;
    fn as_any(&self) -> &dyn Any;
    fn turn(&self) -> Seat;
    fn seat_state(&self, seat: Seat) -> SeatState;
    fn legal_moves(&self) -> Vec<MoveView>;
    fn play_text(&mut self, text: &str) -> Result<MoveView, PlayError>;
    fn chance(&self) -> Option<u8>;
    fn roll(&mut self, draw: u64) -> Result<MoveView, PlayError>;
    fn hash(&self) -> u64;
    fn leave(&mut self, seat: Seat, timed_out: bool) -> Result<(), PlayError>;
    fn decide(&mut self, outcome: Outcome) -> Result<(), PlayError>;
    fn claim_draw(&mut self, seat: Seat) -> Result<DrawReason, PlayError>;
    fn claim_win(&mut self, seat: Seat) -> Result<Outcome, PlayError>;
    fn points(&self) -> Option<Vec<i32>>;
    fn undo(&mut self) -> bool;
    fn outcome(&self) -> Option<Outcome>;
    fn ply(&self) -> usize;
    fn move_number(&self) -> u32;
    fn restarted(&self) -> Box<dyn ErasedGame>;
    fn move_texts(&self) -> Vec<String>;
    fn display_moves(&self) -> Vec<String>;
    fn texts_seen_by(&self, viewer: Option<Seat>, display: bool) -> Vec<String>;
    fn hides_from(&self, viewer: Option<Seat>) -> bool;
    fn seen_by(&self, viewer: Option<Seat>) -> Box<dyn ErasedGame>;
    fn position_text_seen_by(&self, viewer: Option<Seat>) -> String;
    fn start_text_seen_by(&self, viewer: Option<Seat>) -> String;
    fn position_text(&self) -> String;
    fn start_text(&self) -> String;
    fn view(&self, seat: Option<Seat>) -> BoardView;
    fn true_view(&self, seat: Option<Seat>) -> BoardView;
    fn record(&self, tags: &[(&str, &str)]) -> String;
    fn record_format(&self) -> &'static str;
    fn perft(&self, depth: u32) -> u64;
    fn divide(&self, depth: u32, progress: &mut dyn FnMut(usize, usize)) -> Vec<(String, u64)>;
    fn board_text(&self) -> String;
}

/// How a move list shows a viewer a step it did not see.
pub const UNSEEN: &str = "?";

/// The text of a step: the move in protocol notation, or `R`/`T`.
fn step_text<P: GamePosition>(pos: &P, step: &Step<P::Move>, display: bool) -> String {
    match step {
        Step::Move(m) if display => pos.display_move(*m),
        Step::Move(m) => pos.move_text(*m),
        Step::Retire { timed_out, .. } => if *timed_out { "T" } else { "R" }.into(),
    }
}

/// The text of a move `viewer` saw from a position that hides something
/// from it: written in its view (a check mark or a disambiguation from the
/// true position would tell where a hidden piece is), unless the move is
/// no move of that view (a hidden piece's capture, which reveals it: its
/// text is public then).
fn seen_step_text<P: GamePosition>(
    pos: &P,
    m: P::Move,
    viewer: Option<Seat>,
    display: bool,
) -> String {
    let view = pos.seen_by(viewer);
    let shown = if view.is_legal(m) { &view } else { pos };
    step_text(shown, &Step::Move(m), display)
}

impl<P: GamePosition + std::fmt::Display> ErasedGame for TypedGame<P> {
    fn box_clone(&self) -> Box<dyn ErasedGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn turn(&self) -> Seat {
        self.position().turn()
    }
    fn seat_state(&self, seat: Seat) -> SeatState {
        self.position().seat_state(seat)
    }
    fn legal_moves(&self) -> Vec<MoveView> {
        let pos = self.position();
        self.legal().iter().map(|&m| pos.describe_move(m)).collect()
    }
    fn play_text(&mut self, text: &str) -> Result<MoveView, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::Over(o));
        }
        let m = self.position().parse_move(text)?;
        let view = self.position().describe_move(m);
        self.play(m)?;
        Ok(view)
    }
    fn chance(&self) -> Option<u8> {
        if self.outcome().is_some() {
            return None;
        }
        self.position().chance()
    }
    fn roll(&mut self, draw: u64) -> Result<MoveView, PlayError> {
        // The outcomes are the legal moves, each as likely as its weight
        // (a die's faces alike: the draw picks `draw % faces`).
        let outcomes = self.legal();
        if self.chance().is_none() || outcomes.is_empty() {
            return Err(PlayError::NoRollDue);
        }
        let pos = self.position();
        let total: u64 = outcomes
            .iter()
            .map(|&m| u64::from(pos.chance_weight(m)))
            .sum();
        let mut pick = draw % total.max(1);
        let m = outcomes
            .iter()
            .copied()
            .find(|&m| {
                let w = u64::from(pos.chance_weight(m));
                let hit = pick < w;
                pick = pick.saturating_sub(w);
                hit
            })
            .unwrap_or(outcomes[0]);
        let view = self.position().describe_move(m);
        self.play(m)?;
        Ok(view)
    }
    fn hash(&self) -> u64 {
        self.position().hash()
    }
    fn leave(&mut self, seat: Seat, timed_out: bool) -> Result<(), PlayError> {
        TypedGame::leave(self, seat, timed_out)
    }
    fn decide(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        TypedGame::decide(self, outcome)
    }
    fn claim_draw(&mut self, seat: Seat) -> Result<DrawReason, PlayError> {
        TypedGame::claim_draw(self, seat)
    }
    fn claim_win(&mut self, seat: Seat) -> Result<Outcome, PlayError> {
        TypedGame::claim_win(self, seat)
    }
    fn points(&self) -> Option<Vec<i32>> {
        TypedGame::points(self)
    }
    fn undo(&mut self) -> bool {
        TypedGame::undo(self).is_some()
    }
    fn outcome(&self) -> Option<Outcome> {
        TypedGame::outcome(self)
    }
    fn ply(&self) -> usize {
        self.steps.len()
    }
    fn move_number(&self) -> u32 {
        self.position().move_number()
    }
    fn restarted(&self) -> Box<dyn ErasedGame> {
        Box::new(TypedGame::new(self.position().clone()))
    }
    fn move_texts(&self) -> Vec<String> {
        let pairs = self.steps.iter().zip(&self.positions);
        pairs.map(|(s, p)| step_text(p, s, false)).collect()
    }
    fn display_moves(&self) -> Vec<String> {
        let pairs = self.steps.iter().zip(&self.positions);
        pairs.map(|(s, p)| step_text(p, s, true)).collect()
    }
    fn texts_seen_by(&self, viewer: Option<Seat>, display: bool) -> Vec<String> {
        let pairs = self.steps.iter().zip(&self.positions);
        pairs
            .map(|(s, p)| match s {
                Step::Move(m) if !p.step_seen_by(*m, viewer) => UNSEEN.to_string(),
                Step::Move(m) if p.hides_from(viewer) => seen_step_text(p, *m, viewer, display),
                _ => step_text(p, s, display),
            })
            .collect()
    }
    fn hides_from(&self, viewer: Option<Seat>) -> bool {
        let pairs = self.steps.iter().zip(&self.positions);
        self.position().hides_from(viewer)
            || pairs.into_iter().any(|(s, p)| match s {
                Step::Move(m) => !p.step_seen_by(*m, viewer),
                _ => false,
            })
    }
    fn seen_by(&self, viewer: Option<Seat>) -> Box<dyn ErasedGame> {
        if !self.position().hides_from(viewer) {
            return Box::new(self.clone());
        }
        let n = self.positions.len() - 1;
        let (earlier, steps) = (&self.positions[..n], &self.steps[..]);
        let mut view = TypedGame::new(self.position().seen_after(viewer, earlier, steps));
        // Each earlier view as the record up to it told it.
        let views = (0..n).map(|k| {
            let (before, played) = (&self.positions[..k], &self.steps[..k]);
            self.positions[k].seen_after(viewer, before, played).hash()
        });
        view.earlier = self.earlier.iter().copied().chain(views).collect();
        Box::new(view)
    }
    fn position_text_seen_by(&self, viewer: Option<Seat>) -> String {
        self.position().seen_by(viewer).to_text()
    }
    fn start_text_seen_by(&self, viewer: Option<Seat>) -> String {
        self.start().seen_by(viewer).to_text()
    }
    fn position_text(&self) -> String {
        self.position().to_text()
    }
    fn start_text(&self) -> String {
        self.start().to_text()
    }
    fn view(&self, seat: Option<Seat>) -> BoardView {
        self.position().board_view(seat)
    }
    fn true_view(&self, seat: Option<Seat>) -> BoardView {
        self.position().true_board_view(seat)
    }
    fn record(&self, tags: &[(&str, &str)]) -> String {
        P::record(&self.positions, &self.steps, self.outcome(), tags)
    }
    fn record_format(&self) -> &'static str {
        self.position().record_format()
    }
    fn perft(&self, depth: u32) -> u64 {
        crate::family::perft(self.position(), depth)
    }
    fn divide(&self, depth: u32, progress: &mut dyn FnMut(usize, usize)) -> Vec<(String, u64)> {
        let pos = self.position();
        crate::family::divide_with(pos, depth, progress)
            .into_iter()
            .map(|(m, n)| (pos.move_text(m), n))
            .collect()
    }
    fn board_text(&self) -> String {
        self.position().to_string()
    }
}
