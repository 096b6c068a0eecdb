//! The two-seat terms: pawn structure, riders on open lanes, colour-bound
//! pairs and pawn threats (see the module documentation of [`super`]).

use super::Eval;
use crate::eval::weights::{Phased, Weights};
use std::any::Any;
use std::sync::Arc;
use tetrarch_rules::variant::{Forward, Variant};
use tetrarch_rules::{HasSliders, Kind, Position, Seat};

/// Default passed pawn, (middlegame, endgame): on relative rank 1 (the second
/// rank) and on the last rank before the promotion zone; quadratic between.
pub const PASSED: ((i32, i32), (i32, i32)) = ((5, 10), (60, 120));
/// Default per pawn with a friendly pawn in front of it on its lane.
pub const DOUBLED: (i16, i16) = (-8, -16);
/// Default per pawn with no friendly pawn on the lanes it could defend from.
pub const ISOLATED: (i16, i16) = (-8, -12);
/// Default for a lane rider on a lane without pawns.
pub const OPEN_LANE: (i16, i16) = (25, 10);
/// Default for a lane rider on a lane with enemy pawns only.
pub const HALF_OPEN_LANE: (i16, i16) = (12, 6);
/// Default for two pieces of a colour-bound kind on both colours.
pub const PAIR: (i16, i16) = (25, 45);
/// Default penalty per non-pawn, non-royal piece an enemy pawn attacks.
pub const PAWN_THREAT: (i16, i16) = (30, 20);

/// A weight pair as the tables hold it (weights are range-checked to fit).
fn phased([mg, eg]: Phased) -> (i16, i16) {
    (mg as i16, eg as i16)
}

/// Tables of the two-seat terms: passed, doubled and isolated pawns, riders
/// on open lanes, colour-bound pairs, pieces attacked by pawns.
#[derive(Clone, Debug)]
pub(super) struct Duel {
    /// Relative rank of each cell, per seat.
    rank: [[u8; 256]; 2],
    /// Whether friendly pawns can defend each other across lanes.
    supports: bool,
    /// Passed-pawn bonus by relative rank (middlegame, endgame); zero
    /// where pawns do not promote.
    passed: [(i16, i16); 16],
    /// Doubled and isolated pawn penalties.
    doubled: (i16, i16),
    isolated: (i16, i16),
    /// Kinds with an unlimited forward ride and no unlimited diagonal ride.
    lane_riders: u16,
    open: (i16, i16),
    half_open: (i16, i16),
    /// Colour-bound kinds (every step keeps the colour of the cell).
    bound: u16,
    pair: (i16, i16),
    /// Penalty per non-pawn, non-royal piece attacked by an enemy pawn.
    pawn_threat: (i16, i16),
    /// The [`Masks`] of the variant's width.
    masks: Arc<dyn Any + Send + Sync>,
}

/// Cell sets of the two-seat terms at one width.
struct Masks<B> {
    /// `ahead[seat][cell]`: the cells in front on the same lane.
    ahead: [[B; 256]; 2],
    /// `span[seat][cell]`: the cells in front on the lanes where an enemy
    /// pawn stops a pawn on `cell` (its own lane and the lanes enemy pawns
    /// capture across).
    span: [[B; 256]; 2],
    /// The lanes from which friendly pawns defend a pawn on the cell.
    support: [B; 256],
    /// The cell's lane.
    lane: [B; 256],
    /// Cells of colour 1.
    light: B,
}

/// Lane geometry of a two-seat variant, to build [`Masks`] from.
struct Lanes {
    lane: [u8; 256],
    rank: [[u8; 256]; 2],
    cells: Vec<u8>,
    colour: [u8; 256],
    stop: Vec<i8>,
    support: Vec<i8>,
}

