use crate::{Position, Variant, perft};

fn chess(fen: &str) -> Position<u64> {
    Position::from_fen(&Variant::builtin("chess").unwrap(), fen).unwrap()
}

#[test]
fn perft_start_shallow() {
    let pos = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(perft(&pos, 1), 20);
    assert_eq!(perft(&pos, 2), 400);
    assert_eq!(perft(&pos, 3), 8902);
    assert_eq!(perft(&pos, 4), 197281);
}

#[test]
fn perft_kiwipete_shallow() {
    let pos = chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    assert_eq!(perft(&pos, 1), 48);
    assert_eq!(perft(&pos, 2), 2039);
    assert_eq!(perft(&pos, 3), 97862);
}

#[test]
fn castling_clears_both_rights_of_the_castling_side() {
    use crate::notation::uci::UciMove;
    let mut pos = chess("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    for m in "e8g8 a1a2 f8f7 a2a1 f7h7 a1a2 g8f8 a2a1 f8e8 a1a2 h7h8 a2a1".split(' ') {
        pos = pos
            .play(m.parse::<UciMove>().unwrap().to_move(&pos).unwrap())
            .unwrap();
    }
    assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R b K - 12 7");
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn chess_castling_rights_need_king_and_rook_on_their_start_squares() {
    let v = Variant::builtin("chess").unwrap();
    for fen in [
        "1r2k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "rk5r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1",
    ] {
        let err = Position::<u64>::from_fen(&v, fen).unwrap_err();
        assert!(err.to_string().contains("castling right"), "{fen}: {err}");
    }
    // Chess960 allows any king between its rooks.
    let fischer = Variant::builtin("chess960").unwrap();
    assert!(Position::<u64>::from_fen(&fischer, "rk5r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").is_ok());
}

#[test]
fn fen_errors_are_clear() {
    use std::error::Error;
    let v = Variant::builtin("chess").unwrap();
    let err = Position::<u64>::from_fen(&v, "8/8/8/8/8/8/8/é w - - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FEN, record field, character 15: 'é' is not a FEN character"
    );
    let err = Position::<u64>::from_fen(&v, "8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("impossible position: black has 0 royal pieces"),
        "{err}"
    );
    assert!(err.source().is_none(), "the message already says it all");
}
