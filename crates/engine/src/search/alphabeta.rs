//! The alpha-beta search proper: principal-variation negamax and
//! quiescence, with their pruning (move ordering is in `ordering.rs`).
//!
//! - **Static exchange evaluation** (two seats): captures that lose
//!   material are ordered after the quiet moves, may be reduced, and are
//!   skipped in quiescence (most of them are refuted by the recapture).
//! - **Reverse futility pruning** (two seats, and games of more seats
//!   without check: team games, and a free-for-all where the evaluation
//!   counts threats; non-PV, depth <= 7): a node whose static evaluation
//!   beats beta by 85 cp a ply returns it.
//! - **Futility and late move pruning** (the same, not in check): quiet,
//!   non-checking, non-killer moves are skipped at depth <= 3 when the
//!   static evaluation plus a margin cannot reach alpha, and at depth <= 5
//!   after the first `3 + depth^2` moves. With more seats and check,
//!   `in_check` sees only the mover's royal, so these would prune mates (a
//!   four-player mate-in-two test fails with them); without check
//!   (Regicide) a king left attacked is a capture away, which quiescence
//!   and the evaluation's threats see: +127 ± 35 Elo in `fourway-teams`
//!   on top of the threats (docs/engine.md). In a free-for-all without
//!   check, with the threats: +37 ± 38 Elo in `fourway-ffa` (300 games).
//! - **Quiescence transposition entries**: quiescence probes the table (cut
//!   at non-PV nodes, stand pat from the stored evaluation) and stores its
//!   results at depth 0 where no deeper entry is stored.
//!
//! Together: +252 ± 53 Elo in 200 chess games and +330 ± 110 in 100
//! EuroShogi games at 20k nodes a move.
//!
//! - **History-based reductions**: a late quiet move is reduced by up to
//!   three plies less (or more) by its history, kept within ±16,384 by
//!   gravity. +38 ± 30 Elo in 400 chess games at 10k nodes a move,
//!   +1 ± 39 in 300 EuroShogi games (docs/engine.md).

use super::ordering::{HISTORY_MAX, KILLER_KEY, pick_best};
use super::score::{from_tt, to_tt};
use super::{INF, MATE, MATE_BOUND, MAX_PLY, Searcher};
use crate::eval::{Evaluator, Searchable};
use crate::tt::{Bound, Entry};
use tetrarch_rules::family::PlayInPlace;
use tetrarch_rules::variant::StalemateRule;
use tetrarch_rules::{MoveList, Seat};

/// Reverse futility pruning: deepest remaining depth and margin per ply.
const RFP_DEPTH: i32 = 7;
const RFP_MARGIN: i32 = 85;
/// Futility pruning of quiet moves: deepest remaining depth, base and per-ply margin.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_BASE: i32 = 80;
const FUTILITY_MARGIN: i32 = 90;
/// Late move pruning: deepest remaining depth.
const LMP_DEPTH: i32 = 5;

/// What the search knows of a node once it has looked it up.
struct Node {
    depth: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    /// The static evaluation (`-INF` in check).
    static_eval: i32,
    /// Pruning on the static evaluation is safe here.
    prune: bool,
}

impl<P: Searchable> Searcher<P> {
    /// The score of `child` (reached from a node at `ply` whose mover is on
    /// `side`) from that side's point of view, searched in the window
    /// `(alpha, beta)` of that side: negated only when the child's mover is
    /// on the other side.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn child(
        &mut self,
        side: u8,
        child: &P,
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
    pub(super) fn qchild(&mut self, side: u8, child: &P, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.side_of[child.turn().idx()] == side {
            self.qsearch(child, alpha, beta, ply + 1)
        } else {
            -self.qsearch(child, -beta, -alpha, ply + 1)
        }
    }

