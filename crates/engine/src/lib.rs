//! `tetrarch-engine`: a game-playing engine for every variant of the
//! Tetrarch rules kernel, two or four players, driven only by the variant's
//! data.
//!
//! - [`search`]: iterative deepening principal-variation search with a
//!   fixed-size transposition table ([`tt`]), quiescence over captures and
//!   promotions, null-move pruning, late move reductions, killer and history
//!   ordering, check extensions, mate distance scores, repetition (against
//!   the game history and the search path) and the fifty-move rule. Lazy SMP over a
//!   lock-free shared table; copy-make on [`tetrarch_rules::Position`]. Games of more
//!   than two seats: teams searched as two sides (a child is negated only
//!   when the next mover is on the other team), free-for-all games by
//!   paranoid or best-reply search ([`search::FfaStrategy`]).
//! - [`eval`]: material with piece values derived from movement, pieces in
//!   hand, geometric piece-square terms, mobility and king safety, tapered
//!   between middlegame and endgame; per seat for four players.
//! - [`uci`]: the UCI protocol over any reader and writer (`tetrarch uci`),
//!   with the four-player extension of `docs/protocol.md`.
//!
//! Repetition is a draw, except where the variant makes perpetual check
//! lose: a repetition in which one side's moves all gave check loses for
//! that side (`search/repetition.rs`).
//!
//! [`Engine`] is the same search behind one object for games of any
//! variant ([`tetrarch_rules::AnyGame`]), with moves as text; the search
//! itself is generic over the rules family ([`eval::Searchable`]).
//!
//! ```
//! use tetrarch_engine::search::{Limits, Searcher};
//! use tetrarch_rules::{Position, Variant, notation::uci::UciMove};
//!
//! let chess = Variant::builtin("chess").unwrap();
//! // Scholar's mate is on the board: Qxf7#.
//! let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
//! let pos = Position::<u64>::from_fen(&chess, fen).unwrap();
//! let mut searcher = Searcher::<Position<u64>>::new(&chess, 4);
//! let limits = Limits { depth: Some(2), ..Limits::default() };
//! let result = searcher.search(&pos, &[], &limits, &mut |_| {});
//! let best = UciMove::from_move(&pos, result.best.unwrap()).to_string();
//! assert_eq!(best, "h5f7");
//! ```

// No unsafe code here: the workspace denies it, this crate forbids it outright.
#![forbid(unsafe_code)]

pub mod engine;
pub mod eval;
pub mod search;
pub mod tt;
pub mod tune;
pub mod uci;

pub use engine::{Engine, Found, Report, Settings, WrongVariant};
pub use eval::{Eval, LAZY_MARGIN};
pub use search::{FfaStrategy, Info, Limits, Score, SearchResult, Searcher};
