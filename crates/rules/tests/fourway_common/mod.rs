//! Helpers for the 4-Way Chess tests: the three variants, FEN4 built from
//! a list of pieces, squares by name, and UCI move lists.
#![allow(dead_code)]

use std::sync::OnceLock;

use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Move, Position, Seat, Square, Variant, Wide};

/// Four-player positions need the wide bitboard (14 x 14 cells).
pub type Pos = Position<Wide>;

pub const RED: Seat = Seat(0);
pub const BLUE: Seat = Seat(1);
pub const YELLOW: Seat = Seat(2);
pub const GREEN: Seat = Seat(3);

/// Seat bit sets, as `moving_seats` and `alive_seats` give them.
pub const R: u8 = 1;
pub const B: u8 = 2;
pub const Y: u8 = 4;
pub const G: u8 = 8;

/// The built-in `fourway-teams` variant (Regicide, partners across).
pub fn teams() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("fourway-teams").expect("built-in fourway-teams"))
}

/// The built-in `fourway-original` variant (check, mate removes, armies combine).
pub fn original() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("fourway-original").expect("built-in fourway-original"))
}

/// The built-in `fourway-ffa` variant (Regicide, every seat for itself).
pub fn ffa() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("fourway-ffa").expect("built-in fourway-ffa"))
}

/// The three variants.
pub fn all_variants() -> [&'static Variant; 3] {
    [teams(), original(), ffa()]
}

/// A position from a FEN4 that must be valid.
pub fn pos(v: &Variant, fen: &str) -> Pos {
    Pos::from_fen(v, fen).unwrap_or_else(|e| panic!("{}: {fen}: {e}", v.name))
}

/// Whether a square is one of the cut 3 x 3 corners.
pub fn is_corner(file: u8, rank: u8) -> bool {
    let edge = |x: u8| !(3..=10).contains(&x);
    edge(file) && edge(rank)
}

/// The cell of a square name such as `h1`.
pub fn cell(sq: &str) -> u8 {
    let s: Square = sq.parse().unwrap_or_else(|e| panic!("{e}"));
    teams()
        .geometry
        .cell(s)
        .unwrap_or_else(|| panic!("{sq} is not a square of the 4-way board"))
}

/// The name of a cell.
pub fn square(c: u8) -> String {
    teams().geometry.square(c).to_string()
}

/// The piece on `sq` as FEN4 writes it (`rK`), or `None`.
pub fn at(p: &Pos, sq: &str) -> Option<String> {
    p.piece_at(cell(sq)).map(|pc| {
        let v = p.variant();
        let colour = v.seats[pc.seat.idx()].name.chars().next().unwrap();
        format!(
            "{}{}",
            colour.to_ascii_lowercase(),
            v.pieces[pc.kind.idx()].letter.to_ascii_uppercase()
        )
    })
}

/// How `m` is written in UCI in `p`.
pub fn uci(p: &Pos, m: Move) -> String {
    UciMove::from_move(p, m).to_string()
}

/// The legal moves of `p` as sorted UCI strings.
pub fn uci_set(p: &Pos) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| uci(p, m)).collect();
    v.sort();
    v
}

/// The legal moves of the piece on `from`, as sorted UCI strings.
pub fn moves_from(p: &Pos, from: &str) -> Vec<String> {
    uci_set(p)
        .into_iter()
        .filter(|m| Square::parse_prefix(m).is_some_and(|(sq, _)| sq.to_string() == from))
        .collect()
}

/// Sorted owned strings.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The legal move `text` names in `p`. (Matched on the written UCI of the
/// legal moves, so that a failed look-up never needs the position's FEN.)
pub fn find(p: &Pos, text: &str) -> Move {
    p.legal_moves()
        .iter()
        .copied()
        .find(|&m| uci(p, m) == text)
        .unwrap_or_else(|| {
            panic!(
                "{text} is not legal; seat {} has {:?}",
                p.turn().0,
                uci_set(p)
            )
        })
}

/// Whether `text` names a legal move of `p`.
pub fn is_legal(p: &Pos, text: &str) -> bool {
    p.legal_moves().iter().any(|&m| uci(p, m) == text)
}

/// `p` after the moves in `line` (UCI, space separated).
pub fn play(p: &Pos, line: &str) -> Pos {
    let mut p = p.clone();
    for text in line.split_whitespace() {
        let m = find(&p, text);
        assert!(p.is_legal(m), "{text}");
        p.play_unchecked(m);
    }
    p
}

