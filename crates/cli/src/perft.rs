//! `tetrarch perft`: leaf counts of the legal move tree from one position
//! (optionally split by first move), or checked against an EPD suite.

use crate::epd;
use crate::options::{self, VariantArgs};
use anyhow::Result;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::variant::WithWidth;
use tetrarch_rules::{HasSliders, Position, Variant, perft};

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
        return variant.with_width(epd::Check {
            suite: &suite,
            max_nodes: args.max_nodes.unwrap_or(u64::MAX),
        });
    }
    variant.with_width(Single {
        fen: args.fen.as_deref(),
        depth: args.depth.unwrap_or(0),
        divide: args.divide,
    })
}

/// Perft of one position.
struct Single<'a> {
    fen: Option<&'a str>,
    depth: u32,
    divide: bool,
}

impl WithWidth for Single<'_> {
    type Output = Result<()>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Result<()> {
        let pos = options::position::<B>(variant, self.fen)?;
        let start = Instant::now();
        let (nodes, mut split) = split_perft(&pos, self.depth);
        let time = start.elapsed();
        if self.divide {
            split.sort();
            for (uci, n) in &split {
                println!("{uci}: {n}");
            }
            println!();
        }
        print_summary(nodes, time);
        Ok(())
    }
}

/// Perft at `depth`, with the count below each first move (as UCI), shown
/// on a progress bar move by move.
pub fn split_perft<B: HasSliders>(pos: &Position<B>, depth: u32) -> (u64, Vec<(String, u64)>) {
    if depth == 0 {
        return (1, Vec::new());
    }
    let moves = pos.legal_moves();
    let bar = options::progress(moves.len() as u64, &format!("perft {depth}"));
    let mut split = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        let mut next = pos.child();
        next.play_unchecked(m);
        split.push((
            UciMove::from_move(pos, m).to_string(),
            perft(&next, depth - 1),
        ));
        bar.inc(1);
    }
    bar.finish_and_clear();
    (split.iter().map(|(_, n)| n).sum(), split)
}

fn print_summary(nodes: u64, time: Duration) {
    println!("nodes: {nodes}");
    println!("time: {:.3} s", time.as_secs_f64());
    println!("nodes/s: {:.1} M", options::mnps(nodes, time));
}
