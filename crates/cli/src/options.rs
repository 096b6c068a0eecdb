//! Options shared by the subcommands: which variant to use, how to read
//! positions of it, and progress bars.

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Duration;
use tetrarch_rules::{HasSliders, Position, Variant};

/// `--variant NAME` or `--variant-file PATH`.
#[derive(clap::Args, Debug)]
pub struct VariantArgs {
    /// A built-in variant (see `tetrarch variants`).
    #[arg(long, value_name = "NAME", default_value = "chess")]
    pub variant: String,
    /// A variant definition in TOML, instead of a built-in one.
    #[arg(long, value_name = "PATH", conflicts_with = "variant")]
    pub variant_file: Option<PathBuf>,
}

impl VariantArgs {
    /// The chosen variant, checked.
    pub fn load(&self) -> Result<Variant> {
        match &self.variant_file {
            Some(path) => Ok(Variant::from_file(path)?),
            None => Ok(Variant::builtin(&self.variant)?),
        }
    }
}

/// The position `fen` describes, or the variant's start position.
///
/// Unlike [`Position::start`], a broken start position of a user's variant
/// file is an error here, not a panic.
pub fn position<B: HasSliders>(variant: &Variant, fen: Option<&str>) -> Result<Position<B>> {
    match fen {
        Some(fen) => Position::from_fen(variant, fen).with_context(|| format!("FEN '{fen}'")),
        None => Position::from_fen(variant, &variant.start_fen)
            .with_context(|| format!("{}: field 'start': '{}'", variant.origin, variant.start_fen)),
    }
}

/// A progress bar on stderr (drawn only when stderr is a terminal).
pub fn progress(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {msg} [{elapsed_precise}] [{wide_bar}] {percent}% eta {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Millions of nodes per second.
pub fn mnps(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9) / 1e6
}
