//! Who leads a free-for-all that reaches the ply cap (`--adjudicate-ffa`).
//!
//! Between two engines of similar strength over half the free-for-all games
//! ran to the cap and counted as draws, which hides who played better. At
//! the cap the game goes instead to the seat that stands best by the rules'
//! data: where the variant scores points, the seat with the most points,
//! the seats still in play given the variant's draw bonus (the result the
//! variant gives a game ended by a draw rule; a tie at the top is a draw);
//! elsewhere the seat still playing whose material (the engine's piece
//! values; royal pieces not counted) leads every other seat still playing
//! by the margin. Seats without a royal piece (frozen or out) are not in
//! the running there, since they cannot win.

use tetrarch_engine::Eval;
use tetrarch_rules::family::view::SeatState;
use tetrarch_rules::{AnyGame, AnyVariant, Seat};

/// How a free-for-all at the ply cap is judged.
#[derive(Clone, Debug)]
pub struct Standing {
    /// Each kind's value, by its letter (lower case).
    values: Vec<(String, i32)>,
    /// The material lead that wins, in centipawns.
    margin: i32,
    /// Where points decide: the bonus of a seat in play at a draw.
    draw_bonus: Option<i32>,
}

impl Standing {
    /// The judge of `variant` with material `margin`; `None` unless it is a
    /// free-for-all of the chess kernel with more than two seats.
    pub fn new(variant: &AnyVariant, margin: i32) -> Option<Standing> {
        let AnyVariant::Chess(v) = variant else {
            return None;
        };
        if variant.seat_count() <= 2 || !variant.free_for_all() {
            return None;
        }
        let eval = Eval::new(v);
        let values = v
            .pieces
            .iter()
            .enumerate()
            .map(|(k, p)| (p.letter.to_ascii_lowercase().to_string(), eval.values[k]))
            .collect();
        Some(Standing {
            values,
            margin,
            draw_bonus: v.points.as_ref().map(|p| i32::from(p.draw)),
        })
    }

    /// The winner of `game` stopped at the cap, or `None` for a draw.
    pub fn winner(&self, game: &AnyGame) -> Option<Seat> {
        let n = game.variant().seat_count() as usize;
        let playing = |s: usize| game.seat_state(Seat(s as u8)) == SeatState::Playing;
        if let (Some(bonus), Some(points)) = (self.draw_bonus, game.points()) {
            let total: Vec<i32> = (0..n)
                .map(|s| points[s] + if playing(s) { bonus } else { 0 })
                .collect();
            return leader(&total, 1);
        }
        let mut material = vec![i32::MIN; n];
        for s in (0..n).filter(|&s| playing(s)) {
            material[s] = 0;
        }
        for p in game.view(None).pieces {
            let Some(m) = material.get_mut(p.seat as usize) else {
                continue;
            };
            if *m != i32::MIN {
                *m += self.value(&p.kind);
            }
        }
        leader(&material, self.margin)
    }

    fn value(&self, letter: &str) -> i32 {
        let l = letter.to_ascii_lowercase();
        self.values
            .iter()
            .find(|(k, _)| *k == l)
            .map_or(0, |&(_, v)| v)
    }
}

/// The seat whose `score` is at least `margin` above every other's.
fn leader(score: &[i32], margin: i32) -> Option<Seat> {
    let best = (0..score.len()).max_by_key(|&s| score[s])?;
    let lead = (0..score.len())
        .filter(|&s| s != best)
        .all(|s| i64::from(score[best]) - i64::from(score[s]) >= i64::from(margin));
    lead.then_some(Seat(best as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leader_needs_the_margin() {
        assert_eq!(leader(&[900, 100, 500, i32::MIN], 300), Some(Seat(0)));
        assert_eq!(leader(&[900, 100, 700, i32::MIN], 300), None);
        assert_eq!(leader(&[3, 3, 1, 0], 1), None);
        assert_eq!(leader(&[3, 4, 1, 0], 1), Some(Seat(1)));
    }

    #[test]
    fn material_and_points_at_the_cap() {
        let teams = AnyVariant::builtin("fourway-teams").unwrap();
        assert!(Standing::new(&teams, 300).is_none());
        let ffa = AnyVariant::builtin("fourway-ffa").unwrap();
        let judge = Standing::new(&ffa, 300).unwrap();
        let start = AnyGame::new(&ffa);
        // Equal armies: no one leads.
        assert_eq!(judge.winner(&start), None);
        // Blue and yellow without their queens, green without a rook: red
        // leads every seat by a rook or more.
        let text = start
            .position_text()
            .replacen("bQ", "1", 1)
            .replacen("yQ", "1", 1)
            .replacen("gR", "1", 1);
        let game = AnyGame::from_position(&ffa, Some(&text)).unwrap();
        assert_eq!(judge.winner(&game), Some(Seat(0)));
        // By less than the margin asked, no winner.
        let strict = Standing::new(&ffa, 2000).unwrap();
        assert_eq!(strict.winner(&game), None);
        // Points: equal at the start, a draw.
        let pts = AnyVariant::builtin("fourway-chesscom-ffa").unwrap();
        let judge = Standing::new(&pts, 300).unwrap();
        let start = AnyGame::new(&pts);
        assert_eq!(judge.winner(&start), None);
        // Blue ahead by a point wins, whatever the material.
        let text = start
            .position_text()
            .replacen("-0,0,0,0-0-", "-0,1,0,0-0-", 1);
        let game = AnyGame::from_position(&pts, Some(&text)).unwrap();
        assert_eq!(game.points(), Some(vec![0, 1, 0, 0]));
        assert_eq!(judge.winner(&game), Some(Seat(1)));
    }
}
