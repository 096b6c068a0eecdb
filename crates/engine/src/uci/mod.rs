//! The UCI protocol, for GUIs and match runners (cutechess, fastchess).
//!
//! [`run`] reads commands line by line and answers on the writer. The
//! search runs on a background thread, so `stop`, `isready` and `quit` are
//! answered while it thinks. Input errors are reported as
//! `info string error: ...` and never end the loop. A `position` command
//! whose FEN is bad leaves the position as it was; one with an illegal move
//! keeps the moves before it.
//!
//! Options: `UCI_Variant` (every built-in variant), `Nations` (a line-up
//! of European Chess: one nation id per seat, comma separated), `Hash`, `Threads`
//! (Lazy SMP at full strength), `MultiPV`, `UCI_Chess960`,
//! `UCI_LimitStrength`, `UCI_Elo`, `Level` (1-8), `Seed` (of the level
//! noise; 0, the default, seeds from the clock; `ucinewgame` restarts the
//! sequence) and `FFA_Search` (`Paranoid` or `BestReply`, for free-for-all
//! games).
//!
//! Four-player variants use the small extension documented in
//! `docs/protocol.md`: `position fen4 <FEN4> [moves ...]`, `go` for the seat
//! to move, per-seat clocks `rtime btime ytime gtime` (and `rinc` ...), and
//! scores from the point of view of the mover's team.
//!
//! ```
//! let input = "uci\nposition startpos moves e2e4\ngo depth 2\n";
//! let out = tetrarch_engine::uci::run(input.as_bytes(), Vec::new()).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("uciok"));
//! assert!(text.lines().any(|l| l.starts_with("bestmove ")));
//! ```

mod go;
mod variant;

pub use variant::{DEFAULT_VARIANT, VariantOptions, variant_options};

use crate::engine::{Engine, Report, Settings};
use crate::search::{FfaStrategy, MAX_LEVEL, Score, level_for_elo};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use tetrarch_rules::{AnyGame, AnyVariant};

/// Default transposition table size in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest accepted `Hash`.
pub const MAX_HASH_MB: usize = 65_536;
/// Most search threads.
pub const MAX_THREADS: usize = 256;
/// Largest accepted `MultiPV`.
pub const MAX_MULTIPV: usize = 256;
const MIN_ELO: u32 = crate::search::LEVEL_ONE_ELO;
const MAX_ELO: u32 = crate::search::FULL_STRENGTH_ELO;

/// A game and the engine that plays it, moved to the search thread and back.
struct Session {
    engine: Engine,
    game: AnyGame,
    /// The seed last given to the engine.
    seed: Option<u64>,
}

impl Session {
    fn new(variant: &AnyVariant, hash_mb: usize) -> Session {
        Session {
            engine: Engine::new(variant, hash_mb),
            game: AnyGame::new(variant),
            seed: None,
        }
    }

    /// Set the position: a start (`None`: the variant's) and moves; on a bad
    /// start nothing changes, on an illegal move the moves before it stay.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let variant = self.engine.variant();
        self.game = AnyGame::from_position(variant, fen).map_err(|e| e.to_string())?;
        for (i, word) in moves.iter().enumerate() {
            self.game
                .play(word)
                .map_err(|e| format!("move {} ('{word}'): {e}", i + 1))?;
        }
        Ok(())
    }

    fn go(&mut self, limits: &crate::search::Limits, report: &mut dyn FnMut(String)) -> String {
        let found = self
            .engine
            .search(&self.game, limits, &mut |r| report(info_line(r)))
            .expect("the session's engine plays its game's variant");
        match found.best {
            Some(m) => format!("bestmove {m}"),
            None => "bestmove (none)".to_string(),
        }
    }

    fn configure(&mut self, settings: Settings, seed: Option<u64>) {
        self.engine.configure(settings);
        if seed != self.seed {
            self.seed = seed;
            if let Some(seed) = seed {
                self.engine.seed(seed);
            }
        }
    }

    fn new_game(&mut self) {
        self.engine.clear();
        if let Some(seed) = self.seed {
            self.engine.seed(seed);
        }
    }
}

