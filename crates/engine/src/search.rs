//! Iterative deepening principal-variation search with a transposition
//! table, quiescence, null move, late move reductions, killers, history,
//! check extensions, mate distance and repetition.
//!
//! **Sides.** The search is a negamax over two sides. With two seats the
//! sides are the seats. In team games of more than two seats (two teams,
//! such as `fourway-teams` and `fourway-original`) a side is a team: scores
//! are from the point of view of the mover's team, and a child's score is
//! negated only when its mover is on the other team (under the Original
//! rules a team can move twice in a row after a removal; a combined army
//! moves as one side). In a free-for-all (more than two teams) the sides are
//! the root seat against all the others, searched by the [`FfaStrategy`]:
//! paranoid (every opponent moves in turn and minimises the root's score) or
//! best-reply (at the opponents' layer only the single best move of any one
//! opponent is searched, the others skip their turn).
//!
//! Null-move pruning is tried only where the pass hands the move to the
//! other side, and with more than two seats only in variants without check
//! (Regicide): in self-play at 4000 nodes a move it scored 52% (teams) and
//! 53% (free-for-all) there, but 40% under the Original rules.
//!
//! Terminal positions of games of more than two seats come from the kernel's
//! teams: a team wins when no opposing seat has a royal piece left; in a
//! free-for-all the root loses the moment its royal piece is gone and wins
//! when it is the last seat with one.

use crate::eval::Eval;
use crate::tt::{Bound, Entry, Table};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tetrarch_rules::piece::MAX_SEATS;
use tetrarch_rules::variant::{StalemateRule, Variant};
use tetrarch_rules::{HasSliders, Move, MoveKind, MoveList, Position, Seat};

/// Score of a mate on the board (minus the plies to it).
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// More than any score.
pub const INF: i32 = 31_000;
/// Deepest ply the search reaches, quiescence included.
pub const MAX_PLY: usize = 96;
/// Strongest level.
pub const MAX_LEVEL: u8 = 8;
/// Largest static evaluation (well inside the mate scores).
const EVAL_MAX: i32 = 20_000;
/// Ordering value of a captured royal piece in games of more than two seats,
/// where kings can be taken: above every other victim.
const ROYAL_VICTIM: i32 = 5_000;
/// Transposition keys of free-for-all searches depend on the root seat and
/// the strategy (scores are the root's): mixed into the position's hash.
const FFA_SALT: [u64; MAX_SEATS] = [
    0x6A09_E667_F3BC_C908,
    0xBB67_AE85_84CA_A73B,
    0x3C6E_F372_FE94_F82B,
    0xA54F_F53A_5F1D_36F1,
];
const BRS_SALT: u64 = 0x510E_527F_ADE6_82D1;
const PASS: Move = Move::new(0, 0, MoveKind::Pass);

/// How a free-for-all (more than two teams) is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FfaStrategy {
    /// Paranoid: the root seat maximises its score, every other seat in turn
    /// minimises it.
    Paranoid,
    /// Best-reply search (Schadd and Winands): the root's moves alternate
    /// with one layer where the single best move of any opponent is
    /// searched, the other opponents skipping their turn.
    #[default]
    BestReply,
}

impl FfaStrategy {
    /// The name used by the UCI option `FFA_Search`.
    pub fn name(self) -> &'static str {
        match self {
            FfaStrategy::Paranoid => "Paranoid",
            FfaStrategy::BestReply => "BestReply",
        }
    }

    /// Read a name (any case; `brs` and `best-reply` too).
    pub fn parse(s: &str) -> Option<FfaStrategy> {
        match s.to_ascii_lowercase().as_str() {
            "paranoid" => Some(FfaStrategy::Paranoid),
            "bestreply" | "best-reply" | "best_reply" | "brs" => Some(FfaStrategy::BestReply),
            _ => None,
        }
    }
}

/// When to stop searching. Unset fields do not limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Plies of iterative deepening.
    pub depth: Option<u32>,
    /// Nodes (search and quiescence).
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// Clock of the first seat (white).
    pub wtime: Option<Duration>,
    /// Clock of the second seat (black).
    pub btime: Option<Duration>,
    /// Increment of the first seat.
    pub winc: Option<Duration>,
    /// Increment of the second seat.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Games of more than two seats: each seat's clock (seat order), used
    /// instead of `wtime`/`btime` when the mover's is set.
    pub seat_time: [Option<Duration>; MAX_SEATS],
    /// Games of more than two seats: each seat's increment.
    pub seat_inc: [Option<Duration>; MAX_SEATS],
    /// Search until stopped.
    pub infinite: bool,
}

