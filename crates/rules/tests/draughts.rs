//! The draughts family: perft (English draughts against published counts,
//! 4-Way Checkers pinned and checked against an independent, deliberately
//! simple generator on thousands of random positions), random playouts
//! with invariants, position text round trips, and bad input.

use crate::draughts_reference;

use draughts_reference::{RefPos, Shape};
use tetrarch_rules::draughts::{DraughtsVariant, Position};
use tetrarch_rules::family;
use tetrarch_rules::{AnyGame, AnyVariant, MoveList};

fn variant(name: &str) -> DraughtsVariant {
    match AnyVariant::builtin(name).unwrap() {
        AnyVariant::Draughts(v) => v,
        other => panic!("{} is not draughts", other.name()),
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn texts(pos: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let mut t: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    t.sort();
    t
}

fn ref_texts(r: &RefPos) -> Vec<String> {
    let mut t: Vec<String> = r.moves().iter().map(|m| m.text()).collect();
    t.sort();
    t
}

/// The position text without its two counters.
fn board_part(text: &str) -> String {
    let mut fields: Vec<&str> = text.split(':').collect();
    fields.truncate(fields.len() - 2);
    fields.join(":")
}

#[test]
fn english_draughts_perft_matches_the_published_counts() {
    let pos = Position::start(&variant("english-draughts"));
    let published = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];
    for (d, &n) in published.iter().enumerate() {
        assert_eq!(family::perft(&pos, d as u32 + 1), n, "depth {}", d + 1);
    }
}

/// Pinned; the reference generator below agrees to depth 5 (and to depth 6
/// in the ignored test).
const FOURWAY_PERFT: [u64; 6] = [7, 50, 308, 1935, 12922, 81754];

#[test]
fn fourway_checkers_perft_is_pinned() {
    let pos = Position::start(&variant("fourway-checkers"));
    for (d, &n) in FOURWAY_PERFT.iter().enumerate() {
        assert_eq!(family::perft(&pos, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn reference_agrees_on_perft_from_the_starts() {
    let r = RefPos::start(&Shape::fourway());
    for (d, &n) in FOURWAY_PERFT.iter().enumerate().take(4) {
        assert_eq!(r.perft(d as u32 + 1), n, "4-way depth {}", d + 1);
    }
    let e = RefPos::start(&Shape::english());
    assert_eq!(e.perft(5), 7361);
}

#[test]
#[ignore = "slow in debug builds: the reference generator to depth 6"]
fn reference_agrees_on_fourway_perft_depth_6() {
    let r = RefPos::start(&Shape::fourway());
    assert_eq!(r.perft(5), FOURWAY_PERFT[4]);
    assert_eq!(r.perft(6), FOURWAY_PERFT[5]);
}

#[test]
fn the_start_positions_are_as_the_rules_say() {
    let v = variant("fourway-checkers");
    assert_eq!(v.dark_cells().len(), 80);
    let start = Position::start(&v).to_text();
    assert_eq!(
        start,
        "R:Rd1,f1,h1,j1,e2,g2,i2,k2,d3,f3,h3,j3\
         :Ba4,c4,b5,a6,c6,b7,a8,c8,b9,a10,c10,b11\
         :Ye12,g12,i12,k12,d13,f13,h13,j13,e14,g14,i14,k14\
         :Gm4,l5,n5,m6,l7,n7,m8,l9,n9,m10,l11,n11:0:1"
    );
    assert_eq!(board_part(&start), RefPos::start(&Shape::fourway()).text());
    let e = Position::start(&variant("english-draughts")).to_text();
    assert_eq!(
        e,
        "B:Ba1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Wb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8:0:1"
    );
}

/// A random position: random men and kings of each seat on dark cells (no
/// man on its crowning row), some seats out, a random seat to move.
fn random_text(shape: &Shape, rng: &mut Rng) -> String {
    let n = shape.seats.len();
    let mut cells = shape.dark_cells();
    let mut fields = Vec::new();
    let turn = rng.below(n);
    let mut taken = Vec::new();
    for s in 0..n {
        let letter = shape.seats[s].1;
        if s != turn && rng.below(6) == 0 {
            fields.push(format!("{letter}-"));
            continue;
        }
        let count = rng.below(9);
        let mut pieces = Vec::new();
        for _ in 0..count {
            let i = rng.below(cells.len());
            let c = cells[i];
            let king = rng.below(3) == 0 || shape.crowning(s, c.0, c.1);
            if taken.contains(&c) {
                continue;
            }
            taken.push(c);
            cells.swap_remove(i);
            pieces.push(format!(
                "{}{}",
                if king { "K" } else { "" },
                draughts_reference::name(c)
            ));
        }
        fields.push(format!("{letter}{}", pieces.join(",")));
    }
    format!("{}:{}", shape.seats[turn].1, fields.join(":"))
}

/// The reference position of a text as `random_text` writes it.
fn ref_from_text(shape: &Shape, text: &str) -> RefPos {
    let fields: Vec<&str> = text.split(':').collect();
    let turn = shape
        .seats
        .iter()
        .position(|s| s.1.to_string() == fields[0])
        .unwrap();
    let mut r = RefPos::start(shape);
    r.pieces.clear();
    r.turn = turn;
    for (s, f) in fields[1..=shape.seats.len()].iter().enumerate() {
        let rest = &f[1..];
        r.alive[s] = rest != "-";
        if rest == "-" {
            continue;
        }
        for p in rest.split(',').filter(|p| !p.is_empty()) {
            let (king, cell) = match p.strip_prefix('K') {
                Some(c) => (true, c),
                None => (false, p),
            };
            let file = i32::from(cell.as_bytes()[0] - b'a');
            let rank: i32 = cell[1..].parse::<i32>().unwrap() - 1;
            r.pieces.insert((file, rank), (s, king));
        }
    }
    r.settle();
    r
}

/// Compare the kernel with the reference on `count` random positions and
/// on every position one move after each: the moves, and the position
/// each move leads to.
fn compare_random(name: &str, shape: &Shape, count: usize, seed: u64) {
    let v = variant(name);
    let mut rng = Rng(seed);
    let mut captures = 0;
    for _ in 0..count {
        let text = random_text(shape, &mut rng);
        let pos = Position::from_text(&v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let r = ref_from_text(shape, &text);
        assert_eq!(board_part(&pos.to_text()), r.text(), "settled {text}");
        assert_eq!(texts(&pos), ref_texts(&r), "moves of {text}");
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        for (&m, rm) in list.iter().zip(&r.moves()) {
            let _ = rm;
            let mut next = pos.clone();
            next.play_unchecked(m);
            let text_m = pos.move_text(m);
            let rm = r.moves().into_iter().find(|x| x.text() == text_m).unwrap();
            let rn = r.play(&rm);
            assert_eq!(
                board_part(&next.to_text()),
                rn.text(),
                "{text} then {text_m}"
            );
            let reread = Position::from_text(&v, &next.to_text()).unwrap();
            assert_eq!(reread.hash(), next.hash(), "hash after {text} {text_m}");
            assert_eq!(reread, next);
            captures += usize::from(m.is_capture());
        }
    }
    assert!(captures > count / 4, "too few captures tried: {captures}");
}

#[test]
fn kernel_agrees_with_the_reference_on_random_fourway_positions() {
    compare_random("fourway-checkers", &Shape::fourway(), 3000, 0x5EED_0001);
}

#[test]
fn kernel_agrees_with_the_reference_on_random_english_positions() {
    compare_random("english-draughts", &Shape::english(), 2000, 0x5EED_0002);
}

#[test]
fn kernel_agrees_with_the_reference_along_random_games() {
    for (name, shape) in [
        ("fourway-checkers", Shape::fourway()),
        ("english-draughts", Shape::english()),
    ] {
        let v = variant(name);
        let mut rng = Rng(0xD1CE);
        for _ in 0..30 {
            let mut pos = Position::start(&v);
            let mut r = RefPos::start(&shape);
            for _ in 0..300 {
                assert_eq!(texts(&pos), ref_texts(&r), "{}", pos.to_text());
                let mut list = MoveList::new();
                pos.legal_moves_into(&mut list);
                if list.is_empty() {
                    break;
                }
                let m = list[rng.below(list.len())];
                let rm = r
                    .moves()
                    .into_iter()
                    .find(|x| x.text() == pos.move_text(m))
                    .unwrap();
                pos.play_unchecked(m);
                r = r.play(&rm);
                assert_eq!(board_part(&pos.to_text()), r.text());
            }
        }
    }
}

/// Invariants along random games: pieces never multiply or overlap, a
/// capture removes one piece a jump, out seats hold nothing, the seat to
/// move is in, the hash is the one recomputed from the text, every move's
/// text reads back to it, and the text round-trips.
#[test]
fn random_playouts_keep_the_invariants() {
    for name in ["fourway-checkers", "english-draughts"] {
        let v = AnyVariant::builtin(name).unwrap();
        let dv = variant(name);
        let mut rng = Rng(0xBEEF);
        for _ in 0..40 {
            let mut game = AnyGame::new(&v);
            let mut pos = Position::start(&dv);
            for _ in 0..600 {
                if game.outcome().is_some() {
                    break;
                }
                let mut list = MoveList::new();
                pos.legal_moves_into(&mut list);
                assert!(
                    !list.is_empty(),
                    "a seat to move has a move: {}",
                    pos.to_text()
                );
                let seats = v.seat_count();
                let total = |p: &Position| {
                    (0..seats)
                        .map(|s| p.pieces(tetrarch_rules::Seat(s)).count_ones())
                        .sum::<u32>()
                };
                for &m in list.iter() {
                    assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
                }
                let m = list[rng.below(list.len())];
                let before = total(&pos);
                let mut next = pos.clone();
                next.play_unchecked(m);
                let mut union = 0u128;
                for s in 0..seats {
                    let p = next.pieces(tetrarch_rules::Seat(s));
                    assert_eq!(union & p, 0, "overlap");
                    union |= p;
                    if next.alive() & (1 << s) == 0 {
                        assert_eq!(p, 0, "an out seat holds pieces");
                    }
                }
                assert_eq!(next.kings() & !union, 0);
                let taken = if m.is_capture() { m.legs() as u32 } else { 0 };
                assert!(
                    total(&next) <= before - taken,
                    "a capture takes a piece a jump"
                );
                if next.alive() == pos.alive() {
                    assert_eq!(total(&next), before - taken);
                }
                assert!(next.alive() & (1 << next.turn().0) != 0 || next.alive().count_ones() <= 1);
                let back = Position::from_text(&dv, &next.to_text()).unwrap();
                assert_eq!(back.to_text(), next.to_text());
                assert_eq!(back.hash(), next.hash());
                game.play(&pos.move_text(m)).unwrap();
                assert_eq!(game.position_text(), next.to_text());
                pos = next;
            }
        }
    }
}
