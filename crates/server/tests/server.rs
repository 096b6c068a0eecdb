//! The server's tests over real sockets, SQLite files and PostgreSQL: play, protocol,
//! storage, restarts, features, transcripts and random games.
//!
//! One test binary for all of them (`autotests = false` in Cargo.toml): the
//! workspace's code is compiled and linked once, not once per file. Run one
//! file's tests with `cargo test -p tetrarch-server --test server FILE::`.

mod common;

mod features;
mod no_variant_names;
mod play;
mod protocol;
mod random;
mod restart;
mod storage;
mod transcript;