    /// `m` followed by the child's principal variation becomes this ply's.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: P::Move) {
        self.pv[ply][ply] = m;
        let len = self.pv_len[ply + 1].max(ply + 1);
        for p in ply + 1..len {
            self.pv[ply][p] = self.pv[ply + 1][p];
        }
        self.pv_len[ply] = len;
    }

    pub(super) fn no_moves_score(&self, pos: &P, ply: usize) -> i32 {
        if self.multi {
            // Where mate removes players they leave the board as the move is
            // played, so a side with no move here is stalemated (a draw),
            // unless mate ends the game: then its king is in check.
            return if pos.in_check() {
                -MATE + ply as i32
            } else {
                0
            };
        }
        if pos.in_check() {
            return -MATE + ply as i32;
        }
        match pos.stalemate_rule() {
            StalemateRule::Draw => 0,
            StalemateRule::Loss => -MATE + ply as i32,
            StalemateRule::Win => MATE - ply as i32,
        }
    }

    pub(super) fn negamax(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        if pos.chance().is_some() {
            return self.chance_node(pos, depth, ply);
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        if let Some(score) = self.drawn_by_rule(pos, ply) {
            return score;
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
        let no_move = P::move_key(P::Move::default());
        let tt_move = tt.map(|e| e.mv).filter(|&m| m != no_move);
        if let Some(e) = tt
            && !pv_node
            && e.depth >= depth
            && let Some(s) = tt_cutoff(&e, ply, alpha, beta)
        {
            return s;
        }
        // A forced capture (draughts) is searched as a check is: no static
        // pruning, no null move, no reduction.
        let in_check = pos.in_check() || pos.must_capture();
        let node = Node {
            depth,
            ply,
            pv_node,
            in_check,
            static_eval: if in_check {
                -INF
            } else {
                tt.map_or_else(|| self.evaluate(pos), |e| e.eval)
            },
            // The pruning that trusts `in_check`: with more seats it sees
            // only the mover's own royal, so where there is check, threats
            // to the others go unnoticed (`static_prune`).
            prune: !pv_node && !in_check && self.static_prune,
        };
        if let Some(score) = self.prune_before_moves(pos, &node, beta, null_ok) {
            return score;
        }
        let mut list = MoveList::new();
        self.moves(pos, &mut list);
        // One look at where the list keeps its moves, not one per move.
        let order: &mut [P::Move] = &mut list;
        if order.is_empty() {
            return self.no_moves_score(pos, ply);
        }
        self.reserve_keys(ply, order.len());
        for (i, &m) in order.iter().enumerate() {
            self.keys[ply][i] = self.order_score(pos, m, tt_move, ply);
        }
        let (best, best_move) = self.search_moves(pos, &node, order, alpha, beta);
        if self.aborted {
            return 0;
        }
        let bound = Bound::of(best, alpha, beta);
        self.tt.store(
            key,
            Entry {
                mv: P::move_key(best_move),
                score: to_tt(best, ply),
                eval: if in_check { 0 } else { node.static_eval },
                depth,
                bound,
            },
        );
        best
    }

    /// The score of a position the rules end in a draw (repetition, the
    /// fifty-move rule, a dead position), or of a repetition that loses.
    #[inline]
    fn drawn_by_rule(&self, pos: &P, ply: usize) -> Option<i32> {
        if let Some(score) = self.repetition_score(pos, ply) {
            return Some(score);
        }
        if pos.fifty_moves_passed() {
            // Mate on the last move still counts.
            return Some(if pos.count_legal_moves() == 0 {
                self.no_moves_score(pos, ply)
            } else {
                0
            });
        }
        pos.dead_position().then_some(0)
    }

    /// Reverse futility pruning and null-move pruning: a score to return
    /// before trying any move, if this node is far enough above beta.
    #[inline]
    fn prune_before_moves(
        &mut self,
        pos: &P,
        node: &Node,
        beta: i32,
        null_ok: bool,
    ) -> Option<i32> {
        let (depth, eval) = (node.depth, node.static_eval);
        // Far enough above beta that a quiet move is unlikely to lose it all.
        if node.prune
            && depth <= RFP_DEPTH
            && beta.abs() < MATE_BOUND
            && eval - RFP_MARGIN * depth >= beta
        {
            return Some(eval);
        }
        let us = pos.turn();
        if node.pv_node
            || node.in_check
            || !null_ok
            || !self.null_move
            || depth < 3
            || eval < beta
            || beta.abs() >= MATE_BOUND
            || !self.eval.has_pieces(pos, us)
        {
            return None;
        }
        let child = self.make_null(pos);
        // A pass means something only when it hands the move to the other side.
        if self.side_of[child.turn().idx()] == self.side_of[us.idx()] {
            return None;
        }
        let r = 3 + depth / 6;
        self.push_node(pos.hash(), false);
        let s = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, node.ply + 1, false);
        self.pop_node();
        if self.aborted {
            return Some(0);
        }
        (s >= beta).then_some(if s >= MATE_BOUND { beta } else { s })
    }

    /// Search the moves of a node, keyed for ordering, in the window
    /// `(alpha, beta)`: the best score and move (late quiet moves pruned,
    /// later moves reduced and searched with a null window first).
    #[inline(always)]
    fn search_moves(
        &mut self,
        pos: &P,
        node: &Node,
        order: &mut [P::Move],
        mut alpha: i32,
        beta: i32,
    ) -> (i32, P::Move) {
        let (depth, ply) = (node.depth, node.ply);
        let n = order.len();
        let mut best = -INF;
        let mut best_move = P::Move::default();
        let mut quiets_tried = 0usize;
        let mut quiets = [P::Move::default(); 64];
        let side = self.side_of[pos.turn().idx()];
        self.push_node(pos.hash(), node.in_check);
        let futile = node.prune
            && depth <= FUTILITY_DEPTH
            && node.static_eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
        let lmp_moves = if node.prune && depth <= LMP_DEPTH {
            (3 + depth * depth) as usize
        } else {
            usize::MAX
        };
        for i in 0..n {
            let m = pick_best(&mut self.keys[ply][..n], order, i);
            let tactical = pos.is_capture(m) || pos.is_promotion(m);
            let child = self.make(pos, m);
            let gives_check = child.in_check();
            // Late move and futility pruning of quiet moves, once a move
            // has kept this side out of a mate.
            if i > 0
                && !tactical
                && !gives_check
                && best > -MATE_BOUND
                && self.keys[ply][i] < KILLER_KEY
                && (futile || i >= lmp_moves)
            {
                continue;
            }
            let ext = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let nd = depth - 1 + ext;
            let s = if i == 0 {
                self.child(side, &child, nd, alpha, beta, ply, true)
            } else {
                let quiet = !tactical || self.keys[ply][i] < 0;
                let r = self.reduction(node, i, quiet && !gives_check, nd);
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
                break;
            }
            if s > best {
                best = s;
                best_move = m;
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        if !tactical {
                            self.reward_quiet(pos.turn(), m, depth, ply, &quiets[..quiets_tried]);
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
        (best, best_move)
    }

    /// Late move reduction of the `i`-th move: `reducible` moves (quiet,
    /// or captures that lose material, not giving check) from the fourth
    /// on, where the node is not in check; less at PV nodes.
    #[inline]
    fn reduction(&self, node: &Node, i: usize, reducible: bool, nd: i32) -> i32 {
        if node.depth < 3
            || i < 3
            || !reducible
            || node.in_check
            || self.keys[node.ply][i] >= KILLER_KEY
        {
            return 0;
        }
        let mut r = self.lmr[(node.depth as usize).min(63)][i.min(63)] as i32;
        // A quiet move's key is its history: reduce the moves that have
        // refuted others less, those that never did more.
        let key = self.keys[node.ply][i];
        if key.abs() <= HISTORY_MAX {
            r -= key / (HISTORY_MAX / 3);
        }
        if node.pv_node {
            r -= 1;
        }
        r.clamp(0, nd - 1)
    }

    /// A quiet move that caused a cutoff: a killer of its ply, a history
    /// bonus for it and a malus for the quiet moves tried before it.
    #[inline]
    fn reward_quiet(&mut self, us: Seat, m: P::Move, depth: i32, ply: usize, tried: &[P::Move]) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        // Gravity: a bonus moves an entry a share of the way to the bound,
        // so entries stay comparable (the reductions read them) and old
        // ones fade.
        let bonus = (24 * depth * depth).min(HISTORY_MAX / 8);
        let h = &mut self.history[Self::hist_idx(us, m)];
        *h += bonus - *h * bonus / HISTORY_MAX;
        for &q in tried {
            let h = &mut self.history[Self::hist_idx(us, q)];
            *h += -bonus - *h * bonus / HISTORY_MAX;
        }
    }

    /// Count a node of search or quiescence; its score if the search must
    /// stop or the game is over here.
    #[inline]
    pub(super) fn enter_node(&mut self, pos: &P, ply: usize) -> Option<i32> {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.check_stop() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if self.multi {
            self.multi_terminal(pos, ply)
        } else if pos.royal_lost() {
            Some(-MATE + ply as i32)
        } else {
            None
        }
    }

    /// A chance step (a die's roll, a card drawn for a challenge in a
    /// view): the average of its outcomes' scores, each weighted by its
    /// chance (`GamePosition::chance_weight`; a die's faces alike), from
    /// the side to move's point of view, each searched with a full
    /// window (a bound on one outcome says nothing of the average), one
    /// ply of depth for the roll where the turn goes on (none where the
    /// outcome ends it). Nothing is stored: the table's bounds
    /// are of positions a side chooses from.
    fn chance_node(&mut self, pos: &P, depth: i32, ply: usize) -> i32 {
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let mut outcomes = MoveList::new();
        pos.legal_moves_into(&mut outcomes);
        if outcomes.is_empty() {
            return self.evaluate(pos);
        }
        let side = self.side_of[pos.turn().idx()];
        self.push_node(pos.hash(), false);
        let (mut sum, mut total) = (0i64, 0i64);
        for &m in outcomes.iter() {
            let weight = i64::from(pos.chance_weight(m));
            if weight == 0 {
                continue;
            }
            let mut child = pos.child();
            child.play_unchecked(m);
            // An outcome that ends the turn (a challenge answered by a
            // legal move) is that turn's end, whose ply its move paid:
            // charged again, the line would end a ply short of its
            // siblings', at the other side's horizon.
            let left = if self.side_of[child.turn().idx()] == side {
                depth - 1
            } else {
                depth
            };
            let s = if left <= 0 {
                self.qchild(side, &child, -INF, INF, ply)
            } else {
                self.child(side, &child, left, -INF, INF, ply, false)
            };
            if self.aborted {
                break;
            }
            sum += weight * i64::from(s);
            total += weight;
        }
        self.pop_node();
        if total == 0 {
            return self.evaluate(pos);
        }
        (sum / total) as i32
    }

    pub(super) fn qsearch(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        // Quiescence resolves captures, not dice: a roll (or a Lightning
        // draw) met there is judged as it stands. Expanding it, every
        // outcome with a full window, at every capture of a capture
        // sequence, grows without bound (two draws of 11 cards after each
        // Lightning capture).
        if pos.chance().is_some() {
            return self.evaluate(pos);
        }
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        // No standing pat where a capture is compulsory: every capture is
        // searched, as every evasion is in check.
        let in_check = pos.in_check() || pos.must_capture();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.evaluate(pos) };
        }
        let key = pos.hash() ^ self.salt;
        let tt = self.tt.probe(key);
        if let Some(e) = tt
            && beta - alpha == 1
            && let Some(s) = tt_cutoff(&e, ply, alpha, beta)
        {
            return s;
        }
        // Store only where no search of positive depth has stored.
        let store = tt.is_none_or(|e| e.depth <= 0);
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = P::Move::default();
        let mut stand = -INF;
        if !in_check {
            // Lazy stand-pat with more than two seats: material and
            // placement alone far enough above beta cut without the attack
            // terms (three quarters of the evaluation's cost); nothing is
            // stored, as the table keeps full evaluations only.
            stand = match tt {
                Some(e) => e.eval,
                None => match self.evaluate_lazy(pos, beta) {
                    Ok(v) => v,
                    Err(bound) => return bound,
                },
            };
            if stand >= beta {
                if store {
                    self.qstore(key, stand, stand, Bound::Lower, P::Move::default(), ply);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = MoveList::new();
        self.moves(pos, &mut moves);
        if moves.is_empty() {
            return self.no_moves_score(pos, ply);
        }
        let side = self.side_of[pos.turn().idx()];
        self.reserve_keys(ply, moves.len());
        let mut order = MoveList::new();
        for &m in moves.iter() {
            let capture = pos.is_capture(m);
            let promotion = pos.is_promotion(m);
            if !in_check && !capture && !promotion {
                continue;
            }
            let tt_move = tt.map(|e| e.mv);
            let k = self.order_score(pos, m, tt_move, ply);
            if !in_check && k < 0 {
                // Loses material by static exchange.
                continue;
            }
            if !in_check && capture && !promotion && k < (1 << 29) {
                // Delta pruning: even winning the victim cannot reach alpha.
                let gain = k - (1 << 28);
                if stand + gain / 64 + 200 < alpha {
                    continue;
                }
            }
            self.keys[ply][order.len()] = k;
            order.push(m);
        }
        let n = order.len();
        let order: &mut [P::Move] = &mut order;
        for i in 0..n {
            let m = pick_best(&mut self.keys[ply][..n], order, i);
            let child = self.make(pos, m);
            let s = self.qchild(side, &child, alpha, beta, ply);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = m;
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if store {
            let bound = Bound::of(best, orig_alpha, beta);
            let eval = if in_check { 0 } else { stand };
            self.qstore(key, best, eval, bound, best_move, ply);
        }
        best
    }

    /// Store a quiescence result (depth 0: it never cuts a full-width search).
    #[inline]
    fn qstore(&mut self, key: u64, score: i32, eval: i32, bound: Bound, mv: P::Move, ply: usize) {
        self.tt.store(
            key,
            Entry {
                mv: P::move_key(mv),
                score: to_tt(score, ply),
                eval,
                depth: 0,
                bound,
            },
        );
    }
}

/// The stored score of `e` (found at `ply`) if its bound settles the window
/// `(alpha, beta)`.
#[inline]
fn tt_cutoff(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}
