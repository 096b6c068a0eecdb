//! External engines over UCI: started as a child process, configured with
//! `setoption` (the variant's `UCI_Variant` / `UCI_Chess960` first, then the
//! user's options), and sent `position fen ... moves ...` and `go`. In
//! four-player games they speak the extension of `docs/protocol.md`:
//! `position fen4 ... moves ...` and per-seat clocks `rtime btime ytime
//! gtime` (`rinc` ...).
//!
//! A reader thread turns the engine's output into lines on a channel, so
//! the runner can wait with a deadline. An engine that misses its deadline
//! is told to `stop`; one that then stays silent, or dies, is killed and
//! started again before the next game.

use super::player::{Budget, Fault, MATE_CP, Player, Reply};
use anyhow::{Result, anyhow, bail};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use tetrarch_engine::uci::variant_options as uci_options;
use tetrarch_rules::{AnyGame, AnyVariant};

/// How long an engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long a stopped search may take to send its `bestmove`.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// A running engine process.
struct Proc {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Proc {
    fn spawn(path: &Path) -> Result<Proc, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Proc {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| Fault::Crash(format!("cannot write to the engine: {e}")))
    }

    /// Lines up to and including the first whose first word is `word`.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<Vec<String>, Fault> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if done {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Crash("the engine exited".into()));
                }
            }
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external UCI engine.
pub struct UciEngine {
    name: String,
    path: PathBuf,
    /// `setoption` pairs sent after every start.
    setup: Vec<(String, String)>,
    proc: Option<Proc>,
}

/// What `uci` told: the engine's name and its option names.
struct Identity {
    name: Option<String>,
    options: Vec<String>,
    /// The `var` values of `UCI_Variant`.
    variants: Vec<String>,
}

