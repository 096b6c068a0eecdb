//! A bounded run of the fuzz targets (`fuzz/`) in `cargo test`: each
//! parser gets a few hundred mutations of its seed inputs, so the classes
//! of fault the fuzzers found (overflows on counts, panics on odd variant
//! files, writers that do not round-trip) stay found in CI. The fuzzers
//! themselves run far longer; see `fuzz/README.md`.

use crate::fuzz_inputs;

use fuzz_inputs::seeds;
use proptest::prelude::*;

/// Pieces of text that broke parsers before: counts, brackets, quotes.
const SPLICES: &[&str] = &[
    "9999999999",
    "65535",
    "4294967296",
    "0",
    "-",
    "/",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "\"",
    ";",
    "\n",
    "%",
    "+",
    "=",
    "@",
    "#",
    ".",
    "..",
    "1-0",
    "1/2",
    "*",
    "x",
    "O-O",
    "255",
    "16",
    "corners = 200\n",
    "king_steps = 9\n",
    "promotion_ranks = 9\n",
    "width = 16\n",
    "height = 3\n",
    "extends = \"chess\"\n",
    "regicide = true\n",
    "checkmate = \"removes\"\n",
    "R2",
    "W",
];

/// One change to a text.
#[derive(Clone, Debug)]
enum Edit {
    /// Delete `len` bytes at a position (a fraction of the length).
    Delete(f64, usize),
    /// Insert one of the splices.
    Splice(f64, usize),
    /// Replace a byte with a printable one.
    Byte(f64, u8),
    /// Repeat a short slice.
    Repeat(f64, usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0.0..1.0, 1usize..8).prop_map(|(p, n)| Edit::Delete(p, n)),
        (0.0..1.0, 0..SPLICES.len()).prop_map(|(p, i)| Edit::Splice(p, i)),
        (0.0..1.0, 0x20u8..0x7f).prop_map(|(p, b)| Edit::Byte(p, b)),
        (0.0..1.0, 1usize..12, 2usize..40).prop_map(|(p, n, k)| Edit::Repeat(p, n, k)),
    ]
}

fn mutate(seed: &str, edits: &[Edit]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for e in edits {
        let at = |p: f64, len: usize| ((p * len as f64) as usize).min(len);
        match *e {
            Edit::Delete(p, n) => {
                let i = at(p, b.len());
                b.drain(i..(i + n).min(b.len()));
            }
            Edit::Splice(p, k) => {
                let i = at(p, b.len());
                b.splice(i..i, SPLICES[k].bytes());
            }
            Edit::Byte(p, v) => {
                if !b.is_empty() {
                    let i = at(p, b.len() - 1);
                    b[i] = v;
                }
            }
            Edit::Repeat(p, n, k) => {
                let i = at(p, b.len());
                let piece: Vec<u8> = b[i..(i + n).min(b.len())].to_vec();
                for _ in 0..k {
                    b.splice(i..i, piece.iter().copied());
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// A seed and the edits to make to it.
fn input(seeds: Vec<String>) -> impl Strategy<Value = String> {
    (0..seeds.len(), prop::collection::vec(edit(), 0..6))
        .prop_map(move |(i, edits)| mutate(&seeds[i], &edits))
}

/// `cases` mutations per target, or `PROPTEST_CASES` of them when that is
/// set (for a longer run by hand).
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn fen_never_panics_and_round_trips(text in input(seeds::fen())) {
        fuzz_inputs::fen(&text);
    }

    #[test]
    fn fen4_never_panics_and_round_trips(text in input(seeds::fen4())) {
        fuzz_inputs::fen4(&text);
    }

    #[test]
    fn san_never_panics_and_round_trips(text in input(seeds::san())) {
        fuzz_inputs::san(&text);
    }

    #[test]
    fn uci_never_panics_and_round_trips(text in input(seeds::uci())) {
        fuzz_inputs::uci(&text);
    }

    #[test]
    fn pgn_never_panics_and_round_trips(text in input(seeds::pgn())) {
        fuzz_inputs::pgn(&text);
    }

    #[test]
    fn pgn4_never_panics_and_round_trips(text in input(seeds::pgn4())) {
        fuzz_inputs::pgn4(&text);
    }
}

proptest! {
    // Each loaded variant compiles its tables: fewer cases.
    #![proptest_config(config(120))]

    #[test]
    fn variant_files_never_panic(text in input(seeds::variant())) {
        fuzz_inputs::variant(&text);
    }
}

/// The seeds themselves pass (the fuzzers start from them).
#[test]
fn every_seed_passes() {
    seeds::fen().iter().for_each(|t| fuzz_inputs::fen(t));
    seeds::fen4().iter().for_each(|t| fuzz_inputs::fen4(t));
    seeds::san().iter().for_each(|t| fuzz_inputs::san(t));
    seeds::uci().iter().for_each(|t| fuzz_inputs::uci(t));
    seeds::pgn().iter().for_each(|t| fuzz_inputs::pgn(t));
    seeds::pgn4().iter().for_each(|t| fuzz_inputs::pgn4(t));
    seeds::variant()
        .iter()
        .for_each(|t| fuzz_inputs::variant(t));
}
