//! European Chess's named variants (King of the Hill, Checks, Capture the
//! Flag): bots play legal games of each, and a hill's points count.

use tetrarch_engine::Eval;
use tetrarch_engine::search::{Limits, Searcher};
use tetrarch_rules::{Position, Seat, Variant};

/// Every built-in named variant of European Chess.
fn named() -> Vec<&'static str> {
    tetrarch_rules::variant::builtin_names()
        .filter(|n| n.starts_with("european-") && !matches!(*n, "european-ffa" | "european-teams"))
        .collect()
}

#[test]
fn bots_play_legal_games_of_every_named_variant() {
    let names = named();
    assert!(names.len() >= 4, "{names:?}");
    for name in names {
        let v = Variant::builtin(name).unwrap();
        let mut p = Position::<u64>::start(&v);
        let mut s = Searcher::<Position<u64>>::new(&v, 4);
        let limits = Limits {
            nodes: Some(1_500),
            ..Limits::default()
        };
        for ply in 0..48 {
            if p.outcome().is_some() {
                break;
            }
            let r = s.search(&p, &[], &limits, &mut |_| {});
            let m = r
                .best
                .unwrap_or_else(|| panic!("{name}: no move at ply {ply}"));
            assert!(
                p.legal_moves().contains(&m),
                "{name}: illegal bot move at ply {ply}"
            );
            p = p.play(m).unwrap();
        }
    }
}

#[test]
fn a_hills_points_count_for_their_seat() {
    let v = Variant::builtin("european-koth").unwrap();
    let eval = Eval::new(&v);
    let text = |points: &str| {
        format!(
            "R-0,0,0,0-0,0,0,0-0,0,0,0-{points}-0-{{'turns':(2,2,2,2)}}-bK,6,yK/bP,6,yP/8/8/8/8/rP,6,gP/rK,6,gK"
        )
    };
    let a = Position::<u64>::from_fen(&v, &text("0,0,0,0")).unwrap();
    let b = Position::<u64>::from_fen(&v, &text("5,0,0,0")).unwrap();
    assert!(eval.seat_terms(&b)[0] > eval.seat_terms(&a)[0]);
    assert_eq!(eval.seat_terms(&b)[1], eval.seat_terms(&a)[1]);
    // A taken army still counts for its commander (not greyed out).
    let taken = "R-0,0,0,1-0,0,0,0-0,0,0,0-0,0,0,0-0-{'commanders':('','','','b'),'turns':(2,2,2,2)}-bK,6,yK/bP,6,yP/8/8/7,gN/8/rP,6,gR/rK,7";
    let t = Position::<u64>::from_fen(&v, taken).unwrap();
    assert!(eval.seat_terms(&t)[Seat(1).idx()] > eval.seat_terms(&a)[1] + 500);
}
