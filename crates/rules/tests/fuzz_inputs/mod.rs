//! What every parser must do with any input, shared by the cargo-fuzz
//! targets in `fuzz/` and the bounded property-test run in
//! `tests/fuzzing.rs`: never panic (overflow checks are on in both), and
//! where the input reads, write back what reads again as the same thing.
#![allow(dead_code)] // each user calls the checks it fuzzes

use std::sync::OnceLock;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn::{PgnGame, PgnReader};
use tetrarch_rules::notation::pgn4::{self, Pgn4Game};
use tetrarch_rules::notation::san::SanPlus;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{HasSliders, Position, Variant, Wide};

/// How many legal moves of a read position are played and checked.
const MOVES_CHECKED: usize = 48;

fn builtin(name: &str) -> &'static Variant {
    static CACHE: OnceLock<Vec<(String, Variant)>> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        tetrarch_rules::variant::builtin_names()
            .map(|n| (n.to_string(), Variant::builtin(n).expect("built-in loads")))
            .collect()
    });
    &all.iter()
        .find(|(n, _)| n == name)
        .expect("built-in name")
        .1
}

/// A read position writes a FEN that reads back as the same position, its
/// hash is its own, and its legal moves play (each child checked too).
fn check_position<B: HasSliders>(pos: &Position<B>) {
    let v = pos.variant();
    let fen = pos.to_fen();
    let back = Position::<B>::from_fen(v, &fen)
        .unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
    assert_eq!(&back, pos, "{fen}");
    assert_eq!(back.to_fen(), fen);
    assert_eq!(pos.hash(), pos.compute_hash(), "{fen}");
    for &m in pos.legal_moves().iter().take(MOVES_CHECKED) {
        let after = pos.play(m).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(after.hash(), after.compute_hash(), "{fen} then {m:?}");
        let text = after.to_fen();
        let again = Position::<B>::from_fen(v, &text)
            .unwrap_or_else(|e| panic!("{fen} then {m:?}: {text} does not read back: {e}"));
        assert_eq!(again, after, "{text}");
        let _ = after.outcome();
    }
}

/// FEN of every two-player built-in variant.
pub fn fen(text: &str) {
    for name in ["chess", "chess960", "euroshogi"] {
        if let Ok(pos) = Position::<u64>::from_fen(builtin(name), text) {
            check_position(&pos);
        }
    }
}

/// FEN4 of every four-player built-in variant.
pub fn fen4(text: &str) {
    for name in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        if let Ok(pos) = Position::<Wide>::from_fen(builtin(name), text) {
            check_position(&pos);
        }
    }
}

/// Positions to read move notation in: starts and a few middlegames.
fn move_positions() -> &'static [Position<u64>] {
    static POSITIONS: OnceLock<Vec<Position<u64>>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let chess = builtin("chess");
        let read = |v: &Variant, fen: &str| Position::<u64>::from_fen(v, fen).expect("test FEN");
        vec![
            Position::start(chess),
            read(
                chess,
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ),
            read(chess, "8/P1k5/8/3pP3/8/8/5K2/8 w - d6 0 1"),
            Position::start(builtin("chess960")),
            Position::start(builtin("euroshogi")),
            read(
                builtin("euroshogi"),
                "1nbgkgn1/1r4b1/pppp1pp1/4p3/4P3/PPPP1PP1/1B4R1/1NGKGBN1[Pp] w - - 0 1",
            ),
        ]
    })
}

/// SAN in those positions: a move it names writes SAN naming it again.
pub fn san(text: &str) {
    let Ok(san) = text.parse::<SanPlus>() else {
        return;
    };
    let _ = san.to_string();
    for pos in move_positions() {
        if let Ok(m) = san.san.to_move(pos) {
            let written = SanPlus::from_move(pos, m).to_string();
            let again = written.parse::<SanPlus>().expect("written SAN reads");
            assert_eq!(again.san.to_move(pos).ok(), Some(m), "{text} -> {written}");
        }
    }
}

/// UCI moves in those positions.
pub fn uci(text: &str) {
    let Ok(uci) = text.parse::<UciMove>() else {
        return;
    };
    let _ = uci.to_string();
    for pos in move_positions() {
        if let Ok(m) = uci.to_move(pos) {
            let written = UciMove::from_move(pos, m).to_string();
            let again = written.parse::<UciMove>().expect("written UCI reads");
            assert_eq!(again.to_move(pos).ok(), Some(m), "{text} -> {written}");
        }
    }
}

/// PGN: each game that reads writes text that reads as the same game, and
/// replays (or fails to) without a panic.
pub fn pgn(text: &str) {
    for game in PgnReader::new(text).take(16).flatten() {
        pgn_round_trip(&game);
        let _ = Game::<u64>::from_pgn(&game, builtin("chess"));
    }
}