impl tetrarch_rules::variant::WithWidth for &Lanes {
    type Output = Arc<dyn Any + Send + Sync>;
    fn run<B: HasSliders>(self, _: &Variant) -> Self::Output {
        let mut m = Box::new(Masks {
            ahead: [[B::EMPTY; 256]; 2],
            span: [[B::EMPTY; 256]; 2],
            support: [B::EMPTY; 256],
            lane: [B::EMPTY; 256],
            light: B::EMPTY,
        });
        for &c in &self.cells {
            let (l, ci) = (self.lane[c as usize] as i32, c as usize);
            if self.colour[ci] == 1 {
                m.light |= B::bit(c);
            }
            for &o in &self.cells {
                let (l2, oi) = (self.lane[o as usize] as i32, o as usize);
                let bit = B::bit(o);
                if l2 == l {
                    m.lane[ci] |= bit;
                }
                if self.support.contains(&((l2 - l) as i8)) {
                    m.support[ci] |= bit;
                }
                for s in 0..2 {
                    if self.rank[s][oi] <= self.rank[s][ci] {
                        continue;
                    }
                    if l2 == l {
                        m.ahead[s][ci] |= bit;
                    }
                    if self.stop.contains(&((l2 - l) as i8)) {
                        m.span[s][ci] |= bit;
                    }
                }
            }
        }
        let m: Arc<Masks<B>> = Arc::from(m);
        m
    }
}

impl Duel {
    pub(super) fn new(v: &Variant, pawn: u16, royal: u16, w: &Weights) -> Option<Box<Duel>> {
        if v.seats.len() != 2 || pawn == 0 {
            return None;
        }
        let (f0, f1) = (v.seats[0].forward, v.seats[1].forward);
        let ns = |f| matches!(f, Forward::North | Forward::South);
        if f0 == f1 || ns(f0) != ns(f1) {
            return None;
        }
        let geo = &v.geometry;
        let vertical = ns(f0);
        let mut lanes = Lanes {
            lane: [0; 256],
            rank: [[0; 256]; 2],
            cells: geo.playable_cells().collect(),
            colour: [0; 256],
            stop: vec![0],
            support: Vec::new(),
        };
        for &c in &lanes.cells {
            let sq = geo.square(c);
            lanes.lane[c as usize] = if vertical { sq.file() } else { sq.rank() };
            lanes.colour[c as usize] = (sq.file() + sq.rank()) % 2;
            for s in 0..2 {
                lanes.rank[s][c as usize] = v.relative_rank(Seat(s as u8), sq);
            }
        }
        // Lane offsets of pawn captures (the same for both seats, mirrored).
        let mut promotes = false;
        for (k, info) in v.pieces.iter().enumerate() {
            if pawn & (1 << k) == 0 {
                continue;
            }
            promotes |= !info.promotions.is_empty();
            for st in &info.movement.steps {
                if !st.captures || st.dy <= 0 {
                    continue;
                }
                for dx in [st.dx, -st.dx] {
                    if !lanes.stop.contains(&dx) {
                        lanes.stop.push(dx);
                    }
                    if dx != 0 && !lanes.support.contains(&dx) {
                        lanes.support.push(dx);
                    }
                }
            }
        }
        let mut d = Duel {
            rank: lanes.rank,
            supports: !lanes.support.is_empty(),
            passed: [(0, 0); 16],
            doubled: phased(w.doubled),
            isolated: phased(w.isolated),
            lane_riders: 0,
            open: phased(w.open_lane),
            half_open: phased(w.half_open_lane),
            bound: 0,
            pair: phased(w.pair),
            pawn_threat: phased(w.pawn_threat),
            masks: v.with_width(&lanes),
        };
        if promotes && v.rules.promotion_ranks > 0 {
            // Last rank before the promotion zone.
            let last = v.depth(Seat(0)) as i32 - v.rules.promotion_ranks as i32 - 1;
            let ([mg0, eg0], [mg1, eg1]) = (w.passed_low, w.passed_high);
            for r in 1..=last.clamp(1, 15) {
                let t = (r - 1) as f64 / (last - 1).max(1) as f64;
                let q = t * t;
                d.passed[r as usize] = (
                    (mg0 as f64 + (mg1 - mg0) as f64 * q).round() as i16,
                    (eg0 as f64 + (eg1 - eg0) as f64 * q).round() as i16,
                );
            }
        }
        for (k, info) in v.pieces.iter().enumerate() {
            if (pawn | royal) & (1 << k) != 0 {
                continue;
            }
            let steps = &info.movement.steps;
            let forward_ride = steps
                .iter()
                .any(|st| st.dx == 0 && st.dy > 0 && st.range == 0 && st.moves);
            let diag_ride = steps
                .iter()
                .any(|st| st.dx != 0 && st.dy != 0 && st.range == 0 && st.moves);
            if forward_ride && !diag_ride {
                d.lane_riders |= 1 << k;
            }
            if !steps.is_empty() && steps.iter().all(|st| (st.dx + st.dy) % 2 == 0) {
                d.bound |= 1 << k;
            }
        }
        Some(Box::new(d))
    }
}

