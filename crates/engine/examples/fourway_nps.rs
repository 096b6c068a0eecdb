//! Search speed from each four-player start position: a search to a fixed
//! depth and one of a fixed number of nodes, with nodes per second.
//!
//! ```text
//! cargo run --release -p tetrarch-engine --example fourway_nps -- [depth] [nodes]
//! ```
//! Defaults: depth 7, 1 000 000 nodes. The free-for-all is searched with
//! both strategies.

use std::time::Instant;
use tetrarch_engine::search::{FfaStrategy, Limits, Searcher};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Variant, Wide};

fn arg(i: usize, default: u64) -> u64 {
    std::env::args()
        .nth(i)
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let depth = arg(1, 7) as u32;
    let nodes = arg(2, 1_000_000);
    println!(
        "{:<18} {:<10} {:<14} {:>10} {:>8} {:>10}  best",
        "variant", "ffa", "limit", "nodes", "time s", "nodes/s"
    );
    for (name, strategies) in [
        ("fourway-teams", &[FfaStrategy::default()][..]),
        ("fourway-original", &[FfaStrategy::default()][..]),
        (
            "fourway-ffa",
            &[FfaStrategy::Paranoid, FfaStrategy::BestReply][..],
        ),
    ] {
        let v = Variant::builtin(name).unwrap();
        let pos = Position::<Wide>::start(&v);
        for &f in strategies {
            for (label, limits) in [
                (
                    format!("depth {depth}"),
                    Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    },
                ),
                (
                    format!("nodes {nodes}"),
                    Limits {
                        nodes: Some(nodes),
                        ..Limits::default()
                    },
                ),
            ] {
                let mut s = Searcher::<Position<Wide>>::new(&v, 64);
                s.ffa_strategy = f;
                let t = Instant::now();
                let r = s.search(&pos, &[], &limits, &mut |_| {});
                let secs = t.elapsed().as_secs_f64();
                let best = r
                    .best
                    .map_or("-".to_string(), |m| UciMove::from_move(&pos, m).to_string());
                println!(
                    "{name:<18} {:<10} {label:<14} {:>10} {secs:>8.3} {:>10.0}  {best} (depth {})",
                    if name == "fourway-ffa" { f.name() } else { "-" },
                    r.nodes,
                    r.nodes as f64 / secs,
                    r.depth
                );
            }
        }
    }
}
