//! Texel tuning: the chess kernel's evaluation weights ([`Weights`])
//! fitted to the results of self-play games.
//!
//! 1. [`self_play`] plays games of a two-seat variant against itself at a
//!    fixed node count, from seeded random openings, and keeps every
//!    position after the opening with the game's result ([`Sample`]).
//! 2. [`fit`] drops positions that are not quiet (in check, or with a
//!    capture that does not lose material by exchange: a static
//!    evaluation cannot score those), scales the evaluation to a win
//!    probability `1 / (1 + 10^(-k * eval / 400))` with the `k` that fits
//!    the start weights best, and then moves one weight at a time while the
//!    mean squared error between probability and result falls, with steps
//!    halving from a tenth of each weight down to 1 (a local search, as
//!    Texel's method is). Every tenth position is kept for validation: a
//!    move is kept only when it lowers the training error without raising
//!    the validation error, and no weight moves more than 16 steps a round,
//!    so that a weight the games say little about does not wander on their
//!    noise (a few hundred games are few for Texel's method).
//!
//! `tetrarch tune` runs both and writes the weights file; whether it plays
//! better is for `tetrarch match` to say, never for the error.

mod data;
mod fit;

pub use data::{Sample, SelfPlay, read_samples, self_play, write_samples};
pub use fit::{Fit, FitConfig, fit};

use crate::eval::WeightsError;

/// Why tuning cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// Tuning fits two-seat games (a result is a score for seat 0).
    #[error("variant {0} has more than two seats: tuning fits two-seat games only")]
    NotTwoSeats(String),
    /// The variant's weights are not the chess kernel's.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// A move the engine chose was refused (a bug, reported, not hidden).
    #[error("self-play game {game}: {reason}")]
    Play {
        /// The game's number.
        game: usize,
        /// What the rules said.
        reason: String,
    },
    /// A line of a samples file is not `RESULT POSITION`.
    #[error("samples line {line}: {reason}")]
    Data {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// `--only` names no weight.
    #[error("no weight is named {0} (see crates/engine/src/eval/weights.rs)")]
    UnknownWeight(String),
    /// No quiet position to fit.
    #[error("no quiet positions to fit ({0} samples read)")]
    Empty(usize),
}
