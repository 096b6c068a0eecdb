//! The engine for games of any variant: a [`Searcher`] of the variant's
//! family behind one object, taking an [`AnyGame`] and answering with moves
//! as text. The UCI loop, the match runner and the server's bots use it.
//!
//! ```
//! use tetrarch_engine::{Engine, Limits};
//! use tetrarch_rules::{AnyGame, AnyVariant};
//! let chess = AnyVariant::builtin("chess").unwrap();
//! let mut game = AnyGame::new(&chess);
//! for m in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"] {
//!     game.play(m).unwrap();
//! }
//! let mut engine = Engine::new(&chess, 4);
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let best = engine.search(&game, &limits, &mut |_| {}).unwrap();
//! assert_eq!(best.best.as_deref(), Some("h5f7"));
//! ```

use crate::eval::{Eval, Searchable, Weights, WeightsError};
use crate::search::{FfaStrategy, Info, Limits, Score, Searcher};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tetrarch_rules::family::{FamilyVariant, GamePosition};
use tetrarch_rules::variant::{Variant, WithWidth};
use tetrarch_rules::{AnyGame, AnyVariant, HasSliders, Position};

/// A search report with its line as text.
#[derive(Clone, Debug)]
pub struct Report {
    /// Nominal depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Line number, from 1.
    pub multipv: usize,
    /// Score of the line, for the side to move.
    pub score: Score,
    /// Nodes so far (all threads).
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// Transposition table use, permille.
    pub hashfull: u32,
    /// The line in the variant's protocol notation; with best-reply search
    /// an opponent that does not reply is shown passing (`0000`).
    pub pv: Vec<String>,
}

/// What a search found, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The move to play; `None` when there is none (the game is over).
    pub best: Option<String>,
    /// Its score, for the side to move.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A game given to an engine made for another variant's family or width.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this engine plays {engine}, not {game}")]
pub struct WrongVariant {
    /// The engine's variant.
    pub engine: String,
    /// The game's variant.
    pub game: String,
}

/// How the engine searches: strength, threads, lines, free-for-all strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Strength 1..=8; 8 is full strength.
    pub level: u8,
    /// Threads at full strength.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// How a free-for-all is searched.
    pub ffa: FfaStrategy,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            level: crate::search::MAX_LEVEL,
            threads: 1,
            multipv: 1,
            ffa: FfaStrategy::default(),
        }
    }
}

