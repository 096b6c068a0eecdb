//! Earlier positions of a game, for reviewing it: the board after every
//! ply as the viewer may see it, and the move that led there.

use super::actor::Actor;
use super::spec;
use serde::Serialize;
use tetrarch_rules::Seat;
use tetrarch_rules::family::view::{BoardView, MoveView};

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
                last_move: played.to.is_some().then_some(played),
            });
        }
        Ok(plies)
    }
}
