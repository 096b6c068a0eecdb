//! chess.com's free-for-all results: `[Result "ann: 72 - bo: 14 - cy: 61 -
//! di: 33"]`, each player's points by the name of their seat tag (`Red`,
//! `Blue`, ...), in any order. The points are those at the very end: after
//! the players who leave with the record's last entries (`R`, `T`) have
//! left, with what their leaving gives (the `Termination` tag's
//! "(Yellow +20)" is already in them). Where the record stops with two or
//! more players still in, the game ended by what its entries do not show
//! (a claimed win, the last opponent leaving unwritten), and the
//! `Termination` tag's bonus is what that ending gave.
//!
//! ```
//! use tetrarch_rules::notation::pgn4_points::stated_points;
//! assert_eq!(
//!     stated_points("ann: 72 - bo-bo: 14"),
//!     Some(vec![("ann".to_string(), 72), ("bo-bo".to_string(), 14)])
//! );
//! assert_eq!(stated_points("1-0"), None);
//! ```

use super::pgn4::{Pgn4Game, capitalised};
use crate::attacks::HasSliders;
use crate::piece::Seat;
use crate::position::Position;

/// A points result that does not fit the game played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointsError {
    /// A name no seat tag gives.
    #[error(
        "Result: '{0}' plays no seat of the record (no Red, Blue, Yellow or Green tag names them)"
    )]
    UnknownName(String),
    /// Points other than the moves give.
    #[error("Result gives {seat} {stated} points; the moves give {played}")]
    Mismatch {
        /// The seat's name.
        seat: String,
        /// As the record states.
        stated: i32,
        /// As the replay counts.
        played: i32,
    },
}

/// The names and points of a result of this form, or `None` for any other
/// result (`1-0`, `*`, ...).
pub fn stated_points(result: &str) -> Option<Vec<(String, i32)>> {
    result
        .split(" - ")
        .map(|part| {
            let (name, n) = part.rsplit_once(':')?;
            let name = name.trim();
            let n = n.trim().parse().ok()?;
            (!name.is_empty()).then(|| (name.to_string(), n))
        })
        .collect()
}

/// Check a record's points result, where it has one, against `end`, the
/// position its moves reach.
pub fn verify_points<B: HasSliders>(pgn: &Pgn4Game, end: &Position<B>) -> Result<(), PointsError> {
    let Some(stated) = pgn.result().and_then(stated_points) else {
        return Ok(());
    };
    let mut last = end.clone();
    for (seat, _) in pgn.retirements(end) {
        last.retire_seat(seat);
    }
    let v = end.variant();
    let mut bonus = None;
    if last.active_seats().count_ones() > 1 {
        bonus = pgn.tag("Termination").and_then(termination_bonus);
    }
    for (name, stated) in stated {
        let seat = (0..v.seat_count())
            .map(Seat)
            .find(|&s| pgn.tag(&capitalised(&v.seats[s.idx()].name)) == Some(name.as_str()))
            .ok_or_else(|| PointsError::UnknownName(name.clone()))?;
        let mut played = i32::from(last.points(seat));
        if let Some((who, n)) = &bonus
            && capitalised(&v.seats[seat.idx()].name) == *who
        {
            played += n;
        }
        if played != stated {
            return Err(PointsError::Mismatch {
                seat: capitalised(&v.seats[seat.idx()].name),
                stated,
                played,
            });
        }
    }
    Ok(())
}

/// The seat and points of a `Termination` such as `(Blue +20)`.
///
/// ```
/// use tetrarch_rules::notation::pgn4_points::termination_bonus;
/// assert_eq!(termination_bonus("(Green +40)"), Some(("Green".into(), 40)));
/// assert_eq!(termination_bonus("Checkmate"), None);
/// ```
pub fn termination_bonus(text: &str) -> Option<(String, i32)> {
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?;
    let (seat, n) = inner.split_once(' ')?;
    let n = n.trim().strip_prefix('+')?.parse().ok()?;
    Some((seat.to_string(), n))
}
