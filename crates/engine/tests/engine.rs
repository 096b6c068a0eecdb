//! The engine's tests: search, evaluation, weights, tuning, UCI, and bots of every game.
//!
//! One test binary for all of them (`autotests = false` in Cargo.toml): the
//! workspace's code is compiled and linked once, not once per file. Run one
//! file's tests with `cargo test -p tetrarch-engine --test engine FILE::`.

mod common;

mod draughts;
mod european;
mod fourway;
mod fourway_threats;
mod fourway_uci;
mod lazy_eval;
mod pinned_nodes;
mod points;
mod search;
mod tune;
mod uci;
mod weights;
