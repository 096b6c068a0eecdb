//! `tetrarch perft --epd FILE`: perft suites, one position a line with the
//! expected counts (`<FEN> ;D1 20 ;D2 400 ...`), checked depth by depth.

use crate::options;
use anyhow::{Context, Result, anyhow, bail};
use std::path::Path;
use std::time::Instant;
use tetrarch_rules::{AnyGame, AnyVariant};

/// One position of a suite.
pub struct Entry {
    /// 1-based line number in the file.
    line: usize,
    fen: String,
    /// `(depth, expected nodes)` in file order.
    counts: Vec<(u32, u64)>,
}

/// A suite read from a file.
pub struct Suite {
    file: String,
    entries: Vec<Entry>,
}

/// Read a suite; an unreadable line is an error naming the file and line.
pub fn read(path: &Path) -> Result<Suite> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).with_context(|| format!("{file}: cannot read"))?;
    let entries = parse(&text).map_err(|(line, e)| anyhow!("{file}:{line}: {e}"))?;
    if entries.is_empty() {
        bail!("{file}: no positions");
    }
    Ok(Suite { file, entries })
}

fn parse(text: &str) -> Result<Vec<Entry>, (usize, String)> {
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut parts = trimmed.split(';');
        let fen = parts.next().unwrap_or_default().trim();
        if fen.is_empty() {
            return Err((line, "no FEN before the first ';'".into()));
        }
        let mut counts = Vec::new();
        for part in parts.map(str::trim).filter(|p| !p.is_empty()) {
            counts.push(parse_count(part).ok_or_else(|| {
                (
                    line,
                    format!("'{part}' is not a depth and count like 'D3 8902'"),
                )
            })?);
        }
        if counts.is_empty() {
            return Err((line, "no ';Dn count' fields".into()));
        }
        entries.push(Entry {
            line,
            fen: fen.to_string(),
            counts,
        });
    }
    Ok(entries)
}

/// `D3 8902` as `(3, 8902)`.
fn parse_count(field: &str) -> Option<(u32, u64)> {
    let mut words = field.split_whitespace();
    let depth = words.next()?.strip_prefix(['D', 'd'])?.parse().ok()?;
    let count = words.next()?.parse().ok()?;
    words.next().is_none().then_some((depth, count))
}

/// Check every count of `suite` as positions of `variant`, skipping the
/// counts above `max_nodes`; an error if any fails.
pub fn check(variant: &AnyVariant, suite: &Suite, max_nodes: u64) -> Result<()> {
    // Read every position first: a broken line fails before any work.
    let games = suite
        .entries
        .iter()
        .map(|e| {
            AnyGame::from_position(variant, Some(&e.fen)).map_err(|err| {
                anyhow!(
                    "{}:{}: {}",
                    suite.file,
                    e.line,
                    options::position_error(err)
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let work: u64 = suite
        .entries
        .iter()
        .flat_map(|e| &e.counts)
        .map(|&(_, n)| n)
        .filter(|&n| n <= max_nodes)
        .sum();
    let bar = options::progress(work, "perft suite");
    let start = Instant::now();
    let mut tally = Tally::default();
    for (entry, game) in suite.entries.iter().zip(&games) {
        bar.set_message(format!("line {}", entry.line));
        let msg = check_entry(entry, game, max_nodes, &mut tally, &|n| bar.inc(n));
        bar.suspend(|| println!("{msg}"));
    }
    bar.finish_and_clear();
    let time = start.elapsed();
    let n = suite.entries.len();
    let Tally {
        failed,
        checked,
        skipped,
        nodes,
    } = tally;
    println!(
        "{n} positions: {} ok, {failed} failed; {checked} counts checked, {skipped} skipped; \
         {nodes} nodes in {:.2} s ({:.1} M nodes/s)",
        n - failed,
        time.as_secs_f64(),
        options::mnps(nodes, time)
    );
    if failed > 0 {
        bail!("{}: {failed} of {n} positions failed", suite.file);
    }
    Ok(())
}

/// What a suite's check came to so far.
#[derive(Default)]
struct Tally {
    failed: usize,
    checked: usize,
    skipped: usize,
    nodes: u64,
}

/// Check one line's counts (up to the first wrong one); its report line.
fn check_entry(
    entry: &Entry,
    game: &AnyGame,
    max_nodes: u64,
    tally: &mut Tally,
    done: &dyn Fn(u64),
) -> String {
    let mut depths = Vec::new();
    let mut failure = None;
    for &(depth, expected) in &entry.counts {
        if expected > max_nodes {
            tally.skipped += 1;
            continue;
        }
        let got = game.perft(depth);
        tally.nodes += got;
        tally.checked += 1;
        done(expected);
        if got != expected {
            failure = Some(format!("D{depth}: expected {expected}, got {got}"));
            break;
        }
        depths.push(format!("D{depth}"));
    }
    let line = entry.line;
    match failure {
        Some(f) => {
            tally.failed += 1;
            format!("FAIL  line {line}  {f}  {}", entry.fen)
        }
        None if depths.is_empty() => format!(
            "skip  line {line}  (every count above --max-nodes)  {}",
            entry.fen
        ),
        None => format!("ok    line {line}  {}  {}", depths.join(" "), entry.fen),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_errors() {
        let text = "# comment\n\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ; D2 9;\n";
        let e = parse(text).unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].line, 3);
        assert_eq!(e[0].counts, vec![(1, 3), (2, 9)]);
        assert_eq!(parse("x ;D1 a").err().unwrap().0, 1);
        assert!(parse("\nx ;D1 3 4").err().unwrap().1.contains("D1 3 4"));
        assert!(parse("x").is_err());
        assert!(parse(" ;D1 3").is_err());
    }
}
