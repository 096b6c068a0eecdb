//! `tetrarch replay`: replay every game of a record file, checking each
//! move (and, in PGN, the recorded result where the game ends in mate or
//! stalemate). The rules crate chooses the format (PGN, PGN4) from the
//! variant, the file's extension and its `Variant` tags, and reads the
//! games; formats whose files are mostly single games (PGN4, chess.com's
//! four-player records) have each game's final position and outcome
//! printed.

use anyhow::{Context, anyhow};
use indicatif::ProgressBar;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tetrarch_rules::AnyVariant;
use tetrarch_rules::any::{RecordError, RecordedGame};
use tetrarch_rules::family::RecordFormat;

/// Arguments of `tetrarch replay`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
PGN4 (four-player records, as chess.com writes them) is read when the chosen \
variant has four seats, when the file ends in .pgn4, or when a game's \
[Variant] tag names a four-player variant. Without --variant each game is \
played as the variant its tags name: in PGN4 a chess.com record of today \
(a [RuleVariants] tag, or [StartFen4 \"4PC\"]) is fourway-chesscom-teams for \
\"Teams\" and fourway-chesscom-ffa for \"FFA\"; an older one is \
fourway-original for \"Teams\" (the Original rules with check and mate) and \
fourway-ffa for \"FFA\" or \"Free-for-all\"; Tetrarch's own names stand for \
themselves; in PGN a Tetrarch name (euroshogi, chess960) stands for itself \
and any other tag, or none, is chess. --variant overrides the tags: \
--variant fourway-teams replays chess.com Teams games under Regicide.")]
pub struct Args {
    /// A built-in variant (see `tetrarch variants`). Default: each game's
    /// [Variant] tag (chess for PGN without one).
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// A variant definition in TOML, instead of a built-in one.
    #[arg(long, value_name = "PATH", conflicts_with = "variant")]
    variant_file: Option<PathBuf>,
    /// A line-up of the chosen variant (a record's `Nations` tag of
    /// built-in nations needs none).
    #[command(flatten)]
    nations: crate::options::NationArgs,
    /// The PGN or PGN4 file.
    file: PathBuf,
}

/// What a replay covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplaySummary {
    /// Games replayed.
    pub games: usize,
    /// Moves (plies) replayed, over all games.
    pub moves: usize,
}

/// Run `tetrarch replay`.
pub fn run_command(args: &Args) -> anyhow::Result<()> {
    let chosen = match (&args.variant_file, &args.variant) {
        (Some(path), _) => Some(AnyVariant::from_file(path)?),
        (None, Some(name)) => Some(AnyVariant::builtin(name)?),
        (None, None) => None,
    };
    let chosen = match chosen {
        Some(v) => Some(args.nations.apply(v)?),
        None if args.nations.nations.is_some() => {
            return Err(anyhow!("--nations needs --variant (or --variant-file)"));
        }
        None => None,
    };
    let path = &args.file;
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let extension = path.extension().and_then(|e| e.to_str());
    let format = RecordFormat::for_file(extension, &text, chosen.as_ref())
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let start = Instant::now();
    let summary = replay(format, chosen.as_ref(), path, &text)?;
    println!("games: {}", summary.games);
    println!("moves: {}", summary.moves);
    println!("time: {:.3} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Replay every game; the first problem is an error naming the file, the
/// game and the move.
fn replay(
    format: RecordFormat,
    chosen: Option<&AnyVariant>,
    path: &Path,
    text: &str,
) -> anyhow::Result<ReplaySummary> {
    let spinner = (!format.lists_games()).then(|| {
        let s = ProgressBar::new_spinner();
        s.set_message(format!("replaying {}", path.display()));
        s.enable_steady_tick(Duration::from_millis(200));
        s
    });
    let mut summary = ReplaySummary::default();
    let mut result = Ok(());
    for (i, recorded) in format.read(text, chosen).enumerate() {
        match recorded {
            Ok(r) => {
                if format.lists_games() {
                    report(i + 1, &r);
                }
                summary.games += 1;
                summary.moves += r.game.ply();
            }
            Err(e) => {
                result = Err(explain(e, format, path));
                break;
            }
        }
    }
    if let Some(s) = spinner {
        s.finish_and_clear();
    }
    result.map(|()| summary)
}

/// A game's moves, final position and outcome (with who left).
fn report(number: usize, r: &RecordedGame) {
    let variant = r.game.variant();
    let mut outcome = vec![
        r.game
            .outcome()
            .map_or("unfinished".into(), |o| o.describe(variant)),
    ];
    outcome.extend(r.departures.iter().map(|d| d.describe(variant)));
    println!("game {number}: {}, {} moves", variant.name(), r.game.ply());
    println!("final: {}", r.game.position_text());
    println!("outcome: {}", outcome.join("; "));
}

/// A record error as one line naming the file, with how to choose a
/// variant where the record does not say.
fn explain(e: RecordError, format: RecordFormat, path: &Path) -> anyhow::Error {
    let file = path.display();
    match &e {
        RecordError::NoVariant { .. } => {
            let names = format.variants();
            let (last, rest) = names.split_last().map_or(("", &[][..]), |(l, r)| (*l, r));
            anyhow!(
                "{file}: {e}; choose one with --variant ({} or {last})",
                rest.join(", ")
            )
        }
        RecordError::UnknownVariant { .. } => anyhow!("{file}: {e}; choose one with --variant"),
        _ => anyhow!("{file}: {e}"),
    }
}
