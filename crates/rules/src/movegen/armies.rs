//! Move generation where armies change hands (European Chess): no check,
//! the seat to move moves the pieces of every army it commands, each with
//! that army's own pawn direction and promotion edge, and during its
//! opening turns no move may leave an enemy royal piece attacked; where
//! checks must be declared, a last royal piece is taken only after a
//! check. The rules are in `docs/rules.md`.

use super::Sink;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Seat;
use crate::position::Position;

impl<B: HasSliders> Position<B> {
    /// Legal moves of the seat to move; a pass when it has none.
    // Kept out of line so that the branch costs variants without
    // transfers nothing (their move generator stays as it was inlined).
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_transfer<S: Sink<B>>(&self, sink: &mut S) {
        if self.draws() != 0 && self.generate_draws(sink) {
            return;
        }
        // A view's challenge whose card is drawn (`secrecy`): the outcomes.
        if self.rules.secret_seats != 0 && self.generate_challenge_outcomes(sink) {
            return;
        }
        // A roll due, or (insanity) the pieces to name: nothing else.
        if self.rules.dice_seats != 0
            && (self.generate_dice_steps(sink) || self.generate_insanity_picks(sink))
        {
            return;
        }
        // An army not packed into its knights yet: the packing, alone.
        if self.rules.cargo_seats != 0 && self.generate_packing(sink) {
            return;
        }
        // Pieces hidden from the mover: it moves by its view.
        if (self.rules.stealth_seats | self.rules.secret_seats) != 0 && self.generate_seen(sink) {
            return;
        }
        // The Soviet Union's first turn begins with its deal (`secrecy`).
        if self.rules.secret_seats & (1 << self.turn.0) != 0 && self.generate_deal(sink) {
            return;
        }
        let us = self.turn;
        let before = sink.taken();
        let opening = self.in_opening(us);
        let capture_powers = self.has_powers() && self.has_capture_powers();
        let barred = (self.has_powers()
            && (self.barred_cell(us).is_some() || self.rests() || self.has_frozen()))
            || self.has_militia()
            || self.has_trenches();
        let guards = self.capture_guards();
        let guarded = !guards.is_empty();
        let chooses = self.has_powers() && self.choosing_power().is_some();
        let area_moves = self.has_powers() && self.has_area_moves();
        let escape = self.rules.escape_check;
        // A turn that goes on (`fear`): extra moves, none giving check.
        let continuing = self.rules.fear_seats != 0 && self.turn_goes_on(us);
        let no_check = opening || continuing;
        // A turn of loads and unloads that goes on (`cargo`): they alone,
        // and the end.
        let cargo_turn = self.rules.cargo_seats != 0 && self.in_cargo_turn(us);
        // Insanity's picked pieces move as their dice say, and nothing else.
        let insane = self.rules.insanity_seats != 0 && self.moves_insanely();
        // Face-down cards (`secrecy`): bluffs, and no capture outside the
        // area on the first turns.
        let secret = self.rules.secret_seats & (1 << us.0) != 0;
        let early = if secret { self.early_area() } else { None };
        let filtered = insane
            || secret
            || no_check
            || self.rules.variant.rules.declare_check
            || capture_powers
            || escape;
        if filtered || barred || guarded || chooses || area_moves {
            let mut pseudo = MoveList::new();
            if insane {
                self.generate_insane_moves(&mut pseudo);
            } else if cargo_turn {
                self.generate_cargo_turn(&mut pseudo);
            } else {
                self.generate_commanded(&mut pseudo);
                if area_moves {
                    self.generate_all_area_moves(&mut pseudo);
                }
                self.generate_powers(&mut pseudo);
                if secret {
                    self.generate_bluffs(&mut pseudo);
                }
            }
            // With Checks: the moves that leave the mover's royal piece
            // attacked, offered only if every move does.
            let mut exposed = MoveList::new();
            let mut safe = 0;
            for &m in pseudo.iter() {
                let Some(m) = (if capture_powers {
                    self.capture_power_form(m)
                } else {
                    Some(m)
                }) else {
                    continue;
                };
                if !self.declared_enough(m)
                    || early.is_some_and(|area| self.captures_outside(m, area))
                    || (barred
                        && (self.barred_capture(m)
                            || self.rest_barred(m)
                            || self.frozen_bar(m)
                            || self.militia_bar(m)
                            || self.trench_bar(m)))
                    || (guarded && guards.bar(m))
                {
                    continue;
                }
                let mut offer = |m: Move| {
                    if no_check && self.board_after(m).checks_an_enemy(us) {
                        return;
                    }
                    if escape && self.board_after(m).royal_attacked_by_commanders(us) {
                        exposed.push(m);
                    } else {
                        safe += 1;
                        sink.one(m);
                    }
                };
                if chooses {
                    self.for_each_chosen(m, offer);
                } else {
                    offer(m);
                }
            }
            if safe == 0 {
                for &m in exposed.iter() {
                    sink.one(m);
                }
            }
        } else if cargo_turn {
            self.generate_cargo_turn(sink);
        } else {
            self.generate_commanded(sink);
            self.generate_powers(sink);
        }
        // A turn of loads and unloads may always end: by a pass, its end
        // step; nothing else begins then.
        if cargo_turn {
            sink.one(Move::new(0, 0, MoveKind::Pass));
            return;
        }
        // Picking a target begins a turn of several steps; the filters
        // above judge the move that ends it.
        if self.rules.dice_seats != 0 {
            self.generate_picks(sink);
        }
        // Hiding begins a turn of two steps, as a pick does.
        if self.rules.stealth_seats != 0 {
            self.generate_hide(sink);
        }
        // A challenge of another seat's last move begins a turn.
        if self.rules.secret_seats != 0 {
            self.generate_challenges(sink);
        }
        // A turn that goes on may always end: by a pass.
        if continuing || insane || sink.taken() == before {
            sink.one(Move::new(0, 0, MoveKind::Pass));
        }
        // A consent to another seat's knights, an unload of a piece riding
        // in one: a turn of its own (after the pass: no piece move or
        // power is offered in its stead).
        if self.rules.cargo_seats != 0 && !continuing && !insane {
            self.generate_guest_steps(sink, no_check, escape);
        }
    }

