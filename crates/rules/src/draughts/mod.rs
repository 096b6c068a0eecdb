//! The draughts family: 4-Way Checkers on the cross board, English
//! draughts, and any draughts game a variant file describes (a board, its
//! dark cells, seats and their directions, rows of men, draw rules).
//!
//! - [`variant`]: the file (`family = "draughts"`) and its compiled tables.
//! - [`position`]: the position, copy-make, the turn passing on (a player
//!   without a legal move is out), the generator (compulsory capture,
//!   every capture path, crowning that ends a move).
//! - [`moves`]: a move as its whole path, small and `Copy`.
//! - [`text`]: moves (`d3-e4`, `d3xf5xh7`) and positions as text.
//!
//! The rules as decided are in `docs/rules.md` ("4-Way Checkers").
//!
//! ```
//! use tetrarch_rules::{AnyGame, AnyVariant};
//! let v = AnyVariant::builtin("fourway-checkers").unwrap();
//! let mut game = AnyGame::new(&v);
//! assert_eq!(game.legal_moves().len(), 7);
//! assert_eq!(game.perft(2), 50);
//! game.play("d3-e4").unwrap();
//! assert_eq!(game.turn().0, 1); // blue
//! ```

pub mod moves;
pub mod position;
pub mod text;
pub mod variant;

pub use moves::Move;
pub use position::{Child, Position};
pub use text::{MoveError, PositionTextError};
pub use variant::{DraughtsVariant, MAX_LEGS, SeatDef};
