//! `tetrarch tune`: Texel tuning of a two-seat variant's evaluation
//! weights from self-play games (`tetrarch_engine::tune`), written as a
//! weights file for `crates/rules/variants/eval/`.
//!
//! The samples are kept in a file (`--samples`), so that a fit can be run
//! again on the same games, and new games are played only when it is
//! missing. Whether the weights play better is for `tetrarch match
//! --engine level=8,weights=FILE --engine level=8` to say.

use crate::options;
use anyhow::{Context, Result, bail};
use std::path::PathBuf;
use tetrarch_engine::eval::Weights;
use tetrarch_engine::tune::{self, FitConfig, SelfPlay};
use tetrarch_rules::AnyVariant;

/// Arguments of `tetrarch tune`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    variant: options::VariantArgs,
    /// Where the weights go.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Samples file: read if it exists, else written from new self-play games.
    #[arg(long, value_name = "FILE")]
    samples: Option<PathBuf>,
    /// Weights to start from and to play the self-play games with (default:
    /// the variant's own).
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// Self-play games.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 6)]
    random_plies: usize,
    /// A game still going after this many plies is scored a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rounds over every weight, at most.
    #[arg(long, default_value_t = 4)]
    rounds: usize,
    /// Fit the scalar weights only, not the piece values.
    #[arg(long)]
    no_values: bool,
    /// Fit only these weights, comma separated (`mobility,doubled.0,values.n`).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    only: Vec<String>,
}

/// Run `tetrarch tune`.
pub fn run(args: &Args) -> Result<()> {
    let any = args.variant.load()?;
    let AnyVariant::Chess(variant) = &any else {
        bail!("variant {} has no tunable evaluation", any.name());
    };
    let start = match &args.start {
        Some(path) => Weights::read(path, variant)?,
        None => Weights::for_variant(variant),
    };
    let samples = match &args.samples {
        Some(path) if path.exists() => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            tune::read_samples(&text).with_context(|| format!("in {}", path.display()))?
        }
        _ => play(args, &any, &start)?,
    };
    eprintln!("{} samples; fitting", samples.len());
    let cfg = FitConfig {
        rounds: args.rounds,
        values: !args.no_values,
        only: args.only.clone(),
    };
    let fit = tune::fit(variant, &start, &samples, &cfg, &mut |line| {
        eprintln!("{line}")
    })?;
    let header = format!(
        "# {} weights from `tetrarch tune` ({} training and {} validation quiet positions,\n\
         # k = {:.3}): mean squared error {:.6} -> {:.6} (validation {:.6} -> {:.6}).\n",
        variant.name,
        fit.positions.0,
        fit.positions.1,
        fit.k,
        fit.train.0,
        fit.train.1,
        fit.validation.0,
        fit.validation.1
    );
    std::fs::write(&args.out, header.clone() + &fit.weights.to_toml()?)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    print!("{header}");
    println!("weights written to {}", args.out.display());
    Ok(())
}

/// New self-play samples, saved to `--samples` when given.
fn play(args: &Args, variant: &AnyVariant, start: &Weights) -> Result<Vec<tune::Sample>> {
    let cfg = SelfPlay {
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        skip_plies: args.random_plies + 4,
        max_plies: args.max_plies,
        seed: args.seed,
    };
    let bar = options::progress(args.games as u64, "games");
    let samples = tune::self_play(variant, Some(start), &cfg, &mut |n| {
        bar.set_position(n as u64)
    })?;
    bar.finish_and_clear();
    if let Some(path) = &args.samples {
        std::fs::write(path, tune::write_samples(&samples))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(samples)
}
