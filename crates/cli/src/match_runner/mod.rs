//! `tetrarch match`: two engines play each other and the result is
//! reported from the first engine's view.
//!
//! In four-player games four engines sit at the table, two of each: in
//! team games the partners are the same engine, sides swapped between the
//! two games of an opening; in a free-for-all each opening is played in the
//! six seatings of two and two around the table, and the engine of the
//! winning seat scores the game. Games are written as PGN4.
//!
//! - [`spec`]: `--engine`, `--tc` and `--sprt` values.
//! - [`player`]: the player face, and our engine searched in this process.
//! - [`uci_engine`]: external engines over UCI.
//! - [`openings`]: openings from a file, or random balanced ones.
//! - [`play`]: one game with clocks, faults and adjudication.
//! - [`stats`]: score, Elo with error bar, SPRT.
//! - [`pgn_out`]: games as PGN or PGN4.
//!
//! Games are played one at a time (no concurrency); each opening is played
//! twice with colours swapped (six times in a four-player free-for-all).

mod openings;
mod pgn_out;
mod play;
mod player;
mod spec;
mod standing;
mod stats;
mod uci_engine;

use crate::options;
use anyhow::{Context, Result, bail};
use indicatif::ProgressBar;
use std::io::Write;
use std::path::PathBuf;
use tetrarch_rules::{AnyGame, AnyVariant, Seat};

use play::{Rules, Verdict};
use player::{Internal, Player};
use spec::{EngineKind, EngineSpec, Sprt};
use stats::{Decision, Tally};

/// Arguments of `tetrarch match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    variant: options::VariantArgs,
    /// A player, twice: `level=1..8` (our engine) or
    /// `cmd=PATH[,option.NAME=VALUE...]`; either may add `name=NAME`.
    #[arg(long = "engine", value_name = "SPEC")]
    engines: Vec<String>,
    /// Games to play (rounded up to even: each opening is played twice;
    /// in a four-player free-for-all to a multiple of six seatings).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Time control: SECONDS+INCREMENT per player, like 10+0.1.
    #[arg(long, value_name = "TC")]
    tc: Option<String>,
    /// Node limit per move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Depth limit per move.
    #[arg(long)]
    depth: Option<u32>,
    /// Openings, one FEN or EPD line each (`#` starts a comment); used in order.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Random plies from the start position for each opening, without --openings
    /// (default 4; 6 in variants with drops; 0 where starts are numbered, as in chess960).
    #[arg(long, value_name = "N")]
    random_plies: Option<u32>,
    /// Seed of the random openings and of our engine's level noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adjudicate a draw when both engines report |score| <= 10 cp for this
    /// many consecutive moves after move 40.
    #[arg(long, value_name = "MOVES")]
    adjudicate_draw: Option<u32>,
    /// Adjudicate a win when both engines agree on a score beyond SCORE cp for 5 moves.
    #[arg(long, value_name = "SCORE")]
    adjudicate_win: Option<i32>,
    /// Draw a game that reaches this many plies.
    #[arg(long, default_value_t = 600)]
    max_plies: u32,
    /// In a four-player free-for-all, a game at the ply cap is won by the
    /// seat that stands best instead of drawn: where points are scored the
    /// most points (the seats in play with the draw bonus), elsewhere the
    /// seat still playing whose material leads every other's by MARGIN cp.
    #[arg(long, value_name = "MARGIN")]
    adjudicate_ffa: Option<i32>,
    /// Sequential probability ratio test, like elo0=0,elo1=10,alpha=0.05,beta=0.05;
    /// the match stops when it decides.
    #[arg(long, value_name = "SPEC")]
    sprt: Option<String>,
    /// Write every game to this PGN file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
}

/// The checked settings of a match.
struct Setup {
    engines: [EngineSpec; 2],
    rules: Rules,
    sprt: Option<Sprt>,
    games: usize,
    /// `--seed`: the openings, the engines' noise and the games' dice.
    seed: u64,
}

