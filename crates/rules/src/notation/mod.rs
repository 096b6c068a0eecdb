//! Notations: FEN and FEN4 for positions, UCI move strings, SAN and PGN,
//! and PGN4 for four-player games.

mod cursor;
pub mod fen;
pub mod fen4;
pub mod fen4_start;
pub mod pgn;
pub mod pgn4;
pub mod pgn4_points;
pub mod pgn4_rules;
pub mod pgn4_steps;
pub mod san;
pub mod uci;
