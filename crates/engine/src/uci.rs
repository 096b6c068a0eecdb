//! The UCI protocol, for GUIs and match runners (cutechess, fastchess).
//!
//! [`run`] reads commands line by line and answers on the writer. The
//! search runs on a background thread, so `stop`, `isready` and `quit` are
//! answered while it thinks. Input errors are reported as
//! `info string error: ...` and never end the loop. A `position` command
//! whose FEN is bad leaves the position as it was; one with an illegal move
//! keeps the moves before it.
//!
//! Options: `UCI_Variant` (every built-in variant), `Hash`, `Threads`
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

use crate::search::{FfaStrategy, Info, Limits, MAX_LEVEL, Score, Searcher, level_for_elo};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::variant::{Variant, WithWidth, builtin_names};
use tetrarch_rules::{HasSliders, MoveKind, Position};

/// Default transposition table size in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest accepted `Hash`.
pub const MAX_HASH_MB: usize = 65_536;
/// Most search threads.
pub const MAX_THREADS: usize = 256;
/// Largest accepted `MultiPV`.
pub const MAX_MULTIPV: usize = 256;
const MIN_ELO: u32 = 800;
const MAX_ELO: u32 = 2400;

/// A game of one variant at its bitboard width, behind an object-safe face.
trait Session: Send {
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn go(&mut self, limits: &Limits, report: &mut dyn FnMut(String)) -> String;
    fn perft(&self, depth: u32) -> (Vec<String>, u64);
    fn board(&self) -> String;
    fn set_hash(&mut self, mb: usize);
    fn clear(&mut self);
    fn configure(&mut self, config: &Config);
    fn stop_flag(&self) -> Arc<AtomicBool>;
}

/// The search settings the options choose.
#[derive(Clone, Copy, Debug)]
struct Config {
    multipv: usize,
    level: u8,
    ffa: FfaStrategy,
    threads: usize,
    /// Seed of the level noise; `None` seeds from the clock.
    seed: Option<u64>,
}

struct Game<B: HasSliders> {
    variant: Variant,
    pos: Position<B>,
    history: Vec<u64>,
    searcher: Searcher<Position<B>>,
    /// The seed last given to the searcher.
    seed: Option<u64>,
}

struct NewSession(usize);

impl WithWidth for NewSession {
    type Output = Box<dyn Session>;
    fn run<B: HasSliders>(self, v: &Variant) -> Box<dyn Session> {
        Box::new(Game::<B> {
            variant: v.clone(),
            pos: Position::<B>::start(v),
            history: Vec::new(),
            searcher: Searcher::new(v, self.0),
            seed: None,
        })
    }
}

/// A line of moves in UCI notation, stopping at the first move that is not
/// legal. With more than two seats, a move of a seat that is not to move
/// (best-reply search skips the opponents that do not reply) is preceded by
/// `0000` for each skipped turn.
fn line<B: HasSliders>(pos: &Position<B>, pv: &[tetrarch_rules::Move]) -> String {
    let mut p = pos.clone();
    let mut words = Vec::new();
    let seats = pos.variant().seat_count();
    for &m in pv {
        if !p.is_legal(m) {
            let Some(owner) = p.piece_at(m.from()).map(|x| x.seat) else {
                break;
            };
            if seats <= 2 || m.kind() == MoveKind::Pass {
                break;
            }
            let mut q = p.clone();
            let mut skipped = 0;
            while q.turn() != owner && skipped < seats {
                q.play_unchecked(tetrarch_rules::Move::new(0, 0, MoveKind::Pass));
                skipped += 1;
            }
            if !q.is_legal(m) {
                break;
            }
            words.extend((0..skipped).map(|_| "0000".to_string()));
            p = q;
        }
        words.push(UciMove::from_move(&p, m).to_string());
        p.play_unchecked(m);
    }
    words.join(" ")
}