/// The searcher of one family, behind an object.
trait ErasedSearcher: Send {
    fn search(
        &mut self,
        game: &AnyGame,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Found>;
    fn configure(&mut self, settings: &Settings);
    fn seed(&mut self, seed: u64);
    fn set_hash(&mut self, mb: usize);
    fn clear(&mut self);
    fn stop_flag(&self) -> Arc<AtomicBool>;
}

impl<P: Searchable + fmt::Display> ErasedSearcher for Searcher<P> {
    fn search(
        &mut self,
        game: &AnyGame,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Found> {
        let typed = game.typed::<P>()?;
        let pos = typed.position();
        let history = typed.history();
        let result = Searcher::search(self, pos, &history, limits, &mut |info: &Info<P::Move>| {
            report(&Report {
                depth: info.depth,
                seldepth: info.seldepth,
                multipv: info.multipv,
                score: info.score,
                nodes: info.nodes,
                time: info.time,
                hashfull: info.hashfull,
                pv: line(pos, &info.pv),
            });
        });
        Some(Found {
            best: result.best.map(|m| pos.move_text(m)),
            score: self.score(result.score),
            depth: result.depth,
            nodes: result.nodes,
        })
    }
    fn configure(&mut self, s: &Settings) {
        self.level = s.level;
        self.threads = s.threads;
        self.multipv = s.multipv;
        self.ffa_strategy = s.ffa;
    }
    fn seed(&mut self, seed: u64) {
        Searcher::seed(self, seed);
    }
    fn set_hash(&mut self, mb: usize) {
        Searcher::set_hash(self, mb);
    }
    fn clear(&mut self) {
        Searcher::clear(self);
    }
    fn stop_flag(&self) -> Arc<AtomicBool> {
        Searcher::stop_flag(self)
    }
}

/// A line of moves as text, stopping at the first move that is not legal.
/// With more than two seats, a move of a seat that is not to move
/// (best-reply search skips the opponents that do not reply) is preceded by
/// a pass for each skipped turn.
pub fn line<P: GamePosition>(pos: &P, pv: &[P::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut words = Vec::new();
    let seats = pos.family_variant().seat_count();
    for &m in pv {
        if !p.is_legal(m) {
            let Some(owner) = p.mover(m) else { break };
            if seats <= 2 {
                break;
            }
            let mut q = p.clone();
            let mut skipped = 0;
            while q.turn() != owner && skipped < seats {
                q.play_unchecked(q.pass_move());
                skipped += 1;
            }
            if !q.is_legal(m) {
                break;
            }
            words.extend((0..skipped).map(|_| p.move_text(p.pass_move())));
            p = q;
        }
        words.push(p.move_text(m));
        p.play_unchecked(m);
    }
    words
}

/// Makes the searcher of a chess-kernel variant at its width, with a
/// transposition table of `hash_mb` megabytes and the evaluation weights
/// given (the variant's own when `None`).
struct ChessSearcher<'a> {
    hash_mb: usize,
    weights: Option<&'a Weights>,
}

impl WithWidth for ChessSearcher<'_> {
    type Output = Box<dyn ErasedSearcher>;
    fn run<B: HasSliders>(self, v: &Variant) -> Box<dyn ErasedSearcher> {
        Box::new(match self.weights {
            Some(w) => {
                Searcher::<Position<B>>::with_eval(v, self.hash_mb, Eval::with_weights(v, w))
            }
            None => Searcher::<Position<B>>::new(v, self.hash_mb),
        })
    }
}

/// An engine for the games of one variant.
pub struct Engine {
    variant: AnyVariant,
    searcher: Box<dyn ErasedSearcher>,
    settings: Settings,
    /// The transposition table's size, for a searcher made anew.
    hash_mb: usize,
}

impl Engine {
    /// An engine for `variant` with a transposition table of `hash_mb` megabytes.
    pub fn new(variant: &AnyVariant, hash_mb: usize) -> Engine {
        // The one place above the kernel that knows the families: each
        // brings its own evaluation.
        let searcher = match variant {
            AnyVariant::Chess(v) => v.with_width(ChessSearcher {
                hash_mb,
                weights: None,
            }),
            AnyVariant::Draughts(v) => Box::new(
                Searcher::<tetrarch_rules::draughts::Position>::new(v, hash_mb),
            ),
        };
        Engine {
            variant: variant.clone(),
            searcher,
            settings: Settings::default(),
            hash_mb,
        }
    }

    /// Evaluate with weights `w` instead of the variant's own (checked
    /// against the variant first; nothing changes on an error). The
    /// transposition table is cleared, the settings kept.
    pub fn use_weights(&mut self, w: &Weights) -> Result<(), WeightsError> {
        let AnyVariant::Chess(v) = &self.variant else {
            return Err(WeightsError::NotTunable(self.variant.name().to_string()));
        };
        w.check(v)?;
        self.searcher = v.with_width(ChessSearcher {
            hash_mb: self.hash_mb,
            weights: Some(w),
        });
        self.searcher.configure(&self.settings);
        Ok(())
    }

    /// The variant it plays.
    pub fn variant(&self) -> &AnyVariant {
        &self.variant
    }

    /// Search the current position of `game`, reporting each completed
    /// iteration. An error if `game` is of another variant's family.
    pub fn search(
        &mut self,
        game: &AnyGame,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Found, WrongVariant> {
        self.searcher
            .search(game, limits, report)
            .ok_or_else(|| WrongVariant {
                engine: self.variant.name().to_string(),
                game: game.variant().name().to_string(),
            })
    }

    /// The settings in use.
    pub fn settings(&self) -> Settings {
        self.settings
    }
    /// Change how it searches.
    pub fn configure(&mut self, settings: Settings) {
        self.settings = settings;
        self.searcher.configure(&settings);
    }
    /// Seed the noise of the weak levels, so their games replay.
    pub fn seed(&mut self, seed: u64) {
        self.searcher.seed(seed);
    }
    /// Resize the transposition table (clears it).
    pub fn set_hash(&mut self, mb: usize) {
        self.hash_mb = mb;
        self.searcher.set_hash(mb);
    }
    /// Forget everything learned (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }
    /// The flag that stops a running search when set (clear it before a search).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }
}
