//! `tetrarch bench`: speed of tetrarch beside reference programs, measured
//! in the same run on the same positions.
//!
//! - `bench perft` ([`perft`]): move generation, against the cozy-chess and
//!   shakmaty crates and Fairy-Stockfish's `go perft`.
//! - `bench search` ([`search`]): fixed-depth searches of every built-in
//!   variant's start position, against Stockfish and Fairy-Stockfish.
//!
//! The external programs are driven over UCI by [`UciProgram`].

mod perft;
mod search;

use anyhow::{Context, Result, bail};
use std::io::{BufRead, BufReader, Lines, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};
use tetrarch_engine::uci::variant_options;
use tetrarch_rules::AnyVariant;

/// Arguments of `tetrarch bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand, Debug)]
enum What {
    /// Perft with bulk counting: chess start position (depth 6) and
    /// kiwipete (depth 5) with tetrarch, cozy-chess and shakmaty side by
    /// side; the other built-in variants' start positions (depth 6) with
    /// tetrarch and, if installed, Fairy-Stockfish where it plays them.
    Perft(perft::PerftArgs),
    /// Fixed-depth search of every built-in variant's start position: tetrarch
    /// on one thread and on several (Lazy SMP), beside Stockfish (chess,
    /// chess960) and Fairy-Stockfish (EuroShogi) on one thread, if installed.
    Search(search::SearchArgs),
}

/// Run `tetrarch bench`.
pub fn run(args: &Args) -> Result<()> {
    match &args.what {
        What::Perft(args) => perft::bench_perft(args),
        What::Search(args) => search::bench_search(args),
    }
}

/// Where the program `name` is installed: on the PATH, or in `/usr/games`
/// (where Debian puts its chess engines, outside the usual PATH).
fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// A reference program spoken to over UCI, one blocking line at a time.
/// It is told to quit when dropped.
struct UciProgram {
    name: &'static str,
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
    /// The `option name ...` lines of its answer to `uci`.
    options: Vec<String>,
}

impl UciProgram {
    /// Start `name` and shake hands (`uci` ... `uciok`); `None` when it is
    /// not installed.
    fn start(name: &'static str) -> Result<Option<UciProgram>> {
        let Some(path) = find_program(name) else {
            return Ok(None);
        };
        let mut program = UciProgram::spawn(name, &path)?;
        program.send("uci")?;
        program.options = program
            .wait_for("uciok")?
            .into_iter()
            .filter(|l| l.starts_with("option name "))
            .collect();
        Ok(Some(program))
    }

    fn spawn(name: &'static str, path: &Path) -> Result<UciProgram> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", path.display()))?;
        let stdin = child.stdin.take().context("no stdin")?;
        let lines = BufReader::new(child.stdout.take().context("no stdout")?).lines();
        Ok(UciProgram {
            name,
            child,
            stdin,
            lines,
            options: Vec::new(),
        })
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .with_context(|| format!("{}: cannot write '{line}'", self.name))
    }

    /// `setoption name {key} value {value}`, if the program has that option.
    fn set_option(&mut self, key: &str, value: &str) -> Result<()> {
        if !self.has_option(key) {
            bail!("{} has no option {key}", self.name);
        }
        self.send(&format!("setoption name {key} value {value}"))
    }

    fn has_option(&self, key: &str) -> bool {
        self.options.iter().any(|l| {
            l.strip_prefix("option name ")
                .and_then(|rest| rest.split(" type ").next())
                .is_some_and(|name| name.trim().eq_ignore_ascii_case(key))
        })
    }

    /// Whether `var` is among the values of its `UCI_Variant` combo.
    fn knows_variant(&self, var: &str) -> bool {
        self.options
            .iter()
            .filter(|l| l.starts_with("option name UCI_Variant "))
            .any(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                words.windows(2).any(|w| w[0] == "var" && w[1] == var)
            })
    }

    /// Set the options that make it play `variant` (`UCI_Variant`,
    /// `UCI_Chess960`); an error if it does not offer them.
    fn play(&mut self, variant: &AnyVariant) -> Result<()> {
        let options = variant_options(variant);
        if let Some(var) = &options.uci_variant {
            if !self.knows_variant(var) {
                bail!("its UCI_Variant does not offer {var}");
            }
            self.set_option("UCI_Variant", var)?;
        }
        if options.chess960 {
            self.set_option("UCI_Chess960", "true")?;
        }
        Ok(())
    }

    /// `isready` ... `readyok`.
    fn sync(&mut self) -> Result<()> {
        self.send("isready")?;
        self.wait_for("readyok").map(|_| ())
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn wait_for(&mut self, prefix: &str) -> Result<Vec<String>> {
        let mut seen = Vec::new();
        for line in self.lines.by_ref() {
            let line = line.with_context(|| format!("{}: cannot read", self.name))?;
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return Ok(seen);
            }
        }
        bail!("{} ended before '{prefix}'", self.name)
    }
}

impl Drop for UciProgram {
    fn drop(&mut self) {
        let _ = self.send("stop");
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_and_variants_of_the_uci_answer() {
        let mut p = UciProgram::spawn("cat", Path::new("cat")).unwrap();
        p.options = vec![
            "option name Threads type spin default 1 min 1 max 512".into(),
            "option name UCI_Variant type combo default chess var chess var euroshogi".into(),
        ];
        assert!(p.has_option("threads") && p.has_option("UCI_Variant"));
        assert!(!p.has_option("Hash"));
        assert!(p.knows_variant("euroshogi") && !p.knows_variant("shogi"));
        p.send("uciok now").unwrap();
        assert_eq!(p.wait_for("uciok").unwrap(), ["uciok now"]);
    }
}