impl Eval {
    /// The two-seat terms, from the side to move's point of view.
    pub(super) fn duel_terms<B: HasSliders>(&self, pos: &Position<B>, d: &Duel) -> (i32, i32) {
        let Some(m) = d.masks.downcast_ref::<Masks<B>>() else {
            return (0, 0);
        };
        let rules = pos.rules();
        let mut pawns = [B::EMPTY; 2];
        let mut pawn_att = [B::EMPTY; 2];
        for (s, (p, att)) in pawns.iter_mut().zip(pawn_att.iter_mut()).enumerate() {
            let seat = Seat(s as u8);
            for k in 0..self.kinds {
                if self.pawn & (1 << k) == 0 {
                    continue;
                }
                let bb = pos.pieces(seat, Kind(k as u8));
                *p |= bb;
                *att |= rules.capture_cells(seat, Kind(k as u8), bb);
            }
        }
        let (mut mg, mut eg) = (0i32, 0i32);
        for s in 0..2 {
            let o = 1 - s;
            let seat = Seat(s as u8);
            let (own, theirs) = (pawns[s], pawns[o]);
            let (mut smg, mut seg) = (0i32, 0i32);
            for c in own.iter() {
                let ci = c as usize;
                if !(m.ahead[s][ci] & own).is_empty() {
                    smg += d.doubled.0 as i32;
                    seg += d.doubled.1 as i32;
                } else if (m.span[s][ci] & theirs).is_empty() {
                    let r = d.rank[s][ci] as usize;
                    let (pm, pe) = d.passed[r];
                    smg += pm as i32;
                    seg += pe as i32;
                }
                if d.supports && (m.support[ci] & own).is_empty() {
                    smg += d.isolated.0 as i32;
                    seg += d.isolated.1 as i32;
                }
            }
            let mut kinds = d.lane_riders | d.bound;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let bit = 1u16 << k;
                let bb = pos.pieces(seat, Kind(k as u8));
                if d.lane_riders & bit != 0 {
                    for c in bb.iter() {
                        let lane = m.lane[c as usize];
                        if (lane & own).is_empty() {
                            let (a, b) = if (lane & theirs).is_empty() {
                                d.open
                            } else {
                                d.half_open
                            };
                            smg += a as i32;
                            seg += b as i32;
                        }
                    }
                }
                if d.bound & bit != 0 && !(bb & m.light).is_empty() && !(bb & !m.light).is_empty() {
                    smg += d.pair.0 as i32;
                    seg += d.pair.1 as i32;
                }
            }
            let pieces = pos.seat_pieces(seat) & !own & !pos.royals(seat);
            let hit = (pieces & pawn_att[o]).count() as i32;
            smg -= hit * d.pawn_threat.0 as i32;
            seg -= hit * d.pawn_threat.1 as i32;
            let sign = if seat == pos.turn() { 1 } else { -1 };
            mg += sign * smg;
            eg += sign * seg;
        }
        (mg, eg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tetrarch_rules::Variant;

    fn chess() -> &'static Variant {
        Box::leak(Box::new(Variant::builtin("chess").unwrap()))
    }

    fn eval_of(v: &'static Variant, e: &Eval, fen: &str) -> i32 {
        let pos: Position<u64> = Position::from_fen(v, fen).unwrap();
        e.evaluate(&pos)
    }

    /// The evaluation of `fen` with the two-seat weights as built, less the
    /// evaluation with one of them zeroed by `zero`.
    fn term_of(fen: &str, zero: impl Fn(&mut Duel)) -> i32 {
        let v = chess();
        let e = Eval::new(v);
        let mut z = e.clone();
        let mut d = (**z.duel.as_ref().unwrap()).clone();
        zero(&mut d);
        z.duel = Some(Box::new(d));
        eval_of(v, &e, fen) - eval_of(v, &z, fen)
    }

    #[test]
    fn passed_pawn_beats_a_pawn_stopped_on_the_next_file() {
        let v = chess();
        let e = Eval::new(v);
        // The black pawn on d7 guards e6 and e5's path; the one on a7 does not.
        let free = eval_of(v, &e, "7k/p7/8/4P3/8/8/8/7K w - - 0 1");
        let stopped = eval_of(v, &e, "7k/3p4/8/4P3/8/8/8/7K w - - 0 1");
        assert!(free > stopped + 20, "{free} vs {stopped}");
        // Further advanced, bigger.
        let far = eval_of(v, &e, "7k/p7/4P3/8/8/8/8/7K w - - 0 1");
        assert!(far > free, "{far} vs {free}");
    }

