//! `tetrarch replay`: replay every game of a PGN file, checking each SAN
//! move and the recorded result where the game ends in mate or stalemate;
//! or every game of a PGN4 file (chess.com's four-player records),
//! checking each move and printing each game's final position and outcome.

use anyhow::{Context, anyhow, bail};
use std::path::{Path, PathBuf};
use std::time::Instant;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn::{PgnGame, PgnReader};
use tetrarch_rules::notation::pgn4::{self, Pgn4Game, describe_outcome, variant_for_tag};
use tetrarch_rules::variant::WithWidth;
use tetrarch_rules::{HasSliders, Variant};

/// Arguments of `tetrarch replay`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
PGN4 (four-player records, as chess.com writes them) is read when the chosen \
variant has four seats, when the file ends in .pgn4, or when a game's \
[Variant] tag names a four-player variant. Without --variant each PGN4 game \
is played as the variant its tag names: \"Teams\" (chess.com's team mode, \
whose rules are the Original rules with check and mate) is fourway-original, \
\"FFA\" or \"Free-for-all\" is fourway-ffa, and Tetrarch's own names \
(fourway-teams, fourway-original, fourway-ffa) stand for themselves. \
--variant overrides the tags: --variant fourway-teams replays chess.com \
Teams games under Regicide.")]
pub struct Args {
    /// A built-in variant (see `tetrarch variants`). Default: chess for PGN,
    /// each game's [Variant] tag for PGN4.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// A variant definition in TOML, instead of a built-in one.
    #[arg(long, value_name = "PATH", conflicts_with = "variant")]
    variant_file: Option<PathBuf>,
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
        (Some(path), _) => Some(Variant::from_file(path)?),
        (None, Some(name)) => Some(Variant::builtin(name)?),
        (None, None) => None,
    };
    let path = &args.file;
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let pgn4_file = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn4"));
    let start = Instant::now();
    let summary = match chosen {
        Some(v) if v.seat_count() > 2 => run_pgn4(Some(&v), path, &text)?,
        Some(v) if pgn4_file => bail!(
            "{}: a .pgn4 file holds four-player games; {} has {} seats",
            path.display(),
            v.name,
            v.seat_count()
        ),
        Some(v) => run_with_spinner(&v, path, &text)?,
        None if pgn4_file || names_four_player_variant(&text) => run_pgn4(None, path, &text)?,
        None => run_with_spinner(&Variant::builtin("chess")?, path, &text)?,
    };
    println!("games: {}", summary.games);
    println!("moves: {}", summary.moves);
    println!("time: {:.3} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Whether some line of the text is a `[Variant "..."]` tag naming a
/// four-player variant.
fn names_four_player_variant(text: &str) -> bool {
    text.lines().any(|line| {
        line.trim()
            .strip_prefix("[Variant")
            .and_then(|rest| rest.trim().strip_prefix('"'))
            .and_then(|rest| rest.split('"').next())
            .is_some_and(|name| variant_for_tag(name).is_some())
    })
}

fn run_with_spinner(variant: &Variant, path: &Path, text: &str) -> anyhow::Result<ReplaySummary> {
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_message(format!("replaying {}", path.display()));
    spinner.enable_steady_tick(std::time::Duration::from_millis(200));
    let result = run_text(variant, path, text);
    spinner.finish_and_clear();
    result
}

/// Replays one game at the variant's width; returns its number of moves.
struct ReplayOne<'a>(&'a PgnGame);

impl WithWidth for ReplayOne<'_> {
    type Output = Result<usize, tetrarch_rules::game::GameError>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Self::Output {
        let pgn = self.0;
        let game = Game::<B>::from_pgn(pgn, variant)?;
        let tag = pgn.tag("Result");
        game.verify_result(tag.or(pgn.result.as_deref()))?;
        if let (Some(marker), Some(_)) = (pgn.result.as_deref(), tag) {
            game.verify_result(Some(marker))?;
        }
        Ok(game.moves().len())
    }
}

/// Replay every game of a PGN text as games of `variant`. The first
/// problem (unreadable PGN, a SAN move that is malformed, ambiguous or
/// illegal, a result that contradicts a mate or stalemate) is returned as
/// an error naming the game, the move and the reason.
fn run_text(variant: &Variant, path: &Path, text: &str) -> anyhow::Result<ReplaySummary> {
    let mut summary = ReplaySummary::default();
    for (i, game) in PgnReader::new(text).enumerate() {
        let game = game.map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let moves = variant.with_width(ReplayOne(&game)).map_err(|e| {
            anyhow!(
                "{}: game {} ({}): {e}",
                path.display(),
                i + 1,
                game.players()
            )
        })?;
        summary.games += 1;
        summary.moves += moves;
    }
    Ok(summary)
}

/// What one PGN4 game came to.
struct Pgn4Report {
    moves: usize,
    fen4: String,
    outcome: String,
}

/// Replays one PGN4 game at the variant's width.
struct ReplayPgn4<'a>(&'a Pgn4Game);

impl WithWidth for ReplayPgn4<'_> {
    type Output = Result<Pgn4Report, pgn4::Pgn4Error>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Self::Output {
        let pgn = self.0;
        let game = Game::<B>::from_pgn4(pgn, variant)?;
        let end = game.position();
        let mut outcome: Vec<String> = pgn
            .retirements(end)
            .into_iter()
            .map(|(seat, how)| format!("{} {how}", variant.seats[seat.idx()].name))
            .collect();
        outcome.insert(
            0,
            game.outcome()
                .map_or("unfinished".into(), |o| describe_outcome(end, o)),
        );
        // The record's own writer gives the final FEN4 (see `pgn4`).
        let written = game.to_pgn4(&[]);
        Ok(Pgn4Report {
            moves: game.moves().len(),
            fen4: written.tag("CurrentPosition").unwrap_or("?").to_string(),
            outcome: outcome.join("; "),
        })
    }
}

/// Replay every game of a PGN4 text: as `chosen` if given, else as the
/// variant each game's `Variant` tag names. Prints each game's number of
/// moves, final FEN4 and outcome.
fn run_pgn4(chosen: Option<&Variant>, path: &Path, text: &str) -> anyhow::Result<ReplaySummary> {
    let games = pgn4::read_all(text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let mut summary = ReplaySummary::default();
    for (i, pgn) in games.iter().enumerate() {
        let number = i + 1;
        let loaded;
        let variant = match chosen {
            Some(v) => v,
            None => {
                let name = match (pgn.tag("Variant"), pgn.variant()) {
                    (_, Some(name)) => name,
                    (None, None) => bail!(
                        "{}: game {number} has no [Variant] tag; choose one with --variant (fourway-teams, fourway-original or fourway-ffa)",
                        path.display()
                    ),
                    (Some(tag), None) => bail!(
                        "{}: game {number}: [Variant \"{tag}\"] is not a four-player variant Tetrarch knows (Teams, FFA, fourway-teams, fourway-original, fourway-ffa); choose one with --variant",
                        path.display()
                    ),
                };
                loaded = Variant::builtin(name)?;
                &loaded
            }
        };
        let report = variant
            .with_width(ReplayPgn4(pgn))
            .map_err(|e| anyhow!("{}: game {number} ({}): {e}", path.display(), variant.name))?;
        println!("game {number}: {}, {} moves", variant.name, report.moves);
        println!("final: {}", report.fen4);
        println!("outcome: {}", report.outcome);
        summary.games += 1;
        summary.moves += report.moves;
    }
    Ok(summary)
}
