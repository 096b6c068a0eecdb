//! Self-play games and the samples file: one position per line after its
//! game's result for seat 0 (`1`, `0.5` or `0`).

use super::TuneError;
use crate::Engine;
use crate::eval::Weights;
use crate::search::Limits;
use std::fmt::Write as _;
use tetrarch_rules::Outcome;
use tetrarch_rules::{AnyGame, AnyVariant, Seat, SplitMix64};

/// A position and the result of the game it was played in.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position, in the variant's position text.
    pub position: String,
    /// Seat 0's score of the game: 1, 0.5 or 0.
    pub result: f64,
}

/// How the self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// How many games.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random moves at the start of each game (seeded).
    pub random_plies: usize,
    /// Positions before this ply are not kept (the random opening and the
    /// moves right after it).
    pub skip_plies: usize,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: usize,
    /// Seed of the openings and the engine's noise.
    pub seed: u64,
}

/// Play `cfg.games` games of `variant`, its engine evaluating with
/// `weights` (the variant's own when `None`), and keep their positions.
/// `progress` hears each finished game's number.
pub fn self_play(
    variant: &AnyVariant,
    weights: Option<&Weights>,
    cfg: &SelfPlay,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<Sample>, TuneError> {
    if variant.seat_count() != 2 {
        return Err(TuneError::NotTwoSeats(variant.name().to_string()));
    }
    let mut engine = Engine::new(variant, 16);
    if let Some(w) = weights {
        engine.use_weights(w)?;
    }
    let limits = Limits {
        nodes: Some(cfg.nodes),
        ..Limits::default()
    };
    let mut samples = Vec::new();
    for number in 0..cfg.games {
        let mut rng =
            SplitMix64::new(cfg.seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        engine.clear();
        engine.seed(rng.next_u64());
        let mut game = AnyGame::new(variant);
        let mut kept = Vec::new();
        while game.outcome().is_none() && game.ply() < cfg.max_plies {
            let text = if game.ply() < cfg.random_plies {
                let moves = game.legal_moves();
                moves[rng.below(moves.len())].uci.clone()
            } else {
                if game.ply() >= cfg.skip_plies {
                    kept.push(game.position_text());
                }
                let found = engine.search(&game, &limits, &mut |_| {});
                let found = found.map_err(|e| play_error(number, e))?;
                match found.best {
                    Some(m) => m,
                    None => break,
                }
            };
            game.play(&text).map_err(|e| play_error(number, e))?;
        }
        let result = score(game.outcome());
        samples.extend(kept.into_iter().map(|position| Sample { position, result }));
        progress(number + 1);
    }
    Ok(samples)
}

fn play_error(game: usize, e: impl std::fmt::Display) -> TuneError {
    TuneError::Play {
        game,
        reason: e.to_string(),
    }
}

/// Seat 0's score of a game that ended so (unfinished: a draw).
fn score(outcome: Option<Outcome>) -> f64 {
    match outcome {
        Some(Outcome::Win {
            winner: Seat(0), ..
        }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    }
}

/// The samples as text, one per line.
pub fn write_samples(samples: &[Sample]) -> String {
    let mut out = String::new();
    for s in samples {
        let _ = writeln!(out, "{} {}", s.result, s.position);
    }
    out
}

/// Samples from text written by [`write_samples`]; blank lines and lines
/// starting with `#` are skipped.
pub fn read_samples(text: &str) -> Result<Vec<Sample>, TuneError> {
    let mut samples = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |reason: &str| TuneError::Data {
            line: i + 1,
            reason: reason.to_string(),
        };
        let (result, position) = line
            .split_once(' ')
            .ok_or_else(|| bad("expected RESULT POSITION"))?;
        let result = match result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            _ => return Err(bad("the result is not 1, 0.5 or 0")),
        };
        samples.push(Sample {
            position: position.trim().to_string(),
            result,
        });
    }
    Ok(samples)
}