    #[test]
    fn passed_pawns_follow_the_pawns_capture_lanes() {
        // A shogi pawn captures straight ahead: only its own lane stops it.
        let v = Box::leak(Box::new(Variant::builtin("euroshogi").unwrap()));
        let e = Eval::new(v);
        let free = eval_of(v, &e, "3k4/8/p7/8/3P4/8/8/4K3[] w - - 0 1");
        let beside = eval_of(v, &e, "3k4/8/2p5/8/3P4/8/8/4K3[] w - - 0 1");
        let ahead = eval_of(v, &e, "3k4/8/3p4/8/3P4/8/8/4K3[] w - - 0 1");
        assert_eq!(free, beside);
        assert!(beside > ahead, "{beside} vs {ahead}");
    }

    #[test]
    fn doubled_pawns_cost() {
        let v = chess();
        let e = Eval::new(v);
        // Same ranks, every pawn isolated and stopped; only the doubling differs.
        let doubled = eval_of(v, &e, "7k/1p1p4/8/8/8/2P5/2P5/7K w - - 0 1");
        let apart = eval_of(v, &e, "7k/3p1p2/8/8/8/4P3/2P5/7K w - - 0 1");
        assert!(apart > doubled, "{apart} vs {doubled}");
    }

    #[test]
    fn isolated_pawns_cost() {
        let v = chess();
        let e = Eval::new(v);
        let isolated = eval_of(v, &e, "7k/3p4/8/8/8/8/2P1P3/7K w - - 0 1");
        let together = eval_of(v, &e, "7k/3p4/8/8/8/8/2PP4/7K w - - 0 1");
        assert!(together > isolated, "{together} vs {isolated}");
    }

    #[test]
    fn rook_on_open_and_half_open_files() {
        let open = term_of("4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1", |d| {
            d.open = (0, 0);
        });
        assert!(open > 0, "{open}");
        let half = term_of("4k3/pp1p4/8/8/8/8/PP6/3RK3 w - - 0 1", |d| {
            d.half_open = (0, 0);
        });
        assert!(half > 0 && half < open, "{half} vs {open}");
        let closed = term_of("4k3/pp1p4/8/8/8/8/PP1P4/3RK3 w - - 0 1", |d| {
            d.open = (0, 0);
            d.half_open = (0, 0);
        });
        assert_eq!(closed, 0);
    }

    #[test]
    fn bishop_pair_on_both_colours() {
        let pair = term_of("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", |d| d.pair = (0, 0));
        assert!(pair > 0, "{pair}");
        // Two bishops on the same colour are no pair.
        let same = term_of("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", |d| d.pair = (0, 0));
        assert_eq!(same, 0);
        // Black to move: the pair is the opponent's.
        let theirs = term_of("4k3/8/8/8/8/8/8/2B1KB2 b - - 0 1", |d| d.pair = (0, 0));
        assert_eq!(theirs, -pair);
    }

    #[test]
    fn pieces_attacked_by_pawns() {
        // The knight on d5 is hit by the pawn on e6.
        let hit = term_of("4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1", |d| {
            d.pawn_threat = (0, 0)
        });
        assert!(hit < 0, "{hit}");
        let safe = term_of("4k3/8/4p3/2N5/8/8/8/4K3 w - - 0 1", |d| {
            d.pawn_threat = (0, 0)
        });
        assert_eq!(safe, 0);
    }

    #[test]
    #[ignore]
    fn eval_speed() {
        let v = chess();
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
        ];
        let pos: Vec<Position<u64>> = fens
            .iter()
            .map(|f| Position::from_fen(v, f).unwrap())
            .collect();
        let full = Eval::new(v);
        let mut plain = full.clone();
        plain.duel = None;
        for _ in 0..3 {
            for (name, e) in [("plain", &plain), ("full", &full)] {
                let t = std::time::Instant::now();
                let mut sum = 0i64;
                for _ in 0..200_000 {
                    for p in &pos {
                        sum += std::hint::black_box(e).evaluate(std::hint::black_box(p)) as i64;
                    }
                }
                let ns = t.elapsed().as_nanos() as f64 / (200_000.0 * pos.len() as f64);
                println!("{name}: {ns:.1} ns/eval ({sum})");
            }
        }
    }
}
