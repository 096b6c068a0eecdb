//! EuroShogi against Fairy-Stockfish (Debian's `fairy-stockfish`, which has
//! the variant): along seeded random games, our perft divide and its
//! `go perft` must list the same moves with the same counts.
//!
//! The test needs the program (`.ci/run` installs it). Without it the test
//! fails, unless `TETRARCH_NO_FAIRY=1` says to skip it on purpose.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Variant, divide};

struct Fairy {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Fairy {
    fn start() -> Option<Fairy> {
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
        fairy.send("setoption name UCI_Variant value euroshogi");
        Some(fairy)
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("fairy-stockfish reads");
    }

    fn until(&mut self, prefix: &str) -> Vec<String> {
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

    fn divide(&mut self, fen: &str, depth: u32) -> BTreeMap<String, u64> {
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

fn ours(pos: &Position<u64>, depth: u32) -> BTreeMap<String, u64> {
    divide(pos, depth)
        .into_iter()
        .map(|(m, n)| (UciMove::from_move(pos, m).to_string(), n))
        .collect()
}

#[test]
fn random_games_agree_with_fairy_stockfish() {
    let Some(mut fairy) = Fairy::start() else {
        if std::env::var("TETRARCH_NO_FAIRY").as_deref() == Ok("1") {
            eprintln!("skipped on request: fairy-stockfish is not installed");
            return;
        }
        panic!(
            "fairy-stockfish is not installed: apt-get install fairy-stockfish (or TETRARCH_NO_FAIRY=1)"
        );
    };
    let variant = Variant::builtin("euroshogi").unwrap();
    let mut seed = 0x5EED_0001_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut compared, mut drops, mut promotions) = (0, 0, 0);
    for _game in 0..200 {
        let mut pos = Position::<u64>::start(&variant);
        for ply in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 5 == 0 {
                let fen = pos.to_fen();
                let (a, b) = (ours(&pos, 2), fairy.divide(&fen, 2));
                assert_eq!(a, b, "divide 2 of {fen}");
                compared += 1;
                drops += a.keys().filter(|m| m.contains('@')).count();
                promotions += a.keys().filter(|m| m.ends_with('+')).count();
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
        }
    }
    // The games must have reached what makes EuroShogi different.
    assert!(compared > 5000, "{compared} positions");
    assert!(
        drops > 1000 && promotions > 100,
        "{drops} drops, {promotions} promotions"
    );
}
