//! European Chess: the evaluation counts a taken-over army for the seat
//! that commands it, and bots play legal games of both variants.

use tetrarch_engine::Eval;
use tetrarch_engine::search::{Limits, Searcher};
use tetrarch_rules::{Position, Variant};

fn pos(variant: &Variant, extras: &str, board: &str) -> Position<u64> {
    let text = format!("R-0,0,0,1-0,0,0,0-0,0,0,0-0,0,0,0-0-{{{extras}}}-{board}");
    Position::<u64>::from_fen(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_taken_over_army_counts_for_its_commander() {
    let v = Variant::builtin("european-ffa").unwrap();
    let eval = Eval::new(&v);
    // Green is out; blue commands green's rook and knight on h2 and h4.
    let with = pos(
        &v,
        "'commanders':('','','','b'),'turns':(2,2,2,2)",
        "bK,7/8/8/8/7,gN/8/7,gR/rK,6,yK",
    );
    let without = pos(
        &v,
        "'commanders':('','','','b'),'turns':(2,2,2,2)",
        "bK,7/8/8/8/8/8/8/rK,6,yK",
    );
    let (a, b) = (eval.seat_terms(&with), eval.seat_terms(&without));
    assert_eq!(
        a[3], 0,
        "an army that changed hands scores nothing for its old seat"
    );
    assert!(
        a[1] - b[1] > 700,
        "blue gains about a rook and a knight: {} -> {}",
        b[1],
        a[1]
    );
}

#[test]
fn bots_play_legal_games_of_both_variants() {
    for name in ["european-ffa", "european-teams"] {
        let v = Variant::builtin(name).unwrap();
        let mut p = Position::<u64>::start(&v);
        let mut s = Searcher::<Position<u64>>::new(&v, 4);
        let limits = Limits {
            nodes: Some(2_000),
            ..Limits::default()
        };
        for ply in 0..40 {
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
fn royal_pieces_beyond_a_players_last_count_as_pieces() {
    // Britain (red) with four ministers, then with one: only the last is
    // royal, so the other three are worth about three knights and kings.
    let v = Variant::builtin("european-ffa")
        .unwrap()
        .with_lineup("britain,default,default,default", &[])
        .unwrap();
    let eval = Eval::new(&v);
    let four = pos(
        &v,
        "'turns':(2,2,2,2)",
        "bK,7/8/8/8/8/8/8/rO,rO,rO,rO,2,yK,1",
    );
    let one = pos(&v, "'turns':(2,2,2,2)", "bK,7/8/8/8/8/8/8/rO,5,yK,1");
    let (a, b) = (eval.seat_terms(&four)[0], eval.seat_terms(&one)[0]);
    assert!(a - b > 1500, "three spare ministers: {b} -> {a}");
    // A single royal piece counts nothing, as a king.
    let two = pos(&v, "'turns':(2,2,2,2)", "bK,7/8/8/8/8/8/8/rO,rO,4,yK,1");
    assert!(eval.seat_terms(&two)[0] - b > 500);
    assert!(eval.seat_terms(&two)[0] - b < a - b);
}
