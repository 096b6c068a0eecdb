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
