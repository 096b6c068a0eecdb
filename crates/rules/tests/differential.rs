//! Differential testing against shakmaty 0.30.1: seeded random playouts,
//! comparing at every ply the legal move set (as UCI), check, the outcome
//! and the FEN.
//!
//! FEN convention: the kernel writes the en passant square only when the
//! side to move can legally take there (shakmaty's `EnPassantMode::Legal`),
//! the form under which equal positions in the sense of FIDE 9.2.2 get
//! equal FENs. The playouts assert equality with that form exactly.

use crate::common;

use common::{Pos, Rng, chess960_start_fen, sm_fen, sm_pos, sm_uci_set, uci, uci_set};
use shakmaty::{CastlingMode, Color, EnPassantMode, Position as _};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{DrawReason, Outcome, Seat, Variant, WinReason};

/// Extra roots with en passant pins, discovered checks and promotions
/// (from the chessprogramming wiki and shakmaty's tricky perft set).
const TRICKY: &[&str] = &[
    "8/8/8/8/k1pP3Q/8/8/4K3 b - d3 0 1",
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "r3k2r/p6p/8/B7/1pp1p3/3b4/P6P/R3K2R w KQkq - 0 1",
    "8/2k1p3/3pP3/3P2K1/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
];

/// Totals over a run, printed at the end.
#[derive(Default, Debug)]
struct Tally {
    playouts: usize,
    plies: usize,
    checks: usize,
    mates: usize,
    stalemates: usize,
    insufficient: usize,
    fifty: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
    untakeable_en_passant_seen: usize,
}

/// Compare one position of ours with shakmaty's; `mode` names castling.
fn compare(ours: &Pos, theirs: &shakmaty::Chess, mode: CastlingMode, t: &mut Tally, trail: &str) {
    let ctx = || format!("{}\nmoves from root: {trail}", ours.to_fen());
    // Legal moves.
    let a = uci_set(ours);
    let b = sm_uci_set(theirs, mode);
    if a != b {
        let extra: Vec<_> = a.iter().filter(|m| !b.contains(m)).collect();
        let missing: Vec<_> = b.iter().filter(|m| !a.contains(m)).collect();
        panic!(
            "move sets differ in {}\n  we have extra {extra:?}\n  we miss {missing:?}",
            ctx()
        );
    }
    assert_eq!(
        a.len() as u64,
        ours.count_legal_moves(),
        "count in {}",
        ctx()
    );
    // Check.
    assert_eq!(ours.in_check(), theirs.is_check(), "in-check in {}", ctx());
    t.checks += usize::from(theirs.is_check());
    // Outcome: checkmate, stalemate and dead positions must agree exactly;
    // shakmaty has no fifty-move rule in outcome(), so ours must report it
    // exactly when nothing else ends the game and the clock reads 100.
    let expected = if theirs.is_checkmate() {
        t.mates += 1;
        let winner = if theirs.turn() == Color::White { 1 } else { 0 };
        Some(Outcome::Win {
            winner: Seat(winner),
            reason: WinReason::Checkmate,
        })
    } else if theirs.is_stalemate() {
        t.stalemates += 1;
        Some(Outcome::Draw(DrawReason::Stalemate))
    } else if theirs.is_insufficient_material() {
        t.insufficient += 1;
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    } else if theirs.halfmoves() >= 100 {
        t.fifty += 1;
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    } else {
        None
    };
    assert_eq!(ours.outcome(), expected, "outcome in {}", ctx());
    assert_eq!(
        ours.is_insufficient_material(),
        theirs.is_insufficient_material(),
        "insufficient material in {}",
        ctx()
    );
    // FEN.
    let fen = ours.to_fen();
    let legal = sm_fen(theirs, EnPassantMode::Legal);
    assert_eq!(fen, legal, "FEN (legal en passant) after {trail}");
    if sm_fen(theirs, EnPassantMode::PseudoLegal) != legal {
        t.untakeable_en_passant_seen += 1;
    }
}

