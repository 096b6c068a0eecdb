//! `tetrarch perft`: leaf counts of the legal move tree from one position
//! (optionally split by first move), or checked against an EPD suite.

use crate::epd;
use crate::options::{self, VariantArgs};
use anyhow::Result;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tetrarch_rules::AnyGame;

/// Arguments of `tetrarch perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArgs,
    /// Start from this position instead of the variant's start position.
    #[arg(long, conflicts_with = "epd")]
    fen: Option<String>,
    /// Plies to count.
    #[arg(long, short, required_unless_present = "epd", conflicts_with = "epd")]
    depth: Option<u32>,
    /// Print one line per first move (in UCI) with its count.
    #[arg(long, conflicts_with = "epd")]
    divide: bool,
    /// Check every ";Dn count" of every line of an EPD file
    /// (`<FEN> ;D1 20 ;D2 400 ...`; `#` comments and blank lines are ignored).
    #[arg(long, value_name = "FILE")]
    epd: Option<PathBuf>,
    /// With --epd: skip the counts above N nodes.
    #[arg(long, value_name = "N", requires = "epd")]
    max_nodes: Option<u64>,
}

/// Run `tetrarch perft`.
pub fn run(args: &Args) -> Result<()> {
    let variant = args.variant.load()?;
    if let Some(path) = &args.epd {
        let suite = epd::read(path)?;
        return epd::check(&variant, &suite, args.max_nodes.unwrap_or(u64::MAX));
    }
    let game = options::game(&variant, args.fen.as_deref())?;
    let depth = args.depth.unwrap_or(0);
    let start = Instant::now();
    let (nodes, mut split) = split_perft(&game, depth);
    let time = start.elapsed();
    if args.divide {
        split.sort();
        for (text, n) in &split {
            println!("{text}: {n}");
        }
        println!();
    }
    print_summary(nodes, time);
    Ok(())
}

/// Perft at `depth`, with the count below each first move (in the
/// variant's protocol notation), shown on a progress bar move by move.
pub fn split_perft(game: &AnyGame, depth: u32) -> (u64, Vec<(String, u64)>) {
    if depth == 0 {
        return (1, Vec::new());
    }
    let bar = options::progress(0, &format!("perft {depth}"));
    let split = game.divide_with(depth, &mut |done, all| {
        bar.set_length(all as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    (split.iter().map(|(_, n)| n).sum(), split)
}

fn print_summary(nodes: u64, time: Duration) {
    println!("nodes: {nodes}");
    println!("time: {:.3} s", time.as_secs_f64());
    println!("nodes/s: {:.1} M", options::mnps(nodes, time));
}
