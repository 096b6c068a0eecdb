#![allow(dead_code)]
//! Helpers shared by the tests of European Chess's named variants
//! (`european_koth.rs`, `european_checks.rs`, `european_ctf.rs`).

pub use crate::lineup_play::{Pos, moves, piece, play};
use tetrarch_rules::{AnyGame, AnyVariant, Seat, Variant, VariantError};

pub fn variant(name: &str) -> Variant {
    Variant::builtin(name).unwrap()
}

pub fn pos(name: &str, text: &str) -> Pos {
    Pos::from_fen(&variant(name), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn from(p: &Pos, sq: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(sq)).collect()
}

pub fn is_legal(p: &Pos, text: &str) -> bool {
    moves(p).iter().any(|m| m == text)
}

/// A FEN4 of European Chess: side to move, points, extras, board rows from
/// rank 8 down, each square's contents separated by `,` (`3` for three
/// empty squares). A seat with no king is marked eliminated.
pub fn fen(turn: char, points: &str, extras: &str, rows: [&str; 8]) -> String {
    fen_out_by(turn, points, extras, rows, |c, r| {
        r.contains(&format!("{c}K"))
    })
}

/// The same where any piece keeps a seat in (Capture the Flag).
pub fn fen_pieces(turn: char, points: &str, extras: &str, rows: [&str; 8]) -> String {
    fen_out_by(turn, points, extras, rows, |c, r| {
        r.split(',').any(|t| t.starts_with(c) && t.len() == 2)
    })
}

fn fen_out_by(
    turn: char,
    points: &str,
    extras: &str,
    rows: [&str; 8],
    keeps: impl Fn(char, &str) -> bool,
) -> String {
    let out: Vec<&str> = ['r', 'b', 'y', 'g']
        .iter()
        .map(|&c| {
            if rows.iter().any(|r| keeps(c, r)) {
                "0"
            } else {
                "1"
            }
        })
        .collect();
    let extras = if extras.is_empty() {
        String::new()
    } else {
        format!("{{{extras}}}-")
    };
    format!(
        "{turn}-{}-0,0,0,0-0,0,0,0-{points}-0-{extras}{}",
        out.join(","),
        rows.join("/")
    )
}

/// Every seat past its opening turns (no rule against checking).
pub const PLAYED: &str = "'turns':(2,2,2,2)";

/// The error of a variant file read from `text`.
pub fn file_error(text: &str) -> VariantError {
    Variant::from_toml(text, "named.toml").unwrap_err()
}

/// The field a variant error names.
pub fn field_of(e: &VariantError) -> String {
    match e {
        VariantError::Field { field, .. } => field.clone(),
        other => panic!("not a field error: {other}"),
    }
}

/// xorshift64*.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// Random games of `name` from its start (each seat starting in turn),
/// captures three times as likely: no panic, every position's text and
/// hash round trip, the game's text as the kernel's, and the record
/// replays to the last position. Returns the positions seen and the
/// outcomes' reasons.
pub fn random_games(name: &str, games: u64, seed: u64) -> (usize, Vec<String>) {
    let v = variant(name);
    let any = AnyVariant::builtin(name).unwrap();
    let mut rng = Rng(seed | 1);
    let mut seen = 0;
    let mut reasons = Vec::new();
    for g in 0..games {
        let starter = ['R', 'B', 'Y', 'G'][g as usize % 4];
        let text = Pos::start(&v)
            .to_fen()
            .replacen('R', &starter.to_string(), 1);
        let mut p = pos(name, &text);
        let mut game = AnyGame::from_position(&any, Some(&text)).unwrap();
        for _ in 0..400 {
            if game.outcome().is_some() {
                break;
            }
            seen += 1;
            let back = pos(name, &p.to_fen());
            assert_eq!(back, p, "{}", p.to_fen());
            assert_eq!(back.hash(), p.hash(), "{}", p.to_fen());
            assert_eq!(p.hash(), p.compute_hash(), "{}", p.to_fen());
            let all = moves(&p);
            if all.is_empty() {
                break;
            }
            let captures: Vec<&String> = all
                .iter()
                .filter(|m| m.len() >= 4 && piece(&p, &m[2..4]).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.below(4) > 0 {
                captures[rng.below(captures.len())].clone()
            } else {
                all[rng.below(all.len())].clone()
            };
            p = play(&p, &m);
            game.play(&m).unwrap();
            assert_eq!(game.position_text(), p.to_fen());
        }
        if let Some(o) = game.outcome() {
            reasons.push(format!("{o:?}"));
        }
        let record = game.record(&[]);
        let read = any
            .record_format()
            .read(&record, Some(&any))
            .next()
            .expect("one game")
            .unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert_eq!(read.game.position_text(), game.position_text(), "{record}");
    }
    (seen, reasons)
}

/// The seats still in, as a list.
pub fn alive(p: &Pos) -> Vec<u8> {
    (0..4)
        .filter(|&s| p.alive_seats() & (1 << s) != 0)
        .collect()
}

#[allow(dead_code)]
pub fn seat(n: u8) -> Seat {
    Seat(n)
}