/// An `info` line.
fn info_line(info: &Info, pv: &str) -> String {
    let ms = info.time.as_millis().max(1) as u64;
    let score = match info.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {} pv {pv}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nodes * 1000 / ms,
        info.hashfull,
        info.time.as_millis(),
    )
}

impl<B: HasSliders> Session for Game<B> {
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let start = match fen {
            None => Position::<B>::start(&self.variant),
            Some(f) => Position::<B>::from_fen(&self.variant, f).map_err(|e| e.to_string())?,
        };
        self.pos = start;
        self.history.clear();
        for (i, word) in moves.iter().enumerate() {
            let m = word
                .parse::<UciMove>()
                .and_then(|u| u.to_move(&self.pos))
                .map_err(|e| format!("move {} ('{word}'): {e}", i + 1))?;
            self.history.push(self.pos.hash());
            self.pos.play_unchecked(m);
        }
        Ok(())
    }

    fn go(&mut self, limits: &Limits, report: &mut dyn FnMut(String)) -> String {
        let Game {
            pos,
            history,
            searcher,
            ..
        } = self;
        let result = searcher.search(pos, history, limits, &mut |info: &Info| {
            report(info_line(info, &line(pos, &info.pv)));
        });
        match result.best {
            Some(m) => format!("bestmove {}", UciMove::from_move(pos, m)),
            None => "bestmove (none)".to_string(),
        }
    }

    fn perft(&self, depth: u32) -> (Vec<String>, u64) {
        let split = tetrarch_rules::divide(&self.pos, depth.max(1));
        let total = if depth == 0 {
            1
        } else {
            split.iter().map(|x| x.1).sum()
        };
        let lines = split
            .iter()
            .map(|(m, n)| format!("{}: {n}", UciMove::from_move(&self.pos, *m)))
            .collect();
        (lines, total)
    }

    fn board(&self) -> String {
        self.pos.to_string()
    }

    fn set_hash(&mut self, mb: usize) {
        self.searcher.set_hash(mb);
    }

    fn clear(&mut self) {
        self.searcher.clear();
        if let Some(seed) = self.seed {
            self.searcher.seed(seed);
        }
    }

    fn configure(&mut self, c: &Config) {
        self.searcher.multipv = c.multipv;
        self.searcher.level = c.level;
        self.searcher.ffa_strategy = c.ffa;
        self.searcher.threads = c.threads;
        if c.seed != self.seed {
            self.seed = c.seed;
            if let Some(seed) = c.seed {
                self.searcher.seed(seed);
            }
        }
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }
}

/// Names of the built-in variants for two players.
pub fn two_player_variants() -> Vec<&'static str> {
    builtin_names()
        .filter(|n| Variant::builtin(n).is_ok_and(|v| v.seat_count() == 2))
        .collect()
}

/// Names of the built-in variants for more than two players (played with
/// the extension of `docs/protocol.md`).
pub fn four_player_variants() -> Vec<&'static str> {
    builtin_names()
        .filter(|n| Variant::builtin(n).is_ok_and(|v| v.seat_count() > 2))
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
    Idle(Box<dyn Session>),
    Busy {
        handle: JoinHandle<Box<dyn Session>>,
        infinite: bool,
    },
    /// Only while a search thread failed; rebuilt on next use.
    Empty,
}

struct Engine<W: Write + Send + 'static> {
    out: Out<W>,
    slot: Slot,
    stop: Arc<AtomicBool>,
    variant: String,
    chess960: bool,
    hash: usize,
    multipv: usize,
    limit_strength: bool,
    elo: u32,
    level: u8,
    ffa: FfaStrategy,
    threads: usize,
    seed: Option<u64>,
    /// Seats of the current variant.
    seats: u8,
}

