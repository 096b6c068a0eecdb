//! Fuzz target: see `crates/rules/tests/fuzz_inputs` for what it checks.
#![no_main]

#[path = "../../crates/rules/tests/fuzz_inputs/mod.rs"]
mod fuzz_inputs;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        fuzz_inputs::fen4(text);
    }
});