/// An `info` line.
fn info_line(r: &Report) -> String {
    let ms = r.time.as_millis().max(1) as u64;
    let score = match r.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        r.nodes,
        r.nodes * 1000 / ms,
        r.hashfull,
        r.time.as_millis(),
        r.pv.join(" "),
    )
}

/// Names of the built-in variants for two players.
pub fn two_player_variants() -> Vec<&'static str> {
    AnyVariant::builtin_names()
        .filter(|n| AnyVariant::builtin(n).is_ok_and(|v| v.seat_count() == 2))
        .collect()
}

/// Names of the built-in variants for more than two players (played with
/// the extension of `docs/protocol.md`).
pub fn four_player_variants() -> Vec<&'static str> {
    AnyVariant::builtin_names()
        .filter(|n| AnyVariant::builtin(n).is_ok_and(|v| v.seat_count() > 2))
        .collect()
}

/// Every variant `UCI_Variant` accepts: two-player ones first.
pub fn uci_variants() -> Vec<&'static str> {
    let mut v = two_player_variants();
    v.extend(four_player_variants());
    v
}

type Out<W> = Arc<Mutex<W>>;

fn say<W: Write>(out: &Out<W>, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

enum Slot {
    Idle(Box<Session>),
    Busy {
        handle: JoinHandle<Box<Session>>,
        infinite: bool,
    },
    /// Only while a search thread failed; rebuilt on next use.
    Empty,
}

/// The state of a UCI conversation: options, and the session that is idle
/// or searching.
struct Uci<W: Write + Send + 'static> {
    out: Out<W>,
    slot: Slot,
    stop: Arc<AtomicBool>,
    variant: AnyVariant,
    chess960: bool,
    hash: usize,
    multipv: usize,
    limit_strength: bool,
    elo: u32,
    level: u8,
    ffa: FfaStrategy,
    threads: usize,
    seed: Option<u64>,
}

