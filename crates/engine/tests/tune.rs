//! Texel tuning: self-play samples replay from their seed and read back,
//! the fit moves a weight towards what the results say, and it refuses
//! what it cannot fit with a clear error.

use tetrarch_engine::eval::Weights;
use tetrarch_engine::tune::{
    FitConfig, Sample, SelfPlay, TuneError, fit, read_samples, self_play, write_samples,
};
use tetrarch_rules::{AnyVariant, Position, Variant};

fn quick(seed: u64) -> SelfPlay {
    SelfPlay {
        games: 2,
        nodes: 300,
        random_plies: 4,
        skip_plies: 6,
        max_plies: 40,
        seed,
    }
}

#[test]
fn self_play_samples_replay_from_their_seed_and_read_back() {
    for name in ["chess", "euroshogi"] {
        let variant = AnyVariant::builtin(name).unwrap();
        let a = self_play(&variant, None, &quick(7), &mut |_| {}).unwrap();
        let b = self_play(&variant, None, &quick(7), &mut |_| {}).unwrap();
        assert_eq!(a, b, "{name}: the same seed plays the same games");
        let most = 2 * (40 - 6);
        assert!(
            !a.is_empty() && a.len() <= most,
            "{name}: plies 7 to 40 of two games: {}",
            a.len()
        );
        let AnyVariant::Chess(v) = &variant else {
            panic!("a chess-kernel variant")
        };
        for s in &a {
            assert!([0.0, 0.5, 1.0].contains(&s.result));
            Position::<u64>::from_fen(v, &s.position).unwrap();
        }
        assert_eq!(read_samples(&write_samples(&a)).unwrap(), a);
    }
}

/// Kings and four pawns each, white with an extra piece on the third or
/// fourth rank (`N` knight, `P` pawn) somewhere: either wins three games in
/// five and draws the others.
fn extra_piece_samples() -> Vec<Sample> {
    let mut samples = Vec::new();
    for (piece, wins) in [('N', 3), ('P', 3)] {
        for rank in [3, 4] {
            for file in 0..8 {
                let row = format!("{file}{piece}{}", 7 - file).replace('0', "");
                let mut rows =
                    ["4k3", "pppp4", "8", "8", "8", "8", "PPPP4", "4K3"].map(String::from);
                rows[8 - rank] = row;
                for game in 0..5 {
                    let turn = if (file + game) % 2 == 0 { "w" } else { "b" };
                    samples.push(Sample {
                        position: format!("{} {turn} - - 0 1", rows.join("/")),
                        result: if game < wins { 1.0 } else { 0.5 },
                    });
                }
            }
        }
    }
    samples
}

#[test]
fn the_fit_lowers_a_knight_that_wins_no_more_than_a_pawn() {
    let chess = Variant::builtin("chess").unwrap();
    let samples = extra_piece_samples();
    let start = Weights::default();
    let knight = chess.kind_by_letter('n').unwrap().idx();
    let derived = tetrarch_engine::Eval::with_weights(&chess, &start).values[knight];
    let cfg = FitConfig {
        rounds: 2,
        values: true,
        only: vec!["values.n".to_string()],
    };
    let mut lines = Vec::new();
    let found = fit(&chess, &start, &samples, &cfg, &mut |l| {
        lines.push(l.to_string())
    })
    .unwrap();
    let n = found.weights.values["n"];
    assert!(
        n < derived - 100,
        "the knight's value fell from {derived} to {n}: {lines:?}"
    );
    let mut others = found.weights.clone();
    others.values.clear();
    assert_eq!(others, start, "only the knight's value moved");
    assert!(found.train.1 < found.train.0, "{:?}", found.train);
    assert_eq!(found.positions.0 + found.positions.1, samples.len());
    let reread = Weights::from_toml(&found.weights.to_toml().unwrap()).unwrap();
    assert_eq!(reread, found.weights);
}

#[test]
fn what_cannot_be_tuned_is_a_clear_error() {
    let four = AnyVariant::builtin("fourway-teams").unwrap();
    let err = self_play(&four, None, &quick(1), &mut |_| {}).unwrap_err();
    assert!(matches!(err, TuneError::NotTwoSeats(_)), "{err}");
    let bad = read_samples("1 8/8/8/8/8/8/8/K6k w - - 0 1\n2 8/8/8/8/8/8/8/K6k w - - 0 1\n");
    assert_eq!(
        bad.unwrap_err().to_string(),
        "samples line 2: the result is not 1, 0.5 or 0"
    );
    let chess = Variant::builtin("chess").unwrap();
    let broken = vec![Sample {
        position: "not a position".into(),
        result: 1.0,
    }];
    let cfg = FitConfig {
        rounds: 1,
        values: false,
        only: Vec::new(),
    };
    let err = fit(&chess, &Weights::default(), &broken, &cfg, &mut |_| {}).unwrap_err();
    assert!(err.to_string().starts_with("samples line 1:"), "{err}");
    let err = fit(&chess, &Weights::default(), &[], &cfg, &mut |_| {}).unwrap_err();
    assert!(matches!(err, TuneError::Empty(0)), "{err}");
    let typo = FitConfig {
        only: vec!["mobilty".to_string()],
        ..cfg
    };
    let err = fit(
        &chess,
        &Weights::default(),
        &extra_piece_samples(),
        &typo,
        &mut |_| {},
    );
    assert_eq!(
        err.unwrap_err().to_string(),
        "no weight is named mobilty (see crates/engine/src/eval/weights.rs)"
    );
}
