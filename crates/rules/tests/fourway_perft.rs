//! Perft of the 4-Way Chess variants against the counts pinned in
//! `data/fourway.epd`, and those counts against the independent mailbox
//! reference (`fourway_reference`), which shares no code with the kernel.

use crate::fourway_reference;

use fourway_reference::{Rules, START_4PC_FEN4, parse_fen4};
use tetrarch_rules::{Position, Variant, Wide, perft};

const EPD: &str = include_str!("data/fourway.epd");

/// One line: variant, FEN4, `(depth, nodes)` pairs.
type Line = (String, String, Vec<(u32, u64)>);

fn lines() -> Vec<Line> {
    EPD.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let head = parts.next().expect("a FEN4").trim();
            let (variant, fen) = head.split_once(' ').expect("variant and FEN4");
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("Dn count");
                    let d = d.trim_start_matches('D').parse().expect("depth");
                    (d, n.parse().expect("count"))
                })
                .collect();
            (variant.to_string(), fen.trim().to_string(), counts)
        })
        .collect()
}

fn rules_of(variant: &str) -> Rules {
    match variant {
        "fourway-teams" => Rules::Teams,
        "fourway-original" => Rules::Original,
        "fourway-ffa" => Rules::Ffa,
        other => panic!("unknown variant {other}"),
    }
}

/// Kernel perft for every count up to `limit` nodes.
fn kernel(limit: u64) -> usize {
    let mut checked = 0;
    for (name, fen, counts) in lines() {
        let v = Variant::builtin(&name).unwrap();
        let pos = Position::<Wide>::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(), fen, "FEN4 round trip");
        for (depth, nodes) in counts.into_iter().filter(|&(_, n)| n <= limit) {
            assert_eq!(perft(&pos, depth), nodes, "{name} D{depth} {fen}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn epd_has_every_variant_to_depth_four() {
    let lines = lines();
    for v in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        let starts = lines.iter().filter(|(n, f, c)| {
            n == v && *f == Variant::builtin(v).unwrap().start_fen && c.len() >= 4
        });
        assert_eq!(starts.count(), 1, "{v} start position to depth 4");
    }
}

#[test]
fn kernel_matches_pinned_counts() {
    assert!(kernel(1_000_000) >= 30);
}

#[test]
#[ignore = "long: every pinned count, up to 88 million nodes (4PC depth 6: 77 million)"]
fn kernel_matches_pinned_counts_deep() {
    kernel(u64::MAX);
}

/// The pinned counts to depth 3 (depth 4 for the start positions, the
/// seed's and chess.com's current `4PC`) are the reference's too.
#[test]
fn reference_matches_pinned_counts() {
    for (name, fen, counts) in lines() {
        let r = parse_fen4(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let start = fen == Variant::builtin(&name).unwrap().start_fen || fen == START_4PC_FEN4;
        for (depth, nodes) in counts {
            if depth <= 3 || (start && depth == 4) {
                assert_eq!(
                    r.perft(rules_of(&name), depth),
                    nodes,
                    "{name} D{depth} {fen}"
                );
            }
        }
    }
}

#[test]
#[ignore = "long: the reference to depth 4 on every position"]
fn reference_matches_pinned_counts_at_depth_four() {
    for (name, fen, counts) in lines() {
        let r = parse_fen4(&fen).unwrap();
        for (depth, nodes) in counts.into_iter().filter(|&(d, _)| d == 4) {
            assert_eq!(
                r.perft(rules_of(&name), depth),
                nodes,
                "{name} D{depth} {fen}"
            );
        }
    }
}