    /// The board after `m` alone, power moves included, for the legality
    /// tests of this family.
    pub(crate) fn board_after(&self, m: Move) -> crate::position::Child<'_, B> {
        let mut next = self.child();
        next.get_mut().play_part(m);
        next
    }

    /// Moves of every piece the seat to move commands, by the rules of
    /// movement alone.
    pub(crate) fn generate_commanded<S: Sink<B>>(&self, sink: &mut S) {
        if self.rules.wall_seats != 0 && !self.wall_bars(self.turn).is_empty() {
            // A wall stops some of these moves: each is looked at.
            let mut all = MoveList::new();
            self.generate_commanded_freely(&mut all);
            self.keep_unwalled(&mut all);
            for &m in all.iter() {
                sink.one(m);
            }
            return;
        }
        self.generate_commanded_freely(sink);
    }

    /// [`Position::generate_commanded`] with no wall in the way.
    fn generate_commanded_freely<S: Sink<B>>(&self, sink: &mut S) {
        let r = &*self.rules;
        let us = self.turn;
        let armies = self.commanded_by(us);
        let occ = self.occupied();
        let enemy = self.hostile_to(us);
        let target = !self.armies_pieces(armies) & r.attacks.playable;
        if armies == 1 << us.0 {
            return self.generate_kinds(sink, occ, enemy, target);
        }
        for army in (0..r.seats()).filter(|a| armies & (1 << a) != 0) {
            // Each army moves in its own frame: its pawns keep their direction.
            let mut view = self.child();
            view.get_mut().turn = Seat(army);
            view.generate_kinds(sink, occ, enemy, target);
        }
    }
}
