//! `tetrarch bench perft`: bulk-counting perft of tetrarch beside the
//! reference crates cozy-chess and shakmaty, in one process, on the same
//! chess positions (the node counts must agree); then EuroShogi's start
//! position, beside Fairy-Stockfish's `go perft` when that program is
//! installed; then the start positions of the three four-player variants.

use super::UciProgram;
use crate::options::{self, VariantArgs};
use anyhow::{Context, Result, anyhow, bail};
use std::time::{Duration, Instant};
use tetrarch::reference::{cozy_perft, shakmaty_perft};
use tetrarch_rules::variant::WithWidth;
use tetrarch_rules::{HasSliders, Variant, perft};

/// Arguments of `tetrarch bench perft`.
#[derive(clap::Args, Debug)]
pub(super) struct PerftArgs {
    /// The variant tetrarch plays in the chess table (its node counts must match chess).
    #[command(flatten)]
    variant: VariantArgs,
    /// Lower depths (one less everywhere) for a quick run.
    #[arg(long)]
    quick: bool,
}

/// `(name, FEN, depth, quick depth)`.
const POSITIONS: [(&str, &str, u32, u32); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        4,
    ),
];

const ENGINES: [&str; 3] = ["tetrarch", "cozy-chess", "shakmaty"];

/// Run `tetrarch bench perft`.
pub(super) fn bench_perft(args: &PerftArgs) -> Result<()> {
    let variant = args.variant.load()?;
    let bar = options::progress((POSITIONS.len() * ENGINES.len()) as u64, "bench perft");
    let mut rows = Vec::new();
    for (name, fen, depth, quick) in POSITIONS {
        let depth = if args.quick { quick } else { depth };
        let mut results = Vec::new();
        for engine in ENGINES {
            bar.set_message(format!("{name} depth {depth}: {engine}"));
            let result = match engine {
                "tetrarch" => variant.with_width(Tetrarch { fen, depth }),
                "cozy-chess" => cozy(fen, depth),
                _ => shakmaty(fen, depth),
            }
            .with_context(|| format!("{engine}, {name}"))?;
            results.push(result);
            bar.inc(1);
        }
        if results.iter().any(|r| r.0 != results[0].0) {
            let counts: Vec<String> = ENGINES
                .iter()
                .zip(&results)
                .map(|(e, r)| format!("{e} {}", r.0))
                .collect();
            bar.finish_and_clear();
            bail!(
                "node counts disagree on {name} depth {depth}: {}",
                counts.join(", ")
            );
        }
        rows.push((name, depth, results));
    }
    bar.finish_and_clear();

    println!("tetrarch plays {} ({})", variant.name, variant.origin);
    println!(
        "{:<9} {:>5} {:>11}  {:<10} {:>8} {:>9} {:>10}",
        "position", "depth", "nodes", "engine", "time s", "M nodes/s", "x tetrarch"
    );
    for (name, depth, results) in &rows {
        let base = options::mnps(results[0].0, results[0].1);
        for (i, (engine, (nodes, time))) in ENGINES.iter().zip(results).enumerate() {
            let speed = options::mnps(*nodes, *time);
            let (name, depth, nodes) = if i == 0 {
                (name.to_string(), depth.to_string(), nodes.to_string())
            } else {
                Default::default()
            };
            println!(
                "{name:<9} {depth:>5} {nodes:>11}  {engine:<10} {:>8.3} {speed:>9.1} {:>10.2}",
                time.as_secs_f64(),
                speed / base
            );
        }
    }
    println!(
        "x tetrarch: the engine's nodes per second over tetrarch's (above 1: faster than tetrarch)"
    );
    println!();
    bench_euroshogi(if args.quick { 5 } else { 6 })?;
    println!();
    bench_fourway(if args.quick { 5 } else { 6 })
}

/// The four-player variants' start positions. No other program here plays
/// them; the best open-source four-player generator measured on this
/// machine's class reached about 8 M nodes/s (see docs/architecture.md).
fn bench_fourway(depth: u32) -> Result<()> {
    println!(
        "{:<17} {:>5} {:>11}  {:>8} {:>9}",
        "four-player start", "depth", "nodes", "time s", "M nodes/s"
    );
    for name in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        let variant = Variant::builtin(name)?;
        let fen = variant.start_fen.clone();
        let (nodes, time) = variant.with_width(Tetrarch { fen: &fen, depth })?;
        println!(
            "{name:<17} {depth:>5} {nodes:>11}  {:>8.3} {:>9.1}",
            time.as_secs_f64(),
            options::mnps(nodes, time)
        );
    }
    Ok(())
}

