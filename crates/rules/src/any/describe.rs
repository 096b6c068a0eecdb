//! Outcomes in words, naming the seats from the variant alone.

use super::AnyVariant;
use crate::outcome::{Outcome, WinReason};
use crate::piece::Seat;

impl Outcome {
    /// The outcome in words, naming the winning team's seats: `white wins
    /// by checkmate`, `blue and green win by capturing the kings`, `draw
    /// by repetition`.
    ///
    /// ```
    /// use tetrarch_rules::{AnyVariant, DrawReason, Outcome, Seat, WinReason};
    /// let teams = AnyVariant::builtin("fourway-teams").unwrap();
    /// let o = Outcome::Win { winner: Seat(1), reason: WinReason::KingsCaptured };
    /// assert_eq!(o.describe(&teams), "blue and green win by capturing the kings");
    /// let chess = AnyVariant::builtin("chess").unwrap();
    /// let o = Outcome::Win { winner: Seat(0), reason: WinReason::Checkmate };
    /// assert_eq!(o.describe(&chess), "white wins by checkmate");
    /// assert_eq!(Outcome::Draw(DrawReason::FiftyMoves).describe(&chess), "draw by the fifty-move rule");
    /// ```
    pub fn describe(&self, variant: &AnyVariant) -> String {
        match *self {
            Outcome::Win { winner, reason } => {
                let team: Vec<&str> = (0..variant.seat_count())
                    .map(Seat)
                    .filter(|&s| {
                        winner.0 < variant.seat_count() && variant.team(s) == variant.team(winner)
                    })
                    .map(|s| variant.seat_name(s))
                    .collect();
                let verb = if team.len() > 1 { "win" } else { "wins" };
                format!("{} {verb} {}", team.join(" and "), win_words(reason))
            }
            Outcome::Draw(reason) => format!("draw by {reason}"),
        }
    }
}

/// How a win came about, after the verb: `by checkmate`, `on time`.
pub(crate) fn win_words(reason: WinReason) -> &'static str {
    match reason {
        WinReason::Checkmate => "by checkmate",
        WinReason::Stalemate => "by stalemate",
        WinReason::Resignation => "by resignation",
        WinReason::PerpetualCheck => "by perpetual check",
        WinReason::KingsCaptured => "by capturing the kings",
        WinReason::Timeout => "on time",
        WinReason::Abandonment => "as the others left",
        WinReason::CounterGoal => "by reaching the goal",
        WinReason::LastPlayer => "as the last player left",
        WinReason::Points => "on points",
        WinReason::PointsLead => "by claiming a winning lead",
    }
}
