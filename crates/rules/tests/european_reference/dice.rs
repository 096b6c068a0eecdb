//! The Balkan States' assassination, the long way: a turn of three steps,
//! the pick (`assassinate@e5`, or `assassinate@e5d5` naming the piece a
//! misfire takes where several could go), the roll (`roll=1` to
//! `roll=6`, whose moves are the faces) and the move.

use super::powers::RefPower;
use super::{Rect, Ref, Sq, in_area, square, squares};

/// Where a seat's assassination stands this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dice {
    /// Not used this turn (or not the seat's turn).
    #[default]
    Idle,
    /// Picked: the target, and the piece a misfire takes if chosen.
    Due(Sq, Option<Sq>),
    /// Rolled: the seat moves now.
    Rolled,
}

fn neighbours((f, r): Sq) -> [Sq; 4] {
    [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]
}

impl Ref {
    /// The seat's assassination: its area and the pieces it needs.
    fn assassination(&self, seat: usize) -> Option<(Rect, usize)> {
        self.powers(seat).iter().find_map(|p| match p {
            RefPower::Assassinate { area, pieces } => Some((*area, *pieces)),
            _ => None,
        })
    }

    /// Whether a roll is due: the seat to move picked a target.
    pub(super) fn roll_due(&self) -> bool {
        matches!(self.dice[self.turn], Dice::Due(..)) || self.insanity_roll_due()
    }

    /// The seat to move's pieces a misfire on `target` may take: next to
    /// it, not counting as royal, not proof against powers.
    fn misfire_victims(&self, target: Sq) -> Vec<Sq> {
        let mut out: Vec<Sq> = neighbours(target)
            .into_iter()
            .filter(|&sq| super::on_board(sq))
            .filter(|&sq| {
                self.at(sq).is_some_and(|p| {
                    self.owner(p) == self.turn && !self.counts_as_royal(p) && !self.immune(p)
                })
            })
            .collect();
        out.sort_by_key(|&(f, r)| (r, f));
        out
    }

    /// The picks of the seat to move, at its turn's start with enough
    /// pieces: every enemy piece in its area not proof against powers,
    /// once per misfire victim where it could choose among several.
    pub(super) fn picks(&self) -> Vec<String> {
        let us = self.turn;
        let Some((area, pieces)) = self.assassination(us) else {
            return Vec::new();
        };
        let mine = self.pieces().filter(|&(_, p)| self.owner(p) == us).count();
        if self.dice[us] != Dice::Idle || mine < pieces {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (sq, p) in self.pieces() {
            if !in_area(us, area, sq) || self.friendly(p, us) || self.immune(p) {
                continue;
            }
            let victims = self.misfire_victims(sq);
            if victims.len() < 2 {
                out.push(format!("assassinate@{}", square(sq)));
            } else {
                for v in victims {
                    out.push(format!("assassinate@{}{}", square(sq), square(v)));
                }
            }
        }
        out
    }

    /// Whether `m` is a step of an assassination (the turn goes on).
    pub(super) fn is_dice_step(m: &str) -> bool {
        m.starts_with("roll=") || m.starts_with("assassinate@")
    }

    /// Play a pick or a roll: the seat keeps the turn.
    pub(super) fn dice_step(&self, m: &str) -> Ref {
        let mut next = self.clone();
        let us = self.turn;
        if let Some(cells) = m.strip_prefix("assassinate@") {
            let sq = squares(cells);
            next.dice[us] = Dice::Due(sq[0], sq.get(1).copied());
            return next;
        }
        let face: u8 = m["roll=".len()..].parse().expect("a face");
        let Dice::Due(target, chosen) = self.dice[us] else {
            panic!("a roll with no pick");
        };
        next.dice[us] = Dice::Rolled;
        let doomed = match face {
            1 => {
                let victims = self.misfire_victims(target);
                match chosen {
                    Some(c) if victims.contains(&c) => Some(c),
                    _ if victims.len() == 1 => Some(victims[0]),
                    _ => None,
                }
            }
            _ => {
                let p = self.at(target).expect("a target");
                let kind = self.kind(p.kind);
                // Pawns of every nation; the base game's knight, bishop
                // and rook; on 5 and 6 anything not royal.
                let named = match face {
                    2 => "n",
                    3 => "nb",
                    4 => "nbr",
                    _ => "",
                };
                let hit = face >= 5 || kind.pawn || named.contains(p.kind);
                (hit && !self.counts_as_royal(p) && !self.immune(p)).then_some(target)
            }
        };
        if let Some(sq) = doomed {
            let before = next.clone();
            let v = next.at(sq).expect("a piece");
            next.set(sq, None);
            next.count_loss(None, next.owner(v));
            if next.idle_watched() {
                next.clear_idle_since(&before);
            }
            next.fierce_changes(&before);
            next.militia_marks_follow(&before, None);
            next.trench_changes(&before, None);
            next.settle_walls();
        }
        next
    }
}
