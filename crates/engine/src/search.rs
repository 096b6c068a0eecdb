//! Two-sided search: iterative deepening principal-variation search with a
//! transposition table, quiescence, null move, late move reductions,
//! killers, history, check extensions, mate distance and repetition.

use crate::eval::Eval;
use crate::tt::{Bound, Entry, Table};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
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
    /// Lines to report (MultiPV), at least 1.
    pub multipv: usize,
    /// Strength 1..=8; 8 is full strength.
    pub level: u8,
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
        Searcher {
            eval: Eval::new(variant),
            tt: Table::new(hash_mb),
            stop: Arc::new(AtomicBool::new(false)),
            killers: Box::new([[Move::default(); 2]; MAX_PLY]),
            history: vec![0; 2 * 256 * 256],
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
            multipv: 1,
            level: MAX_LEVEL,
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

        let legal = pos.legal_moves();
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
            let tt_move = self.tt.probe(pos.hash()).map(|e| e.mv);
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
                    score: Score::from_internal(r.score),
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
        self.push_node(pos.hash(), pos.in_check());
        #[allow(clippy::needless_range_loop)]
        for i in 0..roots.len() {
            let m = roots[i].mv;
            let mut child = *pos;
            child.play_unchecked(m);
            let ext = i32::from(child.in_check());
            let nd = depth - 1 + ext;
            let s = if i == 0 || all_exact {
                let a = if all_exact { -INF } else { alpha };
                -self.negamax(&child, nd, -beta, -a, 1, true)
            } else {
                let mut s = -self.negamax(&child, nd, -alpha - 1, -alpha, 1, true);
                if s > alpha && !self.aborted {
                    s = -self.negamax(&child, nd, -beta, -alpha, 1, true);
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
        let mut d = 2;
        while d <= limit {
            if self.stack[n - d] == h {
                return Some(self.perpetual_score(pos, d, ply));
            }
            d += 2;
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
            let victim = e
                .kind_on(pos, m.to())
                .map_or(crate::eval::PAWN, |k| e.values[k.idx()].max(50));
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
        (seat.idx() & 1) * 65536 + m.from() as usize * 256 + m.to() as usize
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
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.royal_kinds && pos.royals(pos.turn()).is_empty() {
            return -MATE + ply as i32;
        }
        if let Some(score) = self.repetition_score(pos, ply) {
            return score;
        }
        if self.fifty.is_some_and(|n| pos.halfmoves() >= 2 * n) {
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
            return self.eval.evaluate(pos);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
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
            tt.map_or_else(|| self.eval.evaluate(pos), |e| e.eval)
        };
        let us = pos.turn();
        if !pv_node
            && !in_check
            && null_ok
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.eval.has_pieces(pos, us)
        {
            let r = 3 + depth / 6;
            let mut child = *pos;
            child.play_unchecked(Move::new(0, 0, MoveKind::Pass));
            self.push_node(key, false);
            let s = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.pop_node();
            if self.aborted {
                return 0;
            }
            if s >= beta {
                return if s >= MATE_BOUND { beta } else { s };
            }
        }
        let moves = pos.legal_moves();
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
        self.push_node(key, in_check);
        for i in 0..n {
            let m = pick_best(&mut keys[..n], &mut order, i);
            let tactical = Self::is_capture(pos, m) || m.promotion().is_some();
            let mut child = *pos;
            child.play_unchecked(m);
            let gives_check = child.in_check();
            let ext = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let nd = depth - 1 + ext;
            let s = if i == 0 {
                -self.negamax(&child, nd, -beta, -alpha, ply + 1, true)
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
                let mut s = -self.negamax(&child, nd - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(&child, nd, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, nd, -beta, -alpha, ply + 1, true);
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

    fn qsearch(&mut self, pos: &Position<B>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.royal_kinds && pos.royals(pos.turn()).is_empty() {
            return -MATE + ply as i32;
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.eval.evaluate(pos) };
        }
        let mut best = -INF;
        let mut stand = -INF;
        if !in_check {
            stand = self.eval.evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.no_moves_score(pos, ply);
        }
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
            let mut child = *pos;
            child.play_unchecked(m);
            let s = -self.qsearch(&child, -beta, -alpha, ply + 1);
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
    let (time, inc) = if turn.0 == 0 {
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
