//! Four-player chess: the seed's 4-Way Chess rule sets, chess.com's Teams and FFA,
//! FEN4 and PGN4, real records, and perft against the independent reference.
//!
//! One test binary for all of them: the kernel's generic code is compiled
//! and linked once, not once per file (`autotests = false` in Cargo.toml).
//! Run one file's tests with `cargo test -p tetrarch-rules --test four_player FILE::`.

#[allow(dead_code)]
mod chesscom_records;
mod common;
mod fourway_common;
#[allow(dead_code)]
mod fourway_reference;

mod chesscom_ffa;
mod chesscom_ffa_records;
mod chesscom_teams;
mod chesscom_teams_records;
mod declare_check;
mod fen4;
mod fourway_differential;
mod fourway_perft;
mod fourway_reference_selftest;
mod fourway_rules;
mod partners;
mod pgn4;
