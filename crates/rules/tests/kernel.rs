//! The kernel on two players' boards: chess and chess960 against shakmaty, EuroShogi
//! against Fairy-Stockfish, draughts, notation, records, properties and fuzzing.
//!
//! One test binary for all of them: the kernel's generic code is compiled
//! and linked once, not once per file (`autotests = false` in Cargo.toml).
//! Run one file's tests with `cargo test -p tetrarch-rules --test kernel FILE::`.

mod common;
mod draughts_reference;
mod fairy;
mod fuzz_inputs;

mod any_game;
mod chess_rules;
mod differential;
mod draughts;
mod draughts_rules;
mod euroshogi;
mod euroshogi_fairy;
mod fuzzing;
mod loose_ends;
mod move_order;
mod perft_epd;
mod properties;
mod records;
mod san_pgn;
mod seat_state;