fn setup(args: &Args) -> Result<Setup> {
    let [a, b] = args.engines.as_slice() else {
        bail!(
            "give exactly two --engine flags (got {})",
            args.engines.len()
        );
    };
    let engines = [spec::parse_engine(a)?, spec::parse_engine(b)?];
    let tc = args.tc.as_deref().map(spec::parse_tc).transpose()?;
    if tc.is_none() && args.nodes.is_none() && args.depth.is_none() {
        bail!("give a time control (--tc 10+0.1), --nodes or --depth");
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let rules = Rules {
        tc,
        nodes: args.nodes,
        depth: args.depth,
        adjudicate_draw: args.adjudicate_draw,
        adjudicate_win: args.adjudicate_win,
        max_plies: args.max_plies,
        ffa_standing: None,
    };
    let sprt = args.sprt.as_deref().map(spec::parse_sprt).transpose()?;
    let games = args.games as usize;
    Ok(Setup {
        engines,
        rules,
        sprt,
        games,
        seed: args.seed,
    })
}

/// Run `tetrarch match`.
pub fn run(args: &Args) -> Result<()> {
    let mut setup = setup(args)?;
    let variant = args.variant.load()?;
    if ![2, 4].contains(&variant.seat_count()) {
        bail!(
            "{} has {} seats; matches are for two or four players",
            variant.name(),
            variant.seat_count()
        );
    }
    if let Some(margin) = args.adjudicate_ffa {
        setup.rules.ffa_standing = standing::Standing::new(&variant, margin);
        if setup.rules.ffa_standing.is_none() {
            bail!("--adjudicate-ffa is for free-for-all games of four players");
        }
    }
    let period = seatings_per_opening(&variant);
    setup.games = setup.games.div_ceil(period) * period;
    play_match(args, &setup, &variant)
}

/// Every seating of two and two around a table of four.
const FFA_SEATINGS: [[usize; 4]; 6] = [
    [0, 1, 0, 1],
    [1, 0, 1, 0],
    [0, 0, 1, 1],
    [1, 1, 0, 0],
    [0, 1, 1, 0],
    [1, 0, 0, 1],
];

/// How many games one opening is played for: both sides with two teams,
/// the six seatings in a four-player free-for-all.
fn seatings_per_opening(variant: &AnyVariant) -> usize {
    if variant.free_for_all() {
        FFA_SEATINGS.len()
    } else {
        2
    }
}

/// Which engine (0: the first) plays each seat in game `g`. The first
/// engine has the first seat's team in even games of two teams.
fn seating(variant: &AnyVariant, g: usize) -> Vec<usize> {
    if variant.free_for_all() {
        return FFA_SEATINGS[g % FFA_SEATINGS.len()].to_vec();
    }
    let first_team = variant.team(Seat(0));
    (0..variant.seat_count())
        .map(|s| usize::from(variant.team(Seat(s)) != first_team) ^ (g % 2))
        .collect()
}

/// Set up the players and openings and play the match.
fn play_match(args: &Args, setup: &Setup, variant: &AnyVariant) -> Result<()> {
    // Two engines; with four seats a second instance of each.
    let mut players = Vec::new();
    for _ in 0..variant.seat_count() / 2 {
        for spec in &setup.engines {
            // Each of our players draws its own noise, replayable from --seed.
            let seed = args.seed ^ (players.len() as u64 + 1).wrapping_mul(0x9E37_79B9);
            players.push(player_for(spec, variant, seed)?);
        }
    }
    let pairs = setup.games / seatings_per_opening(variant);
    let openings = openings_for(args, variant, pairs)?;
    let pgn = args.pgn.as_ref().map(PgnSink::create).transpose()?;
    let mut runner = Runner {
        setup,
        variant,
        names: display_names(&players),
        players,
        pgn,
        tally: Tally::default(),
        endings: Vec::new(),
    };
    runner.run(&openings)
}

fn player_for(spec: &EngineSpec, variant: &AnyVariant, seed: u64) -> Result<Box<dyn Player>> {
    Ok(match &spec.kind {
        EngineKind::Level(level) => {
            let name = spec
                .name
                .clone()
                .unwrap_or_else(|| format!("tetrarch-level{level}"));
            let mut player = Internal::new(variant, *level, name, seed);
            if let Some(path) = &spec.weights {
                player.use_weights(path)?;
            }
            Box::new(player)
        }
        EngineKind::Command { path, options } => Box::new(uci_engine::UciEngine::start(
            path,
            options,
            spec.name.as_deref(),
            variant,
        )?),
    })
}

/// The players' names, made distinct when they are the same.
fn display_names(players: &[Box<dyn Player>]) -> [String; 2] {
    let (a, b) = (players[0].name(), players[1].name());
    if a == b {
        [format!("{a} #1"), format!("{b} #2")]
    } else {
        [a.to_string(), b.to_string()]
    }
}

fn openings_for(args: &Args, variant: &AnyVariant, pairs: usize) -> Result<Vec<AnyGame>> {
    match &args.openings {
        Some(path) => openings::read(path, variant),
        None => {
            let plies = args
                .random_plies
                .unwrap_or_else(|| openings::default_plies(variant));
            openings::random(variant, pairs, plies, args.seed)
        }
    }
}

/// Where games are written as they finish.
struct PgnSink {
    path: PathBuf,
    file: std::fs::File,
}

impl PgnSink {
    fn create(path: &PathBuf) -> Result<PgnSink> {
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        Ok(PgnSink {
            path: path.clone(),
            file,
        })
    }

    fn write(&mut self, text: &str) -> Result<()> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.flush())
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}