fn pgn_round_trip(game: &PgnGame) {
    let written = game.to_string();
    let mut again = PgnReader::new(&written);
    let back = again
        .next()
        .unwrap_or_else(|| panic!("nothing read back from {written:?}"))
        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert!(again.next().is_none(), "{written:?} reads as several games");
    assert_eq!(back.moves, game.moves, "{written:?}");
    assert_eq!(back.result(), Some(marker(game.result())), "{written:?}");
    for (name, _) in &game.tags {
        if name != "Result" {
            assert_eq!(
                back.tag(name),
                game.tag(name).map(flat).as_deref(),
                "{written:?}"
            );
        }
    }
    assert_eq!(back.to_string(), written, "writing is not stable");
}

fn flat(value: &str) -> String {
    value.replace(['\n', '\r'], " ")
}

fn marker(result: Option<&str>) -> &'static str {
    match result {
        Some("1-0") => "1-0",
        Some("0-1") => "0-1",
        Some("1/2-1/2" | "1/2" | "½-½") => "1/2-1/2",
        Some("*") => "*",
        _ => "*",
    }
}

/// PGN4: a file that reads writes text that reads as the same games, and
/// each replays (or fails to) without a panic.
pub fn pgn4(text: &str) {
    let Ok(games) = pgn4::read_all(text) else {
        return;
    };
    for game in games.iter().take(16) {
        let written = game.to_string();
        let back: Pgn4Game = written
            .parse()
            .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(&back, game, "{written:?}");
        let name = game.variant().unwrap_or("fourway-teams");
        let _ = Game::<Wide>::from_pgn4(game, builtin(name));
    }
}

/// A variant file: if it loads, its start position plays a few moves
/// whose FENs read back, in whatever width the board needs.
pub fn variant(text: &str) {
    let Ok(v) = Variant::from_toml(text, "fuzzed.toml") else {
        return;
    };
    v.with_width(PlaySome);
}

struct PlaySome;

impl tetrarch_rules::variant::WithWidth for PlaySome {
    type Output = ();
    fn run<B: HasSliders>(self, v: &Variant) {
        let mut pos = Position::<B>::start(v);
        for ply in 0..8 {
            check_position(&pos);
            let moves = pos.legal_moves();
            let Some(&m) = moves.get(ply * 7 % moves.len().max(1)) else {
                return;
            };
            pos = pos.play(m).expect("a legal move plays");
        }
    }
}

/// The seed inputs of each target, from the test data and the built-in
/// variants: what `fuzz/seed-corpora` copies into the fuzzers' corpora.
pub mod seeds {
    const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

    fn read(name: &str) -> String {
        std::fs::read_to_string(format!("{DATA}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// The position of each EPD line (before its first `;`), the variant
    /// name in front of a FEN4 dropped.
    fn epd(name: &str) -> Vec<String> {
        read(name)
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or("").trim())
            .map(|l| match l.split_once(' ') {
                Some((first, rest)) if first.starts_with("fourway") => rest.to_string(),
                _ => l.to_string(),
            })
            .collect()
    }

    /// FENs of the two-player variants.
    pub fn fen() -> Vec<String> {
        let mut all = epd("chess.epd");
        all.extend(epd("chess960.epd"));
        all.extend(epd("euroshogi.epd"));
        all
    }

    /// FEN4s.
    pub fn fen4() -> Vec<String> {
        epd("fourway.epd")
    }

    /// PGN files, whole.
    pub fn pgn() -> Vec<String> {
        vec![read("famous.pgn"), read("special.pgn")]
    }

    /// PGN4 files, whole.
    pub fn pgn4() -> Vec<String> {
        [
            "chesscom-teams-2019.pgn4",
            "queencheck.pgn4",
            "chesscom-teams-2023-26780486.pgn4",
            "chesscom-teams-2023-26780489.pgn4",
        ]
        .iter()
        .map(|n| read(&format!("pgn4/{n}")))
        .collect()
    }

    /// SAN tokens from the PGN files.
    pub fn san() -> Vec<String> {
        let mut all: Vec<String> = pgn()
            .iter()
            .flat_map(|t| t.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .filter(|t| t.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
            .collect();
        all.sort();
        all.dedup();
        all.extend(["O-O", "O-O-O", "exd6e.p.", "e8=Q+", "P@e4", "N@f3", "--"].map(String::from));
        all
    }

    /// UCI moves.
    pub fn uci() -> Vec<String> {
        [
            "e2e4", "e7e8q", "e1g1", "e1h1", "g1f3", "P@e4", "0000", "a7a8n", "d5e6",
        ]
        .map(String::from)
        .to_vec()
    }

    /// The built-in variant files and the full files the built-ins extend.
    pub fn variant() -> Vec<String> {
        let mut all: Vec<String> = tetrarch_rules::variant::builtin_names()
            .map(|n| {
                tetrarch_rules::variant::builtin(n)
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        for n in ["chess960", "fourway-ffa", "fourway-original"] {
            all.push(read(&format!("full-variants/{n}.toml")));
        }
        all
    }
}
