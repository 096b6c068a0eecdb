//! `tetrarch`: the command-line front end of Tetrarch.
//!
//! Each subcommand lives in its own module; this file only parses the
//! command line, dispatches, and turns errors into one line and exit code 1.

mod bench;
mod epd;
#[cfg(unix)]
mod files;
#[cfg(unix)]
mod loadtest;
mod match_runner;
mod options;
mod perft;
mod replay;
mod serve;
mod tune;
mod variants;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Tetrarch: chess-family games for two and four players.
#[derive(Parser)]
#[command(name = "tetrarch", version, about, long_about = None)]
struct Cli {
    /// Without a command: `serve` with its defaults.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in variants, or describe one variant in detail.
    Variants(variants::Args),
    /// Count the leaf nodes of the legal move tree (move generation test).
    Perft(perft::Args),
    /// Measure speed against reference programs.
    Bench(bench::Args),
    /// Replay every game of a PGN or PGN4 file, checking each move and result.
    Replay(replay::Args),
    /// Play engines against each other and report the score, Elo and SPRT.
    Match(match_runner::Args),
    /// Fit a two-seat variant's evaluation weights to self-play games (Texel tuning).
    Tune(tune::Args),
    /// Speak the UCI protocol on standard input and output (for GUIs and match runners).
    Uci,
    /// Serve games over HTTP and WebSockets (the default command).
    Serve(serve::Args),
    /// Load a server with many concurrent games over loopback WebSockets and
    /// report moves per second, latency, CPU and memory per game.
    #[cfg(unix)]
    Loadtest(loadtest::Args),
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so a closed pipe (`tetrarch perft | head`)
    // would make `println!` panic; end quietly as other Unix tools do.
    #[cfg(unix)]
    // SAFETY: setting a signal's action to its default before any thread starts.
    #[allow(unsafe_code)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with success; usage errors exit 1.
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let command = cli
        .command
        .unwrap_or_else(|| Command::Serve(serve::Args::from_env()));
    let result = match command {
        Command::Variants(args) => variants::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Replay(args) => replay::run_command(&args),
        Command::Match(args) => match_runner::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Serve(args) => serve::run(&args),
        #[cfg(unix)]
        Command::Loadtest(args) => loadtest::run(&args),
        Command::Uci => tetrarch_engine::uci::run(std::io::stdin().lock(), std::io::stdout())
            .map(|_| ())
            .map_err(anyhow::Error::from),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", one_line(&e));
            ExitCode::FAILURE
        }
    }
}

/// An error and its causes on one line; a cause whose text the message
/// already carries (errors that print their source) is not repeated.
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if line.is_empty() {
            line = text;
        } else if !line.contains(&text) {
            line = format!("{line}: {text}");
        }
    }
    line.replace('\n', " | ")
}

#[cfg(test)]
mod tests {
    use super::one_line;
    use std::fmt;

    /// An error that prints its source in its own message.
    #[derive(Debug)]
    struct Wrapper(std::io::Error);
    impl fmt::Display for Wrapper {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "impossible: {}", self.0)
        }
    }
    impl std::error::Error for Wrapper {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn causes_are_joined_once() {
        let io = || std::io::Error::other("no king\nat all");
        let e = anyhow::Error::new(Wrapper(io())).context("FEN 'x'");
        assert_eq!(one_line(&e), "FEN 'x': impossible: no king | at all");
        let e = anyhow::Error::new(io()).context("file.epd");
        assert_eq!(one_line(&e), "file.epd: no king | at all");
    }
}