/// A match in progress.
struct Runner<'a> {
    setup: &'a Setup,
    variant: &'a AnyVariant,
    /// The first engine, the second, then (four seats) their second instances.
    players: Vec<Box<dyn Player>>,
    names: [String; 2],
    pgn: Option<PgnSink>,
    tally: Tally,
    /// How games ended, with counts.
    endings: Vec<(String, u32)>,
}

impl Runner<'_> {
    fn run(&mut self, openings: &[AnyGame]) -> Result<()> {
        let games = self.setup.games;
        println!(
            "match: {} vs {}, {}, {games} games",
            self.names[0],
            self.names[1],
            self.variant.name()
        );
        let bar = options::progress(games as u64, "match");
        let mut stopped = None;
        let period = seatings_per_opening(self.variant);
        for g in 0..games {
            let mut start = openings[(g / period) % openings.len()].clone();
            // Each game's dice, replayable from --seed.
            start.set_seed(self.setup.seed ^ (g as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
            // A die due where the game starts (a turn that begins with a
            // roll) is the game's, before any engine is asked.
            start.roll_due()?;
            self.game(g, start, &bar)?;
            if (g + 1) % period == 0
                && let Some(decision) = self.sprt_decision()
            {
                stopped = Some((decision, g + 1));
                break;
            }
        }
        bar.finish_and_clear();
        self.report(stopped);
        Ok(())
    }

    /// Play game `g` (the first engine is white, or has Red's team, in even
    /// games), count it, write it and announce it.
    fn game(&mut self, g: usize, start: AnyGame, bar: &ProgressBar) -> Result<()> {
        let engines = seating(self.variant, g);
        let (game, verdict) = {
            // The k-th seat of an engine gets its k-th instance.
            let mut slots: Vec<Option<&mut Box<dyn Player>>> =
                self.players.iter_mut().map(Some).collect();
            let mut used = [0usize; 2];
            let mut seats: Vec<&mut dyn Player> = Vec::with_capacity(engines.len());
            for &e in &engines {
                let slot = slots[e + 2 * used[e]]
                    .take()
                    .expect("one seat per instance");
                used[e] += 1;
                seats.push(slot.as_mut());
            }
            play::play(start, &mut seats, &self.setup.rules)
        };
        let points = first_engine_points(&verdict, &engines);
        self.tally.add(points);
        self.count_ending(&verdict);
        let names: Vec<&str> = engines.iter().map(|&e| self.names[e].as_str()).collect();
        if let Some(sink) = self.pgn.as_mut() {
            let header = pgn_out::Header {
                event: "tetrarch match",
                round: g + 1,
                names: &names,
            };
            sink.write(&pgn_out::game_text(&game, &header, &verdict))?;
        }
        let line = format!(
            "game {}: {} {} ({}, {} plies)",
            g + 1,
            self.table(&names),
            verdict.result(self.variant),
            verdict.detail,
            game.ply()
        );
        self.announce(bar, &line);
        Ok(())
    }

    /// Who sat where: `a - b` with two seats; `red a, blue b, ...:` with more.
    fn table(&self, names: &[&str]) -> String {
        if let [white, black] = names {
            return format!("{white} - {black}");
        }
        let seats: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(s, n)| format!("{} {n}", self.variant.seat_name(Seat(s as u8))))
            .collect();
        format!("{}:", seats.join(", "))
    }

    /// Print a finished game's line above the progress bar and advance it.
    fn announce(&self, bar: &ProgressBar, line: &str) {
        bar.suspend(|| println!("{line}"));
        bar.inc(1);
        bar.set_message(self.running_score());
    }

    fn running_score(&self) -> String {
        let t = &self.tally;
        format!(
            "{} +{} ={} -{} ({:.1}%)",
            self.names[0],
            t.wins,
            t.draws,
            t.losses,
            t.score() * 100.0
        )
    }

    fn count_ending(&mut self, verdict: &Verdict) {
        let kind = match verdict.termination {
            "normal" | "adjudication" => verdict.detail.clone(),
            other => other.to_string(),
        };
        match self.endings.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => self.endings.push((kind, 1)),
        }
    }

    fn sprt_decision(&self) -> Option<Decision> {
        let sprt = self.setup.sprt?;
        let d = sprt.decide(self.tally.llr(&sprt));
        (d != Decision::Continue).then_some(d)
    }

    fn report(&self, stopped: Option<(Decision, usize)>) {
        let t = &self.tally;
        println!(
            "score of {} vs {}: {} wins, {} draws, {} losses in {} games: {:.1}%",
            self.names[0],
            self.names[1],
            t.wins,
            t.draws,
            t.losses,
            t.games(),
            t.score() * 100.0
        );
        println!(
            "elo difference: {} (95%), interval {}",
            stats::format_elo(t.elo()),
            stats::format_interval(t.elo_interval())
        );
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        println!("endings: {}", endings.join(", "));
        if let Some(sprt) = self.setup.sprt {
            self.report_sprt(&sprt, stopped);
        }
    }

    fn report_sprt(&self, sprt: &Sprt, stopped: Option<(Decision, usize)>) {
        let llr = self.tally.llr(sprt);
        let (lower, upper) = sprt.bounds();
        let decision = match sprt.decide(llr) {
            Decision::H0 => "accept H0",
            Decision::H1 => "accept H1",
            Decision::Continue => "continue",
        };
        let early = stopped.map_or(String::new(), |(_, n)| {
            format!(" (stopped after {n} games)")
        });
        println!(
            "sprt: elo0 {} elo1 {} alpha {} beta {}: llr {llr:.2} bounds [{lower:.2}, {upper:.2}]: {decision}{early}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        );
    }
}

