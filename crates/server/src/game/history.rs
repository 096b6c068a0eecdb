//! Earlier positions of a game, for reviewing it: the board after every
//! ply as the viewer may see it, and the move that led there.

use super::actor::Actor;
use super::spec;
use serde::Serialize;
use tetrarch_rules::family::view::{BoardView, MoveView};
use tetrarch_rules::{AnyGame, Seat};

/// The board after one ply.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// Plies played before it.
    pub ply: usize,
    /// The board as the viewer may see it.
    pub board: BoardView,
    /// The move that led to it (`None` at the start and after a
    /// retirement).
    pub last_move: Option<MoveView>,
}

impl Actor {
    /// The board after every ply from the start, as `viewer` sees it, by
    /// replaying the moves through the kernel from the game's start.
    pub(super) fn history(&self, viewer: Option<u8>) -> Result<Vec<PlyView>, String> {
        let mut game = spec::start(&self.variant, &self.spec).map_err(|e| e.to_string())?;
        let view = |game: &tetrarch_rules::AnyGame| game.view(viewer.map(Seat));
        // The steps the viewer did not see (a hidden knight's) show no move.
        let seen = self.game.moves_seen_by(viewer.map(Seat));
        let mut plies = vec![PlyView {
            ply: 0,
            board: view(&game),
            last_move: None,
        }];
        for (i, text) in self.game.moves().iter().enumerate() {
            // The moves as played, rolls of dice included: replayed as
            // steps, never rolled again.
            let played = game
                .play_step(text)
                .map_err(|e| format!("move {} ({text}) does not replay: {e}", i + 1))?;
            plies.push(PlyView {
                ply: i + 1,
                board: view(&game),
                last_move: (played.to.is_some() && seen[i] != tetrarch_rules::UNSEEN)
                    .then_some(played),
            });
        }
        Ok(plies)
    }

    /// The record `viewer` (a seat, or `None`: a spectator) may read: the
    /// whole record, or while the game hides something from it, the record
    /// up to the first step hidden from it (the rest is shown at the end).
    pub(super) fn record_seen_by(&self, viewer: Option<u8>) -> String {
        let id = format!("{}", self.id);
        let viewer = viewer.map(Seat);
        if !self.game.hides_from(viewer) {
            return self.game.record(&[("Site", &id)]);
        }
        let seen = self.game.moves_seen_by(viewer);
        let shown = seen
            .iter()
            .position(|m| m == tetrarch_rules::UNSEEN)
            .unwrap_or(seen.len());
        let Ok(mut game) = spec::start(&self.variant, &self.spec) else {
            return String::new();
        };
        for text in &self.game.moves()[..shown] {
            if game.play_step(text).is_err() {
                break;
            }
        }
        viewers_record(&game, viewer, &id)
    }
}

/// `game`'s record (the true one, cut before the first step `viewer` did
/// not see) with the positions it writes out (the start, the position
/// reached: PGN4's tags) written as `viewer` sees them: a true position
/// holds secrets even before any hidden step (the Soviet Union's cards).
fn viewers_record(game: &AnyGame, viewer: Option<Seat>, site: &str) -> String {
    let mut record = game.record(&[("Site", site)]);
    let now = (game.position_text(), game.position_text_seen_by(viewer));
    let start = (game.start_text(), game.start_text_seen_by(viewer));
    for (truth, view) in [now, start] {
        if truth != view {
            record = record.replace(&truth, &view);
        }
    }
    record
}
