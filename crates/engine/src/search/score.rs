//! Scores, progress reports and results.

use super::{MATE, MATE_BOUND};
use std::time::Duration;
use tetrarch_rules::Move;

/// A score for people: centipawns or moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, positive when the side to move is better.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move gets mated).
    Mate(i32),
}

impl Score {
    /// Convert an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }

    /// Convert an internal score where the side to move moves once every
    /// `cycle` plies (2 with two sides taking turns; the number of seats in
    /// a paranoid free-for-all search): mates count the side's own moves.
    pub fn from_internal_cycle(s: i32, cycle: i32) -> Score {
        let cycle = cycle.max(1);
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + cycle - 1) / cycle)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s + cycle - 1) / cycle)
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// Progress of a search, sent after each completed iteration and line.
#[derive(Clone, Debug)]
pub struct Info<M = Move> {
    /// Nominal depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Line number, from 1.
    pub multipv: usize,
    /// Score of the line.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// Transposition table use, permille.
    pub hashfull: u32,
    /// The line.
    pub pv: Vec<M>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M = Move> {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<M>,
    /// Its internal score.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<M>,
}

pub(super) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

pub(super) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