/// The seat letters (`RBYG`) of a seat bit set, in seat order.
pub fn letters(seats: u8) -> String {
    "RBYG"
        .chars()
        .enumerate()
        .filter(|(i, _)| seats & (1 << i) != 0)
        .map(|(_, c)| c)
        .collect()
}

/// A FEN4 record built from a list of pieces, in the `x`-corner style the
/// kernel writes. The eliminated flags follow the board (a seat without a
/// king is eliminated).
#[derive(Clone, Debug)]
pub struct Fen4 {
    turn: char,
    kingside: [u8; 4],
    queenside: [u8; 4],
    clock: u32,
    ep: Option<String>,
    pieces: Vec<(u8, u8, String)>,
}

impl Fen4 {
    /// Side to move `turn` (`R`, `B`, `Y`, `G`) and pieces written as
    /// colour, kind, square: `"rKh1 rPe4 yKg14"`.
    pub fn new(turn: char, pieces: &str) -> Fen4 {
        let pieces = pieces
            .split_whitespace()
            .map(|t| {
                let (piece, sq) = t.split_at(2);
                let s: Square = sq.parse().unwrap_or_else(|e| panic!("{t}: {e}"));
                assert!(
                    !is_corner(s.file(), s.rank()) && s.file() < 14 && s.rank() < 14,
                    "{t}: not a square of the board"
                );
                (s.file(), s.rank(), piece.to_string())
            })
            .collect();
        Fen4 {
            turn,
            kingside: [0; 4],
            queenside: [0; 4],
            clock: 0,
            ep: None,
            pieces,
        }
    }

    /// Castling flags, per seat R, B, Y, G.
    pub fn castling(mut self, kingside: [u8; 4], queenside: [u8; 4]) -> Fen4 {
        self.kingside = kingside;
        self.queenside = queenside;
        self
    }

    /// The half-move clock.
    pub fn clock(mut self, n: u32) -> Fen4 {
        self.clock = n;
        self
    }

    /// En passant entries, per seat: `["e3:e4", "", "", ""]`.
    pub fn ep(mut self, entries: [&str; 4]) -> Fen4 {
        let inner: Vec<String> = entries.iter().map(|e| format!("'{e}'")).collect();
        self.ep = Some(format!("{{'enPassant':({})}}", inner.join(",")));
        self
    }

    /// The board field alone.
    pub fn board(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..14u8).rev() {
            let mut row: Vec<String> = Vec::new();
            let mut empty = 0;
            for file in 0..14u8 {
                let token = if is_corner(file, rank) {
                    Some("x".to_string())
                } else {
                    self.pieces
                        .iter()
                        .find(|(f, r, _)| *f == file && *r == rank)
                        .map(|(_, _, p)| p.clone())
                };
                match token {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            row.push(empty.to_string());
                            empty = 0;
                        }
                        row.push(t);
                    }
                }
            }
            if empty > 0 {
                row.push(empty.to_string());
            }
            rows.push(row.join(","));
        }
        rows.join("/")
    }

    /// The eliminated flags the board implies.
    pub fn eliminated(&self) -> [u8; 4] {
        let mut out = [1; 4];
        for (i, c) in ['r', 'b', 'y', 'g'].into_iter().enumerate() {
            if self.pieces.iter().any(|(_, _, p)| *p == format!("{c}K")) {
                out[i] = 0;
            }
        }
        out
    }

    /// The whole record.
    pub fn build(&self) -> String {
        let join = |f: [u8; 4]| {
            f.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut s = format!(
            "{}-{}-{}-{}-0,0,0,0-{}-",
            self.turn,
            join(self.eliminated()),
            join(self.kingside),
            join(self.queenside),
            self.clock
        );
        if let Some(e) = &self.ep {
            s += e;
            s.push('-');
        }
        s + &self.board()
    }

    /// The position in variant `v`.
    pub fn pos(&self, v: &Variant) -> Pos {
        pos(v, &self.build())
    }
}

#[allow(unused_imports)] // not every test file draws random numbers
pub use crate::common::Rng;

/// The positions of a random game of `v` from its start, `plies` long at
/// most: a capture is chosen half of the time when there is one (so kings
/// fall and armies freeze or leave), any legal move otherwise.
pub fn random_game(v: &Variant, seed: u64, plies: usize) -> Vec<Pos> {
    let mut rng = Rng::new(seed);
    let mut p = Pos::start(v);
    let mut out = vec![p.clone()];
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| p.piece_at(m.to()).is_some())
            .collect();
        let m = if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        p.play_unchecked(m);
        out.push(p.clone());
    }
    out
}
