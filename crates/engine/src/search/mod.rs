//! Iterative deepening principal-variation search with a transposition
//! table, quiescence, null move, late move reductions (by history too),
//! killers, history, check extensions, mate distance and repetition.
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

mod alphabeta;
mod level;
mod limits;
mod ordering;
mod repetition;
mod score;
mod sides;

pub use level::{FULL_STRENGTH_ELO, LEVEL_ONE_ELO, level_for_elo};
pub use limits::{Limits, time_plan};
pub use score::{Info, Score, SearchResult};
pub use sides::FfaStrategy;

use crate::eval::{Evaluator, Searchable};
use crate::tt::Table;
use level::{LEVELS, pick_root};
use sides::{BRS_SALT, FFA_SALT};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tetrarch_rules::MAX_MOVES;
use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::family::FamilyVariant;
use tetrarch_rules::{MoveList, Seat};

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
/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION_WINDOW: i32 = 20;
/// Largest static evaluation (well inside the mate scores).
const EVAL_MAX: i32 = 20_000;

#[derive(Clone, Copy)]
struct RootMove<M> {
    mv: M,
    score: i32,
    exact: bool,
    pv: [M; MAX_PLY],
    pv_len: usize,
}

/// What one search plans before its first iteration.
struct SearchPlan {
    /// The deepest iteration (the level's and the limits' bound).
    max_depth: u32,
    /// The level's noise, in centipawns (0 at full strength).
    noise: i32,
    /// The soft time limit, if any.
    soft: Option<Duration>,
}

/// A searcher for positions of one variant of any rules family.
///
/// ```
/// use tetrarch_engine::search::{Limits, Searcher};
/// use tetrarch_rules::{Position, Variant};
/// let chess = Variant::builtin("chess").unwrap();
/// let mut s = Searcher::<Position<u64>>::new(&chess, 1);
/// let pos = Position::<u64>::from_fen(&chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let r = s.search(&pos, &[], &limits, &mut |_| {});
/// assert_eq!(r.best.map(|m| (m.from(), m.to())), Some((0, 56))); // Ra8#
/// ```
pub struct Searcher<P: Searchable> {
    eval: P::Eval,
    tt: Arc<Table>,
    stop: Arc<AtomicBool>,
    /// Set by the main thread when its search is over: the helpers stop.
    halt: Arc<AtomicBool>,
    /// Nodes searched by the helper threads, added every 2048 nodes.
    helper_nodes: Arc<AtomicU64>,
    /// Helper threads' searchers (Lazy SMP), made on first use.
    helpers: Vec<Searcher<P>>,
    /// A helper thread: no reports, no time decisions of its own.
    is_helper: bool,
    /// Plies a helper searches beyond the main thread's iteration, so the
    /// threads do not all walk the same tree in lockstep.
    depth_skew: u32,
    killers: Box<[[P::Move; 2]; MAX_PLY]>,
    /// Move ordering keys per ply, kept here: a fresh 4 KiB array at every
    /// node cost a quarter of the search's instructions in zeroing. Each
    /// grows when a position has more moves than it holds.
    keys: Vec<Vec<i32>>,
    /// Quiet moves' history by seat and cells, within
    /// `±ordering::HISTORY_MAX` (bonuses saturate: "gravity").
    history: Vec<i32>,
    pv: Box<[[P::Move; MAX_PLY]; MAX_PLY]>,
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
    /// The root position's variant makes perpetual check lose.
    perpetual_check_loses: bool,
    /// The level's noise for this search: with it the root moves are
    /// searched for exact scores down to this far below the best.
    root_noise: i32,
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
    /// Set at each search from the root position.
    null_move: bool,
    /// Mixed into transposition keys (free-for-all: root seat, strategy).
    salt: u64,
    /// Lines to report (MultiPV), at least 1.
    pub multipv: usize,
    /// Strength 1..=8; 8 is full strength.
    pub level: u8,
    /// How a free-for-all is searched.
    pub ffa_strategy: FfaStrategy,
    /// Search threads at full strength (levels below 8 search on one).
    pub threads: usize,
    /// Pruning on the static evaluation (reverse futility, futility, late
    /// moves) is tried: with two seats, and in games of more seats without
    /// check (Regicide), where a king left attacked is taken like any piece
    /// and shows in the evaluation; in a free-for-all only where the
    /// evaluation sees threats. Set at each search.
    static_prune: bool,
}

