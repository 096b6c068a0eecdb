//! Options shared by the subcommands: which variant to use, how to start
//! games of it from a position, and progress bars.

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Duration;
use tetrarch_rules::{AnyGame, AnyVariant, PlayError};

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
    pub fn load(&self) -> Result<AnyVariant> {
        match &self.variant_file {
            Some(path) => Ok(AnyVariant::from_file(path)?),
            None => Ok(AnyVariant::builtin(&self.variant)?),
        }
    }
}

/// A game from the position `text` describes (FEN, FEN4), or from the
/// variant's start position; a text that is not a position is an error
/// naming it.
pub fn game(variant: &AnyVariant, text: Option<&str>) -> Result<AnyGame> {
    AnyGame::from_position(variant, text).map_err(|e| match (text, e) {
        (Some(text), PlayError::Position(why)) => anyhow!("FEN '{text}': {why}"),
        (_, e) => e.into(),
    })
}

/// Why `text` is not a position of `variant`, as the position reader says.
pub fn position_error(e: PlayError) -> String {
    match e {
        PlayError::Position(why) => why,
        e => e.to_string(),
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
