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
//! chess.com's Teams results are `1-0` (Red and Yellow won), `0-1` (Blue
//! and Green) and `1/2-1/2`; they are checked against the game the moves
//! and the last entries (`R`, `T`, a mate) decide. A record that stops
//! undecided (cut short, as some kept records are) is not checked: its end
//! is not in it.
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
use crate::outcome::Outcome;
use crate::piece::Seat;
use crate::position::Position;
use crate::variant::Variant;

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
    /// A Teams result other than the one the moves decide.
    #[error("Result '{stated}' does not fit the game: the moves give {played}")]
    TeamResult {
        /// As the record states.
        stated: String,
        /// As the replay decides it.
        played: &'static str,
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
        return verify_team_result(pgn, end);
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

/// Check a two-team record's `1-0`, `0-1` or `1/2-1/2` against the game
/// its moves and last entries decide (the team of seat 0, Red, is the
/// first). Other results, games of other than two teams, and games the
/// record leaves undecided are not checked.
fn verify_team_result<B: HasSliders>(pgn: &Pgn4Game, end: &Position<B>) -> Result<(), PointsError> {
    let v = end.variant();
    let Some(stated) = pgn.result().map(str::trim) else {
        return Ok(());
    };
    if !matches!(stated, "1-0" | "0-1" | "1/2-1/2") || !two_teams(v) {
        return Ok(());
    }
    let mut last = end.clone();
    for (seat, _) in pgn.retirements(end) {
        last.retire_seat(seat);
    }
    let Some(outcome) = last.outcome() else {
        return Ok(());
    };
    let played = match outcome {
        Outcome::Win { winner, .. } if v.allied(winner, Seat(0)) => "1-0",
        Outcome::Win { .. } => "0-1",
        Outcome::Draw(_) => "1/2-1/2",
    };
    if played == stated {
        Ok(())
    } else {
        Err(PointsError::TeamResult {
            stated: stated.to_string(),
            played,
        })
    }
}

/// Whether the seats form exactly two teams, seats 0 and 1 on opposite
/// sides (every four-player team variant: partners across).
fn two_teams(v: &Variant) -> bool {
    let n = v.seat_count();
    n > 2
        && !v.allied(Seat(0), Seat(1))
        && (0..n).all(|s| v.allied(Seat(s), Seat(0)) || v.allied(Seat(s), Seat(1)))
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
