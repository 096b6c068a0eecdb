//! Ancient China's Great Wall as the reference plays it, from the facts
//! file's words (2A.3) and the decisions of `docs/nations.md`: "A wall
//! partly surrounds your 3x5 area. Enemy pieces may cross it only by
//! jumping. Your queen may never cross the wall. Once your queen is
//! captured, the wall stops working." The wall is the border between the
//! seat's 3 x 5 and the rest of the board; a piece crosses it when one of
//! its steps goes from a square inside to one outside or back.

use super::powers::RefPower;
use super::{Piece, Ref, Sq, in_area};

impl Ref {
    /// `seat`'s wall, if it stands: its area and the kind that keeps it.
    fn standing_wall(&self, seat: usize) -> Option<(super::Rect, char)> {
        let (area, keeper) = self.powers(seat).iter().find_map(|p| match p {
            RefPower::Wall { area, keeper } => Some((*area, *keeper)),
            _ => None,
        })?;
        let has_keeper = self
            .pieces()
            .any(|(_, p)| p.army == seat && p.kind == keeper);
        (!self.wall_down[seat] && self.commander[seat] == seat && has_keeper)
            .then_some((area, keeper))
    }

    /// Whether a wall stops the piece `p` going from `a` to `b`: by a
    /// step (or a straight path, given as `path`, the squares from `a` to
    /// `b`), or by a jump when `jump`.
    pub(super) fn wall_stops(&self, p: Piece, path: &[Sq], jump: bool) -> bool {
        let owner = self.owner(p);
        (0..4).any(|w| {
            let Some((area, keeper)) = self.standing_wall(w) else {
                return false;
            };
            let enemy = self.team[owner] != self.team[w];
            let queen = owner == w && p.kind == keeper;
            let inside = path.iter().filter(|&&sq| in_area(w, area, sq)).count();
            let crosses = inside != 0 && inside != path.len();
            crosses && (queen || (enemy && !jump))
        })
    }

    /// After a turn: a wall whose seat's own army holds no piece of its
    /// kind falls for good.
    pub(super) fn settle_walls(&mut self) {
        for w in 0..4 {
            let keeper = self.powers(w).iter().find_map(|p| match p {
                RefPower::Wall { keeper, .. } => Some(*keeper),
                _ => None,
            });
            if let Some(keeper) = keeper
                && !self.pieces().any(|(_, p)| p.army == w && p.kind == keeper)
            {
                self.wall_down[w] = true;
            }
        }
    }
}

/// The squares from `a` to `b` on a straight line, both ends included;
/// just the two ends when they share no line (a knight's leap).
pub fn path(a: Sq, b: Sq) -> Vec<Sq> {
    let (df, dr) = (b.0 - a.0, b.1 - a.1);
    let n = df.abs().max(dr.abs());
    if n == 0 || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return vec![a, b];
    }
    (0..=n)
        .map(|k| (a.0 + df / n * k, a.1 + dr / n * k))
        .collect()
}