/// What the first engine scored in a game where `engines[s]` played seat
/// `s`: the winning seat's engine scores 1, the engine of a seat that
/// faulted 0.
fn first_engine_points(verdict: &Verdict, engines: &[usize]) -> f64 {
    if let Some(f) = verdict.faulted {
        return if engines[f.idx()] == 0 { 0.0 } else { 1.0 };
    }
    match verdict.winner {
        None => 0.5,
        Some(w) if engines[w.idx()] == 0 => 1.0,
        Some(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings() {
        let chess = AnyVariant::builtin("chess").unwrap();
        assert_eq!(seating(&chess, 0), [0, 1]);
        assert_eq!(seating(&chess, 1), [1, 0]);
        assert_eq!(seatings_per_opening(&chess), 2);
        let teams = AnyVariant::builtin("fourway-teams").unwrap();
        assert_eq!(seating(&teams, 0), [0, 1, 0, 1]);
        assert_eq!(seating(&teams, 1), [1, 0, 1, 0]);
        assert_eq!(seatings_per_opening(&teams), 2);
        let ffa = AnyVariant::builtin("fourway-ffa").unwrap();
        assert_eq!(seatings_per_opening(&ffa), 6);
        // Every seat is played by each engine in three seatings of six.
        for s in 0..4 {
            let firsts = (0..6).filter(|&g| seating(&ffa, g)[s] == 0).count();
            assert_eq!(firsts, 3);
        }
    }
}
