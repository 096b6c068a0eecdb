//! Property tests (proptest): FEN round trips, incremental hashing and
//! copy-make over positions reached by random legal move sequences, and
//! FEN reading that never panics on bad input.

use crate::common;

use common::{Pos, chess, chess960, chess960_start_fen, pos};
use proptest::prelude::*;
use tetrarch_rules::{Seat, Variant, perft};

/// Roots for the random lines: the start, every EPD position, some chess960 starts.
fn roots() -> Vec<(&'static Variant, String)> {
    let mut r = vec![(chess(), chess().start_fen.clone())];
    r.extend(
        common::parse_epd(common::CHESS_EPD)
            .into_iter()
            .map(|l| (chess(), l.fen)),
    );
    r.extend(
        common::parse_epd(common::CHESS960_EPD)
            .into_iter()
            .map(|l| (chess960(), l.fen)),
    );
    r.extend([0, 100, 518, 959].map(|n| (chess960(), chess960_start_fen(n))));
    r
}

/// The positions along a line: from root `r`, each choice picks among the legal moves.
fn line(roots: &[(&'static Variant, String)], r: usize, choices: &[u16]) -> Vec<Pos> {
    let (v, fen) = &roots[r % roots.len()];
    let mut p = Pos::from_fen(v, fen).unwrap();
    let mut out = vec![p.clone()];
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play_unchecked(moves[c as usize % moves.len()]);
        out.push(p.clone());
    }
    out
}

/// Our FEN reads back to the same FEN, hash, moves and state.
fn check_fen_round_trip(p: &Pos) -> Result<(), TestCaseError> {
    let fen = p.to_fen();
    let q = Pos::from_fen(p.variant(), &fen)
        .map_err(|e| TestCaseError::fail(format!("our own FEN is refused: {fen}: {e}")))?;
    prop_assert_eq!(q.to_fen(), fen.clone());
    prop_assert_eq!(q.hash(), p.hash(), "hash after reading {}", fen);
    prop_assert_eq!(
        common::uci_set(&q),
        common::uci_set(p),
        "moves after reading {}",
        fen
    );
    prop_assert_eq!(q.turn(), p.turn());
    prop_assert_eq!(
        q.castling_rooks(),
        p.castling_rooks(),
        "castling after reading {}",
        fen
    );
    prop_assert_eq!(
        (q.halfmoves(), q.fullmoves()),
        (p.halfmoves(), p.fullmoves())
    );
    for s in [Seat(0), Seat(1)] {
        prop_assert_eq!(q.seat_pieces(s), p.seat_pieces(s));
    }
    for c in 0..64 {
        prop_assert_eq!(q.piece_at(c), p.piece_at(c));
    }
    Ok(())
}

/// ... and the position read back is `==` to the original.
fn check_fen_round_trip_eq(p: &Pos) -> Result<(), TestCaseError> {
    let fen = p.to_fen();
    let q = Pos::from_fen(p.variant(), &fen)
        .map_err(|e| TestCaseError::fail(format!("our own FEN is refused: {fen}: {e}")))?;
    prop_assert!(
        q == *p,
        "position after reading {} is not == (ep cell {:?} vs {:?})",
        fen,
        p.ep_cell(),
        q.ep_cell()
    );
    Ok(())
}

fn check_hash(p: &Pos) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        p.hash(),
        p.compute_hash(),
        "incremental hash in {}",
        p.to_fen()
    );
    Ok(())
}

