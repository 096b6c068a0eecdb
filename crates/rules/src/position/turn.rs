//! A turn where armies change hands and nations have powers: the steps
//! that are not a piece's move (dice, hiding, packing, the deal, consent,
//! challenges), the move, the marks that follow pieces, and the turn's end.

use super::Position;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::Seat;
use crate::power::{Before, Bluff, Snapshot};

/// What the per-piece marks need to see of the board before a move: each
/// only where a nation in play keeps such marks.
struct TurnMarks<B> {
    /// Idle pieces (`winter`).
    idle: Option<Snapshot<B>>,
    /// Frozen capturers (`power/freeze.rs`), and whether the move captured.
    frozen: Option<(Before<B>, bool)>,
    /// Militia ages.
    militia: Option<Snapshot<B>>,
    /// Moved pawns (trenches).
    trenches: Option<Snapshot<B>>,
}

impl<B: HasSliders> Position<B> {
    /// Play `m` where armies change hands.
    // Kept out of line so that the branch costs variants without
    // transfers nothing (their move generator stays as it was inlined).
    #[cold]
    #[inline(never)]
    pub(crate) fn play_transfer(&mut self, m: Move) {
        let Some((us, m, bluff)) = self.play_side_step(m) else {
            return;
        };
        // Lightning: the draws an ordinary capture calls for.
        let draws = if self.rules.lightning {
            self.capture_draws(m)
        } else {
            0
        };
        let marks = self.turn_marks(m);
        let cargo = self.rules.cargo_seats != 0;
        if cargo {
            self.carry_cargo(m);
        }
        self.play_seen_part(m);
        if cargo {
            self.settle_cargo(us);
        }
        if self.rules.flags_to_win > 0 {
            self.carry_flags(m);
            self.settle_flags();
            self.settle_flag_win();
        }
        if self.step_goes_on(us, m) {
            self.carry_marks(us, m, marks);
            return;
        }
        if self.has_powers() {
            self.end_turn_powers(us, m, bluff);
        }
        self.end_turn_marks(us, m, marks);
        // Cargo lost to a turn-end power (winter's idle knight) is lost
        // before the turn passes: the lone-piece rule sees it gone.
        if cargo {
            self.settle_cargo(us);
        }
        self.pass_turn(us, draws);
        self.settle_after_turn(us);
    }

    /// The steps of a turn that are not its move: a die, a hiding, a
    /// packing, the deal, a challenge's drawn card, each all of its step
    /// (`None`); a consent or a challenge that ends the turn becomes a
    /// pass. Otherwise the seat to move, the move to play as its turn, and
    /// whether it bluffs (`secrecy`).
    fn play_side_step(&mut self, m: Move) -> Option<(Seat, Move, Bluff)> {
        // A step of a turn of several (a target picked, a die rolled)
        // leaves the turn with the seat.
        if self.draws() != 0 {
            if let MoveKind::Roll(face) = m.kind() {
                self.play_draw(face);
            }
            return None;
        }
        let mut m = m;
        // A view's challenge whose card is drawn (`secrecy`): a bluff's
        // outcome leaves the turn with the challenger; a legal move's ends
        // it as a pass would.
        if self.rules.secret_seats != 0 && self.is_challenge_outcome(m) {
            if self.challenge_step(m, self.outcome_goes_on(m), Self::play_challenge_outcome) {
                return None;
            }
            m = Move::new(0, 0, MoveKind::Pass);
        }
        if self.play_board_step(m) {
            return None;
        }
        let us = self.turn;
        // A consent to another seat's knights is a turn spent as a pass.
        if self.rules.cargo_seats != 0 && matches!(m.kind(), MoveKind::Consent(_)) {
            self.play_consent(m);
            m = Move::new(0, 0, MoveKind::Pass);
        }
        // Face-down cards (`secrecy`): a challenge that catches a bluff
        // leaves the turn with the challenger; one that does not ends its
        // turn as a pass would. The secret seat's step closes its window.
        let mut bluff = Bluff::No;
        if self.rules.secret_seats != 0 {
            if m.kind() == MoveKind::Challenge {
                if self.challenge_step(m, self.challenge_goes_on(m), Self::play_challenge) {
                    return None;
                }
                m = Move::new(0, 0, MoveKind::Pass);
            }
            bluff = self.bluff_of(m);
            self.close_own_window(us);
        }
        Some((us, m, bluff))
    }

    /// A challenge, or a view's card drawn for one (`secrecy`), played by
    /// `play`; whether the turn `goes_on` with the challenger (a bluff
    /// caught), which the caller otherwise ends as a pass would. A bluff's
    /// piece removed takes its marks (idle, frozen, militia, trenches) with
    /// it, as a capture's victim does.
    fn challenge_step(
        &mut self,
        m: Move,
        goes_on: bool,
        play: fn(&mut Self, Move) -> bool,
    ) -> bool {
        if goes_on {
            self.settling_marks(|pos| {
                play(pos, m);
            });
        } else {
            play(self, m);
        }
        goes_on
    }

