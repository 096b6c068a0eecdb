//! Evaluation weights as data: the built-in files load and fit their
//! variants, a weight changes the evaluation by what it says, weights given
//! to an engine reach its search (helper threads too), and a broken file is
//! a clear error that changes nothing.

use tetrarch_engine::eval::{Eval, Weights, WeightsError};
use tetrarch_engine::search::Limits;
use tetrarch_engine::{Engine, Settings};
use tetrarch_rules::{AnyGame, AnyVariant, Position, Variant};

#[test]
fn every_builtin_weights_file_reads_and_fits_its_variant() {
    // The build compiled in every file of the folder, and only those.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/variants/eval");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let built_in: Vec<&str> = Weights::builtin_names().collect();
    assert_eq!(built_in, on_disk);
    for name in Weights::builtin_names() {
        let variant = Variant::builtin(name)
            .unwrap_or_else(|e| panic!("weights file {name}.toml names no variant: {e}"));
        let w = Weights::builtin(name).expect("listed").unwrap();
        w.check(&variant).unwrap();
        assert_eq!(Weights::for_variant(&variant), w, "{name} plays its file");
    }
    let chess = Variant::builtin("fourway-teams").unwrap();
    if Weights::builtin("fourway-teams").is_none() {
        assert_eq!(Weights::for_variant(&chess), Weights::default());
    }
}

#[test]
fn a_weights_file_names_only_what_it_changes() {
    let w =
        Weights::from_toml("mobility = 4\nvalues = { n = 350 }\ndoubled = [-20, -30]\n").unwrap();
    let d = Weights::default();
    assert_eq!(w.mobility, 4);
    assert_eq!(w.doubled, [-20, -30]);
    assert_eq!(w.values.get("n"), Some(&350));
    assert_eq!((w.pawn_advance, w.pair), (d.pawn_advance, d.pair));
    assert_eq!(
        Weights::from_toml(&w.to_toml().unwrap()).unwrap(),
        w,
        "round trip"
    );
}

#[test]
fn a_pawn_value_moves_a_pawn_ending_by_exactly_its_change() {
    // No pieces but kings and pawns: the phase is the endgame's whatever
    // the values, so one extra pawn is worth exactly the pawn's value.
    let v = Variant::builtin("chess").unwrap();
    let fen = "8/8/4k3/8/8/2P5/3K1P2/8 w - - 0 1";
    let pos = Position::<u64>::from_fen(&v, fen).unwrap();
    let base = Eval::with_weights(&v, &Weights::default()).evaluate(&pos);
    let dear = Weights::from_toml("values = { p = 130 }").unwrap();
    let dearer = Eval::with_weights(&v, &dear).evaluate(&pos);
    assert_eq!(dearer - base, 2 * 30, "white has two pawns, black none");
}

#[test]
fn a_piece_value_and_a_term_weight_change_the_evaluation() {
    let v = Variant::builtin("chess").unwrap();
    // White is a knight up.
    let fen = "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1";
    let pos = Position::<u64>::from_fen(&v, fen).unwrap();
    let score = |text: &str| {
        let w = Weights::from_toml(text).unwrap();
        w.check(&v).unwrap();
        Eval::with_weights(&v, &w).evaluate(&pos)
    };
    let base = score("");
    assert!(score("values = { n = 600 }") > base + 200);
    assert!(
        score("mobility = 10") > base,
        "the knight's mobility counts more"
    );
}

/// White's knight can take an undefended queen on d6 or an undefended rook
/// on g5, neither defending the other.
fn queen_or_rook(weights: Option<&str>, threads: usize) -> String {
    let variant = AnyVariant::builtin("chess").unwrap();
    let game = AnyGame::from_position(&variant, Some("7k/8/3q4/6r1/4N3/8/8/K7 w - - 0 1")).unwrap();
    let mut engine = Engine::new(&variant, 4);
    engine.configure(Settings {
        threads,
        ..Settings::default()
    });
    if let Some(text) = weights {
        engine
            .use_weights(&Weights::from_toml(text).unwrap())
            .unwrap();
    }
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let found = engine.search(&game, &limits, &mut |_| {}).unwrap();
    found.best.unwrap()
}

#[test]
fn weights_given_to_an_engine_reach_its_search_and_its_helpers() {
    assert_eq!(queen_or_rook(None, 1), "e4d6");
    let cheap_queen = Some("values = { q = 50, r = 900 }");
    assert_eq!(queen_or_rook(cheap_queen, 1), "e4g5");
    assert_eq!(
        queen_or_rook(cheap_queen, 2),
        "e4g5",
        "with a helper thread"
    );
}

#[test]
fn broken_weights_are_clear_errors() {
    let chess = Variant::builtin("chess").unwrap();
    let syntax = Weights::from_toml("mobility = ").unwrap_err();
    assert!(matches!(syntax, WeightsError::Syntax(_)), "{syntax}");
    let unknown = Weights::from_toml("mobilty = 3").unwrap_err().to_string();
    assert!(unknown.contains("mobilty"), "{unknown}");
    let typed = Weights::from_toml("doubled = 3").unwrap_err().to_string();
    assert!(typed.contains("doubled"), "{typed}");
    let range = Weights::from_toml("pair = [25, 99999]").unwrap_err();
    assert_eq!(
        range.to_string(),
        "weight pair.1 = 99999 is out of range (-10000 to 10000)"
    );
    assert_eq!(
        Weights::from_toml("hand_bonus_pct = -13")
            .unwrap()
            .hand_bonus_pct,
        -13
    );
    let worthless = Weights::from_toml("hand_bonus_pct = -101").unwrap_err();
    assert!(
        worthless.to_string().contains("-100 to 1000 percent"),
        "{worthless}"
    );
    let negative = Weights::from_toml("values = { n = -5 }").unwrap_err();
    assert!(negative.to_string().contains("values.n"), "{negative}");
    let letter = Weights::from_toml("values = { z = 300 }").unwrap();
    assert_eq!(
        letter.check(&chess).unwrap_err().to_string(),
        "weights give a value to piece 'z', which variant chess does not have"
    );
    let missing = Weights::read(std::path::Path::new("/no/such/weights.toml"), &chess);
    assert!(matches!(missing, Err(WeightsError::Read { .. })));
}

#[test]
fn an_engine_refuses_weights_that_do_not_fit_and_plays_on_unchanged() {
    let chess = AnyVariant::builtin("chess").unwrap();
    let mut engine = Engine::new(&chess, 4);
    let bad = Weights::from_toml("values = { z = 300 }").unwrap();
    assert!(matches!(
        engine.use_weights(&bad),
        Err(WeightsError::UnknownPiece { .. })
    ));
    let draughts = AnyVariant::builtin("english-draughts").unwrap();
    let mut checkers = Engine::new(&draughts, 4);
    assert!(matches!(
        checkers.use_weights(&Weights::default()),
        Err(WeightsError::NotTunable(_))
    ));
    let game = AnyGame::new(&chess);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let found = engine.search(&game, &limits, &mut |_| {}).unwrap();
    assert!(found.best.is_some());
}
