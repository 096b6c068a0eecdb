//! Bulk-counting perft of tetrarch, cozy-chess and shakmaty side by side
//! on the start position and kiwipete, as throughput in nodes per second;
//! tetrarch both on its typed position and through the width-free game
//! every command uses (`tetrarch-any`), which must be no slower.
//!
//! `cargo bench -p tetrarch --bench perft`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tetrarch::reference::{cozy_perft, shakmaty_perft};
use tetrarch_rules::{AnyGame, AnyVariant, Position, Variant, perft};

/// `(name, FEN, depth, nodes at that depth)`.
const POSITIONS: [(&str, &str, u32, u64); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        197_281,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        97_862,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let chess = Variant::builtin("chess").expect("chess");
    let any_chess = AnyVariant::Chess(chess.clone());
    for (name, fen, depth, nodes) in POSITIONS {
        let tetrarch = Position::<u64>::from_fen(&chess, fen).expect("tetrarch FEN");
        let any = AnyGame::from_position(&any_chess, Some(fen)).expect("tetrarch FEN");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess FEN");
        let shak: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .expect("shakmaty FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("shakmaty position");
        assert_eq!(perft(&tetrarch, depth), nodes, "tetrarch {name}");
        assert_eq!(any.perft(depth), nodes, "tetrarch-any {name}");
        assert_eq!(cozy_perft(&cozy, depth), nodes, "cozy-chess {name}");
        assert_eq!(shakmaty_perft(&shak, depth), nodes, "shakmaty {name}");

        let mut group = c.benchmark_group(format!("perft/{name}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(20);
        group.bench_with_input(BenchmarkId::new("tetrarch", depth), &depth, |b, &d| {
            b.iter(|| perft(black_box(&tetrarch), d))
        });
        group.bench_with_input(BenchmarkId::new("tetrarch-any", depth), &depth, |b, &d| {
            b.iter(|| black_box(&any).perft(d))
        });
        group.bench_with_input(BenchmarkId::new("cozy-chess", depth), &depth, |b, &d| {
            b.iter(|| cozy_perft(black_box(&cozy), d))
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", depth), &depth, |b, &d| {
            b.iter(|| shakmaty_perft(black_box(&shak), d))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