fn identity(lines: &[String]) -> Identity {
    let mut id = Identity {
        name: None,
        options: Vec::new(),
        variants: Vec::new(),
    };
    for line in lines {
        if let Some(name) = line.strip_prefix("id name ") {
            id.name = Some(name.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("option name ") {
            let name = rest.split(" type ").next().unwrap_or(rest).trim();
            if name == "UCI_Variant" {
                let words: Vec<&str> = rest.split_whitespace().collect();
                id.variants = words
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect();
            }
            id.options.push(name.to_string());
        }
    }
    id
}

/// The options that make the engine play `variant`, or why it cannot.
fn variant_options(id: &Identity, variant: &AnyVariant) -> Result<Vec<(String, String)>, String> {
    let has = |o: &str| id.options.iter().any(|x| x == o);
    let wanted = uci_options(variant);
    let mut out = Vec::new();
    if let Some(name) = wanted.uci_variant {
        if !has("UCI_Variant") || !id.variants.contains(&name) {
            return Err(format!("it does not offer UCI_Variant {name}"));
        }
        out.push(("UCI_Variant".to_string(), name));
    }
    if wanted.chess960 {
        if !has("UCI_Chess960") {
            return Err("it has no UCI_Chess960 option".into());
        }
        out.push(("UCI_Chess960".to_string(), "true".to_string()));
    }
    Ok(out)
}

impl UciEngine {
    /// Start the engine at `path` and set it up for `variant`; an error
    /// names the engine and what went wrong.
    pub fn start(
        path: &Path,
        options: &[(String, String)],
        name: Option<&str>,
        variant: &AnyVariant,
    ) -> Result<UciEngine> {
        let label = name.map_or_else(|| path.display().to_string(), str::to_string);
        let fail = |e: String| anyhow!("engine '{label}': {e}");
        let mut proc = Proc::spawn(path).map_err(fail)?;
        proc.send("uci").map_err(|e| fail(e.to_string()))?;
        let lines = proc.wait_for("uciok", HANDSHAKE).map_err(|e| match e {
            Fault::Timeout => fail("no 'uciok' in answer to 'uci' (not a UCI engine?)".into()),
            e => fail(e.to_string()),
        })?;
        let id = identity(&lines);
        let mut setup = variant_options(&id, variant)
            .map_err(|e| fail(format!("cannot play {}: {e}", variant.name())))?;
        for (key, _) in options {
            if !id.options.iter().any(|o| o.eq_ignore_ascii_case(key)) {
                bail!("engine '{label}': it has no option '{key}'");
            }
        }
        setup.extend(options.iter().cloned());
        let stem = path.file_name().map(|f| f.to_string_lossy().to_string());
        let mut engine = UciEngine {
            name: name
                .map(str::to_string)
                .or(id.name)
                .or(stem)
                .unwrap_or(label.clone()),
            path: path.to_path_buf(),
            setup,
            proc: Some(proc),
        };
        engine.configure().map_err(|e| fail(e.to_string()))?;
        Ok(engine)
    }

    /// Send the setup options and wait until the engine is ready.
    fn configure(&mut self) -> Result<(), Fault> {
        let lines: Vec<String> = self
            .setup
            .iter()
            .map(|(k, v)| format!("setoption name {k} value {v}"))
            .collect();
        let proc = self.proc.as_mut().expect("running");
        for line in lines {
            proc.send(&line)?;
        }
        proc.send("isready")?;
        proc.wait_for("readyok", HANDSHAKE).map(|_| ())
    }

    /// The running process, started again if it was lost.
    fn running(&mut self) -> Result<&mut Proc, Fault> {
        if self.proc.is_none() {
            let mut proc = Proc::spawn(&self.path).map_err(Fault::Crash)?;
            proc.send("uci")?;
            proc.wait_for("uciok", HANDSHAKE)?;
            self.proc = Some(proc);
            self.configure()?;
        }
        Ok(self.proc.as_mut().expect("running"))
    }

    /// After a missed deadline: stop the search; kill an engine that does not stop.
    fn abandon_search(&mut self) {
        if let Some(proc) = self.proc.as_mut() {
            let stopped =
                proc.send("stop").is_ok() && proc.wait_for("bestmove", STOP_GRACE).is_ok();
            if !stopped {
                self.proc = None;
            }
        }
    }
}

/// `position fen ... moves ...` for the game so far (the variant's word
/// for its position text: `fen4` with four seats).
fn position_command(game: &AnyGame) -> String {
    let key = game.variant().position_format();
    let mut line = format!("position {key} {}", game.start_text());
    let moves = game.moves();
    if !moves.is_empty() {
        line += " moves ";
        line += &moves.join(" ");
    }
    line
}

/// `go` with the budget's limits, times in milliseconds.
fn go_command(b: &Budget) -> String {
    let mut line = String::from("go");
    let ms = |d: Duration| d.as_millis();
    let four = b.seat_time.iter().chain(&b.seat_inc).any(Option::is_some);
    let times = if four {
        vec![
            ("rtime", b.seat_time[0]),
            ("btime", b.seat_time[1]),
            ("ytime", b.seat_time[2]),
            ("gtime", b.seat_time[3]),
            ("rinc", b.seat_inc[0]),
            ("binc", b.seat_inc[1]),
            ("yinc", b.seat_inc[2]),
            ("ginc", b.seat_inc[3]),
        ]
    } else {
        vec![
            ("wtime", b.wtime),
            ("btime", b.btime),
            ("winc", b.winc),
            ("binc", b.binc),
        ]
    };
    for (key, value) in times {
        if let Some(d) = value {
            line += &format!(" {key} {}", ms(d));
        }
    }
    if let Some(n) = b.nodes {
        line += &format!(" nodes {n}");
    }
    if let Some(d) = b.depth {
        line += &format!(" depth {d}");
    }
    line
}

/// The score of an `info` line, in centipawns from the mover's view.
fn info_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(MATE_CP - value),
        "mate" => Some(-MATE_CP - value),
        _ => None,
    }
}