/// A score for people: centipawns or moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, positive when the side to move is better.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move gets mated).
    Mate(i32),
}

impl Score {
    /// Convert an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }

    /// Convert an internal score where the side to move moves once every
    /// `cycle` plies (2 with two sides taking turns; the number of seats in
    /// a paranoid free-for-all search): mates count the side's own moves.
    pub fn from_internal_cycle(s: i32, cycle: i32) -> Score {
        let cycle = cycle.max(1);
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + cycle - 1) / cycle)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s + cycle - 1) / cycle)
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// Progress of a search, sent after each completed iteration and line.
#[derive(Clone, Debug)]
pub struct Info {
    /// Nominal depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Line number, from 1.
    pub multipv: usize,
    /// Score of the line.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// Transposition table use, permille.
    pub hashfull: u32,
    /// The line.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<Move>,
    /// Its internal score.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// Depth limit and root score noise (centipawns) of each level 1..=8.
const LEVELS: [(u32, i32); 8] = [
    (1, 150),
    (2, 100),
    (3, 70),
    (4, 45),
    (5, 25),
    (7, 12),
    (9, 5),
    (u32::MAX, 0),
];

/// The level (1..=8) that plays at about `elo`, for `UCI_Elo`.
pub fn level_for_elo(elo: u32) -> u8 {
    (1 + elo.saturating_sub(800) * 7 / 1600).clamp(1, MAX_LEVEL as u32) as u8
}

#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    score: i32,
    exact: bool,
    pv: [Move; MAX_PLY],
    pv_len: usize,
}

/// A searcher for positions of one variant at bitboard width `B`.
///
/// ```
/// use tetrarch_engine::search::{Limits, Searcher};
/// use tetrarch_rules::{Position, Variant};
/// let chess = Variant::builtin("chess").unwrap();
/// let mut s = Searcher::<u64>::new(&chess, 1);
/// let pos = Position::<u64>::from_fen(&chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let r = s.search(&pos, &[], &limits, &mut |_| {});
/// assert_eq!(r.best.map(|m| (m.from(), m.to())), Some((0, 56))); // Ra8#
/// ```
pub struct Searcher<B: HasSliders> {
    eval: Eval,
    tt: Table,
    stop: Arc<AtomicBool>,
    killers: Box<[[Move; 2]; MAX_PLY]>,
    history: Vec<i32>,
    pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    lmr: Box<[[u8; 64]; 64]>,
    stack: Vec<u64>,
    /// Beside `stack`: whether the side to move was in check there (unknown,
    /// so `false`, for the game history before the root).
    checks: Vec<bool>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    start: Instant,
    hard: Option<Duration>,
    max_nodes: u64,
    root_depth: i32,
    royal_kinds: bool,
    fifty: Option<u16>,
    stalemate: StalemateRule,
    perpetual_check_loses: bool,
    rng: u64,
    /// Number of seats.
    seats: u8,
    /// More than two seats.
    multi: bool,
    /// More than two teams: a free-for-all.
    ffa: bool,
    /// Side of each seat: its team, or in a free-for-all 0 for the root
    /// seat and 1 for the others. Children of another side are negated.
    side_of: [u8; MAX_SEATS],
    /// The seat to move at the root.
    root: Seat,
    /// Best-reply search in this search.
    brs: bool,
    /// Null-move pruning is tried (with more than two seats, only where
    /// the variant has no check: under the Original rules it lost games).
    null_move: bool,
    /// Mixed into transposition keys (free-for-all: root seat, strategy).
    salt: u64,
    /// Lines to report (MultiPV), at least 1.
    pub multipv: usize,
    /// Strength 1..=8; 8 is full strength.
    pub level: u8,
    /// How a free-for-all is searched.
    pub ffa_strategy: FfaStrategy,
    _width: std::marker::PhantomData<B>,
}

