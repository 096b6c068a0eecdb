//! `tetrarch replay`: replay every game of a PGN file, checking each SAN
//! move and the recorded result where the game ends in mate or stalemate.

use anyhow::{Context, anyhow};
use std::path::Path;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn::{PgnGame, PgnReader};
use tetrarch_rules::variant::WithWidth;
use tetrarch_rules::{HasSliders, Variant};

/// What a replay covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplaySummary {
    /// Games replayed.
    pub games: usize,
    /// Moves (plies) replayed, over all games.
    pub moves: usize,
}

/// Replays one game at the variant's width; returns its number of moves.
struct ReplayOne<'a>(&'a PgnGame);

impl WithWidth for ReplayOne<'_> {
    type Output = Result<usize, tetrarch_rules::game::GameError>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Self::Output {
        let pgn = self.0;
        let game = Game::<B>::from_pgn(pgn, variant)?;
        let tag = pgn.tag("Result");
        game.verify_result(tag.or(pgn.result.as_deref()))?;
        if let (Some(marker), Some(_)) = (pgn.result.as_deref(), tag) {
            game.verify_result(Some(marker))?;
        }
        Ok(game.moves().len())
    }
}

/// Replay every game of the PGN file at `path` as games of `variant`.
/// The first problem (unreadable PGN, a SAN move that is malformed,
/// ambiguous or illegal, a result that contradicts a mate or stalemate)
/// is returned as an error naming the game, the move and the reason.
pub fn run(variant: &Variant, path: &Path) -> anyhow::Result<ReplaySummary> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut summary = ReplaySummary::default();
    for (i, game) in PgnReader::new(&text).enumerate() {
        let game = game.map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let moves = variant.with_width(ReplayOne(&game)).map_err(|e| {
            anyhow!(
                "{}: game {} ({}): {e}",
                path.display(),
                i + 1,
                game.players()
            )
        })?;
        summary.games += 1;
        summary.moves += moves;
    }
    Ok(summary)
}