impl Player for UciEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Fault> {
        let proc = self.running()?;
        proc.send("ucinewgame")?;
        proc.send("isready")?;
        proc.wait_for("readyok", HANDSHAKE).map(|_| ())
    }

    fn think(&mut self, game: &AnyGame, budget: &Budget) -> Result<Reply, Fault> {
        let proc = self.running()?;
        proc.send(&position_command(game))?;
        proc.send(&go_command(budget))?;
        let lines = match proc.wait_for("bestmove", budget.deadline) {
            Ok(lines) => lines,
            Err(Fault::Timeout) => {
                self.abandon_search();
                return Err(Fault::Timeout);
            }
            Err(e) => {
                self.proc = None;
                return Err(e);
            }
        };
        let score = lines.iter().filter_map(|l| info_score(l)).next_back();
        let last = lines.last().expect("a bestmove line");
        // The null move names no move, unless passing is legal here
        // (frozen armies of four-player Regicide).
        let passes = || game.legal_moves().iter().any(|m| m.uci == "0000");
        match last.split_whitespace().nth(1) {
            Some(m) if m != "(none)" && (m != "0000" || passes()) => Ok(Reply {
                uci: m.to_string(),
                score,
            }),
            _ => Err(Fault::Protocol(format!("'{last}' names no move"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_scores_and_go_lines() {
        assert_eq!(
            info_score("info depth 3 score cp -25 nodes 9 pv e2e4"),
            Some(-25)
        );
        assert_eq!(
            info_score("info depth 9 score mate 2 pv a1a8"),
            Some(MATE_CP - 2)
        );
        assert_eq!(info_score("info string hello"), None);
        let b = Budget {
            wtime: Some(Duration::from_millis(1500)),
            nodes: Some(300),
            ..Budget::default()
        };
        assert_eq!(go_command(&b), "go wtime 1500 nodes 300");
        let mut b = Budget::default();
        for s in 0..4 {
            b.seat_time[s] = Some(Duration::from_millis(1000 + s as u64));
            b.seat_inc[s] = Some(Duration::from_millis(10));
        }
        assert_eq!(
            go_command(&b),
            "go rtime 1000 btime 1001 ytime 1002 gtime 1003 rinc 10 binc 10 yinc 10 ginc 10"
        );
    }

    #[test]
    fn four_player_positions_are_sent_as_fen4() {
        let v = AnyVariant::builtin("fourway-teams").unwrap();
        let mut game = AnyGame::new(&v);
        game.play("h2h4").unwrap();
        let line = position_command(&game);
        assert!(
            line.starts_with("position fen4 R-0,0,0,0-1,1,1,1-"),
            "{line}"
        );
        assert!(line.ends_with(" moves h2h4"), "{line}");
        let chess = AnyGame::new(&AnyVariant::builtin("chess").unwrap());
        assert!(position_command(&chess).starts_with("position fen rnbqkbnr/"));
    }

    #[test]
    fn variant_options_need_the_engine_to_know_the_variant() {
        let lines = [
            "id name Fairy".to_string(),
            "option name UCI_Variant type combo default chess var chess var euroshogi".into(),
            "option name UCI_Chess960 type check default false".into(),
        ];
        let id = identity(&lines);
        assert_eq!(id.name.as_deref(), Some("Fairy"));
        let shogi = AnyVariant::builtin("euroshogi").unwrap();
        let opts = variant_options(&id, &shogi).unwrap();
        assert_eq!(opts, [("UCI_Variant".into(), "euroshogi".into())]);
        let c960 = AnyVariant::builtin("chess960").unwrap();
        let opts = variant_options(&id, &c960).unwrap();
        assert_eq!(opts, [("UCI_Chess960".into(), "true".into())]);
        let plain = identity(&["id name Plain".to_string()]);
        assert!(variant_options(&plain, &shogi).is_err());
        assert!(variant_options(&plain, &AnyVariant::builtin("chess").unwrap()).is_ok());
    }
}