impl<B: HasSliders> Searcher<B> {
    /// A searcher for `variant` with a transposition table of `hash_mb` megabytes.
    pub fn new(variant: &Variant, hash_mb: usize) -> Searcher<B> {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.0) as u8;
            }
        }
        let seats = variant.seat_count();
        let mut side_of = [0u8; MAX_SEATS];
        for (s, side) in side_of.iter_mut().enumerate().take(seats as usize) {
            *side = variant.seats[s].team;
        }
        let mut teams: Vec<u8> = variant.seats.iter().map(|s| s.team).collect();
        teams.sort_unstable();
        teams.dedup();
        Searcher {
            eval: Eval::new(variant),
            tt: Table::new(hash_mb),
            stop: Arc::new(AtomicBool::new(false)),
            killers: Box::new([[Move::default(); 2]; MAX_PLY]),
            history: vec![0; MAX_SEATS * 256 * 256],
            pv: Box::new([[Move::default(); MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            lmr,
            stack: Vec::with_capacity(1024),
            checks: Vec::with_capacity(1024),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            start: Instant::now(),
            hard: None,
            max_nodes: u64::MAX,
            root_depth: 1,
            royal_kinds: variant.pieces.iter().any(|p| p.royal),
            fifty: variant.rules.fifty_move,
            stalemate: variant.rules.stalemate,
            perpetual_check_loses: variant.rules.perpetual_check_loses,
            rng: 0x9E37_79B9_7F4A_7C15
                ^ std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64),
            seats,
            multi: seats > 2,
            ffa: teams.len() > 2,
            side_of,
            root: Seat(0),
            brs: false,
            null_move: seats <= 2 || !variant.rules.check,
            salt: 0,
            multipv: 1,
            level: MAX_LEVEL,
            ffa_strategy: FfaStrategy::default(),
            _width: std::marker::PhantomData,
        }
    }

    /// The evaluation tables.
    pub fn eval(&self) -> &Eval {
        &self.eval
    }

    /// Resize the transposition table (clears it).
    pub fn set_hash(&mut self, mb: usize) {
        self.tt = Table::new(mb);
    }

    /// Forget everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        self.killers.fill([Move::default(); 2]);
    }

    /// The flag that stops a running search when set. The search does not
    /// clear it: clear it before starting.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    fn rand(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Search `pos`, whose game went through the positions hashed in
    /// `history` (oldest first, `pos` itself excluded), reporting each
    /// completed iteration to `report`.
    pub fn search(
        &mut self,
        pos: &Position<B>,
        history: &[u64],
        limits: &Limits,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.tt.new_search();
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.killers.fill([Move::default(); 2]);
        self.stack.clear();
        self.stack.reserve(history.len() + MAX_PLY + 2);
        self.stack.extend_from_slice(history);
        self.checks.clear();
        self.checks.resize(history.len(), false);
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX);
        let level = self.level.clamp(1, MAX_LEVEL);
        let (level_depth, noise) = LEVELS[level as usize - 1];
        let (soft, hard) = time_plan(limits, pos.turn());
        self.hard = hard;
        let max_depth = limits
            .depth
            .unwrap_or(u32::MAX)
            .min(level_depth)
            .clamp(1, MAX_PLY as u32 - 16);
        self.root = pos.turn();
        self.brs = false;
        self.salt = 0;
        if self.ffa {
            let root = self.root.idx();
            for (s, side) in self.side_of.iter_mut().enumerate() {
                *side = u8::from(s != root);
            }
            self.brs = self.ffa_strategy == FfaStrategy::BestReply;
            self.salt = FFA_SALT[root] ^ if self.brs { BRS_SALT } else { 0 };
        }

        let legal = if self.multi && pos.teams_decided() {
            // The game is over: no move to play.
            MoveList::new()
        } else {
            pos.legal_moves()
        };
        let mut roots: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                exact: false,
                pv: [Move::default(); MAX_PLY],
                pv_len: 0,
            })
            .collect();
        let mut result = SearchResult {
            best: roots.first().map(|r| r.mv),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if roots.is_empty() {
            return result;
        }
        // Initial order: the usual move ordering.
        {
            let tt_move = self.tt.probe(pos.hash() ^ self.salt).map(|e| e.mv);
            let mut keyed: Vec<(i32, RootMove)> = roots
                .iter()
                .map(|r| (self.order_score(pos, r.mv, tt_move, 0), *r))
                .collect();
            keyed.sort_by_key(|(k, _)| -k);
            roots = keyed.into_iter().map(|(_, r)| r).collect();
        }
        let noise_of: Vec<i32> = (0..roots.len())
            .map(|_| {
                if noise == 0 {
                    0
                } else {
                    (self.rand() % (2 * noise as u64 + 1)) as i32 - noise
                }
            })
            .collect();
        let noise_by_move: Vec<(Move, i32)> = roots.iter().map(|r| r.mv).zip(noise_of).collect();
        let all_exact = noise > 0;
        let lines = self.multipv.clamp(1, roots.len());
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            for line in 0..lines {
                self.search_root(pos, &mut roots[line..], depth as i32, all_exact);
                if self.aborted {
                    break;
                }
            }
            if self.aborted {
                // Keep the last full iteration, unless none finished.
                if result.depth == 0 && roots[0].exact {
                    result.best = Some(roots[0].mv);
                    result.score = roots[0].score;
                }
                break;
            }
            if all_exact {
                roots.sort_by_key(|r| -r.score);
            }
            let best = if noise > 0 {
                let top = roots[0].score;
                *roots
                    .iter()
                    .filter(|r| top < MATE_BOUND || r.score == top)
                    .max_by_key(|r| {
                        r.score
                            + noise_by_move
                                .iter()
                                .find(|(m, _)| *m == r.mv)
                                .map_or(0, |x| x.1)
                    })
                    .expect("a root move")
            } else {
                roots[0]
            };
            result.best = Some(best.mv);
            result.score = best.score;
            result.depth = depth;
            result.pv = best.pv[..best.pv_len].to_vec();
            let elapsed = self.start.elapsed();
            for (i, r) in roots.iter().take(lines).enumerate() {
                report(&Info {
                    depth,
                    seldepth: self.seldepth.max(depth as usize) as u32,
                    multipv: i + 1,
                    score: self.score(r.score),
                    nodes: self.nodes,
                    time: elapsed,
                    hashfull: self.tt.hashfull(),
                    pv: r.pv[..r.pv_len].to_vec(),
                });
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            if !limits.infinite {
                if soft.is_some_and(|s| elapsed > s / 2) {
                    break;
                }
                if limits.depth.is_none()
                    && roots[0].score.abs() >= MATE_BOUND
                    && (MATE - roots[0].score.abs()) < depth as i32
                {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Search the root moves at `depth`, moving the best to the front.
    fn search_root(
        &mut self,
        pos: &Position<B>,
        roots: &mut [RootMove],
        depth: i32,
        all_exact: bool,
    ) {
        let mut alpha = -INF;
        let beta = INF;
        let side = self.side_of[pos.turn().idx()];
        self.push_node(pos.hash(), pos.in_check());
        #[allow(clippy::needless_range_loop)]
        for i in 0..roots.len() {
            let m = roots[i].mv;
            let child = self.make(pos, m);
            let ext = i32::from(child.in_check());
            let nd = depth - 1 + ext;
            let s = if i == 0 || all_exact {
                let a = if all_exact { -INF } else { alpha };
                self.child(side, &child, nd, a, beta, 0, true)
            } else {
                let mut s = self.child(side, &child, nd, alpha, alpha + 1, 0, true);
                if s > alpha && !self.aborted {
                    s = self.child(side, &child, nd, alpha, beta, 0, true);
                }
                s
            };
            if self.aborted {
                break;
            }
            if s > alpha || all_exact || i == 0 {
                roots[i].score = s;
                roots[i].exact = true;
                roots[i].pv[0] = m;
                let n = self.pv_len[1].max(1);
                for p in 1..n {
                    roots[i].pv[p] = self.pv[1][p];
                }
                roots[i].pv_len = n;
                if s > alpha && !all_exact {
                    alpha = s;
                }
            } else {
                roots[i].score = -INF;
                roots[i].exact = false;
            }
        }
        self.pop_node();
        if !self.aborted {
            roots.sort_by_key(|r| -r.score);
        } else if let Some(best) = (0..roots.len())
            .filter(|&i| roots[i].exact && roots[i].score > -INF)
            .max_by_key(|&i| roots[i].score)
        {
            roots[..=best].rotate_right(1);
        }
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let tick = self.nodes & 2047 == 0;
        if self.nodes >= self.max_nodes
            || (tick
                && (self.stop.load(Ordering::Relaxed)
                    || self.hard.is_some_and(|h| self.start.elapsed() >= h)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The score of `child` (reached from a node at `ply` whose mover is on
    /// `side`) from that side's point of view, searched in the window
    /// `(alpha, beta)` of that side: negated only when the child's mover is
    /// on the other side.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        side: u8,
        child: &Position<B>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        if self.side_of[child.turn().idx()] == side {
            self.negamax(child, depth, alpha, beta, ply + 1, null_ok)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply + 1, null_ok)
        }
    }

    /// Quiescence counterpart of [`Searcher::child`].
    #[inline]
    fn qchild(&mut self, side: u8, child: &Position<B>, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.side_of[child.turn().idx()] == side {
            self.qsearch(child, alpha, beta, ply + 1)
        } else {
            -self.qsearch(child, -beta, -alpha, ply + 1)
        }
    }

    /// A score for people, mates counted in the side's own moves.
    pub fn score(&self, s: i32) -> Score {
        if !self.multi {
            return Score::from_internal(s);
        }
        let cycle = if self.ffa && !self.brs {
            self.seats as i32
        } else {
            2
        };
        Score::from_internal_cycle(s, cycle)
    }

    /// Best-reply search: whether `pos` is a node of the root's opponents,
    /// where the moves of all of them are searched as one layer.
    #[inline]
    fn brs_min(&self, pos: &Position<B>) -> bool {
        self.brs && pos.turn() != self.root
    }

    /// `pos` with passes until `seat` is to move (best-reply search skips
    /// the turns of the opponents that do not reply).
    fn pass_until(&self, pos: &mut Position<B>, seat: Seat) {
        for _ in 0..self.seats {
            if pos.turn() == seat {
                return;
            }
            pos.play_unchecked(PASS);
        }
    }

    /// The moves searched at `pos`: its legal moves, or at an opponents'
    /// layer of best-reply search every opponent's legal moves (passes only
    /// when no opponent has anything else).
    fn moves(&self, pos: &Position<B>) -> MoveList {
        if !self.brs_min(pos) {
            return pos.legal_moves();
        }
        let mut list = MoveList::new();
        let mut p = *pos;
        for _ in 0..self.seats {
            if p.turn() == self.root {
                break;
            }
            for &m in p.legal_moves().iter() {
                if m.kind() != MoveKind::Pass {
                    list.push(m);
                }
            }
            p.play_unchecked(PASS);
        }
        if list.is_empty() {
            list.push(PASS);
        }
        list
    }

    /// The position after `m` (one of [`Searcher::moves`]).
    #[inline]
    fn make(&self, pos: &Position<B>, m: Move) -> Position<B> {
        let mut child = *pos;
        if self.brs_min(pos) {
            if m.kind() != MoveKind::Pass
                && let Some(p) = pos.piece_at(m.from())
            {
                self.pass_until(&mut child, p.seat);
                child.play_unchecked(m);
            }
            self.pass_until(&mut child, self.root);
        } else {
            child.play_unchecked(m);
        }
        child
    }

    /// The position after a null move: the side to move passes (at an
    /// opponents' layer of best-reply search, all of them do).
    fn make_null(&self, pos: &Position<B>) -> Position<B> {
        let mut child = *pos;
        if self.brs_min(pos) {
            self.pass_until(&mut child, self.root);
        } else {
            child.play_unchecked(PASS);
        }
        child
    }

    /// Static evaluation from the side to move's point of view.
    #[inline]
    fn evaluate(&self, pos: &Position<B>) -> i32 {
        if !self.multi {
            return self.eval.evaluate(pos);
        }
        let t = self.eval.seat_terms(pos);
        let n = self.seats as usize;
        let us = self.side_of[pos.turn().idx()];
        let v = if self.ffa {
            let root = self.root.idx();
            let others: i32 = (0..n).filter(|&s| s != root).map(|s| t[s]).sum();
            let r = t[root] - others / (n as i32 - 1);
            if us == 0 { r } else { -r }
        } else {
            (0..n)
                .map(|s| if self.side_of[s] == us { t[s] } else { -t[s] })
                .sum()
        };
        (v + 8).clamp(-EVAL_MAX, EVAL_MAX)
    }

    /// Games of more than two seats: the score of a decided position for
    /// the side to move (a free-for-all is decided for the root when its
    /// royal piece is gone or it is the last seat with one).
    #[inline]
    fn multi_terminal(&self, pos: &Position<B>, ply: usize) -> Option<i32> {
        let alive = pos.alive_seats();
        let us = self.side_of[pos.turn().idx()];
        let win = MATE - ply as i32;
        let winner_side = if self.ffa {
            let root = 1u8 << self.root.0;
            if alive == 0 {
                return Some(0);
            } else if alive & root == 0 {
                1
            } else if alive == root {
                0
            } else {
                return None;
            }
        } else {
            if !pos.teams_decided() {
                return None;
            }
            if alive == 0 {
                return Some(0);
            }
            self.side_of[alive.trailing_zeros() as usize]
        };
        Some(if winner_side == us { win } else { -win })
    }

    /// `m` followed by the child's principal variation becomes this ply's.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let len = self.pv_len[ply + 1].max(ply + 1);
        for p in ply + 1..len {
            self.pv[ply][p] = self.pv[ply + 1][p];
        }
        self.pv_len[ply] = len;
    }

    fn push_node(&mut self, key: u64, in_check: bool) {
        self.stack.push(key);
        self.checks.push(in_check);
    }

    fn pop_node(&mut self) {
        self.stack.pop();
        self.checks.pop();
    }

    /// The score of `pos` if it repeats an earlier position with the same
    /// side to move: a draw, unless the variant makes perpetual check lose
    /// and one side's moves all gave check since then (docs/rules.md).
    fn repetition_score(&self, pos: &Position<B>, ply: usize) -> Option<i32> {
        let h = pos.hash();
        let n = self.stack.len();
        let limit = (pos.halfmoves() as usize).min(n);
        // With two seats the side to move repeats every other ply; with more,
        // turns do not simply alternate (the hash holds the side to move).
        let step = if self.multi { 1 } else { 2 };
        let mut d = step;
        while d <= limit {
            if self.stack[n - d] == h {
                return Some(self.perpetual_score(pos, d, ply));
            }
            d += step;
        }
        None
    }

    /// `d` plies back `pos` stood before. At even distances the side to move
    /// is to move again (in check there: the opponent had just checked); at
    /// odd distances the opponent is (in check: we had just checked).
    fn perpetual_score(&self, pos: &Position<B>, d: usize, ply: usize) -> i32 {
        if !self.perpetual_check_loses {
            return 0;
        }
        let n = self.checks.len();
        let checked_at = |k: usize| self.checks[n - k];
        let they_always = pos.in_check() && (2..d).step_by(2).all(checked_at);
        let we_always = (1..d).step_by(2).all(checked_at);
        match (they_always, we_always) {
            (true, false) => MATE - ply as i32,
            (false, true) => -MATE + ply as i32,
            _ => 0,
        }
    }

    fn no_moves_score(&self, pos: &Position<B>, ply: usize) -> i32 {
        if self.multi {
            // Mated players leave the board as the move is played, so a side
            // with no move here is stalemated: a draw (docs/rules.md).
            return 0;
        }
        if pos.in_check() {
            return -MATE + ply as i32;
        }
        match self.stalemate {
            StalemateRule::Draw => 0,
            StalemateRule::Loss => -MATE + ply as i32,
            StalemateRule::Win => MATE - ply as i32,
        }
    }

    #[inline]
    fn is_capture(pos: &Position<B>, m: Move) -> bool {
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => pos.occupied().has(m.to()),
            MoveKind::EnPassant => true,
            _ => false,
        }
    }

    fn order_score(&self, pos: &Position<B>, m: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(m) == tt_move {
            return 1 << 30;
        }
        let e = &self.eval;
        let mut s = 0;
        let capture = Self::is_capture(pos, m);
        if capture {
            let victim = e.kind_on(pos, m.to()).map_or(crate::eval::PAWN, |k| {
                if self.multi && e.is_royal(k) {
                    ROYAL_VICTIM
                } else {
                    e.values[k.idx()].max(50)
                }
            });
            let attacker = e.kind_on(pos, m.from()).map_or(0, |k| e.values[k.idx()]);
            s = (1 << 28) + victim * 64 - attacker / 8;
        }
        if let MoveKind::Promotion(k) = m.kind() {
            s += (1 << 27) + e.values[k.idx()];
        }
        if s != 0 {
            return s;
        }
        let k = &self.killers[ply.min(MAX_PLY - 1)];
        if m == k[0] {
            return 1 << 26;
        }
        if m == k[1] {
            return (1 << 26) - 1;
        }
        self.history[Self::hist_idx(pos.turn(), m)]
    }

    #[inline]
    fn hist_idx(seat: Seat, m: Move) -> usize {
        seat.idx() * 65536 + m.from() as usize * 256 + m.to() as usize
    }

    fn negamax(
        &mut self,
        pos: &Position<B>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        if let Some(score) = self.repetition_score(pos, ply) {
            return score;
        }
        if self
            .fifty
            .is_some_and(|n| pos.halfmoves() >= u16::from(self.seats) * n)
        {
            return if pos.count_legal_moves() == 0 {
                self.no_moves_score(pos, ply)
            } else {
                0
            };
        }
        if pos.variant().rules.insufficient_material
            // Dead positions are sparse; a cheap count spares the full test.
            && pos.occupied().count() <= 6
            && pos.is_insufficient_material()
        {
            return 0;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash() ^ self.salt;
        let tt = self.tt.probe(key);
        let tt_move = tt.map(|e| e.mv).filter(|&m| m != Move::default());
        if let Some(e) = tt
            && !pv_node
            && e.depth >= depth
        {
            let s = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }
        let in_check = pos.in_check();
        let static_eval = if in_check {
            -INF
        } else {
            tt.map_or_else(|| self.evaluate(pos), |e| e.eval)
        };
        let us = pos.turn();
        let side = self.side_of[us.idx()];
        if !pv_node
            && !in_check
            && null_ok
            && self.null_move
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.eval.has_pieces(pos, us)
        {
            let child = self.make_null(pos);
            // A pass means something only when it hands the move to the other side.
            if self.side_of[child.turn().idx()] != side {
                let r = 3 + depth / 6;
                self.push_node(pos.hash(), false);
                let s = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.pop_node();
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        let moves = self.moves(pos);
        if moves.is_empty() {
            return self.no_moves_score(pos, ply);
        }
        let mut keys = [0i32; tetrarch_rules::moves::MAX_MOVES];
        for (i, &m) in moves.iter().enumerate() {
            keys[i] = self.order_score(pos, m, tt_move, ply);
        }
        let n = moves.len();
        let mut order: MoveList = moves;
        let mut best = -INF;
        let mut best_move = Move::default();
        let orig_alpha = alpha;
        let mut quiets_tried = 0usize;
        let mut quiets = [Move::default(); 64];
        self.push_node(pos.hash(), in_check);
        for i in 0..n {
            let m = pick_best(&mut keys[..n], &mut order, i);
            let tactical = Self::is_capture(pos, m) || m.promotion().is_some();
            let child = self.make(pos, m);
            let gives_check = child.in_check();
            let ext = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let nd = depth - 1 + ext;
            let s = if i == 0 {
                self.child(side, &child, nd, alpha, beta, ply, true)
            } else {
                let mut r = 0;
                if depth >= 3
                    && i >= 3
                    && !tactical
                    && !in_check
                    && !gives_check
                    && keys[i] < (1 << 26) - 1
                {
                    r = self.lmr[(depth as usize).min(63)][i.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, nd - 1);
                }
                let mut s = self.child(side, &child, nd - r, alpha, alpha + 1, ply, true);
                if s > alpha && r > 0 && !self.aborted {
                    s = self.child(side, &child, nd, alpha, alpha + 1, ply, true);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = self.child(side, &child, nd, alpha, beta, ply, true);
                }
                s
            };
            if self.aborted {
                self.pop_node();
                return 0;
            }
            if s > best {
                best = s;
                best_move = m;
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        if !tactical {
                            let k = &mut self.killers[ply];
                            if k[0] != m {
                                k[1] = k[0];
                                k[0] = m;
                            }
                            let bonus = depth * depth;
                            let h = &mut self.history[Self::hist_idx(us, m)];
                            *h = (*h + bonus).min(1 << 20);
                            for &q in &quiets[..quiets_tried.min(64)] {
                                let h = &mut self.history[Self::hist_idx(us, q)];
                                *h = (*h - bonus).max(-(1 << 20));
                            }
                        }
                        break;
                    }
                }
            }
            if !tactical && quiets_tried < 64 {
                quiets[quiets_tried] = m;
                quiets_tried += 1;
            }
        }
        self.pop_node();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                mv: best_move,
                score: to_tt(best, ply),
                eval: if in_check { 0 } else { static_eval },
                depth,
                bound,
            },
        );
        best
    }

    /// Count a node of search or quiescence; its score if the search must
    /// stop or the game is over here.
    #[inline]
    fn enter_node(&mut self, pos: &Position<B>, ply: usize) -> Option<i32> {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.check_stop() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if self.multi {
            self.multi_terminal(pos, ply)
        } else if self.royal_kinds && pos.royals(pos.turn()).is_empty() {
            Some(-MATE + ply as i32)
        } else {
            None
        }
    }

    fn qsearch(&mut self, pos: &Position<B>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.evaluate(pos) };
        }
        let mut best = -INF;
        let mut stand = -INF;
        if !in_check {
            stand = self.evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let moves = self.moves(pos);
        if moves.is_empty() {
            return self.no_moves_score(pos, ply);
        }
        let side = self.side_of[pos.turn().idx()];
        let mut keys = [0i32; tetrarch_rules::moves::MAX_MOVES];
        let mut order = MoveList::new();
        for &m in moves.iter() {
            let capture = Self::is_capture(pos, m);
            if !in_check && !capture && m.promotion().is_none() {
                continue;
            }
            let k = self.order_score(pos, m, None, ply);
            if !in_check && capture && m.promotion().is_none() {
                // Delta pruning: even winning the victim cannot reach alpha.
                let gain = k - (1 << 28);
                if stand + gain / 64 + 200 < alpha {
                    continue;
                }
            }
            keys[order.len()] = k;
            order.push(m);
        }
        let n = order.len();
        for i in 0..n {
            let m = pick_best(&mut keys[..n], &mut order, i);
            let child = self.make(pos, m);
            let s = self.qchild(side, &child, alpha, beta, ply);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// Soft (do not start another iteration past half of it) and hard (stop
/// at once) time limits.
pub fn time_plan(limits: &Limits, turn: Seat) -> (Option<Duration>, Option<Duration>) {
    if limits.infinite {
        return (None, None);
    }
    if let Some(mt) = limits.movetime {
        let hard = mt.saturating_sub((mt / 20).min(Duration::from_millis(20)));
        return (Some(hard * 2), Some(hard.max(Duration::from_millis(1))));
    }
    let seat_clock = limits.seat_time.get(turn.idx()).copied().flatten();
    let (time, inc) = if seat_clock.is_some() {
        (seat_clock, limits.seat_inc[turn.idx()])
    } else if turn.0 == 0 {
        (limits.wtime, limits.winc)
    } else {
        (limits.btime, limits.binc)
    };
    let Some(time) = time else {
        return (None, None);
    };
    let inc = inc.unwrap_or_default();
    let mtg = limits.movestogo.unwrap_or(30).clamp(1, 50);
    let cap = time
        .saturating_sub(Duration::from_millis(50).min(time / 2))
        .max(Duration::from_millis(1));
    let soft = (time / mtg + inc * 3 / 4).min(cap);
    let hard = (soft * 4).min(time / 3 + inc).min(cap).max(soft.min(cap));
    (Some(soft), Some(hard))
}

/// Move the best-keyed of `order[i..]` to slot `i` (a selection-sort
/// step: most nodes cut off after a few moves, so a full sort is waste).
#[inline]
fn pick_best(keys: &mut [i32], order: &mut MoveList, i: usize) -> Move {
    let mut b = i;
    for j in i + 1..keys.len() {
        if keys[j] > keys[b] {
            b = j;
        }
    }
    keys.swap(i, b);
    order.swap(i, b);
    order[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use tetrarch_rules::notation::uci::UciMove;

    /// The searcher after walking `moves` from `fen` as negamax would, and
    /// the position reached.
    fn walk(variant: &str, fen: &str, moves: &[&str]) -> (Searcher<u64>, Position<u64>) {
        let v = Variant::builtin(variant).unwrap();
        let mut s = Searcher::<u64>::new(&v, 1);
        let mut pos = Position::from_fen(&v, fen).unwrap();
        for m in moves {
            s.push_node(pos.hash(), pos.in_check());
            let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos = pos.play(mv).unwrap();
        }
        (s, pos)
    }

    #[test]
    fn perpetual_check_in_the_search_path_loses_where_the_variant_says_so() {
        let cycle = ["a7a8", "h8h7", "a8a7", "h7h8"];
        // EuroShogi: White's dragon checked with every move: White (to move) loses.
        let (s, pos) = walk("euroshogi", "7k/+R7/8/8/8/8/8/4K3[P] w - - 0 1", &cycle);
        assert_eq!(s.repetition_score(&pos, 4), Some(-MATE + 4));
        // Seen from Black after one more check, Black is the one being checked.
        let (s, pos) = walk(
            "euroshogi",
            "7k/+R7/8/8/8/8/8/4K3[P] w - - 0 1",
            &[&cycle[..], &["a7a8"]].concat(),
        );
        assert_eq!(s.repetition_score(&pos, 5), Some(MATE - 5));
        // Chess: the same cycle is a plain repetition, a draw.
        let (s, pos) = walk("chess", "7k/R7/8/8/8/8/8/4K3 w - - 0 1", &cycle);
        assert_eq!(s.repetition_score(&pos, 4), Some(0));
        // Quiet king moves repeat without checks: a draw in EuroShogi too.
        let (s, pos) = walk(
            "euroshogi",
            "k7/8/8/8/8/8/8/7K[Pp] w - - 0 1",
            &["h1g1", "a8b8", "g1h1", "b8a8"],
        );
        assert_eq!(s.repetition_score(&pos, 4), Some(0));
    }
}
