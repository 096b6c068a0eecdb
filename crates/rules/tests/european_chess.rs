//! European Chess: the base game, every nation's power, the named variants, and
//! the cross-checks against the independent reference (`european_reference`).
//!
//! One test binary for all of them: the kernel's generic code is compiled
//! and linked once, not once per file (`autotests = false` in Cargo.toml).
//! Run one file's tests with `cargo test -p tetrarch-rules --test european_chess FILE::`.

mod common;
#[allow(dead_code)]
mod corners;
#[allow(dead_code)]
mod european_fen;
#[allow(dead_code)]
mod european_reference;
#[allow(dead_code)]
mod lineup_play;
mod named_variants;

mod european;
mod european_checks;
mod european_ctf;
mod european_koth;
mod european_lightning;
mod european_team_battle;
mod nations;
mod powers;
mod powers_area;
mod powers_capture_limits;
mod powers_cargo;
mod powers_choices;
mod powers_deploy;
mod powers_dice;
mod powers_fear;
mod powers_ferocity;
mod powers_insanity;
mod powers_militia;
mod powers_move_again;
mod powers_neutral;
mod powers_paths;
mod powers_revive;
mod powers_secrecy;
mod powers_stealth;
mod powers_timed;
mod powers_trenches;
mod powers_turns;
mod powers_wall;
mod powers_winter;