impl<W: Write + Send + 'static> Engine<W> {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, msg: &str) {
        self.say(&format!("info string error: {}", msg.replace('\n', " | ")));
    }

    /// The variant actually played: chess960 forms when `UCI_Chess960` is set.
    fn effective_variant(&self) -> Variant {
        let name = if self.chess960 && Variant::builtin(&format!("{}960", self.variant)).is_ok() {
            format!("{}960", self.variant)
        } else {
            self.variant.clone()
        };
        Variant::builtin(&name).unwrap_or_else(|_| Variant::builtin("chess").expect("chess"))
    }

    fn level(&self) -> u8 {
        if self.limit_strength {
            level_for_elo(self.elo)
        } else {
            self.level
        }
    }

    fn config(&self) -> Config {
        Config {
            multipv: self.multipv,
            level: self.level(),
            ffa: self.ffa,
            threads: self.threads,
            seed: self.seed,
        }
    }

    fn fresh_session(&self) -> Box<dyn Session> {
        let mut s = self.effective_variant().with_width(NewSession(self.hash));
        s.configure(&self.config());
        s
    }

    /// Wait for a running search (stopping it first if it is infinite) and
    /// give the idle session.
    fn session(&mut self) -> &mut Box<dyn Session> {
        if let Slot::Busy { infinite, .. } = &self.slot {
            if *infinite {
                self.stop.store(true, Ordering::SeqCst);
            }
            self.join();
        }
        if matches!(self.slot, Slot::Empty) {
            let s = self.fresh_session();
            self.stop = s.stop_flag();
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
        self.stop = s.stop_flag();
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
            "option name UCI_Variant type combo default chess{vars}"
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
        let result: Result<(), String> = match name.as_str() {
            "uci_variant" => {
                let v = value.to_ascii_lowercase();
                if uci_variants().contains(&v.as_str()) {
                    self.variant = v;
                    self.seats = self.effective_variant().seat_count();
                    self.replace_session();
                    Ok(())
                } else {
                    Err(format!(
                        "unknown variant '{value}'; known: {}",
                        uci_variants().join(", ")
                    ))
                }
            }
            "hash" => spin(1, MAX_HASH_MB as u64).map(|mb| {
                self.hash = mb as usize;
                self.session().set_hash(mb as usize);
            }),
            "threads" => spin(1, MAX_THREADS as u64).map(|n| self.threads = n as usize),
            "seed" => spin(0, u64::from(u32::MAX)).map(|n| self.seed = (n != 0).then_some(n)),
            "multipv" => spin(1, MAX_MULTIPV as u64).map(|n| {
                self.multipv = n as usize;
            }),
            "uci_chess960" => check().map(|b| {
                if b != self.chess960 {
                    self.chess960 = b;
                    self.replace_session();
                }
            }),
            "uci_limitstrength" => check().map(|b| self.limit_strength = b),
            "uci_elo" => spin(MIN_ELO as u64, MAX_ELO as u64).map(|e| self.elo = e as u32),
            "level" => spin(1, MAX_LEVEL as u64).map(|l| self.level = l as u8),
            "ffa_search" => FfaStrategy::parse(&value)
                .map(|f| self.ffa = f)
                .ok_or_else(|| {
                    format!("option FFA_Search: '{value}' is not Paranoid or BestReply")
                }),
            _ => Err(format!("unknown option '{name}'")),
        };
        if let Err(e) = result {
            self.error(&e);
        }
        let config = self.config();
        self.session().configure(&config);
    }

    fn position(&mut self, args: &[&str]) {
        let mpos = args.iter().position(|&w| w == "moves");
        let (head, moves) = match mpos {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let four = self.seats > 2;
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            Some(&"fen4") if four && head.len() > 1 => Some(head[1..].join(" ")),
            Some(&"fen4") if !four => {
                return self.error(&format!(
                    "position: fen4 needs a four-player UCI_Variant (now {})",
                    self.variant
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
        let four = self.seats > 2;
        let mut limits = Limits::default();
        let mut perft = None;
        let mut i = 0;
        while i < args.len() {
            let word = args[i];
            let num = |j: usize| -> Result<i64, String> {
                args.get(j)
                    .and_then(|s| s.parse::<i64>().ok())
                    .ok_or_else(|| format!("go: '{word}' needs a number"))
            };
            let ms = |j: usize| num(j).map(|n| Duration::from_millis(n.max(0) as u64));
            let r: Result<(), String> = match word {
                "infinite" => {
                    limits.infinite = true;
                    Ok(())
                }
                "ponder" => Ok(()),
                "depth" => num(i + 1).map(|n| limits.depth = Some(n.clamp(1, 1000) as u32)),
                "nodes" => num(i + 1).map(|n| limits.nodes = Some(n.max(1) as u64)),
                "mate" => num(i + 1).map(|n| limits.depth = Some((2 * n.clamp(1, 100) - 1) as u32)),
                "movetime" => ms(i + 1).map(|d| limits.movetime = Some(d)),
                // Four players: per-seat clocks (`w` is red's, `b` blue's).
                "wtime" | "rtime" | "btime" | "ytime" | "gtime" | "winc" | "rinc" | "binc"
                | "yinc" | "ginc"
                    if four =>
                {
                    let seat = match &word[..1] {
                        "w" | "r" => 0,
                        "b" => 1,
                        "y" => 2,
                        _ => 3,
                    };
                    ms(i + 1).map(|d| {
                        if word.ends_with("time") {
                            limits.seat_time[seat] = Some(d);
                        } else {
                            limits.seat_inc[seat] = Some(d);
                        }
                    })
                }
                "wtime" => ms(i + 1).map(|d| limits.wtime = Some(d)),
                "btime" => ms(i + 1).map(|d| limits.btime = Some(d)),
                "winc" => ms(i + 1).map(|d| limits.winc = Some(d)),
                "binc" => ms(i + 1).map(|d| limits.binc = Some(d)),
                "movestogo" => num(i + 1).map(|n| limits.movestogo = Some(n.clamp(1, 1000) as u32)),
                "perft" => num(i + 1).map(|n| perft = Some(n.clamp(0, 20) as u32)),
                "searchmoves" => Err("go: searchmoves is not supported".into()),
                other => Err(format!("go: unknown parameter '{other}'")),
            };
            if let Err(e) = r {
                return self.error(&e);
            }
            i += if matches!(word, "infinite" | "ponder") {
                1
            } else {
                2
            };
        }
        if let Some(d) = perft {
            let (lines, total) = self.session().perft(d);
            for l in lines {
                self.say(&l);
            }
            self.say("");
            self.say(&format!("Nodes searched: {total}"));
            return;
        }
        self.session();
        let Slot::Idle(mut session) = std::mem::replace(&mut self.slot, Slot::Empty) else {
            unreachable!("session() leaves the slot idle");
        };
        self.stop = session.stop_flag();
        self.stop.store(false, Ordering::SeqCst);
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
            "ucinewgame" => {
                self.session().clear();
            }
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
                let b = self.session().board();
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
    let mut engine = Engine {
        out: out.clone(),
        slot: Slot::Empty,
        stop: Arc::new(AtomicBool::new(false)),
        variant: "chess".to_string(),
        chess960: false,
        hash: DEFAULT_HASH_MB,
        multipv: 1,
        limit_strength: false,
        elo: MAX_ELO,
        level: MAX_LEVEL,
        ffa: FfaStrategy::default(),
        threads: 1,
        seed: None,
        seats: 2,
    };
    engine.session();
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                engine.error("input is not UTF-8");
                continue;
            }
            Err(e) => return Err(e),
        };
        if !engine.command(line.trim()) {
            break;
        }
    }
    engine.session();
    drop(engine);
    let mutex = Arc::try_unwrap(out).map_err(|_| io::Error::other("output still shared"))?;
    Ok(mutex.into_inner().unwrap_or_else(|e| e.into_inner()))
}