/// EuroShogi's start position: tetrarch, and Fairy-Stockfish when installed.
fn bench_euroshogi(depth: u32) -> Result<()> {
    let variant = Variant::builtin("euroshogi")?;
    let fen = variant.start_fen.clone();
    let (nodes, time) = variant.with_width(Tetrarch { fen: &fen, depth })?;
    println!(
        "{:<9} {:>5} {:>11}  {:<15} {:>8} {:>9} {:>10}",
        "position", "depth", "nodes", "engine", "time s", "M nodes/s", "x tetrarch"
    );
    let base = options::mnps(nodes, time);
    println!(
        "{:<9} {depth:>5} {nodes:>11}  {:<15} {:>8.3} {base:>9.1} {:>10.2}",
        "euroshogi",
        "tetrarch",
        time.as_secs_f64(),
        1.0
    );
    match fairy_stockfish_perft(&fen, depth) {
        Ok((fsf_nodes, fsf_time)) => {
            if fsf_nodes != nodes {
                bail!(
                    "node counts disagree on euroshogi depth {depth}: tetrarch {nodes}, fairy-stockfish {fsf_nodes}"
                );
            }
            let speed = options::mnps(fsf_nodes, fsf_time);
            println!(
                "{:<9} {:>5} {:>11}  {:<15} {:>8.3} {speed:>9.1} {:>10.2}",
                "",
                "",
                "",
                "fairy-stockfish",
                fsf_time.as_secs_f64(),
                speed / base
            );
        }
        Err(e) => println!("fairy-stockfish: not measured ({e:#})"),
    }
    Ok(())
}

/// Runs Debian's `fairy-stockfish` with `go perft`, timing the whole
/// command from `go` to its node count.
fn fairy_stockfish_perft(fen: &str, depth: u32) -> Result<(u64, Duration)> {
    let Some(mut fsf) = UciProgram::start("fairy-stockfish")? else {
        bail!("not installed (apt-get install fairy-stockfish)");
    };
    fsf.set_option("UCI_Variant", "euroshogi")?;
    fsf.send(&format!("position fen {fen}"))?;
    fsf.sync()?;
    let start = Instant::now();
    fsf.send(&format!("go perft {depth}"))?;
    let lines = fsf.wait_for("Nodes searched")?;
    let elapsed = start.elapsed();
    let line = lines.last().expect("the line waited for");
    let nodes = line
        .rsplit(' ')
        .next()
        .and_then(|n| n.trim().parse().ok())
        .with_context(|| format!("unexpected reply '{line}'"))?;
    Ok((nodes, elapsed))
}

/// Tetrarch's perft at the variant's width; setup (and compiling the
/// rules) is not timed.
struct Tetrarch<'a> {
    fen: &'a str,
    depth: u32,
}

impl WithWidth for Tetrarch<'_> {
    type Output = Result<(u64, Duration)>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Self::Output {
        let pos = options::position::<B>(variant, Some(self.fen))?;
        let start = Instant::now();
        let nodes = perft(&pos, self.depth);
        Ok((nodes, start.elapsed()))
    }
}

fn cozy(fen: &str, depth: u32) -> Result<(u64, Duration)> {
    let board =
        cozy_chess::Board::from_fen(fen, false).map_err(|e| anyhow!("FEN '{fen}': {e:?}"))?;
    let start = Instant::now();
    let nodes = cozy_perft(&board, depth);
    Ok((nodes, start.elapsed()))
}

fn shakmaty(fen: &str, depth: u32) -> Result<(u64, Duration)> {
    use shakmaty::{CastlingMode, Chess, fen::Fen};
    let pos: Chess = Fen::from_ascii(fen.as_bytes())
        .map_err(|e| anyhow!("FEN '{fen}': {e}"))?
        .into_position(CastlingMode::Standard)
        .map_err(|e| anyhow!("FEN '{fen}': {e}"))?;
    let start = Instant::now();
    let nodes = shakmaty_perft(&pos, depth);
    Ok((nodes, start.elapsed()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_perfts_agree_at_low_depth() {
        for (_, fen, _, _) in POSITIONS {
            let a = cozy(fen, 3).unwrap().0;
            let b = shakmaty(fen, 3).unwrap().0;
            assert_eq!(a, b);
        }
        assert_eq!(cozy(POSITIONS[0].1, 3).unwrap().0, 8902);
    }
}
