//! Helpers shared by the kernel's integration tests: cached variants, FEN
//! set-up, UCI move lists, EPD perft files, a seeded RNG, and the bridge to
//! shakmaty (the reference implementation of chess and chess960).
#![allow(dead_code)]

use std::sync::OnceLock;

use shakmaty::{CastlingMode, EnPassantMode, Position as _};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Move, Position, Variant};

/// Positions of 8x8 chess fit one `u64`.
pub type Pos = Position<u64>;

/// The built-in `chess` variant, read once.
pub fn chess() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("chess").expect("built-in chess"))
}

/// The built-in `chess960` variant, read once.
pub fn chess960() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("chess960").expect("built-in chess960"))
}

/// A chess position from a FEN that must be valid.
pub fn pos(fen: &str) -> Pos {
    Pos::from_fen(chess(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A chess960 position from a FEN that must be valid.
pub fn pos960(fen: &str) -> Pos {
    Pos::from_fen(chess960(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// How `m` is written in UCI in `pos`.
pub fn uci(p: &Pos, m: Move) -> String {
    UciMove::from_move(p, m).to_string()
}

/// The legal moves of `p` as UCI strings, in generation order.
pub fn uci_moves(p: &Pos) -> Vec<String> {
    p.legal_moves().iter().map(|&m| uci(p, m)).collect()
}

/// The legal moves of `p` as sorted UCI strings.
pub fn uci_set(p: &Pos) -> Vec<String> {
    let mut v = uci_moves(p);
    v.sort();
    v
}

/// The legal move `text` names in `p`.
pub fn find(p: &Pos, text: &str) -> Move {
    text.parse::<UciMove>()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .to_move(p)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Whether `text` names a legal move of `p`.
pub fn is_legal(p: &Pos, text: &str) -> bool {
    text.parse::<UciMove>()
        .ok()
        .is_some_and(|u| u.to_move(p).is_ok())
}

/// `p` after the moves in `line` (UCI, space separated).
pub fn play(p: &Pos, line: &str) -> Pos {
    let mut p = p.clone();
    for text in line.split_whitespace() {
        let m = find(&p, text);
        p = p.play(m).unwrap_or_else(|e| panic!("{e}"));
    }
    p
}

/// One line of an EPD perft file: a FEN and `(depth, nodes)` pairs.
#[derive(Clone, Debug)]
pub struct PerftLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The position.
    pub fen: String,
    /// Expected leaf counts by depth.
    pub counts: Vec<(u32, u64)>,
}

/// Parse `<FEN> ;D1 n ;D2 n ...` lines; `#` starts a comment line.
pub fn parse_epd(text: &str) -> Vec<PerftLine> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts
            .next()
            .expect("split yields one part")
            .trim()
            .to_string();
        let mut counts = Vec::new();
        for p in parts {
            let p = p.trim();
            let (d, n) = p
                .split_once(char::is_whitespace)
                .unwrap_or_else(|| panic!("line {}: bad field '{p}'", i + 1));
            let depth: u32 = d
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("line {}: bad depth '{d}'", i + 1));
            let nodes: u64 = n
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("line {}: bad count '{n}'", i + 1));
            counts.push((depth, nodes));
        }
        assert!(!counts.is_empty(), "line {}: no counts", i + 1);
        out.push(PerftLine {
            line: i + 1,
            fen,
            counts,
        });
    }
    out
}

/// The chess perft vectors.
pub const CHESS_EPD: &str = include_str!("../data/chess.epd");
/// The chess960 perft vectors.
pub const CHESS960_EPD: &str = include_str!("../data/chess960.epd");

mod rng;
#[allow(unused_imports)] // not every test file draws random numbers
pub use rng::Rng;

/// A shakmaty position from a FEN, in the given castling mode.
pub fn sm_pos(fen: &str, mode: CastlingMode) -> shakmaty::Chess {
    fen.parse::<shakmaty::fen::Fen>()
        .unwrap_or_else(|e| panic!("shakmaty cannot read {fen}: {e}"))
        .into_position(mode)
        .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}"))
}

/// shakmaty's legal moves as sorted UCI strings.
pub fn sm_uci_set(p: &shakmaty::Chess, mode: CastlingMode) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(mode).to_string())
        .collect();
    v.sort();
    v
}

/// shakmaty's FEN of `p`.
pub fn sm_fen(p: &shakmaty::Chess, ep: EnPassantMode) -> String {
    shakmaty::fen::Fen::from_position(p, ep).to_string()
}

/// The 960 back ranks in Scharnagl numbering (0..960; 518 is the classical one).
pub fn chess960_back_rank(n: usize) -> [u8; 8] {
    assert!(n < 960);
    let mut rank = [0u8; 8];
    let (n, b1) = (n / 4, n % 4);
    rank[b1 * 2 + 1] = b'b';
    let (n, b2) = (n / 4, n % 4);
    rank[b2 * 2] = b'b';
    let (n, q) = (n / 6, n % 6);
    let free = |rank: &[u8; 8]| -> Vec<usize> { (0..8).filter(|&i| rank[i] == 0).collect() };
    let f = free(&rank);
    rank[f[q]] = b'q';
    const KN: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KN[n];
    let f = free(&rank);
    rank[f[a]] = b'n';
    rank[f[b]] = b'n';
    let f = free(&rank);
    rank[f[0]] = b'r';
    rank[f[1]] = b'k';
    rank[f[2]] = b'r';
    rank
}

/// The chess960 start FEN number `n` (Shredder castling letters).
pub fn chess960_start_fen(n: usize) -> String {
    let back = chess960_back_rank(n);
    let black: String = back.iter().map(|&c| c as char).collect();
    let white = black.to_ascii_uppercase();
    let rooks: Vec<char> = (0..8)
        .filter(|&i| back[i] == b'r')
        .map(|i| (b'a' + i as u8) as char)
        .collect();
    let castle_w: String = rooks.iter().rev().map(|c| c.to_ascii_uppercase()).collect();
    let castle_b: String = rooks.iter().rev().collect();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castle_w}{castle_b} - 0 1")
}