/// Play `plies` random moves from `fen` in both implementations, comparing
/// at every ply. Moves are chosen from the (equal) sorted UCI lists.
fn playout(
    variant: &Variant,
    fen: &str,
    mode: CastlingMode,
    rng: &mut Rng,
    plies: usize,
    t: &mut Tally,
) {
    let mut ours = Pos::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut theirs = sm_pos(fen, mode);
    let mut trail = String::new();
    t.playouts += 1;
    let mut dead_for = 0;
    for _ in 0..plies {
        compare(&ours, &theirs, mode, t, &trail);
        t.plies += 1;
        let moves = theirs.legal_moves();
        // Stop at mate or stalemate, and a few plies into a dead position.
        dead_for += usize::from(theirs.is_insufficient_material());
        if moves.is_empty() || dead_for > 8 {
            break;
        }
        let mut sorted: Vec<_> = moves.iter().copied().collect();
        sorted.sort_by_key(|m| m.to_uci(mode).to_string());
        let m = sorted[rng.below(sorted.len())];
        let text = m.to_uci(mode).to_string();
        let mine = text
            .parse::<UciMove>()
            .and_then(|u| u.to_move(&ours))
            .unwrap_or_else(|e| panic!("{e} (after {trail})"));
        assert_eq!(
            uci(&ours, mine),
            text,
            "UCI round trip in {}",
            ours.to_fen()
        );
        match mine.kind() {
            tetrarch_rules::MoveKind::Castle => t.castles += 1,
            tetrarch_rules::MoveKind::EnPassant => t.en_passant += 1,
            tetrarch_rules::MoveKind::Promotion(_) => t.promotions += 1,
            _ => {}
        }
        assert_eq!(
            m.is_castle(),
            mine.kind() == tetrarch_rules::MoveKind::Castle
        );
        assert_eq!(
            m.is_en_passant(),
            mine.kind() == tetrarch_rules::MoveKind::EnPassant
        );
        ours = ours.play(mine).unwrap_or_else(|e| panic!("{e}"));
        theirs.play_unchecked(m);
        trail.push_str(&text);
        trail.push(' ');
    }
}

/// Roots of the chess playouts: the start, every EPD position and the tricky set.
fn chess_roots() -> Vec<String> {
    let mut roots = vec![common::chess().start_fen.clone()];
    roots.extend(
        common::parse_epd(common::CHESS_EPD)
            .into_iter()
            .map(|l| l.fen),
    );
    roots.extend(TRICKY.iter().map(|s| s.to_string()));
    roots
}

fn run_chess(playouts: usize, seed: u64) -> Tally {
    let roots = chess_roots();
    let mut rng = Rng::new(seed);
    let mut t = Tally::default();
    for i in 0..playouts {
        // Half the playouts from the start, the rest spread over the other roots.
        let root = if i.is_multiple_of(2) {
            &roots[0]
        } else {
            &roots[1 + (i / 2) % (roots.len() - 1)]
        };
        let plies = 20 + rng.below(150);
        playout(
            common::chess(),
            root,
            CastlingMode::Standard,
            &mut rng,
            plies,
            &mut t,
        );
    }
    println!("{t:?}");
    t
}

fn run_chess960(playouts: usize, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut t = Tally::default();
    for _ in 0..playouts {
        let fen = chess960_start_fen(rng.below(960));
        let plies = 40 + rng.below(160);
        playout(
            common::chess960(),
            &fen,
            CastlingMode::Chess960,
            &mut rng,
            plies,
            &mut t,
        );
    }
    println!("{t:?}");
    t
}

/// The reach of a run: every rule it compares must have come up.
fn assert_reach(t: &Tally) {
    assert!(t.plies > 400_000, "{t:?}");
    assert!(t.en_passant > 50 && t.promotions > 100, "{t:?}");
    assert!(t.mates > 10 && t.stalemates > 10, "{t:?}");
    assert!(t.insufficient > 10 && t.fifty > 10, "{t:?}");
    assert!(t.untakeable_en_passant_seen > 0, "{t:?}");
    assert!(t.castles > 100, "{t:?}");
}

#[test]
fn random_playouts_agree_with_shakmaty() {
    let t = run_chess(10_000, 0x7e77_a7c4);
    assert_eq!(t.playouts, 10_000);
    assert_reach(&t);
}

#[test]
fn chess960_random_playouts_agree_with_shakmaty() {
    let t = run_chess960(2_000, 0x960);
    assert!(t.castles > 100, "{t:?}");
    assert!(t.mates > 0, "{t:?}");
}

/// Every chess960 start position: same moves, FEN and perft(2) as shakmaty.
#[test]
fn chess960_every_start_position() {
    let mut seen = std::collections::HashSet::new();
    for n in 0..960 {
        let fen = chess960_start_fen(n);
        assert!(seen.insert(fen.clone()), "start {n} repeats");
        let ours = common::pos960(&fen);
        // The kernel's own numbering gives the same position.
        let numbered = Pos::fischer_random(common::chess960(), n as u16).unwrap();
        assert!(
            numbered == ours,
            "start {n}: {fen} vs {}",
            numbered.to_fen()
        );
        let theirs = sm_pos(&fen, CastlingMode::Chess960);
        let mut t = Tally::default();
        compare(&ours, &theirs, CastlingMode::Chess960, &mut t, "");
        assert_eq!(
            tetrarch_rules::perft(&ours, 2),
            shakmaty::perft(&theirs, 2),
            "{fen}"
        );
    }
}

#[test]
#[ignore = "long run: 200,000 chess and 50,000 chess960 playouts"]
fn random_playouts_long() {
    run_chess(200_000, 0xdead_beef);
    run_chess960(50_000, 0x0fee_d960);
}
