//! `tetrarch bench search`: a fixed-depth search of every built-in
//! variant's start position with a fresh searcher, on one thread and on
//! several (Lazy SMP), beside the reference engines at the same depth on the
//! same position: Debian's Stockfish for chess and chess960, Fairy-Stockfish
//! for the other two-player variants it knows (EuroShogi). No reference
//! program here plays the four-player variants.
//!
//! The figures are speed only: each engine's own tree to the same nominal
//! depth, so node counts (and time to depth) differ between engines.

use super::UciProgram;
use crate::options;
use anyhow::{Context, Result};
use clap::builder::PossibleValuesParser;
use indicatif::ProgressBar;
use std::time::{Duration, Instant};
use tetrarch_engine::uci::variant_options;
use tetrarch_engine::{Engine, Limits, Settings};
use tetrarch_rules::{AnyGame, AnyVariant};

/// Transposition table of every search, tetrarch's and the references'
/// (their default `Hash`).
const HASH_MB: usize = 16;
/// The numbered start searched (chess960 by the standard numbering; 518,
/// the classical setup, would repeat the chess row).
const NUMBERED_START: u16 = 0;

/// Arguments of `tetrarch bench search`.
#[derive(clap::Args, Debug)]
pub(super) struct SearchArgs {
    /// Shallow depths (a second or two in all), to check that it works.
    #[arg(long)]
    quick: bool,
    /// Plies added to every variant's depth (negative: shallower).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(i32).range(-10..=10)
    )]
    depth_offset: i32,
    /// Threads of tetrarch's second search [default: the machine's cores, at least 2].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(2..=256))]
    threads: Option<u16>,
    /// Only this variant (repeatable) [default: every built-in variant].
    #[arg(long = "variant", value_name = "NAME", value_parser = PossibleValuesParser::new(AnyVariant::builtin_names()))]
    variants: Vec<String>,
}

/// The depths searched: `(full, quick)`, by the shape of the game: at
/// full depth tetrarch's search (as of the engine with pruning and
/// aspiration windows) takes about one to three seconds per variant on a
/// loaded 2-core machine, the whole command 30 to 40 seconds; raise them as
/// the search gets leaner. Drops (EuroShogi) widen the tree; with more
/// seats every seat's move is a ply, so fewer plies make a search as long.
fn depths(variant: &AnyVariant) -> (u32, u32) {
    match (variant.seat_count(), variant.view().drops) {
        (2, false) => (14, 5),
        (2, true) => (12, 4),
        _ => (9, 3),
    }
}

/// Nodes searched in a time.
#[derive(Clone, Copy, Debug)]
struct Measure {
    nodes: u64,
    time: Duration,
    nodes_per_s: f64,
}

impl Measure {
    fn new(nodes: u64, time: Duration) -> Measure {
        Measure {
            nodes,
            time,
            nodes_per_s: nodes as f64 / time.as_secs_f64().max(1e-9),
        }
    }
}

/// The reference program of a row.
enum Reference {
    /// No reference program plays the variant.
    None,
    /// The program is not installed.
    NotInstalled(&'static str),
    /// It could not be measured (does not know the variant, crashed ...).
    Failed(&'static str, String),
    Measured(&'static str, Measure),
}

struct Row {
    label: String,
    depth: u32,
    one: Measure,
    many: Measure,
    reference: Reference,
}

/// Run `tetrarch bench search`.
pub(super) fn bench_search(args: &SearchArgs) -> Result<()> {
    let names: Vec<&str> = AnyVariant::builtin_names()
        .filter(|n| args.variants.is_empty() || args.variants.iter().any(|v| v == n))
        .collect();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(2, |n| n.get().max(2)),
        usize::from,
    );
    let bar = options::progress(names.len() as u64 * 3, "bench search");
    let mut rows = Vec::new();
    for name in names {
        let variant = AnyVariant::builtin(name)?;
        let (full, quick) = depths(&variant);
        let depth =
            (if args.quick { quick } else { full } as i32 + args.depth_offset).max(1) as u32;
        let numbered = variant.view().numbered_starts.is_some();
        let (game, label) = if numbered {
            let game = AnyGame::numbered(&variant, NUMBERED_START)
                .with_context(|| format!("{name}: start {NUMBERED_START}"))?;
            (game, format!("{name} #{NUMBERED_START}"))
        } else {
            (AnyGame::new(&variant), name.to_string())
        };
        let (one, many) = Tetrarch {
            depth,
            threads,
            bar: &bar,
            label: &label,
        }
        .measure(&game)
        .with_context(|| format!("tetrarch, {label}"))?;
        let fen = game.position_text();
        bar.set_message(format!("{label} depth {depth}: reference"));
        let reference = reference(&variant, &fen, depth);
        bar.inc(1);
        rows.push(Row {
            label,
            depth,
            one,
            many,
            reference,
        });
    }
    bar.finish_and_clear();
    print_table(&rows, threads);
    Ok(())
}

fn print_table(rows: &[Row], threads: usize) {
    let many = format!("tetrarch, {threads} threads");
    println!(
        "{:22} {:^29}  {many:^29}  reference, 1 thread",
        "", "tetrarch, 1 thread"
    );
    println!(
        "{:<16} {:>5} {:>11} {:>7} {:>9}  {:>11} {:>7} {:>9}  {:<15} {:>8} {:>9}",
        "variant",
        "depth",
        "nodes",
        "time s",
        "nodes/s",
        "nodes",
        "time s",
        "nodes/s",
        "engine",
        "time s",
        "nodes/s"
    );
    let mut notes = Vec::new();
    for row in rows {
        let cells = |m: &Measure| {
            format!(
                "{:>11} {:>7.3} {:>9.0}",
                m.nodes,
                m.time.as_secs_f64(),
                m.nodes_per_s
            )
        };
        let reference = match &row.reference {
            Reference::None => format!("{:<15}", "-"),
            Reference::NotInstalled(engine) => format!("{engine:<15} not installed"),
            Reference::Failed(engine, why) => {
                notes.push(format!("{engine} on {}: {why}", row.label));
                format!("{engine:<15} failed (see below)")
            }
            Reference::Measured(engine, m) => format!(
                "{engine:<15} {:>8.3} {:>9.0}",
                m.time.as_secs_f64(),
                m.nodes_per_s
            ),
        };
        println!(
            "{:<16} {:>5} {}  {}  {}",
            row.label,
            row.depth,
            cells(&row.one),
            cells(&row.many),
            reference.trim_end()
        );
    }
    println!(
        "Start positions, fresh {HASH_MB} MB hash per search; #{NUMBERED_START} is the variant's numbered start {NUMBERED_START} (chess960: Fischer random)."
    );
    println!(
        "Each engine searches its own tree to the depth: compare nodes/s, not nodes (nor time to depth)."
    );
    for note in notes {
        println!("{note}");
    }
}

/// Tetrarch's two searches of a start position: on one thread and on several.
struct Tetrarch<'a> {
    depth: u32,
    threads: usize,
    bar: &'a ProgressBar,
    label: &'a str,
}

impl Tetrarch<'_> {
    fn measure(&self, game: &AnyGame) -> Result<(Measure, Measure)> {
        Ok((self.search(game, 1)?, self.search(game, self.threads)?))
    }

