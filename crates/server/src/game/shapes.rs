//! Arrows and circles a player draws on the board, shared with the
//! partners of a team game and nobody else. They are not stored and not
//! numbered: a partner who reconnects sees the next ones.

use super::actor::Actor;
use super::event::{Audience, Event};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::Arc;
use tetrarch_rules::Seat;

/// Shapes a seat may show at once.
pub const MAX_SHAPES: usize = 64;
/// The longest cell name taken (`n14` on the cross board).
const MAX_CELL: usize = 4;

/// An arrow (`from` to `to`) or a circle (`from` alone).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shape {
    /// The cell it starts on (a circle's cell).
    pub from: String,
    /// The cell an arrow points to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Its colour name, as the client calls it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brush: Option<String>,
}

/// Why shapes are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// More than [`MAX_SHAPES`].
    #[error("at most {MAX_SHAPES} shapes at once")]
    TooMany,
    /// A cell or brush name that is no name.
    #[error("'{0}' is not a cell or brush name")]
    BadName(String),
}

fn name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_CELL * 3
        && name.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Checks shapes a client sent: few, and named with short plain words
/// (they are relayed to other players' pages).
pub fn check(shapes: &[Shape]) -> Result<(), ShapeError> {
    if shapes.len() > MAX_SHAPES {
        return Err(ShapeError::TooMany);
    }
    for shape in shapes {
        let cells = std::iter::once(&shape.from).chain(&shape.to);
        for name in cells {
            if name.len() > MAX_CELL || !name_ok(name) {
                return Err(ShapeError::BadName(name.clone()));
            }
        }
        if let Some(brush) = &shape.brush
            && !name_ok(brush)
        {
            return Err(ShapeError::BadName(brush.clone()));
        }
    }
    Ok(())
}

impl Actor {
    /// Sends `seat`'s shapes to its partners; answers how many seats
    /// they went to (none in a free-for-all).
    pub(super) fn share_shapes(&mut self, seat: u8, shapes: &[Shape]) -> usize {
        let team = self.variant.team(Seat(seat));
        let partners: u32 = (0..self.seats.len() as u8)
            .filter(|&s| s != seat && self.variant.team(Seat(s)) == team)
            .fold(0, |set, s| set | 1 << s);
        if partners == 0 {
            return 0;
        }
        let message = json!({"t": "shapes", "seat": seat, "shapes": shapes});
        let event = Arc::new(Event {
            v: self.v,
            audience: Audience::Seats(partners),
            json: Arc::from(message.to_string()),
            seats: None,
            kind: "shapes",
        });
        // Not kept in the log: a reconnecting partner needs no old arrows.
        let _ = self.events.send(event);
        partners.count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrow(from: &str, to: &str) -> Shape {
        Shape {
            from: from.into(),
            to: Some(to.into()),
            brush: None,
        }
    }

    #[test]
    fn plain_cell_names_pass_and_others_are_refused() {
        assert_eq!(check(&[arrow("e2", "e4"), arrow("n14", "a1")]), Ok(()));
        assert_eq!(
            check(&[arrow("e2", "<b>")]),
            Err(ShapeError::BadName("<b>".into()))
        );
        assert_eq!(
            check(&[arrow("e2", "e2e4e6")]),
            Err(ShapeError::BadName("e2e4e6".into()))
        );
        let many = vec![arrow("a1", "a2"); MAX_SHAPES + 1];
        assert_eq!(check(&many), Err(ShapeError::TooMany));
    }
}
