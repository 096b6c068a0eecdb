//! Library side of the `tetrarch` binary: what its benchmarks share with it.
//!
//! ```
//! let board = cozy_chess::Board::default();
//! assert_eq!(tetrarch::reference::cozy_perft(&board, 3), 8902);
//! ```

pub mod reference;
