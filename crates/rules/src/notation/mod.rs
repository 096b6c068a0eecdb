//! Notations: FEN for positions, UCI move strings.

pub mod fen;
pub mod uci;
