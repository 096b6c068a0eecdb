//! A PGN4 record read as the steps of a game: moves, and in a free-for-all
//! the players who leave in the middle of it (`R` or `T`, alone or after a
//! move: `Kk1-k2R`) while the others play on. Where the variant scores
//! points and keeps dead kings walking, the record says where each walking
//! king stepped (chess.com's dice, not ours), so the replay takes those
//! steps as given ([`Position::set_walks_given`]).
//!
//! ```
//! use tetrarch_rules::{Variant, Wide, family::Step, notation::pgn4::Pgn4Game};
//! let ffa = Variant::builtin("fourway-ffa").unwrap();
//! let g: Pgn4Game = "1. h2-h3 .. b7-c7R .. h13-h12 .. m8-l8\n2. e2-e3".parse().unwrap();
//! let (positions, steps) = g.steps::<Wide>(&ffa).unwrap();
//! assert_eq!(steps.len(), 6);
//! assert!(matches!(steps[2], Step::Retire { timed_out: false, .. }));
//! assert_eq!(positions.len(), 7);
//! ```

use super::pgn4::{Pgn4Error, Pgn4Game, Pgn4Move, Pgn4MoveError, Retirement};
use crate::attacks::HasSliders;
use crate::family::Step;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

/// An entry split into its move and the retirement written after it:
/// `Kk1-k2R` is the move `Kk1-k2`, then its player resigned. A trailing
/// `R` after a promotion's letter (`h8=R`) is the promotion. A trailing
/// `S` (a player stalemated by the move) is a mark, dropped as `+` is.
pub(crate) fn split_retirement(text: &str) -> (&str, Option<Retirement>) {
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    let (bare, last) = match suffix(bare) {
        Some(('S', head)) => (head.trim_end_matches(['+', '#']), suffix(head).map(|s| s.0)),
        other => (bare, other.map(|s| s.0)),
    };
    let how = match last {
        Some('R') => Retirement::Resigned,
        Some('T') => Retirement::TimedOut,
        _ => return (bare, None),
    };
    (&bare[..bare.len() - 1], Some(how))
}

/// The last letter of a move's text and the text before it, where that
/// letter follows the move (after its square, or after a promotion's
/// letter) rather than being part of it.
fn suffix(text: &str) -> Option<(char, &str)> {
    let last = text.chars().last().filter(char::is_ascii_uppercase)?;
    let head = &text[..text.len() - 1];
    let b = head.as_bytes();
    let after_square = b.last().is_some_and(u8::is_ascii_digit);
    let after_promotion = b.len() >= 2 && b[b.len() - 2] == b'=';
    (after_square || after_promotion).then_some((last, head))
}

/// Whether the last step put a player out, as a stalemate does: where
/// chess.com writes `S` for the stalemated player's turn, the position
/// has already settled it.
fn someone_left<B: HasSliders>(positions: &[Position<B>]) -> bool {
    match positions {
        [.., before, after] => before.alive_seats() & !after.alive_seats() != 0,
        _ => false,
    }
}

impl Pgn4Game {
    /// The start position (the `StartFen4` tag, else the variant's start),
    /// then every entry resolved to a step of `variant`, with the position
    /// after each (`positions.len() == steps.len() + 1`). Trailing `R` and
    /// `T` entries are left to [`Pgn4Game::retirements`]; one before a
    /// move is a step where every player plays for themself, and an error
    /// elsewhere (a team's player leaving ends the game). Errors name the
    /// round, the side to move and the entry.
    #[allow(clippy::type_complexity)]
    pub fn steps<B: HasSliders>(
        &self,
        variant: &Variant,
    ) -> Result<(Vec<Position<B>>, Vec<Step<Move>>), Pgn4Error> {
        let mut pos = match self.tag("StartFen4") {
            Some(fen4) => Position::from_fen(variant, fen4),
            None => Position::from_fen(variant, &variant.start_fen),
        }
        .map_err(Pgn4Error::StartPosition)?;
        pos.set_walks_given(true);
        let last_move = self
            .entries
            .iter()
            .rposition(|e| !matches!(e.text.parse(), Ok(Pgn4Move::Retire(_))));
        let mut positions = vec![pos.clone()];
        let mut steps = Vec::with_capacity(self.entries.len());
        let mut retired = None;
        for (i, e) in self.entries.iter().enumerate() {
            if last_move.is_none_or(|last| i > last) {
                break;
            }
            let seat = super::pgn4::side_name(&pos);
            let reason = |reason| Pgn4Error::Move {
                round: e.round,
                seat: seat.clone(),
                text: e.text.clone(),
                reason,
            };
            if e.text.trim_end_matches(['+', '#']) == "S" {
                if someone_left(&positions) {
                    continue;
                }
                let why =
                    "'S' marks a player stalemated, and the move before left nobody without a move";
                return Err(reason(Pgn4MoveError::Syntax(why.into())));
            }
            let (text, after) = split_retirement(&e.text);
            let entry: Pgn4Move = text.parse().map_err(reason)?;
            if let Some(first) = retired
                .as_ref()
                .filter(|_| !super::pgn4::every_seat_alone(&pos))
            {
                return Err(Pgn4Error::AfterRetirement {
                    round: e.round,
                    seat,
                    text: e.text.clone(),
                    retired: String::clone(first),
                });
            }
            let leaver = pos.turn();
            let how = match entry {
                Pgn4Move::Retire(how) => Some(how),
                _ => {
                    let m = entry.to_move(&pos).map_err(reason)?;
                    pos.play_unchecked(m);
                    positions.push(pos.clone());
                    steps.push(Step::Move(m));
                    after
                }
            };
            if let Some(how) = how {
                retired.get_or_insert_with(|| format!("{seat} {how}"));
                pos.retire_seat(leaver);
                positions.push(pos.clone());
                steps.push(Step::Retire {
                    seat: leaver,
                    timed_out: how == Retirement::TimedOut,
                });
            }
        }
        Ok((positions, steps))
    }
}
