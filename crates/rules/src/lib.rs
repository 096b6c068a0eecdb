//! `tetrarch-rules`: the rules of chess-family games for two and four
//! players, from one data-driven kernel.
//!
//! A variant is a TOML file (board shape, pieces in Betza notation, rule
//! switches); [`Variant`] reads and checks it, [`Rules`] compiles it into
//! attack tables for a bitboard width chosen by board size, and
//! [`Position`] plays it.
//!
//! ```
//! use tetrarch_rules::{Position, Variant, perft, notation::uci::UciMove};
//!
//! let chess = Variant::builtin("chess").unwrap();
//! let mut pos = Position::<u64>::start(&chess);
//! for m in ["e2e4", "e7e5", "g1f3"] {
//!     let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
//!     pos = pos.play(mv).unwrap();
//! }
//! assert_eq!(pos.to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
//! assert_eq!(perft(&Position::<u64>::start(&chess), 4), 197_281);
//! ```

// The public surface: the notation, variant, family and game modules, and the
// types a user names, re-exported here. The rest (tables, move generation,
// make/unmake) is the kernel's own and may change without notice.
pub mod any;
pub mod betza;
pub mod draughts;
pub mod family;
pub mod game;
pub mod notation;
pub mod variant;

mod attacks;
mod bitboard;
mod geometry;
mod hand;
mod lines;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod piece;
mod position;
mod power;
mod random;
mod rules;
mod square;
mod zobrist;

pub use any::{AnyGame, AnyVariant, PlayError, UNSEEN};
pub use attacks::{Attacks, HasSliders};
pub use betza::{BetzaError, Movement};
pub use bitboard::{Bitboard, Cells, Wide};
pub use geometry::{Geometry, GeometryError};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, perft};
pub use piece::{Kind, MAX_SEATS, Piece, PieceInfo, Seat};
pub use position::{Child, IllegalMove, Position, SetupError, fischer_back_rank};
pub use random::SplitMix64;
pub use rules::Rules;
pub use square::{ParseSquareError, Square};
pub use variant::{Variant, VariantError, lightning_deck};
