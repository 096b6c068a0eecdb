//! North Korea's insanity, the long way: the turn's roll (1 to 4 an
//! ordinary turn; 5 or 6 a second roll, whose face lets one, two or three
//! pieces move), the pick naming the pieces in board order
//! (`insanity@a2b1`), a roll per piece in that order (1 pawn, 2 knight,
//! 3 bishop, 4 rook, 5 queen, 6 king), then each picked piece moves once
//! as its die says, in any order, until all moved or a pass (`0000`).

use super::kinds::Does;
use super::powers::RefPower;
use super::{Piece, Ref, Sq, parse, square, squares};

/// Where a North Korean turn stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Insanity {
    /// Its roll is due (or not the seat's turn).
    #[default]
    Fresh,
    /// The roll showed 1 to 4: an ordinary move.
    Normal,
    /// The roll showed 5 or 6: the second roll is due.
    Second,
    /// The seat names up to this many pieces.
    Pick(usize),
    /// The picked pieces still to move, each with the kind its die gave
    /// (`None` while its roll is due).
    Insane(Vec<(Sq, Option<char>)>),
}

/// The kind each face moves as.
const FACES: [char; 6] = ['p', 'n', 'b', 'r', 'q', 'k'];

impl Ref {
    /// Whether the seat's nation has insanity.
    pub(super) fn has_insanity(&self, seat: usize) -> bool {
        self.powers(seat).contains(&RefPower::Insanity)
    }

    /// Whether the seat to move's insanity waits for a roll.
    pub(super) fn insanity_roll_due(&self) -> bool {
        self.has_insanity(self.turn)
            && !self.over()
            && match &self.insanity[self.turn] {
                Insanity::Fresh | Insanity::Second => true,
                Insanity::Insane(list) => list.iter().any(|(_, k)| k.is_none()),
                _ => false,
            }
    }

    /// Whether `m` is a roll or a pick of the seat to move's insanity.
    pub(super) fn is_insanity_step(&self, m: &str) -> bool {
        self.has_insanity(self.turn) && (m.starts_with("roll=") || m.starts_with("insanity@"))
    }

    /// While the seat names its pieces: every set of one to the allowed
    /// number of the pieces it commands, in board order.
    pub(super) fn insanity_picks(&self) -> Option<Vec<String>> {
        let Insanity::Pick(n) = self.insanity[self.turn] else {
            return None;
        };
        let us = self.turn;
        let mine: Vec<Sq> = self
            .pieces()
            .filter(|&(_, p)| self.owner(p) == us)
            .map(|(sq, _)| sq)
            .collect();
        let mut out = Vec::new();
        for i in 0..mine.len() {
            out.push(format!("insanity@{}", square(mine[i])));
            for j in i + 1..mine.len() {
                if n < 2 {
                    break;
                }
                out.push(format!("insanity@{}{}", square(mine[i]), square(mine[j])));
                for k in j + 1..mine.len() {
                    if n < 3 {
                        break;
                    }
                    out.push(format!(
                        "insanity@{}{}{}",
                        square(mine[i]),
                        square(mine[j]),
                        square(mine[k])
                    ));
                }
            }
        }
        Some(out)
    }

    /// Play a roll or the pick: the seat keeps the turn.
    pub(super) fn insanity_step(&self, m: &str) -> Ref {
        let mut next = self.clone();
        let us = self.turn;
        if let Some(cells) = m.strip_prefix("insanity@") {
            let list = squares(cells).into_iter().map(|s| (s, None)).collect();
            next.insanity[us] = Insanity::Insane(list);
            return next;
        }
        let face: usize = m["roll=".len()..].parse().expect("a face");
        next.insanity[us] = match &self.insanity[us] {
            Insanity::Fresh if face <= 4 => Insanity::Normal,
            Insanity::Fresh => Insanity::Second,
            Insanity::Second => Insanity::Pick(face.div_ceil(2)),
            Insanity::Insane(list) => {
                let mut list = list.clone();
                let due = list
                    .iter_mut()
                    .find(|(_, k)| k.is_none())
                    .expect("a piece to roll for");
                due.1 = Some(FACES[face - 1]);
                Insanity::Insane(list)
            }
            other => panic!("a roll in {other:?}"),
        };
        next
    }

    /// The squares the piece `p` on `from` reaches moving as `kind` (the
    /// queen as bishop and rook).
    fn reach_insanely(&self, from: Sq, p: Piece, kind: char) -> Vec<(Sq, Does)> {
        if kind == 'q' {
            let mut out = self.reach_as(from, p, 'b');
            out.extend(self.reach_as(from, p, 'r'));
            return out;
        }
        self.reach_as(from, p, kind)
    }

    /// The picked pieces' moves, each as its die says, with the position
    /// each leads to, and the pass; `None` unless every roll is made.
    pub(super) fn insane_moves(&self) -> Option<Vec<(String, Ref)>> {
        let Insanity::Insane(list) = &self.insanity[self.turn] else {
            return None;
        };
        let us = self.turn;
        let mut pairs = Vec::new();
        for &(from, kind) in list {
            let kind = kind?;
            let Some(p) = self.at(from).filter(|&p| self.owner(p) == us) else {
                continue;
            };
            if self.stands_frozen(from) {
                continue;
            }
            for (to, does) in self.reach_insanely(from, p, kind) {
                let ok = match self.at(to) {
                    None => does != Does::Capture && !self.militia_leaves(from, to),
                    Some(q) => does != Does::Move && !self.friendly(q, us),
                };
                if ok && !pairs.contains(&(from, to)) {
                    pairs.push((from, to));
                }
            }
        }
        let mut out = Vec::new();
        for m in self.move_texts(pairs) {
            let after = self.part(&m);
            if self.turns[us] < 2 && after.checks_an_enemy(us) {
                continue;
            }
            out.push((m, after));
        }
        out.push(("0000".into(), self.clone()));
        Some(out)
    }

    /// A step `m` of the picked pieces' moves, which led to `after`:
    /// whether the turn goes on (a picked piece still to move, the game
    /// not over, `m` no pass). If so, the marks that follow pieces follow.
    pub(super) fn insanity_goes_on(&self, m: &str, after: &mut Ref) -> bool {
        let us = self.turn;
        let Insanity::Insane(list) = &self.insanity[us] else {
            return false;
        };
        if m == "0000" {
            return false;
        }
        let p = parse(m);
        let left: Vec<(Sq, Option<char>)> = list
            .iter()
            .copied()
            .filter(|&(sq, _)| sq != p.from)
            .collect();
        if left.is_empty() || after.over() {
            return false;
        }
        after.insanity[us] = Insanity::Insane(left);
        let moved = Some((p.from, p.to));
        if after.idle_watched() {
            after.clear_idle_since(self);
        }
        after.fierce_changes_but(self, moved);
        after.militia_marks_follow(self, moved);
        after.trench_changes(self, moved.map(|(a, b)| (us, a, b)));
        after.settle_walls();
        true
    }
}
