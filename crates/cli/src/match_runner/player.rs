//! Players of a match behind one face: our engine searched in this process
//! ([`Internal`]) or an external UCI engine (`super::uci_engine`).

use anyhow::Result;
use std::fmt;
use std::path::Path;
use std::time::Duration;
use tetrarch_engine::eval::{Weights, WeightsError};
use tetrarch_engine::search::{Limits, Score};
use tetrarch_engine::{Engine, Settings};
use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::{AnyGame, AnyVariant};

/// Mate scores in centipawns (minus the moves to mate).
pub const MATE_CP: i32 = 100_000;

/// What a player may spend on one move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// Clock times and increments by colour, when a time control applies.
    pub wtime: Option<Duration>,
    /// Black's clock.
    pub btime: Option<Duration>,
    /// White's increment.
    pub winc: Option<Duration>,
    /// Black's increment.
    pub binc: Option<Duration>,
    /// Games of more than two seats: every seat's clock (seat order).
    pub seat_time: [Option<Duration>; MAX_SEATS],
    /// Games of more than two seats: every seat's increment.
    pub seat_inc: [Option<Duration>; MAX_SEATS],
    /// Node limit per move.
    pub nodes: Option<u64>,
    /// Depth limit per move.
    pub depth: Option<u32>,
    /// When the runner gives up waiting (clock plus margin).
    pub deadline: Duration,
}

/// A move and the score the player gave it.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The move in the variant's protocol notation (UCI), unchecked.
    pub uci: String,
    /// Centipawns from the mover's view (mates as +-[`MATE_CP`]), if reported.
    pub score: Option<i32>,
}

/// Why a player failed to move.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// No move before the deadline.
    Timeout,
    /// The engine process died or could not be started.
    Crash(String),
    /// The engine broke the protocol (no move in `bestmove`, ...).
    Protocol(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Timeout => write!(f, "no move in time"),
            Fault::Crash(why) => write!(f, "crashed ({why})"),
            Fault::Protocol(why) => write!(f, "protocol error ({why})"),
        }
    }
}

/// A player of games of any variant.
pub trait Player {
    /// The name for reports.
    fn name(&self) -> &str;
    /// Get ready for a new game.
    fn new_game(&mut self) -> Result<(), Fault>;
    /// Choose a move in the game's current position.
    fn think(&mut self, game: &AnyGame, budget: &Budget) -> Result<Reply, Fault>;
}

/// A search score in centipawns from the mover's view.
pub fn score_cp(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => MATE_CP - m,
        Score::Mate(m) => -MATE_CP - m,
    }
}

/// Our engine at a level, searched in this process.
pub struct Internal {
    name: String,
    engine: Engine,
}

impl Internal {
    /// Hash table size per engine, in megabytes.
    const HASH_MB: usize = 16;

    /// Our engine for `variant` at `level` (1..=8), its level noise seeded
    /// with `seed`.
    pub fn new(variant: &AnyVariant, level: u8, name: String, seed: u64) -> Internal {
        let mut engine = Engine::new(variant, Self::HASH_MB);
        engine.configure(Settings {
            level,
            ..Settings::default()
        });
        engine.seed(seed);
        Internal { name, engine }
    }

    /// Evaluate with the weights in the file at `path`.
    pub fn use_weights(&mut self, path: &Path) -> Result<()> {
        let AnyVariant::Chess(v) = self.engine.variant() else {
            let name = self.engine.variant().name().to_string();
            return Err(WeightsError::NotTunable(name).into());
        };
        let w = Weights::read(path, v)?;
        self.engine.use_weights(&w)?;
        Ok(())
    }
}

fn limits(b: &Budget) -> Limits {
    Limits {
        depth: b.depth,
        nodes: b.nodes,
        wtime: b.wtime,
        btime: b.btime,
        winc: b.winc,
        binc: b.binc,
        seat_time: b.seat_time,
        seat_inc: b.seat_inc,
        ..Limits::default()
    }
}

impl Player for Internal {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Fault> {
        self.engine.clear();
        Ok(())
    }

    fn think(&mut self, game: &AnyGame, budget: &Budget) -> Result<Reply, Fault> {
        let found = self
            .engine
            .search(game, &limits(budget), &mut |_| {})
            .map_err(|e| Fault::Protocol(e.to_string()))?;
        let best = found
            .best
            .ok_or_else(|| Fault::Protocol("the search found no move".into()))?;
        Ok(Reply {
            uci: best,
            score: Some(score_cp(found.score)),
        })
    }
}