    /// A step of a turn of several that leaves the turn with the seat: a
    /// die, a hiding, a packing, a deal step. Whether `m` was one.
    fn play_board_step(&mut self, m: Move) -> bool {
        if self.rules.dice_seats != 0 && self.play_dice_step(m) {
            // A roll may destroy a piece: a card whose window is open, a
            // knight with cargo (the turn goes on: the seat rolling acts).
            if self.rules.secret_seats != 0 {
                self.settle_secrecy();
            }
            if self.rules.cargo_seats != 0 {
                self.settle_cargo(self.turn);
            }
            return true;
        }
        (self.rules.stealth_seats != 0 && self.play_hide_step(m))
            || (self.rules.cargo_seats != 0 && self.play_packing(m))
            || (self.rules.secret_seats != 0 && self.play_deal_step(m))
    }

    /// The board as the per-piece marks need it before `m` is played.
    fn turn_marks(&self, m: Move) -> TurnMarks<B> {
        let snapshot = |on: bool| on.then(|| self.snapshot());
        TurnMarks {
            idle: snapshot(self.rules.idle_seats != 0),
            frozen: (self.rules.freeze_seats != 0).then(|| {
                let captured = matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
                    && self.piece_at(m.to()).is_some();
                (self.freeze_before(), captured)
            }),
            militia: snapshot(self.rules.militia.kinds != 0),
            trenches: snapshot(self.rules.trench_seats != 0),
        }
    }

    /// Whether `us`'s turn goes on after its step `m` (France's fear,
    /// North Korea's insanity, Mycenae's cargo), each power noting it.
    fn step_goes_on(&mut self, us: Seat, m: Move) -> bool {
        (self.rules.fear_seats != 0 && self.fear_goes_on(us, m))
            || (self.rules.insanity_seats != 0 && self.insanity_goes_on(us, m))
            || (self.rules.cargo_seats != 0 && self.cargo_goes_on(us, m))
    }

    /// The turn goes on: the marks follow the pieces this step moved or
    /// took, and the turn's end waits for its last step.
    fn carry_marks(&mut self, us: Seat, m: Move, marks: TurnMarks<B>) {
        let carry = matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            .then(|| (m.from(), m.to()));
        if let Some(before) = marks.idle {
            self.clear_idle_since(&before);
        }
        if let Some((before, _)) = marks.frozen {
            self.clear_marks_since(&before, carry);
        }
        if let Some(before) = marks.militia {
            self.carry_militia_marks(&before, carry);
        }
        if let Some(before) = marks.trenches {
            self.forget_moved_pawns(&before, carry.map(|(a, b)| (us, a, b)));
        }
        if self.rules.wall_seats != 0 {
            self.settle_walls();
        }
        // A seat taken over has its cards turned at once, not when the
        // turn ends: a position's text must read back in between.
        if self.rules.secret_seats != 0 {
            self.settle_secrecy();
        }
    }

    /// The powers that look at the turn just ended, `us`'s with move `m`.
    fn end_turn_powers(&mut self, us: Seat, m: Move, bluff: Bluff) {
        self.note_powers_used(us, m);
        self.end_revenge_turn(us);
        self.end_shelter_turn(us, m);
        self.end_bomb_turn(us, m);
        if self.rules.stealth_seats != 0 {
            self.end_stealth_turn(us);
        }
        if self.rules.secret_seats != 0 {
            self.end_secrecy_turn(us, m, bluff);
        }
    }

    /// The per-piece marks at the end of `us`'s turn: militia first, as
    /// the idle pieces and frozen capturers see a militia gone as a
    /// changed piece.
    fn end_turn_marks(&mut self, us: Seat, m: Move, marks: TurnMarks<B>) {
        if let Some(before) = marks.militia {
            self.end_militia_turn(us, m, &before);
        }
        if let Some(before) = marks.trenches {
            self.end_trench_turn(us, m, &before);
        }
        if let Some(before) = marks.idle {
            self.clear_idle_since(&before);
            self.end_idle_turn(us);
        }
        if let Some((before, captured)) = marks.frozen {
            self.end_freeze_turn(us, m, &before, captured);
        }
    }

    /// The turn passes from `us` to the next seat in, which begins its
    /// turn; `draws` Lightning draws are called for first.
    fn pass_turn(&mut self, us: Seat, draws: u8) {
        self.settling_marks(|pos| {
            pos.count_turn(us);
            if pos.rules.variant.rules.declare_check {
                // As the mover sees the board (`secrecy`: no face-down King).
                let checked = if pos.rules.secret_seats != 0 {
                    pos.checked_by_seen(us)
                } else {
                    pos.checked_by(us)
                };
                pos.set_declared(us, checked);
            }
            if pos.rules.secret_seats != 0 {
                pos.settle_secrecy();
                pos.announce_checks(us);
            }
            let next = pos.next_alive_after(us, pos.alive_seats());
            pos.set_turn(next);
            // Lightning: the nations change before the next turn begins.
            if draws != 0 {
                pos.remove_lone_players();
                if pos.call_draws(draws) {
                    return;
                }
            }
            pos.start_next_turn();
        });
    }

    /// After the turn passed from `us`: the walls, the move count, and
    /// what the next turn's start destroyed (hidden pieces, cargo, cards).
    fn settle_after_turn(&mut self, us: Seat) {
        if self.rules.wall_seats != 0 {
            self.settle_walls();
        }
        if self.turn.0 <= us.0 {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        if self.rules.stealth_seats != 0 {
            self.settle_stealth();
        }
        // Cargo lost at the next turn's start (a bomb, a neighbour
        // destroyed) is lost to the seat whose turn it is.
        if self.rules.cargo_seats != 0 {
            self.settle_cargo(self.turn);
        }
        if self.rules.secret_seats != 0 {
            self.settle_secrecy();
        }
    }
}
