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