impl<W: Write + Send + 'static> Uci<W> {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, msg: &str) {
        self.say(&format!("info string error: {}", msg.replace('\n', " | ")));
    }

    /// The variant actually played: with `UCI_Chess960`, its form with
    /// Fischer-random castling, where it has castling to fixed files.
    fn effective_variant(&self) -> AnyVariant {
        match &self.variant {
            AnyVariant::Chess(v) if self.chess960 => v
                .with_fischer_castling()
                .map_or_else(|| self.variant.clone(), AnyVariant::Chess),
            other => other.clone(),
        }
    }

    fn seats(&self) -> u8 {
        self.variant.seat_count()
    }

    fn settings(&self) -> Settings {
        Settings {
            level: if self.limit_strength {
                level_for_elo(self.elo)
            } else {
                self.level
            },
            threads: self.threads,
            multipv: self.multipv,
            ffa: self.ffa,
        }
    }

    fn fresh_session(&self) -> Box<Session> {
        let mut s = Box::new(Session::new(&self.effective_variant(), self.hash));
        s.configure(self.settings(), self.seed);
        s
    }

    /// Wait for a running search (stopping it first if it is infinite) and
    /// give the idle session.
    fn session(&mut self) -> &mut Session {
        if let Slot::Busy { infinite, .. } = &self.slot {
            if *infinite {
                self.stop.store(true, Ordering::SeqCst);
            }
            self.join();
        }
        if matches!(self.slot, Slot::Empty) {
            let s = self.fresh_session();
            self.stop = s.engine.stop_flag();
            self.slot = Slot::Idle(s);
        }
        match &mut self.slot {
            Slot::Idle(s) => s,
            _ => unreachable!("joined above"),
        }
    }

    fn join(&mut self) {
        if let Slot::Busy { handle, .. } = std::mem::replace(&mut self.slot, Slot::Empty) {
            match handle.join() {
                Ok(s) => self.slot = Slot::Idle(s),
                Err(_) => self.error("search thread failed; state reset"),
            }
        }
    }

    fn replace_session(&mut self) {
        self.session();
        let s = self.fresh_session();
        self.stop = s.engine.stop_flag();
        self.slot = Slot::Idle(s);
    }

    fn uci(&self) {
        self.say(&format!("id name Tetrarch {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Tetrarch authors");
        let vars = uci_variants()
            .iter()
            .map(|v| format!(" var {v}"))
            .collect::<String>();
        self.say(&format!(
            "option name UCI_Variant type combo default {DEFAULT_VARIANT}{vars}"
        ));
        self.say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say("option name UCI_Chess960 type check default false");
        self.say("option name Nations type string default <empty>");
        self.say("option name UCI_LimitStrength type check default false");
        self.say(&format!(
            "option name UCI_Elo type spin default {MAX_ELO} min {MIN_ELO} max {MAX_ELO}"
        ));
        self.say(&format!(
            "option name Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"
        ));
        self.say(&format!(
            "option name Seed type spin default 0 min 0 max {}",
            u32::MAX
        ));
        self.say(&format!(
            "option name FFA_Search type combo default {} var {} var {}",
            FfaStrategy::default().name(),
            FfaStrategy::Paranoid.name(),
            FfaStrategy::BestReply.name()
        ));
        self.say("uciok");
    }

    fn setoption(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            return self.error("setoption: expected 'name'");
        }
        let vpos = args.iter().position(|&w| w == "value");
        let name = args[1..vpos.unwrap_or(args.len())]
            .join(" ")
            .to_ascii_lowercase();
        let value = vpos.map(|i| args[i + 1..].join(" ")).unwrap_or_default();
        if let Err(e) = self.set(&name, &value) {
            self.error(&e);
        }
        let (settings, seed) = (self.settings(), self.seed);
        self.session().configure(settings, seed);
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let spin = |lo: u64, hi: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| format!("option {name}: '{value}' is not a number {lo} to {hi}"))
        };
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("option {name}: '{value}' is not true or false")),
            }
        };
        match name {
            "uci_variant" => {
                let v = value.to_ascii_lowercase();
                if !uci_variants().contains(&v.as_str()) {
                    return Err(format!(
                        "unknown variant '{value}'; known: {}",
                        uci_variants().join(", ")
                    ));
                }
                self.variant = AnyVariant::builtin(&v).map_err(|e| e.to_string())?;
                self.replace_session();
            }
            "nations" => {
                // A line-up of the current variant's built-in base; empty
                // (or `<empty>`) plays the base again.
                let base = AnyVariant::builtin(self.variant.name()).map_err(|e| e.to_string())?;
                let ids = value.trim();
                self.variant = if ids.is_empty() || ids == "<empty>" {
                    base
                } else {
                    base.with_lineup(ids)
                        .map_err(|e| format!("option Nations: {e}"))?
                };
                self.replace_session();
            }
            "hash" => {
                let mb = spin(1, MAX_HASH_MB as u64)? as usize;
                self.hash = mb;
                self.session().engine.set_hash(mb);
            }
            "threads" => self.threads = spin(1, MAX_THREADS as u64)? as usize,
            "seed" => self.seed = Some(spin(0, u64::from(u32::MAX))?).filter(|&n| n != 0),
            "multipv" => self.multipv = spin(1, MAX_MULTIPV as u64)? as usize,
            "uci_chess960" => {
                let b = check()?;
                if b != self.chess960 {
                    self.chess960 = b;
                    self.replace_session();
                }
            }
            "uci_limitstrength" => self.limit_strength = check()?,
            "uci_elo" => self.elo = spin(u64::from(MIN_ELO), u64::from(MAX_ELO))? as u32,
            "level" => self.level = spin(1, u64::from(MAX_LEVEL))? as u8,
            "ffa_search" => {
                self.ffa = FfaStrategy::parse(value).ok_or_else(|| {
                    format!("option FFA_Search: '{value}' is not Paranoid or BestReply")
                })?;
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn position(&mut self, args: &[&str]) {
        let mpos = args.iter().position(|&w| w == "moves");
        let (head, moves) = match mpos {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let four = self.seats() > 2;
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            Some(&"fen4") if four && head.len() > 1 => Some(head[1..].join(" ")),
            Some(&"fen4") if !four => {
                return self.error(&format!(
                    "position: fen4 needs a four-player UCI_Variant (now {})",
                    self.variant.name()
                ));
            }
            _ if four => return self.error("position: expected 'startpos' or 'fen4 <FEN4>'"),
            _ => return self.error("position: expected 'startpos' or 'fen <FEN>'"),
        };
        if let Err(e) = self.session().set_position(fen.as_deref(), moves) {
            self.error(&format!("position: {e}"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        let go = go::parse(args, self.seats());
        for skipped in &go.skipped {
            self.error(&format!("go: {skipped}; ignored"));
        }
        if let Some(d) = go.perft {
            let game = &self.session().game;
            let split = game.divide(d.max(1));
            let total = if d == 0 {
                1
            } else {
                split.iter().map(|x| x.1).sum()
            };
            for (m, n) in split {
                self.say(&format!("{m}: {n}"));
            }
            self.say("");
            self.say(&format!("Nodes searched: {total}"));
            return;
        }
        self.session();
        let Slot::Idle(mut session) = std::mem::replace(&mut self.slot, Slot::Empty) else {
            unreachable!("session() leaves the slot idle");
        };
        self.stop = session.engine.stop_flag();
        self.stop.store(false, Ordering::SeqCst);
        let limits = go.limits;
        let (out, stop, infinite) = (self.out.clone(), self.stop.clone(), limits.infinite);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let best = session.go(&limits, &mut |line| say(&out, &line));
                if infinite {
                    // UCI: no bestmove before `stop` in infinite mode.
                    while !stop.load(Ordering::SeqCst) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                }
                say(&out, &best);
                session
            });
        match spawned {
            Ok(handle) => self.slot = Slot::Busy { handle, infinite },
            Err(e) => self.error(&format!("cannot start the search thread: {e}")),
        }
    }

    /// Handle one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return true;
        };
        match cmd {
            "uci" => self.uci(),
            "isready" => self.say("readyok"),
            "ucinewgame" => self.session().new_game(),
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => {
                self.stop.store(true, Ordering::SeqCst);
                self.join();
                self.session();
            }
            "ponderhit" => {}
            "d" => {
                let b = self.session().game.board_text();
                for l in b.lines() {
                    self.say(l);
                }
            }
            "quit" => {
                self.stop.store(true, Ordering::SeqCst);
                self.join();
                return false;
            }
            other => self.error(&format!("unknown command '{other}'")),
        }
        true
    }
}

/// Run the UCI loop until `quit` or the end of `input`, then give back the
/// writer. At the end of input a running search is waited for (stopped
/// first if it is infinite), so its `bestmove` is written.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<W> {
    let out = Arc::new(Mutex::new(output));
    let mut uci = Uci {
        out: out.clone(),
        slot: Slot::Empty,
        stop: Arc::new(AtomicBool::new(false)),
        variant: AnyVariant::builtin(DEFAULT_VARIANT).expect("the default variant is built in"),
        chess960: false,
        hash: DEFAULT_HASH_MB,
        multipv: 1,
        limit_strength: false,
        elo: MAX_ELO,
        level: MAX_LEVEL,
        ffa: FfaStrategy::default(),
        threads: 1,
        seed: None,
    };
    uci.session();
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                uci.error("input is not UTF-8");
                continue;
            }
            Err(e) => return Err(e),
        };
        if !uci.command(line.trim()) {
            break;
        }
    }
    uci.session();
    drop(uci);
    let mutex = Arc::try_unwrap(out).map_err(|_| io::Error::other("output still shared"))?;
    Ok(mutex.into_inner().unwrap_or_else(|e| e.into_inner()))
}
