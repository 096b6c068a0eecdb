//! Compiles in the evaluation weights files of
//! `crates/rules/variants/eval/<variant>.toml` (see `src/eval/weights.rs`),
//! so that a tuned file needs no code to be played.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/variants/eval");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter_map(|p| {
            let name = p.file_stem()?.to_str()?.to_string();
            let path = p.canonicalize().ok()?.to_str()?.to_string();
            Some((name, path))
        })
        .collect();
    files.sort();
    let mut out = String::from("/// (variant name, file text) of every weights file.\n");
    out.push_str("pub const FILES: &[(&str, &str)] = &[\n");
    for (name, path) in &files {
        println!("cargo::rerun-if-changed={path}");
        writeln!(out, "    ({name:?}, include_str!({path:?})),").unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("builtin_weights.rs");
    std::fs::write(dest, out).unwrap();
}
