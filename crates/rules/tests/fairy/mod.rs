//! Fairy-Stockfish (Debian's `fairy-stockfish`) as a reference for the
//! variants it knows: its `go perft` split by first move.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Variant, divide};

/// Fairy-Stockfish over UCI, set to one variant.
pub struct Fairy {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Fairy {
    /// The program set to `variant`, or `None` when it is not installed.
    pub fn start(variant: &str) -> Option<Fairy> {
        let program = ["fairy-stockfish", "/usr/games/fairy-stockfish"]
            .into_iter()
            .find(|p| {
                Command::new(p)
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .map(|mut c| {
                        let _ = c.kill();
                        let _ = c.wait();
                    })
                    .is_ok()
            })?;
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let lines = BufReader::new(child.stdout.take()?).lines();
        let mut fairy = Fairy {
            child,
            stdin,
            lines,
        };
        fairy.send("uci");
        fairy.until("uciok");
        fairy.send(&format!("setoption name UCI_Variant value {variant}"));
        Some(fairy)
    }

    /// Send one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("fairy-stockfish reads");
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        for line in self.lines.by_ref() {
            let line = line.expect("fairy-stockfish writes");
            if line.starts_with(prefix) {
                seen.push(line);
                return seen;
            }
            seen.push(line);
        }
        panic!("fairy-stockfish stopped before '{prefix}'");
    }

    /// `go perft depth` from `fen`: each first move and its count.
    pub fn divide(&mut self, fen: &str, depth: u32) -> BTreeMap<String, u64> {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go perft {depth}"));
        self.until("Nodes searched")
            .iter()
            .filter(|l| !l.starts_with("Nodes searched"))
            .filter_map(|l| {
                let (m, n) = l.split_once(": ")?;
                Some((m.trim().to_string(), n.trim().parse().ok()?))
            })
            .collect()
    }
}

impl Drop for Fairy {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// Our perft divide in UCI text, comparable with [`Fairy::divide`].
pub fn ours(pos: &Position<u64>, depth: u32) -> BTreeMap<String, u64> {
    divide(pos, depth)
        .into_iter()
        .map(|(m, n)| (UciMove::from_move(pos, m).to_string(), n))
        .collect()
}

/// Fairy-Stockfish set to `variant`; a missing program fails the test
/// unless `TETRARCH_NO_FAIRY=1` asks to skip it.
pub fn fairy_or_skip(variant: &str) -> Option<Fairy> {
    if let Some(fairy) = Fairy::start(variant) {
        return Some(fairy);
    }
    if std::env::var("TETRARCH_NO_FAIRY").as_deref() == Ok("1") {
        eprintln!("skipped on request: fairy-stockfish is not installed");
        return None;
    }
    panic!(
        "fairy-stockfish is not installed: apt-get install fairy-stockfish (or TETRARCH_NO_FAIRY=1)"
    );
}

/// The built-in variant `name`.
pub fn builtin(name: &str) -> Variant {
    Variant::builtin(name).expect("built-in variant")
}