fn check_copy_make(p: &Pos) -> Result<(), TestCaseError> {
    let before = p.clone();
    let fen = p.to_fen();
    for &m in p.legal_moves().iter() {
        let mut copy = p.clone();
        copy.play_unchecked(m);
        let played = p.play(m).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(
            played == copy,
            "play and play_unchecked differ on {:?} in {}",
            m,
            fen
        );
        prop_assert_eq!(played.hash(), copy.hash());
        prop_assert!(copy != *p, "a move left the position unchanged in {}", fen);
        prop_assert_eq!(copy.turn(), p.turn().next(2));
    }
    // The original is untouched: dropping the copies is the undo.
    prop_assert!(*p == before);
    prop_assert_eq!(p.hash(), before.hash());
    prop_assert_eq!(p.to_fen(), fen);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        // No regression files next to the sources: failures print their input.
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn fen_round_trip(
        r in 0usize..64,
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        for p in line(&roots(), r, &choices) {
            check_fen_round_trip(&p)?;
        }
    }

    #[test]
    fn fen_round_trip_gives_an_equal_position(
        r in 0usize..64,
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        for p in line(&roots(), r, &choices) {
            check_fen_round_trip_eq(&p)?;
        }
    }

    #[test]
    fn incremental_hash_matches_compute_hash(
        r in 0usize..64,
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        for p in line(&roots(), r, &choices) {
            check_hash(&p)?;
        }
    }

    #[test]
    fn copy_make_leaves_the_original_untouched(
        r in 0usize..64,
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        for p in line(&roots(), r, &choices) {
            check_copy_make(&p)?;
        }
    }

    /// Arbitrary text is read or refused, never a panic.
    #[test]
    fn arbitrary_strings_never_panic(s in ".{0,100}") {
        let _ = Pos::from_fen(chess(), &s);
        let _ = Pos::from_fen(chess960(), &s);
        let _ = Pos::from_fen_unchecked(chess(), &s);
    }

    /// Text built from FEN's own alphabet is read or refused, never a panic;
    /// what is read survives its own FEN and answers the usual questions.
    #[test]
    fn fen_alphabet_strings_never_panic(s in "[pnbrqkPNBRQK1-9/]{0,70}( [wb-]( [KQkqA-Ha-h-]{0,5}( [a-h1-8-]{0,2}( [0-9]{0,3}( [0-9]{1,3})?)?)?)?)?") {
        for v in [chess(), chess960()] {
            if let Ok(p) = Pos::from_fen(v, &s) {
                exercise(v, &p)?;
            }
        }
    }

    /// Valid FENs with a few characters changed, deleted, inserted or swapped.
    #[test]
    fn mutated_fens_never_panic(
        r in 0usize..64,
        choices in prop::collection::vec(any::<u16>(), 0..40),
        edits in prop::collection::vec((0u8..4, any::<prop::sample::Index>(), prop::sample::select(
            " /-0123456789pnbrqkPNBRQKwbabcdefghABCDEFGHx+[]".chars().collect::<Vec<_>>()
        )), 1..5),
    ) {
        let positions = line(&roots(), r, &choices);
        let p = positions.last().unwrap();
        let mut fen: Vec<char> = p.to_fen().chars().collect();
        for (op, at, c) in edits {
            match op {
                0 if !fen.is_empty() => { let i = at.index(fen.len()); fen[i] = c; }
                1 if !fen.is_empty() => { fen.remove(at.index(fen.len())); }
                2 => { fen.insert(at.index(fen.len() + 1), c); }
                _ if fen.len() > 1 => { let i = at.index(fen.len() - 1); fen.swap(i, i + 1); }
                _ => {}
            }
        }
        let s: String = fen.into_iter().collect();
        for v in [chess(), chess960()] {
            if let Ok(q) = Pos::from_fen(v, &s) {
                exercise(v, &q)?;
            }
            let _ = Pos::from_fen_unchecked(v, &s);
        }
    }
}

/// A position read from outside: its FEN reads back to the same FEN and
/// hash, and move generation, outcome and a shallow perft run.
fn exercise(v: &Variant, p: &Pos) -> Result<(), TestCaseError> {
    let fen = p.to_fen();
    let q = Pos::from_fen(v, &fen)
        .map_err(|e| TestCaseError::fail(format!("{fen} (read from outside) refused: {e}")))?;
    prop_assert_eq!(q.to_fen(), fen);
    prop_assert_eq!(q.hash(), p.hash());
    prop_assert_eq!(p.hash(), p.compute_hash());
    let n = p.legal_moves().len() as u64;
    prop_assert_eq!(perft(p, 1), n);
    let _ = perft(p, 2);
    let _ = p.outcome();
    Ok(())
}

/// A knight tour out and back returns to the start's hash (the clocks are
/// not hashed) and to the start's FEN but for the clocks.
#[test]
fn moving_out_and_back_restores_the_hash() {
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let back = common::play(&start, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(back.hash(), start.hash());
    assert_eq!(
        back.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    );
    let one = common::play(&start, "g1f3");
    assert_ne!(one.hash(), start.hash());
    // Castling rights are hashed: the same placement without them differs.
    let moved = common::play(&start, "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8");
    let no_rights = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4");
    assert_eq!(moved.to_fen(), no_rights.to_fen());
    assert_eq!(moved.hash(), no_rights.hash());
    let with_rights = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 4 4");
    assert_ne!(with_rights.hash(), no_rights.hash());
}
