//! The Ottoman Empire's deployment as the reference plays it, from the
//! facts file (2A.28) and the decisions of `docs/nations.md`: "You start
//! with no pieces on the board, only 4 deployment squares. Each turn,
//! either move a piece or put a reserve piece on an empty deployment
//! square. With no pieces in play after your first turn, you lose. Your
//! pieces cannot be captured until the end of your second turn. Among your
//! first five placements must be the king and both pawns."

use super::powers::RefPower;
use super::{Piece, Ref, Sq, square, to_frame};

/// Whether a move's text is a deployment (`K@a1`).
pub fn is_drop(m: &str) -> bool {
    m.as_bytes().get(1) == Some(&b'@')
}

/// How many of `letter` a list holds.
fn count(list: &[char], letter: char) -> usize {
    list.iter().filter(|&&l| l == letter).count()
}

/// A seat's deployment power, read out.
struct Deployment<'a> {
    reserve: &'a [char],
    /// For the a1 corner.
    squares: &'a [Sq],
    /// The pieces among the first `within` placements.
    first: &'a [char],
    within: usize,
    guarded_turns: usize,
}

impl Ref {
    /// The seat's deployment power.
    fn deployment(&self, seat: usize) -> Option<Deployment<'_>> {
        self.powers(seat).iter().find_map(|p| match p {
            RefPower::Deploy {
                reserve,
                squares,
                first,
                within,
                guarded_turns,
            } => Some(Deployment {
                reserve,
                squares,
                first,
                within: *within,
                guarded_turns: *guarded_turns,
            }),
            _ => None,
        })
    }

    /// Whether the seat is in by its reserve: its king waits there, and
    /// it has not had its first turn or has a piece in play.
    pub(super) fn in_by_reserve(&self, seat: usize) -> bool {
        self.left[seat].iter().any(|&l| self.kind(l).royal)
            && (self.turns[seat] == 0 || self.pieces().any(|(_, p)| self.owner(p) == seat))
    }

    /// Whether the seat still has pieces in reserve (they are its units).
    pub(super) fn holds_reserve(&self, seat: usize) -> bool {
        !self.left[seat].is_empty()
    }

    /// Whether no one may capture the piece: its army's seat deploys and
    /// has not ended its guarded turns.
    pub(super) fn deploy_guards(&self, victim: Piece) -> bool {
        self.deployment(victim.army)
            .is_some_and(|d| self.turns[victim.army] < d.guarded_turns)
    }

    /// Whether placing a `letter` now keeps room, among the first
    /// placements, for the pieces that must be among them.
    fn may_place(&self, seat: usize, letter: char) -> bool {
        let Some(Deployment {
            reserve,
            first,
            within,
            ..
        }) = self.deployment(seat)
        else {
            return false;
        };
        let left = &self.left[seat];
        let placed_of = |l: char| count(reserve, l) - count(left, l) + usize::from(l == letter);
        let done = reserve.len() - left.len() + 1;
        let mut kinds: Vec<char> = first.to_vec();
        kinds.dedup();
        let owed: usize = kinds
            .iter()
            .map(|&l| count(first, l).saturating_sub(placed_of(l)))
            .sum();
        done > within || done + owed <= within
    }

    /// The deployments of the seat to move: each kind left that may be
    /// placed now on each empty deployment square.
    pub(super) fn deployments(&self) -> Vec<String> {
        let us = self.turn;
        let Some(Deployment { squares, .. }) = self.deployment(us) else {
            return Vec::new();
        };
        let mut letters = self.left[us].clone();
        letters.sort();
        letters.dedup();
        let mut out = Vec::new();
        for l in letters {
            if !self.may_place(us, l) {
                continue;
            }
            for f in 0..8 {
                for r in 0..8 {
                    let sq = (f, r);
                    let new = Piece { army: us, kind: l };
                    if squares.contains(&to_frame(us, sq))
                        && self.at(sq).is_none()
                        && !(self.kind(l).pawn && self.promotes_on(new, sq))
                    {
                        out.push(format!("{}@{}", l.to_ascii_uppercase(), square(sq)));
                    }
                }
            }
        }
        out
    }

    /// The deployment `m`: the piece leaves the reserve for its square.
    pub(super) fn deploy(&self, m: &str) -> Ref {
        let us = self.turn;
        let letter = m.chars().next().expect("a letter").to_ascii_lowercase();
        let sq = super::squares(&m[2..])[0];
        let mut next = self.clone();
        let at = next.left[us]
            .iter()
            .position(|&l| l == letter)
            .expect("a piece in reserve");
        next.left[us].remove(at);
        next.set(
            sq,
            Some(Piece {
                army: us,
                kind: letter,
            }),
        );
        next
    }
}
