//! Notations: FEN and FEN4 for positions, UCI move strings, SAN and PGN.

pub mod fen;
pub mod fen4;
pub mod pgn;
pub mod san;
pub mod uci;
