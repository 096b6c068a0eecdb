//! Paranoid against best-reply search in the four-player free-for-all
//! (`fourway-ffa`), in process: every game seats two engines of each
//! strategy, in the six arrangements of two and two around the table, from
//! a few random opening plies; each engine searches a fixed number of nodes
//! per move. A game ends when one king is left; unfinished games are drawn
//! by repetition or the fifty-move rule, or adjudicated after `max_plies` to
//! the living seat with the most material if it leads by a rook or more
//! (else the point is shared by the living seats).
//!
//! ```text
//! cargo run --release -p tetrarch-engine --example ffa_match -- [openings] [nodes] [max_plies] [seed]
//! ```
//! Defaults: 7 openings (42 games), 4000 nodes, 600 plies.

use std::collections::HashMap;
use tetrarch_engine::search::{FfaStrategy, Limits, Searcher};
use tetrarch_rules::{Bitboard, Kind, Outcome, Position, Seat, Variant, Wide};

const PATTERNS: [[FfaStrategy; 4]; 6] = {
    use FfaStrategy::{BestReply as B, Paranoid as P};
    [
        [P, B, P, B],
        [B, P, B, P],
        [P, P, B, B],
        [B, B, P, P],
        [P, B, B, P],
        [B, P, P, B],
    ]
};

fn arg(i: usize, default: u64) -> u64 {
    std::env::args()
        .nth(i)
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Material of a seat (board values of the evaluation), for adjudication.
fn material(searcher: &Searcher<Position<Wide>>, p: &Position<Wide>, seat: Seat) -> i32 {
    let e = searcher.eval();
    (0..p.variant().pieces.len())
        .map(|k| p.pieces(seat, Kind(k as u8)).count() as i32 * e.values[k])
        .sum()
}

/// Points per seat (summing to 1) and how the game ended.
fn play(
    v: &Variant,
    searchers: &mut [Searcher<Position<Wide>>; 4],
    opening: &[usize],
    nodes: u64,
    max_plies: usize,
) -> ([f64; 4], String, usize) {
    let mut p = Position::<Wide>::start(v);
    let mut history: Vec<u64> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    for &i in opening {
        let moves = p.legal_moves();
        history.push(p.hash());
        p.play_unchecked(moves[i % moves.len()]);
    }
    for s in searchers.iter_mut() {
        s.clear();
    }
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let share = |p: &Position<Wide>| {
        let alive = p.alive_seats();
        let n = alive.count_ones().max(1) as f64;
        let mut pts = [0.0; 4];
        for (s, pt) in pts.iter_mut().enumerate() {
            if alive & (1 << s) != 0 {
                *pt = 1.0 / n;
            }
        }
        pts
    };
    for ply in 0..max_plies {
        match p.outcome() {
            Some(Outcome::Win { winner, .. }) => {
                let mut pts = [0.0; 4];
                pts[winner.idx()] = 1.0;
                return (pts, format!("seat {} wins", winner.0), ply);
            }
            Some(Outcome::Draw(r)) => return (share(&p), format!("draw ({r:?})"), ply),
            None => {}
        }
        let c = seen.entry(p.hash()).or_insert(0);
        *c += 1;
        if *c >= 3 {
            return (share(&p), "draw (repetition)".into(), ply);
        }
        let s = &mut searchers[p.turn().idx()];
        let r = s.search(&p, &history, &limits, &mut |_| {});
        let m = r.best.expect("a move while the game goes on");
        history.push(p.hash());
        p.play_unchecked(m);
    }
    let alive = p.alive_seats();
    let mut best: Vec<(i32, usize)> = (0..4)
        .filter(|&s| alive & (1 << s) != 0)
        .map(|s| (material(&searchers[0], &p, Seat(s as u8)), s))
        .collect();
    best.sort_by_key(|&(m, _)| -m);
    if best.len() >= 2 && best[0].0 - best[1].0 >= 500 {
        let mut pts = [0.0; 4];
        pts[best[0].1] = 1.0;
        return (pts, format!("seat {} on material", best[0].1), max_plies);
    }
    (share(&p), "shared (ply limit)".into(), max_plies)
}

fn main() {
    let openings = arg(1, 7) as usize;
    let nodes = arg(2, 4000);
    let max_plies = arg(3, 600) as usize;
    let mut rng = Rng(arg(4, 0x2545_F491_4F6C_DD1D) | 1);
    let v = Variant::builtin("fourway-ffa").unwrap();
    let mut searchers: [Searcher<Position<Wide>>; 4] =
        std::array::from_fn(|_| Searcher::new(&v, 16));
    let (mut paranoid, mut brs) = (0.0, 0.0);
    let (mut decided, mut games) = (0, 0);
    let start = std::time::Instant::now();
    for o in 0..openings {
        let opening: Vec<usize> = (0..4 + rng.next() % 5)
            .map(|_| rng.next() as usize)
            .collect();
        for pattern in PATTERNS {
            for (s, &f) in searchers.iter_mut().zip(pattern.iter()) {
                s.ffa_strategy = f;
            }
            let (pts, how, plies) = play(&v, &mut searchers, &opening, nodes, max_plies);
            let (mut gp, mut gb) = (0.0, 0.0);
            for (s, &f) in pattern.iter().enumerate() {
                match f {
                    FfaStrategy::Paranoid => gp += pts[s],
                    FfaStrategy::BestReply => gb += pts[s],
                }
            }
            paranoid += gp;
            brs += gb;
            games += 1;
            if how.contains("wins") {
                decided += 1;
            }
            let names: Vec<&str> = pattern
                .iter()
                .map(|f| match f {
                    FfaStrategy::Paranoid => "P",
                    FfaStrategy::BestReply => "B",
                })
                .collect();
            println!(
                "game {games:>3} opening {o} seats {} plies {plies:>4}: {how:<24} paranoid {gp:.2} best-reply {gb:.2}",
                names.concat()
            );
        }
    }
    println!(
        "{games} games ({decided} won outright), {nodes} nodes a move, {:.0} s: paranoid {paranoid:.2}, best-reply {brs:.2} ({:.1}% for best-reply)",
        start.elapsed().as_secs_f64(),
        100.0 * brs / games as f64
    );
}