    /// A fresh engine's search of `game` to the depth on `threads` threads.
    fn search(&self, game: &AnyGame, threads: usize) -> Result<Measure> {
        self.bar.set_message(format!(
            "{} depth {}: tetrarch, {threads} thread(s)",
            self.label, self.depth
        ));
        let mut engine = Engine::new(game.variant(), HASH_MB);
        engine.configure(Settings {
            threads,
            ..Settings::default()
        });
        let limits = Limits {
            depth: Some(self.depth),
            ..Limits::default()
        };
        let start = Instant::now();
        let found = engine.search(game, &limits, &mut |_| {})?;
        let m = Measure::new(found.nodes, start.elapsed());
        self.bar.inc(1);
        Ok(m)
    }
}

/// The reference engine's search of `fen` to `depth` on one thread:
/// Stockfish for what UCI plays without `UCI_Variant` (chess, and chess960
/// with `UCI_Chess960`), Fairy-Stockfish for the variants it names.
fn reference(variant: &AnyVariant, fen: &str, depth: u32) -> Reference {
    if variant.seat_count() > 2 {
        return Reference::None;
    }
    let engine = match variant_options(variant).uci_variant {
        None => "stockfish",
        Some(_) => "fairy-stockfish",
    };
    let run = || -> Result<Option<Measure>> {
        let Some(mut program) = UciProgram::start(engine)? else {
            return Ok(None);
        };
        program.play(variant)?;
        program.set_option("Threads", "1")?;
        program.set_option("Hash", &HASH_MB.to_string())?;
        program.send("ucinewgame")?;
        program.send(&format!("position fen {fen}"))?;
        program.sync()?;
        let start = Instant::now();
        program.send(&format!("go depth {depth}"))?;
        let lines = program.wait_for("bestmove")?;
        let wall = start.elapsed();
        last_search_info(&lines, wall)
            .map(Some)
            .context("no 'info ... nodes' line before 'bestmove'")
    };
    match run() {
        Ok(Some(m)) => Reference::Measured(engine, m),
        Ok(None) => Reference::NotInstalled(engine),
        Err(e) => Reference::Failed(engine, format!("{e:#}")),
    }
}

/// Nodes, time and speed from the last `info` line with `nodes`: the
/// engine's own `time` (milliseconds; else `wall`) and `nps` (else nodes
/// over time).
fn last_search_info(lines: &[String], wall: Duration) -> Option<Measure> {
    let words: Vec<&str> = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info ") && l.contains(" nodes "))?
        .split_whitespace()
        .collect();
    let value = |key: &str| -> Option<u64> {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1)?.parse().ok()
    };
    let nodes = value("nodes")?;
    let time = value("time").map_or(wall, Duration::from_millis);
    let mut m = Measure::new(nodes, time);
    if let Some(nps) = value("nps") {
        m.nodes_per_s = nps as f64;
    }
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_info_line_with_nodes_counts() {
        let lines: Vec<String> = [
            "info depth 9 seldepth 9 multipv 1 score cp 31 nodes 8541 nps 137758 time 62 pv g1f3",
            "info depth 10 seldepth 13 multipv 1 score cp 25 nodes 20978 nps 192458 hashfull 10 tbhits 0 time 109 pv e2e4 c7c5",
            "info string done",
            "bestmove e2e4 ponder c7c5",
        ]
        .map(String::from)
        .to_vec();
        let m = last_search_info(&lines, Duration::from_secs(9)).unwrap();
        assert_eq!(m.nodes, 20978);
        assert_eq!(m.time, Duration::from_millis(109));
        assert_eq!(m.nodes_per_s, 192458.0);
        let bare = ["info depth 1 nodes 20".to_string()];
        let m = last_search_info(&bare, Duration::from_millis(10)).unwrap();
        assert_eq!((m.time, m.nodes_per_s), (Duration::from_millis(10), 2000.0));
        assert!(last_search_info(&["bestmove e2e4".to_string()], Duration::ZERO).is_none());
    }
}
