//! Capture powers: how the player's captures end.
//!
//! - `become-captured` (Transylvania's vampires): a capturing piece of the
//!   listed kinds turns into the kind it took. A royal victim changes
//!   nothing (a pawn does not become a king), nor does a pawn taken on the
//!   capturer's promotion cells, where the capturer promotes as usual.
//! - `capture-in-place` (Medieval Britain's longbows): the capturing piece
//!   stays where it was; only the victim leaves. A pawn that captures on
//!   its promotion cells therefore does not promote.
//!
//! Parameters: `kinds`, the capturing kinds (letters); left out, every
//! kind. Where the power decides the end of a capture, the move generator
//! gives one capture move per target, not one per promotion choice.

use super::Params;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::Position;

pub(super) const BECOME: &str = "become-captured";
pub(super) const IN_PLACE: &str = "capture-in-place";

/// What a nation file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub(super) in_place: bool,
    pub(super) kinds: Vec<char>,
}

/// Compiled: the capturing kinds as a bit set (every kind when empty).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Compiled {
    in_place: bool,
    kinds: u16,
}

impl Spec {
    pub(super) fn read(p: &Params, in_place: bool) -> Result<Spec, (String, String)> {
        Ok(Spec {
            in_place,
            kinds: p.optional_letters("kinds")?,
        })
    }

    pub(super) fn compile(&self, kind: impl Fn(char) -> Kind) -> Compiled {
        let kinds = self.kinds.iter().fold(0u16, |set, &l| set | 1 << kind(l).0);
        Compiled {
            in_place: self.in_place,
            kinds: if kinds == 0 { u16::MAX } else { kinds },
        }
    }
}

/// What a capture by the seat to move turns into.
enum Ending {
    /// The capture is played as the rules of movement say.
    AsUsual,
    /// The capturer stays where it was.
    InPlace,
    /// The capturer lands as this kind.
    Become(Kind),
}

impl<B: HasSliders> Position<B> {
    /// The capture powers of the seat to move.
    fn capture_powers(&self) -> impl Iterator<Item = Compiled> + '_ {
        self.rules.powers[self.turn.idx()]
            .iter()
            .filter_map(|p| match p {
                super::Power::Capture(c) => Some(*c),
                _ => None,
            })
    }

    /// Whether the seat to move has a capture power.
    pub(crate) fn has_capture_powers(&self) -> bool {
        self.capture_powers().next().is_some()
    }

    /// How the capture `m` of the seat to move ends.
    fn ending(&self, m: Move) -> Ending {
        let Some(mover) = self.piece_at(m.from()) else {
            return Ending::AsUsual;
        };
        let in_place = |c: &Compiled| c.in_place && c.kinds & (1 << mover.kind.0) != 0;
        let victim = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => self.piece_at(m.to()),
            // The pawn taken en passant is not on the target cell: a
            // longbow pawn still stays; a vampire pawn stays a pawn.
            MoveKind::EnPassant if self.capture_powers().any(|c| in_place(&c)) => {
                return Ending::InPlace;
            }
            _ => None,
        };
        // An army fights for its commander, not for the seat it started with.
        let Some(victim) = victim.filter(|v| !self.allied(self.turn, self.commander_of(v.seat)))
        else {
            return Ending::AsUsual;
        };
        let pieces = &self.rules.variant.pieces;
        for c in self.capture_powers() {
            if c.kinds & (1 << mover.kind.0) == 0 {
                continue;
            }
            if c.in_place {
                return Ending::InPlace;
            }
            let promotes_here = pieces[victim.kind.idx()].pawn
                && pieces[mover.kind.idx()].pawn
                && self.rules.promotion_zone[mover.seat.idx()].has(m.to());
            if !pieces[victim.kind.idx()].royal && !promotes_here {
                return Ending::Become(victim.kind);
            }
        }
        Ending::AsUsual
    }

    /// The form in which a pseudo-legal move of the seat to move is
    /// offered: a capture whose end a power decides comes once, as a plain
    /// move, rather than once per promotion choice (`None`: a duplicate).
    pub(crate) fn capture_power_form(&self, m: Move) -> Option<Move> {
        match (m.kind(), self.ending(m)) {
            (MoveKind::Promotion(k), Ending::InPlace | Ending::Become(_)) => {
                let first = self
                    .piece_at(m.from())
                    .and_then(|p| self.first_promotion(p.seat, p.kind));
                (first == Some(k)).then(|| Move::new(m.from(), m.to(), MoveKind::Normal))
            }
            _ => Some(m),
        }
    }

    /// The first kind a pawn of `kind` in army `seat` is offered now, as
    /// the move generator offers them: a taken-over army whose choices are
    /// royal promotes as its commander's do, and limits leave kinds out.
    fn first_promotion(
        &self,
        seat: crate::piece::Seat,
        kind: crate::piece::Kind,
    ) -> Option<crate::piece::Kind> {
        let choices = self.rules.promotion_choices(seat, kind);
        if !self.filters_promotions(seat) {
            return choices.first().copied();
        }
        let (kinds, n) = self.promotable_kinds(seat, choices);
        kinds[..n].first().copied()
    }

    /// Play the piece move `m` of the seat to move, whose army set is
    /// `side`, with its capture powers.
    pub(crate) fn play_with_capture_powers(&mut self, m: Move, side: u8) {
        let ending = self.ending(m);
        let mover = self.piece_at(m.from());
        self.play_board(m, side);
        let Some(mover) = mover else {
            return;
        };
        match ending {
            Ending::AsUsual => {}
            Ending::InPlace => {
                if let Some(landed) = self.piece_at(m.to()) {
                    self.remove(landed, m.to());
                    self.put(mover, m.from());
                }
            }
            Ending::Become(kind) => {
                if let Some(landed) = self.piece_at(m.to()) {
                    self.remove(landed, m.to());
                    self.put(
                        Piece {
                            seat: mover.seat,
                            kind,
                        },
                        m.to(),
                    );
                }
            }
        }
    }
}
