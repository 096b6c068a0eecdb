//! Repetition: the positions of the game and of the search path.

use super::{MATE, Searcher};
use crate::eval::Searchable;

impl<P: Searchable> Searcher<P> {
    pub(super) fn push_node(&mut self, key: u64, in_check: bool) {
        self.stack.push(key);
        self.checks.push(in_check);
    }

    pub(super) fn pop_node(&mut self) {
        self.stack.pop();
        self.checks.pop();
    }

    /// The score of `pos` if it repeats an earlier position with the same
    /// side to move: a draw, unless the variant makes perpetual check lose
    /// and one side's moves all gave check since then (docs/rules.md).
    pub(super) fn repetition_score(&self, pos: &P, ply: usize) -> Option<i32> {
        let h = pos.hash();
        let n = self.stack.len();
        let limit = (pos.reversible_plies() as usize).min(n);
        // With two seats the side to move repeats every other ply; with more,
        // turns do not simply alternate (the hash holds the side to move).
        let step = if self.multi { 1 } else { 2 };
        let mut d = step;
        while d <= limit {
            if self.stack[n - d] == h {
                return Some(self.perpetual_score(pos, d, ply));
            }
            d += step;
        }
        None
    }

    /// `d` plies back `pos` stood before. At even distances the side to move
    /// is to move again (in check there: the opponent had just checked); at
    /// odd distances the opponent is (in check: we had just checked).
    pub(super) fn perpetual_score(&self, pos: &P, d: usize, ply: usize) -> i32 {
        if !self.perpetual_check_loses {
            return 0;
        }
        let n = self.checks.len();
        let checked_at = |k: usize| self.checks[n - k];
        let they_always = pos.in_check() && (2..d).step_by(2).all(checked_at);
        let we_always = (1..d).step_by(2).all(checked_at);
        match (they_always, we_always) {
            (true, false) => MATE - ply as i32,
            (false, true) => -MATE + ply as i32,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tetrarch_rules::notation::uci::UciMove;
    use tetrarch_rules::{Position, Variant};

    /// The searcher after walking `moves` from `fen` as negamax would, and
    /// the position reached.
    fn walk(variant: &str, fen: &str, moves: &[&str]) -> (Searcher<Position<u64>>, Position<u64>) {
        let v = Variant::builtin(variant).unwrap();
        let mut s = Searcher::<Position<u64>>::new(&v, 1);
        s.perpetual_check_loses = v.rules.perpetual_check_loses;
        let mut pos = Position::from_fen(&v, fen).unwrap();
        for m in moves {
            s.push_node(pos.hash(), pos.in_check());
            let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos = pos.play(mv).unwrap();
        }
        (s, pos)
    }

    #[test]
    pub(super) fn perpetual_check_in_the_search_path_loses_where_the_variant_says_so() {
        let cycle = ["a7a8", "h8h7", "a8a7", "h7h8"];
        // EuroShogi: White's dragon checked with every move: White (to move) loses.
        let (s, pos) = walk("euroshogi", "7k/+R7/8/8/8/8/8/4K3[P] w - - 0 1", &cycle);
        assert_eq!(s.repetition_score(&pos, 4), Some(-MATE + 4));
        // Seen from Black after one more check, Black is the one being checked.
        let (s, pos) = walk(
            "euroshogi",
            "7k/+R7/8/8/8/8/8/4K3[P] w - - 0 1",
            &[&cycle[..], &["a7a8"]].concat(),
        );
        assert_eq!(s.repetition_score(&pos, 5), Some(MATE - 5));
        // Chess: the same cycle is a plain repetition, a draw.
        let (s, pos) = walk("chess", "7k/R7/8/8/8/8/8/4K3 w - - 0 1", &cycle);
        assert_eq!(s.repetition_score(&pos, 4), Some(0));
        // Quiet king moves repeat without checks: a draw in EuroShogi too.
        let (s, pos) = walk(
            "euroshogi",
            "k7/8/8/8/8/8/8/7K[Pp] w - - 0 1",
            &["h1g1", "a8b8", "g1h1", "b8a8"],
        );
        assert_eq!(s.repetition_score(&pos, 4), Some(0));
    }
}
