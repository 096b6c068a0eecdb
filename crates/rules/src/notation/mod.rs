//! Notations: FEN for positions, UCI move strings.

pub mod fen;
pub mod pgn;
pub mod san;
pub mod uci;