impl<P: Searchable> Searcher<P> {
    /// A searcher for `variant` with a transposition table of `hash_mb` megabytes.
    pub fn new(variant: &P::Variant, hash_mb: usize) -> Searcher<P> {
        Self::with_eval(variant, hash_mb, P::Eval::new(variant))
    }

    /// A searcher for `variant` scoring with `eval` (its tables built with
    /// weights other than the variant's own, say).
    pub fn with_eval(variant: &P::Variant, hash_mb: usize, eval: P::Eval) -> Searcher<P> {
        Self::with_table(variant, Arc::new(Table::new(hash_mb)), eval)
    }

    /// A searcher sharing the transposition table `tt`, scoring with `eval`.
    fn with_table(variant: &P::Variant, tt: Arc<Table>, eval: P::Eval) -> Searcher<P> {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.0) as u8;
            }
        }
        let seats = variant.seat_count();
        let mut side_of = [0u8; MAX_SEATS];
        for (s, side) in side_of.iter_mut().enumerate().take(seats as usize) {
            *side = variant.team(Seat(s as u8));
        }
        Searcher {
            eval,
            tt,
            stop: Arc::new(AtomicBool::new(false)),
            halt: Arc::new(AtomicBool::new(false)),
            helper_nodes: Arc::new(AtomicU64::new(0)),
            helpers: Vec::new(),
            is_helper: false,
            depth_skew: 0,
            killers: Box::new([[P::Move::default(); 2]; MAX_PLY]),
            keys: vec![vec![0; MAX_MOVES]; MAX_PLY],
            history: vec![0; MAX_SEATS * 256 * 256],
            pv: Box::new([[P::Move::default(); MAX_PLY]; MAX_PLY]),
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
            perpetual_check_loses: false,
            root_noise: 0,
            rng: 0x9E37_79B9_7F4A_7C15
                ^ std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64),
            seats,
            multi: seats > 2,
            ffa: variant.free_for_all(),
            side_of,
            root: Seat(0),
            brs: false,
            null_move: true,
            salt: 0,
            multipv: 1,
            level: MAX_LEVEL,
            ffa_strategy: FfaStrategy::default(),
            threads: 1,
            static_prune: true,
        }
    }

    /// The evaluation tables.
    pub fn eval(&self) -> &P::Eval {
        &self.eval
    }

    /// Resize the transposition table (clears it).
    pub fn set_hash(&mut self, mb: usize) {
        self.tt = Arc::new(Table::new(mb));
        self.helpers.clear();
    }

    /// Forget everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.helpers.clear();
        self.history.fill(0);
        self.killers.fill([P::Move::default(); 2]);
    }

    /// Room for `n` ordering keys at `ply`.
    #[inline]
    fn reserve_keys(&mut self, ply: usize, n: usize) {
        if self.keys[ply].len() < n {
            self.keys[ply].resize(n, 0);
        }
    }

    /// The flag that stops a running search when set. The search does not
    /// clear it: clear it before starting.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Seed the level noise, so that games of levels below 8 can be
    /// replayed (by default it is seeded from the clock).
    ///
    /// ```
    /// use tetrarch_engine::search::{Limits, Searcher};
    /// use tetrarch_rules::{Position, Variant};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let pos = Position::<u64>::start(&chess);
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let play = |seed| {
    ///     let mut s = Searcher::<Position<u64>>::new(&chess, 1);
    ///     s.level = 2;
    ///     s.seed(seed);
    ///     (0..4).map(|_| s.search(&pos, &[], &limits, &mut |_| {}).best).collect::<Vec<_>>()
    /// };
    /// assert_eq!(play(7), play(7));
    /// ```
    pub fn seed(&mut self, seed: u64) {
        // Xorshift must not start at zero.
        self.rng = seed ^ 0x9E37_79B9_7F4A_7C15;
        if self.rng == 0 {
            self.rng = 1;
        }
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
    ///
    /// With [`Searcher::threads`] above 1 at full strength, helper threads
    /// search the same position and share the transposition table (Lazy
    /// SMP); the result and the reports are the main thread's, the node
    /// counts everyone's.
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        report: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        self.tt.new_search();
        self.helper_nodes.store(0, Ordering::Relaxed);
        if self.threads <= 1 || self.level < MAX_LEVEL {
            return self.search_thread(pos, history, limits, report);
        }
        self.halt.store(false, Ordering::Relaxed);
        self.helpers.truncate(self.threads - 1);
        while self.helpers.len() < self.threads - 1 {
            let eval = self.eval.clone();
            let mut h = Searcher::with_table(pos.family_variant(), self.tt.clone(), eval);
            h.is_helper = true;
            h.depth_skew = (self.helpers.len() as u32 + 1) % 2;
            h.halt = self.halt.clone();
            h.helper_nodes = self.helper_nodes.clone();
            self.helpers.push(h);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        let mut result = std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                h.stop = self.stop.clone();
                h.ffa_strategy = self.ffa_strategy;
                scope.spawn(move || {
                    h.search_thread(pos, history, limits, &mut |_| {});
                    h.helper_nodes.fetch_add(h.nodes & 2047, Ordering::Relaxed);
                });
            }
            let r = self.search_thread(pos, history, limits, report);
            self.halt.store(true, Ordering::Relaxed);
            r
        });
        self.helpers = helpers;
        result.nodes = self.nodes + self.helper_nodes.load(Ordering::Relaxed);
        result
    }

    /// Nodes searched so far by all threads.
    fn total_nodes(&self) -> u64 {
        self.nodes + self.helper_nodes.load(Ordering::Relaxed)
    }

    /// One thread's iterative deepening.
    fn search_thread(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        report: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        let plan = self.prepare(pos, history, limits);
        let mut roots = self.root_moves(pos, limits);
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
        let noise_by_move = self.level_noise(&roots, plan.noise);
        let all_exact = plan.noise > 0;
        let lines = self.multipv.clamp(1, roots.len());
        for depth in 1..=plan.max_depth {
            let depth = (depth + self.depth_skew).min(plan.max_depth);
            self.root_depth = depth as i32;
            self.seldepth = 0;
            for line in 0..lines {
                self.aspiration(pos, &mut roots[line..], depth as i32, all_exact, lines);
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
            let best = pick_root(&roots, plan.noise, &noise_by_move);
            result.best = Some(best.mv);
            result.score = best.score;
            result.depth = depth;
            result.pv = best.pv[..best.pv_len].to_vec();
            let elapsed = self.start.elapsed();
            self.report_lines(&roots[..lines], depth, elapsed, report);
            if self.iteration_ends_search(limits, plan.soft, &roots[0], depth, elapsed) {
                break;
            }
        }
        result.nodes = self.total_nodes();
        result
    }

    /// Reset the per-search state for a search of `pos` under `limits`, and
    /// plan its depth, level noise and soft time limit.
    fn prepare(&mut self, pos: &P, history: &[u64], limits: &Limits) -> SearchPlan {
        self.start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        // Halved, not cleared: the last move's search mostly holds for this one.
        for h in self.history.iter_mut() {
            *h /= 2;
        }
        self.killers.fill([P::Move::default(); 2]);
        self.stack.clear();
        self.stack.reserve(history.len() + MAX_PLY + 2);
        self.stack.extend_from_slice(history);
        self.checks.clear();
        self.checks.resize(history.len(), false);
        let level = LEVELS[self.level.clamp(1, MAX_LEVEL) as usize - 1];
        let (level_depth, noise) = (level.depth, level.noise);
        self.root_noise = noise;
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX).min(level.nodes);
        let (soft, hard) = time_plan(limits, pos.turn());
        self.hard = hard;
        let max_depth = limits
            .depth
            .unwrap_or(u32::MAX)
            .min(level_depth)
            .clamp(1, MAX_PLY as u32 - 16);
        self.root = pos.turn();
        self.perpetual_check_loses = pos.perpetual_check_loses();
        self.null_move = !self.multi || !pos.check_rule();
        self.static_prune =
            !self.multi || (!pos.check_rule() && (!self.ffa || self.eval.sees_threats()));
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
        SearchPlan {
            max_depth,
            noise,
            soft,
        }
    }

    /// The legal moves of `pos` (only those of `searchmoves` when it names
    /// any), in the usual move order.
    fn root_moves(&self, pos: &P, limits: &Limits) -> Vec<RootMove<P::Move>> {
        let mut legal = MoveList::new();
        // With more seats the game can be over with moves left: none to
        // play. A roll due is the game's to play, never a seat's choice.
        if !(self.multi && pos.teams_decided()) && pos.chance().is_none() {
            pos.legal_moves_into(&mut legal);
        }
        if !limits.searchmoves.is_empty() {
            let only: Vec<P::Move> = limits
                .searchmoves
                .iter()
                .filter_map(|t| pos.parse_move(t).ok())
                .collect();
            if legal.iter().any(|m| only.contains(m)) {
                legal.retain(|m| only.contains(&m));
            }
        }
        let tt_move = self.tt.probe(pos.hash() ^ self.salt).map(|e| e.mv);
        let mut keyed: Vec<(i32, RootMove<P::Move>)> = legal
            .iter()
            .map(|&mv| {
                let root = RootMove {
                    mv,
                    score: -INF,
                    exact: false,
                    pv: [P::Move::default(); MAX_PLY],
                    pv_len: 0,
                };
                (self.order_score(pos, mv, tt_move, 0), root)
            })
            .collect();
        keyed.sort_by_key(|(k, _)| -k);
        keyed.into_iter().map(|(_, r)| r).collect()
    }

    /// A level's random bonus for each root move, drawn once per search so
    /// that every iteration prefers the same moves.
    fn level_noise(&mut self, roots: &[RootMove<P::Move>], noise: i32) -> Vec<(P::Move, i32)> {
        roots
            .iter()
            .map(|r| {
                let bonus = if noise == 0 {
                    0
                } else {
                    (self.rand() % (2 * noise as u64 + 1)) as i32 - noise
                };
                (r.mv, bonus)
            })
            .collect()
    }

    /// Report one `info` line per searched line.
    fn report_lines(
        &self,
        roots: &[RootMove<P::Move>],
        depth: u32,
        elapsed: Duration,
        report: &mut dyn FnMut(&Info<P::Move>),
    ) {
        for (i, r) in roots.iter().enumerate() {
            report(&Info {
                depth,
                seldepth: self.seldepth.max(depth as usize) as u32,
                multipv: i + 1,
                score: self.score(r.score),
                nodes: self.total_nodes(),
                time: elapsed,
                hashfull: self.tt.hashfull(),
                pv: r.pv[..r.pv_len].to_vec(),
            });
        }
    }

    /// Whether the search stops after an iteration: on `stop`, when half the
    /// soft time is spent (another iteration would not finish), or when a
    /// mate shorter than the depth is found.
    fn iteration_ends_search(
        &self,
        limits: &Limits,
        soft: Option<Duration>,
        best: &RootMove<P::Move>,
        depth: u32,
        elapsed: Duration,
    ) -> bool {
        if self.stop.load(Ordering::Relaxed) || self.halt.load(Ordering::Relaxed) {
            return true;
        }
        // Helpers search on until the main thread is done.
        if self.is_helper || limits.infinite {
            return false;
        }
        soft.is_some_and(|s| elapsed > s / 2)
            || (limits.depth.is_none()
                && best.score.abs() >= MATE_BOUND
                && (MATE - best.score.abs()) < depth as i32)
    }

    /// Search the root moves at `depth` in a window around the previous
    /// iteration's score, widening it until the score falls inside. Only the
    /// plain search (one line, no level noise) narrows the window: the
    /// others need exact scores for several moves.
    fn aspiration(
        &mut self,
        pos: &P,
        roots: &mut [RootMove<P::Move>],
        depth: i32,
        all_exact: bool,
        lines: usize,
    ) {
        let prev = roots[0].score;
        let mut delta = ASPIRATION_WINDOW;
        let narrow = depth >= 5 && !all_exact && lines == 1 && prev.abs() < MATE_BOUND;
        let (mut alpha, mut beta) = if narrow {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let s = self.search_root(pos, roots, depth, all_exact, alpha, beta);
            if self.aborted || (s > alpha && s < beta) {
                return;
            }
            delta *= 2;
            if s <= alpha {
                // Fail low: the score and move of the last iteration are
                // refuted; nothing here is exact.
                alpha = (s - delta).max(-INF);
            } else {
                beta = (s + delta).min(INF);
            }
            if delta > 8 * ASPIRATION_WINDOW {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// Search the root moves at `depth` in the window `(alpha, beta)`,
    /// moving the best to the front; the best score.
    fn search_root(
        &mut self,
        pos: &P,
        roots: &mut [RootMove<P::Move>],
        depth: i32,
        all_exact: bool,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INF;
        let side = self.side_of[pos.turn().idx()];
        self.push_node(pos.hash(), pos.in_check());
        #[allow(clippy::needless_range_loop)]
        for i in 0..roots.len() {
            let m = roots[i].mv;
            let child = self.make(pos, m);
            let ext = i32::from(child.in_check());
            let nd = depth - 1 + ext;
            // With level noise a move only needs an exact score if it may
            // come within the noise of the best (`pick_root`); below that
            // it may fail low, which saves most of the cost of the noise:
            // its score is then a bound, kept for the next iteration's order.
            let floor = if all_exact && i > 0 {
                (best - self.root_noise - 1).max(-INF)
            } else {
                -INF
            };
            let s = if i == 0 || all_exact {
                let a = if all_exact { floor } else { alpha };
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
            best = best.max(s);
            // With noise the window is open (`aspiration`): every move lands here.
            if s > alpha || i == 0 {
                roots[i].score = s;
                roots[i].exact = s > floor;
                roots[i].pv[0] = m;
                let n = self.pv_len[1].max(1);
                for p in 1..n {
                    roots[i].pv[p] = self.pv[1][p];
                }
                roots[i].pv_len = n;
                if s > alpha && !all_exact {
                    alpha = s;
                }
                if s >= beta && !all_exact {
                    // Fail high: the window widens and the root is searched
                    // again; the moves not searched rank behind this one.
                    for r in &mut roots[i + 1..] {
                        r.score = -INF;
                        r.exact = false;
                    }
                    break;
                }
            } else {
                roots[i].score = -INF;
                roots[i].exact = false;
            }
        }
        self.pop_node();
        if !self.aborted {
            roots.sort_by_key(|r| -r.score);
        } else if let Some(top) = (0..roots.len())
            .filter(|&i| roots[i].exact && roots[i].score > -INF)
            .max_by_key(|&i| roots[i].score)
        {
            roots[..=top].rotate_right(1);
        }
        best
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let tick = self.nodes & 2047 == 0;
        if tick && self.is_helper {
            self.helper_nodes.fetch_add(2048, Ordering::Relaxed);
        }
        if self.nodes >= self.max_nodes
            || (tick
                && (self.stop.load(Ordering::Relaxed)
                    || self.halt.load(Ordering::Relaxed)
                    || self.hard.is_some_and(|h| self.start.elapsed() >= h)))
        {
            self.aborted = true;
        }
        self.aborted
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
}
