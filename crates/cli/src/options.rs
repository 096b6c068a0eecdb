//! Options shared by the subcommands: which variant to use, how to start
//! games of it from a position, and progress bars.

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Duration;
use tetrarch_rules::variant::Nation;
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
    #[command(flatten)]
    pub nations: NationArgs,
}

impl VariantArgs {
    /// The chosen variant, checked, with its line-up if one is given.
    pub fn load(&self) -> Result<AnyVariant> {
        let variant = match &self.variant_file {
            Some(path) => AnyVariant::from_file(path)?,
            None => AnyVariant::builtin(&self.variant)?,
        };
        self.nations.apply(variant)
    }
}

/// `--nations ID,ID,ID,ID` and `--nation-file PATH`: a European Chess line-up.
#[derive(clap::Args, Debug, Default)]
pub struct NationArgs {
    /// One nation per seat, in turn order, comma separated (see
    /// `tetrarch variants --nations`).
    #[arg(long, value_name = "IDS")]
    pub nations: Option<String>,
    /// A nation file of one's own, whose id `--nations` may then name
    /// (repeatable).
    #[arg(long, value_name = "PATH")]
    pub nation_file: Vec<PathBuf>,
}

impl NationArgs {
    /// `variant` with the line-up, if one is given.
    pub fn apply(&self, variant: AnyVariant) -> Result<AnyVariant> {
        let Some(ids) = &self.nations else {
            if !self.nation_file.is_empty() {
                return Err(anyhow!("--nation-file needs --nations to name its nation"));
            }
            return Ok(variant);
        };
        let AnyVariant::Chess(v) = &variant else {
            return Err(anyhow!("{} takes no nations", variant.name()));
        };
        let files = self
            .nation_file
            .iter()
            .map(|p| Nation::from_file(p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(AnyVariant::Chess(v.with_lineup(ids, &files)?))
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
