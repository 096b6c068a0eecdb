//! `tetrarch bench perft`: bulk-counting perft of tetrarch beside the
//! reference crates cozy-chess and shakmaty, in one process, on the same
//! chess positions (the node counts must agree); then the start position
//! of every built-in variant of two seats other than the chess table's,
//! beside Fairy-Stockfish's `go perft` where that program is installed and
//! plays it; then the start positions of the variants of more seats.
//! Tetrarch is measured through the width-free game, as every command
//! plays it.

use super::UciProgram;
use crate::options::{self, VariantArgs};
use anyhow::{Context, Result, anyhow, bail};
use std::time::{Duration, Instant};
use tetrarch::reference::{cozy_perft, shakmaty_perft};
use tetrarch_rules::notation::fen4_start::NAMED_STARTS;
use tetrarch_rules::{AnyGame, AnyVariant};

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
                "tetrarch" => tetrarch(&variant, fen, depth),
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

    println!("tetrarch plays {} ({})", variant.name(), variant.origin());
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
    let depth = if args.quick { 5 } else { 6 };
    println!();
    bench_two_seats(&variant, depth)?;
    println!();
    bench_more_seats(&variant, depth)
}

/// The built-in variants other than `chosen` (which the chess table
/// measures) with two seats, or with more.
fn builtins(chosen: &AnyVariant, two_seats: bool) -> Result<Vec<AnyVariant>> {
    let mut out = Vec::new();
    for name in AnyVariant::builtin_names() {
        let v = AnyVariant::builtin(name)?;
        if (v.seat_count() == 2) == two_seats && v.name() != chosen.name() {
            out.push(v);
        }
    }
    Ok(out)
}

/// The variants of more than two seats, from their own starts and from
/// each named start they read that is not their own (chess.com's `4PC`
/// under the check rules is the case named by the speed goal of
/// four-player perft, docs/architecture.md "Perft speed"). No other
/// program here plays them; the best
/// open-source four-player generator measured on this machine's class
/// reached about 8 M nodes/s (see docs/architecture.md).
fn bench_more_seats(chosen: &AnyVariant, depth: u32) -> Result<()> {
    println!(
        "{:<30} {:>5} {:>11}  {:>8} {:>9}",
        "four-player start", "depth", "nodes", "time s", "M nodes/s"
    );
    let mut cases = Vec::new();
    for variant in builtins(chosen, false)? {
        let own = AnyGame::new(&variant).position_text();
        let others: Vec<&str> = NAMED_STARTS
            .iter()
            .map(|&(start, _)| start)
            .filter(|&start| {
                AnyGame::from_position(&variant, Some(start))
                    .is_ok_and(|game| game.position_text() != own)
            })
            .collect();
        cases.push((variant.name().to_string(), variant.clone(), own));
        for start in others {
            let label = format!("{} {start}", variant.name());
            cases.push((label, variant.clone(), start.to_string()));
        }
    }
    for (label, variant, fen) in cases {
        let (nodes, time) = tetrarch(&variant, &fen, depth)?;
        println!(
            "{label:<30} {depth:>5} {nodes:>11}  {:>8.3} {:>9.1}",
            time.as_secs_f64(),
            options::mnps(nodes, time)
        );
    }
    Ok(())
}

/// The other two-seat variants' start positions: tetrarch, and
/// Fairy-Stockfish where it is installed and plays the variant.
fn bench_two_seats(chosen: &AnyVariant, depth: u32) -> Result<()> {
    println!(
        "{:<9} {:>5} {:>11}  {:<15} {:>8} {:>9} {:>10}",
        "position", "depth", "nodes", "engine", "time s", "M nodes/s", "x tetrarch"
    );
    for variant in builtins(chosen, true)? {
        let name = variant.name();
        let fen = AnyGame::new(&variant).position_text();
        let (nodes, time) = tetrarch(&variant, &fen, depth)?;
        let base = options::mnps(nodes, time);
        println!(
            "{name:<9} {depth:>5} {nodes:>11}  {:<15} {:>8.3} {base:>9.1} {:>10.2}",
            "tetrarch",
            time.as_secs_f64(),
            1.0
        );
        match fairy_stockfish_perft(&variant, &fen, depth) {
            Ok((fsf_nodes, fsf_time)) => {
                if fsf_nodes != nodes {
                    bail!(
                        "node counts disagree on {name} depth {depth}: tetrarch {nodes}, fairy-stockfish {fsf_nodes}"
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
    }
    Ok(())
}

/// Runs Debian's `fairy-stockfish` with `go perft`, timing the whole
/// command from `go` to its node count.
fn fairy_stockfish_perft(variant: &AnyVariant, fen: &str, depth: u32) -> Result<(u64, Duration)> {
    let Some(mut fsf) = UciProgram::start("fairy-stockfish")? else {
        bail!("not installed (apt-get install fairy-stockfish)");
    };
    fsf.play(variant)?;
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

/// Tetrarch's perft of `fen`; setup (and compiling the rules) is not timed.
fn tetrarch(variant: &AnyVariant, fen: &str, depth: u32) -> Result<(u64, Duration)> {
    let game = options::game(variant, Some(fen))?;
    let start = Instant::now();
    let nodes = game.perft(depth);
    Ok((nodes, start.elapsed()))
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

    /// The extra four-player starts are read by the variants they name
    /// (chess.com's `4PC` as a FEN4; 7,800 at depth 3, as docs/rules.md has it).
    #[test]
    fn named_starts_are_positions_of_their_variants() {
        for (start, _) in NAMED_STARTS {
            let variant = AnyVariant::builtin("fourway-teams").unwrap();
            let (nodes, _) = tetrarch(&variant, start, 2).unwrap();
            assert!(nodes > 0, "{start}");
        }
        let variant = AnyVariant::builtin("fourway-original").unwrap();
        assert_eq!(tetrarch(&variant, "4PC", 3).unwrap().0, 7800);
    }
}
